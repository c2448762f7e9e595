//! The tournament document's shapes: one Rust type per JSON object of `schema/tournament.schema.json`,
//! with the names that JSON gives points, colours, results and byes.

use crate::score::Score;
use crate::trf::{PointKey, ResultCode};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;

/// A number of points in JSON: a number with at most one decimal (`2.5`), or the same as a string
/// (`"2.5"`). Read exactly, as tenths; never rounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(pub Score);

impl Serialize for Points {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        // Tenths divided by ten is the double closest to the one-decimal number, which serde_json
        // prints back as that number.
        serializer.serialize_f64(f64::from(self.0 .0) / 10.0)
    }
}

impl<'de> Deserialize<'de> for Points {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Number(serde_json::Number),
            Text(String),
        }
        let text = match Raw::deserialize(deserializer)? {
            Raw::Number(n) => n.to_string(),
            Raw::Text(t) => t,
        };
        Score::parse(&text).map(Points).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "'{text}' is not a number of points with at most one decimal"
            ))
        })
    }
}

/// The colour of the top player in round 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum InitialColourName {
    /// White (`XXC white1`, `152 W`).
    White,
    /// Black (`XXC black1`, `152 B`).
    Black,
    /// `XXC rank`: accepted, chooses no colour.
    Rank,
}

/// A colour in a round cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ColourName {
    /// `w`
    White,
    /// `b`
    Black,
}

/// What a point value applies to: the TRF reader's [`PointKey`], by its JSON name.
pub use crate::trf::PointKey as PointName;

/// Every point key with its XXS code.
pub(super) const POINT_KEYS: [(PointKey, &str); 12] = [
    (PointKey::WinWhite, "WW"),
    (PointKey::WinBlack, "BW"),
    (PointKey::DrawWhite, "WD"),
    (PointKey::DrawBlack, "BD"),
    (PointKey::LossWhite, "WL"),
    (PointKey::LossBlack, "BL"),
    (PointKey::ZeroPointBye, "ZPB"),
    (PointKey::HalfPointBye, "HPB"),
    (PointKey::FullPointBye, "FPB"),
    (PointKey::PairingAllocatedBye, "PAB"),
    (PointKey::ForfeitWin, "FW"),
    (PointKey::ForfeitLoss, "FL"),
];

/// The result column of a round cell, written as in TRF: `1 = 0 W D L + - H F U Z`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResultName(pub ResultCode);

impl Serialize for ResultName {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        let mut buffer = [0u8; 4];
        serializer.serialize_str(self.0.to_char().encode_utf8(&mut buffer))
    }
}

impl<'de> Deserialize<'de> for ResultName {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c != ' ' => ResultCode::from_char(c).map(ResultName),
            _ => None,
        }
        .ok_or_else(|| {
            serde::de::Error::custom(format!(
                "'{text}' is not a result code (1 = 0 W D L + - H F U Z)"
            ))
        })
    }
}

/// The kind of an announced bye (`240`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ByeKindName {
    /// `F`: a full-point bye.
    Full,
    /// `H`: a half-point bye.
    Half,
    /// `Z`: a zero-point bye.
    Zero,
}

/// One round of a player: opponent, colour and result. `{}` is a blank round (not paired).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundJson {
    /// The opponent's starting number; absent (or `null`) for none (`0000`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<u32>,
    /// The colour; absent for none (`-`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<ColourName>,
    /// The result code; absent for a blank result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<ResultName>,
}

/// A player (`001`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerJson {
    /// Starting (pairing) number, 1 to 9999.
    pub start_number: u32,
    /// The name (at most 33 characters).
    #[serde(default)]
    pub name: String,
    /// Sex (one character).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub sex: String,
    /// Title (at most 3 characters).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub title: String,
    /// Rating, 0 for none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rating: u32,
    /// Federation (at most 3 characters).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub federation: String,
    /// FIDE id (at most 11 characters).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub fide_id: String,
    /// Birth date as written (at most 10 characters).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub birth: String,
    /// The points column, when filled in (checked against the results).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<Points>,
    /// The rank column, when filled in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<u32>,
    /// One entry per round, round 1 first; an entry after the last paired round announces a bye
    /// (`{"result": "H"}`) for the round to be paired.
    #[serde(default)]
    pub rounds: Vec<RoundJson>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Virtual points of one player, round by round (`XXA`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AccelerationJson {
    /// Starting number.
    pub player: u32,
    /// Virtual points for rounds 1, 2, ...
    pub points: Vec<Points>,
}

/// Virtual points for a range of rounds and starting numbers (`250`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AccelerationRangeJson {
    /// The virtual points.
    pub points: Points,
    /// First round (1-based).
    pub first_round: u32,
    /// Last round.
    pub last_round: u32,
    /// First starting number.
    pub first_player: u32,
    /// Last starting number.
    pub last_player: u32,
}

/// Players none of whom may meet each other: in every round (`XXP`) or in a range of rounds (`260`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForbiddenJson {
    /// Starting numbers.
    pub players: Vec<u32>,
    /// First round of the restriction (with `last_round`); absent for every round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_round: Option<u32>,
    /// Last round of the restriction (with `first_round`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_round: Option<u32>,
}

/// Byes requested for a round (`240`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ByeJson {
    /// Full, half or zero.
    pub kind: ByeKindName,
    /// The round (1-based).
    pub round: u32,
    /// Starting numbers.
    pub players: Vec<u32>,
}

/// Points assigned otherwise than by the point system (`299`): a bonus or penalty, or another value for
/// a kind of result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AbnormalPointsJson {
    /// The kind of result whose points this replaces (`W D L F H Z + -`); absent: the points are
    /// added to what the round scored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<char>,
    /// Match points (team tournaments).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_points: Option<Points>,
    /// Points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<Points>,
    /// The round (1-based); absent: every round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    /// Starting numbers; empty: every player.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<u32>,
}

/// A team of a team tournament (a `310` record): its TPN, name and members; the federation, average
/// rating, points and rank as the file gives them (informative: the scores are computed from the games).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamJson {
    /// The team's pairing number (C.04.6 1.1); absent: numbered in the order of the teams.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tpn: Option<u32>,
    /// The team's name.
    pub name: String,
    /// The federation.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub federation: String,
    /// The average rating, as written.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub average_rating: String,
    /// The match points the file gives.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_points: Option<Points>,
    /// The game points the file gives.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_points: Option<Points>,
    /// The rank the file gives.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<u32>,
    /// The members' starting numbers, in board order.
    pub members: Vec<u32>,
}

/// A tournament as a JSON document (see the module documentation and `schema/tournament.schema.json`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentJson {
    /// The schema's address, when the document names one (ignored).
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// Lines swisspair keeps but does not interpret (headers such as `012`, `092`, comments), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub other_lines: Vec<String>,
    /// The total number of rounds (`XXR`, `142`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_rounds: Option<u32>,
    /// The colour of the top player in round 1 (`XXC`, `152`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_colour: Option<InitialColourName>,
    /// Point values that differ from the defaults (win 1, draw 0.5, loss 0, ...).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub points: BTreeMap<PointName, Points>,
    /// The coded tournament type (`192`, e.g. `FIDE_DUTCH_2025`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament_type: Option<String>,
    /// A maxi-tournament (`XXM`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub maxi: Option<bool>,
    /// The players.
    pub players: Vec<PlayerJson>,
    /// The teams (`310`), in the file's order: a team tournament's rosters (its `tournament_type` names
    /// a `FIDE_TEAM...` code).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<TeamJson>,
    /// Virtual points per player (`XXA`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub acceleration: Vec<AccelerationJson>,
    /// Virtual points per range (`250`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub acceleration_ranges: Vec<AccelerationRangeJson>,
    /// Forbidden pairs (`XXP`, `260`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forbidden: Vec<ForbiddenJson>,
    /// Requested byes (`240`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub byes: Vec<ByeJson>,
    /// Players absent from the round to be paired (`XXZ`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub absent: Vec<u32>,
    /// Points other than the point system's (`299`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abnormal_points: Vec<AbnormalPointsJson>,
}
