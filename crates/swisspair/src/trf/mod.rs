//! TRF, the FIDE Tournament Report File: reading and writing.
//!
//! This module knows the syntax of the records (columns, codes, extension lines) and nothing of what they
//! mean for a tournament: [`crate::tournament`] checks that the records agree with each other. Every record
//! keeps its 1-based line number so that later errors can name it.
//!
//! Accepted: LF, CRLF and CR-only line endings, a UTF-8 byte-order mark, Latin-1/Windows-1252 lines in a
//! file that is not UTF-8 (with a warning), TRF16 records with the extension
//! lines the pairing engines read (XXR, XXC, XXS, BB?, XXA, XXP, XXZ, and swisspair's XXM) and the TRF26
//! records 142, 152, 162,
//! 192, 240, 250, 260 and 299. Every other line is kept as it is and written back unchanged.

mod encoding;
mod fields;
mod parse;
mod player;
mod write;

pub(crate) use parse::team_tournament;
pub use parse::{parse, parse_bytes, parse_line, parse_team_bytes};
pub use write::{format_player, format_trf26, write, MAX_162_VALUE};

use crate::score::Score;

/// The most rounds a file may hold (TRF26 writes round numbers with three digits).
pub const MAX_ROUNDS: usize = 999;
/// The highest starting number (TRF16 writes four digits).
pub const MAX_START_NUMBER: u32 = 9999;

/// A parsed file: every line in order, and what the reader noticed but accepted.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trf {
    pub lines: Vec<Line>,
    /// Things accepted with a remark (an unknown point symbol, say), each naming its line.
    pub warnings: Vec<String>,
}

/// TRF26 `250`: virtual points for a range of rounds and a range of starting numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct AccelerationRange {
    pub points: Score,
    pub first_round: u32,
    pub last_round: u32,
    pub first_player: u32,
    pub last_player: u32,
}

impl AccelerationRange {
    /// The rounds it gives the points in (1-based).
    pub fn rounds(&self) -> std::ops::RangeInclusive<usize> {
        self.first_round as usize..=self.last_round as usize
    }

    /// The starting numbers it gives the points to.
    pub fn players(&self) -> std::ops::RangeInclusive<u32> {
        self.first_player..=self.last_player
    }
}

/// One line of the file.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// 1-based line number in the file it was read from (0 for lines made by a program).
    pub number: usize,
    /// The text as read (without the line ending). Player records are written from `record` instead.
    pub text: String,
    pub record: Record,
}

/// What a line holds.
#[derive(Clone, Debug, PartialEq)]
pub enum Record {
    /// `001`: a player and the player's rounds.
    Player(PlayerRecord),
    /// `XXR n` or TRF26 `142 n`: the total number of rounds.
    TotalRounds(u32),
    /// `XXC` or TRF26 `152`: the colour of the top player in round 1.
    InitialColour(InitialColour),
    /// `XXS`, `BBW`.. `BBU` or TRF26 `162`: point values.
    PointValues(Vec<(PointKey, Score)>),
    /// `XXA nnnn p.p p.p ...`: virtual points of one player, round by round.
    Acceleration { player: u32, points: Vec<Score> },
    /// TRF26 `250`: virtual points for a range of rounds and a range of starting numbers.
    AccelerationRange(AccelerationRange),
    /// `XXP a b ...`: none of these players may meet.
    ForbiddenPairs(Vec<u32>),
    /// TRF26 `260`: none of these players may meet between these rounds.
    ProhibitedPairs {
        first_round: u32,
        last_round: u32,
        players: Vec<u32>,
    },
    /// TRF26 `240`: byes requested for a round.
    ByeRequest {
        kind: ByeRequestKind,
        round: u32,
        players: Vec<u32>,
    },
    /// `XXZ a b ...` (JaVaFo): players absent from the round to be paired.
    Absent(Vec<u32>),
    /// TRF26 `192`: coded tournament type.
    TournamentType(String),
    /// `XXM 1` / `XXM on` (`XXM 0` / `XXM off`): a maxi-tournament. The Lim system (C.04.4.3 3.2, 3.8,
    /// 5.7) applies its 100-point rating limits only in maxi-tournaments and does not define them.
    MaxiTournament(bool),
    /// TRF-2026 `299`: points assigned otherwise than by the point system (a bonus, a penalty, another
    /// value for a kind of result).
    AbnormalPoints(AbnormalPoints),
    /// Anything else (headers, comments, team records, unknown records), kept verbatim.
    Other,
}

/// A TRF-2026 `299` record, read by its columns: `299 T  MMMM  PPPP  RRR  NNNN NNNN ...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AbnormalPoints {
    /// Column 5: the kind of result whose points this record replaces (`W D L F H Z + -`, upper case), or
    /// `None` (blank): the points are added to what the round scored (a bonus, or a penalty when negative).
    pub kind: Option<char>,
    /// Columns 8-11: match points (team tournaments only).
    pub match_points: Option<Score>,
    /// Columns 14-17: points (game points in a team tournament; a player's points in an individual one).
    pub points: Option<Score>,
    /// Columns 20-22: the round; `None` (blank or `000`): every round.
    pub round: Option<u32>,
    /// Columns 24-27, 29-32, ...: starting numbers; empty (blank or `0000`): every player.
    pub players: Vec<u32>,
}

/// The initial colour (E.5): what the top-ranked player gets in round 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InitialColour {
    White,
    Black,
    /// `XXC rank`: accepted for compatibility; it does not choose a colour.
    Rank,
}

/// The kind of a requested bye in a `240` record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ByeRequestKind {
    Full,
    Half,
    Zero,
}

/// What a point value applies to (the XXS codes in brackets; in JSON its snake-case name).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum PointKey {
    /// A win with white (`WW`).
    WinWhite,
    /// A win with black (`BW`).
    WinBlack,
    /// A draw with white (`WD`).
    DrawWhite,
    /// A draw with black (`BD`).
    DrawBlack,
    /// A loss with white (`WL`).
    LossWhite,
    /// A loss with black (`BL`).
    LossBlack,
    /// A zero-point bye (`ZPB`).
    ZeroPointBye,
    /// A half-point bye (`HPB`).
    HalfPointBye,
    /// A full-point bye (`FPB`).
    FullPointBye,
    /// The pairing-allocated bye (`PAB`).
    PairingAllocatedBye,
    /// A forfeit win (`FW`).
    ForfeitWin,
    /// A forfeit loss (`FL`).
    ForfeitLoss,
}

/// A `001` record.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRecord {
    pub start_number: u32,
    pub sex: String,
    pub title: String,
    pub name: String,
    /// 0 when blank.
    pub rating: u32,
    pub federation: String,
    pub fide_id: String,
    pub birth: String,
    /// The points column, when filled in.
    pub points: Option<Score>,
    pub rank: Option<u32>,
    /// One cell per round, round 1 first.
    pub rounds: Vec<Cell>,
}

/// One round of a player record: opponent, colour, result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// `None` for `0000` or blank.
    pub opponent: Option<u32>,
    pub colour: Option<CellColour>,
    pub result: ResultCode,
}

impl Cell {
    /// The blank cell: not paired, nothing recorded.
    pub const BLANK: Cell = Cell {
        opponent: None,
        colour: None,
        result: ResultCode::Blank,
    };

    /// True for a cell with nothing in it.
    pub fn is_blank(&self) -> bool {
        *self == Cell::BLANK
    }
}

/// The colour column of a round cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellColour {
    White,
    Black,
}

/// The result column of a round cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResultCode {
    /// `1`
    Win,
    /// `=`
    Draw,
    /// `0`
    Loss,
    /// `W`: a win in a game that lasted less than a move (counted as played).
    WinShort,
    /// `D`
    DrawShort,
    /// `L`
    LossShort,
    /// `+`: forfeit win (not played).
    ForfeitWin,
    /// `-`: forfeit loss (not played).
    ForfeitLoss,
    /// `H`: half-point bye.
    HalfPointBye,
    /// `F`: full-point bye.
    FullPointBye,
    /// `U`: pairing-allocated bye.
    PairingAllocatedBye,
    /// `Z`: zero-point bye.
    ZeroPointBye,
    /// blank.
    Blank,
}

impl ResultCode {
    /// The code as written in the file.
    pub fn to_char(self) -> char {
        match self {
            ResultCode::Win => '1',
            ResultCode::Draw => '=',
            ResultCode::Loss => '0',
            ResultCode::WinShort => 'W',
            ResultCode::DrawShort => 'D',
            ResultCode::LossShort => 'L',
            ResultCode::ForfeitWin => '+',
            ResultCode::ForfeitLoss => '-',
            ResultCode::HalfPointBye => 'H',
            ResultCode::FullPointBye => 'F',
            ResultCode::PairingAllocatedBye => 'U',
            ResultCode::ZeroPointBye => 'Z',
            ResultCode::Blank => ' ',
        }
    }

    /// Reads a code (case-insensitive).
    pub fn from_char(c: char) -> Option<ResultCode> {
        Some(match c.to_ascii_uppercase() {
            '1' => ResultCode::Win,
            '=' => ResultCode::Draw,
            '0' => ResultCode::Loss,
            'W' => ResultCode::WinShort,
            'D' => ResultCode::DrawShort,
            'L' => ResultCode::LossShort,
            '+' => ResultCode::ForfeitWin,
            '-' => ResultCode::ForfeitLoss,
            'H' => ResultCode::HalfPointBye,
            'F' => ResultCode::FullPointBye,
            'U' => ResultCode::PairingAllocatedBye,
            'Z' => ResultCode::ZeroPointBye,
            ' ' => ResultCode::Blank,
            _ => return None,
        })
    }

    /// The result the opponent must have recorded for the same game.
    pub fn complement(self) -> Option<ResultCode> {
        Some(match self {
            ResultCode::Win => ResultCode::Loss,
            ResultCode::Loss => ResultCode::Win,
            ResultCode::Draw => ResultCode::Draw,
            ResultCode::WinShort => ResultCode::LossShort,
            ResultCode::LossShort => ResultCode::WinShort,
            ResultCode::DrawShort => ResultCode::DrawShort,
            ResultCode::ForfeitWin => ResultCode::ForfeitLoss,
            ResultCode::ForfeitLoss => ResultCode::ForfeitWin,
            _ => return None,
        })
    }

    /// True for the codes of a game against an opponent (played or forfeited).
    pub fn is_game(self) -> bool {
        self.complement().is_some()
    }
}

impl Trf {
    /// The player records, in file order, with their line numbers.
    pub fn players(&self) -> impl Iterator<Item = (usize, &PlayerRecord)> {
        self.lines.iter().filter_map(|l| match &l.record {
            Record::Player(p) => Some((l.number, p)),
            _ => None,
        })
    }

    /// Appends a line made by a program (line number 0); players are written from the record.
    pub fn push(&mut self, text: impl Into<String>, record: Record) {
        self.lines.push(Line {
            number: 0,
            text: text.into(),
            record,
        });
    }
}
