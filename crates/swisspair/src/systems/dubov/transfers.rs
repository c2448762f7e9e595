//! 7.1 and 7.2: players transferred up from a lower score group.

use super::floaters::by_colour_rating_aro;
use super::group::unpaired;
use super::{Context, Oracle};
use crate::error::Result;
use crate::tournament::Colour;

/// The unpaired players of the score groups below `g` who fit, nearest group first ("the next possible
/// lower score group"), each group in the order of 7.1/7.2 for the colour `wanted`. Players whom 2.5
/// forbids another upfloat come after all others (they can only be taken when the round cannot be
/// completed otherwise).
fn candidates_below(
    ctx: &Context<'_>,
    oracle: &Oracle<'_, '_>,
    g: usize,
    wanted: Option<Colour>,
    fits: impl Fn(usize) -> bool,
) -> Vec<usize> {
    let mut list: Vec<usize> = ctx
        .groups
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
        .collect();
    list.sort_by_key(|&t| !ctx.entrant(t).may_upfloat);
    list
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
        if !oracle.is_unpaired(p) {
            continue;
        }
        let has_opponent = unpaired(oracle, residents)
            .iter()
            .any(|&r| ctx.pairable(p, r).is_some());
        if has_opponent {
            continue;
        }
        let wanted = ctx.entrant(p).side().map(Colour::opposite);
        let candidates = candidates_below(ctx, oracle, g, wanted, |t| ctx.pairable(p, t).is_some());
        for (i, &t) in candidates.iter().enumerate() {
            if oracle.try_transfer_pair(p, t)? {
                pairs.push((p, t));
                break;
            }
            if i == 0 && !oracle.some_transfer_helps(&candidates)? {
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
    let candidates = candidates_below(ctx, oracle, g, wanted, fits);
    for (i, &t) in candidates.iter().enumerate() {
        if oracle.try_transfer(t, open)? {
            return Ok(Some(t));
        }
        if i == 0 && !oracle.some_transfer_helps(&candidates)? {
            break;
        }
    }
    Ok(None)
}
