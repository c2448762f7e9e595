//! 2017 A.9 / 2026 C4, round-pairing outlook: can the players not yet paired still all be paired (one
//! of them receiving the pairing-allocated bye when they are odd in number) without breaking the absolute
//! criteria (2017 C.1–C.3, 2026 C1–C3, the bye only to a player who may have it)?
//!
//! Two ways to answer, both exact:
//!
//! - A degree certificate (Dirac's theorem): when every player still to be paired may meet at least
//!   half of the others, they can be paired completely (and when they are odd in number, with any one
//!   of them left out for the bye). The degrees come from counting what forbids a pair — games already
//!   played, forbidden pairs, and the absolute colour preference shared by a whole class of players —
//!   in time linear in the players and rounds, without building a graph. In a large tournament this
//!   holds almost always.
//! - Otherwise a complete pairing of the players still to be paired is built with the matching engine
//!   and kept from bracket to bracket: when a bracket pairs some of them, they leave the graph and only
//!   their old partners need new ones, which the matching engine finds incrementally.

use super::criteria;
use super::Context;
use crate::error::{Error, Result};
use crate::matching::{small_weight, MatchingComputer, MatchingError, SmallWeight};
use crate::score::Score;
use crate::sorting::sort;
use crate::state::Strength;
use crate::tournament::Colour;

pub struct Completion {
    /// Player of each vertex.
    players: Vec<usize>,
    /// Vertex of each player index (`usize::MAX` when not in the round).
    vertex: Vec<usize>,
    /// The players are odd in number: one of them receives the bye.
    odd: bool,
    /// Vertices still to be paired, and how many.
    present: Vec<bool>,
    present_count: usize,
    /// C.3 / C3: the class of players who may not meet each other for their shared absolute colour
    /// preference (non-topscorers only), per vertex; and how many of each class are present.
    class: Vec<Option<Colour>>,
    class_present: [usize; 2],
    /// Per vertex, the other vertices it may not meet for another reason (a game played, a forbidden
    /// pair), without repeats.
    avoid: Vec<Vec<usize>>,
    /// The matching, once the degree certificate has failed.
    exact: Option<Exact>,
}

/// A complete pairing kept by the matching engine; the last vertex is the bye when there is one.
struct Exact {
    matching: MatchingComputer<SmallWeight>,
    bye: Option<usize>,
}

fn internal(e: MatchingError) -> Error {
    Error::Internal(format!("matching: {e}"))
}

fn class_index(c: Colour) -> usize {
    match c {
        Colour::White => 0,
        Colour::Black => 1,
    }
}

impl Completion {
    /// All the players of the round.
    pub fn new(ctx: &Context<'_>, players: &[usize]) -> Result<Completion> {
        let n = players.len();
        let mut vertex = vec![usize::MAX; ctx.state.players.len()];
        for (i, &p) in players.iter().enumerate() {
            vertex[p] = i;
        }
        let mut class = Vec::with_capacity(n);
        let mut class_present = [0; 2];
        for &p in players {
            let s = &ctx.state.players[p];
            let c = (s.preference.strength == Strength::Absolute && !s.topscorer)
                .then_some(s.preference.colour)
                .flatten();
            if let Some(c) = c {
                class_present[class_index(c)] += 1;
            }
            class.push(c);
        }
        let mut avoid: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, &p) in players.iter().enumerate() {
            for &o in &ctx.state.players[p].opponents {
                if let Some(&j) = vertex.get(o).filter(|&&j| j != usize::MAX) {
                    avoid[i].push(j);
                }
            }
        }
        for f in &ctx.tournament.forbidden {
            if !(f.first_round..=f.last_round).contains(&ctx.state.round) {
                continue;
            }
            let (a, b) = (
                vertex.get(f.a).copied().unwrap_or(usize::MAX),
                vertex.get(f.b).copied().unwrap_or(usize::MAX),
            );
            if a != usize::MAX && b != usize::MAX && a != b {
                avoid[a].push(b);
                avoid[b].push(a);
            }
        }
        for list in &mut avoid {
            sort(list);
            list.dedup();
        }
        Ok(Completion {
            players: players.to_vec(),
            vertex,
            odd: n % 2 == 1,
            present: vec![true; n],
            present_count: n,
            class,
            class_present,
            avoid,
            exact: None,
        })
    }

    /// True when every player still to be paired has a partner (or the bye).
    pub fn complete(&mut self, ctx: &Context<'_>) -> Result<bool> {
        if self.exact.is_none() {
            if self.odd && !self.candidate_present(ctx) {
                return Ok(false);
            }
            if self.certified() {
                return Ok(true);
            }
            self.build_exact(ctx)?;
        }
        Ok(self.exact_complete())
    }

    /// Whether a player who may receive the bye is still to be paired.
    fn candidate_present(&self, ctx: &Context<'_>) -> bool {
        (0..self.players.len())
            .any(|i| self.present[i] && ctx.may_get_bye(&ctx.state.players[self.players[i]]))
    }

    /// Dirac's condition for the present players: every one may meet at least half of the others
    /// (when they are odd in number, at least half of the others but one, so that any of them can be
    /// left out for the bye). Sufficient for a complete pairing, not necessary.
    fn certified(&self) -> bool {
        let n = self.present_count;
        if n <= 1 {
            return true;
        }
        let needed = if self.odd { n.div_ceil(2) } else { n / 2 };
        (0..self.players.len())
            .filter(|&i| self.present[i])
            .all(|i| {
                let mut barred = 0;
                let own = self.class[i];
                if let Some(c) = own {
                    barred += self.class_present[class_index(c)] - 1;
                }
                for &j in &self.avoid[i] {
                    if self.present[j] && (own.is_none() || self.class[j] != own) {
                        barred += 1;
                    }
                }
                n - 1 - barred >= needed
            })
    }

    /// Builds the matching over the present players (the bye's edges to the players who may have it).
    fn build_exact(&mut self, ctx: &Context<'_>) -> Result<()> {
        let n = self.players.len();
        let bye = self.odd.then_some(n);
        let matching = MatchingComputer::new(n + usize::from(self.odd)).map_err(internal)?;
        self.exact = Some(Exact { matching, bye });
        for i in 0..n {
            if self.present[i] {
                self.connect(ctx, i, true)?;
            }
        }
        Ok(())
    }

    fn exact_complete(&mut self) -> bool {
        let Some(exact) = &mut self.exact else {
            return false;
        };
        exact.matching.solve();
        (0..self.players.len()).all(|v| !self.present[v] || exact.matching.mate(v).is_some())
            && exact.bye.is_none_or(|b| exact.matching.mate(b).is_some())
    }

    /// Adds the edges of vertex `i` to every present vertex it may be paired with (to the later ones
    /// only with `later_only`, when every vertex is being connected in turn), and to the bye.
    fn connect(&mut self, ctx: &Context<'_>, i: usize, later_only: bool) -> Result<()> {
        let Some(exact) = &mut self.exact else {
            return Ok(());
        };
        let a = &ctx.state.players[self.players[i]];
        let from = if later_only { i + 1 } else { 0 };
        for j in from..self.players.len() {
            if j != i && self.present[j] {
                let b = &ctx.state.players[self.players[j]];
                if criteria::compatible(ctx.tournament, ctx.state, a, b) {
                    exact.matching.set_edge(i, j, 1).map_err(internal)?;
                }
            }
        }
        if let Some(bye) = exact.bye {
            if ctx.may_get_bye(a) {
                exact.matching.set_edge(i, bye, 1).map_err(internal)?;
            }
        }
        Ok(())
    }

    fn set_exact_edge(&mut self, u: usize, v: usize, weight: u64) -> Result<()> {
        match &mut self.exact {
            Some(exact) => exact
                .matching
                .set_edge(u, v, small_weight(weight))
                .map_err(internal),
            None => Ok(()),
        }
    }

    /// 2026 C5 with C2 and C4: the lowest score a player receiving the pairing-allocated bye can have
    /// while the round can still be completed (`None` when the round has no bye). Call with
    /// `ctx.bye_score` unset; the answer is the score to set there, after which only players of at most
    /// that score (the C5 candidates) may have the bye.
    pub fn lowest_bye_score(&mut self, ctx: &Context<'_>) -> Result<Option<Score>> {
        if !self.odd {
            return Ok(None);
        }
        let mut scores: Vec<Score> = (0..self.players.len())
            .filter(|&i| self.present[i])
            .map(|i| &ctx.state.players[self.players[i]])
            .filter(|p| p.bye_eligible())
            .map(|p| p.pairing_score)
            .collect();
        sort(&mut scores);
        scores.dedup();
        if self.exact.is_none() && self.certified() {
            // Any player may be left out for the bye: the lowest score of one who may have it.
            if let Some(&lowest) = scores.first() {
                return Ok(Some(lowest));
            }
        } else {
            if self.exact.is_none() {
                self.build_exact(ctx)?;
            }
            let bye = self.exact.as_ref().and_then(|e| e.bye);
            if let Some(bye) = bye {
                // Bye edges score group by score group from the lowest.
                for i in 0..self.players.len() {
                    self.set_exact_edge(i, bye, 0)?;
                }
                for &s in &scores {
                    for i in 0..self.players.len() {
                        let p = &ctx.state.players[self.players[i]];
                        if self.present[i] && p.pairing_score == s && p.bye_eligible() {
                            self.set_exact_edge(i, bye, 1)?;
                        }
                    }
                    if self.exact_complete() {
                        return Ok(Some(s));
                    }
                }
            }
        }
        Err(Error::NoValidPairing(
            "the players cannot all be paired, one of them receiving the pairing-allocated bye, without breaking an absolute criterion (C1–C3)"
                .into(),
        ))
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
        let back = self.vertices_of(tentative);
        self.restore(ctx, &back)?;
        Ok(true)
    }

    /// Takes the players of `pairs` out when the others can still complete the round; otherwise leaves
    /// everything as it was and returns false.
    pub fn remove_if_completable(
        &mut self,
        ctx: &Context<'_>,
        pairs: &[(usize, usize)],
    ) -> Result<bool> {
        let removed = self.vertices_of(pairs);
        for &v in &removed {
            self.set_present(v, false);
            if let Some(exact) = &mut self.exact {
                exact.matching.isolate_vertex(v).map_err(internal)?;
            }
        }
        if self.complete(ctx)? {
            return Ok(true);
        }
        self.restore(ctx, &removed)?;
        Ok(false)
    }

    /// The vertices of the players of `pairs` (those in the round).
    fn vertices_of(&self, pairs: &[(usize, usize)]) -> Vec<usize> {
        pairs
            .iter()
            .flat_map(|&(a, b)| [a, b])
            .filter_map(|p| self.vertex.get(p).copied().filter(|&v| v != usize::MAX))
            .collect()
    }

    /// Puts the vertices back, with their edges.
    fn restore(&mut self, ctx: &Context<'_>, vertices: &[usize]) -> Result<()> {
        for &v in vertices {
            self.set_present(v, true);
        }
        for &v in vertices {
            self.connect(ctx, v, false)?;
        }
        Ok(())
    }

    fn set_present(&mut self, v: usize, present: bool) {
        if self.present[v] == present {
            return;
        }
        self.present[v] = present;
        if present {
            self.present_count += 1;
        } else {
            self.present_count -= 1;
        }
        if let Some(c) = self.class[v] {
            let count = &mut self.class_present[class_index(c)];
            if present {
                *count += 1;
            } else {
                *count -= 1;
            }
        }
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
    let mut bracket = MatchingComputer::<SmallWeight>::new(n + 1).map_err(internal)?;
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
    let mut below = Completion::new(ctx, rest)?;
    below.complete(ctx)
}
