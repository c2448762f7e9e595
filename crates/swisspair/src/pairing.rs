//! The result of pairing a round: games with colours and the pairing-allocated bye, in board order.

use crate::score::Score;
use crate::sorting::sort_by_key;
use crate::state::RoundState;
use crate::tournament::Colour;
use crate::tournament::Tournament;
use std::cmp::Reverse;
use std::fmt::Write as _;

/// One game: player indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Game {
    /// The player with white (an index into the tournament's players).
    pub white: usize,
    /// The player with black.
    pub black: usize,
}

impl Game {
    /// The game of `first` and `second` in which `first` has `colour`.
    pub fn with_colour(first: usize, second: usize, colour: Colour) -> Self {
        match colour {
            Colour::White => Game {
                white: first,
                black: second,
            },
            Colour::Black => Game {
                white: second,
                black: first,
            },
        }
    }
}

/// A round's pairing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pairing {
    /// In board order once [`Pairing::sort_boards`] has run.
    pub games: Vec<Game>,
    /// The player receiving the pairing-allocated bye.
    pub bye: Option<usize>,
}

impl Pairing {
    /// C.04.2 board order: the higher score of the pair's higher-ranked player first, then the higher sum
    /// of both scores, then the better pairing number of the higher-ranked player.
    pub fn sort_boards(&mut self, state: &RoundState) {
        let score = |i: usize| state.players.get(i).map_or(Score::ZERO, |p| p.score);
        let number = |i: usize| state.players.get(i).map_or(u32::MAX, |p| p.start_number);
        // The higher-ranked player of a pair: higher score, then better pairing number.
        let top = |g: &Game| {
            let (a, b) = (g.white, g.black);
            if (score(a), Reverse(number(a))) >= (score(b), Reverse(number(b))) {
                a
            } else {
                b
            }
        };
        sort_by_key(&mut self.games, |g| {
            let t = top(g);
            (
                Reverse(score(t)),
                Reverse(score(g.white) + score(g.black)),
                number(t),
            )
        });
    }

    /// The engines' `-p` output: the number of pairs, then `white black` per line by starting number,
    /// the bye as `N 0` last.
    pub fn to_engine_output(&self, t: &Tournament) -> String {
        let number = |i: usize| t.players.get(i).map_or(0, |p| p.start_number);
        let mut out = String::new();
        let count = self.games.len() + usize::from(self.bye.is_some());
        let _ = writeln!(out, "{count}");
        for g in &self.games {
            let _ = writeln!(out, "{} {}", number(g.white), number(g.black));
        }
        if let Some(b) = self.bye {
            let _ = writeln!(out, "{} 0", number(b));
        }
        out
    }

    /// Every player in the pairing (games and bye).
    pub fn players(&self) -> impl Iterator<Item = usize> + '_ {
        self.games
            .iter()
            .flat_map(|g| [g.white, g.black])
            .chain(self.bye)
    }
}
