//! Chapter 8: pairing the floaters that came down from higher score groups (6.4).

use super::context::Context;
use super::journal::{FloaterRecord, Journal};
use super::oracle::Oracle;
use super::order::{by_colour_rating_aro, floater_order};
use crate::error::{Error, Result};
use crate::tournament::Colour;

/// Chapter 8: each floater in the order of 8.1 is paired with the first resident of the group, in the
/// order of 8.2 (opposite due colour if possible, highest R, lowest ARO), that he may play. Returns the
/// floaters who found nobody: they go on down (a choice: 6.4 sends them to "the next lower score group";
/// where it holds nobody they may play, the next one after it).
///
/// A resident paired here is not transferred to a higher score group (2.5): the floater came down to
/// his group.
pub fn pair_floaters(
    ctx: &Context<'_>,
    oracle: &mut Oracle<'_, '_>,
    floaters: &[usize],
    residents: &[usize],
    pairs: &mut Vec<(usize, usize)>,
    journal: &mut Journal,
) -> Result<Vec<usize>> {
    let mut passed = Vec::new();
    for f in floater_order(ctx, floaters) {
        let mut record = journal.is_on().then(|| FloaterRecord {
            floater: f,
            ..FloaterRecord::default()
        });
        let found = pair_with_first(
            ctx,
            oracle,
            f,
            &oracle.unpaired(residents),
            pairs,
            record.as_mut(),
        )?;
        if let (Some(record), Some(group)) = (record, journal.group()) {
            group.floaters.push(record);
        }
        if found {
            continue;
        }
        oracle.pass_floater(f)?;
        passed.push(f);
    }
    Ok(passed)
}

/// 8.2: pairs `f` with the first of `candidates` in the order of 8.2 that the limitations and the rest of
/// the round allow.
fn pair_with_first(
    ctx: &Context<'_>,
    oracle: &mut Oracle<'_, '_>,
    f: usize,
    candidates: &[usize],
    pairs: &mut Vec<(usize, usize)>,
    mut record: Option<&mut FloaterRecord>,
) -> Result<bool> {
    let mut candidates: Vec<usize> = candidates
        .iter()
        .copied()
        .filter(|&r| ctx.pairable(f, r))
        .collect();
    by_colour_rating_aro(
        ctx,
        &mut candidates,
        ctx.entrant(f).side().map(Colour::opposite),
    );
    for r in candidates {
        if oracle.pair(&[(f, r)])? {
            pairs.push((f, r));
            if let Some(record) = record {
                record.opponent = Some(r);
            }
            return Ok(true);
        }
        if let Some(record) = record.as_deref_mut() {
            record.refused.push(r);
        }
    }
    Ok(false)
}

/// The floaters left after the last score group are paired with each other: each in the order of 8.1
/// with the first other in the order of 8.2.
pub fn pair_leftovers(
    ctx: &Context<'_>,
    oracle: &mut Oracle<'_, '_>,
    floaters: &[usize],
    pairs: &mut Vec<(usize, usize)>,
    journal: &mut Journal,
) -> Result<()> {
    let floaters = oracle.unpaired(floaters);
    oracle.start_group(&[])?;
    for f in floater_order(ctx, &floaters) {
        if !oracle.is_unpaired(f) {
            continue;
        }
        let others: Vec<usize> = oracle
            .unpaired(&floaters)
            .into_iter()
            .filter(|&v| v != f)
            .collect();
        let mut record = journal.is_on().then(|| FloaterRecord {
            floater: f,
            ..FloaterRecord::default()
        });
        if !pair_with_first(ctx, oracle, f, &others, pairs, record.as_mut())? {
            return Err(Error::Internal(
                "a floater found no opponent although the round can be completed".into(),
            ));
        }
        journal.leftovers.extend(record);
    }
    Ok(())
}
