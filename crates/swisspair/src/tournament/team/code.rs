//! The team system's codes in the `192` (TRF-2026) or `092` record:
//! `FIDE_TEAM[_TYPEA|_TYPEB][_MP_GP|_GP_MP|_MP|_GP][_BAKU]`.
//!
//! C.04.6 1.2 and 1.7 leave to the competition which score is primary, whether the other decides
//! colours (4.2.2), and which colour preferences apply. The code's type names the preferences (none
//! named: Type A when no score is named either, the text's default; no preferences when a score is
//! named without a type, as the code table of TRF-2026 lists them); its scores name the primary score
//! first and, when a second follows, that the secondary score is used for colours.

use crate::error::{Error, Result};

/// C.04.6 1.7: which colour preferences the competition uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourMode {
    /// 1.7.1: simple preferences (the default).
    TypeA,
    /// 1.7.2: strong and mild preferences.
    TypeB,
    /// No colour preferences at all.
    None,
}

/// C.04.6 1.2: the primary score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrimaryScore {
    /// Match points (the default, 1.2.2).
    MatchPoints,
    /// Game points.
    GamePoints,
}

/// The competition's choices the system depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TeamRules {
    /// 1.7: the colour preferences.
    pub colours: ColourMode,
    /// 1.2: the primary score.
    pub primary: PrimaryScore,
    /// 4.2.2: the secondary score decides the first-team (default yes, 1.2.2).
    pub secondary_for_colours: bool,
    /// `_BAKU`: Baku acceleration.
    pub baku: bool,
    /// The line of the record that named them (0 when none did).
    pub line: usize,
}

impl Default for TeamRules {
    fn default() -> Self {
        TeamRules {
            colours: ColourMode::TypeA,
            primary: PrimaryScore::MatchPoints,
            secondary_for_colours: true,
            baku: false,
            line: 0,
        }
    }
}

/// The codes swisspair reads, for messages.
pub const SUPPORTED_TEAM_CODES: &str = "FIDE_TEAM, FIDE_TEAM_TYPEA_<S>, FIDE_TEAM_TYPEB_<S>, \
FIDE_TEAM_<S> (no colour preferences), with <S> one of MP_GP, GP_MP, MP, GP; each also with _BAKU";

impl TeamRules {
    /// True for a code that names the team system (`FIDE_TEAM...`).
    pub fn is_team_code(text: &str) -> bool {
        text.trim().to_ascii_uppercase().starts_with("FIDE_TEAM")
    }

    /// Reads a team code; an unknown one is refused naming `line` and the codes supported.
    pub fn decode(record: &str, text: &str, line: usize) -> Result<TeamRules> {
        let upper = text.trim().to_ascii_uppercase();
        let unknown = || {
            Error::invalid(
                Some(line),
                format!("{record} tournament type"),
                format!(
                    "'{}' is not a team code swisspair knows (supported: {SUPPORTED_TEAM_CODES})",
                    text.trim()
                ),
            )
        };
        let rest = upper.strip_prefix("FIDE_TEAM").ok_or_else(unknown)?;
        let (rest, baku) = match rest.strip_suffix("_BAKU") {
            Some(r) => (r, true),
            None => (rest, false),
        };
        let (colours, scores) = if let Some(r) = rest.strip_prefix("_TYPEA") {
            (Some(ColourMode::TypeA), r)
        } else if let Some(r) = rest.strip_prefix("_TYPEB") {
            (Some(ColourMode::TypeB), r)
        } else {
            (None, rest)
        };
        let (primary, secondary_for_colours) = match scores {
            "" => (PrimaryScore::MatchPoints, true),
            "_MP_GP" => (PrimaryScore::MatchPoints, true),
            "_GP_MP" => (PrimaryScore::GamePoints, true),
            "_MP" => (PrimaryScore::MatchPoints, false),
            "_GP" => (PrimaryScore::GamePoints, false),
            _ => return Err(unknown()),
        };
        // No type and no score: the text's defaults (1.7: Type A). A score without a type: none.
        let colours = colours.unwrap_or(if scores.is_empty() {
            ColourMode::TypeA
        } else {
            ColourMode::None
        });
        Ok(TeamRules {
            colours,
            primary,
            secondary_for_colours,
            baku,
            line,
        })
    }
}
