//! Chapter 3: colour allocation, within the limits of 2.3 and 2.4.

use super::entrant::Entrant;
use crate::tournament::Colour;
use std::cmp::Ordering;

/// The colour `a` receives against `b` ([`allocate`] without its rule).
#[cfg(test)]
pub fn colour_of(a: &Entrant, a_colours: &[Colour], b: &Entrant, b_colours: &[Colour]) -> Colour {
    allocate(a, a_colours, b, b_colours).0
}

/// The rule of chapter 3 (or the limit of 2.3/2.4) that decided the colours of a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// 2.3/2.4: only one way round keeps both players within the limits.
    Limits,
    /// 3, first rule: both players get their due colour (or the one who has a due colour gets it).
    Due,
    /// 3, second rule: of two players due the same colour, the one further from equal numbers gets it.
    Equalise,
    /// 3, third rule: alternate against the latest game in which the two had different colours.
    Alternate,
    /// 3, fourth rule: white to the higher ARO.
    HigherAro,
    /// 3, fifth rule: white to the lower R.
    LowerRating,
    /// Beyond the text: the lower starting number gets his due colour (white without one).
    StartNumber,
}

impl Rule {
    /// The article: chapter 3's five rules are not numbered in the text; they are cited as 3.1–3.5 in
    /// the order written.
    pub fn article(self) -> &'static str {
        match self {
            Rule::Limits => "2.3/2.4",
            Rule::Due => "3.1",
            Rule::Equalise => "3.2",
            Rule::Alternate => "3.3",
            Rule::HigherAro => "3.4",
            Rule::LowerRating => "3.5",
            Rule::StartNumber => "3",
        }
    }

    /// What the rule says.
    pub fn text(self) -> &'static str {
        match self {
            Rule::Limits => "the only allocation that keeps both players within 2.3 and 2.4",
            Rule::Due => "both players get their due colour (chapter 3, first rule)",
            Rule::Equalise => {
                "both are due the same colour: it goes to the one further from equal numbers of whites \
                 and blacks (chapter 3, second rule)"
            }
            Rule::Alternate => {
                "colours alternate against the latest game in which the two had different colours \
                 (chapter 3, third rule)"
            }
            Rule::HigherAro => "white to the player with the higher ARO (chapter 3, fourth rule)",
            Rule::LowerRating => "white to the player with the lower R (chapter 3, fifth rule)",
            Rule::StartNumber => {
                "the five rules leave it open: the lower starting number gets his due colour, white \
                 without one (a choice beyond the text)"
            }
        }
    }
}

/// The colour `a` receives against `b`, and the rule that decided it. The pair is legal, so at least one
/// way round keeps 2.3 and 2.4; when only one does, it is taken. Otherwise chapter 3, with descending
/// priority:
/// 1. both players get their due colour;
/// 2. equalise the numbers of whites and blacks: of two players due the same colour, the one further
///    from equal numbers gets it;
/// 3. alternate against the latest game, going back, in which the two had different colours (games
///    played only, histories aligned on the latest game, as C.04.2 removes unplayed rounds);
/// 4. white to the higher ARO;
/// 5. white to the lower R.
///
/// This decides every pair (6.3's last sentence: "the colours of the pairings are assigned due to the
/// colour allocation rules"): the subgroup a player was placed in by 6.2 or moved to by 7.3/7.4 does not
/// give him its colour — a white moved to the blacks who meets a white is given his colour here — and
/// two whites (or two blacks) that 6.3 pairs with each other are decided the same way.
///
/// The text stops there. When everything is equal, the player with the lower starting number gets his
/// due colour, or white when neither has one (a choice: the initial ranking decides, as everywhere in
/// the FIDE systems).
pub fn allocate(
    a: &Entrant,
    a_colours: &[Colour],
    b: &Entrant,
    b_colours: &[Colour],
) -> (Colour, Rule) {
    let a_white = a.may_white && b.may_black;
    let a_black = a.may_black && b.may_white;
    if a_white != a_black {
        let colour = if a_white {
            Colour::White
        } else {
            Colour::Black
        };
        return (colour, Rule::Limits);
    }
    if let Some(found) = due_colours(a, b) {
        return found;
    }
    let decided = alternate(a_colours, b_colours)
        .map(|c| (c, Rule::Alternate))
        .or_else(|| higher_aro_white(a, b).map(|c| (c, Rule::HigherAro)))
        .or_else(|| lower_rating_white(a, b).map(|c| (c, Rule::LowerRating)));
    decided.unwrap_or_else(|| {
        let a_first = a.start_number <= b.start_number;
        let first = if a_first { a } else { b };
        let colour_of_first = first.due.unwrap_or(Colour::White);
        let colour = if a_first {
            colour_of_first
        } else {
            colour_of_first.opposite()
        };
        (colour, Rule::StartNumber)
    })
}

/// Rules 1 and 2.
fn due_colours(a: &Entrant, b: &Entrant) -> Option<(Colour, Rule)> {
    match (a.due, b.due) {
        (Some(x), Some(y)) if x != y => Some((x, Rule::Due)),
        (Some(x), None) => Some((x, Rule::Due)),
        (None, Some(y)) => Some((y.opposite(), Rule::Due)),
        (Some(x), Some(_)) => match a.colour_difference.abs().cmp(&b.colour_difference.abs()) {
            Ordering::Greater => Some((x, Rule::Equalise)),
            Ordering::Less => Some((x.opposite(), Rule::Equalise)),
            Ordering::Equal => None,
        },
        (None, None) => None,
    }
}

/// Rule 3.
fn alternate(a_colours: &[Colour], b_colours: &[Colour]) -> Option<Colour> {
    a_colours
        .iter()
        .rev()
        .zip(b_colours.iter().rev())
        .find(|(x, y)| x != y)
        .map(|(x, _)| x.opposite())
}

/// Rule 4.
fn higher_aro_white(a: &Entrant, b: &Entrant) -> Option<Colour> {
    match a.aro.cmp(&b.aro) {
        Ordering::Greater => Some(Colour::White),
        Ordering::Less => Some(Colour::Black),
        Ordering::Equal => None,
    }
}

/// Rule 5.
fn lower_rating_white(a: &Entrant, b: &Entrant) -> Option<Colour> {
    match a.rating.cmp(&b.rating) {
        Ordering::Less => Some(Colour::White),
        Ordering::Greater => Some(Colour::Black),
        Ordering::Equal => None,
    }
}
