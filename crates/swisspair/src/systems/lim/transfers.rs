//! 2.3 with 3.1–3.5, 3.9 and 3.10: the players transferred out of a score group before it is paired —
//! those without a compatible opponent in it (2.3 a–c) and, when it is odd, the floater that makes it
//! even (2.3 d), chosen by the floater selection rules.

use super::colours::due_colour;
use super::compatibility::Scrutiny;
use super::context::{Context, Direction};
use super::incoming::opponents_in_order;
use super::score_groups::{pairs_within, GroupInput};
use crate::error::Result;
use crate::sorting::{sort, sort_by_key};
use crate::tournament::Colour;
use std::cmp::{Ordering, Reverse};

/// The transfers of a group (2.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transfers {
    /// 2.3 a–c: the players (of the group, or floaters transferred into it) without a compatible
    /// opponent among the others.
    pub transferred: Vec<usize>,
    /// 2.3 d: the player transferred to make the group even.
    pub parity: Option<usize>,
    /// The players left to be paired, by pairing number: the group's own and the floaters.
    pub kept: Vec<usize>,
    /// Why each of `transferred` was (2.3 a–c), when the round is explained (empty otherwise).
    pub why: Vec<(usize, Transfer)>,
    /// How the 2.3 d floater was chosen.
    pub parity_choice: Option<ParityFloater>,
}

/// Why a player was transferred before his group was paired (2.3 a–c).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transfer {
    /// 2.3 a: he has played (or may not meet) every other player of the group.
    PlayedAll,
    /// 2.3 b: two more of one colour, and nobody left who lets him have a permissible colour.
    ColourDifference,
    /// 2.3 c: the same colour in the previous two rounds, and nobody left who lets him alternate.
    ColourTwice,
}

impl Transfer {
    pub fn article(self) -> &'static str {
        match self {
            Transfer::PlayedAll => "2.3.a",
            Transfer::ColourDifference => "2.3.b",
            Transfer::ColourTwice => "2.3.c",
        }
    }
}

/// How the floater that makes a group even (2.3 d) was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParityFloater {
    pub player: usize,
    /// 3.9: his type.
    pub kind: FloaterType,
    /// 3.9: the worst type among the candidates (what choosing him avoided).
    pub worst: FloaterType,
    /// 3.2: the colour more players of the group are due, if any.
    pub majority: Option<Colour>,
    /// 3.2: he is due that colour.
    pub evens_colours: bool,
    /// 3.2: in a maxi-tournament, a player due that colour (of his type) was more than 100 points from
    /// the lowest numbered player, so the lowest numbered floats instead.
    pub maxi_limited: bool,
    /// 3.10: the player who floated the round before and would have floated, replaced by this one.
    pub instead_of: Option<usize>,
    /// 3.10: he floated the round before, and floats again (no replacement allowed by 3.10's provisos).
    pub floated_again: bool,
}

/// 2.3: "Before the players in a score-group are paired", the players of the group — its own and the
/// floaters transferred into it — without a compatible opponent among the others are transferred (a–c:
/// played them all, or none of them leaves a permissible colour, 2.1); then, when the others are odd,
/// one more (d, [`parity_floater`]). The median group transfers nobody: it is paired completely or
/// extended (2.6).
pub fn select(
    ctx: &Context<'_>,
    group: &GroupInput<'_>,
    judge: &impl Scrutiny,
) -> Result<Transfers> {
    let mut all: Vec<usize> = group
        .residents
        .iter()
        .chain(group.incoming)
        .copied()
        .collect();
    sort_by_key(&mut all, |&p| ctx.pairing_number(p));
    if group.median {
        return Ok(Transfers {
            transferred: Vec::new(),
            parity: None,
            kept: all,
            why: Vec::new(),
            parity_choice: None,
        });
    }
    let (mut kept, transferred): (Vec<usize>, Vec<usize>) = all
        .iter()
        .partition(|&&p| all.iter().any(|&q| q != p && judge.compatible(p, q)));
    let parity_choice = if kept.len() % 2 == 1 {
        parity_floater(ctx, group, &kept, &transferred, judge)?
    } else {
        None
    };
    let parity = parity_choice.map(|f| f.player);
    kept.retain(|&p| Some(p) != parity);
    let why = if ctx.explains() {
        transferred
            .iter()
            .map(|&p| (p, why_transferred(ctx, p, &all)))
            .collect()
    } else {
        Vec::new()
    };
    Ok(Transfers {
        transferred,
        parity,
        kept,
        why,
        parity_choice,
    })
}

/// 2.3 a–c: why `p`, who has no compatible opponent among `all`, is transferred.
fn why_transferred(ctx: &Context<'_>, p: usize, all: &[usize]) -> Transfer {
    let state = ctx.player(p);
    let met_all = all
        .iter()
        .all(|&q| q == p || state.has_met(q) || ctx.tournament.is_forbidden(p, q, ctx.state.round));
    if met_all {
        Transfer::PlayedAll
    } else if state.colour_difference.abs() >= 2 {
        Transfer::ColourDifference
    } else {
        Transfer::ColourTwice
    }
}

/// 3.3, 3.4: is `p` paired before `q` in the next group, so that `p`'s opponent there is excluded for
/// `q`? Downward: a higher score, or the same score and a higher pairing number (3.3); upward: a lower
/// score, or the same score and a lower pairing number (3.4).
fn goes_before(ctx: &Context<'_>, direction: Direction, p: usize, q: usize) -> bool {
    floater_key(ctx, direction, p) < floater_key(ctx, direction, q)
}

fn floater_key(ctx: &Context<'_>, direction: Direction, p: usize) -> (i64, i64) {
    let score = ctx.score_twice(p);
    match direction {
        Direction::Downward => (-score, ctx.scrutiny_key(p, direction)),
        Direction::Upward => (score, ctx.scrutiny_key(p, direction)),
    }
}

/// 3.3, 3.4, 3.5, 3.9 c/d: does `p` have a compatible opponent in the next group (`group.adjacent`),
/// "after excluding the opponents of other floaters" who go before him (3.3, 3.4)? The other floaters
/// are `others` (leaving this group with him) and those already transferred into the next group; each
/// takes the opponent 3.8 gives him there.
pub fn has_opponent_beyond(
    ctx: &Context<'_>,
    group: &GroupInput<'_>,
    p: usize,
    others: &[usize],
    judge: &impl Scrutiny,
) -> bool {
    let adjacent = &group.adjacent;
    let mut before: Vec<usize> = others
        .iter()
        .chain(adjacent.incoming)
        .copied()
        .filter(|&q| q != p && goes_before(ctx, group.direction, q, p))
        .collect();
    sort_by_key(&mut before, |&q| floater_key(ctx, group.direction, q));
    let mut available: Vec<usize> = adjacent.residents.to_vec();
    for q in before {
        if let Some(&c) = opponents_in_order(ctx, q, &available, adjacent.direction, judge).first()
        {
            available.retain(|&r| r != c);
        }
    }
    available.iter().any(|&r| r != p && judge.compatible(p, r))
}

/// 3.9: the four types of floater, in ascending order of disadvantage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FloaterType {
    /// d: a compatible opponent in the next group.
    D,
    /// c: no compatible opponent in the next group.
    C,
    /// b: has already floated into this group, a compatible opponent in the next.
    B,
    /// a: has already floated into this group, no compatible opponent in the next.
    A,
}

/// 2.3 d: the floater that makes the group even, chosen from `kept` (the players left after 2.3 a–c;
/// `transferred` are those floated by a–c) by the floater selection rules, in this order:
///
/// 1. 3.9: the type of the least disadvantage (d, then c, then b, then a; 3.3 and 3.5 are its d
///    before c: "the lowest numbered player ... who has a compatible opponent in the lower
///    score-group"; "if possible, be exchanged for another player");
/// 2. 3.2: a player due the colour more players of the group are due ("would tend to equalise"); in a
///    maxi-tournament only one whose rating is within 100 points of the lowest numbered player (the
///    highest numbered upward), who floats otherwise;
/// 3. 3.2, 3.3: the lowest numbered (the highest numbered when pairing upward).
///
/// 3.10: when that player floated in the round before, the first in the same order who did not and is
/// of type d ("will not produce other floaters of the types a, b, c") floats instead, if the others can
/// then be paired in as many pairs ("will not decrease the number of pairings of that score-group").
pub fn parity_floater(
    ctx: &Context<'_>,
    group: &GroupInput<'_>,
    kept: &[usize],
    transferred: &[usize],
    judge: &impl Scrutiny,
) -> Result<Option<ParityFloater>> {
    let Some(&lowest) = kept
        .iter()
        .max_by_key(|&&p| ctx.scrutiny_key(p, group.direction))
    else {
        return Ok(None);
    };
    let majority = majority_colour(ctx, kept);
    let kind = |p: usize| {
        let incoming = group.incoming.contains(&p);
        let beyond = has_opponent_beyond(ctx, group, p, transferred, judge);
        match (incoming, beyond) {
            (false, true) => FloaterType::D,
            (false, false) => FloaterType::C,
            (true, true) => FloaterType::B,
            (true, false) => FloaterType::A,
        }
    };
    let evens_colours = |p: usize| {
        majority.is_some()
            && due_colour(ctx.player(p)) == majority
            && ctx.within_rating_limit(p, lowest)
    };
    let mut order: Vec<(FloaterType, bool, Reverse<i64>, usize)> = kept
        .iter()
        .map(|&p| {
            (
                kind(p),
                !evens_colours(p),
                Reverse(ctx.scrutiny_key(p, group.direction)),
                p,
            )
        })
        .collect();
    sort(&mut order);
    let Some(&(first_kind, first_uneven, _, first)) = order.first() else {
        return Ok(None);
    };
    let worst = order.iter().map(|o| o.0).max().unwrap_or(first_kind);
    let maxi_limited = ctx.explains()
        && ctx.maxi()
        && first_uneven
        && order.iter().any(|&(k, _, _, q)| {
            k == first_kind && majority.is_some() && due_colour(ctx.player(q)) == majority
        });
    let choice = |player: usize, kind: FloaterType, evens: bool| ParityFloater {
        player,
        kind,
        worst,
        majority,
        evens_colours: evens,
        maxi_limited,
        instead_of: None,
        floated_again: false,
    };
    if ctx.floated_before(first) && first_kind == FloaterType::D {
        let pairs_if_first = pairs_without(kept, first, judge);
        for &(k, uneven, _, q) in &order {
            if k == FloaterType::D
                && !ctx.floated_before(q)
                && pairs_without(kept, q, judge) >= pairs_if_first
            {
                return Ok(Some(ParityFloater {
                    instead_of: Some(first),
                    ..choice(q, k, !uneven)
                }));
            }
        }
        return Ok(Some(ParityFloater {
            floated_again: true,
            ..choice(first, first_kind, !first_uneven)
        }));
    }
    Ok(Some(choice(first, first_kind, !first_uneven)))
}

/// 3.2: the colour more players of the group are due, if the numbers differ.
fn majority_colour(ctx: &Context<'_>, players: &[usize]) -> Option<Colour> {
    let due: Vec<Option<Colour>> = players.iter().map(|&p| due_colour(ctx.player(p))).collect();
    let white = due.iter().filter(|&&c| c == Some(Colour::White)).count();
    let black = due.iter().filter(|&&c| c == Some(Colour::Black)).count();
    match white.cmp(&black) {
        Ordering::Greater => Some(Colour::White),
        Ordering::Less => Some(Colour::Black),
        Ordering::Equal => None,
    }
}

/// 3.10: the most pairs the players of `kept` but `without` can make among themselves.
fn pairs_without(kept: &[usize], without: usize, judge: &impl Scrutiny) -> usize {
    let players: Vec<usize> = kept.iter().copied().filter(|&p| p != without).collect();
    pairs_within(&players, |a, b| judge.compatible(a, b))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{
        eight_after_round_two, explains, group_input, All, Incompatible, Plain,
    };
    use super::*;
    use crate::state::RoundState;

    /// The 1-point group paired downward: `residents`, the `incoming` floaters, the `next` group.
    fn input<'g>(
        residents: &'g [usize],
        incoming: &'g [usize],
        next: &'g [usize],
    ) -> GroupInput<'g> {
        group_input(20, Direction::Downward, residents, incoming, next)
    }

    /// 3.10 in the 1-point group 3 5 8 (indices 2, 4, 7) of [`eight_after_round_two`], paired downward
    /// with the `next` group: the parity floater chosen, the pairs judged by 2.1 as it is or, with
    /// `incompatible`, every pair compatible but those.
    fn floater_of_3_5_8(
        next: &[usize],
        incompatible: Option<Vec<(usize, usize)>>,
    ) -> Option<ParityFloater> {
        let t = eight_after_round_two();
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        let group = [2, 4, 7];
        let g = input(&group, &[], next);
        match incompatible {
            None => parity_floater(&ctx, &g, &group, &[], &Plain(&ctx)),
            Some(pairs) => parity_floater(&ctx, &g, &group, &[], &Incompatible(pairs)),
        }
        .unwrap()
    }

    /// 3.10: of 3, 5 and 8 (1 point, all due black), 8 is the lowest numbered but floated in the
    /// previous round, like 5: 3 floats — each has a compatible opponent in the next group (4).
    #[test]
    fn art3_10_a_previous_floater_does_not_float_again() {
        let t = eight_after_round_two();
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        assert!(ctx.floated_before(4) && ctx.floated_before(7) && !ctx.floated_before(2));
        let choice = floater_of_3_5_8(&[3, 6], None);
        assert_eq!(choice.as_ref().map(|f| f.player), Some(2));
        // Issue 14: the group is made by hand (the round pairs other groups), so the check is on the
        // record the explanation words: 3.10 floated 3 instead of 8.
        assert_eq!(choice.and_then(|f| f.instead_of), Some(7));
    }

    /// 3.10's first proviso: "this will not produce other floaters of the types a, b, c". When the next
    /// group holds only 7, who met 3, 3 would be a floater of type c: 8 floats after all, although he
    /// floated the round before.
    #[test]
    fn art3_10_yields_to_3_9() {
        let choice = floater_of_3_5_8(&[6], None);
        assert_eq!(choice.as_ref().map(|f| f.player), Some(7));
        // Issue 14: the record the explanation words as 3.10 (he floats again).
        assert!(choice.is_some_and(|f| f.floated_again));
    }

    /// 3.10 applies only between floaters of type d. With no next group at all, 3, 5 and 8 are all of
    /// type c: 3.10 does not apply, and 8, the lowest numbered of the majority colour (3.2), floats.
    #[test]
    fn art3_10_not_among_floaters_of_type_c() {
        let choice = floater_of_3_5_8(&[], None);
        assert_eq!(choice.as_ref().map(|f| f.player), Some(7));
        // Issue 14: exempt, 3.10 does *not* apply; the record says so (no 3.10 in the explanation).
        assert!(choice.is_some_and(|f| f.instead_of.is_none() && !f.floated_again));
    }

    /// 3.10's second proviso: "this will not decrease the number of pairings of that score-group".
    /// With 5 and 8 unable to meet, floating 3 instead of 8 leaves 5 and 8 without a pair, where
    /// floating 8 leaves 3 v 5: 8 floats although he floated the round before.
    #[test]
    fn art3_10_not_when_it_decreases_the_pairings() {
        let choice = floater_of_3_5_8(&[3, 6], Some(vec![(4, 7)]));
        assert_eq!(choice.as_ref().map(|f| f.player), Some(7));
        // Issue 14: the record the explanation words as 3.10 (he floats again).
        assert!(choice.is_some_and(|f| f.floated_again));
    }

    /// 2.3 a: of 1, 3 and 5, 1 has played both others: he is transferred, and the group is even.
    #[test]
    fn art2_3_a_played_everybody() {
        let t = eight_after_round_two();
        explains(&t, "2.3.a");
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        let judge = Plain(&ctx);
        let residents = [0, 2, 4];
        let next = [3, 6];
        let g = input(&residents, &[], &next);
        let transfers = select(&ctx, &g, &judge).unwrap();
        assert_eq!(transfers.transferred, vec![0]);
        assert_eq!(transfers.parity, None);
        assert_eq!(transfers.kept, vec![2, 4]);
    }

    /// 2.3 considers the floaters transferred into the group, and 3.9 puts them (types a/b) last: 1 and
    /// 2 came down into the group of 3; two of the three are due white (1, 2), so 3.2 would float 2, the
    /// lowest numbered of them; but 3, of type d, floats, and 1 and 2 stay.
    #[test]
    fn art3_9_floaters_of_type_a_b_last() {
        let t = eight_after_round_two();
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        let judge = Plain(&ctx);
        let residents = [2];
        let incoming = [0, 1];
        let next = [3, 6];
        let g = input(&residents, &incoming, &next);
        let transfers = select(&ctx, &g, &judge).unwrap();
        assert_eq!(transfers.parity, Some(2));
        assert_eq!(transfers.kept, vec![0, 1]);
        // Issue 14: the group is made by hand; the record the explanation words as 3.9: a floater of
        // type d where the others would have been of type a or b.
        let choice = transfers.parity_choice;
        assert!(choice.is_some_and(|f| f.kind == FloaterType::D && f.worst >= FloaterType::B));
    }

    /// 3.2: the floater evens the colours — of 1 (due white), 3 and 6 (due black; none floated the round
    /// before), black is the majority: downward its lowest numbered player, 6, floats; upward its
    /// highest numbered, 3.
    #[test]
    fn art3_2_floater_evens_the_colours() {
        let t = eight_after_round_two();
        explains(&t, "3.2");
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        let judge = All;
        let group = [0, 2, 5];
        let next = [3, 6];
        let mut g = input(&group, &[], &next);
        assert_eq!(
            parity_floater(&ctx, &g, &group, &[], &judge)
                .unwrap()
                .map(|f| f.player),
            Some(5)
        );
        g.direction = Direction::Upward;
        g.adjacent.direction = Direction::Upward;
        assert_eq!(
            parity_floater(&ctx, &g, &group, &[], &judge)
                .unwrap()
                .map(|f| f.player),
            Some(2)
        );
    }

    /// 3.3: a floater has a compatible opponent in the next group only after the floaters paired before
    /// him there (higher score, or higher numbered) have taken theirs. The next group holds only 4, whom
    /// both 3 and 6 (1 point) may meet: 3 keeps him whether 6 floats too or not; 6 has him only alone.
    #[test]
    fn art3_3_opponents_of_earlier_floaters_are_excluded() {
        let t = eight_after_round_two();
        // Issue 14: exempt; it pins the predicate alone, on a hand-made next group. The explanation cites
        // 3.3 for each floater of type d chosen downward (art3_2_floater_evens_the_colours).
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        let judge = Plain(&ctx);
        let next = [3];
        let g = input(&[], &[], &next);
        assert!(has_opponent_beyond(&ctx, &g, 2, &[5], &judge));
        assert!(!has_opponent_beyond(&ctx, &g, 5, &[2], &judge));
        assert!(has_opponent_beyond(&ctx, &g, 5, &[], &judge));
    }
}
