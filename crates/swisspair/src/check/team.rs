//! The team checker (C.04.6): every round of a team tournament rebuilt as it stood before the round,
//! paired again by the team system, and compared with the matches the file records.

use super::{CheckReport, NumberedPair};
use crate::error::Result;
use crate::sorting::sort;
use crate::systems::team::pair;
use crate::tournament::team::{RoundKind, TeamTournament};
use crate::tournament::Colour;
use crate::trf::Trf;

/// The matches recorded for `round` (1-based), as (white team, black team) by TPN, the first board's
/// scheduled colours deciding which team is white (the smaller TPN first when no board says); the
/// pairing-allocated bye as `(tpn, 0)`. Sorted.
pub fn recorded_matches(t: &TeamTournament, round: usize) -> Vec<NumberedPair> {
    let mut pairs = Vec::new();
    for team in &t.teams {
        let Some(r) = team.rounds.get(round.wrapping_sub(1)) else {
            continue;
        };
        match r.kind {
            RoundKind::Match { opponent, .. } => {
                let theirs = t
                    .team(opponent)
                    .and_then(|o| o.rounds.get(round.wrapping_sub(1)))
                    .and_then(|o| o.scheduled);
                let white = match (r.scheduled, theirs) {
                    (Some(Colour::White), _) | (None, Some(Colour::Black)) => true,
                    (Some(Colour::Black), _) | (None, Some(Colour::White)) => false,
                    (None, None) => team.tpn < opponent,
                };
                if white {
                    pairs.push((team.tpn, opponent));
                }
            }
            RoundKind::PairingAllocatedBye => pairs.push((team.tpn, 0)),
            _ => {}
        }
    }
    sort(&mut pairs);
    pairs
}

/// Re-pairs every round of the team tournament `t` (read from `trf`, which gives each round's `240`,
/// `250` and `260` records) and lists the rounds whose matches differ from the file's; `progress(done,
/// total)` is called after each round.
pub fn check_teams(
    trf: &Trf,
    t: &TeamTournament,
    mut progress: impl FnMut(usize, usize),
) -> Result<CheckReport> {
    let total = t.rounds_played;
    let mut report = CheckReport::new(total);
    for round in 1..=total {
        let before = t.before_round(trf, round);
        let recorded = recorded_matches(t, round);
        let paired = pair(&before).map(|p| {
            p.matches
                .iter()
                .copied()
                .chain(p.bye.map(|b| (b, 0)))
                .collect()
        });
        report.compare(round, recorded, paired)?;
        progress(round, total);
    }
    Ok(report)
}
