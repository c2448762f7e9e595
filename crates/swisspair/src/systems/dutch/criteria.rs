//! Section C: the absolute criteria (C.1–C.3) and what each pair or downfloater contributes to the quality
//! criteria C.8–C.19.

use super::colours::{colour_of_higher, Side};
use crate::score::Score;
use crate::state::{Float, PlayerState, RoundState, Strength};
use crate::tournament::{Colour, Tournament};

/// C.1–C.3 (and the forbidden pairs of the file): may `a` and `b` meet this round?
pub fn compatible(t: &Tournament, state: &RoundState, a: &PlayerState, b: &PlayerState) -> bool {
    // C.1: two players shall not play against each other more than once.
    if a.has_met(b.player) {
        return false;
    }
    // XXP / 260: forbidden pairs.
    if t.is_forbidden(a.player, b.player, state.round) {
        return false;
    }
    // C.3: non-topscorers with the same absolute colour preference shall not meet.
    let (pa, pb) = (&a.preference, &b.preference);
    !(pa.strength == Strength::Absolute
        && pb.strength == Strength::Absolute
        && pa.colour == pb.colour
        && !a.topscorer
        && !b.topscorer)
}

/// What a pair contributes to the colour criteria (2017 C.8–C.11, 2026 C10–C13).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ColourCounts {
    /// 2017 C.8, 2026 C10: topscorers or their opponents who get a colour difference beyond ±2.
    pub topscorer_difference: u32,
    /// 2017 C.9, 2026 C11: topscorers or their opponents who get the same colour three times in a row.
    pub topscorer_repeat: u32,
    /// 2017 C.10, 2026 C12: players who do not get their colour preference.
    pub preference: u32,
    /// 2017 C.11, 2026 C13: players who do not get their strong (or absolute) colour preference.
    pub strong_preference: u32,
}

/// The colour criteria for the pair `higher` (higher ranked) – `lower`, with the colours E would give.
pub fn colour_counts(higher: Side<'_>, lower: Side<'_>, initial: Colour) -> ColourCounts {
    let (h, l) = (higher.state, lower.state);
    let mut counts = ColourCounts::default();
    if let (Some(ch), Some(cl)) = (h.preference.colour, l.preference.colour) {
        if ch == cl {
            // One of the two does not get the colour wanted (C.10); E.2 gives it to the stronger, so the
            // loser's preference is strong when both are at least strong (C.11).
            counts.preference = 1;
            if h.preference.strength.min(l.preference.strength) >= Strength::Strong {
                counts.strong_preference = 1;
            }
        }
    }
    if h.topscorer || l.topscorer {
        let colour_h = colour_of_higher(higher, lower, initial);
        for (p, c) in [(h, colour_h), (l, colour_h.opposite())] {
            let difference = p.colour_difference + if c == Colour::White { 1 } else { -1 };
            // C.8: "gets" a colour difference beyond ±2 — a player already beyond it who gets the colour
            // he wants moves back towards zero and is not counted (as the reference engine reads it).
            if difference.abs() > 2 && difference.abs() > p.colour_difference.abs() {
                counts.topscorer_difference += 1;
            }
            // C.9 (2026 C11): every topscorer or opponent who gets the colour of his last two games,
            // also when his colour difference asks for it (A.6.a puts the difference first). The
            // reference engines count it only when two players with the same absolute preference meet;
            // see `tests/dutch_topscorer_repeat.rs`.
            let n = p.colours.len();
            if n >= 2 && p.colours[n - 1] == c && p.colours[n - 2] == c {
                counts.topscorer_repeat += 1;
            }
        }
    }
    counts
}

/// Which float a player receives from the pairing of a bracket (A.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Receives {
    Down,
    Up,
}

/// What one player's float contributes to C.12–C.19: counts of repeated floats and, for the
/// score-difference criteria, the score difference concerned.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FloatRepeats {
    /// C.12 / C.13: the same float as in the previous round.
    pub previous: bool,
    /// C.14 / C.15: the same float as two rounds before.
    pub two_before: bool,
}

/// Does `p` receive, with `float`, the same float as one / two rounds before?
pub fn float_repeats(p: &PlayerState, float: Receives) -> FloatRepeats {
    let same = |f: Float| match float {
        Receives::Down => f == Float::Down,
        Receives::Up => f == Float::Up,
    };
    FloatRepeats {
        previous: same(p.float_back(1)),
        two_before: same(p.float_back(2)),
    }
}

/// A.8: the score difference of a pair.
pub fn pair_score_difference(a: Score, b: Score) -> Score {
    Score((a.0 - b.0).abs())
}

/// A.8: the score difference of a downfloater: its score minus an artificial value one point less than
/// the score of the lowest ranked player of the bracket.
pub fn downfloater_score_difference(
    score: Score,
    lowest_in_bracket: Score,
    one_point: Score,
) -> Score {
    score - (lowest_in_bracket - one_point)
}
