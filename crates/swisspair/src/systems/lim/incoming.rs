//! 3.6–3.8: pairing the floaters a score group receives, before its own players.

use super::colours::colours_fit;
use super::compatibility::Scrutiny;
use super::context::{Context, Direction};
use super::score_groups::GroupInput;
use crate::error::Result;
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

/// What pairing the floaters leaves.
pub struct FloatersPaired {
    pub pairs: Vec<(usize, usize)>,
    /// Floaters without an opponent in the group: they float on (3.1, 3.5).
    pub unpaired: Vec<usize>,
    /// The group's own players still to be paired, by pairing number.
    pub residents: Vec<usize>,
    /// How each floater was paired, in the order paired, when the round is explained (empty
    /// otherwise).
    pub notes: Vec<FloaterNote>,
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

/// 3.6–3.8: pairs the floaters `floaters` of the group with its players `residents`, in the order of
/// [`pairing_order`], each with the first of [`opponents_in_order`] the judge confirms. In the median
/// group, which nobody can leave, a floater who can meet none of the group's players meets another
/// floater still waiting (in the same order).
pub fn pair(
    ctx: &Context<'_>,
    group: &GroupInput<'_>,
    floaters: &[usize],
    residents: &[usize],
    judge: &mut impl Scrutiny,
) -> Result<FloatersPaired> {
    let order = pairing_order(ctx, group, floaters);
    let mut residents: Vec<usize> = residents.to_vec();
    let mut waiting: Vec<usize> = order.clone();
    let mut pairs = Vec::new();
    let mut unpaired = Vec::new();
    let mut notes = Vec::new();
    for &f in &order {
        if !waiting.contains(&f) {
            continue; // already paired, by a floater paired before him (median group only)
        }
        waiting.retain(|&w| w != f);
        let mut tries = opponents_in_order(ctx, f, &residents, group.direction, judge);
        if group.median {
            let others = opponents_in_order(ctx, f, &waiting, group.direction, judge);
            tries.extend(others);
        }
        let mut chosen = None;
        let mut refused = Vec::new();
        for &c in &tries {
            if judge.confirm(&[(f, c)], &[])? {
                chosen = Some(c);
                break;
            }
            if ctx.explains() {
                refused.push(c);
            }
        }
        if ctx.explains() {
            notes.push(note(ctx, group, f, chosen, &residents, refused, judge));
        }
        match chosen {
            Some(c) => {
                residents.retain(|&r| r != c);
                waiting.retain(|&w| w != c);
                pairs.push((f, c));
            }
            None => unpaired.push(f),
        }
    }
    Ok(FloatersPaired {
        pairs,
        unpaired,
        residents,
        notes,
    })
}

/// The record of how `f` was paired (or not) among `available`.
fn note(
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
    use super::super::score_groups::Adjacent;
    use super::super::tests::{explains, All, Trf};
    use super::*;
    use crate::state::RoundState;
    use crate::tournament::Tournament;

    /// Eight players after two rounds. Round 1: 1 beat 5, 2 beat 6, 3 beat 7 (7 white), 4 drew with 8
    /// (4 white). Round 2: 3 v 1 (1 won), 8 v 2 (draw), 5 v 4 (5 won), 6 v 7 (6 won). Scores: 1: 2, 2:
    /// 1.5, 3, 5, 6, 8: 1, 4: 0.5, 7: 0.
    fn eight_after_round_two() -> Tournament {
        Trf::new(&[2400, 2300, 2250, 2100, 2000, 1900, 1800, 1700])
            .round(&[(1, 5, '1'), (2, 6, '1'), (7, 3, '0'), (4, 8, '=')], &[])
            .round(&[(3, 1, '0'), (8, 2, '='), (5, 4, '1'), (6, 7, '1')], &[])
            .line("XXR 5")
            .build()
    }

    fn input<'g>(
        score_twice: i64,
        direction: Direction,
        median: bool,
        residents: &'g [usize],
        incoming: &'g [usize],
    ) -> GroupInput<'g> {
        GroupInput {
            score_twice,
            direction,
            median,
            residents,
            incoming,
            adjacent: Adjacent::none(),
        }
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
        let g = input(20, Direction::Downward, false, &[], &incoming);
        assert_eq!(pairing_order(&ctx, &g, &incoming), vec![0, 1, 6, 3]);
        let g = input(20, Direction::Upward, false, &[], &incoming);
        assert_eq!(pairing_order(&ctx, &g, &incoming), vec![6, 3, 0, 1]);
        let from_above = [7, 2];
        let g = input(10, Direction::Downward, false, &[], &from_above);
        assert_eq!(pairing_order(&ctx, &g, &from_above), vec![2, 7]);
        let from_below = [2, 7];
        let g = input(30, Direction::Upward, false, &[], &from_below);
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
