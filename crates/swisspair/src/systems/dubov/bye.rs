//! Chapter 4: the pairing-allocated bye when the number of players is odd.

use super::context::Context;
use super::journal::{ByeRecord, Journal};
use super::oracle::Oracle;
use crate::error::{Error, Result};
use crate::sorting::sort_by_key;
use std::cmp::Reverse;

/// Chooses the bye before the pairing (chapter 4 comes before the procedure): "the player from the lowest
/// score group, who has the lowest R"; among equal R, one due the dominating colour of the group (the
/// colour most of the group is due), then the higher ARO, then alphabetically (the text stops at ARO).
/// 2.2 excludes players who received a point without playing; when nobody in the lowest group may have
/// the bye, or giving it there would leave the round impossible to complete, the next higher group is
/// taken.
pub fn choose(
    ctx: &Context<'_>,
    oracle: &mut Oracle<'_, '_>,
    journal: &mut Journal,
) -> Result<Option<usize>> {
    let Some(bye) = oracle.bye_vertex() else {
        return Ok(None);
    };
    let mut record = ByeRecord::default();
    for (g, group) in ctx.groups.iter().enumerate().rev() {
        let dominating = ctx.dominating_colour(group);
        let mut candidates: Vec<usize> = group
            .iter()
            .copied()
            .filter(|&v| ctx.entrant(v).bye_allowed)
            .collect();
        sort_by_key(&mut candidates, |&v| {
            let e = ctx.entrant(v);
            (
                e.rating,
                dominating.is_some() && e.side() != dominating,
                Reverse(e.aro),
                e.alphabetical(),
            )
        });
        if journal.is_on() {
            let barred = group.iter().filter(|&&v| !ctx.entrant(v).bye_allowed);
            record.barred.extend(barred);
            record.refused.clear();
        }
        for v in candidates {
            if oracle.pair(&[(v, bye)])? {
                if journal.is_on() {
                    record.chosen = v;
                    record.group = g;
                    record.dominating = dominating;
                    journal.bye = Some(record);
                }
                return Ok(Some(v));
            }
            if journal.is_on() {
                record.refused.push(v);
            }
        }
        if journal.is_on() {
            record.skipped_groups.push(g);
        }
    }
    Err(Error::Internal(
        "no player can take the bye although the round can be completed".into(),
    ))
}
