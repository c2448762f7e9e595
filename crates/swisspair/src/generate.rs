//! The random tournament generator: plays a whole tournament, pairing every round with a system and
//! drawing the results from the players' ratings.
//!
//! The configuration is `key=value` lines with the keys of the other engines' generators (see
//! [`Config::parse`]). Randomness comes from ChaCha8 seeded with the seed, and every probability is worked
//! out in integers, so the same seed gives the same file on every machine.
//!
//! The file names the tournament's settings in the records of its edition's era: under the 2017-era
//! editions the extension lines `XXR`, `XXC` and `BB?` (TRF16 as the engines extend it), under the 2026
//! edition the TRF-2026 records `142`, `152`, `162`, the system record `192`, and `240` for the byes
//! announced for a round not yet paired.

use crate::error::{Error, Result};
use crate::score::Score;
use crate::sorting::{sort_by, sort_by_key};
use crate::systems::{Edition, System};
use crate::tournament::{Bye, Entry, Tournament};
use crate::trf::{
    self, ByeRequestKind, Cell, CellColour, PlayerRecord, PointKey, Record, ResultCode, Trf,
};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

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

/// The random source: ChaCha8, with exact integer draws.
struct Dice(ChaCha8Rng);

impl Dice {
    /// Uniform in `0..n` (n > 0), without modulo bias.
    fn below(&mut self, n: u64) -> u64 {
        if n <= 1 {
            return 0;
        }
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let x = self.0.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// True with chance one in `rate` (never when `rate` is 0).
    fn one_in(&mut self, rate: u64) -> bool {
        rate != NEVER && self.below(rate) == 0
    }
}

/// Expected score of the higher-rated of two players whose ratings differ by `difference`, in parts
/// per million: `1 / (1 + 10^(-d/400))`, computed in fixed point so that it is the same everywhere.
pub fn expected_ppm(difference: u32) -> u64 {
    // 1e15 fixed point: e^x stays below 1e18·SCALE, so squaring fits in 128 bits.
    const SCALE: u128 = 1_000_000_000_000_000;
    let d = u128::from(difference.min(1200));
    // x = d · ln(10) / 400, with ln(10) = 2.302585092994046 in 1e15 fixed point.
    let x = d * 2_302_585_092_994_046 / 400;
    // e^x = (e^(x/16))^16, e^(x/16) by its Taylor series (x/16 < 0.44).
    let y = x / 16;
    let mut term = SCALE;
    let mut sum = SCALE;
    for k in 1..30u128 {
        term = term * y / SCALE / k;
        if term == 0 {
            break;
        }
        sum += term;
    }
    let mut t = sum;
    for _ in 0..4 {
        t = t * t / SCALE;
    }
    (t * 1_000_000 / (t + SCALE)) as u64
}

/// Plays a whole tournament with `system`, under its default edition.
pub fn generate(system: System, config: &Config, seed: u64) -> Result<Trf> {
    generate_in(system, system.default_edition(), config, seed)
}

/// Plays a whole tournament with `system`, every round paired under `edition` (refused when the system
/// has no such edition). Under the 2026 edition the file is TRF-2026 (see the module's notes).
pub fn generate_in(system: System, edition: Edition, config: &Config, seed: u64) -> Result<Trf> {
    match generate_partial_in(system, edition, config, seed)? {
        (trf, None) => Ok(trf),
        (_, Some(e)) => Err(e),
    }
}

/// Like [`generate`], but when the system cannot pair a round, returns the tournament as it stood before
/// that round together with the error.
pub fn generate_partial(
    system: System,
    config: &Config,
    seed: u64,
) -> Result<(Trf, Option<Error>)> {
    generate_partial_in(system, system.default_edition(), config, seed)
}

/// The system record of a TRF-2026 file that `system` pairs under `edition`.
///
/// `FIDE_DUTCH_2025`, in a `192` record: it is the code bbpPairings 6.0.0 writes for these rules (the
/// text approved in 2025, in force since 1 February 2026) and the only Dutch code with a year its
/// checker accepts — it refuses `FIDE_DUTCH_2026` ("unsupported tournament type") — and swisspair reads
/// `FIDE_DUTCH_2025` and `FIDE_DUTCH_2026` alike as the 2026 edition. `192` is TRF-2026's coded
/// tournament type, the record pairing programs read (`092` is the free-text type, where bbpPairings
/// writes the code); both engines read the code from either.
fn system_code(system: System, edition: Edition) -> Option<&'static str> {
    match system {
        System::Dutch if edition.is_2026() => Some("FIDE_DUTCH_2025"),
        _ => None,
    }
}

/// The `162` values of a TRF-2026 file: W, D, L and P always written out (P, the pairing-allocated bye,
/// may be worth any value, a half or zero point included); A (a zero-point bye or a forfeit loss) only
/// when it is not TRF-2026's default of 0. bbpPairings 6.0.0 refuses a `162` record with an `A` symbol
/// (it writes one, but reads the absence value as `Z`), so a file with an absence worth points is read
/// by swisspair and TRF-2026 readers, not by bbpPairings 6.0.0.
fn point_values_2026(config: &Config) -> Result<Vec<(PointKey, Score)>> {
    if config.zero_point_bye != config.forfeit_loss {
        return Err(Error::invalid(
            None,
            "PointsForZPB",
            format!(
                "{} for a zero-point bye and {} for a forfeit loss: TRF-2026 (the 2026 edition's file) gives both one value (162 A)",
                config.zero_point_bye, config.forfeit_loss
            ),
        ));
    }
    let mut values = Vec::new();
    for (keys, value, name) in [
        (
            &[PointKey::WinWhite, PointKey::WinBlack][..],
            config.win,
            "PointsForWin",
        ),
        (
            &[PointKey::DrawWhite, PointKey::DrawBlack][..],
            config.draw,
            "PointsForDraw",
        ),
        (
            &[PointKey::LossWhite, PointKey::LossBlack][..],
            config.loss,
            "PointsForLoss",
        ),
        (
            &[PointKey::ZeroPointBye, PointKey::ForfeitLoss][..],
            config.forfeit_loss,
            "PointsForForfeitLoss",
        ),
        (
            &[PointKey::PairingAllocatedBye][..],
            config.pairing_allocated_bye,
            "PointsForPAB",
        ),
    ] {
        if value > trf::MAX_162_VALUE {
            return Err(Error::invalid(
                None,
                name,
                format!(
                    "{value}: at most {} points with the 2026 edition (a 162 value has 4 columns)",
                    trf::MAX_162_VALUE
                ),
            ));
        }
        if keys.contains(&PointKey::ZeroPointBye) && value == Score::ZERO {
            continue;
        }
        values.extend(keys.iter().map(|&k| (k, value)));
    }
    Ok(values)
}

/// The header records: TRF16 extension lines for the 2017-era editions, TRF-2026 records for 2026.
fn header(
    system: System,
    edition: Edition,
    config: &Config,
    seed: u64,
    initial_white: bool,
    opening: Option<&[String]>,
) -> Result<Trf> {
    let mut header = Trf::default();
    match opening {
        Some(lines) => {
            for line in lines {
                header.push(line.clone(), Record::Other);
            }
        }
        None => header.push(
            format!("012 swisspair random tournament, seed {seed}"),
            Record::Other,
        ),
    }
    let colour = if initial_white {
        trf::InitialColour::White
    } else {
        trf::InitialColour::Black
    };
    if edition.is_2026() {
        let code = system_code(system, edition).ok_or_else(|| {
            Error::NotImplemented(format!(
                "a TRF-2026 system record for the {} system's {edition} edition",
                system.title()
            ))
        })?;
        for record in [
            Record::TotalRounds(config.rounds as u32),
            Record::InitialColour(colour),
            Record::PointValues(point_values_2026(config)?),
            Record::TournamentType(code.to_string()),
        ] {
            header.push(trf::format_trf26(&record)?, record);
        }
        return Ok(header);
    }
    header.push(
        format!("XXR {}", config.rounds),
        Record::TotalRounds(config.rounds as u32),
    );
    header.push(
        if initial_white {
            "XXC white1"
        } else {
            "XXC black1"
        },
        Record::InitialColour(colour),
    );
    let defaults = Config::default();
    for (code, value, default) in [
        ("BBW", config.win, defaults.win),
        ("BBD", config.draw, defaults.draw),
        ("BBL", config.loss, defaults.loss),
        ("BBZ", config.zero_point_bye, defaults.zero_point_bye),
        ("BBF", config.forfeit_loss, defaults.forfeit_loss),
        ("BBU", config.pairing_allocated_bye, config.win),
    ] {
        if value != default {
            let text = format!("{code} {value:>4}");
            let record = trf::parse_line(&text, 0)?;
            header.push(text, record);
        }
    }
    Ok(header)
}

/// Like [`generate_in`], but when the system cannot pair a round, returns the tournament as it stood
/// before that round (its announced byes included) together with the error.
pub fn generate_partial_in(
    system: System,
    edition: Edition,
    config: &Config,
    seed: u64,
) -> Result<(Trf, Option<Error>)> {
    play_tournament(system, edition, config, None, seed)
}

/// Players given to the generator instead of random ones: a model tournament's (bbpPairings'
/// `MODEL.trf -g`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GivenPlayers {
    /// The players in starting-number order. Their records are kept (name, title, rating,
    /// federation, FIDE id, birth date, sex) and their ratings decide the results; they are numbered
    /// 1, 2, ... in this order; their rounds, points and ranks are replaced by the generated ones.
    pub players: Vec<PlayerRecord>,
    /// The lines that open the file instead of the generator's `012` line (a model's name, place,
    /// dates, arbiters), written as they are.
    pub header: Vec<String>,
}

/// A model tournament read for the generator (bbpPairings' `MODEL.trf -g`): its players (name, title,
/// rating, federation, FIDE id, birth date, sex, renumbered 1, 2, ... in starting-number order), its
/// opening records (`012` name, `022` place, dates, arbiters: every line except the players and the
/// records the generator writes itself), and settings measured on its rounds.
///
/// The settings: as many players; as many rounds as the model has played (its `XXR`/`142` when it has
/// played none); the share of drawn games among the games played; one game in N forfeited, one
/// player-round in N a half-point bye, one in N a zero-point bye or absence that is not a withdrawal,
/// one player-round in N a withdrawal (absent from then on); the model's point system; no late entries.
/// The results are drawn from the players' ratings, so every player needs one: a rating of 0 is refused
/// (as bbpPairings refuses it), naming the line.
pub fn model(model: &Trf) -> Result<(Config, GivenPlayers)> {
    let t = Tournament::from_trf(model)?;
    let mut records: Vec<(usize, &PlayerRecord)> = model.players().collect();
    sort_by_key(&mut records, |(_, p)| p.start_number);
    if let Some((line, p)) = records.iter().find(|(_, p)| p.rating == 0) {
        return Err(Error::invalid(
            Some(*line),
            "rating",
            format!(
                "player {} has no rating: the generator draws the results from the ratings, so every player of a model needs one",
                p.start_number
            ),
        ));
    }
    let n = records.len();
    let rounds = if t.rounds_played > 0 {
        t.rounds_played
    } else {
        t.total_rounds.unwrap_or(0)
    };
    if rounds == 0 {
        return Err(Error::invalid(
            None,
            "rounds",
            "the model has played no round and names no number of rounds (XXR/142)",
        ));
    }
    let (mut games, mut draws, mut forfeits) = (0u64, 0u64, 0u64);
    let (mut halves, mut zeros, mut withdrawals) = (0u64, 0u64, 0u64);
    for p in &t.players {
        // A withdrawal: absent (zero-point bye) from some round after the first to the model's last.
        let tail = p
            .entries
            .iter()
            .rev()
            .take_while(|e| matches!(e, Entry::Bye(Bye::Zero | Bye::ForfeitLoss)))
            .count();
        let withdrew = tail > 0 && tail < p.entries.len();
        if withdrew {
            withdrawals += 1;
        }
        let counted = p.entries.len() - if withdrew { tail } else { 0 };
        for e in p.entries.iter().take(counted) {
            match e {
                Entry::Played { outcome, .. } => {
                    games += 1;
                    if *outcome == crate::tournament::Outcome::Draw {
                        draws += 1;
                    }
                }
                Entry::Forfeit { .. } => forfeits += 1,
                Entry::Bye(Bye::Half) => halves += 1,
                Entry::Bye(Bye::Zero | Bye::ForfeitLoss) => zeros += 1,
                Entry::Bye(_) => {}
            }
        }
    }
    // One in N, rounded to the nearest whole; never when it never happened.
    let one_in = |total: u64, events: u64| -> u64 {
        if events == 0 {
            NEVER
        } else {
            ((2 * total + events) / (2 * events)).max(1)
        }
    };
    let player_rounds = (n as u64).saturating_mul(rounds as u64);
    let points = &t.points;
    let ratings = records.iter().map(|(_, p)| p.rating);
    let config = Config {
        players: n,
        rounds,
        // Each game is counted from both sides, which leaves the shares as they are.
        draw_percentage: (draws * 100).checked_div(games).unwrap_or(0) as u32,
        forfeit_rate: one_in(games + forfeits, forfeits),
        retired_rate: one_in(player_rounds, withdrawals),
        half_point_bye_rate: one_in(player_rounds, halves),
        zero_point_bye_rate: one_in(player_rounds, zeros),
        late_entry_rate: NEVER,
        highest_rating: ratings.clone().max().unwrap_or(0),
        lowest_rating: ratings.min().unwrap_or(0),
        win: points.value(PointKey::WinWhite),
        draw: points.value(PointKey::DrawWhite),
        loss: points.value(PointKey::LossWhite),
        zero_point_bye: points.value(PointKey::ZeroPointBye),
        forfeit_loss: points.value(PointKey::ForfeitLoss),
        pairing_allocated_bye: points.value(PointKey::PairingAllocatedBye),
    };
    config.validate()?;
    let header = model
        .lines
        .iter()
        .filter(|l| match &l.record {
            Record::Other => {
                // The generator writes its own system record (`192`/coded `092`) and extension lines.
                let code = l.text.get(..3).unwrap_or("");
                !(code == "092" && l.text.get(3..).unwrap_or("").trim().starts_with("FIDE_")
                    || ["XXS", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"].contains(&code))
            }
            _ => false,
        })
        .map(|l| l.text.clone())
        .collect();
    let given = GivenPlayers {
        players: records.iter().map(|(_, p)| (*p).clone()).collect(),
        header,
    };
    Ok((config, given))
}

/// Like [`generate_partial_in`], with the given players instead of random ones (`config.players` must
/// be their number; the rating range of `config` is not used).
pub fn generate_with_players_in(
    system: System,
    edition: Edition,
    config: &Config,
    given: &GivenPlayers,
    seed: u64,
) -> Result<(Trf, Option<Error>)> {
    if given.players.len() != config.players {
        return Err(Error::invalid(
            None,
            "PlayersNumber",
            format!(
                "{} players given but {} configured",
                given.players.len(),
                config.players
            ),
        ));
    }
    play_tournament(system, edition, config, Some(given), seed)
}

fn play_tournament(
    system: System,
    edition: Edition,
    config: &Config,
    given: Option<&GivenPlayers>,
    seed: u64,
) -> Result<(Trf, Option<Error>)> {
    config.validate()?;
    let edition = system.check_edition(edition)?;
    let trf26 = edition.is_2026();
    let mut dice = Dice(ChaCha8Rng::seed_from_u64(seed));
    let n = config.players;
    let ratings: Vec<u32> = match given {
        Some(g) => g.players.iter().map(|p| p.rating).collect(),
        None => {
            let span = u64::from(config.highest_rating - config.lowest_rating) + 1;
            let mut ratings: Vec<u32> = (0..n)
                .map(|_| config.lowest_rating + dice.below(span) as u32)
                .collect();
            sort_by(&mut ratings, |a, b| b.cmp(a));
            ratings
        }
    };
    let initial_white = dice.below(2) == 0;
    // Late entries: the round in which each player enters.
    let entry: Vec<usize> = (0..n)
        .map(|_| {
            if config.rounds > 1 && dice.one_in(config.late_entry_rate) {
                2 + dice.below(((config.rounds as u64) / 2).max(1)) as usize
            } else {
                1
            }
        })
        .collect();
    let mut players: Vec<PlayerRecord> = ratings
        .iter()
        .enumerate()
        .map(|(i, &r)| match given.and_then(|g| g.players.get(i)) {
            Some(p) => PlayerRecord {
                start_number: i as u32 + 1,
                points: None,
                rank: None,
                rounds: Vec::new(),
                ..p.clone()
            },
            None => PlayerRecord {
                start_number: i as u32 + 1,
                sex: String::new(),
                title: String::new(),
                name: format!("Player {:04}", i + 1),
                rating: r,
                federation: String::new(),
                fide_id: String::new(),
                birth: String::new(),
                points: None,
                rank: None,
                rounds: Vec::new(),
            },
        })
        .collect();
    let mut retired = vec![false; n];
    let header = header(
        system,
        edition,
        config,
        seed,
        initial_white,
        given.map(|g| g.header.as_slice()),
    )?;
    for round in 1..=config.rounds {
        // Announcements for this round: late entries, withdrawals, requested byes.
        for i in 0..n {
            let cell = if round < entry[i] || retired[i] {
                Some(ResultCode::ZeroPointBye)
            } else if round > 1 && dice.one_in(config.retired_rate) {
                retired[i] = true;
                Some(ResultCode::ZeroPointBye)
            } else if round < config.rounds && dice.one_in(config.half_point_bye_rate) {
                Some(ResultCode::HalfPointBye)
            } else if dice.one_in(config.zero_point_bye_rate) {
                Some(ResultCode::ZeroPointBye)
            } else {
                None
            };
            if let Some(result) = cell {
                players[i].rounds.push(Cell {
                    opponent: None,
                    colour: None,
                    result,
                });
            }
        }
        let trf = assemble(&header, &players, config, round - 1, false, trf26)?;
        let tournament = Tournament::from_trf(&trf)?;
        let present = tournament
            .players
            .iter()
            .filter(|p| p.next_round == crate::tournament::Availability::Available)
            .count();
        if present < 2 {
            // Nobody to pair: everyone present gets the round as an absence.
            for p in players.iter_mut() {
                if p.rounds.len() < round {
                    p.rounds.push(Cell {
                        opponent: None,
                        colour: None,
                        result: ResultCode::ZeroPointBye,
                    });
                }
            }
            continue;
        }
        let pairing = match system.pair_in(edition, &tournament) {
            Ok(p) => p,
            Err(e @ Error::NoValidPairing(_)) => return Ok((trf, Some(e))),
            Err(e) => return Err(e),
        };
        for g in &pairing.games {
            let (w, b) = (g.white, g.black);
            let (wr, br) = (ratings[w], ratings[b]);
            let (rw, rb) = play(&mut dice, config, wr, br);
            players[w].rounds.push(Cell {
                opponent: Some(b as u32 + 1),
                colour: Some(CellColour::White),
                result: rw,
            });
            players[b].rounds.push(Cell {
                opponent: Some(w as u32 + 1),
                colour: Some(CellColour::Black),
                result: rb,
            });
        }
        if let Some(b) = pairing.bye {
            players[b].rounds.push(Cell {
                opponent: None,
                colour: None,
                result: ResultCode::PairingAllocatedBye,
            });
        }
        for p in players.iter_mut() {
            if p.rounds.len() < round {
                // Present but unpaired cannot happen; keep the file consistent anyway.
                p.rounds.push(Cell::BLANK);
            }
        }
    }
    Ok((
        assemble(&header, &players, config, config.rounds, true, trf26)?,
        None,
    ))
}

/// The result codes for white and black of one game.
fn play(dice: &mut Dice, config: &Config, white: u32, black: u32) -> (ResultCode, ResultCode) {
    if dice.one_in(config.forfeit_rate) {
        return match dice.below(10) {
            0 => (ResultCode::ForfeitLoss, ResultCode::ForfeitLoss),
            1..=4 => (ResultCode::ForfeitWin, ResultCode::ForfeitLoss),
            _ => (ResultCode::ForfeitLoss, ResultCode::ForfeitWin),
        };
    }
    let high = expected_ppm(white.abs_diff(black));
    let expected_white = if white >= black {
        high
    } else {
        1_000_000 - high
    };
    // Draws: the configured share between equals, fewer as the expected score moves away from 1/2.
    let closeness = 1_000_000 - 2 * expected_white.abs_diff(500_000);
    let draw = u64::from(config.draw_percentage) * closeness / 100;
    let white_wins = expected_white.saturating_sub(draw / 2);
    let x = dice.below(1_000_000);
    if x < white_wins {
        (ResultCode::Win, ResultCode::Loss)
    } else if x < white_wins + draw {
        (ResultCode::Draw, ResultCode::Draw)
    } else {
        (ResultCode::Loss, ResultCode::Win)
    }
}

/// The file as it stands: header lines and players with their points (and, at the end, ranks). With
/// `trf26`, the byes and absences already announced for the round after `completed` also go in `240`
/// records (TRF-2026's announcement of a round's byes; a round already paired has them in its cells).
fn assemble(
    header: &Trf,
    players: &[PlayerRecord],
    config: &Config,
    completed: usize,
    finished: bool,
    trf26: bool,
) -> Result<Trf> {
    let mut trf = header.clone();
    let value = |c: &Cell| -> Score {
        match c.result {
            ResultCode::Win
            | ResultCode::WinShort
            | ResultCode::FullPointBye
            | ResultCode::ForfeitWin => config.win,
            ResultCode::Draw | ResultCode::DrawShort | ResultCode::HalfPointBye => config.draw,
            ResultCode::Loss | ResultCode::LossShort => config.loss,
            ResultCode::ForfeitLoss => config.forfeit_loss,
            ResultCode::PairingAllocatedBye => config.pairing_allocated_bye,
            ResultCode::ZeroPointBye | ResultCode::Blank => config.zero_point_bye,
        }
    };
    let scores: Vec<Score> = players
        .iter()
        // Announcements of the round to be paired are not counted yet.
        .map(|p| p.rounds.iter().take(completed).map(value).sum())
        .collect();
    let mut order: Vec<usize> = (0..players.len()).collect();
    sort_by_key(&mut order, |&i| (std::cmp::Reverse(scores[i]), i));
    let mut rank = vec![0u32; players.len()];
    for (r, &i) in order.iter().enumerate() {
        rank[i] = r as u32 + 1;
    }
    for (i, p) in players.iter().enumerate() {
        let mut p = p.clone();
        p.points = Some(scores[i]);
        p.rank = finished.then_some(rank[i]);
        trf.push(String::new(), Record::Player(p));
    }
    if trf26 {
        let round = completed as u32 + 1;
        for (kind, code) in [
            (ByeRequestKind::Full, ResultCode::FullPointBye),
            (ByeRequestKind::Half, ResultCode::HalfPointBye),
            (ByeRequestKind::Zero, ResultCode::ZeroPointBye),
        ] {
            let announced: Vec<u32> = players
                .iter()
                .filter(|p| {
                    p.rounds
                        .get(completed)
                        .is_some_and(|c| c.opponent.is_none() && c.result == code)
                })
                .map(|p| p.start_number)
                .collect();
            if !announced.is_empty() {
                let record = Record::ByeRequest {
                    kind,
                    round,
                    players: announced,
                };
                trf.push(trf::format_trf26(&record)?, record);
            }
        }
    }
    Ok(trf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_score_follows_the_logistic_curve() {
        assert_eq!(expected_ppm(0), 500_000);
        let e400 = expected_ppm(400); // 10/11
        assert!((909_000..=909_200).contains(&e400), "{e400}");
        let e200 = expected_ppm(200); // 1/(1+10^-0.5) = 0.7597
        assert!((759_600..=759_800).contains(&e200), "{e200}");
        let e1200 = expected_ppm(1200); // 1000/1001
        assert!((998_990..=999_010).contains(&e1200), "{e1200}");
        assert!(expected_ppm(5000) == e1200);
    }

    #[test]
    fn config_keys_and_errors() {
        let c = Config::parse(
            "PlayersNumber=40\nRoundsNumber = 7\n# comment\nDrawPercentage=20\nPointsForWin=3\n",
        )
        .unwrap();
        assert_eq!(
            (c.players, c.rounds, c.draw_percentage, c.win),
            (40, 7, 20, Score(30))
        );
        // The pairing-allocated bye is worth a win unless set.
        assert_eq!(c.pairing_allocated_bye, Score(30));
        let c = Config::parse("PointsForWin=3\nPointsForPAB=1").unwrap();
        assert_eq!(c.pairing_allocated_bye, Score(10));
        let e = Config::parse("PlayersNumber=40\nColour=white").unwrap_err();
        assert_eq!(e.line(), Some(2));
        assert!(e.to_string().contains("unknown key"), "{e}");
        assert!(Config::parse("PlayersNumber=x").is_err());
        assert_eq!(Config::parse("ForfeitRate=17.5").unwrap().forfeit_rate, 18);
        assert_eq!(
            Config::parse("RetiredRate=1000000000")
                .unwrap()
                .retired_rate,
            1_000_000_000
        );
        assert!(Config::parse("ForfeitRate=x1").is_err());
        assert!(Config::parse("DrawPercentage=101").is_err());
        assert!(Config::parse("PlayersNumber=5\nRoundsNumber=5").is_err());
        assert_eq!(
            Config::parse("PlayersNumber=10000")
                .unwrap_err()
                .exit_code(),
            4
        );
        assert!(Config::parse("LowestRating=2000\nHighestRating=1000").is_err());
        assert!(Config::parse("garbage").is_err());
    }

    #[test]
    fn same_seed_same_file() {
        let c = Config {
            players: 15,
            rounds: 5,
            forfeit_rate: 20,
            half_point_bye_rate: 20,
            ..Config::default()
        };
        let a = trf::write(&generate(System::Dutch, &c, 3).unwrap());
        let b = trf::write(&generate(System::Dutch, &c, 3).unwrap());
        assert_eq!(a, b);
        let other = trf::write(&generate(System::Dutch, &c, 4).unwrap());
        assert_ne!(a, other);
        // The file reads back and its points agree.
        let t = Tournament::from_trf(&trf::parse(&a).unwrap()).unwrap();
        assert_eq!(t.rounds_played, 5);
    }

    /// The tournament with the line numbers cleared (a file read back has them, lines a program made
    /// have 0).
    fn without_lines(mut t: Tournament) -> Tournament {
        for p in &mut t.players {
            p.line = 0;
        }
        if let Some(r) = &mut t.rules {
            r.line = 0;
        }
        t
    }

    fn header_lines(text: &str) -> Vec<&str> {
        text.lines().filter(|l| !l.starts_with("001")).collect()
    }

    #[test]
    fn the_2017_edition_writes_the_extension_lines() {
        let c = Config {
            players: 15,
            rounds: 5,
            pairing_allocated_bye: Score::tenths(5),
            ..Config::default()
        };
        let text = trf::write(&generate(System::Dutch, &c, 3).unwrap());
        let header = header_lines(&text);
        assert_eq!(header[0], "012 swisspair random tournament, seed 3");
        assert_eq!(header[1], "XXR 5");
        assert!(header[2].starts_with("XXC "), "{header:?}");
        assert_eq!(header[3..], ["BBU  0.5"]);
        assert_eq!(
            text,
            trf::write(&generate_in(System::Dutch, Edition::Y2017, &c, 3).unwrap())
        );
    }

    #[test]
    fn the_2026_edition_writes_trf_2026_and_reads_it_back() {
        for (c, seed) in [
            (
                Config {
                    players: 21,
                    rounds: 7,
                    forfeit_rate: 10,
                    half_point_bye_rate: 12,
                    zero_point_bye_rate: 20,
                    retired_rate: 60,
                    late_entry_rate: 8,
                    pairing_allocated_bye: Score::tenths(5),
                    ..Config::default()
                },
                11,
            ),
            (
                Config {
                    players: 30,
                    rounds: 6,
                    forfeit_rate: 15,
                    win: Score::points(3),
                    draw: Score::points(1),
                    pairing_allocated_bye: Score::ZERO,
                    zero_point_bye: Score::tenths(5),
                    forfeit_loss: Score::tenths(5),
                    ..Config::default()
                },
                12,
            ),
        ] {
            let generated = generate_in(System::Dutch, Edition::Y2026, &c, seed).unwrap();
            let text = trf::write(&generated);
            let header = header_lines(&text);
            assert_eq!(header[1], format!("142 {}", c.rounds));
            assert!(["152 W", "152 B"].contains(&header[2]), "{header:?}");
            assert!(header[3].starts_with("162  W"), "{header:?}");
            assert_eq!(header[4], "192 FIDE_DUTCH_2025");
            assert!(!text.contains("\nXX") && !text.contains("\nBB"), "{text}");
            // Write -> read gives the same tournament, and writing it again the same bytes.
            let read = trf::parse(&text).unwrap();
            assert_eq!(trf::write(&read), text);
            let back = Tournament::from_trf(&read).unwrap();
            let made = Tournament::from_trf(&generated).unwrap();
            assert_eq!(without_lines(back.clone()), without_lines(made));
            assert_eq!(back.rounds_played, c.rounds);
            assert_eq!(back.total_rounds, Some(c.rounds));
            assert_eq!(
                back.rules.as_ref().and_then(|r| r.edition),
                Some(2026),
                "the file names its edition"
            );
            assert_eq!(
                System::Dutch.edition_for(&back, None).unwrap(),
                Edition::Y2026
            );
            let p = &back.points;
            assert_eq!(
                (
                    p.value(PointKey::WinBlack),
                    p.value(PointKey::DrawWhite),
                    p.value(PointKey::HalfPointBye),
                    p.value(PointKey::ForfeitLoss),
                    p.value(PointKey::ZeroPointBye),
                    p.value(PointKey::PairingAllocatedBye)
                ),
                (
                    c.win,
                    c.draw,
                    c.draw,
                    c.forfeit_loss,
                    c.zero_point_bye,
                    c.pairing_allocated_bye
                )
            );
            // Every round re-checks under the edition the file names.
            let report = crate::check::check(&back, System::Dutch, |_, _| {}).unwrap();
            assert!(report.differences.is_empty(), "{:?}", report.differences);
        }
    }

    #[test]
    fn a_partial_2026_file_announces_the_next_rounds_byes_in_240_records() {
        let c = Config {
            players: 12,
            rounds: 5,
            half_point_bye_rate: 4,
            zero_point_bye_rate: 6,
            ..Config::default()
        };
        let mut players = Vec::new();
        let header = header(System::Dutch, Edition::Y2026, &c, 1, true, None).unwrap();
        for n in 1..=4u32 {
            let result = match n {
                1 => ResultCode::HalfPointBye,
                2 | 3 => ResultCode::ZeroPointBye,
                _ => ResultCode::Blank,
            };
            players.push(PlayerRecord {
                start_number: n,
                sex: String::new(),
                title: String::new(),
                name: format!("P{n}"),
                rating: 2000,
                federation: String::new(),
                fide_id: String::new(),
                birth: String::new(),
                points: None,
                rank: None,
                rounds: if result == ResultCode::Blank {
                    Vec::new()
                } else {
                    vec![Cell {
                        opponent: None,
                        colour: None,
                        result,
                    }]
                },
            });
        }
        let trf = assemble(&header, &players, &c, 0, false, true).unwrap();
        let text = trf::write(&trf);
        assert!(text.contains("\n240 H 001    1\n"), "{text}");
        assert!(text.contains("\n240 Z 001    2    3\n"), "{text}");
        let t = Tournament::from_trf(&trf::parse(&text).unwrap()).unwrap();
        use crate::tournament::{Availability, Bye};
        let next: Vec<Availability> = t.players.iter().map(|p| p.next_round).collect();
        assert_eq!(
            next,
            [
                Availability::Absent(Bye::Half),
                Availability::Absent(Bye::Zero),
                Availability::Absent(Bye::Zero),
                Availability::Available
            ]
        );
    }

    #[test]
    fn the_2026_file_refuses_what_trf_2026_cannot_say() {
        let zpb = Config {
            zero_point_bye: Score::tenths(5),
            ..Config::default()
        };
        let e = generate_in(System::Dutch, Edition::Y2026, &zpb, 1).unwrap_err();
        assert_eq!(e.exit_code(), 3);
        assert!(e.to_string().contains("PointsForZPB"), "{e}");
        // The 2017 edition writes it (BBZ).
        assert!(generate_in(System::Dutch, Edition::Y2017, &zpb, 1).is_ok());
        let big = Config {
            win: Score::points(100),
            pairing_allocated_bye: Score::points(100),
            ..Config::default()
        };
        let e = generate_in(System::Dutch, Edition::Y2026, &big, 1).unwrap_err();
        assert!(e.to_string().contains("PointsForWin"), "{e}");
        // From 10.0 up a 162 value touches its symbol (`W10.0`); the reader splits them by the columns.
        let ten = Config {
            win: Score::points(10),
            pairing_allocated_bye: Score::points(10),
            ..Config::default()
        };
        let trf = generate_in(System::Dutch, Edition::Y2026, &ten, 1).expect("generated");
        let t =
            Tournament::from_trf(&crate::trf::parse(&crate::trf::write(&trf)).expect("reads back"))
                .expect("checks");
        assert_eq!(t.points.win(), Score::points(10));
        // A system without the edition.
        let e = generate_in(System::Dubov, Edition::Y2026, &Config::default(), 1).unwrap_err();
        assert_eq!(e.exit_code(), 3);
        assert!(e.to_string().contains("1997"), "{e}");
    }
}
