//! C.04.4.1, the FIDE Dubov system (1997 text).
//!
//! The aim (preface): equal average ratings of the opponents (ARO) for the players of a score group, so
//! that players who met weak opponents now meet strong ones. A round is paired as follows.
//!
//! - Round 1 (chapter 5, `round_one`): the upper half of the list against the lower half, colours
//!   alternating from board to board, the last player receiving the bye. The text says this equals the
//!   other FIDE systems' round 1; where chapter 5 is silent the Dutch round 1 is taken.
//! - Later rounds: every player's ARO, due colour and limitations are derived (chapters 1 and 2,
//!   `entrant`); the bye is given first (chapter 4, `bye`); then the score groups are paired from the
//!   top (`group`): the floaters that came down are paired first (chapter 8, `floaters`); a player
//!   with no possible opponent in his group, and an odd group, get a player transferred up from below
//!   (7.1, 7.2, `transfers`); players that still cannot be paired in the group float down (6.4); the
//!   colour subgroups are balanced (7.3, 7.4) and the whites, by ascending ARO, meet the blacks, by
//!   descending rating, with the improvements of 6.3 (`standard`). Colours follow chapter 3
//!   (`colours`).
//! - Limitations: 2.1–2.4 (and the forbidden pairs of the file) are absolute in every round — the text
//!   allows no exception, not even in the last round, so a round that cannot keep them is refused
//!   ([`crate::Error::NoValidPairing`]). 2.5 is kept whenever the round can be completed with it.
//! - The text pairs greedily from the top; a decision in one group could leave the round impossible to
//!   complete further down. Every decision (the bye, a transfer, a floater, a pair) is therefore kept
//!   only when the round can still be completed as well as before (`oracle`); the text's own order of
//!   candidates decides among those.
//!
//! Choices where the text is open (each noted again, and pinned by a test, where it is applied):
//!
//! - 1: ARO in tenths of a rating point, rounded half up (6.2's example shows one decimal); ARO 0 for a
//!   player who has played no game yet. Only games played count, for ARO and for colours (C.04.2); a
//!   player with no game played has no due colour.
//! - 2.2: "a point without playing" is a pairing-allocated bye, a forfeit win, or any unplayed round
//!   worth at least a win (a requested full-point bye); a half-point bye does not bar the bye.
//! - 2.5: an upfloat is any game against a higher-scored opponent (so the opponent of a floater in
//!   chapter 8 upfloats too); the history is counted the same way. Without XXR the tournament counts as
//!   long (over 9 rounds) once round 10 is paired. Candidates who would break 2.5 are taken last, and
//!   2.5 yields only when the round cannot be completed otherwise (the lowest player may have nobody
//!   but higher-scored players to meet, round after round), breaking it as few times as possible.
//! - 2.6, 6.2: a player whom 2.3/2.4 forbid his due colour (B B B W W) is in the subgroup of the colour
//!   he must get.
//! - 3: when the five rules leave the colours open, the lower starting number gets his due colour (white
//!   when he has none).
//! - 4: the bye is chosen before the pairing, from the lowest score group that has a player who may
//!   receive it (and leaves the round completable); after "the higher ARO", alphabetical order.
//! - 6.2: players without a due colour go, the highest rated first, to the smaller subgroup, the black
//!   one when both are equal.
//! - 6.3: "have played each other" is read as "may not be paired" (2.1–2.4, forbidden pairs). The text's
//!   procedure is applied as written and its result kept when the round can be completed after it;
//!   otherwise it runs again with each pair checked. A black whose white took another white is offered
//!   to the following whites after the lower rows; blacks left at the end meet each other in column
//!   order.
//! - 6.4: "was a floater from higher score groups" means: played a lower-scored opponent before; "can be
//!   paired in the lower score group": may meet one of its unpaired players. Within a category the
//!   lowest rated floats first (as the bye in 4), then the higher ARO, then alphabetical order.
//! - 7.1: "has already played with all the players of his score group" is read as "may be paired with
//!   none of them" (6.1: "possible opponent"); islands are taken in starting-number order, and the
//!   transferred player is paired with the island at once.
//! - 7.1, 7.2: "the next possible lower score group" is the nearest lower group holding a player that can
//!   be taken; a transfer is made only when it lets one more player of the group be paired in it.
//! - 7.1, 7.2, 8.2: the colour condition comes first, then the highest R, the lowest ARO, alphabetical
//!   order.
//! - 7.3, 7.4: a player whom 2.6 keeps in his subgroup is skipped; if too few can move, whites (blacks)
//!   meet each other through 6.3.
//! - 8.1: floaters without a due colour are ranked with the whites. A floater who finds no opponent in a
//!   group goes on to the next one; floaters left after the last group meet each other by 8.1/8.2.

mod bye;
mod colours;
mod entrant;
mod floaters;
mod group;
mod oracle;
mod round_one;
mod standard;
mod transfers;

#[cfg(test)]
mod tests;

use crate::error::Result;
use crate::pairing::{Game, Pairing};
use crate::state::RoundState;
use crate::tournament::{Colour, Tournament};
use entrant::Entrant;
use oracle::Oracle;
use std::cmp::{Ordering, Reverse};

/// What every part of the Dubov system reads.
pub struct Context<'a> {
    pub tournament: &'a Tournament,
    pub state: &'a RoundState,
    /// The players taking part, by pairing score (highest first), then starting number. The procedure
    /// names players by their index here.
    pub entrants: Vec<Entrant>,
    /// The score groups, highest first, each in the order of `entrants`.
    pub groups: Vec<Vec<usize>>,
    /// Forbidden opponents (XXP, 260) of each entrant in this round, sorted.
    forbidden: Vec<Vec<usize>>,
}

/// A pair that chapter 2 allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Legal {
    /// The lower-scored player may not be transferred up (2.5).
    pub breaks_2_5: bool,
}

impl<'a> Context<'a> {
    pub fn new(tournament: &'a Tournament, state: &'a RoundState) -> Context<'a> {
        let mut available: Vec<&crate::state::PlayerState> =
            state.players.iter().filter(|p| p.available).collect();
        available.sort_by_key(|p| (Reverse(p.pairing_score), p.start_number));
        let entrants: Vec<Entrant> = available
            .iter()
            .map(|p| Entrant::new(tournament, state, p))
            .collect();
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (i, e) in entrants.iter().enumerate() {
            match groups.last_mut() {
                Some(g)
                    if g.first().and_then(|&f| entrants.get(f)).map(|f| f.score)
                        == Some(e.score) =>
                {
                    g.push(i)
                }
                _ => groups.push(vec![i]),
            }
        }
        let mut index = vec![None; state.players.len()];
        for (i, e) in entrants.iter().enumerate() {
            if let Some(slot) = index.get_mut(e.player) {
                *slot = Some(i);
            }
        }
        let mut forbidden = vec![Vec::new(); entrants.len()];
        for f in &tournament.forbidden {
            if !(f.first_round..=f.last_round).contains(&state.round) {
                continue;
            }
            let of = |p: usize| index.get(p).copied().flatten();
            if let (Some(a), Some(b)) = (of(f.a), of(f.b)) {
                for (x, y) in [(a, b), (b, a)] {
                    if let Some(list) = forbidden.get_mut(x) {
                        list.push(y);
                    }
                }
            }
        }
        for list in &mut forbidden {
            list.sort_unstable();
            list.dedup();
        }
        Context {
            tournament,
            state,
            entrants,
            groups,
            forbidden,
        }
    }

    /// The entrant `v`.
    pub fn entrant(&self, v: usize) -> &Entrant {
        &self.entrants[v]
    }

    /// The colours `v` played, oldest first.
    pub fn colours(&self, v: usize) -> &[Colour] {
        self.state
            .players
            .get(self.entrant(v).player)
            .map_or(&[], |p| p.colours.as_slice())
    }

    /// Chapter 2: may `a` and `b` be paired?
    pub fn pairable(&self, a: usize, b: usize) -> Option<Legal> {
        let (ea, eb) = (self.entrants.get(a)?, self.entrants.get(b)?);
        // 2.1: two players who have played each other shall not be paired again.
        if a == b || self.state.players.get(ea.player)?.has_met(eb.player) {
            return None;
        }
        if self.forbidden.get(a)?.binary_search(&b).is_ok() {
            return None;
        }
        // 2.3, 2.4: some colour allocation keeps both within the limits.
        if !((ea.may_white && eb.may_black) || (ea.may_black && eb.may_white)) {
            return None;
        }
        // 2.5: the lower-scored player is transferred to a higher score group.
        let lower = match ea.score.cmp(&eb.score) {
            Ordering::Less => Some(ea),
            Ordering::Greater => Some(eb),
            Ordering::Equal => None,
        };
        Some(Legal {
            breaks_2_5: lower.is_some_and(|e| !e.may_upfloat),
        })
    }

    /// Chapter 3: the game `a`–`b` with its colours.
    pub fn game(&self, a: usize, b: usize) -> Game {
        let (ea, eb) = (self.entrant(a), self.entrant(b));
        match colours::colour_of(ea, self.colours(a), eb, self.colours(b)) {
            Colour::White => Game {
                white: ea.player,
                black: eb.player,
            },
            Colour::Black => Game {
                white: eb.player,
                black: ea.player,
            },
        }
    }

    /// The colour most of `players` are due (4, 7.2), if any.
    pub fn dominating_colour(&self, players: &[usize]) -> Option<Colour> {
        let count = |c: Colour| {
            players
                .iter()
                .filter(|&&v| self.entrant(v).side() == Some(c))
                .count()
        };
        match count(Colour::White).cmp(&count(Colour::Black)) {
            Ordering::Greater => Some(Colour::White),
            Ordering::Less => Some(Colour::Black),
            Ordering::Equal => None,
        }
    }
}

/// Pairs the next round of `tournament`.
pub fn pair(tournament: &Tournament, state: &RoundState) -> Result<Pairing> {
    if state.round == 1 {
        return round_one::pair(tournament, state);
    }
    let ctx = Context::new(tournament, state);
    let mut oracle = Oracle::new(&ctx)?;
    let bye = bye::choose(&ctx, &mut oracle)?;
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut floaters: Vec<usize> = Vec::new();
    for g in 0..ctx.groups.len() {
        floaters = group::pair_group(&ctx, &mut oracle, g, floaters, &mut pairs)?;
    }
    floaters::pair_leftovers(&ctx, &mut oracle, &floaters, &mut pairs)?;
    Ok(Pairing {
        games: pairs.iter().map(|&(a, b)| ctx.game(a, b)).collect(),
        bye: bye.map(|v| ctx.entrant(v).player),
    })
}
