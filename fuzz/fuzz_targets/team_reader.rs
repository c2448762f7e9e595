//! Fuzz target: the team TRF reader must never panic, whatever the bytes; a team tournament it reads
//! is paired (its next round, and again the last round played, as the checker does). Tournaments of more
//! than 40 teams are skipped, so that each run is fast.
#![no_main]

use libfuzzer_sys::fuzz_target;
use swisspair::systems::team;
use swisspair::tournament::team::TeamTournament;

fuzz_target!(|data: &[u8]| {
    let Ok((trf, t)) = TeamTournament::read_bytes(data) else {
        return;
    };
    if t.teams.len() > 40 || t.rounds_played > 15 {
        return;
    }
    let _ = team::pair(&t);
    if t.rounds_played > 0 {
        let _ = team::pair(&t.before_round(&trf, t.rounds_played));
    }
});
