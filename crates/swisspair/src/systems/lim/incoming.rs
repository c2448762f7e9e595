//! 3.6–3.8: the floaters a score group receives are paired before its own players: the order in which
//! they are paired, whom each meets first, and the order of the group's scrutiny that puts them first.

use super::colours::colours_fit;
use super::compatibility::Scrutiny;
use super::context::{Context, Direction};
use super::exchanges::{opponents_in_order as opponents_in_order_4_2, Order};
use super::score_groups::GroupInput;
use crate::sorting::sort_by_key;
use std::cmp::Reverse;

/// Whether a floater came from above (a down-floater) rather than from below (an up-floater).
fn came_down(ctx: &Context<'_>, group: &GroupInput<'_>, f: usize) -> bool {
    ctx.score_twice(f) > group.score_twice
}

/// 3.6, 3.7: the order in which the floaters `floaters` of a group are paired. Down-floaters: the highest
/// score first, then the highest numbered (3.6, 3.6.1, 3.6.2); up-floaters: the lowest score first, then
/// the lowest numbered (3.7, 3.7.1, 3.7.2). A group paired downward (above the median, or the median)
/// pairs the down-floaters first (3.6.3), a group paired upward the up-floaters first (3.7.3).
pub fn pairing_order(ctx: &Context<'_>, group: &GroupInput<'_>, floaters: &[usize]) -> Vec<usize> {
    let (mut down, mut up): (Vec<usize>, Vec<usize>) =
        floaters.iter().partition(|&&f| came_down(ctx, group, f));
    sort_by_key(&mut down, |&f| {
        (Reverse(ctx.score(f)), ctx.pairing_number(f))
    });
    sort_by_key(&mut up, |&f| (ctx.score(f), Reverse(ctx.pairing_number(f))));
    match group.direction {
        Direction::Downward => down.into_iter().chain(up).collect(),
        Direction::Upward => up.into_iter().chain(down).collect(),
    }
}

/// 3.8: the players of a group (`available`) a floater may meet, in the order he is paired with them.
/// "When pairing downward, the floater is paired with the highest numbered player available who is due
/// the alternate colour"; when pairing upward, the lowest numbered. The order follows the direction in
/// which the group is paired (the median group is paired downward: 2.2), whichever side the floater
/// came from. "Due the alternate colour": due another colour than the floater, or none (5.1). In a
/// maxi-tournament such a player replaces the first compatible player only when their ratings differ by
/// 100 points or less. Then the other compatible players, in the same order.
pub fn opponents_in_order(
    ctx: &Context<'_>,
    f: usize,
    available: &[usize],
    direction: Direction,
    judge: &impl Scrutiny,
) -> Vec<usize> {
    let mut compatible: Vec<usize> = available
        .iter()
        .copied()
        .filter(|&c| c != f && judge.compatible(f, c))
        .collect();
    sort_by_key(&mut compatible, |&c| ctx.scrutiny_key(c, direction));
    let Some(&natural) = compatible.first() else {
        return compatible;
    };
    let (mut first, rest): (Vec<usize>, Vec<usize>) = compatible
        .iter()
        .partition(|&&c| colours_fit(ctx, f, c) && ctx.within_rating_limit(natural, c));
    first.extend(rest);
    first
}

/// The order of a group's scrutiny (4.1) with the floaters it received (3.6–3.8): the floaters first, in
/// the order of [`pairing_order`], each trying the players 3.8 gives him first; then the group's own
/// players in scrutiny order, each trying 4.2's order. Every pairing, a floater's too, is scrutinised
/// like the others: a later player may take a floater's opponent by the exchanges of 4.3 (3.1: a
/// floater is a player without a compatible opponent "in spite of exchanges in the score-group"; 4.4).
pub struct ScrutinyOrder<'o, 'a, J> {
    ctx: &'o Context<'a>,
    direction: Direction,
    median: bool,
    /// The floaters, in the order they are paired.
    floaters: &'o [usize],
    /// 2.1 as the group applies it (3.8 orders the compatible players).
    judge: &'o J,
}

impl<'o, 'a, J: Scrutiny> ScrutinyOrder<'o, 'a, J> {
    pub fn new(
        ctx: &'o Context<'a>,
        group: &GroupInput<'_>,
        floaters: &'o [usize],
        judge: &'o J,
    ) -> Self {
        ScrutinyOrder {
            ctx,
            direction: group.direction,
            median: group.median,
            floaters,
            judge,
        }
    }

    pub fn is_floater(&self, p: usize) -> bool {
        self.floaters.contains(&p)
    }
}

impl<J: Scrutiny> Order for ScrutinyOrder<'_, '_, J> {
    fn key(&self, p: usize) -> i64 {
        match self.floaters.iter().position(|&f| f == p) {
            // 3.6, 3.7: the floaters first, in the order they are paired.
            Some(i) => i64::MIN + i as i64,
            None => self.ctx.scrutiny_key(p, self.direction),
        }
    }

    fn candidates(&self, p: usize, others: &[usize]) -> Vec<usize> {
        if !self.is_floater(p) {
            return opponents_in_order_4_2(others).collect();
        }
        // 3.8: the group's own players first; in the median group, which nobody can leave, then the
        // floaters still waiting.
        let (waiting, residents): (Vec<usize>, Vec<usize>) =
            others.iter().partition(|&&q| self.is_floater(q));
        let mut tries = opponents_in_order(self.ctx, p, &residents, self.direction, self.judge);
        if self.median {
            tries.extend(opponents_in_order(
                self.ctx,
                p,
                &waiting,
                self.direction,
                self.judge,
            ));
        }
        tries
    }

    fn may_meet(&self, a: usize, b: usize) -> bool {
        self.median || !(self.is_floater(a) && self.is_floater(b))
    }
}

/// How one floater was paired in the group he came into (3.6–3.8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FloaterNote {
    pub floater: usize,
    /// He came from a higher score group (3.6), not from a lower one (3.7).
    pub came_down: bool,
    /// His opponent; none when he found none and floats on (3.1, 3.5).
    pub opponent: Option<usize>,
    /// The opponent is due another colour than he (or none): 3.8's "due the alternate colour".
    pub alternate: bool,
    /// 3.8 in a maxi-tournament: a player due the alternate colour was passed over, being more than 100
    /// points from the first compatible player.
    pub maxi_kept: bool,
    /// The players 3.8 put first whom the judge refused (the median group: they would leave players
    /// without an opponent).
    pub refused: Vec<usize>,
}

/// The record of how `f` was paired (or not) among `available`.
pub fn note(
    ctx: &Context<'_>,
    group: &GroupInput<'_>,
    f: usize,
    opponent: Option<usize>,
    available: &[usize],
    refused: Vec<usize>,
    judge: &impl Scrutiny,
) -> FloaterNote {
    let alternate = opponent.is_some_and(|c| colours_fit(ctx, f, c));
    let maxi_kept = ctx.maxi()
        && !alternate
        && available
            .iter()
            .any(|&c| c != f && judge.compatible(f, c) && colours_fit(ctx, f, c));
    FloaterNote {
        floater: f,
        came_down: came_down(ctx, group, f),
        opponent,
        alternate,
        maxi_kept,
        refused,
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{eight_after_round_two, explains, group_input, All};
    use super::*;
    use crate::state::RoundState;

    /// A group without a next group: `residents` and the `incoming` floaters.
    fn input<'g>(
        score_twice: i64,
        direction: Direction,
        residents: &'g [usize],
        incoming: &'g [usize],
    ) -> GroupInput<'g> {
        group_input(score_twice, direction, residents, incoming, &[])
    }

    /// 3.6, 3.6.3, 3.7, 3.7.3: in a group paired downward the floaters from above come first (highest
    /// score, then highest numbered), then those from below (lowest score, then lowest numbered); upward
    /// the other way round. 3.6.1 / 3.7.1: equal scores, the highest numbered first from above, the
    /// lowest numbered first from below.
    #[test]
    fn art3_6_3_7_order_of_floaters() {
        let t = eight_after_round_two();
        explains(&t, "3.6");
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        // Into the 1-point group: 1 (2 points), 2 (1.5), 4 (0.5), 7 (0): 1, 2, then 7, 4.
        let incoming = [6, 3, 1, 0];
        let g = input(20, Direction::Downward, &[], &incoming);
        assert_eq!(pairing_order(&ctx, &g, &incoming), vec![0, 1, 6, 3]);
        let g = input(20, Direction::Upward, &[], &incoming);
        assert_eq!(pairing_order(&ctx, &g, &incoming), vec![6, 3, 0, 1]);
        let from_above = [7, 2];
        let g = input(10, Direction::Downward, &[], &from_above);
        assert_eq!(pairing_order(&ctx, &g, &from_above), vec![2, 7]);
        let from_below = [2, 7];
        let g = input(30, Direction::Upward, &[], &from_below);
        assert_eq!(pairing_order(&ctx, &g, &from_below), vec![7, 2]);
    }

    /// 3.8, and it follows the direction in which the group is paired. Of #2, #4 (due white), #5 and #8
    /// (due black), #3 (due black) meets, downward, the highest numbered player due white, #2; upward the
    /// lowest numbered due white, #4 (not #8, the lowest numbered). #7 (0 points, due white), an
    /// up-floater in the median group, which is paired downward (2.2), meets the highest numbered player
    /// due black there, #5.
    #[test]
    fn art3_8_highest_numbered_downward_lowest_upward() {
        let t = eight_after_round_two();
        explains(&t, "3.8");
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        let judge = All;
        let group = [1, 3, 4, 7];
        let down = opponents_in_order(&ctx, 2, &group, Direction::Downward, &judge);
        assert_eq!(down, vec![1, 3, 4, 7]);
        let up = opponents_in_order(&ctx, 2, &group, Direction::Upward, &judge);
        assert_eq!(up, vec![3, 1, 7, 4]);
        let in_median = opponents_in_order(&ctx, 6, &group, Direction::Downward, &judge);
        assert_eq!(in_median[0], 4);
    }
}
