//! The TRF writer: player records in the TRF16 columns, every other line as it was read; and the text of
//! the TRF-2026 records (`142`, `152`, `162`, `192`, `240`) for lines a program makes.

use super::{ByeRequestKind, Cell, CellColour, InitialColour, PlayerRecord, PointKey, Record, Trf};
use crate::error::{Error, Result};
use crate::score::Score;
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

/// The symbols of a TRF-2026 `162` record and the point values each stands for, in the order the reader
/// expands them (W: win, D: draw, L: loss, A: absence — a zero-point bye or a forfeit loss —, P: the
/// pairing-allocated bye). TRF-2026 counts a forfeit win and a full-point bye as W and a half-point bye
/// as D; the reader's defaults do the same.
const SYMBOLS_162: [(char, &[PointKey]); 5] = [
    ('W', &[PointKey::WinWhite, PointKey::WinBlack]),
    ('D', &[PointKey::DrawWhite, PointKey::DrawBlack]),
    ('L', &[PointKey::LossWhite, PointKey::LossBlack]),
    ('A', &[PointKey::ZeroPointBye, PointKey::ForfeitLoss]),
    ('P', &[PointKey::PairingAllocatedBye]),
];

/// The largest value a `162` field holds: TRF-2026 gives each value columns 7-10 right after the symbol
/// in column 6, so from 10.0 up symbol and value touch (`W10.0`); the reader reads the record by its
/// columns and splits them.
pub const MAX_162_VALUE: Score = Score(999);

/// The text of a TRF-2026 record: `142` (total rounds), `152` (initial colour), `162` (point system),
/// `192` (coded tournament type) and `240` (byes of a round). Other records, and values the record
/// cannot hold, are an error. Reading the text back ([`super::parse_line`]) gives `record` again.
pub fn format_trf26(record: &Record) -> Result<String> {
    let refuse = |field: &str, message: String| Err(Error::invalid(None, field, message));
    match record {
        Record::TotalRounds(n) => Ok(format!("142 {n}")),
        Record::InitialColour(InitialColour::White) => Ok("152 W".to_string()),
        Record::InitialColour(InitialColour::Black) => Ok("152 B".to_string()),
        Record::InitialColour(InitialColour::Rank) => refuse(
            "152 initial colour",
            "TRF-2026 has no 'rank' initial colour (W or B only)".to_string(),
        ),
        Record::PointValues(values) => format_162(values),
        Record::TournamentType(code) => {
            if code.trim().is_empty() || code.trim() != code || code.contains(['\n', '\r']) {
                return refuse("192 tournament type", format!("'{code}' is not a code"));
            }
            Ok(format!("192 {code}"))
        }
        Record::ByeRequest {
            kind,
            round,
            players,
        } => {
            if players.is_empty() {
                return refuse(
                    "240 player",
                    "a 240 record names at least one player".into(),
                );
            }
            let kind = match kind {
                ByeRequestKind::Full => 'F',
                ByeRequestKind::Half => 'H',
                ByeRequestKind::Zero => 'Z',
            };
            // Columns: 5 the kind, 7-9 the round, then one starting number every 5 columns from 11.
            let mut line = format!("240 {kind} {round:03}");
            for p in players {
                let _ = write!(line, " {p:>4}");
            }
            Ok(line)
        }
        // Columns: 5 the kind, 8-11 match points, 14-17 points, 20-22 the round (000: every round),
        // then one starting number every 5 columns from 24.
        Record::AbnormalPoints(a) => {
            let points = |p: Option<Score>, field: &str| -> Result<String> {
                let text = p.map(|s| s.to_string()).unwrap_or_default();
                if text.chars().count() > 4 {
                    return Err(Error::invalid(
                        None,
                        field,
                        format!("{text} does not fit in 4 columns"),
                    ));
                }
                Ok(format!("{text:>4}"))
            };
            let round = match a.round {
                None => "000".to_string(),
                Some(r) if r <= 999 => format!("{r:03}"),
                Some(r) => return refuse("299 round", format!("{r} does not fit in 3 columns")),
            };
            let mut line = format!(
                "299 {}  {}  {}  {round}",
                a.kind.unwrap_or(' '),
                points(a.match_points, "299 match points")?,
                points(a.points, "299 points")?
            );
            for p in &a.players {
                let _ = write!(line, " {p:>4}");
            }
            Ok(line)
        }
        _ => refuse(
            "TRF-2026",
            "swisspair writes no TRF-2026 record of this kind".to_string(),
        ),
    }
}

/// `162`: one symbol every 9 columns from column 6, its value right-aligned in the 4 columns after it
/// (`162  W 1.0    D 0.5    L 0.0    P 1.0`), as TRF-2026 lays it out and bbpPairings 6 reads it.
fn format_162(values: &[(PointKey, Score)]) -> Result<String> {
    let field = "162 point system";
    let mut line = String::from("162");
    let mut rest = values;
    while let Some(&(first_key, value)) = rest.first() {
        let symbol = SYMBOLS_162.iter().find(|(_, keys)| {
            rest.len() >= keys.len()
                && rest
                    .iter()
                    .zip(keys.iter())
                    .all(|(&(k, v), key)| k == *key && v == value)
        });
        let Some(&(symbol, keys)) = symbol else {
            return Err(Error::invalid(
                None,
                field,
                format!(
                    "{first_key:?} = {value} is not one of W, D, L, A (zero-point bye and forfeit loss alike), P"
                ),
            ));
        };
        if value < Score::ZERO || value > MAX_162_VALUE {
            return Err(Error::invalid(
                None,
                field,
                format!(
                    "{symbol} {value}: a value from 0.0 to {MAX_162_VALUE} (columns 7-10 after the symbol)"
                ),
            ));
        }
        let _ = write!(line, "  {symbol}{value:>4}  ");
        rest = rest.get(keys.len()..).unwrap_or_default();
    }
    if line.len() == 3 {
        return Err(Error::invalid(None, field, "no point value to write"));
    }
    let trimmed = line.trim_end().len();
    line.truncate(trimmed);
    Ok(line)
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
    use super::super::{parse, parse_line};
    use super::*;

    fn values_162(pairs: &[(char, i32)]) -> Vec<(PointKey, Score)> {
        pairs
            .iter()
            .flat_map(|&(symbol, tenths)| {
                let keys = SYMBOLS_162
                    .iter()
                    .find(|(s, _)| *s == symbol)
                    .map_or(&[][..], |(_, k)| *k);
                keys.iter().map(move |&k| (k, Score(tenths)))
            })
            .collect()
    }

    #[test]
    fn trf26_records_read_back_as_written() {
        let records = [
            Record::TotalRounds(9),
            Record::TotalRounds(999),
            Record::InitialColour(InitialColour::White),
            Record::InitialColour(InitialColour::Black),
            Record::TournamentType("FIDE_DUTCH_2025".into()),
            Record::PointValues(values_162(&[('W', 10), ('D', 5), ('L', 0), ('P', 5)])),
            Record::PointValues(values_162(&[
                ('W', 30),
                ('D', 10),
                ('L', 0),
                ('A', 5),
                ('P', 0),
            ])),
            Record::PointValues(values_162(&[('P', 99)])),
            // From 10.0 up the value touches its symbol (`W10.0`): read back by the columns.
            Record::PointValues(values_162(&[('W', 100), ('D', 50), ('L', 0), ('P', 999)])),
            Record::ByeRequest {
                kind: ByeRequestKind::Half,
                round: 3,
                players: vec![26, 47],
            },
            Record::ByeRequest {
                kind: ByeRequestKind::Zero,
                round: 12,
                players: vec![1, 9999],
            },
            Record::ByeRequest {
                kind: ByeRequestKind::Full,
                round: 1,
                players: vec![7],
            },
        ];
        for record in records {
            let text = format_trf26(&record).unwrap();
            assert_eq!(parse_line(&text, 1).unwrap(), record, "{text}");
        }
    }

    #[test]
    fn trf26_columns() {
        let text = format_trf26(&Record::PointValues(values_162(&[
            ('W', 30),
            ('D', 10),
            ('L', 0),
            ('P', 5),
        ])))
        .unwrap();
        assert_eq!(text, "162  W 3.0    D 1.0    L 0.0    P 0.5");
        // Symbols in columns 6, 15, 24, 33; values in the 4 columns after each.
        for (i, symbol) in ['W', 'D', 'L', 'P'].into_iter().enumerate() {
            assert_eq!(text.chars().nth(5 + 9 * i), Some(symbol));
        }
        assert_eq!(&text[6..10], " 3.0");
        assert_eq!(
            format_trf26(&Record::ByeRequest {
                kind: ByeRequestKind::Half,
                round: 3,
                players: vec![26, 47],
            })
            .unwrap(),
            "240 H 003   26   47"
        );
        assert_eq!(
            format_trf26(&Record::TotalRounds(11)).unwrap(),
            "142 11".to_string()
        );
    }

    #[test]
    fn trf26_refuses_what_it_cannot_write() {
        // A value wider than its 4 columns, a negative value, keys 162 cannot group.
        for values in [
            values_162(&[('W', 1000)]),
            values_162(&[('D', -5)]),
            vec![(PointKey::WinWhite, Score(10))],
            vec![
                (PointKey::ZeroPointBye, Score(5)),
                (PointKey::ForfeitLoss, Score(0)),
            ],
            vec![(PointKey::HalfPointBye, Score(5))],
            Vec::new(),
        ] {
            let e = format_trf26(&Record::PointValues(values.clone())).unwrap_err();
            assert_eq!(e.exit_code(), 3, "{values:?}");
        }
        assert!(format_trf26(&Record::InitialColour(InitialColour::Rank)).is_err());
        assert!(format_trf26(&Record::Other).is_err());
        assert!(format_trf26(&Record::ByeRequest {
            kind: ByeRequestKind::Zero,
            round: 2,
            players: Vec::new()
        })
        .is_err());
    }

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
