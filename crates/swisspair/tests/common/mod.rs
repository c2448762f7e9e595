//! Helpers shared by the integration tests: the test data, the small cases every suite writes the same
//! way ([`cases`]: the TRF builder, pairs by starting number, explanations), and what several systems'
//! absolute rules have in common. (Each test crate uses a part of them.)
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use swisspair::check::tournament_before;
use swisspair::matching::MatchingComputer;
use swisspair::state::{PlayerState, RoundState};
use swisspair::tournament::{Bye, Colour, Entry, Tournament};
use swisspair::{Error, Pairing, System};

pub mod alike;
pub mod articles;
pub mod cases;

/// The folder (or file) `tests/data/NAME` of the repository.
pub fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(name)
}

/// The TRF files of `tests/data/FOLDER`, in name order.
pub fn data_files(folder: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data(folder))
        .expect("tests/data folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    files.sort();
    files
}

pub fn read(path: &Path) -> Tournament {
    Tournament::from_bytes(&std::fs::read(path).expect("readable")).expect("fixture reads")
}

/// A point without playing (Dubov 2.2, 1992 B.1.b): a pairing-allocated bye, a forfeit win, or an
/// unplayed round worth a win.
pub fn had_point_without_playing(t: &Tournament, player: usize) -> bool {
    let win = t.points.win();
    t.players[player].entries.iter().any(|e| match e {
        Entry::Played { .. } => false,
        Entry::Forfeit { won, .. } => *won,
        Entry::Bye(Bye::PairingAllocated | Bye::ForfeitWin) => true,
        Entry::Bye(_) => t.points.of_entry(e) >= win,
    })
}

/// After a game with `colour`: a colour difference within ±2 and no colour three times in a row
/// (Dubov 2.3/2.4, 1992 B.2).
pub fn colours_allowed(history: &[Colour], colour: Colour) -> bool {
    let mut h = history.to_vec();
    h.push(colour);
    let whites = h.iter().filter(|&&c| c == Colour::White).count() as i32;
    let difference = 2 * whites - h.len() as i32;
    let thrice = h.len() >= 3 && h[h.len() - 3..].iter().all(|&c| c == colour);
    difference.abs() <= 2 && !thrice
}

/// The absolute rules every system has, for `pairing`: every present player paired once or given the
/// bye, the bye only with an odd number present and only to a player `bye_allowed` allows, no rematch,
/// no forbidden pair; then `game(white, black)`, what the system adds for a game (its colour rules).
/// `rules` are the articles of the bye and of the rematch, named in the messages (none when empty).
pub fn check_shared_rules(
    t: &Tournament,
    state: &RoundState,
    pairing: &Pairing,
    rules: (&str, &str),
    bye_allowed: impl Fn(usize) -> bool,
    game: impl Fn(&PlayerState, &PlayerState) -> Result<(), String>,
) -> Result<(), String> {
    let article = |rule: &str| {
        if rule.is_empty() {
            String::new()
        } else {
            format!("{rule}: ")
        }
    };
    let present: Vec<usize> = state.available().collect();
    let mut seen: Vec<usize> = pairing.players().collect();
    seen.sort_unstable();
    if seen != present {
        return Err(format!("players paired {seen:?}, present {present:?}"));
    }
    if pairing.bye.is_some() != (present.len() % 2 == 1) {
        return Err("a bye with an even number of players, or none with an odd one".into());
    }
    if let Some(b) = pairing.bye {
        if !bye_allowed(b) {
            return Err(format!(
                "{}bye to player {}",
                article(rules.0),
                t.players[b].start_number
            ));
        }
    }
    for g in &pairing.games {
        let (w, b) = (&state.players[g.white], &state.players[g.black]);
        if w.has_met(g.black) {
            return Err(format!(
                "{}{} and {} meet again",
                article(rules.1),
                w.start_number,
                b.start_number
            ));
        }
        if t.is_forbidden(g.white, g.black, state.round) {
            return Err(format!(
                "forbidden pair {} {}",
                w.start_number, b.start_number
            ));
        }
        game(w, b)?;
    }
    Ok(())
}

/// Whether any pairing of the present players keeps the absolute rules: `legal(a, b)` for a game
/// (players by index), `bye(a)` for the bye (with an odd number present).
pub fn some_pairing_exists(
    state: &RoundState,
    legal: impl Fn(usize, usize) -> bool,
    bye: impl Fn(usize) -> bool,
) -> bool {
    let present: Vec<usize> = state.available().collect();
    let n = present.len();
    let size = n + n % 2;
    let mut m = MatchingComputer::<u64>::new(size).expect("small graph");
    for (i, &a) in present.iter().enumerate() {
        for (j, &b) in present.iter().enumerate().skip(i + 1) {
            if legal(a, b) {
                m.set_edge(i, j, 1).expect("edge");
            }
        }
        if n % 2 == 1 && bye(a) {
            m.set_edge(i, n, 1).expect("edge");
        }
    }
    m.solve();
    (0..size).all(|v| m.mate(v).is_some())
}

/// Every round of the 300 Dutch fixtures re-paired with `system`.
pub struct Replay {
    pub rounds: usize,
    /// Rounds the system declared impossible where `exists` agrees.
    pub impossible: usize,
    pub failures: Vec<String>,
}

impl Replay {
    /// Asserts that `rounds` rounds were re-paired and none failed.
    pub fn assert_passed(&self, rounds: usize) {
        assert_eq!(self.rounds, rounds);
        assert!(
            self.failures.is_empty(),
            "{} failures ({} rounds impossible):\n{}",
            self.failures.len(),
            self.impossible,
            self.failures.join("\n")
        );
    }
}

/// Re-pairs every round of the Dutch fixtures with `system`: each pairing must pass `check`, and a
/// round may be declared impossible only when `exists` finds no legal pairing.
pub fn replay_dutch_fixtures(
    system: System,
    check: impl Fn(&Tournament, &RoundState, &Pairing) -> Result<(), String>,
    exists: impl Fn(&Tournament, &RoundState) -> bool,
) -> Replay {
    let mut replay = Replay {
        rounds: 0,
        impossible: 0,
        failures: Vec::new(),
    };
    for path in data_files("dutch") {
        let full = read(&path);
        for r in 1..=full.rounds_played {
            let t = tournament_before(&full, r);
            let state = RoundState::new(&t);
            replay.rounds += 1;
            match system.pair(&t) {
                Ok(pairing) => {
                    if let Err(e) = check(&t, &state, &pairing) {
                        replay
                            .failures
                            .push(format!("{} round {r}: {e}", path.display()));
                    }
                }
                Err(Error::NoValidPairing(_)) if !exists(&t, &state) => replay.impossible += 1,
                Err(e) => replay
                    .failures
                    .push(format!("{} round {r}: {e}", path.display())),
            }
        }
    }
    replay
}
