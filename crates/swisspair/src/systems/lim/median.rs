//! 2.2, 2.6: the Median Score-group, paired last (downward), and the blocked median group.

use super::colours::Pair;
use super::completion::Completion;
use super::context::{Context, Direction};
use super::group::pair_median;
use super::record::{Crack, GroupRecord};
use super::score_groups::{Adjacent, GroupInput, ScoreGroup};
use crate::error::{Error, Result};
use crate::sorting::sort_by_key;
use std::cmp::Reverse;

/// What pairing the median group gives.
pub struct Median {
    /// The median group's pairs.
    pub pairs: Vec<Pair>,
    /// The pairings of the other groups that 2.6 cracked: their players are in `pairs` now.
    pub cracked: Vec<Pair>,
    /// How each was cracked, when the round is explained.
    pub cracks: Vec<Crack>,
    /// How the median group was paired at last, when the round is explained.
    pub record: Option<GroupRecord>,
}

/// Which side of the median group a pairing is cracked on (2.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Higher,
    Lower,
}

/// 2.6: pairs the median group with the floaters `down` (from the groups above) and `up` (from the
/// groups below). "If the median score-group cannot be paired" — its players cannot all be paired, which
/// `completion` (the players not paired in `above` and `below`) tells — "it should be extended step by
/// step": when more floaters came from the higher groups than from the lower ones, the next pairing of
/// the lower score-group is cracked and its players join as floaters from below; otherwise the next
/// pairing of the higher score-group, its players joining as floaters from above. Then the median group
/// is paired again.
///
/// `above` holds the pairs of the groups above the median, the highest group first; `below` those of
/// the groups below, the lowest first. "The next pairing" is the one nearest the median group: of the
/// higher score-group its last board, of the lower score-group its first board (C.04.2's board order
/// within the group); when a group has none left, the next group further away; when a side has none
/// left, the other side's.
pub fn pair(
    ctx: &Context<'_>,
    group: &ScoreGroup,
    down: Vec<usize>,
    up: Vec<usize>,
    above: &[Vec<Pair>],
    below: &[Vec<Pair>],
    completion: &mut Completion,
) -> Result<Median> {
    let (mut down, mut up) = (down, up);
    let mut higher = crack_order(ctx, above, Side::Higher).into_iter();
    let mut lower = crack_order(ctx, below, Side::Lower).into_iter();
    let mut cracked = Vec::new();
    let mut cracks = Vec::new();
    let mut complete = completion.is_complete();
    loop {
        if complete {
            let incoming: Vec<usize> = down.iter().chain(&up).copied().collect();
            let input = GroupInput {
                score_twice: group.score_twice,
                direction: Direction::Downward,
                median: true,
                residents: &group.players,
                incoming: &incoming,
                adjacent: Adjacent::none(),
            };
            if let Some(outcome) = pair_median(ctx, &input)? {
                return Ok(Median {
                    pairs: outcome.pairs,
                    cracked,
                    cracks,
                    record: outcome.record,
                });
            }
        }
        let side = if down.len() > up.len() {
            Side::Lower
        } else {
            Side::Higher
        };
        let next = match side {
            Side::Lower => lower
                .next()
                .map(|p| (p, Side::Lower))
                .or_else(|| higher.next().map(|p| (p, Side::Higher))),
            Side::Higher => higher
                .next()
                .map(|p| (p, Side::Higher))
                .or_else(|| lower.next().map(|p| (p, Side::Lower))),
        };
        let Some((pair, side)) = next else {
            return Err(Error::Internal(
                "the median group could not be paired with every pairing cracked".into(),
            ));
        };
        let (a, b) = pair.players;
        if ctx.explains() {
            cracks.push(Crack {
                pair,
                from_higher: side == Side::Higher,
                down: down.len(),
                up: up.len(),
                other_side: (side == Side::Higher) != (down.len() <= up.len()),
            });
        }
        complete = completion.release_players(&[a, b])?;
        match side {
            Side::Lower => up.extend([a, b]),
            Side::Higher => down.extend([a, b]),
        }
        cracked.push(pair);
    }
}

/// The pairings of one side in the order 2.6 cracks them: the group nearest the median first (the last
/// of `groups`); within a group, on the higher side from its last board up, on the lower side from its
/// first board down.
fn crack_order(ctx: &Context<'_>, groups: &[Vec<Pair>], side: Side) -> Vec<Pair> {
    let mut order = Vec::new();
    for pairs in groups.iter().rev() {
        let mut boards = pairs.clone();
        sort_by_key(&mut boards, |p| board_key(ctx, p));
        if side == Side::Higher {
            boards.reverse();
        }
        order.extend(boards);
    }
    order
}

/// C.04.2's board order: the higher score of the pair's higher ranked player, then the higher sum of
/// scores, then the higher ranked player's pairing number.
fn board_key(ctx: &Context<'_>, pair: &Pair) -> (Reverse<i64>, Reverse<i64>, u32) {
    let (a, b) = pair.players;
    let higher = if ctx.ranks_higher(a, b) { a } else { b };
    (
        Reverse(ctx.score_twice(higher)),
        Reverse(ctx.score_twice(a) + ctx.score_twice(b)),
        ctx.pairing_number(higher),
    )
}

#[cfg(test)]
mod tests {
    use super::super::tests::{explains, Trf};
    use super::*;
    use crate::state::RoundState;

    fn pair(a: usize, b: usize) -> Pair {
        Pair {
            players: (a, b),
            at_or_above_median: true,
        }
    }

    /// 2.6, "the next pairing": of the higher score-group its last board first (2 v 3 before 1 v 4), of
    /// the lower score-group its first board first (6 v 9 before 7 v 8); the group nearest the median
    /// before the ones further away. (Issue 12's tournament after round 1; indices are numbers - 1.)
    #[test]
    fn art2_6_the_next_pairing_is_the_nearest_the_median_group() {
        let t = Trf::new(&[2687, 2549, 2404, 2214, 2070, 1903, 1792, 1767, 1738, 1507])
            .games("1-6:1 7-2:0 3-8:1 9-4:0 5-10:=")
            .line("XXR 6")
            .build();
        explains(&t, "2.6");
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        let above = vec![vec![pair(0, 3), pair(1, 2)]];
        assert_eq!(
            crack_order(&ctx, &above, Side::Higher),
            vec![pair(1, 2), pair(0, 3)]
        );
        let below = vec![vec![pair(8, 5), pair(7, 6)]];
        assert_eq!(
            crack_order(&ctx, &below, Side::Lower),
            vec![pair(8, 5), pair(7, 6)]
        );
        let two_groups = vec![vec![pair(0, 3)], vec![pair(1, 2)]];
        assert_eq!(
            crack_order(&ctx, &two_groups, Side::Higher),
            vec![pair(1, 2), pair(0, 3)]
        );
    }
}
