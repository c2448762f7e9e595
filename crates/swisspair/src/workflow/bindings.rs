//! What the Python package and the WebAssembly module share: requests named as text (results, bye
//! kinds), results as JSON text. Each binding only converts its language's values.

use super::{
    announce, checklist_next, explain_next, read_document, read_team_document, record_round,
    record_team_round, team_checklist, team_explain_next, Checklist, Explained, Lineup,
    TeamExplained,
};
use crate::api::{team, ByeKind, GameResult, PairOptions, Round};
use crate::error::{Error, Result};
use crate::json;

/// A value as compact JSON text.
pub fn to_json_text<T: serde::Serialize>(value: &T) -> Result<String> {
    serde_json::to_string(value).map_err(|e| Error::Internal(format!("JSON output: {e}")))
}

/// `{"round", "text", "explanation"}`: the pairing (as [`crate::pair`] gives it), the explanation
/// as `--explain` writes it and as `--explain --format json` writes it.
fn explained_json(round: &Round, text: &str, explanation: &str) -> Result<String> {
    Ok(format!(
        "{{\"round\":{},\"text\":{},\"explanation\":{explanation}}}",
        to_json_text(round)?,
        to_json_text(&text)?,
    ))
}

impl Explained {
    /// `{"round", "text", "explanation"}`: the pairing (as [`crate::pair`] gives it), the explanation
    /// as `--explain` writes it and as `--explain --format json` writes it.
    pub fn to_json_with_text(&self) -> Result<String> {
        explained_json(&self.round, &self.text(), &self.to_json())
    }
}

impl TeamExplained {
    /// `{"round", "text", "explanation"}` as [`Explained::to_json_with_text`]: the team round (a board
    /// a match), the explanation as `--team -p --explain` writes it and as JSON.
    pub fn to_json_with_text(&self) -> Result<String> {
        explained_json(&self.round, &self.text(), &self.to_json())
    }
}

/// Pairs the next round of `tournament` (TRF or JSON; a team tournament, or with the team system, by
/// the team system) and explains it: `{"round", "text", "explanation"}`.
pub fn explain_json(tournament: &[u8], options: &PairOptions) -> Result<String> {
    if team::chosen(tournament, options) {
        return team_explain_next(tournament, options)?.to_json_with_text();
    }
    explain_next(&crate::read_tournament(tournament)?, options)?.to_json_with_text()
}

/// Why the next round of `tournament` gives `a` (a player, or a team's TPN) what it gives (`--why a`),
/// or with `b` why `a` and `b` are not paired (`--why a,b`): text.
pub fn why_text(
    tournament: &[u8],
    a: u32,
    b: Option<u32>,
    options: &PairOptions,
) -> Result<String> {
    if team::chosen(tournament, options) {
        return super::team_why(tournament, a, b, options);
    }
    let explained = explain_next(&crate::read_tournament(tournament)?, options)?;
    match b {
        Some(b) => Ok(explained.why_not_paired(a, b)),
        None => explained.why(a),
    }
}

/// The checklist of the round to be paired (`-l`) as JSON text: of an individual tournament the
/// table with its text in `"text"`, of a team tournament `{"system": "team", "text"}` (the text
/// `--team -l` writes).
pub fn checklist_json(tournament: &[u8], options: &PairOptions) -> Result<String> {
    if team::chosen(tournament, options) {
        let text = team_checklist(tournament, options)?;
        return to_json_text(&serde_json::json!({ "system": "team", "text": text }));
    }
    checklist_next(&crate::read_tournament(tournament)?, options)?.to_json_with_text()
}

impl Checklist {
    /// The checklist as JSON text with its `-l` text in `"text"`.
    pub fn to_json_with_text(&self) -> Result<String> {
        let mut value =
            serde_json::to_value(self).map_err(|e| Error::Internal(format!("JSON output: {e}")))?;
        if let Some(map) = value.as_object_mut() {
            map.insert("text".into(), serde_json::Value::String(self.text()));
        }
        to_json_text(&value)
    }
}

/// Announces the bye named `kind` (`H`, `F`, `Z`; `None` or blank withdraws the announcement) for
/// `player` (of a team tournament: a team's TPN) in the round to be paired of `tournament` (TRF or
/// JSON); the tournament as JSON text.
pub fn announce_named(tournament: &[u8], player: u32, kind: Option<&str>) -> Result<String> {
    let kind = match kind.map(str::trim).filter(|k| !k.is_empty()) {
        None => None,
        Some(k) => Some(
            ByeKind::parse(k)
                .ok_or_else(|| Error::invalid(None, "bye", format!("'{k}' is not H, F or Z")))?,
        ),
    };
    let doc = if json::names_team_code(tournament) {
        read_team_document(tournament)?
    } else {
        read_document(tournament)?
    };
    json::document_to_string(&announce(&doc, player, kind)?)
}

/// Records the round `pairing` of `tournament` (TRF or JSON) with one result a board, written as an
/// arbiter writes it ([`GameResult::parse`]); the tournament as JSON text.
pub fn record_round_named(
    tournament: &[u8],
    pairing: &Round,
    results: &[String],
) -> Result<String> {
    let results = parse_results(results, "board")?;
    let doc = read_document(tournament)?;
    json::document_to_string(&record_round(&doc, pairing, &results)?)
}

/// Records the round `pairing` of the team tournament `tournament` (TRF or JSON) with, per match, one
/// result a board in board order from the white team's side, and the lineups (none, or one a match,
/// [`Lineup`]: `None` fields the rosters' first members) ([`record_team_round`]); the tournament as
/// JSON text.
pub fn record_team_round_named(
    tournament: &[u8],
    pairing: &Round,
    results: &[Vec<String>],
    lineups: &[Option<Lineup>],
) -> Result<String> {
    let results = results
        .iter()
        .enumerate()
        .map(|(i, r)| parse_results(r, &format!("match {}, board", i + 1)))
        .collect::<Result<Vec<_>>>()?;
    let lineups: Vec<Lineup> = lineups
        .iter()
        .map(|l| l.clone().unwrap_or_default())
        .collect();
    let doc = read_team_document(tournament)?;
    json::document_to_string(&record_team_round(&doc, pairing, &results, &lineups)?)
}

/// Results written as an arbiter writes them ([`GameResult::parse`]), `what` naming each in errors.
fn parse_results(results: &[String], what: &str) -> Result<Vec<GameResult>> {
    results
        .iter()
        .enumerate()
        .map(|(i, r)| {
            GameResult::parse(r).ok_or_else(|| {
                Error::invalid(
                    None,
                    format!("{what} {}", i + 1),
                    format!("'{r}' is not a result (1-0, ½-½, 0-1, +-, -+, --)"),
                )
            })
        })
        .collect()
}
