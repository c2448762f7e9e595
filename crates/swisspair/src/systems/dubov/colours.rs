//! Chapter 3: colour allocation, within the limits of 2.3 and 2.4.

use super::entrant::Entrant;
use crate::tournament::Colour;
use std::cmp::Ordering;

/// The colour `a` receives against `b`, both due the colour of article 1 ([`allocate`] without its rule).
#[cfg(test)]
pub fn colour_of(a: &Entrant, a_colours: &[Colour], b: &Entrant, b_colours: &[Colour]) -> Colour {
    let a = Seat {
        entrant: a,
        due: a.due,
        colours: a_colours,
    };
    let b = Seat {
        entrant: b,
        due: b.due,
        colours: b_colours,
    };
    allocate(a, b).0
}

/// One player of a pair as chapter 3 reads him: his values (chapter 1, 2.3/2.4), the colour he is due in
/// this round, and the colours of his games played, oldest first.
///
/// The colour he is due is article 1's, except for a player of 6.2's colour subgroups, who is due the
/// colour of his subgroup — after 7.3/7.4, the subgroup he was moved to (see
/// [`super::subgroups::balance`]).
#[derive(Clone, Copy)]
pub struct Seat<'e> {
    pub entrant: &'e Entrant,
    pub due: Option<Colour>,
    pub colours: &'e [Colour],
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
/// colour allocation rules"). "Their due colour" is the colour each player is due in this round
/// ([`Seat`]): for a player of 6.2's subgroups, the colour of his subgroup — a white moved to the blacks
/// by 7.3 is due black and gets it against a white (7.3/7.4 move players "to meet the requirement of
/// chapter 6", an equal number due each colour; 6.2 calls the subgroups "the players who should play
/// with the white/black pieces"; 2.6 forbids a move that "would violate 2.3 or 2.4", which only means
/// something if the move decides the colour). Two whites (or two blacks) that 6.3 pairs with each other
/// are decided by the rules after the first.
///
/// The text stops there. When everything is equal, the player with the lower starting number gets his
/// due colour, or white when neither has one (a choice: the initial ranking decides, as everywhere in
/// the FIDE systems).
pub fn allocate(a: Seat<'_>, b: Seat<'_>) -> (Colour, Rule) {
    let (a_colours, b_colours) = (a.colours, b.colours);
    let (a_due, b_due) = (a.due, b.due);
    let (a, b) = (a.entrant, b.entrant);
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
    if let Some(found) = due_colours(a_due, a, b_due, b) {
        return found;
    }
    let decided = alternate(a_colours, b_colours)
        .map(|c| (c, Rule::Alternate))
        .or_else(|| higher_aro_white(a, b).map(|c| (c, Rule::HigherAro)))
        .or_else(|| lower_rating_white(a, b).map(|c| (c, Rule::LowerRating)));
    decided.unwrap_or_else(|| {
        let a_first = a.start_number <= b.start_number;
        let due_of_first = if a_first { a_due } else { b_due };
        let colour_of_first = due_of_first.unwrap_or(Colour::White);
        let colour = if a_first {
            colour_of_first
        } else {
            colour_of_first.opposite()
        };
        (colour, Rule::StartNumber)
    })
}

/// Rules 1 and 2, for `a` due `a_due` and `b` due `b_due`.
fn due_colours(
    a_due: Option<Colour>,
    a: &Entrant,
    b_due: Option<Colour>,
    b: &Entrant,
) -> Option<(Colour, Rule)> {
    match (a_due, b_due) {
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
