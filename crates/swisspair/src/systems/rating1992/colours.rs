//! Section E: the colours of a pair, E.1–E.5 in descending priority, among the colourings that B.2 (an
//! absolute criterion) allows.

use super::players::Ctx;
use crate::pairing::Game;
use crate::tournament::Colour;

/// The game of `a` and `b` with its colours.
pub fn game(ctx: &Ctx, a: usize, b: usize) -> Game {
    let (higher, lower) = if ctx.rank_of(a) <= ctx.rank_of(b) {
        (a, b)
    } else {
        (b, a)
    };
    match colour_of_higher(ctx, higher, lower) {
        Colour::White => Game {
            white: higher,
            black: lower,
        },
        Colour::Black => Game {
            white: lower,
            black: higher,
        },
    }
}

/// The colour the higher-ranked player `h` receives against `l`.
pub fn colour_of_higher(ctx: &Ctx, h: usize, l: usize) -> Colour {
    let colour = by_rules(ctx, h, l);
    // B.2 is absolute: E chooses among the colourings it allows. For players it binds, an absolute
    // preference is the only colour allowed and E.1/E.2 grant it already; this only guards the case.
    let fits = |c: Colour| ctx.player(h).may_receive(c) && ctx.player(l).may_receive(c.opposite());
    if !fits(colour) && fits(colour.opposite()) {
        colour.opposite()
    } else {
        colour
    }
}

/// E.1–E.5 as written.
fn by_rules(ctx: &Ctx, h: usize, l: usize) -> Colour {
    let (ph, pl) = (ctx.player(h), ctx.player(l));
    let (wh, wl) = (ph.preference, pl.preference);
    match (wh.colour, wl.colour) {
        // E.1: grant both colour preferences (a player without one is content with either colour).
        (Some(ch), Some(cl)) if ch != cl => return ch,
        (Some(ch), None) => return ch,
        (None, Some(cl)) => return cl.opposite(),
        // E.2: grant the stronger colour preference.
        (Some(c), Some(_)) if wh.strength != wl.strength => {
            return if wh.strength > wl.strength {
                c
            } else {
                c.opposite()
            };
        }
        _ => {}
    }
    // E.3: alternate the colours to the most recent round in which they played with different colours;
    // F.3: rounds without a game played are left out, the histories aligned on their latest games.
    for (a, b) in ph.colours.iter().rev().zip(pl.colours.iter().rev()) {
        if a != b {
            return a.opposite();
        }
    }
    // E.4: grant the colour preference of the higher ranked player.
    if let Some(c) = wh.colour {
        return c;
    }
    // E.5: in the first round the players of S1 alternate: the odd-numbered get the colour drawn by lot
    // for the first player (A.7), the even-numbered the other. Numbers are positions in this round's
    // A.2 order, so colours alternate from board to board; later rounds reaching E.5 (two players
    // without any game played) use the same rule.
    if ctx.rank_of(h) & 1 == 0 {
        ctx.initial_colour
    } else {
        ctx.initial_colour.opposite()
    }
}
