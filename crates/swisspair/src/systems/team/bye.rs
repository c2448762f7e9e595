//! C.04.6 3.4: the pairing-allocated bye, assigned before any bracket is paired.

use std::cmp::Reverse;

use super::completion::pairable;
use super::context::Context;
use crate::error::{Error, Result};

/// The team that receives the PAB when `unpaired` is odd.
pub fn assign(ctx: &Context, unpaired: &[usize]) -> Result<Option<usize>> {
    if unpaired.len().is_multiple_of(2) {
        return Ok(None);
    }
    let mut candidates: Vec<usize> = unpaired
        .iter()
        .copied()
        // 2.1.2 (C2): not after a PAB, a match won by forfeit or a full-point bye.
        .filter(|&a| ctx.standings.get(a).is_some_and(|s| s.may_get_bye))
        .collect();
    // 3.4.2 the lowest score, 3.4.3 the most matches played, 3.4.4 the largest TPN.
    candidates.sort_by_key(|&a| {
        let played = ctx.standings.get(a).map_or(0, |s| s.matches_played);
        (ctx.score(a), Reverse(played), Reverse(a))
    });
    for a in candidates {
        // 3.4.1: it leaves a legal pairing for all the other teams.
        let rest: Vec<usize> = unpaired.iter().copied().filter(|&x| x != a).collect();
        if pairable(ctx, &rest) {
            return Ok(Some(a));
        }
    }
    Err(Error::NoValidPairing(
        "no team can receive the pairing-allocated bye and leave the others a legal pairing (3.4.1, C2)"
            .into(),
    ))
}
