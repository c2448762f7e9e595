//! 1.1, 7.1: the pairing-allocated bye.

use super::completion::Completion;
use super::Context;
use crate::error::{Error, Result};
use std::cmp::Reverse;

/// 1.1: with an odd number of players, the bye goes to the player with the lowest rank in the lowest
/// score group (7.1: in round 1, the last of the pairing list) who may receive it (C.04.1: not twice, not
/// after a forfeit win) and whose absence leaves players who can all be paired; failing that, the next
/// one up.
pub fn allocate(
    ctx: &Context<'_>,
    players: &[usize],
    completion: &mut Completion,
) -> Result<Option<usize>> {
    let odd = players.len() % 2 == 1;
    if !odd {
        return Ok(None);
    }
    let mut order: Vec<usize> = players
        .iter()
        .copied()
        .filter(|&p| ctx.player(p).bye_eligible())
        .collect();
    order.sort_by_key(|&p| (ctx.score(p), Reverse(ctx.pairing_number(p))));
    for p in order {
        if completion.try_bye(p)? {
            return Ok(Some(p));
        }
    }
    Err(Error::NoValidPairing(
        "no player who may receive the pairing-allocated bye leaves a round that can be paired"
            .into(),
    ))
}
