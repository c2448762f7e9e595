//! C.04.3, the FIDE (Dutch) system, 2017 text.
//!
//! The round is paired bracket by bracket from the top score group down (A.9). Each bracket holds the
//! players moved down from the bracket above (MDPs) and the residents of its score group, and is paired
//! by [`bracket::pair_bracket`]: the best candidate by the criteria of section C, and among equally good
//! ones the first in the order of sections B and D. The players it leaves unpaired move down. The
//! colours of every pair follow section E ([`colours`]).

mod bracket;
mod colours;
mod criteria;
mod weights;

use crate::error::Result;
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
    /// E.5's pairing number: the position, counting from 1, among the players of the round in
    /// starting-number order (players not taking part are left out, as the reference engine does).
    pub pairing_number: Vec<u32>,
}

impl Ranking {
    pub fn new(state: &RoundState) -> Ranking {
        let mut order: Vec<usize> = state.available().collect();
        // Players are indexed by starting number already, so this is the initial-ranking order.
        let mut pairing_number = vec![0; state.players.len()];
        for (i, &p) in order.iter().enumerate() {
            pairing_number[p] = i as u32 + 1;
        }
        // A.2: score, then pairing number.
        order.sort_by_key(|&p| (std::cmp::Reverse(state.players[p].pairing_score), state.players[p].start_number));
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
        let (higher, lower) = if self.ranking.rank[a] < self.ranking.rank[b] { (a, b) } else { (b, a) };
        match colours::colour_of_higher(self.side(higher), self.side(lower), self.state.initial_colour) {
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
    let ranking = Ranking::new(state);
    let ctx = Context {
        tournament,
        state,
        ranking: &ranking,
        one_point: Score::points(1),
    };
    // A.3: score groups, highest first.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &p in &ranking.order {
        let score = state.players[p].pairing_score;
        match groups.last_mut() {
            Some(g) if g.first().is_some_and(|&q| state.players[q].pairing_score == score) => g.push(p),
            _ => groups.push(vec![p]),
        }
    }
    let mut pairing = Pairing::default();
    let mut mdps: Vec<usize> = Vec::new();
    let total = ranking.order.len();
    let mut paired = 0;
    for k in 0..groups.len() {
        let mut players = std::mem::take(&mut mdps);
        players.extend(groups[k].iter().copied());
        let bracket = bracket::Bracket {
            mdps: players.len() - groups[k].len(),
            players,
            next: groups.get(k + 1).cloned().unwrap_or_default(),
            lower: groups.iter().skip(k + 2).flatten().copied().collect(),
            bye: (total - paired) % 2 == 1,
        };
        let result = bracket::pair_bracket(&ctx, &bracket)?;
        paired += 2 * result.pairs.len();
        pairing
            .games
            .extend(result.pairs.iter().map(|&(a, b)| ctx.game(a, b)));
        mdps = result.floaters;
    }
    // The last bracket leaves at most one player: the pairing-allocated bye (A.9).
    pairing.bye = mdps.first().copied();
    Ok(pairing)
}
