//! The round as every part of the procedure reads it: the players taking part (chapter 1's values for
//! each), their score groups, and the pairing limitations between two players (2.1–2.4, the forbidden
//! pairs of the file) with the colours of a pair (chapter 3).

use super::colours;
use super::entrant::Entrant;
use super::history::History;
use crate::pairing::Game;
use crate::sorting::{sort, sort_by_key};
use crate::state::{PlayerState, RoundState};
use crate::tournament::{Colour, Tournament};
use std::cmp::{Ordering, Reverse};

/// What every part of the Dubov system reads.
pub struct Context<'a> {
    pub state: &'a RoundState,
    /// The players taking part, by pairing score (highest first), then starting number. The procedure
    /// names players by their index here.
    pub entrants: Vec<Entrant>,
    /// The score groups, highest first, each in the order of `entrants`.
    pub groups: Vec<Vec<usize>>,
    /// The score group of each entrant (index in `groups`).
    group_of: Vec<usize>,
    /// Forbidden opponents (XXP, 260) of each entrant in this round, sorted.
    forbidden: Vec<Vec<usize>>,
}

impl<'a> Context<'a> {
    /// The round `state` describes; `history` holds what the earlier rounds did (2.5, 6.4).
    pub fn new(
        tournament: &'a Tournament,
        state: &'a RoundState,
        history: &History,
    ) -> Context<'a> {
        let mut available: Vec<&PlayerState> =
            state.players.iter().filter(|p| p.available).collect();
        sort_by_key(&mut available, |p| {
            (Reverse(p.pairing_score), p.start_number)
        });
        let entrants: Vec<Entrant> = available
            .iter()
            .map(|p| Entrant::new(tournament, state, p, history))
            .collect();
        let mut groups: Vec<Vec<usize>> = Vec::new();
        let mut group_of = Vec::with_capacity(entrants.len());
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
            group_of.push(groups.len() - 1);
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
            sort(list);
            list.dedup();
        }
        Context {
            state,
            entrants,
            groups,
            group_of,
            forbidden,
        }
    }

    /// The entrant `v`.
    pub fn entrant(&self, v: usize) -> &Entrant {
        &self.entrants[v]
    }

    /// The index of `v`'s score group in `groups` (0: the highest).
    pub fn group_of(&self, v: usize) -> usize {
        self.group_of.get(v).copied().unwrap_or(usize::MAX)
    }

    /// The colours `v` played, oldest first.
    pub fn colours(&self, v: usize) -> &[Colour] {
        self.state
            .players
            .get(self.entrant(v).player)
            .map_or(&[], |p| p.colours.as_slice())
    }

    /// Chapter 2: may `a` and `b` be paired? 2.1 (not met before in a game played), the forbidden pairs of
    /// the file, and 2.3/2.4 (some colour allocation keeps both within the limits). 2.2 concerns the bye
    /// (chapter 4), 2.5 the transfers of 7.1 and 7.2, 2.6 the subgroups of 7.3 and 7.4: none of them
    /// forbids a pair.
    pub fn pairable(&self, a: usize, b: usize) -> bool {
        let (Some(ea), Some(eb)) = (self.entrants.get(a), self.entrants.get(b)) else {
            return false;
        };
        let (Some(pa), Some(forbidden)) =
            (self.state.players.get(ea.player), self.forbidden.get(a))
        else {
            return false;
        };
        // 2.1: two players who have played each other shall not be paired again; nor a forbidden pair.
        if a == b || pa.has_met(eb.player) || forbidden.binary_search(&b).is_ok() {
            return false;
        }
        // 2.3, 2.4.
        (ea.may_white && eb.may_black) || (ea.may_black && eb.may_white)
    }

    /// The players of `players` who may be paired with no other of them, in the order of their starting
    /// numbers: 7.1's "a player [who] has already played with all the players of his own score group",
    /// read as "may be paired with none of them" (6.1: "at least one possible opponent").
    pub fn islands(&self, players: &[usize]) -> Vec<usize> {
        let mut list: Vec<usize> = players
            .iter()
            .copied()
            .filter(|&p| !players.iter().any(|&r| self.pairable(p, r)))
            .collect();
        sort_by_key(&mut list, |&v| self.entrant(v).start_number);
        list
    }

    /// Chapter 3: the game `a`–`b` with its colours, each player due the colour `due` gives him.
    pub fn game(&self, a: usize, b: usize, due: &DueColours) -> Game {
        self.game_with_rule(a, b, due).0
    }

    /// Chapter 3: the game `a`–`b` with its colours, and the rule that gave them.
    pub fn game_with_rule(&self, a: usize, b: usize, due: &DueColours) -> (Game, colours::Rule) {
        let (ea, eb) = (self.entrant(a), self.entrant(b));
        let seat = |v: usize, entrant| colours::Seat {
            entrant,
            due: due.of(v),
            colours: self.colours(v),
        };
        let (colour, rule) = colours::allocate(seat(a, ea), seat(b, eb));
        let game = Game::with_colour(ea.player, eb.player, colour);
        (game, rule)
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

/// The colour each player is due in this round, as chapter 3 reads "their due colour": article 1's,
/// except for a player of 6.2's colour subgroups, who is due the colour of his subgroup — after 7.3/7.4,
/// the one he was moved to (see [`colours::allocate`]).
#[derive(Clone, Debug)]
pub struct DueColours(Vec<Option<Colour>>);

impl DueColours {
    /// Article 1's due colour for every entrant of `ctx`.
    pub fn of_article_1(ctx: &Context<'_>) -> DueColours {
        DueColours(ctx.entrants.iter().map(|e| e.due).collect())
    }

    /// 6.2: `v` is in the subgroup of the players who should play `colour`.
    pub fn place(&mut self, v: usize, colour: Colour) {
        if let Some(slot) = self.0.get_mut(v) {
            *slot = Some(colour);
        }
    }

    /// The colour `v` is due.
    pub fn of(&self, v: usize) -> Option<Colour> {
        self.0.get(v).copied().flatten()
    }
}
