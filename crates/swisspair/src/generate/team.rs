//! The team tournament generator (`--team -g`): plays a whole team tournament, every round paired by
//! the Swiss Team Pairing System (C.04.6), each board's result drawn from the two players' ratings.
//!
//! The configuration is the individual generator's ([`Config`]), `PlayersNumber` counting teams, with
//! the team keys of [`TEAM_KEYS`]. The file is TRF-2026: `142`, `152`, the `192` team code, the members'
//! `001` records with their games, `310` rosters (with the teams' match and game points and rank), `320`
//! the pairing-allocated byes, `330` the matches a whole team forfeited; a tournament stopped before
//! its end announces the absences of the round it could not pair in `240` records. The match points
//! are 2, 1, 0 and the game points 1, ½, 0 (the defaults, so no `362` or `162` record is written);
//! the PAB is worth a drawn match (1.4): 1 match point and half the boards in game points.

use super::config::{Config, NEVER};
use super::{new_player, played, Dice};
use crate::error::{Error, Result};
use crate::score::Score;
use crate::sorting::sort_by_key;
use crate::systems::team::pair;
use crate::tournament::team::{ColourMode, PrimaryScore, TeamRecord, TeamTournament};
use crate::trf::{self, ByeRequestKind, Cell, CellColour, PlayerRecord, Record, ResultCode, Trf};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The team keys, with what they set (the other keys are [`super::KEYS`]).
pub const TEAM_KEYS: &[(&str, &str)] = &[
    (
        "TeamSize",
        "boards per match (default 4); each team has one member more",
    ),
    (
        "TeamColours",
        "colour preferences: a, b or none (default a)",
    ),
    (
        "TeamScore",
        "primary score: mp (match points) or gp (game points) (default mp)",
    ),
    (
        "TeamSecondaryColours",
        "the secondary score decides the first-team (4.2.2): yes or no (default yes)",
    ),
    (
        "MatchForfeitRate",
        "one match in N is forfeited by a whole team (330) (default never)",
    ),
    (
        "ReserveRate",
        "in one team-round in N the reserve plays instead of a board (default 4)",
    ),
];

/// The team generator's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamConfig {
    /// The individual settings: `players` is the number of teams; the rates are per team and round,
    /// `ForfeitRate` per board.
    pub base: Config,
    /// Boards per match.
    pub team_size: usize,
    pub colours: ColourMode,
    pub primary: PrimaryScore,
    pub secondary_for_colours: bool,
    pub match_forfeit_rate: u64,
    pub reserve_rate: u64,
}

impl Default for TeamConfig {
    fn default() -> Self {
        TeamConfig {
            base: Config {
                players: 12,
                rounds: 7,
                ..Config::default()
            },
            team_size: 4,
            colours: ColourMode::TypeA,
            primary: PrimaryScore::MatchPoints,
            secondary_for_colours: true,
            match_forfeit_rate: NEVER,
            reserve_rate: 4,
        }
    }
}

impl TeamConfig {
    /// Reads `key=value` lines: the team keys here, the others as [`Config::parse`] reads them (errors
    /// name the line). The point keys are refused: team files keep the default points.
    pub fn parse(text: &str) -> Result<TeamConfig> {
        let mut c = TeamConfig::default();
        let mut rest = String::new();
        let mut players_given = false;
        let mut rounds_given = false;
        for (i, raw) in text.lines().enumerate() {
            let at = Some(i + 1);
            let line = raw.trim();
            let Some((key, value)) = line.split_once('=').filter(|_| !line.starts_with('#')) else {
                rest.push_str(raw);
                rest.push('\n');
                continue;
            };
            let (key, value) = (key.trim(), value.trim());
            let bad = |what: &str| Error::invalid(at, key, format!("'{value}': {what}"));
            let number = || value.parse::<u64>().map_err(|_| bad("not a whole number"));
            match key {
                "TeamSize" => {
                    let n = number()?;
                    if !(1..=20).contains(&n) {
                        return Err(bad("between 1 and 20 boards"));
                    }
                    c.team_size = n as usize;
                }
                "TeamColours" => {
                    c.colours = match value.to_ascii_lowercase().as_str() {
                        "a" => ColourMode::TypeA,
                        "b" => ColourMode::TypeB,
                        "none" => ColourMode::None,
                        _ => return Err(bad("expected a, b or none")),
                    }
                }
                "TeamScore" => {
                    c.primary = match value.to_ascii_lowercase().as_str() {
                        "mp" => PrimaryScore::MatchPoints,
                        "gp" => PrimaryScore::GamePoints,
                        _ => return Err(bad("expected mp or gp")),
                    }
                }
                "TeamSecondaryColours" => {
                    c.secondary_for_colours = match value.to_ascii_lowercase().as_str() {
                        "yes" | "1" | "true" => true,
                        "no" | "0" | "false" => false,
                        _ => return Err(bad("expected yes or no")),
                    }
                }
                "MatchForfeitRate" => c.match_forfeit_rate = number()?,
                "ReserveRate" => c.reserve_rate = number()?,
                k if k.starts_with("PointsFor") => {
                    return Err(Error::invalid(
                        at,
                        key,
                        "a team tournament keeps the default points (games 1, 1/2, 0; matches 2, 1, 0; the PAB a drawn match)",
                    ))
                }
                _ if key != "HalfPointByteRate" && !super::KEYS.iter().any(|(k, _)| *k == key) => {
                    let known: Vec<&str> = super::KEYS
                        .iter()
                        .chain(TEAM_KEYS)
                        .map(|(k, _)| *k)
                        .filter(|k| !k.starts_with("PointsFor"))
                        .collect();
                    return Err(Error::invalid(
                        at,
                        key,
                        format!("unknown key (known: {})", known.join(", ")),
                    ));
                }
                _ => {
                    players_given |= key == "PlayersNumber";
                    rounds_given |= key == "RoundsNumber";
                    rest.push_str(raw);
                    rest.push('\n');
                    continue;
                }
            }
            // Keep the line numbers of the individual keys.
            rest.push('\n');
        }
        if !players_given {
            rest.push_str(&format!("PlayersNumber={}\n", c.base.players));
        }
        if !rounds_given {
            rest.push_str(&format!("RoundsNumber={}\n", c.base.rounds));
        }
        let base = Config::parse(&rest)?;
        base.validate()?;
        c.base = base;
        Ok(c)
    }

    /// The `192` code naming the rules: `FIDE_TEAM[_TYPEA|_TYPEB]_<primary>[_<secondary>]`.
    pub fn code(&self) -> String {
        let kind = match self.colours {
            ColourMode::TypeA => "_TYPEA",
            ColourMode::TypeB => "_TYPEB",
            ColourMode::None => "",
        };
        let scores = match (self.primary, self.secondary_for_colours) {
            (PrimaryScore::MatchPoints, true) => "_MP_GP",
            (PrimaryScore::MatchPoints, false) => "_MP",
            (PrimaryScore::GamePoints, true) => "_GP_MP",
            (PrimaryScore::GamePoints, false) => "_GP",
        };
        format!("FIDE_TEAM{kind}{scores}")
    }
}

/// What a team did in a round, as the generator keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// Not paired: `Z` (absent) or `H` (a half-point bye) in the members' cells.
    Unpaired(ResultCode),
    /// The pairing-allocated bye.
    Bye,
    /// A match: match points and game points.
    Match(Score, Score),
}

/// The generator's running tournament.
struct Play<'a> {
    config: &'a TeamConfig,
    header: Vec<String>,
    /// Members by starting number (index + 1); team `t` (index) owns `t * (size + 1)` onwards.
    players: Vec<PlayerRecord>,
    /// Per team, per round.
    outcomes: Vec<Vec<Outcome>>,
    /// Per round, the team that had the PAB.
    byes: Vec<Option<u32>>,
    /// `330`: type, round, white, black.
    forfeits: Vec<(&'static str, usize, u32, u32)>,
}

impl Play<'_> {
    fn members(&self) -> usize {
        self.config.team_size + 1
    }

    fn member(&self, team: usize, k: usize) -> usize {
        team * self.members() + k
    }

    /// The file after `completed` rounds, announcing the round after them (`announced`: the teams
    /// not to be paired and how) in `240` records.
    fn file(&self, completed: usize, announced: &[(u32, ResultCode)]) -> Result<Trf> {
        let mut trf = Trf::default();
        for line in &self.header {
            let record = trf::parse_line(line, 0)?;
            trf.push(line.clone(), record);
        }
        for p in &self.players {
            let mut p = p.clone();
            p.rounds.truncate(completed);
            p.points = Some(p.rounds.iter().map(member_points).sum());
            trf.push(String::new(), Record::Player(p));
        }
        let n = self.outcomes.len();
        let totals: Vec<(Score, Score)> = self
            .outcomes
            .iter()
            .map(|rounds| {
                rounds
                    .iter()
                    .take(completed)
                    .map(|o| self.points(*o))
                    .fold((Score::ZERO, Score::ZERO), |(m, g), (a, b)| (m + a, g + b))
            })
            .collect();
        let primary = |t: usize| {
            let (m, g) = totals.get(t).copied().unwrap_or_default();
            match self.config.primary {
                PrimaryScore::MatchPoints => (m, g),
                PrimaryScore::GamePoints => (g, m),
            }
        };
        let mut order: Vec<usize> = (0..n).collect();
        sort_by_key(&mut order, |&t| (std::cmp::Reverse(primary(t)), t));
        let mut rank = vec![0usize; n];
        for (r, &t) in order.iter().enumerate() {
            if let Some(slot) = rank.get_mut(t) {
                *slot = r + 1;
            }
        }
        for t in 0..n {
            let (m, g) = totals.get(t).copied().unwrap_or_default();
            let record = TeamRecord {
                tpn: Some(t as u32 + 1),
                name: format!("Team {:03}", t + 1),
                match_points: Some(m),
                game_points: Some(g),
                rank: Some(rank.get(t).copied().unwrap_or(0) as u32),
                members: (0..self.members())
                    .map(|k| self.member(t, k) as u32 + 1)
                    .collect(),
                ..TeamRecord::default()
            };
            trf.push(record.text(), Record::Other);
        }
        let byes: Vec<Option<u32>> = self.byes.iter().take(completed).copied().collect();
        if byes.iter().any(Option::is_some) {
            let mut line = format!(
                "320 {:>4} {:>4}",
                Score::points(1).to_string(),
                self.half_boards().to_string()
            );
            for b in &byes {
                line.push_str(&match b {
                    Some(t) => format!(" {t:>3}"),
                    None => "    ".to_string(),
                });
            }
            trf.push(line.trim_end().to_string(), Record::Other);
        }
        for &(kind, round, white, black) in &self.forfeits {
            if round <= completed {
                trf.push(
                    format!("330 {kind} {round:>3} {white:>3} {black:>3}"),
                    Record::Other,
                );
            }
        }
        for (kind, code) in [
            (ByeRequestKind::Half, ResultCode::HalfPointBye),
            (ByeRequestKind::Zero, ResultCode::ZeroPointBye),
        ] {
            let teams: Vec<u32> = announced
                .iter()
                .filter(|(_, c)| *c == code)
                .map(|(t, _)| *t)
                .collect();
            if !teams.is_empty() {
                let record = Record::ByeRequest {
                    kind,
                    round: completed as u32 + 1,
                    players: teams,
                };
                trf.push(trf::format_trf26(&record)?, record);
            }
        }
        Ok(trf)
    }

    /// Half the boards' game points: a drawn match's.
    fn half_boards(&self) -> Score {
        Score(5 * self.config.team_size as i32)
    }

    /// A team's match and game points for an outcome.
    fn points(&self, o: Outcome) -> (Score, Score) {
        match o {
            Outcome::Unpaired(ResultCode::HalfPointBye) | Outcome::Bye => {
                (Score::points(1), self.half_boards())
            }
            Outcome::Unpaired(_) => (Score::ZERO, Score::ZERO),
            Outcome::Match(m, g) => (m, g),
        }
    }

    /// The first `size` members' cells for a round without a game; the reserve's is blank.
    fn unpaired(&mut self, team: usize, result: ResultCode) {
        for k in 0..self.members() {
            let cell = if k < self.config.team_size {
                Cell {
                    opponent: None,
                    colour: None,
                    result,
                }
            } else {
                Cell::BLANK
            };
            let m = self.member(team, k);
            if let Some(p) = self.players.get_mut(m) {
                p.rounds.push(cell);
            }
        }
    }
}

/// A member's points in a round (informative in team files: the board's game points).
fn member_points(c: &Cell) -> Score {
    match c.result {
        ResultCode::Win
        | ResultCode::WinShort
        | ResultCode::ForfeitWin
        | ResultCode::FullPointBye => Score::points(1),
        ResultCode::Draw
        | ResultCode::DrawShort
        | ResultCode::HalfPointBye
        | ResultCode::PairingAllocatedBye => Score::tenths(5),
        _ => Score::ZERO,
    }
}

/// The result codes of one board, white's first (as the individual generator draws them; a board is
/// forfeited by one side only, a double forfeit being a whole match's, `330`).
fn board(dice: &mut Dice, config: &Config, white: u32, black: u32) -> (ResultCode, ResultCode) {
    if dice.one_in(config.forfeit_rate) {
        return if dice.below(2) == 0 {
            (ResultCode::ForfeitWin, ResultCode::ForfeitLoss)
        } else {
            (ResultCode::ForfeitLoss, ResultCode::ForfeitWin)
        };
    }
    played(dice, config.draw_percentage, white, black)
}

/// Plays a whole team tournament; when a round cannot be paired, returns the tournament as it stood
/// before that round (its absences announced) with the error.
pub fn generate_teams(config: &TeamConfig, seed: u64) -> Result<(Trf, Option<Error>)> {
    let base = &config.base;
    base.validate()?;
    let mut dice = Dice(ChaCha8Rng::seed_from_u64(seed));
    let n = base.players;
    let size = config.team_size;
    // Each team a strength, its members around it, strongest on board 1; TPN by strength.
    let span = u64::from(base.highest_rating - base.lowest_rating) + 1;
    let mut teams: Vec<Vec<u32>> = (0..n)
        .map(|_| {
            let centre = u64::from(base.lowest_rating) + dice.below(span);
            let mut members: Vec<u32> = (0..=size)
                .map(|_| {
                    let r = (centre + dice.below(201)).saturating_sub(100);
                    r.clamp(
                        u64::from(base.lowest_rating),
                        u64::from(base.highest_rating),
                    ) as u32
                })
                .collect();
            members.sort_unstable_by(|a, b| b.cmp(a));
            members
        })
        .collect();
    let strength = |m: &Vec<u32>| m.iter().take(size).map(|&r| u64::from(r)).sum::<u64>();
    teams.sort_by_key(|m| std::cmp::Reverse(strength(m)));
    let initial_white = dice.below(2) == 0;
    let entry = dice.entries(base, n);
    let mut players = Vec::with_capacity(n * (size + 1));
    for (t, ratings) in teams.iter().enumerate() {
        for (k, &rating) in ratings.iter().enumerate() {
            players.push(new_player(
                (t * (size + 1) + k + 1) as u32,
                format!("Team {:03} Player {}", t + 1, k + 1),
                rating,
            ));
        }
    }
    let header = vec![
        format!("012 swisspair random team tournament, seed {seed}"),
        format!("142 {}", base.rounds),
        format!("152 {}", if initial_white { "W" } else { "B" }),
        format!("192 {}", config.code()),
    ];
    let mut play = Play {
        config,
        header,
        players,
        outcomes: vec![Vec::new(); n],
        byes: Vec::new(),
        forfeits: Vec::new(),
    };
    let mut retired = vec![false; n];
    for round in 1..=base.rounds {
        // The round's absences: late entries, withdrawals, requested byes.
        let mut announced = Vec::new();
        for (t, gone) in retired.iter_mut().enumerate() {
            let code = if round < entry.get(t).copied().unwrap_or(1) || *gone {
                Some(ResultCode::ZeroPointBye)
            } else if round > 1 && dice.one_in(base.retired_rate) {
                *gone = true;
                Some(ResultCode::ZeroPointBye)
            } else if round < base.rounds && dice.one_in(base.half_point_bye_rate) {
                Some(ResultCode::HalfPointBye)
            } else if dice.one_in(base.zero_point_bye_rate) {
                Some(ResultCode::ZeroPointBye)
            } else {
                None
            };
            if let Some(c) = code {
                announced.push((t as u32 + 1, c));
            }
        }
        let trf = play.file(round - 1, &announced)?;
        let present = n - announced.len();
        let pairing = if present < 2 {
            None
        } else {
            let text = trf::write(&trf);
            let t = TeamTournament::from_bytes(text.as_bytes())?;
            match pair(&t) {
                Ok(p) => Some(p),
                Err(e @ Error::NoValidPairing(_)) => return Ok((trf, Some(e))),
                Err(e) => return Err(e),
            }
        };
        let mut done = vec![false; n];
        for &(t, code) in &announced {
            let i = t as usize - 1;
            play.unpaired(i, code);
            push(&mut play.outcomes, i, Outcome::Unpaired(code));
            mark(&mut done, i);
        }
        let mut bye = None;
        if let Some(p) = &pairing {
            for &(w, b) in &p.matches {
                let (w, b) = (w as usize - 1, b as usize - 1);
                play_match(&mut play, &mut dice, round, w, b);
                mark(&mut done, w);
                mark(&mut done, b);
            }
            if let Some(t) = p.bye {
                let i = t as usize - 1;
                play.unpaired(i, ResultCode::PairingAllocatedBye);
                push(&mut play.outcomes, i, Outcome::Bye);
                mark(&mut done, i);
                bye = Some(t);
            }
        }
        play.byes.push(bye);
        // A team left alone (fewer than two present): absent.
        for (i, d) in done.iter().enumerate() {
            if !d {
                play.unpaired(i, ResultCode::ZeroPointBye);
                push(
                    &mut play.outcomes,
                    i,
                    Outcome::Unpaired(ResultCode::ZeroPointBye),
                );
            }
        }
    }
    Ok((play.file(base.rounds, &[])?, None))
}

fn push(outcomes: &mut [Vec<Outcome>], team: usize, o: Outcome) {
    if let Some(v) = outcomes.get_mut(team) {
        v.push(o);
    }
}

fn mark(done: &mut [bool], team: usize) {
    if let Some(d) = done.get_mut(team) {
        *d = true;
    }
}

/// Plays the match of the teams `w` (White on board 1) and `b`: forfeited as a whole (`330`), or
/// board by board, colours alternating from board 1, with the reserve in for one board at times.
fn play_match(play: &mut Play<'_>, dice: &mut Dice, round: usize, w: usize, b: usize) {
    let config = play.config;
    let size = config.team_size;
    let win = Score::points(2);
    if dice.one_in(config.match_forfeit_rate) {
        let (kind, white, black) = match dice.below(10) {
            0 => ("--", ResultCode::ForfeitLoss, ResultCode::ForfeitLoss),
            1..=4 => ("+-", ResultCode::ForfeitWin, ResultCode::ForfeitLoss),
            _ => ("-+", ResultCode::ForfeitLoss, ResultCode::ForfeitWin),
        };
        play.forfeits
            .push((kind, round, w as u32 + 1, b as u32 + 1));
        for (team, code) in [(w, white), (b, black)] {
            play.unpaired(team, code);
            let won = code == ResultCode::ForfeitWin;
            let points = if won {
                Outcome::Match(win, Score::points(size as i32))
            } else {
                Outcome::Match(Score::ZERO, Score::ZERO)
            };
            push(&mut play.outcomes, team, points);
        }
        return;
    }
    // The members fielded: the first `size`, or the reserve in for one of them.
    let lineup = |dice: &mut Dice| -> Vec<usize> {
        let mut fielded: Vec<usize> = (0..=size).collect();
        let out = if dice.one_in(config.reserve_rate) {
            dice.below(size as u64) as usize
        } else {
            size
        };
        fielded.retain(|&k| k != out);
        fielded
    };
    let (lw, lb) = (lineup(dice), lineup(dice));
    let mut cells_w = vec![Cell::BLANK; size + 1];
    let mut cells_b = vec![Cell::BLANK; size + 1];
    let (mut gw, mut gb) = (Score::ZERO, Score::ZERO);
    for (slot, (&kw, &kb)) in lw.iter().zip(&lb).enumerate() {
        let (mw, mb) = (play.member(w, kw), play.member(b, kb));
        let rating = |m: usize| play.players.get(m).map_or(0, |p| p.rating);
        let w_white = slot % 2 == 0;
        let (white, black) = if w_white { (mw, mb) } else { (mb, mw) };
        let (rw, rb) = board(dice, &config.base, rating(white), rating(black));
        let (code_w, code_b) = if w_white { (rw, rb) } else { (rb, rw) };
        let colour = |white: bool| {
            Some(if white {
                CellColour::White
            } else {
                CellColour::Black
            })
        };
        if let Some(c) = cells_w.get_mut(kw) {
            *c = Cell {
                opponent: Some(mb as u32 + 1),
                colour: colour(w_white),
                result: code_w,
            };
            gw += member_points(c);
        }
        if let Some(c) = cells_b.get_mut(kb) {
            *c = Cell {
                opponent: Some(mw as u32 + 1),
                colour: colour(!w_white),
                result: code_b,
            };
            gb += member_points(c);
        }
    }
    for (team, cells) in [(w, cells_w), (b, cells_b)] {
        for (k, cell) in cells.into_iter().enumerate() {
            let m = play.member(team, k);
            if let Some(p) = play.players.get_mut(m) {
                p.rounds.push(cell);
            }
        }
    }
    let (mw, mb) = match gw.cmp(&gb) {
        std::cmp::Ordering::Greater => (win, Score::ZERO),
        std::cmp::Ordering::Equal => (Score::points(1), Score::points(1)),
        std::cmp::Ordering::Less => (Score::ZERO, win),
    };
    push(&mut play.outcomes, w, Outcome::Match(mw, gw));
    push(&mut play.outcomes, b, Outcome::Match(mb, gb));
}
