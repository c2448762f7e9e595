//! The player record (`001`): its fixed columns and one cell per round.

use super::fields::{columns, parse_points, parse_start_number};
use super::{Cell, CellColour, PlayerRecord, ResultCode, MAX_ROUNDS, MAX_START_NUMBER};
use crate::error::{Error, Result};

/// 0-based column where the first round cell of a player record starts.
pub(super) const FIRST_ROUND_COLUMN: usize = 91;
/// Width of a round cell with its separating spaces.
pub(super) const ROUND_WIDTH: usize = 10;
/// Longest line accepted (a player record with [`MAX_ROUNDS`] rounds, with room to spare).
pub(super) const MAX_LINE_CHARS: usize = FIRST_ROUND_COLUMN + ROUND_WIDTH * (MAX_ROUNDS + 1) + 200;

pub(super) fn parse_player(line: &str, number: usize) -> Result<PlayerRecord> {
    let at = Some(number);
    let chars: Vec<char> = line.chars().collect();
    // Starting number: columns 5-8, with column 4 and 9 blank.
    let wide = columns(&chars, 4, 9);
    if wide.trim().len() > 4 && wide.trim().bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::invalid(
            at,
            "starting number",
            format!(
                "{} does not fit columns 5-8 (at most {MAX_START_NUMBER})",
                wide.trim()
            ),
        ));
    }
    if chars.len() < 8 {
        return Err(Error::invalid(
            at,
            "starting number",
            "truncated player record: columns 5-8 must hold the starting number",
        ));
    }
    if chars.get(3).is_some_and(|c| *c != ' ') {
        return Err(Error::invalid(
            at,
            "starting number",
            "column 4 must be blank",
        ));
    }
    let start_number =
        parse_start_number(&columns(&chars, 5, 8), at, "starting number (columns 5-8)")?;
    let rating_text = columns(&chars, 49, 52);
    let rating = if rating_text.trim().is_empty() {
        0
    } else if rating_text.trim().bytes().all(|b| b.is_ascii_digit()) {
        rating_text.trim().parse().unwrap_or(0)
    } else {
        return Err(Error::invalid(
            at,
            "rating (columns 49-52)",
            format!("'{}' is not a number", rating_text.trim()),
        ));
    };
    let points_text = columns(&chars, 81, 84);
    let points = if points_text.trim().is_empty() {
        None
    } else {
        Some(parse_points(&points_text, at, "points (columns 81-84)")?)
    };
    let rank_text = columns(&chars, 86, 89);
    let rank = if rank_text.trim().is_empty() {
        None
    } else if rank_text.trim().bytes().all(|b| b.is_ascii_digit()) {
        rank_text.trim().parse().ok()
    } else {
        return Err(Error::invalid(
            at,
            "rank (columns 86-89)",
            format!("'{}' is not a number", rank_text.trim()),
        ));
    };
    if chars.len() > 89
        && chars[89..chars.len().min(FIRST_ROUND_COLUMN)]
            .iter()
            .any(|c| *c != ' ')
    {
        return Err(Error::invalid(
            at,
            "round 1",
            "columns 90-91 must be blank: the first round starts at column 92",
        ));
    }
    let mut rounds = Vec::new();
    let mut start = FIRST_ROUND_COLUMN;
    while start < chars.len() {
        let round = rounds.len() + 1;
        if round > MAX_ROUNDS {
            return Err(Error::invalid(
                at,
                "rounds",
                format!("more than {MAX_ROUNDS} rounds"),
            ));
        }
        let end = (start + ROUND_WIDTH).min(chars.len());
        rounds.push(parse_cell(&chars[start..end], number, round, start + 1)?);
        start += ROUND_WIDTH;
    }
    while rounds.last().is_some_and(Cell::is_blank) {
        rounds.pop();
    }
    Ok(PlayerRecord {
        start_number,
        sex: columns(&chars, 10, 10).trim().to_string(),
        title: columns(&chars, 11, 13).trim().to_string(),
        name: columns(&chars, 15, 47).trim().to_string(),
        rating,
        federation: columns(&chars, 54, 56).trim().to_string(),
        fide_id: columns(&chars, 58, 68).trim().to_string(),
        birth: columns(&chars, 70, 79).trim().to_string(),
        points,
        rank,
        rounds,
    })
}

/// One round cell: `OOOO C R` plus two separating blanks. `column` is the 1-based column of its start.
pub(super) fn parse_cell(cell: &[char], line: usize, round: usize, column: usize) -> Result<Cell> {
    let at = Some(line);
    let get = |i: usize| cell.get(i).copied().unwrap_or(' ');
    for (offset, what) in [
        (4, "after the opponent"),
        (6, "after the colour"),
        (8, "after the result"),
        (9, "after the result"),
    ] {
        if get(offset) != ' ' {
            return Err(Error::invalid(
                at,
                format!("round {round}"),
                format!(
                    "column {}: expected a blank {what}, found '{}' (cells are 'OOOO C R' every 10 columns from column 92)",
                    column + offset,
                    get(offset)
                ),
            ));
        }
    }
    let opponent_text: String = cell.iter().take(4).collect();
    let opponent_text = opponent_text.trim();
    let opponent = if opponent_text.is_empty() {
        None
    } else if opponent_text.bytes().all(|b| b.is_ascii_digit()) {
        match opponent_text.parse::<u32>() {
            Ok(0) => None,
            Ok(n) => Some(n),
            Err(_) => None,
        }
    } else {
        return Err(Error::invalid(
            at,
            format!("round {round} opponent (columns {}-{})", column, column + 3),
            format!("'{opponent_text}' is not a starting number"),
        ));
    };
    let colour = match get(5) {
        'w' | 'W' => Some(CellColour::White),
        'b' | 'B' => Some(CellColour::Black),
        '-' | ' ' => None,
        other => {
            return Err(Error::invalid(
                at,
                format!("round {round} colour (column {})", column + 5),
                format!("'{other}' is not w, b or -"),
            ))
        }
    };
    let result_char = get(7);
    let result = ResultCode::from_char(result_char).ok_or_else(|| {
        Error::invalid(
            at,
            format!("round {round} result (column {})", column + 7),
            format!(
                "unknown result code '{result_char}' (known: 1 = 0 W D L + - H F U Z or blank)"
            ),
        )
    })?;
    let field = format!("round {round}");
    match opponent {
        Some(opponent) => {
            if !result.is_game() {
                if result == ResultCode::Blank {
                    return Err(Error::invalid(
                        at,
                        "results",
                        format!("round {round} is paired but has no results — enter them first (the game against {opponent} has none)"),
                    ));
                }
                return Err(Error::invalid(
                    at,
                    field,
                    format!(
                        "result '{}' is a bye code but the cell names opponent {opponent}",
                        result.to_char()
                    ),
                ));
            }
            if colour.is_none()
                && !matches!(result, ResultCode::ForfeitWin | ResultCode::ForfeitLoss)
            {
                return Err(Error::invalid(
                    at,
                    field,
                    format!("game against {opponent} has no colour (w or b)"),
                ));
            }
        }
        None => {
            if colour.is_some() {
                return Err(Error::invalid(
                    at,
                    field,
                    "a colour on a round without opponent (a bye or absence has colour '-')",
                ));
            }
        }
    }
    Ok(Cell {
        opponent,
        colour,
        result,
    })
}
