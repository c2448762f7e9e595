//! The TRF writer: player records in the TRF16 columns, every other line as it was read.

use super::{Cell, CellColour, PlayerRecord, Record, Trf};
use std::fmt::Write as _;

/// Writes a whole file with LF line endings.
pub fn write(trf: &Trf) -> String {
    let mut out = String::new();
    for line in &trf.lines {
        match &line.record {
            Record::Player(p) => out.push_str(&format_player(p)),
            _ => out.push_str(&line.text),
        }
        out.push('\n');
    }
    out
}

fn fit(text: &str, width: usize) -> String {
    text.chars().take(width).collect()
}

/// One `001` record in the TRF16 columns (trailing blanks removed).
pub fn format_player(p: &PlayerRecord) -> String {
    let mut line = String::with_capacity(100 + p.rounds.len() * 10);
    let points = p.points.map(|s| s.to_string()).unwrap_or_default();
    let rank = p.rank.map(|r| r.to_string()).unwrap_or_default();
    let rating = if p.rating == 0 {
        String::new()
    } else {
        p.rating.to_string()
    };
    // Writing into a String cannot fail.
    let _ = write!(
        line,
        "001 {:>4} {:1}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
        p.start_number,
        fit(&p.sex, 1),
        fit(&p.title, 3),
        fit(&p.name, 33),
        fit(&rating, 4),
        fit(&p.federation, 3),
        fit(&p.fide_id, 11),
        fit(&p.birth, 10),
        fit(&points, 4),
        fit(&rank, 4),
    );
    for cell in &p.rounds {
        line.push_str("  ");
        line.push_str(&format_cell(cell));
    }
    let trimmed = line.trim_end().len();
    line.truncate(trimmed);
    line
}

fn format_cell(cell: &Cell) -> String {
    if cell.is_blank() {
        return " ".repeat(8);
    }
    let opponent = match cell.opponent {
        Some(n) => format!("{n:>4}"),
        None => "0000".to_string(),
    };
    let colour = match cell.colour {
        Some(CellColour::White) => 'w',
        Some(CellColour::Black) => 'b',
        None => '-',
    };
    format!("{opponent} {colour} {}", cell.result.to_char())
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use super::*;

    #[test]
    fn round_trips_a_player() {
        let text = format!(
            "001 {:>4} {:1}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}  {}",
            12,
            "w",
            "WGM",
            "Some Name",
            2300,
            "NED",
            "12345678",
            "1990/01/01",
            "2.5",
            3,
            "   2 w 1  0000 - H            0000 - U     7 b ="
        );
        let text = text.as_str();
        let trf = parse(text).unwrap();
        let written = write(&trf);
        assert_eq!(written.trim_end(), text);
        assert_eq!(
            parse(&written).unwrap().lines[0].record,
            trf.lines[0].record
        );
    }
}
