//! The fields every record shares: counts, round and starting numbers, points, and columns of a line.

use super::{MAX_ROUNDS, MAX_START_NUMBER};
use crate::error::{Error, Result};
use crate::score::Score;

pub(super) fn parse_count(text: &str, at: Option<usize>, code: &str, what: &str) -> Result<u32> {
    let t = text.trim();
    match t.parse::<u32>() {
        Ok(n) if t.bytes().all(|b| b.is_ascii_digit()) && n as usize <= MAX_ROUNDS => Ok(n),
        Ok(_) if t.bytes().all(|b| b.is_ascii_digit()) => Err(Error::invalid(
            at,
            format!("{code} {what}"),
            format!("{t} is more than {MAX_ROUNDS}"),
        )),
        _ if t.len() > 3 && t.bytes().all(|b| b.is_ascii_digit()) => Err(Error::invalid(
            at,
            format!("{code} {what}"),
            format!("{t} is more than {MAX_ROUNDS}"),
        )),
        _ => Err(Error::invalid(
            at,
            format!("{code} {what}"),
            format!("'{t}' is not a number"),
        )),
    }
}

pub(super) fn parse_round_number(text: &str, at: Option<usize>, field: &str) -> Result<u32> {
    parse_number_from_1(text, at, field, ("a round number", MAX_ROUNDS as u32))
}

pub(super) fn parse_start_number(text: &str, at: Option<usize>, field: &str) -> Result<u32> {
    parse_number_from_1(text, at, field, ("a starting number", MAX_START_NUMBER))
}

/// A number from 1 to `max`, named `what` in the error.
fn parse_number_from_1(
    text: &str,
    at: Option<usize>,
    field: &str,
    (what, max): (&str, u32),
) -> Result<u32> {
    let t = text.trim();
    if t.is_empty() {
        return Err(Error::invalid(at, field, "missing"));
    }
    if !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::invalid(at, field, format!("'{t}' is not a number")));
    }
    match t.parse::<u32>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(Error::invalid(
            at,
            field,
            format!("{t} is not {what} from 1 to {max}"),
        )),
    }
}

pub(super) fn parse_id_list<'a>(
    tokens: impl Iterator<Item = &'a str>,
    at: Option<usize>,
    field: &str,
) -> Result<Vec<u32>> {
    tokens.map(|t| parse_start_number(t, at, field)).collect()
}

pub(super) fn parse_points(text: &str, at: Option<usize>, field: &str) -> Result<Score> {
    Score::parse(text).ok_or_else(|| {
        Error::invalid(
            at,
            field,
            format!(
                "'{}' is not a number of points with at most one decimal",
                text.trim()
            ),
        )
    })
}

/// The characters of a line in columns `from..=to` (1-based, inclusive), or fewer where the line is short.
pub(super) fn columns(chars: &[char], from: usize, to: usize) -> String {
    let start = (from - 1).min(chars.len());
    let end = to.min(chars.len());
    chars[start..end].iter().collect()
}
