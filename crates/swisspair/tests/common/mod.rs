//! Helpers shared by the integration tests: the test data, and what several systems' absolute rules
//! have in common. (Each test crate uses a part of them.)
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use swisspair::check::tournament_before;
use swisspair::state::RoundState;
use swisspair::tournament::{Bye, Colour, Entry, Tournament};
use swisspair::{Error, Pairing, System};

pub mod articles;

/// The TRF files of `tests/data/FOLDER`, in name order.
pub fn data_files(folder: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(folder);
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
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

/// Every round of the 300 Dutch fixtures re-paired with `system`.
pub struct Replay {
    pub rounds: usize,
    /// Rounds the system declared impossible where `exists` agrees.
    pub impossible: usize,
    pub failures: Vec<String>,
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
