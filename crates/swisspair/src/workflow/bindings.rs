//! What the Python package and the WebAssembly module share: requests named as text (results, bye
//! kinds), results as JSON text. Each binding only converts its language's values.

use super::{
    announce, read_document, read_team_document, record_round, record_team_round, Checklist,
    Explained,
};
use crate::api::{ByeKind, GameResult, Round};
use crate::error::{Error, Result};
use crate::json;

/// A value as compact JSON text.
pub fn to_json_text<T: serde::Serialize>(value: &T) -> Result<String> {
    serde_json::to_string(value).map_err(|e| Error::Internal(format!("JSON output: {e}")))
}

impl Explained {
    /// `{"round", "text", "explanation"}`: the pairing (as [`crate::pair`] gives it), the explanation
    /// as `--explain` writes it and as `--explain --format json` writes it.
    pub fn to_json_with_text(&self) -> Result<String> {
        Ok(format!(
            "{{\"round\":{},\"text\":{},\"explanation\":{}}}",
            to_json_text(&self.round)?,
            to_json_text(&self.text())?,
            self.to_json()
        ))
    }
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
/// `player` in the round to be paired of `tournament` (TRF or JSON); the tournament as JSON text.
pub fn announce_named(tournament: &[u8], player: u32, kind: Option<&str>) -> Result<String> {
    let kind = match kind.map(str::trim).filter(|k| !k.is_empty()) {
        None => None,
        Some(k) => Some(
            ByeKind::parse(k)
                .ok_or_else(|| Error::invalid(None, "bye", format!("'{k}' is not H, F or Z")))?,
        ),
    };
    let doc = read_document(tournament)?;
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
/// result a board in board order from the white team's side ([`record_team_round`]); the tournament
/// as JSON text.
pub fn record_team_round_named(
    tournament: &[u8],
    pairing: &Round,
    results: &[Vec<String>],
) -> Result<String> {
    let results = results
        .iter()
        .enumerate()
        .map(|(i, r)| parse_results(r, &format!("match {}, board", i + 1)))
        .collect::<Result<Vec<_>>>()?;
    let doc = read_team_document(tournament)?;
    json::document_to_string(&record_team_round(&doc, pairing, &results)?)
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
