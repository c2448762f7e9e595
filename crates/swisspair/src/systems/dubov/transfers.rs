//! 7.1 and 7.2: players transferred up from a lower score group to the score group being paired.

use super::context::Context;
use super::journal::{Journal, TransferRecord};
use super::oracle::Oracle;
use super::order::transfer_order;
use crate::error::Result;
use crate::tournament::Colour;

/// The unpaired players of the score groups below `g` who fit and whom 2.5 allows to be transferred, in
/// the order of [`transfer_order`] for the colour `wanted`. 2.5 is absolute for a transfer ("a player
/// cannot be transferred"): a barred player is never offered. When that leaves a group odd, 6.4 floats a
/// player down instead, who may then meet the barred player under 8.2 — that is no transfer.
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
        .flat_map(|group| oracle.unpaired(group))
        .filter(|&t| ctx.entrant(t).may_transfer && fits(t))
        .collect();
    transfer_order(ctx, &mut list, wanted);
    list
}

/// The players below `g` who fit but whom 2.5 bars from a transfer (for the journal only).
fn barred_below(
    ctx: &Context<'_>,
    oracle: &Oracle<'_, '_>,
    g: usize,
    fits: impl Fn(usize) -> bool,
) -> Vec<usize> {
    ctx.groups
        .iter()
        .skip(g + 1)
        .flat_map(|group| oracle.unpaired(group))
        .filter(|&t| !ctx.entrant(t).may_transfer && fits(t))
        .collect()
}

/// 7.1: a resident who may be paired with no other unpaired resident gets an opponent transferred from
/// the next possible lower score group: one he may play, if possible due the opposite colour, the highest
/// R, the lowest ARO. Islands are taken in the order of their starting numbers; the transferred player
/// is paired with the island at once. Returns the players transferred.
pub fn pair_islands(
    ctx: &Context<'_>,
    oracle: &mut Oracle<'_, '_>,
    g: usize,
    residents: &[usize],
    pairs: &mut Vec<(usize, usize)>,
    journal: &mut Journal,
) -> Result<Vec<usize>> {
    let mut transferred = Vec::new();
    // An island may meet none of the others, so pairing one leaves the others islands still.
    for p in ctx.islands(&oracle.unpaired(residents)) {
        let wanted = ctx.entrant(p).side().map(Colour::opposite);
        let candidates = candidates_below(ctx, oracle, g, wanted, |t| ctx.pairable(p, t));
        let mut record = journal.is_on().then(|| TransferRecord {
            island: Some(p),
            wanted,
            barred: barred_below(ctx, oracle, g, |t| ctx.pairable(p, t)),
            ..TransferRecord::default()
        });
        for (i, &t) in candidates.iter().enumerate() {
            if oracle.try_transfer_pair(p, t)? {
                pairs.push((p, t));
                transferred.push(t);
                if let Some(record) = record.as_mut() {
                    record.transferred = Some(t);
                }
                break;
            }
            if let Some(record) = record.as_mut() {
                record.refused.push(t);
            }
            if i == 0 && !oracle.some_transfer_helps(&candidates)? {
                break;
            }
        }
        if let (Some(record), Some(group)) = (record, journal.group()) {
            group.islands.push(record);
        }
    }
    Ok(transferred)
}

/// 7.2: an odd group gets a player transferred from the next possible lower score group: one who may
/// play at least one of its unpaired players, if possible due the colour opposite to the group's
/// dominating colour (a choice: counted over its players not yet paired, those the transfer is for),
/// the highest R, the lowest ARO. Only a transfer that lets one more player of the group be paired in
/// it is made (a choice: 6.4's aim, "to pair all players within a score group", before 7.2's list taken
/// alone — chapter 7 transfers "to meet the requirement of Chapter 6", which a transfer that pairs no
/// more of the group does not do, and article 9 leaves what the list alone does not resolve to the
/// arbiter's wisdom); a candidate who fits the list's words but not that aim is passed over.
pub fn odd_group(
    ctx: &Context<'_>,
    oracle: &mut Oracle<'_, '_>,
    g: usize,
    open: &[usize],
    journal: &mut Journal,
) -> Result<Option<usize>> {
    let wanted = ctx.dominating_colour(open).map(Colour::opposite);
    let fits = |t: usize| open.iter().any(|&u| ctx.pairable(t, u));
    let candidates = candidates_below(ctx, oracle, g, wanted, fits);
    let mut record = journal.is_on().then(|| TransferRecord {
        wanted,
        barred: barred_below(ctx, oracle, g, fits),
        ..TransferRecord::default()
    });
    let mut chosen = None;
    for (i, &t) in candidates.iter().enumerate() {
        if oracle.try_transfer(t, open)? {
            chosen = Some(t);
            break;
        }
        if let Some(record) = record.as_mut() {
            record.refused.push(t);
        }
        if i == 0 && !oracle.some_transfer_helps(&candidates)? {
            break;
        }
    }
    if let (Some(mut record), Some(group)) = (record, journal.group()) {
        record.transferred = chosen;
        group.odd = Some(record);
    }
    Ok(chosen)
}
