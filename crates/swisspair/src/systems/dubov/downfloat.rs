//! 6.4: the players of a score group that cannot all be paired within it float to the next lower score
//! group.

use super::context::Context;
use super::journal::{FloatRecord, Journal};
use super::oracle::Oracle;
use crate::error::{Error, Result};
use crate::sorting::sort_by_key;
use std::cmp::Reverse;

/// 6.4: the players of `open` (the group's unpaired residents) that cannot all be paired in the group
/// float down. Preference: not a floater before and pairable in the lower group; not a floater before;
/// a floater before and pairable in the lower group; the rest. "Was floater from higher score groups":
/// floated down by 6.4 in an earlier round ([`super::history`]); "can be paired in the lower score
/// group": may meet one of the unpaired players of the next lower group that has any. Within a category
/// (a choice) the lowest R first, as for the bye (4), then the higher ARO, then alphabetically.
///
/// "The lower score group" is the one the floaters go to, as chapter 7's transfers have left it: 6.4
/// comes after them (chapter 7 transfers players "to meet the requirement of chapter 6", so chapter 6's
/// floaters are those the group still cannot pair once they are made). `transferred` are the players
/// 7.1 and 7.2 have transferred up to this group: they are no longer in their own. When that leaves the
/// next lower group empty, the floaters go to the one after it.
pub fn choose(
    ctx: &Context<'_>,
    oracle: &mut Oracle<'_, '_>,
    g: usize,
    open: &[usize],
    transferred: &[usize],
    journal: &mut Journal,
) -> Result<Vec<usize>> {
    let mut needed = oracle.unpaired_in_group(open);
    if needed == 0 {
        return Ok(Vec::new());
    }
    // 6.4, after 7.1/7.2: the lower score group the floaters will go to.
    let below: Vec<usize> = ctx
        .groups
        .iter()
        .skip(g + 1)
        .map(|group| {
            let mut left = oracle.unpaired(group);
            left.retain(|v| !transferred.contains(v));
            left
        })
        .find(|group| !group.is_empty())
        .unwrap_or_default();
    let mut candidates = open.to_vec();
    sort_by_key(&mut candidates, |&v| {
        let e = ctx.entrant(v);
        let can_pair_below = below.iter().any(|&u| ctx.pairable(v, u));
        (
            e.was_floater,
            !can_pair_below,
            e.rating,
            Reverse(e.aro),
            e.alphabetical(),
        )
    });
    let mut chosen = Vec::new();
    for v in candidates {
        if needed == 0 {
            break;
        }
        if !oracle.try_float(v)? {
            if let Some(group) = journal.group() {
                group.not_floated.push(v);
            }
            continue;
        }
        if let Some(group) = journal.group() {
            group.floated.push(FloatRecord {
                player: v,
                was_floater: ctx.entrant(v).was_floater,
                can_pair_below: below.iter().any(|&u| ctx.pairable(v, u)),
            });
        }
        chosen.push(v);
        let rest: Vec<usize> = open
            .iter()
            .copied()
            .filter(|u| !chosen.contains(u))
            .collect();
        needed = oracle.unpaired_in_group(&rest);
    }
    if needed > 0 {
        return Err(Error::Internal(
            "6.4: fewer floaters found than the group leaves unpaired".into(),
        ));
    }
    Ok(chosen)
}
