//! 2.3 and 3: floaters — the players transferred before a group is paired, the one that makes it even,
//! and the pairing of the floaters a group receives.

use super::colours::{colours_fit, due_colour};
use super::compatibility::Scrutiny;
use super::group::GroupInput;
use super::{Context, Direction};
use crate::error::Result;
use crate::matching::MatchingComputer;
use crate::tournament::Colour;
use std::cmp::Reverse;

/// Whether a floater came from above (down-floater) or from below (up-floater) the group.
fn came_down(ctx: &Context<'_>, group: &GroupInput<'_>, f: usize) -> bool {
    ctx.score_twice(f) > group.score_twice
}

/// 3.6, 3.7: the order in which the floaters in a group are paired. Down-floaters: the highest score
/// first, then the highest numbered (3.6, 3.6.1, 3.6.2); up-floaters: the lowest score first, then the
/// lowest numbered (3.7, 3.7.1, 3.7.2). A group paired downward (above the median, or the median) pairs
/// the down-floaters first, one paired upward the up-floaters first (3.6.3, 3.7.3).
fn pairing_order(ctx: &Context<'_>, group: &GroupInput<'_>) -> Vec<usize> {
    let (mut down, mut up): (Vec<usize>, Vec<usize>) = group
        .incoming
        .iter()
        .partition(|&&f| came_down(ctx, group, f));
    down.sort_by_key(|&f| (Reverse(ctx.score(f)), ctx.pairing_number(f)));
    up.sort_by_key(|&f| (ctx.score(f), Reverse(ctx.pairing_number(f))));
    match group.direction {
        Direction::Downward => down.into_iter().chain(up).collect(),
        Direction::Upward => up.into_iter().chain(down).collect(),
    }
}

/// What pairing the floaters leaves.
pub struct FloatersPaired {
    pub pairs: Vec<(usize, usize)>,
    /// Floaters without an opponent in the group: they float on (3.5).
    pub unpaired: Vec<usize>,
    /// The players of the group still to be paired, by pairing number.
    pub residents: Vec<usize>,
}

/// 3.6–3.8: pairs the floaters that came into the group before its own players.
pub fn pair_incoming(
    ctx: &Context<'_>,
    group: &GroupInput<'_>,
    judge: &mut impl Scrutiny,
) -> Result<FloatersPaired> {
    let order = pairing_order(ctx, group);
    let mut residents: Vec<usize> = group.residents.to_vec();
    let mut waiting: Vec<usize> = order.clone();
    let mut pairs = Vec::new();
    let mut unpaired = Vec::new();
    for &f in &order {
        if !waiting.contains(&f) {
            continue; // already paired, by a floater paired before him (median group only)
        }
        waiting.retain(|&w| w != f);
        let (players, other_floaters) = candidates(ctx, group, f, &residents, &waiting);
        let mut tries = preferred_first(ctx, f, &players, judge);
        tries.extend(
            other_floaters
                .into_iter()
                .filter(|&c| judge.compatible(f, c)),
        );
        let mut chosen = None;
        for c in tries {
            if judge.confirm(&[(f, c)], &[])? {
                chosen = Some(c);
                break;
            }
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
    })
}

/// The players a floater may meet, in the order 3.8 looks at them: the group's own players, from the
/// highest numbered for a floater from above, from the lowest numbered for one from below; and, in the
/// median group, which nobody can leave, when none of them can be his opponent, the other floaters still
/// waiting (the other kind first).
fn candidates(
    ctx: &Context<'_>,
    group: &GroupInput<'_>,
    f: usize,
    residents: &[usize],
    waiting: &[usize],
) -> (Vec<usize>, Vec<usize>) {
    let down = came_down(ctx, group, f);
    let mut list: Vec<usize> = residents.to_vec();
    list.sort_by_key(|&r| {
        let n = i64::from(ctx.pairing_number(r));
        if down {
            n
        } else {
            -n
        }
    });
    let mut floaters = Vec::new();
    if group.median {
        let (same, other): (Vec<usize>, Vec<usize>) = waiting
            .iter()
            .partition(|&&w| came_down(ctx, group, w) == down);
        floaters.extend(other);
        floaters.extend(same);
    }
    (list, floaters)
}

/// 3.8: the compatible players of the group, the one a floater is paired with first: the first who is due
/// the alternate colour — in a maxi-tournament only when his rating is within 100 points of the first
/// compatible candidate, whom he replaces — then the others in order.
fn preferred_first(
    ctx: &Context<'_>,
    f: usize,
    candidates: &[usize],
    judge: &impl Scrutiny,
) -> Vec<usize> {
    let compatible: Vec<usize> = candidates
        .iter()
        .copied()
        .filter(|&c| judge.compatible(f, c))
        .collect();
    let Some(&natural) = compatible.first() else {
        return compatible;
    };
    let alternate = compatible
        .iter()
        .copied()
        .find(|&c| colours_fit(ctx, f, c) && ctx.within_rating_limit(natural, c));
    match alternate {
        Some(a) => std::iter::once(a)
            .chain(compatible.iter().copied().filter(|&c| c != a))
            .collect(),
        None => compatible,
    }
}

/// 2.3 a–c: the players of the group who have no compatible opponent in it (they have played them all,
/// or no one left lets them have a permissible colour): (kept, transferred).
pub fn transfers(residents: &[usize], judge: &impl Scrutiny) -> (Vec<usize>, Vec<usize>) {
    residents
        .iter()
        .partition(|&&p| residents.iter().any(|&q| q != p && judge.compatible(p, q)))
}

/// 3.3, 3.4, 3.9 c/d: does `p` have a compatible opponent in the next group (`group.adjacent`), after the
/// opponents taken by the floaters `others` that the next group pairs before him (3.6, 3.7)?
pub fn has_opponent_beyond(
    ctx: &Context<'_>,
    group: &GroupInput<'_>,
    p: usize,
    others: &[usize],
    judge: &impl Scrutiny,
) -> bool {
    let key = |q: usize| (ctx.scrutiny_key_of_floater(q, group.direction), q);
    let mut before: Vec<usize> = others
        .iter()
        .copied()
        .filter(|&q| q != p && key(q) < key(p))
        .collect();
    before.sort_by_key(|&q| key(q));
    let mut opponents: Vec<usize> = group.adjacent.to_vec();
    opponents.sort_by_key(|&r| ctx.scrutiny_key(r, group.direction));
    for q in before {
        if let Some(i) = opponents.iter().position(|&r| judge.compatible(q, r)) {
            opponents.remove(i);
        }
    }
    opponents.iter().any(|&r| judge.compatible(p, r))
}

impl Context<'_> {
    /// 3.6, 3.7: the order in which the next group pairs the floaters of a group paired in `direction`:
    /// downward the highest score, then the highest numbered first; upward the lowest score, then the
    /// lowest numbered first.
    fn scrutiny_key_of_floater(&self, p: usize, direction: Direction) -> (i64, i64) {
        let score = self.score_twice(p);
        match direction {
            Direction::Downward => (-score, self.scrutiny_key(p, direction)),
            Direction::Upward => (score, self.scrutiny_key(p, direction)),
        }
    }
}

/// 2.3 d: the floater that makes the group even, chosen from `kept` (the players of the group still to
/// be paired) in this order of priority (see the module documentation of [`super`]):
///
/// 1. the others can still all be paired within the group (3.10: "the number of pairings");
/// 2. he has a compatible opponent in the next group (3.3, 3.4, 3.5; 3.9 c/d);
/// 3. he did not float in the previous round (3.10);
/// 4. he is due the colour more players of the group are due (3.2); in a maxi-tournament only when his
///    rating is within 100 points of the player chosen otherwise (the lowest numbered downward, the
///    highest numbered upward);
/// 5. the lowest numbered downward, the highest numbered upward (3.2, 3.3, 3.4).
pub fn parity_floater(
    ctx: &Context<'_>,
    group: &GroupInput<'_>,
    kept: &[usize],
    floating: &[usize],
    judge: &impl Scrutiny,
) -> Result<Option<usize>> {
    let Some(&default) = kept
        .iter()
        .max_by_key(|&&p| ctx.scrutiny_key(p, group.direction))
    else {
        return Ok(None);
    };
    let majority = majority_colour(ctx, kept);
    let priority = |p: usize| {
        let beyond = has_opponent_beyond(ctx, group, p, floating, judge);
        let colour = majority.is_some()
            && due_colour(ctx.player(p)) == majority
            && ctx.within_rating_limit(p, default);
        (
            !beyond,
            ctx.floated_before(p),
            !colour,
            Reverse(ctx.scrutiny_key(p, group.direction)),
            p,
        )
    };
    let mut order: Vec<usize> = kept.to_vec();
    order.sort_by_cached_key(|&p| priority(p));
    // Priority 1, tested lazily: the first in the order of 2–5 whose absence leaves a group that can be
    // paired completely.
    let mut rest = RestMatching::new(kept, judge)?;
    for &p in &order {
        if rest.perfect_without(p)? {
            return Ok(Some(p));
        }
    }
    Ok(order.first().copied())
}

/// 3.2: the colour more players of the group are due, if the numbers differ.
fn majority_colour(ctx: &Context<'_>, players: &[usize]) -> Option<Colour> {
    let due: Vec<Option<Colour>> = players.iter().map(|&p| due_colour(ctx.player(p))).collect();
    let white = due.iter().filter(|&&c| c == Some(Colour::White)).count();
    let black = due.iter().filter(|&&c| c == Some(Colour::Black)).count();
    match white.cmp(&black) {
        std::cmp::Ordering::Greater => Some(Colour::White),
        std::cmp::Ordering::Less => Some(Colour::Black),
        std::cmp::Ordering::Equal => None,
    }
}

/// A maximum matching of a group's players (compatible pairs), with one extra vertex that stands for the
/// floater: the others pair completely without `p` when the extra vertex can take `p` in a perfect
/// matching.
struct RestMatching<'k> {
    matching: MatchingComputer<u32>,
    players: &'k [usize],
}

impl<'k> RestMatching<'k> {
    fn new(players: &'k [usize], judge: &impl Scrutiny) -> Result<RestMatching<'k>> {
        let n = players.len();
        let mut matching = MatchingComputer::new(n + 1).map_err(internal)?;
        for (i, &a) in players.iter().enumerate() {
            for (j, &b) in players.iter().enumerate().skip(i + 1) {
                if judge.compatible(a, b) {
                    matching.set_edge(i, j, 1).map_err(internal)?;
                }
            }
        }
        Ok(RestMatching { matching, players })
    }

    fn perfect_without(&mut self, p: usize) -> Result<bool> {
        let n = self.players.len();
        let Some(i) = self.players.iter().position(|&q| q == p) else {
            return Ok(false);
        };
        self.matching.set_edge(n, i, 1).map_err(internal)?;
        self.matching.solve();
        let perfect = (0..=n).all(|v| self.matching.mate(v).is_some());
        self.matching.set_edge(n, i, 0).map_err(internal)?;
        Ok(perfect)
    }
}

fn internal(e: crate::matching::MatchingError) -> crate::error::Error {
    crate::error::Error::Internal(format!("matching: {e}"))
}

#[cfg(test)]
mod tests {
    use super::super::group::Judge;
    use super::super::tests::Trf;
    use super::*;
    use crate::state::RoundState;
    use crate::tournament::Tournament;

    /// Eight players after two rounds. Round 1: 1 beat 5, 2 beat 6, 3 beat 7 (7 white), 4 drew with 8
    /// (4 white). Round 2: 3 v 1 (1 won), 8 v 2 (draw), 5 v 4 (5 won), 6 v 7 (6 won). Scores: 1: 2, 2:
    /// 1.5, 3, 5, 6, 8: 1, 4: 0.5, 7: 0. In round 2, 8 (0.5) met 2 (1) and 5 (0) met 4 (0.5): both
    /// floated; 3 and 6 did not.
    fn eight_after_round_two() -> Tournament {
        Trf::new(&[2400, 2300, 2250, 2100, 2000, 1900, 1800, 1700])
            .round(&[(1, 5, '1'), (2, 6, '1'), (7, 3, '0'), (4, 8, '=')], &[])
            .round(&[(3, 1, '0'), (8, 2, '='), (5, 4, '1'), (6, 7, '1')], &[])
            .line("XXR 5")
            .build()
    }

    fn input<'g>(
        score_twice: i64,
        residents: &'g [usize],
        incoming: &'g [usize],
        adjacent: &'g [usize],
    ) -> GroupInput<'g> {
        GroupInput {
            score_twice,
            direction: Direction::Downward,
            median: false,
            residents,
            incoming,
            adjacent,
        }
    }

    /// 3.10 and 3.9: of 3, 5 and 8 (1 point, all due black), 8 is the lowest numbered but floated in the
    /// previous round, like 5: 3 floats. When the next group holds only 7, who met 3, 3 would be a floater
    /// of type c: 3.10 yields, and 8 floats.
    #[test]
    fn art3_10_a_previous_floater_does_not_float_again_unless_3_9_says_so() {
        let t = eight_after_round_two();
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        let judge = Judge::plain(&ctx);
        let kept = [2, 4, 7];
        assert!(ctx.floated_before(4) && ctx.floated_before(7) && !ctx.floated_before(2));
        let alone = input(20, &kept, &[], &[]);
        assert_eq!(
            parity_floater(&ctx, &alone, &kept, &[], &judge).unwrap(),
            Some(2)
        );
        let seven = [6];
        let above_7 = input(20, &kept, &[], &seven);
        assert_eq!(
            parity_floater(&ctx, &above_7, &kept, &[], &judge).unwrap(),
            Some(7)
        );
    }

    /// 3.10's "the number of pairings": 1, 3 and 5 (3 and 5 have not met; 1 met both) — 1 floats, even
    /// though 5 is the lowest numbered; 2.3 a moves 1 out before that, having played the whole group.
    #[test]
    fn art2_3_a_and_pairings_kept() {
        let t = eight_after_round_two();
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        let judge = Judge::plain(&ctx);
        assert_eq!(transfers(&[0, 2, 4], &judge), (vec![2, 4], vec![0]));
        let group = [0, 2, 4];
        let g = input(20, &group, &[], &[]);
        assert_eq!(
            parity_floater(&ctx, &g, &group, &[], &judge).unwrap(),
            Some(0)
        );
    }

    /// 3.6, 3.6.3, 3.7, 3.7.3: in a group paired downward the floaters from above come first (highest
    /// score, then highest numbered), then those from below (lowest score, then lowest numbered); upward
    /// the other way round.
    #[test]
    fn art3_6_3_7_order_of_floaters() {
        let t = eight_after_round_two();
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        // Into the 1-point group: 1 (2 points), 2 (1.5), 4 (0.5), 7 (0): 1, 2, then 7, 4.
        let incoming = [6, 3, 1, 0];
        let mut g = input(20, &[], &incoming, &[]);
        assert_eq!(pairing_order(&ctx, &g), vec![0, 1, 6, 3]);
        g.direction = Direction::Upward;
        assert_eq!(pairing_order(&ctx, &g), vec![6, 3, 0, 1]);
        // Equal scores: 3.6.1 the highest numbered first from above, 3.7.1 the lowest numbered first
        // from below.
        let from_above = [7, 2];
        let g = input(10, &[], &from_above, &[]);
        assert_eq!(pairing_order(&ctx, &g), vec![2, 7]);
        let from_below = [2, 7];
        let g = input(30, &[], &from_below, &[]);
        assert_eq!(pairing_order(&ctx, &g), vec![7, 2]);
    }

    /// 3.3: a floater has a compatible opponent in the next group only after the floaters paired before
    /// him there (higher score, or higher numbered) have taken theirs. The next group holds only 4, whom
    /// both 3 and 6 (1 point) may meet: 3 keeps him whether 6 floats too or not; 6 has him only alone.
    #[test]
    fn art3_3_opponents_of_earlier_floaters_are_excluded() {
        let t = eight_after_round_two();
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        let judge = Judge::plain(&ctx);
        let next = [3];
        let g = input(20, &[], &[], &next);
        assert!(has_opponent_beyond(&ctx, &g, 2, &[5], &judge));
        assert!(!has_opponent_beyond(&ctx, &g, 5, &[2], &judge));
        assert!(has_opponent_beyond(&ctx, &g, 5, &[], &judge));
    }
}
