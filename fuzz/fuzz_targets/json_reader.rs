//! Fuzz target: the JSON reader must never panic, whatever the bytes; a document it reads is converted
//! to TRF and read again, and back to JSON.
#![no_main]

use libfuzzer_sys::fuzz_target;
use swisspair::{json, Tournament};

fuzz_target!(|data: &[u8]| {
    let _ = json::read_tournament(data);
    if let Ok(doc) = json::parse_document(data) {
        if let Ok(text) = json::document_to_trf_text(&doc) {
            let _ = Tournament::from_bytes(text.as_bytes());
            let _ = json::convert(text.as_bytes(), Some(true));
        }
    }
});
