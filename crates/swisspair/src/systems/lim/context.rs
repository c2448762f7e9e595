//! What every part of the Lim system reads: the players' state, their pairing numbers, the median score
//! (2.2), the direction in which a group is paired (2.2, 3.2, 4.1), and the facts the floater rules and
//! the last-round exception ask about. Nothing here pairs anyone; every other file may use it.

use crate::score::Score;
use crate::state::{PlayerState, RoundState};
use crate::tournament::{Entry, Tournament};
use std::cmp::{Ordering, Reverse};

/// The direction in which a score group is paired (2.2, 3.2, 4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Groups above the median, and the median group (2.2: "The Median-Score-group is paired
    /// downward"): floaters go down, scrutiny starts with the highest numbered player (#1).
    Downward,
    /// Groups below the median: floaters go up, scrutiny starts with the lowest numbered player.
    Upward,
}

/// What every part of the Lim system reads.
pub struct Context<'a> {
    pub tournament: &'a Tournament,
    pub state: &'a RoundState,
    /// The pairing number of each player: the starting number; in round 1 the position in the pairing
    /// list of the players present (7.2).
    pairing_number: Vec<u32>,
    /// Twice the median score (2.2), in tenths, to stay in integers.
    median_twice: i64,
    /// 3.10: floated (played an opponent with another score) in the previous round.
    floated_before: Vec<bool>,
    /// 6: twice the scores of the groups in which the last-round exception is in force.
    last_round_exception: Vec<i64>,
    /// Record the decisions of the round for an explanation (issue 14); off when only pairing.
    explain: bool,
}

impl<'a> Context<'a> {
    pub fn new(tournament: &'a Tournament, state: &'a RoundState) -> Context<'a> {
        let mut pairing_number: Vec<u32> = state.players.iter().map(|p| p.start_number).collect();
        if state.round == 1 {
            // 7.2: the pairing list of round 1 holds the players present.
            for (i, p) in state.available().enumerate() {
                if let Some(n) = pairing_number.get_mut(p) {
                    *n = i as u32 + 1;
                }
            }
        }
        let played = state.round.saturating_sub(1) as i64;
        let floated_before = (0..state.players.len())
            .map(|p| floated_in_previous_round(tournament, state.round, p))
            .collect();
        Context {
            tournament,
            state,
            pairing_number,
            median_twice: played * i64::from(state.win.0),
            floated_before,
            last_round_exception: Vec::new(),
            explain: false,
        }
    }

    /// The same context, recording the round's decisions for an explanation.
    pub fn explaining(mut self) -> Context<'a> {
        self.explain = true;
        self
    }

    /// Whether the round's decisions are recorded for an explanation.
    pub fn explains(&self) -> bool {
        self.explain
    }

    /// 6: the score groups (twice their scores) in which the last-round exception is in force.
    pub fn with_last_round_exception(mut self, scores_twice: Vec<i64>) -> Context<'a> {
        self.last_round_exception = scores_twice;
        self
    }

    /// The state of player `p`. Player indices only ever come from the state itself.
    pub fn player(&self, p: usize) -> &PlayerState {
        &self.state.players[p]
    }

    /// The score the pairing uses.
    pub fn score(&self, p: usize) -> Score {
        self.player(p).pairing_score
    }

    /// Twice the score of `p`, to compare with the median score.
    pub fn score_twice(&self, p: usize) -> i64 {
        2 * i64::from(self.score(p).0)
    }

    /// Twice the median score (2.2).
    pub fn median_twice(&self) -> i64 {
        self.median_twice
    }

    /// How a score compares with the median score (2.2).
    pub fn against_median(&self, score_twice: i64) -> Ordering {
        score_twice.cmp(&self.median_twice)
    }

    pub fn pairing_number(&self, p: usize) -> u32 {
        self.pairing_number.get(p).copied().unwrap_or(u32::MAX)
    }

    pub fn rating(&self, p: usize) -> u32 {
        self.player(p).rating
    }

    /// Whether the 100-point rating limits of maxi-tournaments apply (3.2, 3.8, 5.7).
    pub fn maxi(&self) -> bool {
        self.tournament.maxi
    }

    /// 3.2, 3.8, 5.7: in a maxi-tournament, may `a` be exchanged for `b`? (Always outside one.)
    pub fn within_rating_limit(&self, a: usize, b: usize) -> bool {
        !self.maxi() || self.rating(a).abs_diff(self.rating(b)) <= 100
    }

    /// 6: whether the last-round exception is in force for the score group of twice this score.
    pub fn last_round_exception(&self, score_twice: i64) -> bool {
        self.last_round_exception.contains(&score_twice)
    }

    /// 3.10: whether `p` floated in the round before.
    pub fn floated_before(&self, p: usize) -> bool {
        self.floated_before.get(p).copied().unwrap_or(false)
    }

    /// The order in which a group is scrutinised (4.1): the highest numbered player (#1) first when
    /// pairing downward, the lowest numbered first when pairing upward. The player with the largest key
    /// is "the lowest numbered" in the direction of pairing (3.2, 4.4 b).
    pub fn scrutiny_key(&self, p: usize, direction: Direction) -> i64 {
        let n = i64::from(self.pairing_number(p));
        match direction {
            Direction::Downward => n,
            Direction::Upward => -n,
        }
    }

    /// Ranking (5.4, C.04.2): higher score first, then the higher pairing number (#1 first).
    pub fn ranks_higher(&self, a: usize, b: usize) -> bool {
        (Reverse(self.score(a)), self.pairing_number(a))
            < (Reverse(self.score(b)), self.pairing_number(b))
    }
}

/// 3.10: whether `p` played, in the round before `round`, an opponent who had another score.
fn floated_in_previous_round(t: &Tournament, round: usize, p: usize) -> bool {
    let Some(previous) = round.checked_sub(2) else {
        return false;
    };
    match t.players.get(p).and_then(|q| q.entries.get(previous)) {
        Some(Entry::Played { opponent, .. } | Entry::Forfeit { opponent, .. }) => {
            t.score_after(p, previous) != t.score_after(*opponent, previous)
        }
        _ => false,
    }
}
