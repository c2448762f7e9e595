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
use crate::rules::{Edition, System};
use crate::score::Score;
use crate::sorting::{sort_by, sort_by_key};
use crate::tournament::{Bye, Entry, Tournament};
use crate::trf::{
    self, ByeRequestKind, Cell, CellColour, PlayerRecord, PointKey, Record, ResultCode, Trf,
};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

mod config;
pub mod team;
#[cfg(test)]
mod tests;

pub use config::{Config, KEYS, NEVER};

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

    /// Late entries: the round in which each of `n` players (or teams) enters.
    fn entries(&mut self, config: &Config, n: usize) -> Vec<usize> {
        (0..n)
            .map(|_| {
                if config.rounds > 1 && self.one_in(config.late_entry_rate) {
                    2 + self.below(((config.rounds as u64) / 2).max(1)) as usize
                } else {
                    1
                }
            })
            .collect()
    }
}

/// A generated player: a starting number, a name and a rating, nothing else yet.
fn new_player(start_number: u32, name: String, rating: u32) -> PlayerRecord {
    PlayerRecord {
        start_number,
        sex: String::new(),
        title: String::new(),
        name,
        rating,
        federation: String::new(),
        fide_id: String::new(),
        birth: String::new(),
        points: None,
        rank: None,
        rounds: Vec::new(),
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
pub fn system_code(system: System, edition: Edition) -> Option<&'static str> {
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
    system.individual("generating an individual tournament")?;
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
    let entry = dice.entries(config, n);
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
            None => new_player(i as u32 + 1, format!("Player {:04}", i + 1), r),
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
    played(dice, config.draw_percentage, white, black)
}

/// The result codes of a game played over the board between players rated `white` and `black`: the
/// winner drawn from the rating difference, draws the configured share between equals, fewer as the
/// expected score moves away from 1/2.
fn played(
    dice: &mut Dice,
    draw_percentage: u32,
    white: u32,
    black: u32,
) -> (ResultCode, ResultCode) {
    let high = expected_ppm(white.abs_diff(black));
    let expected_white = if white >= black {
        high
    } else {
        1_000_000 - high
    };
    let closeness = 1_000_000 - 2 * expected_white.abs_diff(500_000);
    let draw = u64::from(draw_percentage) * closeness / 100;
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

/// The file as it stands: header lines and players with their points (and, at the end, ranks). The
/// byes and absences already announced for the round after `completed` go in its cells (TRF16, as
/// bbpPairings 5 and JaVaFo read them), or with `trf26` in `240` records only (TRF-2026's announcement
/// of a round's byes; a round already paired has them in its cells).
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
        if trf26 {
            // TRF-2026 announces a round not yet paired in `240` records only: its cells would count in
            // the points column, which a reader checks against them.
            p.rounds.truncate(completed);
        }
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
