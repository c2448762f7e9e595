//! 2017 A.9 / 2026 C4, round-pairing outlook: can the players not yet paired still all be paired (one
//! of them receiving the pairing-allocated bye when they are odd in number) without breaking the absolute
//! criteria (2017 C.1–C.3, 2026 C1–C3, the bye only to a player who may have it)?
//!
//! A complete pairing of the players still to be paired is kept from bracket to bracket: when a bracket
//! pairs some of them, they leave the graph and only their old partners need new ones, which the
//! matching engine finds incrementally.

use super::criteria;
use super::Context;
use crate::error::{Error, Result};
use crate::matching::{MatchingComputer, MatchingError};
use crate::score::Score;

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
            if ctx.may_get_bye(a) {
                self.matching.set_edge(i, bye, 1).map_err(internal)?;
            }
        }
        Ok(())
    }

    /// 2026 C5 with C2 and C4: the lowest score a player receiving the pairing-allocated bye can have
    /// while the round can still be completed (`None` when the round has no bye). Call on a tracker
    /// built with `ctx.bye_score` unset; it then keeps bye edges to the players of at most that score
    /// (the C5 candidates) only. Bye edges are added score group by score group from the lowest.
    pub fn lowest_bye_score(&mut self, ctx: &Context<'_>) -> Result<Option<Score>> {
        let Some(bye) = self.bye else {
            return Ok(None);
        };
        for i in 0..self.players.len() {
            self.matching.set_edge(i, bye, 0).map_err(internal)?;
        }
        let mut scores: Vec<Score> = self
            .players
            .iter()
            .map(|&p| ctx.state.players[p].pairing_score)
            .collect();
        scores.sort_unstable();
        scores.dedup();
        for s in scores {
            for i in 0..self.players.len() {
                let p = &ctx.state.players[self.players[i]];
                if p.pairing_score == s && p.bye_eligible() {
                    self.matching.set_edge(i, bye, 1).map_err(internal)?;
                }
            }
            if self.complete() {
                return Ok(Some(s));
            }
        }
        Err(Error::NoValidPairing(
            "the players cannot all be paired, one of them receiving the pairing-allocated bye, without breaking an absolute criterion (C1–C3)"
                .into(),
        ))
    }

    /// True when every player still to be paired has a partner (or the bye).
    pub fn complete(&mut self) -> bool {
        self.matching.solve();
        (0..self.present.len()).all(|v| !self.present[v] || self.matching.mate(v).is_some())
    }

    /// Takes the players of `pairs` out when the others, with the players of `tentative` also paired as
    /// given, can still complete the round; the players of `tentative` stay in. Otherwise leaves
    /// everything as it was and returns false.
    pub fn remove_if_extendable(
        &mut self,
        ctx: &Context<'_>,
        pairs: &[(usize, usize)],
        tentative: &[(usize, usize)],
    ) -> Result<bool> {
        let mut all = pairs.to_vec();
        all.extend_from_slice(tentative);
        if !self.remove_if_completable(ctx, &all)? {
            return Ok(false);
        }
        let back: Vec<usize> = tentative
            .iter()
            .flat_map(|&(a, b)| [a, b])
            .filter_map(|p| self.vertex.get(p).copied().filter(|&v| v != usize::MAX))
            .collect();
        for &v in &back {
            self.present[v] = true;
        }
        for &v in &back {
            self.connect(ctx, v)?;
        }
        Ok(true)
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

/// 2026 C9's condition: can the bracket `players` (the first `mdps` of them MDPs, who are not paired
/// with each other) pair all of its players but one, who receives the pairing-allocated bye, while
/// the players below (`rest`) pair among themselves?
pub fn pairs_all_but_the_bye(
    ctx: &Context<'_>,
    players: &[usize],
    mdps: usize,
    rest: &[usize],
) -> Result<bool> {
    if players.len() % 2 != 1 || rest.len() % 2 == 1 {
        return Ok(false);
    }
    // The bracket with the bye.
    let n = players.len();
    let mut bracket = MatchingComputer::<u64>::new(n + 1).map_err(internal)?;
    for (i, &pa) in players.iter().enumerate() {
        let a = &ctx.state.players[pa];
        for (j, &pb) in players.iter().enumerate().skip(i + 1) {
            let b = &ctx.state.players[pb];
            if (i >= mdps || j >= mdps) && criteria::compatible(ctx.tournament, ctx.state, a, b) {
                bracket.set_edge(i, j, 1).map_err(internal)?;
            }
        }
        if ctx.may_get_bye(a) {
            bracket.set_edge(i, n, 1).map_err(internal)?;
        }
    }
    bracket.solve();
    if (0..=n).any(|v| bracket.mate(v).is_none()) {
        return Ok(false);
    }
    // The players below among themselves.
    let m = rest.len();
    if m == 0 {
        return Ok(true);
    }
    let mut below = MatchingComputer::<u64>::new(m).map_err(internal)?;
    for (i, &pa) in rest.iter().enumerate() {
        let a = &ctx.state.players[pa];
        for (j, &pb) in rest.iter().enumerate().skip(i + 1) {
            let b = &ctx.state.players[pb];
            if criteria::compatible(ctx.tournament, ctx.state, a, b) {
                below.set_edge(i, j, 1).map_err(internal)?;
            }
        }
    }
    below.solve();
    Ok((0..m).all(|v| below.mate(v).is_some()))
}
