//! The tournament: players, rounds and results, the point system, and the round to be paired.
//!
//! Built from a parsed [`Trf`] by [`Tournament::from_trf`], which checks that the records agree with each
//! other (pair symmetry, opponents that exist, one pairing-allocated bye per round, points column equal
//! to the recomputed score). Everything is indexed by the player's position in `players`, which are sorted
//! by starting number.

mod build;
mod points;
mod rules_record;
pub mod team;

pub use points::PointSystem;
pub use rules_record::{NamedSystem, RulesRecord, SUPPORTED_CODES};

use crate::score::Score;
use crate::trf::Trf;

/// A colour in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Colour {
    /// White.
    White,
    /// Black.
    Black,
}

impl Colour {
    /// The other colour.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// The result of a game from one player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player won.
    Win,
    /// A draw.
    Draw,
    /// The player lost.
    Loss,
}

/// Why a player had no opponent in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bye {
    /// `U`: the pairing-allocated bye (C.04.1.c).
    PairingAllocated,
    /// `F` (or a win code without opponent): a requested full-point bye.
    Full,
    /// `H` (or a draw code without opponent): a half-point bye.
    Half,
    /// `Z`, blank, or a loss code without opponent: zero-point bye or absence.
    Zero,
    /// `+` without opponent: a forfeit win with no opponent named.
    ForfeitWin,
    /// `-` without opponent: absent, scored as a forfeit loss.
    ForfeitLoss,
}

/// One player's round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Entry {
    /// A game actually played (`1 = 0 W D L`).
    Played {
        /// The opponent (an index into the players).
        opponent: usize,
        /// The player's colour.
        colour: Colour,
        /// The player's result.
        outcome: Outcome,
    },
    /// A forfeited game (`+ -`): a pairing, but not a game played.
    Forfeit {
        /// The opponent (an index into the players).
        opponent: usize,
        /// The colour the player had, when the file gives one.
        colour: Option<Colour>,
        /// The player won by forfeit (`+`); otherwise lost (`-`).
        won: bool,
    },
    /// No opponent.
    Bye(Bye),
}

impl Entry {
    /// The opponent the player was paired with (played or forfeited).
    pub fn opponent(&self) -> Option<usize> {
        match *self {
            Entry::Played { opponent, .. } | Entry::Forfeit { opponent, .. } => Some(opponent),
            Entry::Bye(_) => None,
        }
    }

    /// True for a game actually played over the board.
    pub fn is_played(&self) -> bool {
        matches!(self, Entry::Played { .. })
    }

    /// The colour of a game actually played.
    pub fn played_colour(&self) -> Option<Colour> {
        match *self {
            Entry::Played { colour, .. } => Some(colour),
            _ => None,
        }
    }
}

/// Whether a player takes part in the round to be paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Availability {
    /// Paired.
    Available,
    /// Announced bye or absence (`0000 - H/F/Z`, record 240, XXZ): not paired.
    Absent(Bye),
}

/// A player with everything the file says about them.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    /// Starting (pairing) number.
    pub start_number: u32,
    /// Line of the player record in the file.
    pub line: usize,
    /// Name, as written.
    pub name: String,
    /// Title (`GM`, `IM`, ...), as written; empty when none.
    pub title: String,
    /// Sex, as written.
    pub sex: String,
    /// Rating; 0 when unrated.
    pub rating: u32,
    /// Federation, as written.
    pub federation: String,
    /// FIDE identifier, as written.
    pub fide_id: String,
    /// Birth date, as written.
    pub birth: String,
    /// The points column as written (checked against the results).
    pub declared_points: Option<Score>,
    /// One entry per round played so far, round 1 first.
    pub entries: Vec<Entry>,
    /// Whether the player takes part in the round to be paired.
    pub next_round: Availability,
    /// Virtual points (XXA, 250) per round, round 1 first; missing rounds count as zero.
    pub acceleration: Vec<Score>,
    /// Real points added to what each round scored under the point system (TRF-2026 `299`: a bonus, a
    /// penalty, or another value for a kind of result), round 1 first; missing rounds count as zero.
    pub adjustments: Vec<Score>,
}

impl Player {
    /// Virtual points for `round` (1-based).
    pub fn acceleration_in(&self, round: usize) -> Score {
        round
            .checked_sub(1)
            .and_then(|i| self.acceleration.get(i))
            .copied()
            .unwrap_or(Score::ZERO)
    }
}

/// Choices about reading a file that the user makes (the command line's flags).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Where the points column disagrees with the results, use the score recomputed from the results and
    /// warn, instead of refusing the file (`--trust-results`).
    pub trust_results: bool,
}

/// A forbidden pair (XXP, 260): the two players (indices) may not meet in rounds `first..=last`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ForbiddenPair {
    /// One player (an index into the players).
    pub a: usize,
    /// The other.
    pub b: usize,
    /// The first round of the ban (1-based).
    pub first_round: usize,
    /// The last round of the ban.
    pub last_round: usize,
}

/// A tournament as read from a file.
#[derive(Clone, Debug, PartialEq)]
pub struct Tournament {
    /// Sorted by starting number.
    pub players: Vec<Player>,
    /// The number of rounds already paired (the round to be paired is `rounds_played + 1`).
    pub rounds_played: usize,
    /// XXR / 142, when given.
    pub total_rounds: Option<usize>,
    /// XXC / 152: the colour of the top player in round 1 (E.5), when given.
    pub initial_colour: Option<Colour>,
    /// What each result scores (XXS / 162; the standard 1, ½, 0 otherwise).
    pub points: PointSystem,
    /// Pairs that may not meet (XXP / 260).
    pub forbidden: Vec<ForbiddenPair>,
    /// TRF26 192, when given.
    pub tournament_type: Option<String>,
    /// The system and edition the file names (`192`, or a coded `092`), when it names one.
    pub rules: Option<RulesRecord>,
    /// `XXM 1` (or the command line's `--maxi`): a maxi-tournament, where the Lim system applies its
    /// 100-point rating limits (C.04.4.3 3.2, 3.8, 5.7). Off unless turned on.
    pub maxi: bool,
    /// Remarks about input accepted as it is.
    pub warnings: Vec<String>,
}

impl Tournament {
    /// Builds and checks a tournament from a parsed file.
    pub fn from_trf(trf: &Trf) -> crate::Result<Tournament> {
        build::build(trf, ReadOptions::default())
    }

    /// Builds and checks a tournament from a parsed file, with the user's reading choices.
    pub fn from_trf_with(trf: &Trf, options: ReadOptions) -> crate::Result<Tournament> {
        build::build(trf, options)
    }

    /// Reads a tournament from the bytes of a TRF file.
    pub fn from_bytes(bytes: &[u8]) -> crate::Result<Tournament> {
        Tournament::from_trf(&crate::trf::parse_bytes(bytes)?)
    }

    /// The round to be paired next (1-based).
    pub fn next_round(&self) -> usize {
        self.rounds_played + 1
    }

    /// Index of the player with this starting number.
    pub fn index_of(&self, start_number: u32) -> Option<usize> {
        self.players
            .binary_search_by_key(&start_number, |p| p.start_number)
            .ok()
    }

    /// Points of a player after the first `rounds` rounds (real points, without acceleration).
    pub fn score_after(&self, player: usize, rounds: usize) -> Score {
        (1..=rounds)
            .map(|round| self.points_in(player, round))
            .sum()
    }

    /// Points a player scored in `round` (1-based): the point system's value of the entry, plus any `299`
    /// adjustment; zero for a round not played yet.
    pub fn points_in(&self, player: usize, round: usize) -> Score {
        let Some(p) = self.players.get(player) else {
            return Score::ZERO;
        };
        let Some(entry) = round.checked_sub(1).and_then(|i| p.entries.get(i)) else {
            return Score::ZERO;
        };
        let adjustment = p.adjustments.get(round - 1).copied().unwrap_or(Score::ZERO);
        self.points.of_entry(entry) + adjustment
    }

    /// Whether players `a` and `b` are forbidden to meet in `round`.
    pub fn is_forbidden(&self, a: usize, b: usize, round: usize) -> bool {
        let (a, b) = (a.min(b), a.max(b));
        self.forbidden
            .iter()
            .any(|f| f.a == a && f.b == b && (f.first_round..=f.last_round).contains(&round))
    }

    /// A copy cut to the state before `round` (1-based) was paired: later rounds removed; players who had
    /// a bye other than the pairing-allocated one (or were absent) in `round` are marked absent, as a file
    /// with that round's announcements would say. Used by the checker to replay a finished tournament.
    pub fn before_round(&self, round: usize) -> Tournament {
        let keep = round.saturating_sub(1).min(self.rounds_played);
        let mut t = self.clone();
        for p in &mut t.players {
            p.next_round = match p.entries.get(keep) {
                Some(Entry::Bye(b)) if *b != Bye::PairingAllocated => Availability::Absent(*b),
                _ => Availability::Available,
            };
            p.entries.truncate(keep);
            p.declared_points = None;
        }
        t.rounds_played = keep;
        t
    }
}
