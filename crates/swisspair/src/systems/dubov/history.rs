//! What the earlier rounds did to each player, in the terms of 2.5 and 6.4: transferred to a higher score
//! group (7.1, 7.2), floated to a lower one (6.4), or neither; and the limits 2.5 draws from it.
//!
//! A transfer and a float are pairing events: they are decided when a round is paired, and what happens to
//! the game afterwards (a forfeit) does not undo them. The file does not record them; [`super::recognise`]
//! re-derives them from each past round's score groups and pairs.

/// What one round did to a player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Move {
    /// Paired in his own score group, or with a floater who came down to it (8.2), or not paired at all.
    #[default]
    Stayed,
    /// Transferred to a higher score group (7.1 or 7.2): what 2.5 limits.
    Transferred,
    /// Left unpaired in his score group and moved down (6.4): a "floater from higher score groups".
    Floated,
}

/// The moves of every past round, per player.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    /// Per round (round 1 first), per player (index in [`crate::tournament::Tournament::players`]).
    rounds: Vec<Vec<Move>>,
}

impl History {
    /// No round yet.
    pub fn new() -> History {
        History::default()
    }

    /// Appends the moves of the next round, one per player.
    pub fn push_round(&mut self, moves: Vec<Move>) {
        self.rounds.push(moves);
    }

    /// The number of rounds recorded.
    pub fn rounds(&self) -> usize {
        self.rounds.len()
    }

    /// What round `round` (1-based) did to `player`.
    pub fn of(&self, player: usize, round: usize) -> Move {
        round
            .checked_sub(1)
            .and_then(|r| self.rounds.get(r))
            .and_then(|moves| moves.get(player))
            .copied()
            .unwrap_or_default()
    }

    /// How many times `player` was transferred to a higher score group in the rounds before `round`.
    pub fn transfers_before(&self, player: usize, round: usize) -> usize {
        (1..round.min(self.rounds() + 1))
            .filter(|&r| self.of(player, r) == Move::Transferred)
            .count()
    }

    /// 6.4: "the player was floater from higher score groups" — in any earlier round.
    pub fn was_floater(&self, player: usize) -> bool {
        (1..=self.rounds()).any(|r| self.of(player, r) == Move::Floated)
    }

    /// 2.5: may `player` be transferred to a higher score group in round `round` of a tournament of
    /// `total_rounds` rounds? "Apart from the last round a player cannot be transferred to a higher score
    /// group two times running [transferred in the previous round of the tournament] and more than three
    /// times (if the tournament has less than 10 rounds) or four times (if the tournament has more than 9
    /// rounds)." The rounds counted are those before `round`.
    pub fn may_transfer(
        &self,
        player: usize,
        round: usize,
        total_rounds: usize,
        last_round: bool,
    ) -> bool {
        if last_round {
            return true;
        }
        let limit = if total_rounds > 9 { 4 } else { 3 };
        let previous = round
            .checked_sub(1)
            .map_or(Move::Stayed, |r| self.of(player, r));
        previous != Move::Transferred && self.transfers_before(player, round) < limit
    }
}
