//! The checker: rebuild every round of a finished tournament as it stood before the round, pair it
//! again, and compare with the pairs the file records.

use crate::error::{Error, Result};
use crate::systems::{Edition, System};
use crate::tournament::{Bye, Colour, Entry, Tournament};
use std::collections::BTreeSet;

/// A pair as the engines print it: white, black by starting number; the bye as `(n, 0)`.
pub type NumberedPair = (u32, u32);

/// One round whose re-pairing differs from the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundDifference {
    pub round: usize,
    /// The pairs the file records (sorted).
    pub recorded: Vec<NumberedPair>,
    /// The pairs the engine makes (sorted); empty when it failed.
    pub paired: Vec<NumberedPair>,
    /// Why the engine could not pair the round, when it could not.
    pub error: Option<String>,
}

/// The result of checking a whole tournament.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    pub rounds: usize,
    pub differences: Vec<RoundDifference>,
}

/// The pairs recorded for `round` (1-based).
pub fn recorded_pairs(t: &Tournament, round: usize) -> Vec<NumberedPair> {
    let mut pairs = BTreeSet::new();
    for p in &t.players {
        match p.entries.get(round.wrapping_sub(1)) {
            Some(Entry::Played {
                opponent,
                colour: Colour::White,
                ..
            }) => {
                pairs.insert((p.start_number, number(t, *opponent)));
            }
            Some(Entry::Forfeit {
                opponent, colour, ..
            }) => {
                let other = number(t, *opponent);
                match colour {
                    Some(Colour::White) => {
                        pairs.insert((p.start_number, other));
                    }
                    None if p.start_number < other => {
                        pairs.insert((p.start_number, other));
                    }
                    _ => {}
                }
            }
            Some(Entry::Bye(Bye::PairingAllocated)) => {
                pairs.insert((p.start_number, 0));
            }
            _ => {}
        }
    }
    pairs.into_iter().collect()
}

fn number(t: &Tournament, player: usize) -> u32 {
    t.players.get(player).map_or(0, |p| p.start_number)
}

/// The initial colour the file implies: the colour of the top player taking part in the first round with
/// a game, counted back to the first board (colours alternate from board to board in round 1).
pub fn infer_initial_colour(t: &Tournament) -> Option<Colour> {
    let first = (0..t.rounds_played).find(|&r| {
        t.players.iter().any(|p| {
            matches!(
                p.entries.get(r),
                Some(
                    Entry::Played { .. }
                        | Entry::Forfeit {
                            colour: Some(_),
                            ..
                        }
                )
            )
        })
    })?;
    let mut n = 0;
    for p in &t.players {
        let took_part = p
            .entries
            .iter()
            .take(first + 1)
            .any(|e| !matches!(e, Entry::Bye(Bye::Half | Bye::Full | Bye::Zero)));
        if !took_part {
            continue;
        }
        let colour = match p.entries.get(first) {
            Some(Entry::Played { colour, .. }) => Some(*colour),
            Some(Entry::Forfeit { colour, .. }) => *colour,
            _ => None,
        };
        if let Some(c) = colour {
            return Some(if n % 2 == 0 { c } else { c.opposite() });
        }
        n += 1;
    }
    None
}

/// The tournament as it stood before `round`, ready to be paired: later rounds removed, the byes and
/// absences of `round` announced, the total number of rounds and the initial colour filled in.
pub fn tournament_before(t: &Tournament, round: usize) -> Tournament {
    let mut before = t.before_round(round);
    before.total_rounds = Some(t.total_rounds.unwrap_or(t.rounds_played).max(round));
    if before.initial_colour.is_none() {
        before.initial_colour = infer_initial_colour(t);
    }
    before
}

/// Re-pairs every round of `t` with `system`, in the edition the file names (or the system's default
/// edition); `progress(done, total)` is called after each round.
pub fn check(
    t: &Tournament,
    system: System,
    progress: impl FnMut(usize, usize),
) -> Result<CheckReport> {
    let edition = system.edition_for(t, None)?;
    check_in(t, system, edition, progress)
}

/// Re-pairs every round of `t` with `system` under `edition`; `progress(done, total)` is called after
/// each round.
pub fn check_in(
    t: &Tournament,
    system: System,
    edition: Edition,
    mut progress: impl FnMut(usize, usize),
) -> Result<CheckReport> {
    let edition = system.check_edition(edition)?;
    let total = t.rounds_played;
    let mut report = CheckReport {
        rounds: total,
        differences: Vec::new(),
    };
    for round in 1..=total {
        let before = tournament_before(t, round);
        let recorded = recorded_pairs(t, round);
        let outcome = system.pair_in(edition, &before);
        let (paired, error) = match outcome {
            Ok(pairing) => {
                let mut v: Vec<NumberedPair> = pairing
                    .games
                    .iter()
                    .map(|g| (number(t, g.white), number(t, g.black)))
                    .chain(pairing.bye.map(|b| (number(t, b), 0)))
                    .collect();
                v.sort_unstable();
                (v, None)
            }
            Err(e @ Error::Internal(_)) => return Err(e),
            Err(e) => (Vec::new(), Some(e.to_string())),
        };
        if paired != recorded {
            report.differences.push(RoundDifference {
                round,
                recorded,
                paired,
                error,
            });
        }
        progress(round, total);
    }
    Ok(report)
}
