//! C.04.6 4: the colours of a pair.

use std::cmp::Reverse;

use super::context::Context;
use super::standing::Standing;
use crate::tournament::team::ColourMode;
use crate::tournament::Colour;

/// The rule of 4.3 that decided a pair's colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// 4.3.1: both teams have yet to play; the first-team's TPN parity.
    Initial,
    /// 4.3.2: only one team has a colour preference.
    OnePreference,
    /// 4.3.3: opposite colour preferences.
    OppositePreferences,
    /// 4.3.4 (Type B): only one strong colour preference.
    OneStrong,
    /// 4.3.5: White to the lower colour difference.
    LowerDifference,
    /// 4.3.6: alternate to the most recent time the two had different colours.
    Alternate,
    /// 4.3.7: the first-team's colour preference.
    FirstPreference,
    /// 4.3.8: alternate the first-team's last colour.
    FirstLast,
    /// 4.3.9: alternate the other team's last colour.
    OtherLast,
}

impl Rule {
    /// The article.
    pub fn article(self) -> &'static str {
        match self {
            Rule::Initial => "4.3.1",
            Rule::OnePreference => "4.3.2",
            Rule::OppositePreferences => "4.3.3",
            Rule::OneStrong => "4.3.4",
            Rule::LowerDifference => "4.3.5",
            Rule::Alternate => "4.3.6",
            Rule::FirstPreference => "4.3.7",
            Rule::FirstLast => "4.3.8",
            Rule::OtherLast => "4.3.9",
        }
    }
}

/// A pair's colours: (white, black) as indices, the first-team (4.2) and the rule of 4.3 that decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Allocation {
    pub white: usize,
    pub black: usize,
    pub first: usize,
    pub rule: Rule,
}

/// The colours of the pair `a`, `b` (4.2, 4.3).
pub fn allocate(
    ctx: &Context,
    secondary_for_colours: bool,
    initial: Colour,
    a: usize,
    b: usize,
) -> Allocation {
    let (Some(sa), Some(sb)) = (ctx.standings.get(a), ctx.standings.get(b)) else {
        return Allocation {
            white: a,
            black: b,
            first: a,
            rule: Rule::Initial,
        };
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
    let (colour, rule) = first_team_colour(ctx.colours, initial, first, other);
    let (white, black) = if colour == Colour::White {
        (fi, oi)
    } else {
        (oi, fi)
    };
    Allocation {
        white,
        black,
        first: fi,
        rule,
    }
}

/// 4.3, in its order: the first-team's colour and the rule that gave it.
fn first_team_colour(
    mode: ColourMode,
    initial: Colour,
    first: &Standing,
    other: &Standing,
) -> (Colour, Rule) {
    let by_parity = if first.tpn % 2 == 1 {
        initial
    } else {
        initial.opposite()
    };
    // 4.3.1: both teams have yet to play a match.
    if first.colours.is_empty() && other.colours.is_empty() {
        return (by_parity, Rule::Initial);
    }
    let (pf, po) = (first.preference, other.preference);
    match (pf, po) {
        // 4.3.2: only one team has a preference.
        (Some(p), None) => return (p.colour, Rule::OnePreference),
        (None, Some(p)) => return (p.colour.opposite(), Rule::OnePreference),
        // 4.3.3: opposite preferences.
        (Some(p), Some(q)) if p.colour != q.colour => return (p.colour, Rule::OppositePreferences),
        // 4.3.4 (Type B): only one strong preference.
        (Some(p), Some(q)) if mode == ColourMode::TypeB && p.strong != q.strong => {
            let colour = if p.strong {
                p.colour
            } else {
                q.colour.opposite()
            };
            return (colour, Rule::OneStrong);
        }
        _ => {}
    }
    // 4.3.5: White to the lower colour difference.
    if first.cd != other.cd {
        let colour = if first.cd < other.cd {
            Colour::White
        } else {
            Colour::Black
        };
        return (colour, Rule::LowerDifference);
    }
    // 4.3.6: alternate to the most recent time one had White and the other Black (the histories
    // aligned on the matches played, C.04.2).
    for (f, o) in first.colours.iter().rev().zip(other.colours.iter().rev()) {
        if f != o {
            return (f.opposite(), Rule::Alternate);
        }
    }
    // 4.3.7: the first-team's preference.
    if let Some(p) = pf {
        return (p.colour, Rule::FirstPreference);
    }
    // 4.3.8, 4.3.9: alternate the first-team's, else the other team's, last colour.
    if let Some(c) = first.colours.last() {
        return (c.opposite(), Rule::FirstLast);
    }
    if let Some(c) = other.colours.last() {
        return (*c, Rule::OtherLast);
    }
    (by_parity, Rule::Initial)
}
