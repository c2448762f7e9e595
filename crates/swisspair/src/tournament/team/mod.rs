//! A team tournament (C.04.6, the Swiss Team Pairing System): the teams, what each team did in each
//! round (read from its members' `001` records), and the competition's rules that the system needs.
//!
//! Built from a parsed [`Trf`] by [`TeamTournament::from_trf`]: `310` team records (legacy `013`) give
//! the rosters, the members' games give the matches, `330` the matches a whole team forfeited, `320` the
//! pairing-allocated byes and their points, `362` the match points, `192`/`092` the colour preferences
//! and the primary score. What a careful reader cannot decide is refused naming the line.

mod code;
mod matches;
mod records;
#[cfg(test)]
mod tests;

pub use code::{ColourMode, PrimaryScore, TeamRules, SUPPORTED_TEAM_CODES};
pub use records::TeamRecord;

use crate::error::Result;
use crate::score::Score;
use crate::trf::Trf;

use super::Colour;

/// A team tournament, ready to be paired.
#[derive(Clone, Debug, PartialEq)]
pub struct TeamTournament {
    /// The teams, by TPN (C.04.6 1.1): `teams[i].tpn == i + 1`.
    pub teams: Vec<Team>,
    /// The rounds with results (the next round to pair is one more).
    pub rounds_played: usize,
    /// `142`/`XXR`: the number of rounds, when the file says it.
    pub total_rounds: Option<usize>,
    /// `152`/`XXC`: the initial-colour (C.04.6 4.1); White when the file does not say.
    pub initial_colour: Colour,
    /// The competition's rules (`192`/`092`, overridden by the command).
    pub rules: TeamRules,
    /// The match points of a won, drawn and lost match (`362`; default 2, 1, 0).
    pub match_points: MatchPoints,
    /// Teams that may not meet in the round to pair (`260`, `XXP`), as pairs of TPNs.
    pub forbidden: Vec<(u32, u32)>,
    /// Teams not to be paired in the next round (`240` byes requested for it).
    pub absent_next: Vec<u32>,
    /// Fictitious primary-score points for the round to pair (`250`), per team (index TPN - 1).
    pub acceleration: Vec<Score>,
    /// `352`: the colours of the first team's boards, when the file gives them.
    pub board_colours: Option<Vec<Colour>>,
    /// What the reader assumed, each naming its line.
    pub warnings: Vec<String>,
}

/// C.04.6 1.6.1: true when board `board` (0-based) has the first board's colour for the same team, by
/// the boards' colour sequence (`352`; without it, alternating colours, as team events lay them out).
pub fn board_alike(board_colours: Option<&[Colour]>, board: usize) -> bool {
    match board_colours {
        Some(p) if !p.is_empty() => p.get(board % p.len()) == p.first(),
        _ => board.is_multiple_of(2),
    }
}

/// The match points of a match's result (`362`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchPoints {
    /// A won match.
    pub win: Score,
    /// A drawn match.
    pub draw: Score,
    /// A lost match.
    pub loss: Score,
}

impl Default for MatchPoints {
    fn default() -> Self {
        MatchPoints {
            win: Score::points(2),
            draw: Score::points(1),
            loss: Score::ZERO,
        }
    }
}

/// A team: its TPN, name and members.
#[derive(Clone, Debug, PartialEq)]
pub struct Team {
    /// The Tournament Pairing Number (C.04.6 1.1).
    pub tpn: u32,
    /// The team's name.
    pub name: String,
    /// Starting numbers of the members, in the roster's order (board order).
    pub members: Vec<u32>,
    /// The line of the team's record.
    pub line: usize,
    /// One entry per round played, round 1 first.
    pub rounds: Vec<TeamRound>,
}

/// What a team did in one round, and what it scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TeamRound {
    /// A match or a bye.
    pub kind: RoundKind,
    /// Match points scored (after `299` records).
    pub match_points: Score,
    /// Game points scored (after `299` records).
    pub game_points: Score,
    /// The colour the team's first board was scheduled in a match, played or forfeited (what the
    /// pairing gave; 1.6.1 counts it only for a match actually played, in [`RoundKind::Match`]).
    pub scheduled: Option<Colour>,
}

/// The kind of a team's round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundKind {
    /// A match against the team `opponent` (TPN).
    Match {
        /// The opponent team's TPN.
        opponent: u32,
        /// C.04.6 1.6.1: the colour of the team's first board, when the match was actually played.
        colour: Option<Colour>,
        /// The match's result for this team.
        result: MatchResult,
        /// 1.6.1: the match was actually played (a game over the board, or both teams took part).
        played: bool,
    },
    /// The pairing-allocated bye (C.04.6 1.4).
    PairingAllocatedBye,
    /// A full-point bye (`F`), which like the PAB bars a later PAB (C2).
    FullPointBye,
    /// A half-point bye (`H`).
    HalfPointBye,
    /// Not paired, without points (`Z`, an absence).
    Absent,
}

/// A match's result from one team's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchResult {
    /// More game points than the opponent.
    Win,
    /// As many.
    Draw,
    /// Fewer.
    Loss,
}

impl RoundKind {
    /// The opponent team, for a match.
    pub fn opponent(self) -> Option<u32> {
        match self {
            RoundKind::Match { opponent, .. } => Some(opponent),
            _ => None,
        }
    }

    /// The opponent team of a match actually played (1.6.1), for floats (1.5) and meetings (C1).
    pub fn played_opponent(self) -> Option<u32> {
        match self {
            RoundKind::Match {
                opponent,
                played: true,
                ..
            } => Some(opponent),
            _ => None,
        }
    }

    /// C.04.6 2.1.2 (C2): a PAB, a match won by forfeit, or a full-point bye.
    pub fn bars_the_bye(self) -> bool {
        match self {
            RoundKind::PairingAllocatedBye | RoundKind::FullPointBye => true,
            RoundKind::Match {
                result: MatchResult::Win,
                played,
                ..
            } => !played,
            _ => false,
        }
    }
}

impl TeamTournament {
    /// Reads a team tournament from a parsed file.
    pub fn from_trf(trf: &Trf) -> Result<TeamTournament> {
        records::read(trf)
    }

    /// Reads a team tournament from a file's bytes (TRF16 or TRF-2026).
    pub fn from_bytes(bytes: &[u8]) -> Result<TeamTournament> {
        Self::read_bytes(bytes).map(|(_, t)| t)
    }

    /// Like [`TeamTournament::from_bytes`], with the parsed file (the checker reads each round's
    /// records from it, [`TeamTournament::before_round`]).
    pub fn read_bytes(bytes: &[u8]) -> Result<(Trf, TeamTournament)> {
        let trf = crate::trf::parse_team_bytes(bytes)?;
        let mut t = Self::from_trf(&trf)?;
        let mut warnings = trf.warnings.clone();
        warnings.append(&mut t.warnings);
        t.warnings = warnings;
        Ok((trf, t))
    }

    /// The tournament as it stood before `round` (1-based, at most one past the rounds played), ready
    /// to be paired again: the later rounds removed; the teams that neither met a team nor received
    /// the PAB in `round` left out of it (absent, or a bye they asked for); `trf`'s `240`, `250`, `260`
    /// records for `round`; the number of rounds at least `round`.
    pub fn before_round(&self, trf: &Trf, round: usize) -> TeamTournament {
        let mut before = self.clone();
        let kept = round.saturating_sub(1).min(self.rounds_played);
        for team in &mut before.teams {
            team.rounds.truncate(kept);
        }
        before.rounds_played = kept;
        before.total_rounds = Some(self.total_rounds.unwrap_or(self.rounds_played).max(round));
        matches::round_records(trf, &mut before, round);
        for team in &self.teams {
            let paired = team.rounds.get(round.wrapping_sub(1)).is_none_or(|r| {
                matches!(
                    r.kind,
                    RoundKind::Match { .. } | RoundKind::PairingAllocatedBye
                )
            });
            if !paired && !before.absent_next.contains(&team.tpn) {
                before.absent_next.push(team.tpn);
            }
        }
        before.warnings.clear();
        before
    }

    /// The team with TPN `tpn`.
    pub fn team(&self, tpn: u32) -> Option<&Team> {
        self.teams.get(usize::try_from(tpn).ok()?.checked_sub(1)?)
    }
}
