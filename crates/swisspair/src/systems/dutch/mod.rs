//! C.04.3, the FIDE (Dutch) system, 2017 text.
//!
//! The round is paired bracket by bracket from the top score group down (A.9). Each bracket holds the
//! players moved down from the bracket above (MDPs) and the residents of its score group, and is paired
//! by [`bracket::pair_bracket`]: the best candidate by the criteria of section C, and among equally good
//! ones the first in the order of sections B and D. The players it leaves unpaired move down. The
//! colours of every pair follow section E ([`colours`]).

mod bracket;
mod colours;
mod completion;
mod criteria;
mod transposition;
mod weights;

use crate::error::{Error, Result};
use crate::pairing::{Game, Pairing};
use crate::score::Score;
use crate::state::RoundState;
use crate::tournament::{Colour, Tournament};
use colours::Side;

/// A.2: the players of the round in pairing order (score, then pairing number), and the pairing
/// numbers E.5 uses.
pub struct Ranking {
    /// Available players, highest ranked first.
    pub order: Vec<usize>,
    /// Position of each player in `order` (`usize::MAX` when not available).
    pub rank: Vec<usize>,
    /// E.5's pairing number: the starting number; in round 1 the position, counting from 1, among the
    /// players taking part (absent players left out), so that colours alternate from board to board as
    /// the reference engine gives them.
    pub pairing_number: Vec<u32>,
}

impl Ranking {
    pub fn new(state: &RoundState) -> Ranking {
        let mut order: Vec<usize> = state.available().collect();
        // Players are indexed by starting number already, so this is the initial-ranking order.
        let mut pairing_number: Vec<u32> = state.players.iter().map(|p| p.start_number).collect();
        if state.round == 1 {
            for (i, &p) in order.iter().enumerate() {
                pairing_number[p] = i as u32 + 1;
            }
        }
        // A.2: score, then pairing number.
        order.sort_by_key(|&p| {
            (
                std::cmp::Reverse(state.players[p].pairing_score),
                state.players[p].start_number,
            )
        });
        let mut rank = vec![usize::MAX; state.players.len()];
        for (i, &p) in order.iter().enumerate() {
            rank[p] = i;
        }
        Ranking {
            order,
            rank,
            pairing_number,
        }
    }
}

/// What every part of the Dutch system reads.
pub struct Context<'a> {
    pub tournament: &'a Tournament,
    pub state: &'a RoundState,
    pub ranking: &'a Ranking,
    /// "One point" of A.8's artificial value.
    pub one_point: Score,
    /// Find the transpositions of large remainders on the players' kinds where they allow it (the
    /// result is the same; turned off in tests that check exactly that).
    pub kinds_for_transpositions: bool,
}

impl Context<'_> {
    fn side(&self, player: usize) -> Side<'_> {
        Side {
            state: &self.state.players[player],
            pairing_number: self.ranking.pairing_number[player],
        }
    }

    /// E: the colours of a pair.
    fn game(&self, a: usize, b: usize) -> Game {
        let (higher, lower) = if self.ranking.rank[a] < self.ranking.rank[b] {
            (a, b)
        } else {
            (b, a)
        };
        match colours::colour_of_higher(
            self.side(higher),
            self.side(lower),
            self.state.initial_colour,
        ) {
            Colour::White => Game {
                white: higher,
                black: lower,
            },
            Colour::Black => Game {
                white: lower,
                black: higher,
            },
        }
    }
}

/// Pairs the next round of `tournament`.
pub fn pair(tournament: &Tournament, state: &RoundState) -> Result<Pairing> {
    pair_with(tournament, state, true)
}

/// Pairs the next round, finding transpositions on the players' kinds where possible or not.
pub fn pair_with(
    tournament: &Tournament,
    state: &RoundState,
    kinds_for_transpositions: bool,
) -> Result<Pairing> {
    let ranking = Ranking::new(state);
    let ctx = Context {
        tournament,
        state,
        ranking: &ranking,
        one_point: Score::points(1),
        kinds_for_transpositions,
    };
    // A.3: score groups, highest first.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &p in &ranking.order {
        let score = state.players[p].pairing_score;
        match groups.last_mut() {
            Some(g)
                if g.first()
                    .is_some_and(|&q| state.players[q].pairing_score == score) =>
            {
                g.push(p)
            }
            _ => groups.push(vec![p]),
        }
    }
    // Built when the first bracket with players below it is paired.
    let mut completion: Option<completion::Completion> = None;
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut mdps: Vec<usize> = Vec::new();
    // A.9: bracket by bracket from the top.
    for k in 0..groups.len() {
        let mut players = std::mem::take(&mut mdps);
        let residents = &groups[k];
        players.extend(residents.iter().copied());
        let next = groups.get(k + 1).cloned().unwrap_or_default();
        let lower: Vec<usize> = groups.iter().skip(k + 2).flatten().copied().collect();
        let bye = (players.len() + next.len() + lower.len()) % 2 == 1;
        let bracket = bracket::Bracket {
            mdps: players.len() - residents.len(),
            players,
            next,
            lower,
            next_is_last: k + 2 == groups.len(),
            bye,
            complete: true,
            only_without_floaters: false,
        };
        if bracket.next.is_empty() {
            // The last bracket: it includes the pairing-allocated bye.
            let last = pair_bracket(&ctx, &bracket)?;
            pairs.extend(last.pairs);
            mdps = last.floaters;
            break;
        }
        // The normal route: the best pairing of the bracket, its downfloaters chosen for the following
        // bracket (C.7); when they and all the remaining players cannot complete the round-pairing,
        // the bracket is the Penultimate Pairing Bracket instead (A.9). A bracket that pairs everybody
        // has no downfloaters to choose, so C.7 can be left out.
        let alone = bracket::Bracket {
            next: Vec::new(),
            lower: Vec::new(),
            next_is_last: false,
            complete: false,
            only_without_floaters: true,
            ..bracket.clone()
        };
        let normal = match bracket::pair_bracket(&ctx, &alone)? {
            Some(p) => p,
            None => pair_bracket(
                &ctx,
                &bracket::Bracket {
                    lower: Vec::new(),
                    complete: false,
                    ..bracket.clone()
                },
            )?,
        };
        let completion = match &mut completion {
            Some(c) => c,
            None => completion.insert(completion::Completion::new(&ctx, &ranking.order)?),
        };
        if completion.remove_if_completable(&ctx, &normal.pairs)? {
            pairs.extend(normal.pairs);
            mdps = normal.floaters;
            continue;
        }
        // The PPB is paired so that the round-pairing can be completed (C.4), without C.7; the players
        // it leaves and all the remaining players form the Collapsed Last Bracket, paired as one.
        let mut below = bracket.next.clone();
        below.extend(bracket.lower.iter().copied());
        let ppb = pair_bracket(
            &ctx,
            &bracket::Bracket {
                next: Vec::new(),
                lower: below.clone(),
                next_is_last: false,
                ..bracket.clone()
            },
        )?;
        pairs.extend(ppb.pairs);
        let mut clb = ppb.floaters;
        let clb_mdps = clb.len();
        clb.extend(below);
        let last = pair_bracket(
            &ctx,
            &bracket::Bracket {
                players: clb,
                mdps: clb_mdps,
                next: Vec::new(),
                lower: Vec::new(),
                next_is_last: false,
                bye,
                complete: true,
                only_without_floaters: false,
            },
        )?;
        pairs.extend(last.pairs);
        mdps = last.floaters;
        break;
    }
    let mut pairing = Pairing {
        games: pairs.iter().map(|&(a, b)| ctx.game(a, b)).collect(),
        bye: mdps.first().copied(),
    };
    pairing.games.shrink_to_fit();
    Ok(pairing)
}

/// Pairs a bracket that always has a pairing (it is asked for no early stop).
fn pair_bracket(ctx: &Context<'_>, bracket: &bracket::Bracket) -> Result<bracket::BracketPairing> {
    bracket::pair_bracket(ctx, bracket)?
        .ok_or_else(|| Error::Internal("a bracket without an early stop stopped early".into()))
}
