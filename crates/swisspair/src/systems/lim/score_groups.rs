//! 2.2: score groups, the Median Score-group and the order in which the groups are paired; what a group
//! being paired holds (its players, the floaters transferred into it, the next group); and which groups
//! the last-round exception (6) concerns.

use super::compatibility::{compatible, equal_scores_may_meet};
use super::context::{Context, Direction};
use crate::matching::Cardinality;
use crate::sorting::sort_by_key;
use std::cmp::Ordering;

/// The players with the same score.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScoreGroup {
    /// Twice the score (tenths), to compare with the median without fractions.
    pub score_twice: i64,
    /// By pairing number.
    pub players: Vec<usize>,
}

/// The groups in the order they are paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingOrder {
    /// Above the median, the highest first (paired downward).
    pub above: Vec<ScoreGroup>,
    /// Below the median, the lowest first (paired upward).
    pub below: Vec<ScoreGroup>,
    /// The Median Score-group, paired last (downward). It may have no players of its own: then it holds
    /// only the floaters that reach it from both sides.
    pub median: ScoreGroup,
}

/// A score group as it is paired.
pub struct GroupInput<'g> {
    /// Twice the group's score (the median's for the median group, which may have no players).
    pub score_twice: i64,
    pub direction: Direction,
    /// The median group: paired last, nobody can float out of it (2.2, 2.6).
    pub median: bool,
    /// The group's own players, by pairing number.
    pub residents: &'g [usize],
    /// The floaters transferred into it (2.3, 2.6).
    pub incoming: &'g [usize],
    /// The next group in the direction of pairing (3.3, 3.4, 3.5, 3.9).
    pub adjacent: Adjacent<'g>,
}

/// The group a group's floaters go to (3.2), as it stands when the group is paired: its own players and
/// the floaters already transferred into it (for the groups just below the median: the median group and
/// the floaters that came down into it).
#[derive(Clone, Copy)]
pub struct Adjacent<'g> {
    pub residents: &'g [usize],
    pub incoming: &'g [usize],
    /// How that group is paired (3.8 decides who a floater meets there).
    pub direction: Direction,
}

impl Adjacent<'_> {
    /// No next group (the median group's: nobody floats out of it).
    pub fn none() -> Adjacent<'static> {
        Adjacent {
            residents: &[],
            incoming: &[],
            direction: Direction::Downward,
        }
    }
}

/// 2.2: the score groups of `players` (sorted by pairing number), in pairing order.
pub fn pairing_order(ctx: &Context<'_>, players: &[usize]) -> PairingOrder {
    let mut order = PairingOrder {
        above: Vec::new(),
        below: Vec::new(),
        median: ScoreGroup {
            score_twice: ctx.median_twice(),
            players: Vec::new(),
        },
    };
    for g in score_groups(ctx, players) {
        match ctx.against_median(g.score_twice) {
            Ordering::Greater => order.above.push(g),
            Ordering::Equal => order.median = g,
            Ordering::Less => order.below.push(g),
        }
    }
    order.below.reverse();
    order
}

/// The score groups of `players`, the highest first, each by pairing number.
fn score_groups(ctx: &Context<'_>, players: &[usize]) -> Vec<ScoreGroup> {
    let mut groups: Vec<ScoreGroup> = Vec::new();
    let mut by_score: Vec<usize> = players.to_vec();
    sort_by_key(&mut by_score, |&p| {
        (std::cmp::Reverse(ctx.score(p)), ctx.pairing_number(p))
    });
    for p in by_score {
        let score_twice = ctx.score_twice(p);
        match groups.last_mut() {
            Some(g) if g.score_twice == score_twice => g.players.push(p),
            _ => groups.push(ScoreGroup {
                score_twice,
                players: vec![p],
            }),
        }
    }
    groups
}

/// 6: the score groups (twice their scores) whose players, as the round begins, can be paired among
/// themselves more completely when the colour limits are lifted ("even if it is necessary"): only there
/// is the last-round exception in force.
pub fn last_round_exception(ctx: &Context<'_>, players: &[usize]) -> Vec<i64> {
    score_groups(ctx, players)
        .into_iter()
        .filter(|g| {
            let within = pairs_within(&g.players, |a, b| compatible(ctx, a, b));
            let lifted = pairs_within(&g.players, |a, b| equal_scores_may_meet(ctx, a, b));
            lifted > within
        })
        .map(|g| g.score_twice)
        .collect()
}

/// The most pairs that can be made among `players` with the pairs `allowed`.
pub fn pairs_within(players: &[usize], allowed: impl Fn(usize, usize) -> bool) -> usize {
    let mut matching = Cardinality::new(players.len());
    matching.maximise(&|i, j| match (players.get(i), players.get(j)) {
        (Some(&a), Some(&b)) => allowed(a, b),
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::super::tests::{explains, Trf};
    use super::*;
    use crate::state::RoundState;

    /// 2.2: after round 1 (1 beat 5, 2 drew with 6, 3 beat 7, 4 drew with 8) the median score is 0.5:
    /// 1 and 3 above, 5 and 7 below, the others in the median group.
    #[test]
    fn art2_2_groups_in_pairing_order() {
        let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
            .round(&[(1, 5, '1'), (6, 2, '='), (3, 7, '1'), (8, 4, '=')], &[])
            .line("XXR 5")
            .build();
        explains(&t, "2.2");
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        let order = pairing_order(&ctx, &(0..8).collect::<Vec<_>>());
        let players = |g: &[ScoreGroup]| g.iter().map(|g| g.players.clone()).collect::<Vec<_>>();
        assert_eq!(players(&order.above), vec![vec![0, 2]]);
        assert_eq!(players(&order.below), vec![vec![4, 6]]);
        assert_eq!(order.median.players, vec![1, 3, 5, 7]);
        assert_eq!(order.median.score_twice, 10);
    }

    /// 2.2: groups above the median come highest first, groups below lowest first. After two rounds
    /// (1 beat 4 and 2; 2 drew with 5; 6 beat 3, then drew with him; 4 drew with 5) the scores are 1: 2,
    /// 6: 1.5, 5: 1 (the median), 2, 3, 4: 0.5.
    #[test]
    fn art2_2_order_of_groups() {
        let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900])
            .round(&[(1, 4, '1'), (2, 5, '='), (3, 6, '0')], &[])
            .round(&[(1, 2, '1'), (6, 3, '='), (4, 5, '=')], &[])
            .line("XXR 5")
            .build();
        explains(&t, "2.2");
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        let order = pairing_order(&ctx, &(0..6).collect::<Vec<_>>());
        let scores = |g: &[ScoreGroup]| g.iter().map(|g| g.score_twice / 2).collect::<Vec<_>>();
        assert_eq!(scores(&order.above), vec![20, 15]);
        assert_eq!(scores(&order.below), vec![5]);
        assert_eq!(order.median.players, vec![4]);
    }

    /// 2.2: without players on the median score the median group is empty (after round 1 with every
    /// game won: 1 and 0 points, median 0.5).
    #[test]
    fn art2_2_empty_median_group() {
        let t = Trf::new(&[2400, 2300, 2200, 2100])
            .round(&[(1, 3, '1'), (4, 2, '0')], &[])
            .line("XXR 5")
            .build();
        explains(&t, "2.2");
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        let order = pairing_order(&ctx, &(0..4).collect::<Vec<_>>());
        assert_eq!(order.above.len(), 1);
        assert_eq!(order.below.len(), 1);
        assert!(order.median.players.is_empty());
        assert_eq!(order.median.score_twice, 10);
    }

    /// 6: the exception is in force only for groups that pair more completely with the colour limits
    /// lifted. After two rounds won by white (1 v 4, 2 v 5, 3 v 6; 1 v 5, 2 v 6, 4 v 3): 1 and 2 (2
    /// points) both need black, 5 and 6 (0) both need white: in force; 3 and 4 (1 point) have met:
    /// lifting the limits changes nothing.
    #[test]
    fn art6_exception_in_force_only_where_necessary() {
        let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900])
            .round(&[(1, 4, '1'), (2, 5, '1'), (3, 6, '1')], &[])
            .round(&[(1, 5, '1'), (2, 6, '1'), (4, 3, '1')], &[])
            .line("XXR 3")
            .build();
        explains(&t, "6");
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        assert_eq!(
            last_round_exception(&ctx, &(0..6).collect::<Vec<_>>()),
            vec![40, 0]
        );
    }
}
