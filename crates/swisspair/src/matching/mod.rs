//! Maximum-weight matching on general graphs, with incremental re-solving.
//!
//! This module is a generic graph algorithm (it knows nothing about chess):
//! [`MatchingComputer`] stores an undirected graph with non-negative integer
//! edge weights and computes a matching of maximum total weight (not
//! necessarily of maximum cardinality: encode cardinality priority in the
//! weights).  After a solve, edges may be changed and the next
//! [`MatchingComputer::solve`] reuses the previous optimum instead of
//! starting over.
//!
//! # Algorithm
//!
//! The exact primal-dual blossom algorithm of Edmonds in Galil's `O(n^3)`
//! formulation (up to a log factor, see "Cost of a stage"; data layout
//! after Van Rantwijk's `mwmatching`), in integer arithmetic.  With
//! `w(i, j)` the edge weights, it maintains
//!
//! * vertex duals `d_v >= 0` and duals `z_B >= 0` of nested odd vertex sets
//!   ("blossoms"), in a doubled scale: the *slack* of edge `(i, j)` is
//!   `d_i + d_j - 2 w(i, j) + 2 * sum(z_B : i, j in B)`;
//! * **feasibility**: every edge has slack `>= 0`;
//! * **tightness**: every matched edge and every edge of a blossom's odd
//!   cycle has slack `0`, and every blossom is *full* (all its vertices but
//!   the base are matched inside it).
//!
//! By LP duality the matching is optimal as soon as every single (unmatched)
//! vertex has dual `0`.  A single vertex with a positive dual is *active*.
//! Each *stage* grows an alternating tree of tight edges from one active
//! vertex (S-vertices lower their duals, T-vertices raise theirs, S-blossoms
//! raise `z`, T-blossoms lower it) until either an augmenting path to another
//! single vertex appears (the matching grows) or the dual of a tree
//! S-vertex `s` reaches zero; then the even path from the root to `s` is
//! flipped, so the root becomes matched and `s` single with dual zero.
//! Either way one active vertex disappears and none is created, so there are
//! at most `n` stages of `O(n^2)` each (see "Cost of a stage").  Growing one
//! tree at a time means all S-vertices of a stage share the parity of their
//! duals, so the slack between two S-vertices is even and every dual stays
//! an exact integer.
//!
//! A fresh solve starts from `d_v = max_w w(v, w)` and a greedy matching on
//! tight edges; then the duals of *hubs* (vertices whose edges hold up the
//! duals of many single ones) are raised, those of the single vertices are
//! lowered halfway towards their smallest feasible value all at once, and
//! the greedy matching is extended; or, when that leaves more single, the
//! vertices other than the hubs start again from their heaviest edges among
//! themselves (see `Solver::init`).  On pairing weights
//! this is what lets a score group of thousands start mostly matched.
//!
//! ## Cost of a stage
//!
//! A stage scans every vertex at most once, each scan reading one adjacency
//! row: `O(n^2)` (`O(n^2 log n)` in the worst case for the bookkeeping of
//! edges between S-blossoms below, so `O(n^3 log n)` for a full solve).  On
//! the dense, tie-heavy graphs of a pairing program most of that work is
//! avoidable, and the implementation avoids it (details in `solver.rs`):
//!
//! * the scan of an S-vertex only looks at neighbours that can matter: a
//!   per-vertex code (free / S / nothing to do) is kept in a bitset, and
//!   every S-blossom has a bitset of its vertices, so a dense row is read
//!   only at the free vertices and at S-vertices of other blossoms (in a
//!   stage that grows one big blossom, a small fraction of the row);
//! * tight edges found by a scan are processed after it, in neighbour order;
//! * least-slack edges between S-blossoms are recorded per scanned vertex
//!   (4 bytes each) and dropped lazily once internal, instead of Galil's
//!   per-blossom lists merged at every new blossom;
//! * a new blossom takes over the node of its largest S-child, so only the
//!   vertices of the other children change their top-level blossom, and
//!   rotating a blossom walks a nesting chain once, not once per level: a
//!   stage that forms hundreds of nested blossoms stays linear in them;
//! * a dual update costs `O(tree)`, not `O(n)`: labeled nodes are listed,
//!   the best slacks of free vertices are stored against a running offset
//!   (when the stage's largest dual is below `W::MAX / 5`, i.e. for weights
//!   of up to about `W::BITS - 4` bits; with larger weights the offset is
//!   folded back after each update, `O(n)`, so the accepted weights are the
//!   same) and their minimum is cached, so stages with many blossom
//!   expansions stay cheap.
//!
//! # Incremental solving
//!
//! [`MatchingComputer::set_edge`] keeps the invariants above for the current
//! weights, preparing a vertex for re-optimisation only where needed:
//!
//! * a change of an unmatched edge between two different top-level
//!   blossoms that keeps it feasible (`d_u + d_v >= 2 w`, e.g. any decrease)
//!   needs nothing at all: the current matching stays optimal;
//! * otherwise one endpoint `v` is *prepared* (`O(n)`): its top-level
//!   blossom is unmatched from the outside (the old partner becomes single),
//!   the matching inside is rotated so that `v` is the base (flipping only
//!   tight blossom edges), and every blossom containing `v` is dissolved
//!   top-down, adding its `z` to the duals of its vertices (which leaves the
//!   slack of every edge not incident to `v` unchanged).  `v` is now a single
//!   trivial vertex; at the next solve its dual is recomputed as the smallest
//!   value that makes its (new) edges feasible, and so is the dual of the old
//!   partner if it is a trivial vertex.
//!
//! Changing every edge of one vertex therefore leaves at most two active
//! vertices: the re-solve takes one or two stages instead of a full solve.
//! (On tie-heavy graphs the stage's tree may still span the whole graph: the
//! tight edges form one big component; the stage cost described above is
//! what keeps that cheap.)  When more than half of the vertices have been
//! prepared since the last solve, the next solve starts from scratch instead
//! (repairing the previous solution vertex by vertex would cost more).
//! [`MatchingComputer::add_vertex`] adds a single vertex with dual zero
//! (nothing to repair); [`MatchingComputer::isolate_vertex`] removes all
//! edges of a vertex, which is the way to "remove" it.
//!
//! # Weights and limits
//!
//! Weights are any [`Weight`]: `u32`, `u64`, `u128` or `bnum::BUint<N>`
//! (for every `N`).  With `M` the largest edge weight, every vertex dual stays
//! `<= 2 M + 1`, every blossom dual `<= M`, and every intermediate value
//! (sums of two duals, slacks) `<= 4 M + 2`.  Therefore edge weights must be
//! `<= W::MAX >> 2` ([`max_edge_weight`]), i.e. fit in `W::BITS - 2` bits
//! ([`safe_weight_bits`]); `set_edge` rejects larger ones.  The *sum* of the
//! matched weights may exceed the type:
//! [`MatchingComputer::matching_weight`] reports that as an error.
//!
//! # Storage
//!
//! Per-vertex adjacency rows, dense or sorted-sparse by degree.  While the
//! graph has at most 65535 distinct weights, rows hold indices into an
//! interned pool of weights (2 bytes per vertex pair of a dense graph,
//! whatever the width of `W`: 50 MB for 5000 vertices); beyond that, rows
//! hold the weights themselves.  Sparse graphs cost memory proportional to
//! their edges.  The solver's own state is `O(n)` words plus, during a
//! stage, 4 bytes per recorded edge between S-blossoms (at most one per
//! scanned vertex and other S-blossom).
//!
//! # Determinism
//!
//! No randomness, and no hash map is ever iterated: the same sequence of
//! operations always produces the same matching.  (Among several optimal
//! matchings, which one is found may depend on the history, e.g. on whether
//! the previous solution was reused or [`MatchingComputer::reset`] was
//! called.)

mod blossom;
mod cardinality;
mod fresh_start;
mod graph;
mod solver;
mod weight;

#[cfg(test)]
mod tests;

pub use cardinality::Cardinality;
pub(crate) use graph::PassHasher;
pub use graph::INTERN_LIMIT;
pub use weight::{max_edge_weight, safe_weight_bits, Weight};

/// The weight type of the matchings whose weights fit in 62 bits (every system's but the Dutch
/// brackets'): `u64`, and `u128` on WebAssembly, where the Dutch brackets use `u128` anyway: each type
/// is a copy of the matching in the program, and the module's size counts more than this speed.
#[cfg(not(target_arch = "wasm32"))]
pub type SmallWeight = u64;
/// The weight type of the matchings whose weights fit in 62 bits (see the native build's).
#[cfg(target_arch = "wasm32")]
pub type SmallWeight = u128;

/// `w` as a [`SmallWeight`].
#[allow(clippy::useless_conversion)] // `u64` to `u64` outside WebAssembly
pub fn small_weight(w: u64) -> SmallWeight {
    w.into()
}

use graph::Graph;
use solver::{Solver, NONE};

/// Largest number of vertices a [`MatchingComputer`] supports.
pub const MAX_VERTICES: usize = 1 << 30;

/// Errors reported by [`MatchingComputer`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MatchingError {
    /// A vertex index is not below the vertex count.
    #[error("vertex {vertex} is out of range (vertex count {count})")]
    VertexOutOfRange {
        /// The offending index.
        vertex: usize,
        /// The current vertex count.
        count: usize,
    },
    /// An edge from a vertex to itself was requested.
    #[error("self-loop on vertex {0} is not allowed")]
    SelfLoop(usize),
    /// An edge weight exceeds [`max_edge_weight`] for the weight type.
    #[error("edge weight exceeds the maximum supported weight (W::MAX >> 2)")]
    WeightTooLarge,
    /// More than [`MAX_VERTICES`] vertices were requested.
    #[error("too many vertices (maximum is {max})")]
    TooManyVertices {
        /// The supported maximum.
        max: usize,
    },
    /// The total weight of the matching does not fit in the weight type.
    #[error("the total matching weight overflows the weight type")]
    WeightOverflow,
}

/// Maximum-weight matching on a general graph, re-solvable incrementally.
///
/// ```
/// use swisspair::matching::MatchingComputer;
///
/// let mut m = MatchingComputer::<u128>::new(4)?;
/// m.set_edge(0, 1, 10)?;
/// m.set_edge(1, 2, 11)?;
/// m.set_edge(2, 3, 10)?;
/// m.solve();
/// assert_eq!(m.mate(0), Some(1));
/// assert_eq!(m.matching_weight()?, 20);
///
/// // Change every edge of vertex 1 and re-solve incrementally.
/// m.set_edge(1, 0, 1)?;
/// m.set_edge(1, 2, 30)?;
/// m.solve();
/// assert_eq!(m.mate(1), Some(2));
/// assert_eq!(m.matching_weight()?, 30);
/// # Ok::<(), swisspair::matching::MatchingError>(())
/// ```
#[derive(Clone)]
pub struct MatchingComputer<W: Weight> {
    graph: Graph<W>,
    solver: Solver<W>,
    solved: bool,
}

impl<W: Weight> std::fmt::Debug for MatchingComputer<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MatchingComputer")
            .field("vertex_count", &self.vertex_count())
            .field("solved", &self.solved)
            .finish_non_exhaustive()
    }
}

impl<W: Weight> MatchingComputer<W> {
    /// Creates a graph with `vertex_count` vertices and no edges.
    ///
    /// Fails with [`MatchingError::TooManyVertices`] above [`MAX_VERTICES`].
    pub fn new(vertex_count: usize) -> Result<Self, MatchingError> {
        Self::with_graph(vertex_count, Graph::new)
    }

    /// As [`new`](Self::new), for a graph that will be nearly complete (most vertices joined to a
    /// quarter of the others or more) with at most [`INTERN_LIMIT`] distinct weights: each vertex
    /// keeps an array over all vertices from the start, which makes adding the edges faster. The
    /// matchings are as heavy (where several are, another may be found).
    pub fn new_dense(vertex_count: usize) -> Result<Self, MatchingError> {
        Self::with_graph(vertex_count, Graph::new_dense)
    }

    fn with_graph(
        vertex_count: usize,
        graph: impl Fn(usize) -> Graph<W>,
    ) -> Result<Self, MatchingError> {
        if vertex_count > MAX_VERTICES {
            return Err(MatchingError::TooManyVertices { max: MAX_VERTICES });
        }
        Ok(MatchingComputer {
            graph: graph(vertex_count),
            solver: Solver::new(vertex_count),
            solved: false,
        })
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.graph.vertex_count()
    }

    /// Adds a vertex without edges and returns its index (the previous
    /// vertex count).  The current solution stays valid.
    pub fn add_vertex(&mut self) -> Result<usize, MatchingError> {
        if self.vertex_count() >= MAX_VERTICES {
            return Err(MatchingError::TooManyVertices { max: MAX_VERTICES });
        }
        self.graph.add_vertex();
        Ok(self.solver.add_vertex())
    }

    fn check_vertex(&self, vertex: usize) -> Result<(), MatchingError> {
        let count = self.vertex_count();
        if vertex < count {
            Ok(())
        } else {
            Err(MatchingError::VertexOutOfRange { vertex, count })
        }
    }

    /// Sets the weight of edge `{u, v}`; zero removes the edge.
    ///
    /// Weights must not exceed [`max_edge_weight`]`::<W>()`.  After a solve,
    /// the change is absorbed incrementally (see the module documentation);
    /// when an endpoint has to be prepared for re-optimisation, `u` is
    /// chosen unless `v` is cheaper, so pass the vertex whose edges you are
    /// changing first.  Setting the current weight again is a no-op.
    pub fn set_edge(&mut self, u: usize, v: usize, weight: W) -> Result<(), MatchingError> {
        self.check_vertex(u)?;
        self.check_vertex(v)?;
        if u == v {
            return Err(MatchingError::SelfLoop(u));
        }
        if weight > W::max_edge_weight() {
            return Err(MatchingError::WeightTooLarge);
        }
        let weight2 = weight.double();
        // The solver's bookkeeping only looks at the new weight, so the graph
        // can change first.
        if self.graph.set(u, v, weight2) {
            self.solver.before_edge_change(u, v, weight2);
            self.solved = false;
        }
        Ok(())
    }

    /// Weight of edge `{u, v}` (zero if there is no edge).
    pub fn edge(&self, u: usize, v: usize) -> Result<W, MatchingError> {
        self.check_vertex(u)?;
        self.check_vertex(v)?;
        if u == v {
            return Ok(W::ZERO);
        }
        Ok(self.graph.weight2_of(u, v).halve())
    }

    /// Number of edges of vertex `v`.
    pub fn degree(&self, v: usize) -> Result<usize, MatchingError> {
        self.check_vertex(v)?;
        Ok(self.graph.degree(v))
    }

    /// The edges of vertex `v` as `(neighbour, weight)`, by increasing
    /// neighbour.
    pub fn neighbors(&self, v: usize) -> Result<Vec<(usize, W)>, MatchingError> {
        self.check_vertex(v)?;
        let mut out = Vec::with_capacity(self.graph.degree(v));
        self.graph
            .edges(v, |w, w2| out.push((w as usize, w2.halve())));
        Ok(out)
    }

    /// Removes every edge of `v` (the way to take a vertex out of the
    /// matching problem).  Cheaper than zeroing the edges one by one.
    pub fn isolate_vertex(&mut self, v: usize) -> Result<(), MatchingError> {
        self.check_vertex(v)?;
        if self.graph.degree(v) == 0 {
            return Ok(());
        }
        self.solver.prepare(v);
        self.graph.clear_row(v);
        self.solved = false;
        Ok(())
    }

    /// Computes a maximum-weight matching for the current weights, reusing
    /// the previous solution when there is one.
    pub fn solve(&mut self) {
        self.solver.solve(&self.graph);
        self.solved = true;
    }

    /// Forgets the previous solution: the next [`solve`](Self::solve) starts
    /// from scratch (the result is a maximum-weight matching either way,
    /// though among several optimal matchings another may be chosen).
    pub fn reset(&mut self) {
        self.solver.reset_structure();
        self.solved = false;
    }

    /// Whether no edge changed since the last [`solve`](Self::solve).
    pub fn is_solved(&self) -> bool {
        self.solved
    }

    /// Mate of `v` in the matching (`None` if `v` is single or out of
    /// range).  Meaningful after [`solve`](Self::solve); after changes and
    /// before the next solve it reflects a partial matching.
    pub fn mate(&self, v: usize) -> Option<usize> {
        if v >= self.vertex_count() {
            return None;
        }
        match self.solver.mate[v] {
            NONE => None,
            m => Some(m as usize),
        }
    }

    /// Mates of all vertices (see [`mate`](Self::mate)).
    pub fn mates(&self) -> Vec<Option<usize>> {
        (0..self.vertex_count()).map(|v| self.mate(v)).collect()
    }

    /// The matched pairs `(u, v)` with `u < v`, by increasing `u`.
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        (0..self.vertex_count())
            .filter_map(|u| self.mate(u).filter(|&v| u < v).map(|v| (u, v)))
            .collect()
    }

    /// Total weight of the matching, or [`MatchingError::WeightOverflow`] if
    /// it does not fit in `W`.
    pub fn matching_weight(&self) -> Result<W, MatchingError> {
        let mut total = W::ZERO;
        for (u, v) in self.pairs() {
            let w = self.graph.weight2_of(u, v).halve();
            total = total
                .checked_add_w(w)
                .ok_or(MatchingError::WeightOverflow)?;
        }
        Ok(total)
    }
}
