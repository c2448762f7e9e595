//! Section E: colour allocation rules, applied to each pair in descending priority.

use crate::state::{PlayerState, Strength};
use crate::tournament::Colour;

/// One side of a pair as the colour rules see it.
#[derive(Clone, Copy, Debug)]
pub struct Side<'a> {
    pub state: &'a PlayerState,
    /// The player's pairing number for E.5 (see [`super::Ranking`]).
    pub pairing_number: u32,
}

/// The colour the higher-ranked player `higher` receives against `lower` (E.1–E.5).
pub fn colour_of_higher(higher: Side<'_>, lower: Side<'_>, initial_colour: Colour) -> Colour {
    let (h, l) = (&higher.state.preference, &lower.state.preference);
    match (h.colour, l.colour) {
        // E.1: grant both colour preferences.
        (Some(ch), Some(cl)) if ch != cl => return ch,
        (Some(ch), None) => return ch,
        (None, Some(cl)) => return cl.opposite(),
        (Some(c), Some(_)) => {
            // Both want the same colour. E.2: grant the stronger colour preference; if both are absolute
            // (topscorers, A.7) grant the wider colour difference.
            if h.strength != l.strength {
                return if h.strength > l.strength {
                    c
                } else {
                    c.opposite()
                };
            }
            if h.strength == Strength::Absolute {
                let (dh, dl) = (
                    higher.state.colour_difference.abs(),
                    lower.state.colour_difference.abs(),
                );
                if dh != dl {
                    return if dh > dl { c } else { c.opposite() };
                }
            }
        }
        (None, None) => {}
    }
    // E.3: alternate the colours to the most recent time in which one player had white and the other
    // black; unplayed rounds do not count (C.04.2.D.5: histories are aligned on the latest game played).
    let (ch, cl) = (&higher.state.colours, &lower.state.colours);
    for (a, b) in ch.iter().rev().zip(cl.iter().rev()) {
        if a != b {
            return a.opposite();
        }
    }
    // E.4: grant the colour preference of the higher ranked player.
    if let Some(c) = h.colour {
        return c;
    }
    // E.5: odd pairing number → the initial colour, otherwise the opposite.
    if higher.pairing_number % 2 == 1 {
        initial_colour
    } else {
        initial_colour.opposite()
    }
}
