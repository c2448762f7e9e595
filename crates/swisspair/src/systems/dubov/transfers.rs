//! 7.1 and 7.2: players transferred up from a lower score group.

use super::floaters::by_colour_rating_aro;
use super::group::unpaired;
use super::{Context, Oracle};
use crate::error::Result;
use crate::tournament::Colour;

/// The unpaired players of the score groups below `g`, nearest group first, each group filtered by
/// `fits` and put in the order of 7.1/7.2 for the colour `wanted`.
fn candidates_below(
    ctx: &Context<'_>,
    oracle: &Oracle<'_, '_>,
    g: usize,
    wanted: Option<Colour>,
    fits: impl Fn(usize) -> bool,
) -> Vec<usize> {
    ctx.groups
        .iter()
        .skip(g + 1)
        .flat_map(|group| {
            let mut list: Vec<usize> = unpaired(oracle, group)
                .into_iter()
                .filter(|&t| fits(t))
                .collect();
            by_colour_rating_aro(ctx, &mut list, wanted);
            list
        })
        .collect()
}

/// 7.1: a resident who may be paired with no other unpaired resident gets an opponent transferred from
/// the next possible lower score group: one he may play, if possible due the opposite colour, the highest
/// R, the lowest ARO. Islands are taken in the order of their starting numbers; the transferred player
/// is paired with the island at once.
pub fn islands(
    ctx: &Context<'_>,
    oracle: &mut Oracle<'_, '_>,
    g: usize,
    residents: &[usize],
    pairs: &mut Vec<(usize, usize)>,
) -> Result<()> {
    let mut order = residents.to_vec();
    order.sort_by_key(|&v| ctx.entrant(v).start_number);
    for p in order {
        let has_opponent = unpaired(oracle, residents)
            .iter()
            .any(|&r| ctx.pairable(p, r).is_some());
        if !oracle.is_unpaired(p) || has_opponent {
            continue;
        }
        let wanted = ctx.entrant(p).side().map(Colour::opposite);
        for t in candidates_below(ctx, oracle, g, wanted, |t| ctx.pairable(p, t).is_some()) {
            if oracle.try_transfer_pair(p, t)? {
                pairs.push((p, t));
                break;
            }
        }
    }
    Ok(())
}

/// 7.2: an odd group gets a player transferred from the next possible lower score group: one who may
/// play at least one of its unpaired players, if possible due the colour opposite to the group's
/// dominating colour, the highest R, the lowest ARO. Only a transfer that lets one more player of the
/// group be paired in it is made.
pub fn odd_group(
    ctx: &Context<'_>,
    oracle: &mut Oracle<'_, '_>,
    g: usize,
    open: &[usize],
) -> Result<Option<usize>> {
    let wanted = ctx.dominating_colour(open).map(Colour::opposite);
    let fits = |t: usize| open.iter().any(|&u| ctx.pairable(t, u).is_some());
    for t in candidates_below(ctx, oracle, g, wanted, fits) {
        if oracle.try_transfer(t, open)? {
            return Ok(Some(t));
        }
    }
    Ok(None)
}
