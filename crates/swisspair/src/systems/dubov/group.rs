//! One score group, in the order of the text: floaters from above (8), transfers up (7.1, 7.2), floaters
//! down (6.4), colour subgroups (7.3, 7.4) and the standard procedure (6.2, 6.3).

use super::{floaters, standard, transfers, Context, Oracle};
use crate::error::Result;

/// Pairs score group `g` with the floaters `incoming` from above; returns the floaters for the next
/// group.
pub fn pair_group(
    ctx: &Context<'_>,
    oracle: &mut Oracle<'_, '_>,
    g: usize,
    incoming: Vec<usize>,
    pairs: &mut Vec<(usize, usize)>,
) -> Result<Vec<usize>> {
    let residents: Vec<usize> = ctx
        .groups
        .get(g)
        .map(|group| unpaired(oracle, group))
        .unwrap_or_default();
    let incoming = unpaired(oracle, &incoming);
    if residents.is_empty() {
        // Every resident was transferred up: the floaters go on down.
        return Ok(incoming);
    }
    oracle.start_group(&residents, &incoming)?;
    // Chapter 8: the floaters first.
    let mut next = floaters::pair_floaters(ctx, oracle, &incoming, &residents, pairs)?;
    // 7.1: players without a possible opponent in the group.
    transfers::islands(ctx, oracle, g, &residents, pairs)?;
    // 7.2: an odd group.
    let mut open = unpaired(oracle, &residents);
    let transferred = if open.len() % 2 == 1 {
        transfers::odd_group(ctx, oracle, g, &open)?
    } else {
        None
    };
    // 6.4: those who still cannot be paired in the group float down.
    let down = floaters::choose_downfloaters(ctx, oracle, g, &open)?;
    open.retain(|v| !down.contains(v));
    open.extend(transferred);
    // 7.3, 7.4, 6.2, 6.3.
    standard::pair(ctx, oracle, &open, pairs)?;
    next.extend(down);
    Ok(next)
}

/// The players of `list` not yet paired.
pub fn unpaired(oracle: &Oracle<'_, '_>, list: &[usize]) -> Vec<usize> {
    list.iter()
        .copied()
        .filter(|&v| oracle.is_unpaired(v))
        .collect()
}
