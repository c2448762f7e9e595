//! 6.2's two colour subgroups and their balance by 7.3 and 7.4, within 2.6.

use super::context::Context;
use super::journal::Balance;
use super::order::black_order;
use crate::sorting::sort_by_key;
use crate::tournament::Colour;
use std::cmp::Reverse;

/// The colour subgroups of 6.2: the players due white, and those due black (a player whom 2.3/2.4 forbid
/// his due colour is in the subgroup of the colour he must get: 2.6). Players without a due colour (no
/// game played yet) are not named by the text; they go one by one, the highest R first, to the smaller
/// subgroup, the black one when both are equal (a choice). Reasons: it balances the subgroups before
/// 7.3/7.4 have to move anybody; on a tie, the subgroups being "the players who should play with the
/// white [black] pieces", the higher rated of two such players is the one who should play black — between
/// two players with no game played chapter 3 reaches only its last rules, equal ARO and "white to the
/// player with the lower R". The weaker, with ARO 0, heads the white column, against the strongest black,
/// as the preface's aim asks for a player who has met nobody yet.
pub fn split(ctx: &Context<'_>, players: &[usize]) -> (Vec<usize>, Vec<usize>) {
    let mut whites = Vec::new();
    let mut blacks = Vec::new();
    let mut undecided = Vec::new();
    for &v in players {
        match ctx.entrant(v).side() {
            Some(Colour::White) => whites.push(v),
            Some(Colour::Black) => blacks.push(v),
            None => undecided.push(v),
        }
    }
    black_order(ctx, &mut undecided);
    for v in undecided {
        if whites.len() < blacks.len() {
            whites.push(v);
        } else {
            blacks.push(v);
        }
    }
    (whites, blacks)
}

/// 7.3: n surplus whites with the lowest ARO (then the higher R, then alphabetically: the first of the
/// alphabetical list, its "upper half") move to the blacks; 7.4: n surplus blacks with the highest ARO
/// (then the lower R, then alphabetically) move to the whites. 2.6: nobody moves whom 2.3/2.4 forbid the
/// other colour; when too few may move, the subgroups stay unequal and 6.3 pairs the surplus among
/// themselves. A moved player belongs to his new subgroup: he takes its place in the columns of 6.2 and
/// is due its colour (chapter 3's first rule gives it to him). The text leaves no room here: the moves are
/// made "to meet the requirement of chapter 6" (6.1: as many players due white as due black), 6.2's
/// subgroups are "the players who should play with the white [black] pieces", and 2.6 forbids a move
/// that "would violate 2.3 or 2.4" — a limit on colours, which a move binds only if it decides the
/// colour. Returns who moved (none when the subgroups were equal).
pub fn balance(
    ctx: &Context<'_>,
    whites: &mut Vec<usize>,
    blacks: &mut Vec<usize>,
) -> Option<Balance> {
    if whites.len() > blacks.len() {
        let n = (whites.len() - blacks.len()) / 2;
        sort_by_key(whites, |&v| {
            let e = ctx.entrant(v);
            (e.aro, Reverse(e.rating), e.alphabetical())
        });
        Some(move_first(ctx, whites, blacks, n, Colour::Black))
    } else if blacks.len() > whites.len() {
        let n = (blacks.len() - whites.len()) / 2;
        sort_by_key(blacks, |&v| {
            let e = ctx.entrant(v);
            (Reverse(e.aro), e.rating, e.alphabetical())
        });
        Some(move_first(ctx, blacks, whites, n, Colour::White))
    } else {
        None
    }
}

/// Moves the first `n` players of `from` that may receive `colour` to `to`.
fn move_first(
    ctx: &Context<'_>,
    from: &mut Vec<usize>,
    to: &mut Vec<usize>,
    n: usize,
    colour: Colour,
) -> Balance {
    let mut moved = Vec::with_capacity(n);
    let mut kept = Vec::new();
    for &v in from.iter() {
        if moved.len() == n {
            break;
        }
        if ctx.entrant(v).may(colour) {
            moved.push(v);
        } else {
            kept.push(v);
        }
    }
    from.retain(|v| !moved.contains(v));
    to.extend(&moved);
    Balance {
        from: colour.opposite(),
        moved,
        kept,
    }
}
