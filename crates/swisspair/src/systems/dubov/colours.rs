//! Chapter 3: colour allocation, within the limits of 2.3 and 2.4.

use super::entrant::Entrant;
use crate::tournament::Colour;
use std::cmp::Ordering;

/// The colour `a` receives against `b`. The pair is legal, so at least one way round keeps 2.3 and
/// 2.4; when only one does, it is taken. Otherwise chapter 3, with descending priority:
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
pub fn colour_of(a: &Entrant, a_colours: &[Colour], b: &Entrant, b_colours: &[Colour]) -> Colour {
    let a_white = a.may_white && b.may_black;
    let a_black = a.may_black && b.may_white;
    if a_white != a_black {
        return if a_white {
            Colour::White
        } else {
            Colour::Black
        };
    }
    due_colours(a, b)
        .or_else(|| alternate(a_colours, b_colours))
        .or_else(|| higher_aro_white(a, b))
        .or_else(|| lower_rating_white(a, b))
        .unwrap_or_else(|| {
            let a_first = a.start_number <= b.start_number;
            let first = if a_first { a } else { b };
            let colour_of_first = first.due.unwrap_or(Colour::White);
            if a_first {
                colour_of_first
            } else {
                colour_of_first.opposite()
            }
        })
}

/// Rules 1 and 2.
fn due_colours(a: &Entrant, b: &Entrant) -> Option<Colour> {
    match (a.due, b.due) {
        (Some(x), Some(y)) if x != y => Some(x),
        (Some(x), None) => Some(x),
        (None, Some(y)) => Some(y.opposite()),
        (Some(x), Some(_)) => match a.colour_difference.abs().cmp(&b.colour_difference.abs()) {
            Ordering::Greater => Some(x),
            Ordering::Less => Some(x.opposite()),
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
