//! 6.4 (which players float down) and chapter 8 (pairing the floaters).

use super::group::unpaired;
use super::standard::{black_order, white_order};
use super::{Context, Oracle};
use crate::error::{Error, Result};
use crate::tournament::Colour;
use std::cmp::Reverse;

/// 8.1: the floaters due white in the order of 6.2's whites, those due black in the order of 6.2's
/// blacks, taken alternately from the highest "white" one. Floaters without a due colour are ranked
/// with the whites (a choice: 8.1 knows only the two lists).
pub fn floater_order(ctx: &Context<'_>, floaters: &[usize]) -> Vec<usize> {
    let (mut whites, mut blacks): (Vec<usize>, Vec<usize>) = floaters
        .iter()
        .partition(|&&v| ctx.entrant(v).side() != Some(Colour::Black));
    white_order(ctx, &mut whites);
    black_order(ctx, &mut blacks);
    let mut order = Vec::with_capacity(floaters.len());
    let (mut w, mut b) = (whites.into_iter(), blacks.into_iter());
    loop {
        match (w.next(), b.next()) {
            (None, None) => break,
            (x, y) => order.extend(x.into_iter().chain(y)),
        }
    }
    order
}

/// 8.2 (also 7.1, 7.2): the order in which candidates are taken: if possible the colour `wanted`, then
/// the highest R, then the lowest ARO, then alphabetically.
pub fn by_colour_rating_aro(ctx: &Context<'_>, candidates: &mut [usize], wanted: Option<Colour>) {
    candidates.sort_by_key(|&v| {
        let e = ctx.entrant(v);
        (
            wanted.is_some() && e.side() != wanted,
            Reverse(e.rating),
            e.aro,
            e.alphabetical(),
        )
    });
}

/// Chapter 8: each floater in the order of 8.1 is paired with the first resident of the group, in the
/// order of 8.2 (opposite due colour if possible, highest R, lowest ARO), that he may play. Returns the
/// floaters who found nobody: they go on down.
pub fn pair_floaters(
    ctx: &Context<'_>,
    oracle: &mut Oracle<'_, '_>,
    floaters: &[usize],
    residents: &[usize],
    pairs: &mut Vec<(usize, usize)>,
) -> Result<Vec<usize>> {
    let mut passed = Vec::new();
    for f in floater_order(ctx, floaters) {
        if pair_with_first(ctx, oracle, f, &unpaired(oracle, residents), pairs)? {
            continue;
        }
        oracle.pass_floater(f)?;
        passed.push(f);
    }
    Ok(passed)
}

/// Pairs `f` with the first of `candidates` in the order of 8.2 that the limitations and the rest of the
/// round allow.
fn pair_with_first(
    ctx: &Context<'_>,
    oracle: &mut Oracle<'_, '_>,
    f: usize,
    candidates: &[usize],
    pairs: &mut Vec<(usize, usize)>,
) -> Result<bool> {
    let mut candidates: Vec<usize> = candidates
        .iter()
        .copied()
        .filter(|&r| ctx.pairable(f, r).is_some())
        .collect();
    by_colour_rating_aro(
        ctx,
        &mut candidates,
        ctx.entrant(f).side().map(Colour::opposite),
    );
    // 2.5 first: an opponent who may not be transferred up again comes last.
    candidates.sort_by_key(|&r| ctx.pairable(f, r).is_some_and(|l| l.breaks_2_5));
    for r in candidates {
        if oracle.pair(&[(f, r)])? {
            pairs.push((f, r));
            return Ok(true);
        }
    }
    Ok(false)
}

/// 6.4: the players of `open` (the group's unpaired residents) that cannot all be paired in the group
/// float down. Preference: not a floater before and pairable in the lower group; not a floater before;
/// a floater before and pairable in the lower group; the rest. Within a category (a choice) the lowest
/// R first, as for the bye (4), then the higher ARO, then alphabetically.
pub fn choose_downfloaters(
    ctx: &Context<'_>,
    oracle: &mut Oracle<'_, '_>,
    g: usize,
    open: &[usize],
) -> Result<Vec<usize>> {
    let mut needed = oracle.unpaired_in_group(open);
    if needed == 0 {
        return Ok(Vec::new());
    }
    let below: Vec<usize> = ctx
        .groups
        .iter()
        .skip(g + 1)
        .map(|group| unpaired(oracle, group))
        .find(|group| !group.is_empty())
        .unwrap_or_default();
    let mut candidates = open.to_vec();
    candidates.sort_by_key(|&v| {
        let e = ctx.entrant(v);
        let can_pair_below = below.iter().any(|&u| ctx.pairable(v, u).is_some());
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
        if oracle.try_float(v)? {
            chosen.push(v);
            let rest: Vec<usize> = open
                .iter()
                .copied()
                .filter(|u| !chosen.contains(u))
                .collect();
            needed = oracle.unpaired_in_group(&rest);
        }
    }
    if needed > 0 {
        return Err(Error::Internal(
            "6.4: fewer floaters found than the group leaves unpaired".into(),
        ));
    }
    Ok(chosen)
}

/// The floaters left after the last score group are paired with each other: each in the order of 8.1
/// with the first other in the order of 8.2.
pub fn pair_leftovers(
    ctx: &Context<'_>,
    oracle: &mut Oracle<'_, '_>,
    floaters: &[usize],
    pairs: &mut Vec<(usize, usize)>,
) -> Result<()> {
    let floaters = unpaired(oracle, floaters);
    oracle.start_group(&[], &[])?;
    for f in floater_order(ctx, &floaters) {
        if !oracle.is_unpaired(f) {
            continue;
        }
        let others: Vec<usize> = unpaired(oracle, &floaters)
            .into_iter()
            .filter(|&v| v != f)
            .collect();
        if !pair_with_first(ctx, oracle, f, &others, pairs)? {
            return Err(Error::Internal(
                "a floater found no opponent although the round can be completed".into(),
            ));
        }
    }
    Ok(())
}
