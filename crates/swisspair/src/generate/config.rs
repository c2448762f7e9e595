//! The generator's configuration: `key=value` lines with the keys of the other engines' generators.

use crate::error::{Error, Result};
use crate::score::Score;
use crate::trf;

/// A rate of "one in N": `NEVER` disables the event.
pub const NEVER: u64 = 0;

/// Generator settings. Rates are "one in N" chances per player and round (0 = never); the draw
/// percentage is the share of drawn games between equally rated players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub players: usize,
    pub rounds: usize,
    pub draw_percentage: u32,
    pub forfeit_rate: u64,
    pub retired_rate: u64,
    pub half_point_bye_rate: u64,
    pub zero_point_bye_rate: u64,
    /// One player in N enters late (misses the first rounds).
    pub late_entry_rate: u64,
    pub highest_rating: u32,
    pub lowest_rating: u32,
    pub win: Score,
    pub draw: Score,
    pub loss: Score,
    pub zero_point_bye: Score,
    pub forfeit_loss: Score,
    pub pairing_allocated_bye: Score,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            players: 30,
            rounds: 9,
            draw_percentage: 30,
            forfeit_rate: NEVER,
            retired_rate: NEVER,
            half_point_bye_rate: NEVER,
            zero_point_bye_rate: NEVER,
            late_entry_rate: NEVER,
            highest_rating: 2600,
            lowest_rating: 1400,
            win: Score::points(1),
            draw: Score::tenths(5),
            loss: Score::ZERO,
            zero_point_bye: Score::ZERO,
            forfeit_loss: Score::ZERO,
            pairing_allocated_bye: Score::points(1),
        }
    }
}

/// The configuration keys, with what they set.
pub const KEYS: &[(&str, &str)] = &[
    ("PlayersNumber", "number of players (default 30)"),
    ("RoundsNumber", "number of rounds (default 9)"),
    (
        "DrawPercentage",
        "percentage of draws between equally rated players (default 30)",
    ),
    ("ForfeitRate", "one game in N is forfeited (default never)"),
    (
        "RetiredRate",
        "one player in N withdraws in a round (default never)",
    ),
    (
        "HalfPointByeRate",
        "one player in N takes a half-point bye in a round (default never)",
    ),
    (
        "ZeroPointByeRate",
        "one player in N is absent (zero-point bye) in a round (default never)",
    ),
    (
        "LateEntryRate",
        "one player in N enters after round 1 (default never)",
    ),
    ("HighestRating", "highest rating (default 2600)"),
    ("LowestRating", "lowest rating (default 1400)"),
    ("PointsForWin", "points for a win (default 1)"),
    ("PointsForDraw", "points for a draw (default 0.5)"),
    ("PointsForLoss", "points for a loss (default 0)"),
    ("PointsForZPB", "points for a zero-point bye (default 0)"),
    (
        "PointsForForfeitLoss",
        "points for a forfeit loss (default 0)",
    ),
    (
        "PointsForPAB",
        "points for the pairing-allocated bye (default: a win)",
    ),
];

impl Config {
    /// Reads `key=value` lines (blank lines and lines starting with `#` are skipped; an unknown key, a
    /// bad value or an impossible setting is an error naming the line).
    pub fn parse(text: &str) -> Result<Config> {
        let mut c = Config::default();
        // The pairing-allocated bye is worth a win unless the configuration says otherwise.
        let mut pab_given = false;
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            let at = Some(i + 1);
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let Some((key, value)) = line.split_once('=') else {
                return Err(Error::invalid(
                    at,
                    "configuration",
                    format!("'{line}' is not key=value"),
                ));
            };
            let (key, value) = (key.trim(), value.trim());
            let number = || -> Result<u64> {
                value.parse::<u64>().map_err(|_| {
                    Error::invalid(at, key, format!("'{value}' is not a whole number"))
                })
            };
            // A "one in N" rate: a whole or decimal number (rounded to the nearest whole), at least 1,
            // or 0 for never.
            let rate = || -> Result<u64> {
                let (whole, fraction) = value.split_once('.').unwrap_or((value, ""));
                let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
                if !digits(whole) || !(fraction.is_empty() || digits(fraction)) {
                    return Err(Error::invalid(
                        at,
                        key,
                        format!("'{value}' is not a number"),
                    ));
                }
                let n: u64 = whole
                    .parse()
                    .map_err(|_| Error::invalid(at, key, format!("'{value}' is too large")))?;
                let up = fraction.as_bytes().first().is_some_and(|&d| d >= b'5');
                Ok(n.saturating_add(u64::from(up)))
            };
            let points = || -> Result<Score> {
                Score::parse(value).filter(|s| s.0 >= 0).ok_or_else(|| {
                    Error::invalid(at, key, format!("'{value}' is not a number of points"))
                })
            };
            match key {
                "PlayersNumber" => c.players = number()? as usize,
                "RoundsNumber" => c.rounds = number()? as usize,
                "DrawPercentage" => {
                    let v = number()?;
                    if v > 100 {
                        return Err(Error::invalid(at, key, "must be at most 100"));
                    }
                    c.draw_percentage = v as u32;
                }
                "ForfeitRate" => c.forfeit_rate = rate()?,
                "RetiredRate" => c.retired_rate = rate()?,
                "HalfPointByeRate" | "HalfPointByteRate" => c.half_point_bye_rate = rate()?,
                "ZeroPointByeRate" => c.zero_point_bye_rate = rate()?,
                "LateEntryRate" => c.late_entry_rate = rate()?,
                "HighestRating" => c.highest_rating = number()?.min(u64::from(u32::MAX)) as u32,
                "LowestRating" => c.lowest_rating = number()?.min(u64::from(u32::MAX)) as u32,
                "PointsForWin" => c.win = points()?,
                "PointsForDraw" => c.draw = points()?,
                "PointsForLoss" => c.loss = points()?,
                "PointsForZPB" => c.zero_point_bye = points()?,
                "PointsForForfeitLoss" => c.forfeit_loss = points()?,
                "PointsForPAB" => {
                    c.pairing_allocated_bye = points()?;
                    pab_given = true;
                }
                _ => {
                    let known: Vec<&str> = KEYS.iter().map(|(k, _)| *k).collect();
                    return Err(Error::invalid(
                        at,
                        key,
                        format!("unknown key (known: {})", known.join(", ")),
                    ));
                }
            }
        }
        if !pab_given {
            c.pairing_allocated_bye = c.win;
        }
        c.validate()?;
        Ok(c)
    }

    /// Checks the settings that no tournament could satisfy.
    pub fn validate(&self) -> Result<()> {
        let field = |f: &str| f.to_string();
        if self.players < 2 {
            return Err(Error::invalid(
                None,
                field("PlayersNumber"),
                "at least 2 players",
            ));
        }
        if self.players > trf::MAX_START_NUMBER as usize {
            return Err(Error::size_limit(
                None,
                field("PlayersNumber"),
                format!(
                    "{} players; TRF numbers at most {}",
                    self.players,
                    trf::MAX_START_NUMBER
                ),
            ));
        }
        if self.rounds == 0 {
            return Err(Error::invalid(
                None,
                field("RoundsNumber"),
                "at least 1 round",
            ));
        }
        if self.rounds > trf::MAX_ROUNDS {
            return Err(Error::size_limit(
                None,
                field("RoundsNumber"),
                format!("{} rounds; at most {}", self.rounds, trf::MAX_ROUNDS),
            ));
        }
        if self.rounds >= self.players {
            return Err(Error::invalid(
                None,
                field("RoundsNumber"),
                format!(
                    "{} rounds need more than {} players",
                    self.rounds, self.players
                ),
            ));
        }
        if self.lowest_rating > self.highest_rating || self.highest_rating > 9999 {
            return Err(Error::invalid(
                None,
                field("LowestRating"),
                "the ratings must satisfy LowestRating <= HighestRating <= 9999",
            ));
        }
        if self.win.0 > 999 || self.draw.0 > 999 || self.pairing_allocated_bye.0 > 999 {
            return Err(Error::invalid(
                None,
                field("PointsForWin"),
                "points per game at most 99.9",
            ));
        }
        Ok(())
    }
}
