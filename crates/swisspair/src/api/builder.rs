//! Building a tournament in code ([`TournamentBuilder`]): players, rounds of games ([`GameResult`])
//! and byes ([`ByeKind`]), checked as a TRF file is.

use crate::error::{Error, Result};
use crate::json::{
    ByeKindName, ColourName, InitialColourName, PlayerJson, PointName, Points, ResultName,
    RoundJson, TournamentJson,
};
use crate::score::Score;
use crate::tournament::Tournament;
use crate::trf::ResultCode;

/// The result of a game, from white's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// 1-0.
    WhiteWins,
    /// ½-½.
    Draw,
    /// 0-1.
    BlackWins,
    /// +/-: white wins by forfeit (not played).
    WhiteWinsByForfeit,
    /// -/+: black wins by forfeit (not played).
    BlackWinsByForfeit,
    /// Paired, both forfeit (not played).
    DoubleForfeit,
}

impl GameResult {
    /// The result written as an arbiter writes it: `1-0`, `0-1`, `½-½` (also `1/2`, `=`, `0.5-0.5`),
    /// `+-` and `-+` (also `+/-`, `-/+`: a forfeit), `--` (also `-/-`: both forfeit). `None` for
    /// anything else.
    pub fn parse(text: &str) -> Option<GameResult> {
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        match compact.as_str() {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "½-½" | "1/2-1/2" | "1/2" | "½" | "=" | "0.5-0.5" => Some(GameResult::Draw),
            "+-" | "+/-" | "1F-0F" => Some(GameResult::WhiteWinsByForfeit),
            "-+" | "-/+" | "0F-1F" => Some(GameResult::BlackWinsByForfeit),
            "--" | "-/-" | "0F-0F" => Some(GameResult::DoubleForfeit),
            _ => None,
        }
    }

    /// The TRF result codes of white and black.
    pub(crate) fn codes(self) -> (ResultCode, ResultCode) {
        match self {
            GameResult::WhiteWins => (ResultCode::Win, ResultCode::Loss),
            GameResult::Draw => (ResultCode::Draw, ResultCode::Draw),
            GameResult::BlackWins => (ResultCode::Loss, ResultCode::Win),
            GameResult::WhiteWinsByForfeit => (ResultCode::ForfeitWin, ResultCode::ForfeitLoss),
            GameResult::BlackWinsByForfeit => (ResultCode::ForfeitLoss, ResultCode::ForfeitWin),
            GameResult::DoubleForfeit => (ResultCode::ForfeitLoss, ResultCode::ForfeitLoss),
        }
    }
}

/// A round without an opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ByeKind {
    /// The pairing-allocated bye (`U`).
    PairingAllocated,
    /// A requested full-point bye (`F`).
    Full,
    /// A half-point bye (`H`).
    Half,
    /// A zero-point bye or absence (`Z`).
    Zero,
}

impl ByeKind {
    /// The kind named by its TRF letter or its name: `U`/`pab`, `F`/`full`, `H`/`half`, `Z`/`zero`
    /// (case-insensitive). `None` for anything else.
    pub fn parse(text: &str) -> Option<ByeKind> {
        match text.trim().to_ascii_lowercase().as_str() {
            "u" | "pab" | "pairing-allocated" => Some(ByeKind::PairingAllocated),
            "f" | "full" => Some(ByeKind::Full),
            "h" | "half" => Some(ByeKind::Half),
            "z" | "zero" => Some(ByeKind::Zero),
            _ => None,
        }
    }

    /// The kind of a `240` record requesting this bye (the pairing-allocated bye, never requested, as
    /// a zero-point bye).
    pub(crate) fn requested(self) -> ByeKindName {
        match self {
            ByeKind::Full => ByeKindName::Full,
            ByeKind::Half => ByeKindName::Half,
            ByeKind::Zero | ByeKind::PairingAllocated => ByeKindName::Zero,
        }
    }

    /// The TRF result code of the round without an opponent.
    pub(crate) fn code(self) -> ResultCode {
        match self {
            ByeKind::PairingAllocated => ResultCode::PairingAllocatedBye,
            ByeKind::Full => ResultCode::FullPointBye,
            ByeKind::Half => ResultCode::HalfPointBye,
            ByeKind::Zero => ResultCode::ZeroPointBye,
        }
    }
}

/// Builds a tournament in code: players, results round by round, byes, point values, forbidden pairs,
/// acceleration. [`TournamentBuilder::build`] checks it exactly as a TRF file is checked.
///
/// ```
/// use swisspair::{ByeKind, GameResult, PairOptions, System, TournamentBuilder};
///
/// let mut b = TournamentBuilder::new();
/// for (n, rating) in [(1, 2400), (2, 2300), (3, 2200), (4, 2100), (5, 2000)] {
///     b.player(n, &format!("Player {n}"), rating);
/// }
/// b.total_rounds(5)
///     .game(1, 1, 4, GameResult::WhiteWins)
///     .game(1, 5, 2, GameResult::Draw)
///     .bye(1, 3, ByeKind::PairingAllocated);
/// let tournament = b.build().unwrap();
/// let round = swisspair::pair_next(&tournament, &PairOptions::new(System::Dutch)).unwrap();
/// assert_eq!(round.round, 2);
/// assert_eq!(round.boards.len(), 2);
/// assert!(round.bye.is_some());
/// ```
#[derive(Clone, Debug, Default)]
pub struct TournamentBuilder {
    doc: TournamentJson,
    cells: Vec<(u32, usize, RoundJson)>,
}

impl TournamentBuilder {
    /// An empty tournament.
    pub fn new() -> TournamentBuilder {
        TournamentBuilder::default()
    }

    /// Adds a player (starting number 1 to 9999, name up to 33 characters, rating 0 for none).
    pub fn player(&mut self, start_number: u32, name: &str, rating: u32) -> &mut Self {
        self.doc.players.push(PlayerJson {
            start_number,
            name: name.to_string(),
            rating,
            ..PlayerJson::default()
        });
        self
    }

    /// Adds a player with every field of a TRF player record.
    pub fn player_record(&mut self, player: PlayerJson) -> &mut Self {
        self.doc.players.push(player);
        self
    }

    /// Records a game of `round` (1-based) between the players with starting numbers `white` and `black`.
    pub fn game(&mut self, round: usize, white: u32, black: u32, result: GameResult) -> &mut Self {
        let (w, b) = result.codes();
        let cell = |opponent: u32, colour: ColourName, code: ResultCode| RoundJson {
            opponent: Some(opponent),
            colour: Some(colour),
            result: Some(ResultName(code)),
        };
        self.cells
            .push((white, round, cell(black, ColourName::White, w)));
        self.cells
            .push((black, round, cell(white, ColourName::Black, b)));
        self
    }

    /// Records a round without an opponent. A bye in the round after the last one played announces it for
    /// the round to be paired (the player is not paired).
    pub fn bye(&mut self, round: usize, player: u32, kind: ByeKind) -> &mut Self {
        let code = kind.code();
        self.cells.push((
            player,
            round,
            RoundJson {
                opponent: None,
                colour: None,
                result: Some(ResultName(code)),
            },
        ));
        self
    }

    /// The total number of rounds.
    pub fn total_rounds(&mut self, rounds: u32) -> &mut Self {
        self.doc.total_rounds = Some(rounds);
        self
    }

    /// The colour of the top player in round 1 (`true` for white).
    pub fn initial_colour_white(&mut self, white: bool) -> &mut Self {
        self.doc.initial_colour = Some(if white {
            InitialColourName::White
        } else {
            InitialColourName::Black
        });
        self
    }

    /// Sets what a result is worth (defaults: win 1, draw 0.5, loss 0, byes as their names say).
    pub fn points(&mut self, what: PointName, value: Score) -> &mut Self {
        self.doc.points.insert(what, Points(value));
        self
    }

    /// Forbids these players to meet each other in every round.
    pub fn forbid(&mut self, players: &[u32]) -> &mut Self {
        self.doc.forbidden.push(crate::json::ForbiddenJson {
            players: players.to_vec(),
            first_round: None,
            last_round: None,
        });
        self
    }

    /// Gives `player` virtual points (acceleration) in `round` (1-based).
    pub fn accelerate(&mut self, player: u32, round: usize, points: Score) -> &mut Self {
        let mut values = vec![Points(Score::ZERO); round.saturating_sub(1)];
        values.push(Points(points));
        self.doc.acceleration.push(crate::json::AccelerationJson {
            player,
            points: values,
        });
        self
    }

    /// Requests a bye (full, half or zero) for `player` in `round` (a `240` record).
    pub fn request_bye(&mut self, round: u32, player: u32, kind: ByeKind) -> &mut Self {
        self.doc.byes.push(crate::json::ByeJson {
            kind: kind.requested(),
            round,
            players: vec![player],
        });
        self
    }

    /// The tournament as a JSON document (players with their rounds filled in).
    pub fn document(&self) -> Result<TournamentJson> {
        let mut doc = self.doc.clone();
        for &(player, round, cell) in &self.cells {
            let slot = round.checked_sub(1).ok_or_else(|| {
                Error::invalid(None, "round", format!("player {player}: rounds start at 1"))
            })?;
            if slot >= crate::trf::MAX_ROUNDS {
                return Err(Error::invalid(
                    None,
                    "round",
                    format!("round {round}: at most {} rounds", crate::trf::MAX_ROUNDS),
                ));
            }
            let p = doc
                .players
                .iter_mut()
                .find(|p| p.start_number == player)
                .ok_or_else(|| {
                    Error::invalid(
                        None,
                        "player",
                        format!("round {round}: player {player} was not added"),
                    )
                })?;
            if p.rounds.len() <= slot {
                p.rounds.resize(slot + 1, RoundJson::default());
            }
            if let Some(existing) = p.rounds.get_mut(slot) {
                if *existing != RoundJson::default() {
                    return Err(Error::invalid(
                        None,
                        "round",
                        format!("player {player} has two entries in round {round}"),
                    ));
                }
                *existing = cell;
            }
        }
        Ok(doc)
    }

    /// The tournament, checked as a TRF file is (opponents exist and agree, one bye per round, ...).
    pub fn build(&self) -> Result<Tournament> {
        crate::json::document_to_tournament(&self.document()?)
    }
}
