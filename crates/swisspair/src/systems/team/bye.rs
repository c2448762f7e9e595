//! C.04.6 3.4: the pairing-allocated bye, assigned before any bracket is paired.

use std::cmp::Reverse;

use super::completion::pairable;
use super::context::Context;
use crate::error::{Error, Result};

/// The PAB as 3.4 assigned it: the team, and the teams passed over on the way.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ByeChoice {
    /// The team that receives the PAB (`None` when the teams to pair are even).
    pub team: Option<usize>,
    /// The teams C2 bars from it.
    pub barred: Vec<usize>,
    /// The candidates before it in 3.4's order that would leave the others no legal pairing (3.4.1).
    pub passed_over: Vec<usize>,
    /// The candidates (C2 allowed) in 3.4's order.
    pub candidates: Vec<usize>,
}

/// The team that receives the PAB when `unpaired` is odd.
pub fn assign(ctx: &Context, unpaired: &[usize]) -> Result<ByeChoice> {
    if unpaired.len().is_multiple_of(2) {
        return Ok(ByeChoice::default());
    }
    // 2.1.2 (C2): not after a PAB, a match won by forfeit or a full-point bye.
    let (mut candidates, barred): (Vec<usize>, Vec<usize>) = unpaired
        .iter()
        .partition(|&&a| ctx.standings.get(a).is_some_and(|s| s.may_get_bye));
    // 3.4.2 the lowest score, 3.4.3 the most matches played, 3.4.4 the largest TPN.
    candidates.sort_by_key(|&a| {
        let played = ctx.standings.get(a).map_or(0, |s| s.matches_played);
        (ctx.score(a), Reverse(played), Reverse(a))
    });
    let mut passed_over = Vec::new();
    for &a in &candidates {
        // 3.4.1: it leaves a legal pairing for all the other teams.
        let rest: Vec<usize> = unpaired.iter().copied().filter(|&x| x != a).collect();
        if pairable(ctx, &rest) {
            return Ok(ByeChoice {
                team: Some(a),
                barred,
                passed_over,
                candidates,
            });
        }
        passed_over.push(a);
    }
    Err(Error::NoValidPairing(
        "no team can receive the pairing-allocated bye and leave the others a legal pairing (3.4.1, C2)"
            .into(),
    ))
}
