//! A.9, round-pairing outlook: can the players not yet paired still all be paired (one of them receiving
//! the pairing-allocated bye when they are odd in number) without breaking C.1–C.3?
//!
//! A complete pairing of the players still to be paired is kept from bracket to bracket: when a bracket
//! pairs some of them, they leave the graph and only their old partners need new ones, which the
//! matching engine finds incrementally.

use super::criteria;
use super::Context;
use crate::error::{Error, Result};
use crate::matching::{MatchingComputer, MatchingError};

pub struct Completion {
    matching: MatchingComputer<u64>,
    /// Player of each vertex (the last vertex is the bye when there is one).
    players: Vec<usize>,
    /// Vertex of each player index (`usize::MAX` when not in the round).
    vertex: Vec<usize>,
    bye: Option<usize>,
    /// Vertices still to be paired.
    present: Vec<bool>,
}

fn internal(e: MatchingError) -> Error {
    Error::Internal(format!("matching: {e}"))
}

impl Completion {
    /// All the players of the round.
    pub fn new(ctx: &Context<'_>, players: &[usize]) -> Result<Completion> {
        let n = players.len();
        let bye = (n % 2 == 1).then_some(n);
        let size = n + usize::from(bye.is_some());
        let mut vertex = vec![usize::MAX; ctx.state.players.len()];
        for (i, &p) in players.iter().enumerate() {
            vertex[p] = i;
        }
        let mut c = Completion {
            matching: MatchingComputer::new(size).map_err(internal)?,
            players: players.to_vec(),
            vertex,
            bye,
            present: vec![true; size],
        };
        for i in 0..n {
            c.connect(ctx, i)?;
        }
        c.matching.solve();
        Ok(c)
    }

    /// Adds the edges of vertex `i` to every present vertex it may be paired with.
    fn connect(&mut self, ctx: &Context<'_>, i: usize) -> Result<()> {
        let a = &ctx.state.players[self.players[i]];
        for j in 0..self.players.len() {
            if j != i && self.present[j] {
                let b = &ctx.state.players[self.players[j]];
                if criteria::compatible(ctx.tournament, ctx.state, a, b) {
                    self.matching.set_edge(i, j, 1).map_err(internal)?;
                }
            }
        }
        if let Some(bye) = self.bye {
            if criteria::bye_allowed(a) {
                self.matching.set_edge(i, bye, 1).map_err(internal)?;
            }
        }
        Ok(())
    }

    /// True when every player still to be paired has a partner (or the bye).
    pub fn complete(&mut self) -> bool {
        self.matching.solve();
        (0..self.present.len()).all(|v| !self.present[v] || self.matching.mate(v).is_some())
    }

    /// Takes the players of `pairs` out when the others can still complete the round; otherwise leaves
    /// everything as it was and returns false.
    pub fn remove_if_completable(
        &mut self,
        ctx: &Context<'_>,
        pairs: &[(usize, usize)],
    ) -> Result<bool> {
        let removed: Vec<usize> = pairs
            .iter()
            .flat_map(|&(a, b)| [a, b])
            .filter_map(|p| self.vertex.get(p).copied().filter(|&v| v != usize::MAX))
            .collect();
        for &v in &removed {
            self.present[v] = false;
            self.matching.isolate_vertex(v).map_err(internal)?;
        }
        if self.complete() {
            return Ok(true);
        }
        for &v in &removed {
            self.present[v] = true;
        }
        for &v in &removed {
            self.connect(ctx, v)?;
        }
        Ok(false)
    }
}
