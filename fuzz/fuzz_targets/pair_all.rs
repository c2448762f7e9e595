//! Fuzz target: read a tournament (TRF or JSON) and pair its next round with every system and edition,
//! and check it; nothing may panic. Tournaments of more than 24 players are skipped, so that each run is
//! fast.
#![no_main]

use libfuzzer_sys::fuzz_target;
use swisspair::{read_tournament, System};

fuzz_target!(|data: &[u8]| {
    let Ok(t) = read_tournament(data) else {
        return;
    };
    if t.players.len() > 24 || t.rounds_played > 12 {
        return;
    }
    for system in System::ALL {
        for &edition in system.editions() {
            let _ = system.pair_in(edition, &t);
            let _ = system.explain_in(edition, &t);
        }
    }
});
