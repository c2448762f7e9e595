//! JSON: a tournament as a JSON document (in and out), and the pairing and the checker's report as JSON.
//!
//! The tournament document follows `schema/tournament.schema.json` (in this crate's folder, also
//! [`TOURNAMENT_SCHEMA`]). It holds every record swisspair reads from a TRF file, one JSON field per kind
//! of record, so that TRF → JSON → TRF gives the same tournament:
//!
//! | JSON field | TRF records |
//! | --- | --- |
//! | `players` | `001` |
//! | `teams` | `310` (a team tournament's rosters; its rules are the `tournament_type` code) |
//! | `total_rounds` | `XXR`, `142` |
//! | `initial_colour` | `XXC`, `152` |
//! | `points` | `XXS`, `BBW`..`BBU`, `162` (merged: a later record overrides an earlier one) |
//! | `tournament_type` | `192` |
//! | `maxi` | `XXM` |
//! | `acceleration` | `XXA` |
//! | `acceleration_ranges` | `250` |
//! | `forbidden` | `XXP` (no rounds), `260` (with rounds) |
//! | `byes` | `240` |
//! | `absent` | `XXZ` |
//! | `abnormal_points` | `299` |
//! | `other_lines` | every other line (headers, `092`, comments), verbatim |
//!
//! A JSON tournament is checked as strictly as a TRF file: it is turned into TRF records, and each record
//! must read back from its TRF text as it is (so a name longer than the 33 columns of a player record, or
//! a starting number above 9999, is refused rather than cut). Errors name the JSON field
//! (`players[3] (starting number 4): round 2 opponent`); a malformed document names its line.
//!
//! Input is detected from the content ([`is_json`]): a document whose first character (after blanks and a
//! byte-order mark) is `{` is JSON, anything else TRF.

use crate::error::{Error, Location, Result};
use crate::tournament::Tournament;
use crate::trf::{
    self, AccelerationRange, ByeRequestKind, Cell, CellColour, InitialColour, Line, PlayerRecord,
    Record, ResultCode, Trf,
};
use serde::Serialize;
use std::fmt::Write as _;

mod document;
mod team;

use document::POINT_KEYS;
pub use document::{
    AbnormalPointsJson, AccelerationJson, AccelerationRangeJson, ByeJson, ByeKindName, ColourName,
    ForbiddenJson, InitialColourName, PlayerJson, PointName, Points, ResultName, RoundJson,
    TeamJson, TournamentJson,
};
pub use team::{is_team_document, names_team_code};

/// The JSON Schema of the tournament document.
pub const TOURNAMENT_SCHEMA: &str = include_str!("../../schema/tournament.schema.json");
/// The JSON Schema of the pairing (`-p --format json`).
pub const PAIRING_SCHEMA: &str = include_str!("../../schema/pairing.schema.json");
/// The JSON Schema of the checker's report (`-c --format json`).
pub const CHECK_SCHEMA: &str = include_str!("../../schema/check.schema.json");

/// True when `bytes` hold a JSON document: the first character after blanks (and a UTF-8 byte-order
/// mark) is `{`.
pub fn is_json(bytes: &[u8]) -> bool {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    bytes
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b == b'{')
}

/// Reads a tournament from the bytes of a TRF file or a JSON document (detected by [`is_json`]).
pub fn read_tournament(bytes: &[u8]) -> Result<Tournament> {
    if is_json(bytes) {
        let doc = parse_document(bytes)?;
        document_to_tournament(&doc)
    } else {
        Tournament::from_bytes(bytes)
    }
}

/// The tournament a JSON document stands for; errors name the JSON field.
pub fn document_to_tournament(doc: &TournamentJson) -> Result<Tournament> {
    if is_team_document(doc) {
        return Err(Error::invalid(
            None,
            "teams",
            "a team tournament: the team system pairs it (system \"team\")",
        ));
    }
    let (trf, paths) = document_to_trf_with_paths(doc)?;
    Tournament::from_trf(&trf).map_err(|e| at_path(e, &paths))
}

/// Reads the records of a TRF file or a JSON document (detected by [`is_json`]); for JSON, the records
/// the document stands for, numbered as in the TRF file [`trf::write`] makes of them. A team tournament
/// ([`names_team_code`]) is read with its team records.
pub fn read_trf(bytes: &[u8]) -> Result<Trf> {
    if is_json(bytes) {
        document_to_trf(&parse_document(bytes)?)
    } else if names_team_code(bytes) {
        trf::parse_team_bytes(bytes)
    } else {
        trf::parse_bytes(bytes)
    }
}

/// Reads a JSON tournament document; a malformed document is an error naming its line.
pub fn parse_document(bytes: &[u8]) -> Result<TournamentJson> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    serde_json::from_slice(bytes).map_err(|e| {
        Error::invalid(
            Some(e.line()),
            "JSON",
            format!("column {}: {}", e.column(), strip_position(&e.to_string())),
        )
    })
}

/// serde_json's message without its " at line L column C" tail (the error carries them).
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message.get(..i).unwrap_or(message).to_string(),
        None => message.to_string(),
    }
}

/// The JSON document of a TRF file's records (every record swisspair reads, and the other lines).
pub fn trf_to_document(trf: &Trf) -> TournamentJson {
    let mut doc = TournamentJson::default();
    for line in &trf.lines {
        match &line.record {
            Record::Player(p) => doc.players.push(player_json(p)),
            Record::TotalRounds(n) => doc.total_rounds = Some(*n),
            Record::InitialColour(c) => {
                doc.initial_colour = Some(match c {
                    InitialColour::White => InitialColourName::White,
                    InitialColour::Black => InitialColourName::Black,
                    InitialColour::Rank => InitialColourName::Rank,
                })
            }
            Record::PointValues(values) => {
                for (key, value) in values {
                    doc.points.insert(*key, Points(*value));
                }
            }
            Record::Acceleration { player, points } => doc.acceleration.push(AccelerationJson {
                player: *player,
                points: points.iter().copied().map(Points).collect(),
            }),
            Record::AccelerationRange(a) => doc.acceleration_ranges.push(AccelerationRangeJson {
                points: Points(a.points),
                first_round: a.first_round,
                last_round: a.last_round,
                first_player: a.first_player,
                last_player: a.last_player,
            }),
            Record::ForbiddenPairs(players) => doc.forbidden.push(ForbiddenJson {
                players: players.clone(),
                first_round: None,
                last_round: None,
            }),
            Record::ProhibitedPairs {
                first_round,
                last_round,
                players,
            } => doc.forbidden.push(ForbiddenJson {
                players: players.clone(),
                first_round: Some(*first_round),
                last_round: Some(*last_round),
            }),
            Record::ByeRequest {
                kind,
                round,
                players,
            } => doc.byes.push(ByeJson {
                kind: match kind {
                    ByeRequestKind::Full => ByeKindName::Full,
                    ByeRequestKind::Half => ByeKindName::Half,
                    ByeRequestKind::Zero => ByeKindName::Zero,
                },
                round: *round,
                players: players.clone(),
            }),
            Record::Absent(players) => doc.absent.extend(players.iter().copied()),
            Record::TournamentType(code) => doc.tournament_type = Some(code.clone()),
            Record::MaxiTournament(on) => doc.maxi = Some(*on),
            Record::AbnormalPoints(a) => doc.abnormal_points.push(AbnormalPointsJson {
                kind: a.kind,
                match_points: a.match_points.map(Points),
                points: a.points.map(Points),
                round: a.round,
                players: a.players.clone(),
            }),
            Record::Other => match team::team_json(&line.text) {
                Some(t) => doc.teams.push(t),
                None => doc.other_lines.push(line.text.clone()),
            },
        }
    }
    doc
}

fn player_json(p: &PlayerRecord) -> PlayerJson {
    let used = p
        .rounds
        .iter()
        .rposition(|c| !c.is_blank())
        .map_or(0, |i| i + 1);
    PlayerJson {
        start_number: p.start_number,
        name: p.name.clone(),
        sex: p.sex.clone(),
        title: p.title.clone(),
        rating: p.rating,
        federation: p.federation.clone(),
        fide_id: p.fide_id.clone(),
        birth: p.birth.clone(),
        points: p.points.map(Points),
        rank: p.rank,
        rounds: p
            .rounds
            .iter()
            .take(used)
            .map(|c| RoundJson {
                opponent: c.opponent,
                colour: c.colour.map(|c| match c {
                    CellColour::White => ColourName::White,
                    CellColour::Black => ColourName::Black,
                }),
                result: (c.result != ResultCode::Blank).then_some(ResultName(c.result)),
            })
            .collect(),
    }
}

fn player_record(p: &PlayerJson) -> PlayerRecord {
    PlayerRecord {
        start_number: p.start_number,
        sex: p.sex.clone(),
        title: p.title.clone(),
        name: p.name.clone(),
        rating: p.rating,
        federation: p.federation.clone(),
        fide_id: p.fide_id.clone(),
        birth: p.birth.clone(),
        points: p.points.map(|p| p.0),
        rank: p.rank,
        rounds: p
            .rounds
            .iter()
            .map(|r| Cell {
                opponent: r.opponent.filter(|&n| n != 0),
                colour: r.colour.map(|c| match c {
                    ColourName::White => CellColour::White,
                    ColourName::Black => CellColour::Black,
                }),
                result: r.result.map_or(ResultCode::Blank, |r| r.0),
            })
            .collect(),
    }
}

/// The TRF records a JSON document stands for, numbered as in the file [`trf::write`] makes of them.
pub fn document_to_trf(doc: &TournamentJson) -> Result<Trf> {
    document_to_trf_with_paths(doc).map(|(trf, _)| trf)
}

/// The TRF text of a JSON document.
pub fn document_to_trf_text(doc: &TournamentJson) -> Result<String> {
    Ok(trf::write(&document_to_trf(doc)?))
}

/// The longest TRF line the reader accepts (as `trf::parse` counts it).
const MAX_LINE_CHARS: usize = 91 + 10 * (trf::MAX_ROUNDS + 1) + 200;

/// A record with its TRF text, where in the document it comes from.
struct Pending {
    path: String,
    text: String,
    record: Record,
}

/// The records of `doc`, and for each line (index = line number - 1) the JSON field it comes from.
fn document_to_trf_with_paths(doc: &TournamentJson) -> Result<(Trf, Vec<String>)> {
    let mut pending: Vec<Pending> = Vec::new();
    let mut push = |path: String, text: String, record: Record| {
        pending.push(Pending { path, text, record });
    };
    for (i, text) in doc.other_lines.iter().enumerate() {
        push(format!("other_lines[{i}]"), text.clone(), Record::Other);
    }
    if let Some(n) = doc.total_rounds {
        push(
            "total_rounds".into(),
            format!("XXR {n}"),
            Record::TotalRounds(n),
        );
    }
    if let Some(c) = doc.initial_colour {
        let (text, colour) = match c {
            InitialColourName::White => ("XXC white1", InitialColour::White),
            InitialColourName::Black => ("XXC black1", InitialColour::Black),
            InitialColourName::Rank => ("XXC rank", InitialColour::Rank),
        };
        push(
            "initial_colour".into(),
            text.into(),
            Record::InitialColour(colour),
        );
    }
    if !doc.points.is_empty() {
        let mut text = String::from("XXS");
        let mut values = Vec::new();
        for (key, value) in &doc.points {
            if let Some((_, code)) = POINT_KEYS.iter().find(|(k, _)| k == key) {
                let _ = write!(text, " {code}={}", value.0);
                values.push((*key, value.0));
            }
        }
        push("points".into(), text, Record::PointValues(values));
    }
    if let Some(code) = &doc.tournament_type {
        let record = Record::TournamentType(code.clone());
        let text = trf::format_trf26(&record).map_err(|e| at_field(e, "tournament_type"))?;
        push("tournament_type".into(), text, record);
    }
    if let Some(on) = doc.maxi {
        push(
            "maxi".into(),
            format!("XXM {}", u8::from(on)),
            Record::MaxiTournament(on),
        );
    }
    if doc.players.is_empty() {
        return Err(Error::invalid(None, "players", "no players"));
    }
    for (i, p) in doc.players.iter().enumerate() {
        let record = player_record(p);
        push(
            format!("players[{i}] (starting number {})", p.start_number),
            trf::format_player(&record),
            Record::Player(record),
        );
    }
    for (i, t) in doc.teams.iter().enumerate() {
        let path = format!("teams[{i}]");
        let text = team::checked_team_line(t, &path)?;
        push(path, text, Record::Other);
    }
    for (i, a) in doc.acceleration.iter().enumerate() {
        let mut text = format!("XXA {:>4}", a.player);
        for p in &a.points {
            let _ = write!(text, " {:>4}", p.0);
        }
        push(
            format!("acceleration[{i}]"),
            text,
            Record::Acceleration {
                player: a.player,
                points: a.points.iter().map(|p| p.0).collect(),
            },
        );
    }
    for (i, a) in doc.acceleration_ranges.iter().enumerate() {
        push(
            format!("acceleration_ranges[{i}]"),
            format!(
                "250 {:>4} {:03} {:03} {:>4} {:>4}",
                a.points.0, a.first_round, a.last_round, a.first_player, a.last_player
            ),
            Record::AccelerationRange(AccelerationRange {
                points: a.points.0,
                first_round: a.first_round,
                last_round: a.last_round,
                first_player: a.first_player,
                last_player: a.last_player,
            }),
        );
    }
    for (i, f) in doc.forbidden.iter().enumerate() {
        let path = format!("forbidden[{i}]");
        let numbers: String = f.players.iter().map(|n| format!(" {n:>4}")).collect();
        match (f.first_round, f.last_round) {
            (None, None) => push(
                path,
                format!("XXP{numbers}"),
                Record::ForbiddenPairs(f.players.clone()),
            ),
            (Some(first), Some(last)) => push(
                path,
                format!("260 {first:03} {last:03}{numbers}"),
                Record::ProhibitedPairs {
                    first_round: first,
                    last_round: last,
                    players: f.players.clone(),
                },
            ),
            _ => {
                return Err(Error::invalid(
                    None,
                    path,
                    "first_round and last_round go together (neither for every round)",
                ))
            }
        }
    }
    for (i, b) in doc.byes.iter().enumerate() {
        let record = Record::ByeRequest {
            kind: match b.kind {
                ByeKindName::Full => ByeRequestKind::Full,
                ByeKindName::Half => ByeRequestKind::Half,
                ByeKindName::Zero => ByeRequestKind::Zero,
            },
            round: b.round,
            players: b.players.clone(),
        };
        let path = format!("byes[{i}]");
        let text = trf::format_trf26(&record).map_err(|e| at_field(e, &path))?;
        push(path, text, record);
    }
    for (i, a) in doc.abnormal_points.iter().enumerate() {
        let record = Record::AbnormalPoints(trf::AbnormalPoints {
            kind: a.kind,
            match_points: a.match_points.map(|p| p.0),
            points: a.points.map(|p| p.0),
            round: a.round,
            players: a.players.clone(),
        });
        let path = format!("abnormal_points[{i}]");
        let text = trf::format_trf26(&record).map_err(|e| at_field(e, &path))?;
        push(path, text, record);
    }
    if !doc.absent.is_empty() {
        let numbers: String = doc.absent.iter().map(|n| format!(" {n:>4}")).collect();
        push(
            "absent".into(),
            format!("XXZ{numbers}"),
            Record::Absent(doc.absent.clone()),
        );
    }

    // Every record must read back from its text as it is: what TRF cannot hold is refused here rather
    // than changed on the way.
    let mut trf = Trf::default();
    let mut paths = Vec::with_capacity(pending.len());
    for (index, item) in pending.into_iter().enumerate() {
        let number = index + 1;
        if item.text.contains(['\n', '\r']) {
            return Err(Error::invalid(
                None,
                item.path,
                "a line break inside a field",
            ));
        }
        // The reader's limit on a file's lines (a player record of MAX_ROUNDS rounds, with room).
        let chars = item.text.chars().count();
        if chars > MAX_LINE_CHARS {
            return Err(Error::invalid(
                None,
                item.path,
                format!(
                    "{chars} characters as a TRF line; a record with {} rounds needs at most {MAX_LINE_CHARS}",
                    trf::MAX_ROUNDS
                ),
            ));
        }
        let read = trf::parse_line(&item.text, number).map_err(|e| {
            let mut paths = vec![String::new(); index];
            paths.push(item.path.clone());
            at_path(e, &paths)
        })?;
        if !same_record(&read, &item.record) {
            return Err(Error::invalid(
                None,
                item.path,
                format!(
                    "cannot be written to TRF as it is (a field too long for its columns, blanks around a value, or a line that is a record of its own); TRF reads it back as: {}",
                    item.text.trim_end()
                ),
            ));
        }
        paths.push(item.path);
        trf.lines.push(Line {
            number,
            text: item.text,
            record: item.record,
        });
    }
    Ok((trf, paths))
}

/// Records equal, a player's trailing blank rounds aside (TRF does not write them).
fn same_record(a: &Record, b: &Record) -> bool {
    match (a, b) {
        (Record::Player(a), Record::Player(b)) => {
            let trim = |p: &PlayerRecord| {
                let mut p = p.clone();
                while p.rounds.last().is_some_and(Cell::is_blank) {
                    p.rounds.pop();
                }
                p
            };
            trim(a) == trim(b)
        }
        _ => a == b,
    }
}

/// An error about a synthesized line, renamed after the JSON field the line comes from.
fn at_path(e: Error, paths: &[String]) -> Error {
    let rename = |location: Location| match location
        .line
        .and_then(|l| l.checked_sub(1))
        .and_then(|i| paths.get(i))
    {
        Some(path) => Location {
            line: None,
            field: format!("{path}: {}", location.field),
        },
        None => location,
    };
    match e {
        Error::Invalid { location, message } => Error::Invalid {
            location: rename(location),
            message,
        },
        Error::SizeLimit { location, message } => Error::SizeLimit {
            location: rename(location),
            message,
        },
        other => other,
    }
}

/// An error without a line, its field prefixed with the JSON field.
fn at_field(e: Error, path: &str) -> Error {
    match e {
        Error::Invalid { location, message } => Error::Invalid {
            location: Location {
                line: location.line,
                field: format!("{path}: {}", location.field),
            },
            message,
        },
        other => other,
    }
}

/// The tournament of a TRF file or JSON document as it stood before `round` (1-based) was paired, as a
/// document that pairs that round: later rounds removed, the byes and absences of `round` announced, the
/// points columns cleared, the total number of rounds and the initial colour filled in (as the checker
/// replays a round: [`crate::check::tournament_before`]). `XXZ` records and `240` records of `round` are
/// dropped (the round's cells say who was absent).
pub fn before_round(bytes: &[u8], round: usize) -> Result<TournamentJson> {
    let trf = read_trf(bytes)?;
    let tournament = Tournament::from_trf(&trf)?;
    if round == 0 || round > tournament.rounds_played + 1 {
        return Err(Error::invalid(
            None,
            "round",
            format!(
                "{round}: a round from 1 to {} (the rounds played and the next one)",
                tournament.rounds_played + 1
            ),
        ));
    }
    let mut doc = trf_to_document(&trf);
    let keep = round - 1;
    for p in &mut doc.players {
        let announced = p
            .rounds
            .get(keep)
            .copied()
            .unwrap_or_default()
            .announcement(round <= tournament.rounds_played);
        p.rounds.truncate(keep);
        if let Some(cell) = announced {
            p.rounds.push(cell);
        }
        p.points = None;
        p.rank = None;
    }
    doc.absent.clear();
    doc.byes.retain(|b| b.round as usize != round);
    let total = tournament.total_rounds.unwrap_or(tournament.rounds_played);
    doc.total_rounds = Some(u32::try_from(total.max(round)).unwrap_or(u32::MAX));
    if doc.initial_colour.is_none() {
        doc.initial_colour = crate::check::infer_initial_colour(&tournament).map(|c| match c {
            crate::tournament::Colour::White => InitialColourName::White,
            crate::tournament::Colour::Black => InitialColourName::Black,
        });
    }
    Ok(doc)
}

impl RoundJson {
    /// The announcement a cell of the round to be replayed stands for: a round without an opponent other
    /// than the pairing-allocated bye keeps the player out (in a round played, a blank cell as a
    /// zero-point bye).
    fn announcement(self, played: bool) -> Option<RoundJson> {
        if self.opponent.is_some() {
            return None;
        }
        match self.result.map(|r| r.0) {
            Some(ResultCode::PairingAllocatedBye) => None,
            None | Some(ResultCode::Blank) if !played => None,
            None | Some(ResultCode::Blank) => Some(RoundJson {
                opponent: None,
                colour: None,
                result: Some(ResultName(ResultCode::ZeroPointBye)),
            }),
            Some(_) => Some(self),
        }
    }
}

/// Converts a TRF file or a JSON document (detected) to the other format: TRF to pretty JSON, JSON to
/// TRF text. `to_json` chooses the output format explicitly when given.
pub fn convert(bytes: &[u8], to_json: Option<bool>) -> Result<String> {
    let trf = read_trf(bytes)?;
    if to_json.unwrap_or(!is_json(bytes)) {
        document_to_string(&trf_to_document(&trf))
    } else {
        Ok(trf::write(&trf))
    }
}

/// A document as pretty-printed JSON, with a final line break.
pub fn document_to_string(doc: &TournamentJson) -> Result<String> {
    to_pretty(doc)
}

/// Pretty-printed JSON (two-space indent) with a final line break; objects and arrays nested five deep
/// or more (a player's rounds, `{"opponent": 9, "colour": "white", "result": "1"}`) on one line each.
pub(crate) fn to_pretty<T: Serialize>(value: &T) -> Result<String> {
    let mut bytes = Vec::new();
    let mut serializer = serde_json::Serializer::with_formatter(&mut bytes, Layout::default());
    value
        .serialize(&mut serializer)
        .map_err(|e| Error::Internal(format!("JSON output: {e}")))?;
    let mut text =
        String::from_utf8(bytes).map_err(|e| Error::Internal(format!("JSON output: {e}")))?;
    text.push('\n');
    Ok(text)
}

/// serde_json's pretty layout down to [`Layout::COMPACT_FROM`] levels, one line below.
#[derive(Default)]
struct Layout {
    depth: usize,
    has_value: bool,
}

impl Layout {
    const COMPACT_FROM: usize = 5;

    fn open<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        bracket: &[u8],
    ) -> std::io::Result<()> {
        self.depth += 1;
        self.has_value = false;
        w.write_all(bracket)
    }

    fn close<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        bracket: &[u8],
    ) -> std::io::Result<()> {
        let compact = self.depth >= Layout::COMPACT_FROM;
        self.depth = self.depth.saturating_sub(1);
        if self.has_value && !compact {
            w.write_all(b"\n")?;
            self.indent(w)?;
        }
        w.write_all(bracket)
    }

    fn item<W: ?Sized + std::io::Write>(&mut self, w: &mut W, first: bool) -> std::io::Result<()> {
        if self.depth >= Layout::COMPACT_FROM {
            return w.write_all(if first { b"" } else { b", " });
        }
        w.write_all(if first { b"\n" } else { b",\n" })?;
        self.indent(w)
    }

    fn indent<W: ?Sized + std::io::Write>(&self, w: &mut W) -> std::io::Result<()> {
        for _ in 0..self.depth {
            w.write_all(b"  ")?;
        }
        Ok(())
    }
}

impl serde_json::ser::Formatter for Layout {
    fn begin_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.open(w, b"[")
    }
    fn end_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.close(w, b"]")
    }
    fn begin_array_value<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.item(w, first)
    }
    fn end_array_value<W: ?Sized + std::io::Write>(&mut self, _w: &mut W) -> std::io::Result<()> {
        self.has_value = true;
        Ok(())
    }
    fn begin_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.open(w, b"{")
    }
    fn end_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.close(w, b"}")
    }
    fn begin_object_key<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.item(w, first)
    }
    fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        w.write_all(b": ")
    }
    fn end_object_value<W: ?Sized + std::io::Write>(&mut self, _w: &mut W) -> std::io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests;
