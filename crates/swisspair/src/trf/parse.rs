//! The TRF reader: text to records, with an error naming the line and field for anything malformed.

use super::encoding::{count_line_breaks, decode_windows_1252_lines, split_lines};
use super::fields::{
    columns, parse_count, parse_id_list, parse_points, parse_round_number, parse_start_number,
};
use super::player::{parse_player, MAX_LINE_CHARS};
use super::{
    AbnormalPoints, AccelerationRange, ByeRequestKind, InitialColour, Line, PointKey, Record, Trf,
    MAX_ROUNDS,
};
use crate::error::{Error, Result};
use crate::score::Score;

/// Reads a TRF file from bytes: UTF-8 (a byte-order mark is skipped), any line ending. A file that is not
/// UTF-8 is read line by line: lines that are valid UTF-8 as they are, the others as Windows-1252 (which
/// contains every printable Latin-1 character), with one warning naming the first such line. Bytes no text
/// file holds (NUL and most control characters) are refused.
pub fn parse_bytes(bytes: &[u8]) -> Result<Trf> {
    parse_bytes_as(bytes, Kind::Individual)
}

/// Reads a team tournament's file (C.04.6): as [`parse_bytes`], without refusing the team records.
pub fn parse_team_bytes(bytes: &[u8]) -> Result<Trf> {
    parse_bytes_as(bytes, Kind::Team)
}

/// Which tournaments a read accepts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Individual tournaments only: a team tournament is refused before its player records are read.
    Individual,
    /// Team tournaments as well (their records are kept as [`Record::Other`]).
    Team,
}

fn parse_bytes_as(bytes: &[u8], kind: Kind) -> Result<Trf> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => parse_as(text, kind),
        Err(e) => {
            let good = bytes.get(..e.valid_up_to()).unwrap_or_default();
            let line = 1 + count_line_breaks(good);
            let line_start = good
                .iter()
                .rposition(|&b| b == b'\n' || b == b'\r')
                .map_or(0, |p| p + 1);
            let column = std::str::from_utf8(good.get(line_start..).unwrap_or_default())
                .map_or(0, |s| s.chars().count())
                + 1;
            let byte = bytes.get(e.valid_up_to()).copied().unwrap_or(0);
            if let Some((offset, control)) = bytes
                .iter()
                .enumerate()
                .find(|(_, &b)| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0C | 0x1A))
            {
                let before = bytes.get(..offset).unwrap_or_default();
                return Err(Error::invalid(
                    Some(1 + count_line_breaks(before)),
                    "encoding",
                    format!(
                        "byte 0x{control:02X} (a control character) in a file that is not UTF-8 either: this is not a text file"
                    ),
                ));
            }
            let text = decode_windows_1252_lines(bytes);
            let mut trf = parse_as(&text, kind)?;
            trf.warnings.insert(
                0,
                format!(
                    "{line}: encoding: column {column}: not UTF-8 (byte 0x{byte:02X}); the file is read as Latin-1 (Windows-1252), its other UTF-8 lines as UTF-8"
                ),
            );
            Ok(trf)
        }
    }
}

/// Reads a TRF file from text.
pub fn parse(text: &str) -> Result<Trf> {
    parse_as(text, Kind::Individual)
}

fn parse_as(text: &str, kind: Kind) -> Result<Trf> {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let mut trf = Trf::default();
    let lines = split_lines(text);
    if kind == Kind::Individual {
        refuse_team_tournament(&lines)?;
    }
    for (index, raw) in lines.into_iter().enumerate() {
        let number = index + 1;
        if raw.contains('\0') {
            return Err(Error::invalid(
                Some(number),
                "encoding",
                "NUL byte: this is not a text file",
            ));
        }
        let chars = raw.chars().count();
        if chars > MAX_LINE_CHARS {
            return Err(Error::invalid(
                Some(number),
                "line",
                format!("{chars} characters long; a record with {MAX_ROUNDS} rounds needs at most {MAX_LINE_CHARS}"),
            ));
        }
        let record = parse_record(raw, number, &mut trf.warnings)?;
        trf.lines.push(Line {
            number,
            text: raw.to_string(),
            record,
        });
    }
    if trf.players().next().is_none() {
        let what = if trf.lines.iter().all(|l| l.text.trim().is_empty()) {
            "the file is empty"
        } else {
            "no player records (lines starting with 001)"
        };
        return Err(Error::invalid(None, "file", what));
    }
    Ok(trf)
}

/// A team tournament (TRF-2026 `192 FIDE_TEAM_...`, or team records `310`) is refused before any player
/// record is read: its player records follow team rules (board results, team forfeits) that an individual
/// reading would misreport.
fn refuse_team_tournament(lines: &[&str]) -> Result<()> {
    for (index, raw) in lines.iter().enumerate() {
        let code = raw.get(..3).unwrap_or("");
        let rest = raw.get(3..).unwrap_or("").trim();
        if code == "192" && rest.to_ascii_uppercase().contains("TEAM") {
            return Err(team_tournament(
                index + 1,
                "192 tournament type",
                format!("192 {rest}"),
            ));
        }
        if code == "310" {
            return Err(team_tournament(
                index + 1,
                "310 team record",
                "310 team records".to_string(),
            ));
        }
    }
    Ok(())
}

/// The refusal of a team tournament, `what` naming the record that says so.
pub(crate) fn team_tournament(line: usize, field: &str, what: String) -> Error {
    Error::invalid(
        Some(line),
        field,
        format!("a team tournament ({what}): pair it with the team system (--team, C.04.6); the individual systems pair individual tournaments"),
    )
}

/// Reads one line as a record (`number` is its line number, for errors).
pub fn parse_line(line: &str, number: usize) -> Result<Record> {
    parse_record(line, number, &mut Vec::new())
}

fn parse_record(line: &str, number: usize, warnings: &mut Vec<String>) -> Result<Record> {
    let code = line.get(..3).unwrap_or("");
    let rest = line.get(3..).unwrap_or("");
    let at = Some(number);
    Ok(match code {
        "001" => Record::Player(parse_player(line, number)?),
        "XXR" | "142" => {
            Record::TotalRounds(parse_count(rest, at, code, "total number of rounds")?)
        }
        "XXC" => parse_xxc(rest, at)?,
        "152" => match rest.trim().to_ascii_uppercase().as_str() {
            "W" | "WHITE" | "WHITE1" => Record::InitialColour(InitialColour::White),
            "B" | "BLACK" | "BLACK1" => Record::InitialColour(InitialColour::Black),
            other => {
                return Err(Error::invalid(
                    at,
                    "152 initial colour",
                    format!("'{other}' is neither W nor B"),
                ))
            }
        },
        "XXS" => Record::PointValues(parse_xxs(rest, at)?),
        "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
            let value = parse_points(rest.trim(), at, code)?;
            let keys: &[PointKey] = match code {
                "BBW" => &[PointKey::WinWhite, PointKey::WinBlack],
                "BBD" => &[PointKey::DrawWhite, PointKey::DrawBlack],
                "BBL" => &[PointKey::LossWhite, PointKey::LossBlack],
                "BBZ" => &[PointKey::ZeroPointBye],
                "BBF" => &[PointKey::ForfeitLoss],
                _ => &[PointKey::PairingAllocatedBye],
            };
            Record::PointValues(keys.iter().map(|&k| (k, value)).collect())
        }
        "162" => Record::PointValues(parse_162(rest, number, warnings)?),
        "XXA" => {
            let mut tokens = rest.split_whitespace();
            let player = match tokens.next() {
                Some(t) => parse_start_number(t, at, "XXA player")?,
                None => return Err(Error::invalid(at, "XXA player", "missing starting number")),
            };
            let points = tokens
                .enumerate()
                .map(|(i, t)| parse_points(t, at, &format!("XXA round {}", i + 1)))
                .collect::<Result<Vec<_>>>()?;
            if points.len() > MAX_ROUNDS {
                return Err(Error::invalid(
                    at,
                    "XXA",
                    format!("more than {MAX_ROUNDS} rounds"),
                ));
            }
            Record::Acceleration { player, points }
        }
        "250" => {
            let tokens: Vec<&str> = rest.split_whitespace().collect();
            if tokens.len() != 5 {
                return Err(Error::invalid(
                    at,
                    "250 acceleration",
                    format!(
                        "expected 5 fields (points, first round, last round, first player, last player), found {}",
                        tokens.len()
                    ),
                ));
            }
            Record::AccelerationRange(AccelerationRange {
                points: parse_points(tokens[0], at, "250 points")?,
                first_round: parse_round_number(tokens[1], at, "250 first round")?,
                last_round: parse_round_number(tokens[2], at, "250 last round")?,
                first_player: parse_start_number(tokens[3], at, "250 first player")?,
                last_player: parse_start_number(tokens[4], at, "250 last player")?,
            })
        }
        "XXP" => Record::ForbiddenPairs(parse_id_list(rest.split_whitespace(), at, "XXP player")?),
        "XXZ" => Record::Absent(parse_id_list(rest.split_whitespace(), at, "XXZ player")?),
        "260" => {
            let mut tokens = rest.split_whitespace();
            let first_round =
                parse_round_number(tokens.next().unwrap_or(""), at, "260 first round")?;
            let last_round = parse_round_number(tokens.next().unwrap_or(""), at, "260 last round")?;
            let players = parse_id_list(tokens, at, "260 player")?;
            Record::ProhibitedPairs {
                first_round,
                last_round,
                players,
            }
        }
        "240" => {
            let mut tokens = rest.split_whitespace();
            let kind = match tokens.next().map(|t| t.to_ascii_uppercase()) {
                Some(t) if t == "F" => ByeRequestKind::Full,
                Some(t) if t == "H" => ByeRequestKind::Half,
                Some(t) if t == "Z" => ByeRequestKind::Zero,
                other => {
                    return Err(Error::invalid(
                        at,
                        "240 bye type",
                        format!("'{}' is not F, H or Z", other.unwrap_or_default()),
                    ))
                }
            };
            let round = parse_round_number(tokens.next().unwrap_or(""), at, "240 round")?;
            let players = parse_id_list(tokens, at, "240 player")?;
            Record::ByeRequest {
                kind,
                round,
                players,
            }
        }
        "299" => Record::AbnormalPoints(parse_299(line, number)?),
        "192" => Record::TournamentType(rest.trim().to_string()),
        "XXM" => match rest.trim().to_ascii_lowercase().as_str() {
            "1" | "on" => Record::MaxiTournament(true),
            "0" | "off" => Record::MaxiTournament(false),
            other => {
                return Err(Error::invalid(
                    at,
                    "XXM maxi-tournament",
                    format!("'{other}' is not 1, on, 0 or off"),
                ))
            }
        },
        _ => Record::Other,
    })
}

fn parse_xxc(rest: &str, at: Option<usize>) -> Result<Record> {
    let mut colour = None;
    for token in rest.split_whitespace() {
        colour = Some(match token.to_ascii_lowercase().as_str() {
            "white1" | "white" | "w1" | "w" => InitialColour::White,
            "black1" | "black" | "b1" | "b" => InitialColour::Black,
            "rank" => InitialColour::Rank,
            other => {
                return Err(Error::invalid(
                    at,
                    "XXC",
                    format!("'{other}' is not one of white1, black1, rank"),
                ))
            }
        });
    }
    match colour {
        Some(c) => Ok(Record::InitialColour(c)),
        None => Err(Error::invalid(
            at,
            "XXC",
            "missing value (white1 or black1)",
        )),
    }
}

fn parse_xxs(rest: &str, at: Option<usize>) -> Result<Vec<(PointKey, Score)>> {
    let mut values = Vec::new();
    for token in rest.split_whitespace() {
        let Some((key, value)) = token.split_once('=') else {
            return Err(Error::invalid(
                at,
                "XXS",
                format!("'{token}' is not CODE=VALUE"),
            ));
        };
        let value = parse_points(value, at, &format!("XXS {key}"))?;
        let keys: &[PointKey] = match key.to_ascii_uppercase().as_str() {
            "WW" => &[PointKey::WinWhite],
            "BW" => &[PointKey::WinBlack],
            "WD" => &[PointKey::DrawWhite],
            "BD" => &[PointKey::DrawBlack],
            "WL" => &[PointKey::LossWhite],
            "BL" => &[PointKey::LossBlack],
            "W" => &[PointKey::WinWhite, PointKey::WinBlack],
            "D" => &[PointKey::DrawWhite, PointKey::DrawBlack],
            "L" => &[PointKey::LossWhite, PointKey::LossBlack],
            "ZPB" => &[PointKey::ZeroPointBye],
            "HPB" => &[PointKey::HalfPointBye],
            "FPB" => &[PointKey::FullPointBye],
            "PAB" => &[PointKey::PairingAllocatedBye],
            "FW" => &[PointKey::ForfeitWin],
            "FL" => &[PointKey::ForfeitLoss],
            other => {
                return Err(Error::invalid(
                    at,
                    "XXS",
                    format!(
                    "unknown code '{other}' (known: WW BW WD BD WL BL W D L ZPB HPB FPB PAB FW FL)"
                ),
                ))
            }
        };
        values.extend(keys.iter().map(|&k| (k, value)));
    }
    Ok(values)
}

/// TRF26 `162`: pairs of a symbol and a value, e.g. `W 1.0 D 0.5 L 0.0 A 0.0 P 1.0`.
fn parse_162(
    rest: &str,
    number: usize,
    warnings: &mut Vec<String>,
) -> Result<Vec<(PointKey, Score)>> {
    let at = Some(number);
    // TRF-2026 lays the record out by columns: a symbol in column 6, its value in columns 7-10, the next
    // symbol 9 columns on. Read that way, a value of 10 or more (`W10.0`, symbol and value touching) is
    // read too; a record laid out otherwise is read as blank-separated symbol-value pairs.
    let owned: Vec<String>;
    let tokens: Vec<&str> = match columns_162(rest) {
        Some(pairs) => {
            owned = pairs;
            owned.iter().map(String::as_str).collect()
        }
        None => rest.split_whitespace().collect(),
    };
    let mut values = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let symbol = tokens[i];
        let Some(value) = tokens.get(i + 1) else {
            return Err(Error::invalid(
                at,
                "162 point system",
                format!("symbol '{symbol}' has no value"),
            ));
        };
        let value = parse_points(value, at, &format!("162 {symbol}"))?;
        let keys: &[PointKey] = match symbol.to_ascii_uppercase().as_str() {
            "W" => &[PointKey::WinWhite, PointKey::WinBlack],
            "D" => &[PointKey::DrawWhite, PointKey::DrawBlack],
            "L" => &[PointKey::LossWhite, PointKey::LossBlack],
            "A" => &[PointKey::ZeroPointBye, PointKey::ForfeitLoss],
            "P" => &[PointKey::PairingAllocatedBye],
            "H" => &[PointKey::HalfPointBye],
            "F" => &[PointKey::FullPointBye],
            _ => {
                warnings.push(format!(
                    "{number}: 162 point system: symbol '{symbol}' not understood; ignored"
                ));
                &[]
            }
        };
        values.extend(keys.iter().map(|&k| (k, value)));
        i += 2;
    }
    Ok(values)
}

/// TRF-2026 `299`, by columns: the kind of result in column 5 (blank: a bonus or penalty), match points in
/// 8-11, points in 14-17, the round in 20-22 (blank or `000`: every round), then starting numbers in 4
/// columns every 5 columns from column 24 (none, or `0000`: every player).
fn parse_299(line: &str, number: usize) -> Result<AbnormalPoints> {
    let at = Some(number);
    let chars: Vec<char> = line.chars().collect();
    let kind = match columns(&chars, 5, 5)
        .chars()
        .next()
        .map(|c| c.to_ascii_uppercase())
    {
        None | Some(' ') => None,
        Some(c) if "WDLFHZ+-".contains(c) => Some(c),
        Some(c) => {
            return Err(Error::invalid(
                at,
                "299 result type (column 5)",
                format!("'{c}' is not one of W D L F H Z + - or blank"),
            ))
        }
    };
    let points_in = |from: usize, to: usize, field: &str| -> Result<Option<Score>> {
        let text = columns(&chars, from, to);
        if text.trim().is_empty() {
            Ok(None)
        } else {
            parse_points(&text, at, field).map(Some)
        }
    };
    let match_points = points_in(8, 11, "299 match points (columns 8-11)")?;
    let points = points_in(14, 17, "299 points (columns 14-17)")?;
    for (column, c) in chars.iter().enumerate().take(23).skip(5) {
        if !matches!(column + 1, 8..=11 | 14..=17 | 20..=22) && *c != ' ' {
            return Err(Error::invalid(
                at,
                "299",
                format!(
                    "column {}: '{c}' where a blank is expected (type in 5, match points in 8-11, points in 14-17, round in 20-22, players from 24)",
                    column + 1
                ),
            ));
        }
    }
    let round_text = columns(&chars, 20, 22);
    let round = match round_text.trim() {
        "" => None,
        t if t.bytes().all(|b| b == b'0') => None,
        t => Some(parse_round_number(t, at, "299 round (columns 20-22)")?),
    };
    let mut players = Vec::new();
    let mut from = 24;
    while from <= chars.len() {
        let text = columns(&chars, from, from + 3);
        let separator = columns(&chars, from + 4, from + 4);
        if !separator.trim().is_empty() {
            return Err(Error::invalid(
                at,
                format!("299 player (columns {from}-{})", from + 3),
                format!("'{}' runs into column {}", text.trim(), from + 4),
            ));
        }
        match text.trim() {
            "" => {}
            t if t.bytes().all(|b| b == b'0') => {}
            t => players.push(parse_start_number(
                t,
                at,
                &format!("299 player (columns {from}-{})", from + 3),
            )?),
        }
        from += 5;
    }
    if match_points.is_none() && points.is_none() {
        return Err(Error::invalid(
            at,
            "299",
            "no points: match points belong in columns 8-11, points in columns 14-17",
        ));
    }
    Ok(AbnormalPoints {
        kind,
        match_points,
        points,
        round,
        players,
    })
}

/// The symbol-value pairs of a `162` record laid out by its columns (`rest` starts at column 4), as
/// tokens `symbol, value, symbol, value, ...`; `None` when the record is not laid out that way.
fn columns_162(rest: &str) -> Option<Vec<String>> {
    let chars: Vec<char> = rest.chars().collect();
    let mut tokens = Vec::new();
    // Column 6 of the line is index 2 of `rest`.
    let mut at = 2;
    if chars.iter().take(at).any(|c| *c != ' ') {
        return None;
    }
    while at < chars.len() {
        let field: String = chars.get(at..(at + 9).min(chars.len()))?.iter().collect();
        let symbol = field.chars().next()?;
        let value: String = field.chars().skip(1).take(4).collect();
        let after: String = field.chars().skip(5).collect();
        if field.trim().is_empty() {
            at += 9;
            continue;
        }
        if !symbol.is_ascii_alphabetic()
            || Score::parse(&value).is_none()
            || !after.trim().is_empty()
        {
            return None;
        }
        tokens.push(symbol.to_string());
        tokens.push(value.trim().to_string());
        at += 9;
    }
    (!tokens.is_empty()).then_some(tokens)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trf::ResultCode;

    fn player_line(rounds: &str) -> String {
        let head = format!(
            "001 {:>4} {:1}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
            1, "m", "GM", "Player One", 2500, "NED", "12345678", "1990/01/01", "1.0", 1
        );
        assert_eq!(head.len(), 89);
        format!("{head}  {rounds}")
    }

    #[test]
    fn reads_all_line_endings() {
        let body = ["012 Test", &player_line("   2 w 1"), "XXR 5"];
        for sep in ["\n", "\r\n", "\r"] {
            let trf = parse(&body.join(sep)).unwrap();
            assert_eq!(trf.lines.len(), 3);
            assert_eq!(trf.lines[2].record, Record::TotalRounds(5));
        }
    }

    #[test]
    fn reads_player_fields() {
        let trf = parse(&player_line("   2 w 1     3 b =  0000 - H")).unwrap();
        let (_, p) = trf.players().next().unwrap();
        assert_eq!(p.start_number, 1);
        assert_eq!(p.title, "GM");
        assert_eq!(p.name, "Player One");
        assert_eq!(p.rating, 2500);
        assert_eq!(p.points, Some(Score(10)));
        assert_eq!(p.rounds.len(), 3);
        assert_eq!(p.rounds[1].result, ResultCode::Draw);
        assert_eq!(p.rounds[2].result, ResultCode::HalfPointBye);
        assert_eq!(p.rounds[2].opponent, None);
    }

    #[test]
    fn errors_name_line_and_field() {
        let text = format!("012 x\n{}", player_line("   2 w X"));
        let e = parse(&text).unwrap_err();
        assert_eq!(e.line(), Some(2));
        assert!(e.to_string().contains("unknown result code 'X'"), "{e}");
        let e = parse(&format!("012 x\n{}", player_line("0000 w U"))).unwrap_err();
        assert!(
            e.to_string().contains("colour on a round without opponent"),
            "{e}"
        );
        let e = parse("001 99999").unwrap_err();
        assert!(e.to_string().contains("does not fit"), "{e}");
        let e = parse("001    ").unwrap_err();
        assert!(e.to_string().contains("truncated"), "{e}");
        assert!(parse("").is_err());
        assert!(parse_bytes(b"012 x\x00\xff\n001    1")
            .unwrap_err()
            .to_string()
            .contains("not a text file"));
    }

    #[test]
    fn reads_the_maxi_tournament_record() {
        assert_eq!(
            parse_line("XXM 1", 1).unwrap(),
            Record::MaxiTournament(true)
        );
        assert_eq!(
            parse_line("XXM  ON", 1).unwrap(),
            Record::MaxiTournament(true)
        );
        assert_eq!(
            parse_line("XXM off", 1).unwrap(),
            Record::MaxiTournament(false)
        );
        let e = parse_line("XXM yes", 7).unwrap_err();
        assert_eq!(e.line(), Some(7));
        assert!(e.to_string().contains("XXM"), "{e}");
    }

    #[test]
    fn reads_extension_records() {
        let text = format!(
            "{}\nXXC black1\nBBW  3.0\nXXS W=2 HPB=1\n162  W 1.0 Q 2\n240 H   3    1   2\n250  1.0  1  2  1  8\n260 1 3 1 2\nXXP 1 2\nXXA 0001  1.0  0.5",
            player_line("")
        );
        let trf = parse(&text).unwrap();
        let records: Vec<&Record> = trf.lines.iter().map(|l| &l.record).collect();
        assert_eq!(records[1], &Record::InitialColour(InitialColour::Black));
        assert_eq!(
            records[2],
            &Record::PointValues(vec![
                (PointKey::WinWhite, Score(30)),
                (PointKey::WinBlack, Score(30))
            ])
        );
        assert_eq!(trf.warnings.len(), 1);
        assert_eq!(
            records[5],
            &Record::ByeRequest {
                kind: ByeRequestKind::Half,
                round: 3,
                players: vec![1, 2]
            }
        );
        assert_eq!(
            records[9],
            &Record::Acceleration {
                player: 1,
                points: vec![Score(10), Score(5)]
            }
        );
    }
}
