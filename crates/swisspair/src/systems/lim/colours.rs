//! 5: colour allocation rules — the colour each player is due (5.1, 5.5, 5.6), the second scrutiny of a
//! group's pairings for colours (5.2, 5.7), and the colours of each pair (5.3–5.6; 7.2 in round 1).

use super::compatibility::{colour_allowed, Scrutiny};
use super::context::Context;
use crate::pairing::Game;
use crate::state::PlayerState;
use crate::tournament::Colour;
use std::cmp::Ordering;

/// A pair made, with the side of the median of the group it was made in (5.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pair {
    pub players: (usize, usize),
    pub at_or_above_median: bool,
}

/// 5.1, 5.5, 5.6: the colour a player is due. When 5.1 a/b leave only one colour, that one (5.3);
/// otherwise the equalising colour after an unequal number of whites and blacks (5.6, and 5.5's "one
/// more only"); otherwise the alternate colour (5.1). None before the first game played.
pub fn due_colour(p: &PlayerState) -> Option<Colour> {
    let last = p.colours.last().copied()?;
    match (
        colour_allowed(p, Colour::White),
        colour_allowed(p, Colour::Black),
    ) {
        (true, false) => return Some(Colour::White),
        (false, true) => return Some(Colour::Black),
        _ => {}
    }
    Some(match p.colour_difference.cmp(&0) {
        Ordering::Greater => Colour::Black,
        Ordering::Less => Colour::White,
        Ordering::Equal => last.opposite(),
    })
}

/// 5.2: both players can be given the colour they are due (they are due different colours, or one of
/// them is due none).
pub fn colours_fit(ctx: &Context<'_>, a: usize, b: usize) -> bool {
    match (due_colour(ctx.player(a)), due_colour(ctx.player(b))) {
        (Some(x), Some(y)) => x != y,
        _ => true,
    }
}

/// 5.2, 5.7: the second scrutiny. A row whose players are due the same colour exchanges its opponent
/// (the second player of the row, in scrutiny order) with the opponent of a row below it, the nearest
/// first, when both new pairs are compatible, the row's colours then fit and the other row's fit if they
/// did before. In a maxi-tournament the two opponents exchanged must be rated within 100 points of each
/// other (5.7). (An exchange with a row above would have been found when that row was scrutinised.)
pub fn second_scrutiny(ctx: &Context<'_>, rows: &mut [(usize, usize)], judge: &impl Scrutiny) {
    for r in 0..rows.len() {
        let (a, b) = rows[r];
        if colours_fit(ctx, a, b) {
            continue;
        }
        for s in r + 1..rows.len() {
            let (c, d) = rows[s];
            let improves = ctx.within_rating_limit(b, d)
                && judge.compatible(a, d)
                && judge.compatible(c, b)
                && colours_fit(ctx, a, d)
                && (colours_fit(ctx, c, b) || !colours_fit(ctx, c, d));
            if improves {
                rows[r] = (a, d);
                rows[s] = (c, b);
                break;
            }
        }
    }
}

/// The colours of a pair (5.3–5.6; 7.2 when neither player has played yet).
pub fn allocate(ctx: &Context<'_>, pair: &Pair) -> Game {
    let (a, b) = pair.players;
    let white = if colour_of_first(ctx, a, b, pair.at_or_above_median) == Colour::White {
        a
    } else {
        b
    };
    Game {
        white,
        black: if white == a { b } else { a },
    }
}

/// The colour `a` receives against `b`.
fn colour_of_first(ctx: &Context<'_>, a: usize, b: usize, at_or_above_median: bool) -> Colour {
    let (pa, pb) = (ctx.player(a), ctx.player(b));
    // 5.1 a/b, 5.3: when only one allocation keeps the limits, it is the one.
    let a_white = colour_allowed(pa, Colour::White) && colour_allowed(pb, Colour::Black);
    let a_black = colour_allowed(pa, Colour::Black) && colour_allowed(pb, Colour::White);
    if a_white != a_black {
        return if a_white {
            Colour::White
        } else {
            Colour::Black
        };
    }
    let due = match (due_colour(pa), due_colour(pb)) {
        (Some(x), Some(y)) if x != y => return x,
        (Some(x), None) => return x,
        (None, Some(y)) => return y.opposite(),
        (None, None) => return round_one_colour(ctx, a, b),
        (Some(x), Some(_)) => x,
    };
    // Both are due the same colour: who receives it?
    if first_receives_due_colour(ctx, a, b, at_or_above_median) {
        due
    } else {
        due.opposite()
    }
}

/// 5.4, 5.6: of two players due the same colour, does `a` receive it?
fn first_receives_due_colour(
    ctx: &Context<'_>,
    a: usize,
    b: usize,
    at_or_above_median: bool,
) -> bool {
    let (pa, pb) = (ctx.player(a), ctx.player(b));
    let Some(due) = due_colour(pa) else {
        return false;
    };
    // 5.5, 5.6: the colour goes to the player whose colours it equalises more.
    let (da, db) = (pa.colour_difference.abs(), pb.colour_difference.abs());
    if da != db {
        return da > db;
    }
    // 5.4: the colour histories, going back: in the latest round in which they differ, each player had
    // one colour; each now receives the other one.
    for (x, y) in pa.colours.iter().rev().zip(pb.colours.iter().rev()) {
        if x != y {
            return x.opposite() == due;
        }
    }
    // 5.4: identical histories: the higher ranked player at or above the median, the lower ranked below.
    ctx.ranks_higher(a, b) == at_or_above_median
}

/// 7.2: the higher ranked player of the pair receives the drawn colour (the initial colour) when his
/// pairing number is odd, the other colour when it is even.
fn round_one_colour(ctx: &Context<'_>, a: usize, b: usize) -> Colour {
    let higher = if ctx.ranks_higher(a, b) { a } else { b };
    let colour = if ctx.pairing_number(higher) % 2 == 1 {
        ctx.state.initial_colour
    } else {
        ctx.state.initial_colour.opposite()
    };
    if higher == a {
        colour
    } else {
        colour.opposite()
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::Trf;
    use super::*;
    use crate::state::RoundState;
    use crate::tournament::Tournament;
    use Colour::{Black as B, White as W};

    /// Six players, three rounds (white first): 1 v 4, 5 v 2, 3 v 6; 5 v 1, 2 v 6, 4 v 3; 6 v 1, 4 v 2,
    /// 3 v 5; all drawn. Colours: 1 W B B, 2 B W B, 3 W B W, 4 B W W, 5 W W B, 6 B B W.
    fn six_after_three_rounds() -> Tournament {
        Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900])
            .round(&[(1, 4, '='), (5, 2, '='), (3, 6, '=')], &[])
            .round(&[(5, 1, '='), (2, 6, '='), (4, 3, '=')], &[])
            .round(&[(6, 1, '='), (4, 2, '='), (3, 5, '=')], &[])
            .line("XXR 5")
            .build()
    }

    fn colour(ctx: &Context<'_>, a: usize, b: usize, above: bool) -> Colour {
        let pair = Pair {
            players: (a, b),
            at_or_above_median: above,
        };
        let game = allocate(ctx, &pair);
        if game.white == a {
            W
        } else {
            B
        }
    }

    /// 5.1, 5.5, 5.6: the due colour. 4 (B W W) must have black (5.1 a); 5 (W W B) is due the
    /// equalising black, not the alternate white (5.6).
    #[test]
    fn art5_due_colours() {
        let t = six_after_three_rounds();
        let state = RoundState::new(&t);
        let due: Vec<Option<Colour>> = state.players.iter().map(due_colour).collect();
        assert_eq!(
            due,
            vec![Some(W), Some(W), Some(B), Some(B), Some(B), Some(W)]
        );
    }

    /// 5.4: both due white, both had black last: going back, 1 had black where 2 had white, so 1 gets
    /// white now. 3 (W B W) and 5 (W W B), both due black, differ in the last round: 3 had white, so he
    /// gets black.
    #[test]
    fn art5_4_colour_histories_decide() {
        let t = six_after_three_rounds();
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        assert_eq!(colour(&ctx, 0, 1, true), W);
        assert_eq!(colour(&ctx, 1, 0, true), B);
        assert_eq!(colour(&ctx, 2, 4, true), B);
    }

    /// 5.6 before 5.4: 1 (W B, even) and 2 (a bye, then B), both due white: white equalises 2's colours,
    /// so 2 gets it. 3 (B W) and 5 (B W) have identical histories: at or above the median the higher
    /// ranked (3) gets the due colour (black), below it the lower ranked (5).
    #[test]
    fn art5_6_equalising_first_then_5_4_rank() {
        let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900])
            .round(&[(1, 3, '='), (4, 5, '=')], &[(2, 'H'), (6, 'H')])
            .round(&[(4, 1, '='), (5, 2, '='), (3, 6, '=')], &[])
            .line("XXR 5")
            .build();
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        assert_eq!(colour(&ctx, 0, 1, true), B);
        assert_eq!(colour(&ctx, 2, 4, true), B);
        assert_eq!(colour(&ctx, 2, 4, false), W);
    }

    /// 5.3: when one player had the same colour twice, he must have the other one, whatever else
    /// applies: 4 (B W W) gets black against 6 (B B W), who is due white anyway, and against 1 (due
    /// white too).
    #[test]
    fn art5_3_the_alternating_colour_is_compulsory() {
        let t = six_after_three_rounds();
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        assert_eq!(colour(&ctx, 3, 5, true), B);
        assert_eq!(colour(&ctx, 0, 3, true), W);
    }
}
