//! Chapter 1 (ARO, due colour) and the per-player parts of chapter 2 (bye limitation 2.2, colour limits
//! 2.3/2.4, transfer limits 2.5), derived once per round for every player taking part.

use super::history::History;
use crate::score::Score;
use crate::state::{PlayerState, RoundState};
use crate::tournament::{Bye, Colour, Entry, Player, Tournament};

/// ARO in tenths of a rating point (the example of 6.2 shows one decimal: 2318.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Aro(pub u64);

impl Aro {
    /// Article 1: the average rating of the opponents actually played (forfeits and byes are not games),
    /// in tenths, rounded half up (2318.45 → 2318.5). A player who has played no game yet has ARO 0: no
    /// opponent's rating has been averaged, and it places him first among the whites of 6.2, against the
    /// highest rated black, which is what the goal (equal ARO for equal scores) asks for him.
    pub fn of(state: &PlayerState) -> Aro {
        let games = u64::from(state.games_played);
        if games == 0 {
            return Aro(0);
        }
        Aro((state.opponent_rating_sum * 20 + games) / (2 * games))
    }
}

impl std::fmt::Display for Aro {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(&format!("{}.{}", self.0 / 10, self.0 % 10))
    }
}

/// One player taking part in the round, as the Dubov articles read them.
#[derive(Clone, Debug)]
pub struct Entrant {
    /// Index in [`Tournament::players`] and [`RoundState::players`].
    pub player: usize,
    pub start_number: u32,
    /// The name, lower-cased, for the alphabetical order of 6.2, 7.3 and 7.4.
    pub name: String,
    /// R.
    pub rating: u32,
    /// The pairing score (points plus any virtual points).
    pub score: Score,
    pub aro: Aro,
    /// Article 1: the due colour; `None` before the first game played.
    pub due: Option<Colour>,
    /// Whites minus blacks over the games played.
    pub colour_difference: i32,
    /// 2.3 and 2.4: may receive white / black in this round.
    pub may_white: bool,
    pub may_black: bool,
    /// 2.5: may be transferred to a higher score group (7.1, 7.2) in this round.
    pub may_transfer: bool,
    /// 2.2 (and C.04.1): may receive the pairing-allocated bye.
    pub bye_allowed: bool,
    /// 6.4: was a floater from a higher score group (6.4) in an earlier round.
    pub was_floater: bool,
}

impl Entrant {
    /// The entrant `p` in the round `state` describes; `history` holds the moves of the earlier rounds.
    pub fn new(t: &Tournament, state: &RoundState, p: &PlayerState, history: &History) -> Entrant {
        let player = t.players.get(p.player);
        let (may_white, may_black) = colour_limits(&p.colours, p.colour_difference);
        Entrant {
            player: p.player,
            start_number: p.start_number,
            name: player.map_or_else(String::new, |q| q.name.to_lowercase()),
            rating: p.rating,
            score: p.pairing_score,
            aro: Aro::of(p),
            due: due_colour(&p.colours),
            colour_difference: p.colour_difference,
            may_white,
            may_black,
            may_transfer: history.may_transfer(
                p.player,
                state.round,
                // Without XXR the tournament counts as long only once its tenth round is paired.
                t.total_rounds.unwrap_or(state.round),
                state.last_round,
            ),
            bye_allowed: !p.had_pairing_bye && !player.is_some_and(|q| point_without_playing(t, q)),
            was_floater: history.was_floater(p.player),
        }
    }

    /// 2.3/2.4: may receive `colour`.
    pub fn may(&self, colour: Colour) -> bool {
        match colour {
            Colour::White => self.may_white,
            Colour::Black => self.may_black,
        }
    }

    /// The colour subgroup (6.2) the player belongs to: the due colour, unless 2.3/2.4 leave only the
    /// other colour (a history such as B B B W W: due white, but white a third time is forbidden).
    pub fn side(&self) -> Option<Colour> {
        match (self.may_white, self.may_black) {
            (true, false) => Some(Colour::White),
            (false, true) => Some(Colour::Black),
            _ => self.due,
        }
    }

    /// The final tie-break wherever the text says "alphabetically" (6.2, 7.3, 7.4), completed by the
    /// starting number for equal names.
    pub fn alphabetical(&self) -> (&str, u32) {
        (&self.name, self.start_number)
    }
}

/// Article 1: white after more blacks than whites, or equal numbers and black in the previous game;
/// black in the mirror cases. Only games played count (C.04.2).
pub fn due_colour(colours: &[Colour]) -> Option<Colour> {
    let whites = colours.iter().filter(|&&c| c == Colour::White).count();
    let blacks = colours.len() - whites;
    match whites.cmp(&blacks) {
        std::cmp::Ordering::Less => Some(Colour::White),
        std::cmp::Ordering::Greater => Some(Colour::Black),
        std::cmp::Ordering::Equal => colours.last().map(|c| c.opposite()),
    }
}

/// 2.3 (the colour difference stays within ±2) and 2.4 (not the same colour three times in a row):
/// whether white, and black, may be given in this round.
///
/// A history paired by other rules can leave neither colour within both limits (W W W B W W B B: white
/// breaks 2.3, black 2.4). Such a player is not kept out of the round (a choice): he may receive the
/// colour that brings his colour difference back towards zero — 2.3 before 2.4.
pub fn colour_limits(colours: &[Colour], difference: i32) -> (bool, bool) {
    let twice =
        |c: Colour| colours.len() >= 2 && colours[colours.len() - 2..].iter().all(|&x| x == c);
    let white = difference < 2 && !twice(Colour::White);
    let black = difference > -2 && !twice(Colour::Black);
    if !white && !black {
        return (difference < 0, difference > 0);
    }
    (white, black)
}

/// The limits that forbid `colour` to a player with these colours: "2.3" (the colour difference would
/// pass ±2), "2.4" (a third time running), both, or none.
pub fn limits_against(colours: &[Colour], difference: i32, colour: Colour) -> Vec<&'static str> {
    let twice = colours.len() >= 2 && colours.iter().rev().take(2).all(|&x| x == colour);
    let beyond = match colour {
        Colour::White => difference >= 2,
        Colour::Black => difference <= -2,
    };
    let mut out = Vec::new();
    if beyond {
        out.push("2.3");
    }
    if twice {
        out.push("2.4");
    }
    out
}

/// 2.2: "a player who has received a point without playing": a pairing-allocated bye, a forfeit win, or
/// any other unplayed round that scored at least the points of a win (a requested full-point bye).
fn point_without_playing(t: &Tournament, p: &Player) -> bool {
    let win = t.points.win();
    p.entries.iter().any(|e| match e {
        Entry::Played { .. } => false,
        Entry::Forfeit { won, .. } => *won,
        Entry::Bye(Bye::PairingAllocated | Bye::ForfeitWin) => true,
        Entry::Bye(_) => t.points.of_entry(e) >= win,
    })
}
