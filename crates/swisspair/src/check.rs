//! The checker: rebuild every round of a finished tournament as it stood before the round, pair it
//! again, and compare with the pairs the file records.

use crate::error::{Error, Result};
use crate::pairing::Pairing;
use crate::rules::{Edition, System};
use crate::sorting::sort;
use crate::state::RoundState;
use crate::tournament::{Bye, Colour, Entry, Tournament};
use std::collections::BTreeSet;
use std::fmt::Write as _;

pub mod team;

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

/// One line of a round's difference: a pair of the file beside the pair of the engine that replaces
/// it (either side may be missing), or the same two players with the colours swapped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairDifference {
    /// The file's pair (white, black; the bye as `(n, 0)`).
    pub file: Option<NumberedPair>,
    /// The engine's pair.
    pub engine: Option<NumberedPair>,
    /// The same two players, only the colours differ.
    pub colours_only: bool,
}

impl RoundDifference {
    /// The pairs that differ, one line each: first the pairs whose colours only differ (by the file's
    /// white), then each remaining pair of the file beside an engine pair that shares a player with it
    /// when there is one (the first such, in order), then what is left on either side. Pairs both sides
    /// have are not listed. Deterministic: the pairs are sorted.
    pub fn pair_differences(&self) -> Vec<PairDifference> {
        let paired: BTreeSet<NumberedPair> = self.paired.iter().copied().collect();
        let recorded: BTreeSet<NumberedPair> = self.recorded.iter().copied().collect();
        let mut lines = Vec::new();
        let mut file_only = Vec::new();
        for &(w, b) in &self.recorded {
            if paired.contains(&(w, b)) {
                continue;
            }
            if b != 0 && paired.contains(&(b, w)) {
                lines.push(PairDifference {
                    file: Some((w, b)),
                    engine: Some((b, w)),
                    colours_only: true,
                });
            } else {
                file_only.push((w, b));
            }
        }
        let mut engine_only: Vec<Option<NumberedPair>> = self
            .paired
            .iter()
            .filter(|&&(w, b)| {
                !recorded.contains(&(w, b)) && (b == 0 || !recorded.contains(&(b, w)))
            })
            .map(|&p| Some(p))
            .collect();
        let shares = |a: NumberedPair, b: NumberedPair| {
            let players = |p: NumberedPair| [p.0, p.1].into_iter().filter(|&n| n != 0);
            players(a).any(|x| players(b).any(|y| x == y))
        };
        for f in file_only {
            let beside = engine_only
                .iter()
                .position(|e| e.is_some_and(|e| shares(f, e)))
                .and_then(|k| engine_only.get_mut(k).and_then(Option::take));
            lines.push(PairDifference {
                file: Some(f),
                engine: beside,
                colours_only: false,
            });
        }
        // File pairs without an engine pair sharing a player take the engine's leftovers in order.
        let mut rest = engine_only.into_iter().flatten();
        for line in lines.iter_mut().filter(|l| l.engine.is_none()) {
            line.engine = rest.next();
        }
        lines.extend(rest.map(|e| PairDifference {
            file: None,
            engine: Some(e),
            colours_only: false,
        }));
        lines
    }
}

/// The result of checking a whole tournament.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    pub rounds: usize,
    pub differences: Vec<RoundDifference>,
    /// One checklist per round ([`checklist`]), round 1 first, when they were asked for.
    pub checklists: Vec<String>,
}

impl CheckReport {
    /// The report of a check of `rounds` rounds, nothing found yet.
    pub(crate) fn new(rounds: usize) -> CheckReport {
        CheckReport {
            rounds,
            differences: Vec::new(),
            checklists: Vec::new(),
        }
    }

    /// Records `round` as differing when the pairing made again (`paired`, unsorted; or the error that
    /// stopped it) is not the `recorded` one (sorted). An internal error ends the check.
    pub(crate) fn compare(
        &mut self,
        round: usize,
        recorded: Vec<NumberedPair>,
        paired: Result<Vec<NumberedPair>>,
    ) -> Result<()> {
        let (paired, error) = match paired {
            Ok(mut v) => {
                sort(&mut v);
                (v, None)
            }
            Err(e @ Error::Internal(_)) => return Err(e),
            Err(e) => (Vec::new(), Some(e.to_string())),
        };
        if paired != recorded {
            self.differences.push(RoundDifference {
                round,
                recorded,
                paired,
                error,
            });
        }
        Ok(())
    }

    /// The checker's report as the command line prints it: per differing round a line naming it and
    /// how many pairs differ, a column header, then one line per differing pair, the file's pair beside
    /// the engine's (`12-40`, `7 bye`, `-` for none), colour-only differences marked; a round the engine
    /// cannot pair says why. The last line counts the rounds: `N rounds checked, D differ`.
    pub fn render(&self, engine: &str) -> String {
        let show = |p: Option<NumberedPair>| match p {
            None => "-".to_string(),
            Some((w, 0)) => format!("{w} bye"),
            Some((w, b)) => format!("{w}-{b}"),
        };
        let mut out = String::new();
        for d in &self.differences {
            if let Some(e) = &d.error {
                let _ = writeln!(out, "round {}: {engine} finds no pairing: {e}", d.round);
                continue;
            }
            let lines = d.pair_differences();
            let colours = lines.iter().filter(|l| l.colours_only).count();
            let _ = writeln!(
                out,
                "round {}: {} of {} pairs differ{}",
                d.round,
                lines.len(),
                d.recorded.len().max(d.paired.len()),
                if colours > 0 {
                    format!(" ({colours} in colours only)")
                } else {
                    String::new()
                }
            );
            let cells: Vec<(String, String)> = lines
                .iter()
                .map(|l| (show(l.file), show(l.engine)))
                .collect();
            let width = cells
                .iter()
                .map(|(f, _)| f.chars().count())
                .chain(std::iter::once(4))
                .max()
                .unwrap_or(4);
            let engine_width = cells
                .iter()
                .map(|(_, e)| e.chars().count())
                .chain(std::iter::once(engine.chars().count()))
                .max()
                .unwrap_or(0);
            let _ = writeln!(out, "  {:<width$}  {engine}", "file");
            for (l, (f, e)) in lines.iter().zip(&cells) {
                if l.colours_only {
                    let _ = writeln!(out, "  {f:<width$}  {e:<engine_width$}  colours only");
                } else {
                    let _ = writeln!(out, "  {f:<width$}  {e}");
                }
            }
        }
        let _ = writeln!(
            out,
            "{} rounds checked, {} differ",
            self.rounds,
            self.differences.len()
        );
        out
    }
}

/// The checklist of the round `t` is about to pair: a line naming the system and edition, then the
/// state the pairing uses ([`RoundState::checklist`], under `edition`'s definitions), with `pairing`
/// (the round's pairing, `None` when no valid pairing exists) in its `Cur` column.
pub fn checklist(
    system: System,
    edition: Edition,
    t: &Tournament,
    pairing: Option<&Pairing>,
) -> String {
    let state = RoundState::with_edition(t, edition);
    format!(
        "# {} system (--{}), {edition} edition\n{}",
        system.title(),
        system.name(),
        state.checklist(t, pairing)
    )
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
    progress: impl FnMut(usize, usize),
) -> Result<CheckReport> {
    check_with(t, system, edition, false, progress)
}

/// Like [`check_in`]; with `checklists`, the report also holds every round's [`checklist`] (the state
/// before the round and the engine's pairing of it).
pub fn check_with(
    t: &Tournament,
    system: System,
    edition: Edition,
    checklists: bool,
    mut progress: impl FnMut(usize, usize),
) -> Result<CheckReport> {
    let edition = system.individual("checking")?.check_edition(edition)?;
    let total = t.rounds_played;
    let mut report = CheckReport::new(total);
    for round in 1..=total {
        let before = tournament_before(t, round);
        let recorded = recorded_pairs(t, round);
        let outcome = system.pair_in(edition, &before);
        if checklists {
            report
                .checklists
                .push(checklist(system, edition, &before, outcome.as_ref().ok()));
        }
        let paired = outcome.map(|pairing| {
            pairing
                .games
                .iter()
                .map(|g| (number(t, g.white), number(t, g.black)))
                .chain(pairing.bye.map(|b| (number(t, b), 0)))
                .collect()
        });
        report.compare(round, recorded, paired)?;
        progress(round, total);
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn difference(recorded: &[NumberedPair], paired: &[NumberedPair]) -> RoundDifference {
        RoundDifference {
            round: 3,
            recorded: recorded.to_vec(),
            paired: paired.to_vec(),
            error: None,
        }
    }

    #[test]
    fn pairs_differing_in_colours_only_are_marked_and_others_sit_beside_a_common_player() {
        let d = difference(
            &[(1, 2), (3, 4), (5, 6), (7, 0), (8, 9)],
            &[(2, 1), (3, 6), (5, 4), (8, 9), (9, 0)],
        );
        let lines = d.pair_differences();
        let line = |file, engine, colours_only| PairDifference {
            file,
            engine,
            colours_only,
        };
        assert_eq!(
            lines,
            vec![
                line(Some((1, 2)), Some((2, 1)), true),
                line(Some((3, 4)), Some((3, 6)), false),
                line(Some((5, 6)), Some((5, 4)), false),
                line(Some((7, 0)), Some((9, 0)), false),
            ]
        );
        let report = CheckReport {
            rounds: 4,
            differences: vec![d],
            checklists: Vec::new(),
        };
        assert_eq!(
            report.render("swisspair"),
            "round 3: 4 of 5 pairs differ (1 in colours only)\n  file   swisspair\n  1-2    2-1        colours only\n  3-4    3-6\n  5-6    5-4\n  7 bye  9 bye\n4 rounds checked, 1 differ\n"
        );
    }

    #[test]
    fn unmatched_pairs_fill_the_other_side_in_order() {
        let d = difference(&[(1, 2), (3, 4)], &[(1, 2), (5, 6), (7, 8)]);
        let lines = d.pair_differences();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].file, Some((3, 4)));
        assert_eq!(lines[0].engine, Some((5, 6)));
        assert_eq!(lines[1].file, None);
        assert_eq!(lines[1].engine, Some((7, 8)));
    }
}
