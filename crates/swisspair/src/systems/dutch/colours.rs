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

/// The rule of section E (2026: 5.2) that decided a pair's colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourRule {
    /// E.1 / 5.2.1: both colour preferences granted.
    BothPreferences,
    /// E.2 / 5.2.2: the stronger colour preference granted.
    StrongerPreference,
    /// E.2 / 5.2.2: both absolute (topscorers): the wider colour difference granted.
    WiderDifference,
    /// E.3 / 5.2.3: colours alternated to the most recent round in which they differed.
    Alternation,
    /// E.4 / 5.2.4: the higher-ranked player's colour preference granted.
    HigherRankedPreference,
    /// E.5 / 5.2.5: the higher-ranked player's pairing number and the initial colour.
    PairingNumber,
}

impl ColourRule {
    /// The article, in the numbering of the edition (`since_2026`).
    pub fn article(self, since_2026: bool) -> &'static str {
        match (self, since_2026) {
            (ColourRule::BothPreferences, false) => "E.1",
            (ColourRule::BothPreferences, true) => "5.2.1",
            (ColourRule::StrongerPreference | ColourRule::WiderDifference, false) => "E.2",
            (ColourRule::StrongerPreference | ColourRule::WiderDifference, true) => "5.2.2",
            (ColourRule::Alternation, false) => "E.3",
            (ColourRule::Alternation, true) => "5.2.3",
            (ColourRule::HigherRankedPreference, false) => "E.4",
            (ColourRule::HigherRankedPreference, true) => "5.2.4",
            (ColourRule::PairingNumber, false) => "E.5",
            (ColourRule::PairingNumber, true) => "5.2.5",
        }
    }

    /// What the rule did, in a sentence.
    pub fn text(self) -> &'static str {
        match self {
            ColourRule::BothPreferences => "both colour preferences are granted",
            ColourRule::StrongerPreference => {
                "both prefer the same colour: the stronger preference is granted"
            }
            ColourRule::WiderDifference => {
                "both have an absolute preference for the same colour: the wider colour difference is granted"
            }
            ColourRule::Alternation => {
                "colours alternate from the most recent round in which the two had different colours"
            }
            ColourRule::HigherRankedPreference => {
                "the higher-ranked player's colour preference is granted"
            }
            ColourRule::PairingNumber => {
                "no preference or history decides: the higher-ranked player gets the initial colour with an odd pairing number, the other colour with an even one"
            }
        }
    }
}

/// The colour the higher-ranked player `higher` receives against `lower` (E.1–E.5).
pub fn colour_of_higher(higher: Side<'_>, lower: Side<'_>, initial_colour: Colour) -> Colour {
    allocate(higher, lower, initial_colour).0
}

/// The colour the higher-ranked player `higher` receives against `lower`, and the rule of E.1–E.5
/// that gave it.
pub fn allocate(higher: Side<'_>, lower: Side<'_>, initial_colour: Colour) -> (Colour, ColourRule) {
    let (h, l) = (&higher.state.preference, &lower.state.preference);
    match (h.colour, l.colour) {
        // E.1: grant both colour preferences.
        (Some(ch), Some(cl)) if ch != cl => return (ch, ColourRule::BothPreferences),
        (Some(ch), None) => return (ch, ColourRule::BothPreferences),
        (None, Some(cl)) => return (cl.opposite(), ColourRule::BothPreferences),
        (Some(c), Some(_)) => {
            // Both want the same colour. E.2: grant the stronger colour preference; if both are absolute
            // (topscorers, A.7) grant the wider colour difference.
            if h.strength != l.strength {
                let colour = if h.strength > l.strength {
                    c
                } else {
                    c.opposite()
                };
                return (colour, ColourRule::StrongerPreference);
            }
            if h.strength == Strength::Absolute {
                let (dh, dl) = (
                    higher.state.colour_difference.abs(),
                    lower.state.colour_difference.abs(),
                );
                if dh != dl {
                    let colour = if dh > dl { c } else { c.opposite() };
                    return (colour, ColourRule::WiderDifference);
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
            return (a.opposite(), ColourRule::Alternation);
        }
    }
    // E.4: grant the colour preference of the higher ranked player.
    if let Some(c) = h.colour {
        return (c, ColourRule::HigherRankedPreference);
    }
    // E.5: odd pairing number → the initial colour, otherwise the opposite.
    let colour = if higher.pairing_number % 2 == 1 {
        initial_colour
    } else {
        initial_colour.opposite()
    };
    (colour, ColourRule::PairingNumber)
}
