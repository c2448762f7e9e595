//! Fuzz target: the TRF reader and the tournament checks must never panic, whatever the bytes; valid
//! small tournaments are also paired.
#![no_main]

use libfuzzer_sys::fuzz_target;
use swisspair::{trf, System, Tournament};

fuzz_target!(|data: &[u8]| {
    if let Ok(t) = trf::parse_bytes(data).and_then(|t| Tournament::from_trf(&t)) {
        if t.players.len() <= 30 {
            let _ = System::Dutch.pair(&t);
        }
    }
});
