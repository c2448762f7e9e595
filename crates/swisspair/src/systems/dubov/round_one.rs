//! Chapter 5: the first round.

use crate::error::Result;
use crate::pairing::{Game, Pairing};
use crate::state::RoundState;
use crate::systems::dutch;
use crate::tournament::Tournament;

/// The players in the initial order (starting numbers), the last one receiving the bye when they are odd
/// in number; the upper half plays the lower half board by board, the first board's top player gets the
/// initial colour (the lot, XXC) and the colours alternate from board to board.
///
/// The text adds that this "leads to identical results as the procedures used within the other FIDE
/// Swiss Systems". Where chapter 5 is silent — players who start with different (virtual) scores, a
/// forbidden pair (XXP) on a board, a last player who may not receive the bye — the Dutch system's first
/// round is that result.
pub fn pair(tournament: &Tournament, state: &RoundState) -> Result<Pairing> {
    pair_noting(tournament, state).map(|(pairing, _)| pairing)
}

/// [`pair`], and whether chapter 5 paired the round as written (false: the Dutch round 1 was taken).
pub fn pair_noting(tournament: &Tournament, state: &RoundState) -> Result<(Pairing, bool)> {
    let list: Vec<usize> = state.available().collect();
    let score = |p: usize| state.players.get(p).map(|s| s.pairing_score);
    let one_score_group = list.windows(2).all(|w| score(w[0]) == score(w[1]));
    let (bye, paired) = match list.len() % 2 {
        1 => (
            list.last().copied(),
            list.get(..list.len() - 1).unwrap_or(&[]),
        ),
        _ => (None, list.as_slice()),
    };
    let half = paired.len() / 2;
    let (top, bottom) = paired.split_at(half);
    let legal = top
        .iter()
        .zip(bottom)
        .all(|(&a, &b)| !tournament.is_forbidden(a, b, state.round));
    let bye_allowed = match bye {
        Some(p) => state.players.get(p).is_some_and(|s| s.bye_eligible()),
        None => true,
    };
    if !one_score_group || !legal || !bye_allowed {
        return dutch::pair(tournament, state, crate::systems::Edition::Y2017).map(|p| (p, false));
    }
    let games = top
        .iter()
        .zip(bottom)
        .enumerate()
        .map(|(board, (&a, &b))| {
            let colour_of_top = if board % 2 == 1 {
                state.initial_colour.opposite()
            } else {
                state.initial_colour
            };
            Game::with_colour(a, b, colour_of_top)
        })
        .collect();
    Ok((Pairing { games, bye }, true))
}
