//! The teams of a team tournament in the JSON document: `310` records as [`TeamJson`], and the test
//! that tells a team tournament (TRF or JSON) from an individual one.

use super::document::{Points, TeamJson, TournamentJson};
use crate::error::{Error, Result};
use crate::tournament::team::{TeamRecord, TeamRules};

/// True when `bytes` hold a team tournament: a TRF file whose `192` (or `092`) record holds a
/// `FIDE_TEAM...` code, or a JSON document with such a code ([`is_team_document`]).
pub fn names_team_code(bytes: &[u8]) -> bool {
    if super::is_json(bytes) {
        return super::parse_document(bytes).is_ok_and(|doc| is_team_document(&doc));
    }
    String::from_utf8_lossy(bytes).lines().any(|l| {
        let code = l.get(..3).unwrap_or("");
        (code == "192" || code == "092") && TeamRules::is_team_code(l.get(3..).unwrap_or(""))
    })
}

/// True for the document of a team tournament: its `tournament_type` (`192`) or a `092` line names a
/// `FIDE_TEAM...` code (as for a TRF file, teams alone do not make one: an individual tournament may
/// list teams).
pub fn is_team_document(doc: &TournamentJson) -> bool {
    doc.tournament_type
        .as_deref()
        .is_some_and(TeamRules::is_team_code)
        || doc
            .other_lines
            .iter()
            .any(|l| l.get(..3) == Some("092") && TeamRules::is_team_code(l.get(3..).unwrap_or("")))
}

/// The team of a `310` line; `None` when the line does not read as one (it is then kept verbatim).
pub(super) fn team_json(text: &str) -> Option<TeamJson> {
    if text.get(..3) != Some("310") {
        return None;
    }
    let r = TeamRecord::read(text, 0).ok()?;
    let read = r.clone();
    let team = TeamJson {
        tpn: r.tpn,
        name: r.name,
        federation: r.federation,
        average_rating: r.average_rating,
        match_points: r.match_points.map(Points),
        game_points: r.game_points.map(Points),
        rank: r.rank,
        members: r.members,
    };
    // Kept verbatim unless its line, written back, reads as the same record.
    (TeamRecord::read(&team_line(&team), 0).ok()? == read).then_some(team)
}

/// The `310` line of a team.
pub(super) fn team_line(team: &TeamJson) -> String {
    TeamRecord {
        tpn: team.tpn,
        name: team.name.clone(),
        federation: team.federation.clone(),
        average_rating: team.average_rating.clone(),
        match_points: team.match_points.map(|p| p.0),
        game_points: team.game_points.map(|p| p.0),
        rank: team.rank,
        members: team.members.clone(),
    }
    .text()
}

/// The `310` line of `team` (at `path` in the document), refused when it does not read back as the
/// same team (a name longer than its 32 columns, a number too wide).
pub(super) fn checked_team_line(team: &TeamJson, path: &str) -> Result<String> {
    let text = team_line(team);
    match team_json(&text) {
        Some(read) if read == *team => Ok(text),
        _ => Err(Error::invalid(
            None,
            path,
            format!(
                "cannot be written to a 310 record as it is (a name longer than 32 characters, \
                 blanks around a value, or a number too wide); TRF reads it back as: {text}"
            ),
        )),
    }
}
