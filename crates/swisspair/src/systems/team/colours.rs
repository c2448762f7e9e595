//! C.04.6 4: the colours of a pair.

use std::cmp::Reverse;

use super::context::Context;
use super::standing::Standing;
use crate::tournament::team::ColourMode;
use crate::tournament::Colour;

/// The colour the first-team receives, and (white, black) as indices.
pub fn allocate(
    ctx: &Context,
    secondary_for_colours: bool,
    initial: Colour,
    a: usize,
    b: usize,
) -> (usize, usize) {
    let (Some(sa), Some(sb)) = (ctx.standings.get(a), ctx.standings.get(b)) else {
        return (a, b);
    };
    // 4.2: the first-team: higher primary score, higher secondary score (unless not used), smaller TPN.
    let key = |s: &Standing| {
        (
            s.score,
            if secondary_for_colours {
                s.secondary
            } else {
                crate::score::Score::ZERO
            },
            Reverse(s.tpn),
        )
    };
    let (first, other, fi, oi) = if key(sa) >= key(sb) {
        (sa, sb, a, b)
    } else {
        (sb, sa, b, a)
    };
    let colour = first_team_colour(ctx.colours, initial, first, other);
    if colour == Colour::White {
        (fi, oi)
    } else {
        (oi, fi)
    }
}

/// 4.3, in its order.
fn first_team_colour(
    mode: ColourMode,
    initial: Colour,
    first: &Standing,
    other: &Standing,
) -> Colour {
    // 4.3.1: both teams have yet to play a match.
    if first.colours.is_empty() && other.colours.is_empty() {
        return if first.tpn % 2 == 1 {
            initial
        } else {
            initial.opposite()
        };
    }
    let (pf, po) = (first.preference, other.preference);
    match (pf, po) {
        // 4.3.2: only one team has a preference.
        (Some(p), None) => return p.colour,
        (None, Some(p)) => return p.colour.opposite(),
        // 4.3.3: opposite preferences.
        (Some(p), Some(q)) if p.colour != q.colour => return p.colour,
        // 4.3.4 (Type B): only one strong preference.
        (Some(p), Some(q)) if mode == ColourMode::TypeB && p.strong != q.strong => {
            return if p.strong {
                p.colour
            } else {
                q.colour.opposite()
            };
        }
        _ => {}
    }
    // 4.3.5: White to the lower colour difference.
    if first.cd != other.cd {
        return if first.cd < other.cd {
            Colour::White
        } else {
            Colour::Black
        };
    }
    // 4.3.6: alternate to the most recent time one had White and the other Black (the histories
    // aligned on the matches played, C.04.2).
    for (f, o) in first.colours.iter().rev().zip(other.colours.iter().rev()) {
        if f != o {
            return f.opposite();
        }
    }
    // 4.3.7: the first-team's preference.
    if let Some(p) = pf {
        return p.colour;
    }
    // 4.3.8, 4.3.9: alternate the first-team's, else the other team's, last colour.
    if let Some(c) = first.colours.last() {
        return c.opposite();
    }
    if let Some(c) = other.colours.last() {
        return *c;
    }
    if first.tpn % 2 == 1 {
        initial
    } else {
        initial.opposite()
    }
}
