//! C.04.4.1, the FIDE Dubov system (1997 text).
//!
//! The aim (preface): equal average ratings of the opponents (ARO) for the players of a score group, so
//! players who met weak opponents now meet strong ones. The round is paired as follows.
//!
//! - Round 1 (chapter 5, [`round_one`]): top half against bottom half, colours alternating by board; the
//!   text says this equals the other FIDE systems' round 1, so the Dutch round 1 decides the cases
//!   chapter 5 does not cover (forbidden pairs, virtual points).
//! - Later rounds: every player's ARO and due colour (chapter 1, [`entrant`]); the bye first (chapter 4,
//!   [`bye`]); then the score groups from the top ([`group`]): the floaters coming down are paired first
//!   (chapter 8), then players without an opponent in their group and odd groups get a player transferred
//!   up from below (7.1, 7.2), the players that still cannot be paired float down (6.4), the colour
//!   subgroups are balanced (7.3, 7.4), and whites by ascending ARO meet blacks by descending rating,
//!   with the improvements of 6.3 ([`standard`]). Colours follow chapter 3 ([`colours`]).
//! - Limitations (chapter 2): 2.1–2.4 are absolute in every round (the text allows no exception, not even
//!   in the last round); 2.5 is kept whenever the round can be completed with it.
//! - Each decision is kept only when the round can still be completed as well as the limitations allow
//!   ([`oracle`]); so the procedure never strands a player, and reads like the text.
//!
//! Choices where the text is open (each also noted, and pinned by a test, where it is applied):
//!
//! - 1: ARO in tenths of a point, rounded half up (6.2's example shows one decimal); ARO 0 for a player
//!   who has played no game yet.
//! - 1: unplayed games do not count for colours (C.04.2); a player with no game played has no due colour.
//! - 2.2: "a point without playing" is a pairing-allocated bye, a forfeit win, or any unplayed round
//!   worth at least a win (a full-point bye); half-point byes do not bar the bye.
//! - 2.5: an upfloat is any game against a higher-scored opponent (so also the opponent of a floater in
//!   chapter 8), counted from the history the same way; without XXR the tournament counts as long (over
//!   9 rounds) once round 10 is paired. 2.5 yields when the round cannot be completed otherwise, breaking
//!   it as few times as possible.
//! - 2.6 / 6.2: a player whom 2.3 or 2.4 forbids his due colour (B B B W W) belongs to the subgroup of the
//!   colour he must get.
//! - 3: when all five rules leave the colours open, the lower starting number gets his due colour (white
//!   when he has none).
//! - 4: the bye is chosen before the pairing, from the lowest score group that has a player who may
//!   receive it; after "higher ARO" the alphabetical order decides.
//! - 6.2: players without a due colour are put into the smaller colour subgroup, the highest rated first,
//!   into the black one when both are equal.
//! - 6.3: "played each other" is read as "may not be paired" (2.1–2.4, forbidden pairs, completability).
//!   The white of row k tries, in order: the black of his row, the blacks of the lower rows, an exchange
//!   of blacks with the rows above (k−1 first), the whites of the lower rows. Blacks left without a white
//!   are paired in the order of their column.
//! - 6.4: "was a floater from higher score groups" means: played a lower-scored opponent in an earlier
//!   round; "can be paired in the lower score group" means: may play one of its unpaired players. Within
//!   a category the lowest rated floats first (as for the bye), then the higher ARO, then alphabetically.
//! - 7.1: "has played with all the players of his score group" is read as "may be paired with none of
//!   them" (6.1's "possible opponent"); the transferred player is paired with him at once. Islands are
//!   handled in the order of their starting numbers.
//! - 7.1, 7.2, 8.2: "the next possible lower score group" is the nearest lower group holding a player that
//!   can be taken; among candidates the colour condition comes first, then the highest R, the lowest
//!   ARO, the alphabetical order.
//! - 7.3, 7.4: a player whom 2.6 forbids to change subgroups is skipped; if too few can change, the
//!   remaining whites (blacks) meet each other in 6.3.
//! - 8.1: floaters without a due colour are ranked with the whites. Floaters that find no opponent in a
//!   group go on to the next one; those left after the last group are paired with each other by 8.1/8.2.

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
                Some(g) if g.first().and_then(|&f| entrants.get(f)).map(|f| f.score) == Some(e.score) => {
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
