//! The orders the text ranks players by: the two columns of 6.2, the candidates of 7.1, 7.2 and 8.2, and
//! the floaters of 8.1.

use super::context::Context;
use crate::sorting::sort_by_key;
use crate::tournament::Colour;
use std::cmp::Reverse;

/// 6.2: the "white" column: increasing ARO; the same ARO, the lower R placed higher; then alphabetically.
pub fn white_order(ctx: &Context<'_>, whites: &mut [usize]) {
    sort_by_key(whites, |&v| {
        let e = ctx.entrant(v);
        (e.aro, e.rating, e.alphabetical())
    });
}

/// 6.2: the "black" column: decreasing R; the same R, the higher ARO placed higher; then alphabetically.
pub fn black_order(ctx: &Context<'_>, blacks: &mut [usize]) {
    sort_by_key(blacks, |&v| {
        let e = ctx.entrant(v);
        (Reverse(e.rating), Reverse(e.aro), e.alphabetical())
    });
}

/// 7.1, 7.2 and 8.2: if possible the colour `wanted` (the text's first requirement), then the highest R,
/// then the lowest ARO, then alphabetically (the text stops at ARO).
pub fn by_colour_rating_aro(ctx: &Context<'_>, candidates: &mut [usize], wanted: Option<Colour>) {
    sort_by_key(candidates, |&v| {
        let e = ctx.entrant(v);
        (
            wanted.is_some() && e.side() != wanted,
            Reverse(e.rating),
            e.aro,
            e.alphabetical(),
        )
    });
}

/// 7.1, 7.2: the players to be transferred up, "from the next possible lower score group": the nearest
/// group first, each group in the order of [`by_colour_rating_aro`].
pub fn transfer_order(ctx: &Context<'_>, candidates: &mut [usize], wanted: Option<Colour>) {
    by_colour_rating_aro(ctx, candidates, wanted);
    sort_by_key(candidates, |&v| ctx.group_of(v));
}

/// 8.1: the floaters due white in the order of 6.2's whites, those due black in the order of 6.2's
/// blacks, taken alternately from the highest "white" one. Floaters without a due colour are ranked
/// with the whites (a choice: 8.1 knows only the two lists).
pub fn floater_order(ctx: &Context<'_>, floaters: &[usize]) -> Vec<usize> {
    let (mut whites, mut blacks): (Vec<usize>, Vec<usize>) = floaters
        .iter()
        .partition(|&&v| ctx.entrant(v).side() != Some(Colour::Black));
    white_order(ctx, &mut whites);
    black_order(ctx, &mut blacks);
    let mut order = Vec::with_capacity(floaters.len());
    let (mut w, mut b) = (whites.into_iter(), blacks.into_iter());
    loop {
        match (w.next(), b.next()) {
            (None, None) => break,
            (x, y) => order.extend(x.into_iter().chain(y)),
        }
    }
    order
}
