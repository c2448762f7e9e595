//! The system record of a TRF-2026 file (`192`, or a coded `092`): which pairing system, and which
//! edition of its rules, the tournament is paired with.
//!
//! Codes are `FIDE_<SYSTEM>[_<YEAR>][_BAKU]`, e.g. `FIDE_DUTCH_2026`, `FIDE_DUTCH_2025` (what bbpPairings
//! 6 writes for the rules in force since 1 February 2026), `FIDE_DUTCH` (no edition named),
//! `FIDE_DUBOV`. A `092` record is free text in TRF16 and is read as a code only when it starts with
//! `FIDE_`. A code that names a system or an edition swisspair does not implement is refused, so that a
//! tournament is never paired silently by other rules than its file says.

use crate::error::{Error, Result};

/// A pairing system a system record can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NamedSystem {
    /// `FIDE_DUTCH...`: the Dutch system (C.04.3).
    Dutch,
    /// `FIDE_DUBOV...`: the Dubov system (C.04.4.1).
    Dubov,
    /// `FIDE_LIM...`: the Lim system (C.04.4.3).
    Lim,
}

/// What a system record says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesRecord {
    /// The code as written.
    pub code: String,
    /// Line of the record in the file.
    pub line: usize,
    /// The system the code names.
    pub system: NamedSystem,
    /// The year of the rules, when the code names one (`FIDE_DUTCH_2025` is normalised to 2026: the
    /// text approved in 2025 took effect on 1 February 2026).
    pub edition: Option<u16>,
    /// `_BAKU`: Baku acceleration.
    pub baku: bool,
}

/// The codes swisspair reads, for messages.
pub const SUPPORTED_CODES: &str = "FIDE_DUTCH, FIDE_DUTCH_2017, FIDE_DUTCH_2025, FIDE_DUTCH_2026 \
(each also with _BAKU), FIDE_DUBOV, FIDE_LIM";

impl RulesRecord {
    /// Reads the record `text` of `record` (`"192"` or `"092"`) on `line`. `Ok(None)` when the text is
    /// not a system code (free text); an error for a FIDE code swisspair does not implement.
    pub fn decode(record: &str, text: &str, line: usize) -> Result<Option<RulesRecord>> {
        let code = text.trim();
        let upper = code.to_ascii_uppercase();
        let Some(rest) = upper.strip_prefix("FIDE_") else {
            return Ok(None);
        };
        let (rest, baku) = match rest.strip_suffix("_BAKU") {
            Some(r) => (r, true),
            None => (rest, false),
        };
        let (name, year) = match rest.rsplit_once('_') {
            Some((name, year)) if !year.is_empty() && year.bytes().all(|b| b.is_ascii_digit()) => {
                (name, Some(year))
            }
            _ => (rest, None),
        };
        let system = match name {
            "DUTCH" => NamedSystem::Dutch,
            "DUBOV" => NamedSystem::Dubov,
            "LIM" => NamedSystem::Lim,
            _ => {
                return Err(unsupported(
                    record,
                    code,
                    line,
                    "swisspair does not implement this system",
                ))
            }
        };
        let edition = match (system, year) {
            (_, None) => None,
            (NamedSystem::Dutch, Some("2017")) => Some(2017),
            (NamedSystem::Dutch, Some("2025" | "2026")) => Some(2026),
            (_, Some(_)) => {
                return Err(unsupported(
                    record,
                    code,
                    line,
                    "swisspair does not implement this edition",
                ))
            }
        };
        Ok(Some(RulesRecord {
            code: code.to_string(),
            line,
            system,
            edition,
            baku,
        }))
    }
}

fn unsupported(record: &str, code: &str, line: usize, why: &str) -> Error {
    Error::invalid(
        Some(line),
        format!("{record} system"),
        format!("'{code}': {why}; supported: {SUPPORTED_CODES}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Option<RulesRecord>> {
        RulesRecord::decode("192", text, 7)
    }

    #[test]
    fn dutch_editions() {
        let r = read("FIDE_DUTCH_2025").unwrap().unwrap();
        assert_eq!(
            (r.system, r.edition, r.baku),
            (NamedSystem::Dutch, Some(2026), false)
        );
        let r = read("FIDE_DUTCH_2026_BAKU").unwrap().unwrap();
        assert_eq!((r.edition, r.baku), (Some(2026), true));
        let r = read("FIDE_DUTCH_2017").unwrap().unwrap();
        assert_eq!(r.edition, Some(2017));
        let r = read("FIDE_DUTCH").unwrap().unwrap();
        assert_eq!(r.edition, None);
        assert_eq!(
            read("FIDE_DUBOV").unwrap().unwrap().system,
            NamedSystem::Dubov
        );
    }

    #[test]
    fn unknown_systems_and_editions_are_refused_with_the_line() {
        for code in ["FIDE_DUTCH_2031", "FIDE_BURSTEIN", "FIDE_DUBOV_2031"] {
            let e = read(code).unwrap_err();
            assert_eq!(e.exit_code(), 3, "{code}");
            assert_eq!(e.line(), Some(7));
            assert!(e.to_string().contains("FIDE_DUTCH_2026"), "{e}");
        }
    }

    #[test]
    fn free_text_092_is_not_a_code() {
        assert_eq!(
            RulesRecord::decode("092", "Individual: Swiss-System", 3).unwrap(),
            None
        );
        assert_eq!(read("Swiss Dutch").unwrap(), None);
        assert!(RulesRecord::decode("092", "FIDE_DUTCH_2025", 3)
            .unwrap()
            .is_some());
    }
}
