//! The feasibility test that bounds the search: can the pairs fixed so far be completed into a candidate
//! that meets the criteria in force?
//!
//! A maximum-weight matching answers it. Every player of the group being paired is a vertex with a role
//! (free, in S1, in S2, in the remainder of a heterogeneous bracket); the edges are the pairings the
//! criteria in force allow; the weights rank, in this order of priority:
//!
//! * `Local` scope: every player who must be paired in the group is; `Next` scope (C.12): every player
//!   of the group is paired in it or in the next score bracket, and that bracket can make its p
//!   pairings; `Global` scope (C.13): every player of the group and of the lowest bracket below it is
//!   matched (the lowest bracket can be paired, one of them perhaps receiving the bye);
//! * the number of pairings in the group: the part being paired (p) and, in a heterogeneous bracket, its
//!   remainder;
//! * the fewest pairings of the part that cannot fulfil both colour preferences (B.4), compared with x
//!   afterwards; in a heterogeneous bracket, then the fewest such pairings in the remainder;
//! * the earliest S2 partner for the one S1 player whose partner is being chosen (D.1): this only steers
//!   the optimum towards the candidate sought, which saves probes.
//!
//! The weights are integers of separate bit ranges, so the optimum's counts can be read back exactly.

use super::criteria::Floats;
use super::edges::{Edges, Kind, Layout};
use super::players::Ctx;
pub use super::roles::{Member, Role, Scope, Side};
use crate::error::{Error, Result};
use crate::matching::{MatchingComputer, MatchingError};
use crate::sorting::{sort, sort_by};
use crate::state::Float;

fn internal(e: MatchingError) -> Error {
    Error::Internal(format!("matching: {e}"))
}

/// What the optimum of the current configuration holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Eval {
    /// Every player who must be paired is (see [`Scope`]).
    pub complete: bool,
    /// Pairings of the part being paired.
    pub part: usize,
    /// Pairings within the remainder.
    pub remainder: usize,
    /// Pairings of the part that cannot fulfil both colour preferences (the fewest possible).
    pub conflicts: usize,
}

impl Eval {
    /// The optimum is a completion with `part` pairings, at most `budget` colour conflicts and (when
    /// asked) at least `remainder` pairings left for the remainder.
    pub fn fits(&self, part: usize, budget: usize, remainder: Option<usize>) -> bool {
        self.complete
            && self.part == part
            && self.conflicts <= budget
            && match remainder {
                Some(r) => self.remainder >= r,
                None => true,
            }
    }
}

/// The matching and the roles of its vertices.
pub struct Oracle<'c> {
    edges: Edges<'c>,
    matching: MatchingComputer<u128>,
    /// Vertex of each player index (`usize::MAX` when not in the matching).
    vertex: Vec<usize>,
    /// Solves so far (the search's work counter).
    pub solves: usize,
}

impl<'c> Oracle<'c> {
    /// A matching over `players` (A.2 order, distinct) with `role` for each; in global scope with the bye
    /// when they are odd in number, in `Next` scope towards a homogeneous bracket with the one left unpaired
    /// there.
    pub fn new(ctx: &'c Ctx, scope: Scope, players: &[usize], role: Role) -> Result<Oracle<'c>> {
        let spare = matches!(scope, Scope::Global | Scope::Next { homogeneous: true });
        let bye = spare && players.len() % 2 == 1;
        let count = players.len() + usize::from(bye);
        let Some(layout) = Layout::for_vertices(count) else {
            return Err(Error::size_limit(
                None,
                "pairing",
                format!(
                    "{count} players to pair; the weights of the 1992 system's matching hold at most {}",
                    Layout::max_vertices()
                ),
            ));
        };
        let mut vertex = vec![usize::MAX; ctx.players.len()];
        for (v, &p) in players.iter().enumerate() {
            if let Some(slot) = vertex.get_mut(p) {
                *slot = v;
            }
        }
        let edges = Edges::new(ctx, scope, layout, players, &vertex, (role, bye));
        let mut o = Oracle {
            edges,
            matching: MatchingComputer::new(count).map_err(internal)?,
            vertex,
            solves: 0,
        };
        if role != Role::Removed {
            for v in 0..count {
                for u in v + 1..count {
                    let w = o.edges.weight(v, u);
                    if w > 0 {
                        o.matching.set_edge(v, u, w).map_err(internal)?;
                    }
                }
            }
        }
        Ok(o)
    }

    /// The role of `player` (`Removed` when not in the matching).
    pub fn role(&self, player: usize) -> Role {
        self.vertex_of(player)
            .map_or(Role::Removed, |v| self.edges.role(v))
    }

    fn vertex_of(&self, player: usize) -> Option<usize> {
        self.vertex
            .get(player)
            .copied()
            .filter(|&v| v != usize::MAX)
    }

    /// Gives `player` a new role.
    pub fn set_role(&mut self, player: usize, role: Role) -> Result<()> {
        let Some(v) = self.vertex_of(player) else {
            return if role == Role::Removed {
                Ok(())
            } else {
                Err(Error::Internal("a player outside the matching".into()))
            };
        };
        if self.edges.set_role(v, role) {
            self.refresh(v)?;
        }
        Ok(())
    }

    /// Gives several players new roles at once: every edge is then set once, to its final weight (set
    /// one by one, the edges between players already changed and players not yet changed would be
    /// dropped and restored, and the matching would lose its solution). The vertices with the most
    /// changed edges are refreshed first: the matching repairs the vertex named first in a change, and
    /// a vertex whose only changed edge leads to such a vertex then needs no repair at all.
    pub fn set_roles(&mut self, changes: &[(usize, Role)]) -> Result<()> {
        let mut changed = Vec::with_capacity(changes.len());
        for &(player, role) in changes {
            match self.vertex_of(player) {
                Some(v) => {
                    if self.edges.set_role(v, role) {
                        changed.push(v);
                    }
                }
                None if role == Role::Removed => {}
                None => return Err(Error::Internal("a player outside the matching".into())),
            }
        }
        let order: Vec<usize> = if self.solves == 0 {
            // Nothing solved yet: the matching has no solution to keep, so the order does not matter to
            // it; in increasing order every row grows at its end.
            sort(&mut changed);
            changed
        } else {
            let counts = self.changed_edges(&changed);
            let mut order: Vec<(usize, usize)> = counts.into_iter().zip(changed).collect();
            sort_by(&mut order, |a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
            order.into_iter().map(|(_, v)| v).collect()
        };
        // An edge between two changed vertices is set by the first refreshed: it is skipped at the second
        // (weights are the same from either end, see `Edges`).
        let mut done = vec![false; self.edges.len()];
        for v in order {
            self.refresh_skipping(v, &done)?;
            if let Some(d) = done.get_mut(v) {
                *d = true;
            }
        }
        Ok(())
    }

    /// For each of the `changed` vertices, how many of its edges differ from what the current roles make
    /// them. An edge between two changed vertices is looked at once, for both.
    fn changed_edges(&self, changed: &[usize]) -> Vec<usize> {
        let n = self.edges.len();
        let mut slot = vec![usize::MAX; n];
        for (i, &v) in changed.iter().enumerate() {
            if let Some(s) = slot.get_mut(v) {
                *s = i;
            }
        }
        let mut counts = vec![0; changed.len()];
        for (i, &v) in changed.iter().enumerate() {
            for (u, &j) in slot.iter().enumerate() {
                if u == v || (j != usize::MAX && u < v) {
                    continue;
                }
                if self.matching.edge(v, u).ok() != Some(self.edges.weight(v, u)) {
                    counts[i] += 1;
                    if let Some(c) = counts.get_mut(j) {
                        *c += 1;
                    }
                }
            }
        }
        counts
    }

    /// The criteria of B.5/B.6 in force. Only the edges of members with a float in the last two rounds
    /// can change (whether they must be paired, whether they may float up), so only they are refreshed:
    /// the matching repairs the vertex named first when an edge changes.
    pub fn set_floats(&mut self, floats: Floats) -> Result<()> {
        if self.edges.floats() != floats {
            self.edges.set_floats(floats);
            for v in 0..self.edges.len() {
                let floated = match (self.edges.role(v), self.edges.player(v)) {
                    (Role::Member(_), Some(p)) => {
                        let q = self.edges.ctx().player(p);
                        !q.exempt && q.floats.iter().any(|&f| f != Float::None)
                    }
                    _ => false,
                };
                if floated {
                    self.refresh(v)?;
                }
            }
        }
        Ok(())
    }

    /// Rewards the optimum for pairing `player` with a partner of low position (D.1's order), or stops
    /// doing so (`None`).
    pub fn set_focus(&mut self, player: Option<usize>) -> Result<()> {
        let vertex = player.and_then(|p| self.vertex_of(p));
        let old = self.edges.focus();
        if old != vertex {
            self.edges.set_focus(vertex);
            for v in old.into_iter().chain(vertex) {
                self.refresh(v)?;
            }
        }
        Ok(())
    }

    /// Sets every edge of `v` anew.
    fn refresh(&mut self, v: usize) -> Result<()> {
        self.refresh_skipping(v, &[])
    }

    /// Sets every edge of `v` anew but those to the vertices `skip` marks (whose edges are set already).
    fn refresh_skipping(&mut self, v: usize, skip: &[bool]) -> Result<()> {
        if self.edges.role(v) == Role::Removed {
            return self.matching.isolate_vertex(v).map_err(internal);
        }
        for u in 0..self.edges.len() {
            if u != v && !skip.get(u).copied().unwrap_or(false) {
                let w = self.edges.weight(v, u);
                self.matching.set_edge(v, u, w).map_err(internal)?;
            }
        }
        Ok(())
    }

    /// Solves and reads the optimum back.
    pub fn eval(&mut self) -> Eval {
        self.matching.solve();
        self.solves += 1;
        let mut e = Eval {
            complete: true,
            ..Eval::default()
        };
        for v in 0..self.edges.len() {
            if self.edges.role(v) == Role::Removed {
                continue;
            }
            match self.matching.mate(v) {
                None => {
                    if self.edges.required(v) {
                        e.complete = false;
                    }
                }
                Some(u) if v < u => match self.edges.kind(v, u) {
                    Some(Kind::Part) => {
                        e.part += 1;
                        e.conflicts += usize::from(self.edges.conflict_of(v, u));
                    }
                    Some(Kind::Remainder) => e.remainder += 1,
                    _ => {}
                },
                Some(_) => {}
            }
        }
        e
    }

    /// The pairings of the part in the current optimum (call [`Oracle::eval`] first).
    pub fn part_pairs(&self) -> Vec<(usize, usize)> {
        let mut pairs = Vec::new();
        for v in 0..self.edges.len() {
            if let Some(u) = self.matching.mate(v) {
                if v < u && self.edges.kind(v, u) == Some(Kind::Part) {
                    if let (Some(a), Some(b)) = (self.edges.player(v), self.edges.player(u)) {
                        pairs.push((a, b));
                    }
                }
            }
        }
        pairs
    }

    /// The partner of `player` in the current optimum.
    pub fn mate(&self, player: usize) -> Option<usize> {
        let v = self.vertex_of(player)?;
        let u = self.matching.mate(v)?;
        self.edges.player(u)
    }

    /// Which players the matching holds.
    pub fn scope(&self) -> Scope {
        self.edges.scope()
    }

    /// Whether `player`, a member of the group, must be paired in it (see [`Edges::must_vertex`]).
    pub fn must_pair(&self, player: usize) -> bool {
        self.vertex_of(player)
            .is_some_and(|v| self.edges.must_vertex(v))
    }

    /// Whether `a` and `b` may be paired in the part under the current roles and criteria.
    pub fn part_edge(&self, a: usize, b: usize) -> bool {
        match (self.vertex_of(a), self.vertex_of(b)) {
            (Some(u), Some(v)) => self.edges.kind(u, v) == Some(Kind::Part),
            _ => false,
        }
    }
}
