//! C.04.4.3, the FIDE Lim system (1987–1999 text).
//!
//! The round is paired score group by score group (2.2): from the highest group down to the group just
//! above the Median Score-group (the players with half the possible points), then from the lowest group
//! up to the group just below it, and the median group last, paired downward. Each group
//! ([`group::pair_group`]):
//!
//! 1. pairs the floaters that came into it first (3.6, 3.7): each one meets the highest numbered player
//!    available who is due the alternate colour, or the lowest numbered one when it came up (3.8);
//! 2. transfers to the neighbouring group the players without a compatible opponent (2.3 a–c) and, when
//!    the group is odd, one floater chosen by 3.2–3.5, 3.9 and 3.10 (2.3 d) ([`floaters`]);
//! 3. pairs the others top half against bottom half (2.4) and scrutinises the proposed pairings from the
//!    highest numbered player (the lowest when pairing upward), exchanging opponents in the order of 4.2
//!    and 4.3 and floating the players 4.4 floats ([`exchanges`]);
//! 4. scrutinises the pairs a second time and exchanges opponents for the alternating and equalising
//!    colours (5.2, 5.7) ([`colours`]).
//!
//! Floaters go down from the groups above the median and up from the groups below it, and meet in the
//! median group. When the median group cannot be paired, the pairings of the neighbouring groups are
//! cracked one by one (2.6, [`median`]). The bye is given before the pairing (1.1, 7.1, [`bye`]), and every
//! pair's colours follow 5.3–5.6 and, in round 1, 7.2 ([`colours::allocate`]). Compatibility (2.1) makes
//! the colour limits of 5.1 a/b absolute, except in the last round between players of equal score (6).
//!
//! The whole round is always completed when it can be (C.04.1): a score group's pairing is kept when the
//! players still unpaired can all be paired afterwards ([`completion`], a maximum matching); otherwise the
//! group is paired again with only the exchanges that keep the round completable. When no legal pairing
//! of the round exists, the result is [`Error::NoValidPairing`](crate::error::Error::NoValidPairing).
//!
//! Choices where the text is open (each also noted, and pinned by a test, where it is applied):
//!
//! - Maxi-tournament (3.2, 3.8, 5.7) is not defined by the text: it is the tournament's `maxi` option
//!   (`XXM 1`, or `--maxi`), off by default; the 100-point rating limits apply only then.
//! - Pairing numbers are the starting numbers; "highest numbered" is the best placed (#1), "lowest
//!   numbered" the last. In round 1 the pairing list holds the players present, numbered from 1 (7.2).
//! - 2.1: unplayed games do not count (C.04.1/C.04.2): forfeited players may meet again, and the colour
//!   limits read the colours of games played. Forbidden pairs (XXP, 260) are never compatible.
//! - 2.2: the median score is half the points of a win per round played (with virtual points, the
//!   pairing score is compared). When no player has it, the median group is empty and holds only the
//!   floaters from above and below.
//! - 2.3 a–c are read as "has no compatible opponent (2.1) among the other players of the group". In the
//!   median group, which nobody can leave, such a player (or an odd number left) blocks the group (2.6).
//! - 2.4/4.2/4.3 generalised: the player being scrutinised (#k) tries as opponents the players not yet
//!   paired, the lower half from its top down, then the upper half from its bottom up (4.2); then the
//!   opponents of the rows already made, the latest row first, that row's player taking the first
//!   compatible opponent of the rest in the same order (4.3, "2 v 6, 1 v 3"); then the players of those
//!   rows themselves, the latest first, their opponents going back to the rest (4.3, "1 v 2"); the rest
//!   is always arranged as proposed pairings (2.4). A row's player is taken only when its opponent is
//!   scrutinised after #k (so the scrutiny always moves on). With the examples' six players this gives
//!   exactly the tables of 4.2 and 4.3.
//! - 4.4: the player who floats with #k is the lowest numbered remaining player (the highest when pairing
//!   upward) who has a compatible opponent in the next group, or else the lowest numbered one (3.3, 3.5).
//!   In the median group nobody can float: the group is blocked (2.6).
//! - 3.2–3.5, 3.9, 3.10 combined, for the floater that makes a group even, in this priority: the rest of
//!   the group can still be paired completely ("the number of pairings", 3.10); a compatible opponent in
//!   the next group, after the opponents the floaters paired before him there take (3.3, 3.4, 3.9 c/d);
//!   not floated in the previous round (3.10); the colour he is due is the one more players are due
//!   (3.2; in a maxi-tournament only when his rating is within 100 points of the player 3.2 would float
//!   otherwise); the lowest numbered (highest numbered when pairing upward). Floaters of 3.9 a/b (already
//!   floated into the group) float only when they find no opponent there.
//! - 3.6–3.8: floaters from above are paired in the order highest score, then highest numbered; from
//!   below, lowest score, then lowest numbered; the median group pairs those from above first (3.6.3).
//!   "Due the alternate colour" means due another colour than the floater (or no colour). A floater meets
//!   the players of the group; in the median group, when none is compatible, also another floater.
//!   Floaters that find no opponent float on (3.5).
//! - 5.1/5.5/5.6: the due colour is the one 5.1 a/b leave (when only one), else the equalising colour, else
//!   the alternate colour; none before the first game.
//! - 5.2/5.7: the second scrutiny exchanges the opponents (the lower players in scrutiny order) of a row
//!   whose players are due the same colour with those of a row below it, the nearest first, when both new
//!   pairs are compatible, the row gets fitting colours and the other row is not made worse. It applies
//!   to the rows of 2.4; the floaters' pairs are as 3.8 made them.
//! - 5.4/5.6: when both are due the same colour, it goes to the player it equalises more (larger colour
//!   difference), then by the colour histories (the latest round in which they differ: each gets the
//!   colour opposite to the one he had then), then to the higher ranked player at or above the median
//!   (the lower ranked below it); a pair belongs to the side of the group it was made in. Players with no
//!   games: 7.2's rule by the higher ranked player's pairing number.
//! - 2.6: the pairings cracked are the ones made last (nearest to the median group) on the side 2.6
//!   names, the other side when that one has none; at most [`median::MAX_CRACKS`] are cracked, after which
//!   the cracked pairings are restored and the median group is paired with only the exchanges that keep
//!   the round completable.
//! - 6: "even if it is necessary": in the last round the exception is in force for a score group only when
//!   its players (as the round begins) can be paired among themselves more completely with the colour
//!   limits lifted than within them. Such a group is first paired with 2.1 as it is, and again with the
//!   limits lifted between players of equal score only when that pairs more of the group.
//! - 1.1/7.1: the bye goes to the lowest placed (highest starting number) player of the lowest score group
//!   who may receive it (C.04.1: no second bye, none after a forfeit win) and whose absence leaves a
//!   round that can be completed; otherwise the next one up.

mod bye;
mod colours;
mod compatibility;
mod completion;
mod exchanges;
mod floaters;
mod group;
mod median;
mod score_groups;

#[cfg(test)]
mod tests;

use crate::error::Result;
use crate::pairing::Pairing;
use crate::score::Score;
use crate::state::{PlayerState, RoundState};
use crate::tournament::{Entry, Tournament};
use completion::Completion;
use group::{GroupInput, Pair};
use std::cmp::Ordering;

/// The direction in which a score group is paired (2.2, 3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Groups above the median, and the median group: floaters go down.
    Downward,
    /// Groups below the median: floaters go up.
    Upward,
}

/// What every part of the Lim system reads.
pub struct Context<'a> {
    pub tournament: &'a Tournament,
    pub state: &'a RoundState,
    /// The pairing number of each player (see the module documentation).
    pairing_number: Vec<u32>,
    /// Twice the median score (2.2), in tenths, to stay in integers.
    median_twice: i64,
    /// 3.10: floated (played an opponent with another score) in the previous round.
    floated_before: Vec<bool>,
    /// 6: twice the scores of the groups in which the last-round exception is in force.
    last_round_exception: Vec<i64>,
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
        let mut ctx = Context {
            tournament,
            state,
            pairing_number,
            median_twice: played * i64::from(state.win.0),
            floated_before,
            last_round_exception: Vec::new(),
        };
        if state.last_round {
            let present: Vec<usize> = state.available().collect();
            ctx.last_round_exception = score_groups::last_round_exception(&ctx, &present);
        }
        ctx
    }

    /// The state of player `p`. Player indices only ever come from the state itself.
    pub fn player(&self, p: usize) -> &PlayerState {
        &self.state.players[p]
    }

    /// The score the pairing uses.
    pub fn score(&self, p: usize) -> Score {
        self.player(p).pairing_score
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

    pub fn floated_before(&self, p: usize) -> bool {
        self.floated_before.get(p).copied().unwrap_or(false)
    }

    /// Twice the score of `p`, to compare with [`Context::median_twice`].
    pub fn score_twice(&self, p: usize) -> i64 {
        2 * i64::from(self.score(p).0)
    }

    /// How a score compares with the median score (2.2).
    pub fn against_median(&self, score_twice: i64) -> Ordering {
        score_twice.cmp(&self.median_twice)
    }

    /// The order in which a group is scrutinised (4.1): the highest numbered player first when pairing
    /// downward, the lowest numbered first when pairing upward.
    pub fn scrutiny_key(&self, p: usize, direction: Direction) -> i64 {
        let n = i64::from(self.pairing_number(p));
        match direction {
            Direction::Downward => n,
            Direction::Upward => -n,
        }
    }

    /// Ranking (5.4): higher score first, then the higher pairing number (#1 first).
    pub fn ranks_higher(&self, a: usize, b: usize) -> bool {
        (std::cmp::Reverse(self.score(a)), self.pairing_number(a))
            < (std::cmp::Reverse(self.score(b)), self.pairing_number(b))
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

/// Pairs the next round of `tournament` with the Lim system.
pub fn pair(tournament: &Tournament, state: &RoundState) -> Result<Pairing> {
    let ctx = Context::new(tournament, state);
    let mut present: Vec<usize> = state.available().collect();
    present.sort_by_key(|&p| ctx.pairing_number(p));
    if present.is_empty() {
        return Ok(Pairing::default());
    }
    let mut completion = Completion::new(&ctx, &present)?;
    // 1.1, 7.1: the bye first.
    let bye = bye::allocate(&ctx, &present, &mut completion)?;
    present.retain(|&p| Some(p) != bye);
    let order = score_groups::pairing_order(&ctx, &present);

    // 2.2: from the highest group down to the median group.
    let mut above: Vec<Pair> = Vec::new();
    let mut down: Vec<usize> = Vec::new();
    for (i, g) in order.above.iter().enumerate() {
        let next = order.above.get(i + 1).unwrap_or(&order.median);
        let input = GroupInput {
            score_twice: g.score_twice,
            direction: Direction::Downward,
            median: false,
            residents: &g.players,
            incoming: &down,
            adjacent: &next.players,
        };
        let outcome = group::pair_and_keep(&ctx, &input, &mut completion)?;
        above.extend(outcome.pairs);
        down = outcome.floaters;
    }
    // 2.2: then from the lowest group up to the median group.
    let mut below: Vec<Pair> = Vec::new();
    let mut up: Vec<usize> = Vec::new();
    for (i, g) in order.below.iter().enumerate() {
        let next = order.below.get(i + 1).unwrap_or(&order.median);
        let input = GroupInput {
            score_twice: g.score_twice,
            direction: Direction::Upward,
            median: false,
            residents: &g.players,
            incoming: &up,
            adjacent: &next.players,
        };
        let outcome = group::pair_and_keep(&ctx, &input, &mut completion)?;
        below.extend(outcome.pairs);
        up = outcome.floaters;
    }
    // 2.2, 2.6: the median group last, paired downward.
    let middle = median::pair(
        &ctx,
        &order.median,
        median::Floaters { down, up },
        &mut above,
        &mut below,
        &mut completion,
    )?;

    let games = above
        .iter()
        .chain(&below)
        .chain(&middle)
        .map(|pair| colours::allocate(&ctx, pair))
        .collect();
    Ok(Pairing { games, bye })
}
