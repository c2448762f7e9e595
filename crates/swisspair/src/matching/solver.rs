//! The primal-dual algorithm: solver state, incremental preparation, stages
//! and dual updates (Edmonds, Galil; data layout after Van Rantwijk's
//! `mwmatching`), generalised so that it can be restarted from any
//! dual-feasible state.  The fresh start is in
//! [`fresh_start`](super::fresh_start), blossom operations are in
//! [`blossom`](super::blossom).  See the module documentation of
//! [`crate::matching`] for the invariants.
//!
//! Node numbering: vertices are nodes `0..cap`; non-trivial blossoms are
//! nodes `cap + slot` for `slot` in `0..cap`.  Per-node arrays have length
//! `2 * cap`; per-blossom arrays are indexed by `slot`.  `cap` only grows
//! (between solves), and growing renumbers blossoms.
//!
//! Dual scale: vertex duals `d` and blossom duals `z` are stored such that the
//! slack of edge `(i, j)` of weight `w` is
//! `d_i + d_j - 2 w + 2 * sum(z_B : B contains i and j)`; the graph stores
//! `2 w` directly.  The algorithm only ever computes slacks of edges between
//! different top-level blossoms, where the `z` term vanishes.
//!
//! # Stage bookkeeping
//!
//! * Each vertex has a *code* summarising the labels the scan needs:
//!   [`SCODE`] (a scanned S-vertex), [`SKIP`] (an S-vertex waiting to be
//!   scanned, a T-vertex, or a vertex reached inside a T-blossom: the scan of
//!   another S-vertex has nothing to do with it) or [`TRACK`] (anything
//!   else: the least-slack edge from an S-vertex to it is tracked in
//!   `best_*`).  An edge between two S-vertices is handled by the scan of
//!   whichever is scanned last (every S-vertex is scanned before the next
//!   dual update), so the other scan skips it.
//! * Edges between two S-nodes: their slacks all fall by `2 delta` per
//!   dual update, so they are keyed by `slack + 2 * (total delta so far)`
//!   (with a carry bit, so no extra weight headroom is needed), which stays
//!   valid for the whole stage.  The scan of an S-vertex records, in an
//!   arena, the other end of its least-slack edge to each other (scanned)
//!   S-node (4 bytes each), and the best of those.  When that best has become
//!   internal (its ends joined the same blossom), the vertex's entries are
//!   compacted (internal ones dropped for good: S-blossoms only grow during a
//!   stage) and the best recomputed from the current duals, when the next
//!   dual update is chosen; the second time this happens to a vertex, its
//!   entries are sorted by key (the order holds for the rest of the stage),
//!   so later recomputations only skip internal entries at the front.  This
//!   replaces Galil's per-blossom edge lists and their merge per new blossom
//!   (`O(n)` each even when nothing changes, e.g. when a stage grows one big
//!   blossom vertex pair by vertex pair); the worst case per stage becomes
//!   `O(n^2 log n)` instead of `O(n^2)`, the usual case linear in the
//!   recorded entries.
//! * Dense rows are scanned through bitsets: `track` and `sdone` hold the
//!   vertices coded `TRACK` and `SCODE`, and each top-level S-blossom has a
//!   bitset of its vertices (`members`, merged child into parent when it
//!   forms), so the scan of a vertex of a big S-blossom visits only the
//!   edges that leave it (in a stage that grows one big blossom, most edges
//!   do not), one kind of neighbour at a time (no per-edge dispatch).
//! * Dual updates cost `O(tree)`: the labeled vertices and blossoms are
//!   listed as they get labeled, and the best slack of a free vertex is
//!   stored as `slack + off`, where `off` grows with every update, so free
//!   vertices need no update (vertices inside T-blossoms, whose slacks do not
//!   change, get `+delta`).  The smallest free best slack is cached and only
//!   recomputed (`O(n)`) once the vertex holding it is labeled.  Adding `off`
//!   needs headroom: a stage whose duals are too large for it (weights of
//!   more than about `W::BITS - 4` bits) folds `off` back after every update
//!   (`O(n)` per update, as before), so the accepted weights do not change.
//! * Forming a blossom reuses the node of its largest S-child (that child
//!   moves to the fresh node), so only the vertices of the other children
//!   change their top-level blossom: a stage that grows one big blossom step
//!   by step no longer costs `O(n)` per step.

use super::graph::{Graph, RowView};
use super::weight::Weight;

/// Absent vertex / node / edge.
pub(crate) const NONE: u32 = u32::MAX;

/// Label of a top-level blossom (or of a vertex inside a T-blossom).
pub(super) const FREE: u8 = 0;
pub(super) const S: u8 = 1;
pub(super) const T: u8 = 2;
/// Breadcrumb bit used by [`Solver::scan_blossom`].
pub(super) const CRUMB: u8 = 4;

/// Vertex codes (see the module documentation).
pub(super) const TRACK: u8 = 0;
pub(super) const SKIP: u8 = 1;
pub(super) const SCODE: u8 = 2;

/// Kind of dual update chosen in a stage.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Delta {
    /// An S-vertex dual reaches zero: flip its tree path.
    VertexZero(u32),
    /// Edge from an S-vertex to a vertex of an unlabeled blossom gets tight.
    ToFree(u32),
    /// Edge between two S-blossoms gets tight.
    BetweenS(u32, u32),
    /// Dual of a T-blossom reaches zero: expand it.
    ExpandT(u32),
}

/// Key of an S-S edge: `(carry, slack + 2 * total delta)` at insertion.
pub(super) type SsKey<W> = (bool, W);

/// An edge between two S-nodes: key, then the edge `(inside, outside)`
/// (ties broken by the edge, so the order is deterministic).
pub(super) type SsEntry<W> = (bool, W, u32, u32);

/// State of the primal-dual algorithm: matching, duals, blossom forest and
/// per-stage scratch data.
#[derive(Clone)]
pub(crate) struct Solver<W: Weight> {
    /// Number of vertices.
    pub(super) n: usize,
    /// Vertex capacity; blossom nodes start at `cap`.
    pub(super) cap: usize,
    /// Whether duals and blossoms describe a valid (dual feasible) state.
    pub(super) initialized: bool,

    // ---- persistent state ----
    /// Mate of each vertex (`NONE` if single).
    pub(super) mate: Vec<u32>,
    /// Dual variables (per node).
    pub(super) dual: Vec<W>,
    /// Top-level blossom (node) containing each vertex.
    pub(super) inblossom: Vec<u32>,
    /// Parent blossom of each node (`NONE` for top-level nodes).
    pub(super) parent: Vec<u32>,
    /// Base vertex of each node.
    pub(super) base: Vec<u32>,
    /// Number of vertices of each node (0 for unused blossom nodes).
    pub(super) size: Vec<u32>,
    /// Children of each blossom slot, in cycle order, base child first
    /// (empty = slot unused).
    pub(super) childs: Vec<Vec<u32>>,
    /// `bedges[s][i] = (x, y)`: edge connecting `childs[s][i]` (contains
    /// `x`) with `childs[s][i + 1]` (cyclically; contains `y`).
    pub(super) bedges: Vec<Vec<(u32, u32)>>,
    /// Unused blossom slots (a stack, so reuse is deterministic).
    pub(super) free_slots: Vec<u32>,
    /// Vertices whose edges changed since the last solve; their dual is
    /// recomputed at the next solve.
    pub(super) dirty: Vec<bool>,
    pub(super) dirty_list: Vec<u32>,

    // ---- per-stage state ----
    /// `FREE`, `S` or `T` per top-level node; a vertex inside a T-blossom
    /// has its own label `T` once an S-vertex reached it by a tight edge.
    pub(super) label: Vec<u8>,
    /// Per vertex: `TRACK`, `SKIP` or `SCODE` (derived from `label` and
    /// `scanned`).
    pub(super) code: Vec<u8>,
    /// Bitsets of the vertices coded `TRACK` and `SCODE`.
    pub(super) track: Vec<u64>,
    pub(super) sdone: Vec<u64>,
    /// Per blossom slot: bitset of the vertices of the top-level S-blossom,
    /// valid in the stage numbered `members_stage[slot]`.
    pub(super) members: Vec<Vec<u64>>,
    pub(super) members_stage: Vec<u32>,
    /// Number of the current stage (for `members_stage`).
    pub(super) stage_id: u32,
    /// Vertex outside the node through which the node got its label
    /// (S: the T-vertex matched to its base, `NONE` for the root;
    /// T: the S-vertex that reached it).
    pub(super) lab_from: Vec<u32>,
    /// Vertex inside the node at which the label edge ends.
    pub(super) lab_to: Vec<u32>,
    /// Per `TRACK` vertex: the S-vertex at the other end of its least-slack
    /// edge from an S-vertex, and that slack (kept current across dual
    /// updates; `W::MAX` when there is none).
    pub(super) best_from: Vec<u32>,
    pub(super) best_slack: Vec<W>,
    /// Per scanned S-vertex (meaningless for the others): its least-slack
    /// edge to another S-node, and the range in `arena` of its edges to
    /// other S-nodes (see the module documentation).
    pub(super) sbest: Vec<Option<SsEntry<W>>>,
    pub(super) arena: Vec<u32>,
    pub(super) arena_at: Vec<(u32, u32)>,
    /// Per scanned S-vertex: how many times its best was recomputed (2 =
    /// its entries are sorted).
    pub(super) arena_state: Vec<u8>,
    /// Scratch for sorting a vertex's entries.
    pub(super) sort_buf: Vec<(bool, W, u32)>,
    /// Sum of the dual changes of the current stage.
    pub(super) delta_total: W,
    /// Offset of the best slacks of `TRACK` vertices: the best slack of `w`
    /// is `best_slack[w] - off` (see the module documentation).
    pub(super) off: W,
    /// Whether `off` may grow during this stage (enough headroom).
    pub(super) lazy: bool,
    /// Vertices labeled in this stage (S, T, or inside a T-blossom), and
    /// labeled top-level blossoms, possibly with stale entries (dropped when
    /// met); `in_tree` per node says whether a node is listed.
    pub(super) tree_v: Vec<u32>,
    pub(super) tree_b: Vec<u32>,
    pub(super) in_tree: Vec<bool>,
    /// The free vertex with the smallest best slack and that key, if known.
    pub(super) free_min: Option<(W, u32)>,
    /// S-vertices waiting to be scanned.
    pub(super) queue: Vec<u32>,
    /// Whether each vertex has been scanned in this stage.
    pub(super) scanned: Vec<bool>,
    /// Tight edges found by the current scan, processed after it.
    pub(super) events: Vec<u32>,
    /// Free vertices whose best edge has the smallest slack.
    pub(super) ties: Vec<u32>,

    // ---- scratch buffers (kept to avoid allocation) ----
    pub(super) leaves_buf: Vec<u32>,
    pub(super) path_buf: Vec<u32>,
    pub(super) work_buf: Vec<u32>,
    pub(super) expand_buf: Vec<u32>,
    pub(super) edge_buf: Vec<(u32, u32)>,
    pub(super) stack_buf: Vec<(u32, u32)>,
    pub(super) touched: Vec<u32>,
    /// Per target node, during a scan: least-slack S-S edge `(to, slack)`.
    pub(super) bestto: Vec<(u32, W)>,
}

impl<W: Weight> Solver<W> {
    pub(super) fn new(n: usize) -> Self {
        let cap = n.max(4);
        let mut solver = Solver {
            n,
            cap,
            initialized: false,
            mate: vec![NONE; cap],
            dual: vec![W::ZERO; 2 * cap],
            inblossom: (0..cap as u32).collect(),
            parent: vec![NONE; 2 * cap],
            base: (0..2 * cap as u32)
                .map(|x| if (x as usize) < cap { x } else { NONE })
                .collect(),
            size: (0..2 * cap).map(|x| u32::from(x < cap)).collect(),
            childs: vec![Vec::new(); cap],
            bedges: vec![Vec::new(); cap],
            free_slots: (0..cap as u32).rev().collect(),
            dirty: vec![false; cap],
            dirty_list: Vec::new(),
            label: vec![FREE; 2 * cap],
            code: vec![TRACK; cap],
            track: vec![0; cap.div_ceil(64)],
            sdone: vec![0; cap.div_ceil(64)],
            members: vec![Vec::new(); cap],
            members_stage: vec![0; cap],
            stage_id: 0,
            lab_from: vec![NONE; 2 * cap],
            lab_to: vec![NONE; 2 * cap],
            best_from: vec![NONE; cap],
            best_slack: vec![W::MAX; cap],
            sbest: vec![None; cap],
            arena: Vec::new(),
            arena_at: vec![(0, 0); cap],
            arena_state: vec![0; cap],
            sort_buf: Vec::new(),
            delta_total: W::ZERO,
            off: W::ZERO,
            lazy: false,
            tree_v: Vec::new(),
            tree_b: Vec::new(),
            in_tree: vec![false; 2 * cap],
            free_min: None,
            queue: Vec::new(),
            scanned: vec![false; cap],
            events: Vec::new(),
            ties: Vec::new(),
            leaves_buf: Vec::new(),
            path_buf: Vec::new(),
            work_buf: Vec::new(),
            expand_buf: Vec::new(),
            edge_buf: Vec::new(),
            stack_buf: Vec::new(),
            touched: Vec::new(),
            bestto: vec![(NONE, W::ZERO); 2 * cap],
        };
        solver.reset_structure();
        solver
    }

    #[inline(always)]
    pub(super) fn is_blossom(&self, node: u32) -> bool {
        node as usize >= self.cap
    }

    #[inline(always)]
    pub(super) fn slot(&self, node: u32) -> usize {
        node as usize - self.cap
    }

    /// Forgets matching, duals and blossoms: the next solve starts from
    /// scratch.
    pub(super) fn reset_structure(&mut self) {
        let cap = self.cap;
        for v in 0..cap {
            self.mate[v] = NONE;
            self.inblossom[v] = v as u32;
            self.parent[v] = NONE;
            self.base[v] = v as u32;
            self.size[v] = 1;
            self.dirty[v] = false;
        }
        for s in 0..cap {
            self.childs[s].clear();
            self.bedges[s].clear();
            self.parent[cap + s] = NONE;
            self.base[cap + s] = NONE;
            self.size[cap + s] = 0;
        }
        self.dual.iter_mut().for_each(|d| *d = W::ZERO);
        self.free_slots.clear();
        self.free_slots.extend((0..cap as u32).rev());
        self.dirty_list.clear();
        self.initialized = false;
    }

    // ------------------------------------------------------------------
    // Growth
    // ------------------------------------------------------------------

    /// Adds a vertex (single, dual zero, no edges); returns its index.
    pub(super) fn add_vertex(&mut self) -> usize {
        if self.n == self.cap {
            self.grow(2 * self.cap);
        }
        let v = self.n;
        self.n += 1;
        self.mate[v] = NONE;
        self.dual[v] = W::ZERO;
        self.inblossom[v] = v as u32;
        self.parent[v] = NONE;
        self.base[v] = v as u32;
        self.size[v] = 1;
        self.dirty[v] = false;
        v
    }

    /// Raises the capacity to `new_cap`, renumbering blossom nodes.
    fn grow(&mut self, new_cap: usize) {
        let old = self.cap;
        let offset = (new_cap - old) as u32;
        let renumber = |x: u32| {
            if x != NONE && x as usize >= old {
                x + offset
            } else {
                x
            }
        };
        fn spread<X: Copy>(values: &[X], old: usize, new_cap: usize, fill: X) -> Vec<X> {
            let mut out = vec![fill; 2 * new_cap];
            out[..old].copy_from_slice(&values[..old]);
            out[new_cap..new_cap + old].copy_from_slice(&values[old..2 * old]);
            out
        }
        self.dual = spread(&self.dual, old, new_cap, W::ZERO);
        self.parent = spread(&self.parent, old, new_cap, NONE)
            .into_iter()
            .map(renumber)
            .collect();
        self.base = spread(&self.base, old, new_cap, NONE);
        self.size = spread(&self.size, old, new_cap, 0);
        for v in old..new_cap {
            self.base[v] = v as u32;
            self.size[v] = 1;
        }
        self.inblossom = self.inblossom.iter().map(|&x| renumber(x)).collect();
        self.inblossom.extend(old as u32..new_cap as u32);
        for list in &mut self.childs {
            for x in list.iter_mut() {
                *x = renumber(*x);
            }
        }
        self.childs.resize_with(new_cap, Vec::new);
        self.bedges.resize_with(new_cap, Vec::new);
        self.sbest = vec![None; new_cap];
        self.arena_at = vec![(0, 0); new_cap];
        self.arena_state = vec![0; new_cap];
        self.free_slots.extend((old as u32..new_cap as u32).rev());
        self.mate.resize(new_cap, NONE);
        self.dirty.resize(new_cap, false);
        self.label = vec![FREE; 2 * new_cap];
        self.code = vec![TRACK; new_cap];
        self.track = vec![0; new_cap.div_ceil(64)];
        self.sdone = vec![0; new_cap.div_ceil(64)];
        self.members.resize_with(new_cap, Vec::new);
        self.members_stage.resize(new_cap, 0);
        self.lab_from = vec![NONE; 2 * new_cap];
        self.lab_to = vec![NONE; 2 * new_cap];
        self.best_from = vec![NONE; new_cap];
        self.best_slack = vec![W::MAX; new_cap];
        self.scanned = vec![false; new_cap];
        self.bestto = vec![(NONE, W::ZERO); 2 * new_cap];
        self.in_tree = vec![false; 2 * new_cap];
        self.cap = new_cap;
    }

    // ------------------------------------------------------------------
    // Incremental preparation (the fresh start is in `fresh_start.rs`)
    // ------------------------------------------------------------------

    /// Called before the weight of edge `(u, v)` changes to `new2` (doubled).
    /// Keeps the state dual feasible with all matched and blossom edges tight,
    /// by preparing an endpoint for re-optimisation when necessary.
    pub(super) fn before_edge_change(&mut self, u: usize, v: usize, new2: W) {
        if !self.initialized || self.dirty[u] || self.dirty[v] {
            return;
        }
        let structural = self.inblossom[u] == self.inblossom[v] || self.mate[u] == v as u32;
        if structural {
            self.prepare(u);
            return;
        }
        // Edge between two different top-level blossoms: only feasibility
        // matters.
        if new2 <= self.dual[u].add_w(self.dual[v]) {
            return;
        }
        let cheap = |x: usize| self.mate[x] == NONE && self.inblossom[x] == x as u32;
        if cheap(v) && !cheap(u) {
            self.prepare(v);
        } else {
            self.prepare(u);
        }
    }

    /// Detaches vertex `v` from the solution so that its edges may change
    /// arbitrarily:
    ///
    /// 1. the top-level blossom `R` containing `v` is unmatched from the
    ///    outside (its former partner becomes single);
    /// 2. the matching inside `R` is rotated so that `v` is the base (only
    ///    tight blossom edges are flipped, so everything stays tight);
    /// 3. every blossom containing `v` is dissolved from the top down,
    ///    pushing its dual `z` into the duals of its vertices (`d += z`):
    ///    this leaves every edge slack unchanged except those of `v`;
    /// 4. `v` is marked dirty: at the next solve its dual is recomputed as
    ///    the smallest value keeping its (new) edges feasible.
    pub(super) fn prepare(&mut self, v: usize) {
        if !self.initialized || self.dirty[v] {
            return;
        }
        self.dirty[v] = true;
        self.dirty_list.push(v as u32);
        let r = self.inblossom[v];
        let b = self.base[r as usize] as usize;
        let x = self.mate[b];
        if x != NONE {
            self.mate[x as usize] = NONE;
            self.mate[b] = NONE;
            // A trivial former partner may lower its dual (it is single now,
            // so only feasibility matters): recompute it at the next solve.
            let xi = x as usize;
            if self.inblossom[xi] == x && !self.dirty[xi] {
                self.dirty[xi] = true;
                self.dirty_list.push(x);
            }
        }
        if self.is_blossom(r) {
            self.augment_blossom(r, v as u32);
            self.mate[v] = NONE;
            let mut top = r;
            let mut acc = W::ZERO;
            while self.is_blossom(top) {
                let s = self.slot(top);
                acc = acc.add_w(self.dual[top as usize]);
                let children = std::mem::take(&mut self.childs[s]);
                let mut leaves = std::mem::take(&mut self.leaves_buf);
                for &c in &children[1..] {
                    self.parent[c as usize] = NONE;
                    leaves.clear();
                    self.collect_leaves(c, &mut leaves);
                    for &y in &leaves {
                        self.inblossom[y as usize] = c;
                        self.dual[y as usize] = self.dual[y as usize].add_w(acc);
                    }
                }
                self.leaves_buf = leaves;
                let c0 = children[0];
                self.parent[c0 as usize] = NONE;
                self.childs[s] = children;
                self.recycle(top);
                top = c0;
            }
            self.inblossom[v] = v as u32;
            // Keep the LP-neutral value as a starting estimate.
            self.dual[v] = self.dual[v].add_w(acc);
        }
    }

    /// Recomputes the duals of dirty vertices (all single and trivial).
    fn fix_dirty(&mut self, g: &Graph<W>) {
        // Each edge between two dirty vertices is made feasible when the
        // later of the two is processed; stale duals used before that only
        // change how the slack is split between the two endpoints.
        let list = std::mem::take(&mut self.dirty_list);
        for &v in &list {
            self.dual[v as usize] = self.needed_dual(g, v as usize);
            self.dirty[v as usize] = false;
        }
        // Re-match along tight edges right away where possible (typically a
        // vertex with its old partner): no stage needed for those.
        let order: Vec<usize> = list.iter().map(|&v| v as usize).collect();
        self.greedy_pass(g, &order);
        self.dirty_list = list;
        self.dirty_list.clear();
    }

    // ------------------------------------------------------------------
    // Main loop
    // ------------------------------------------------------------------

    /// Computes a maximum-weight matching, starting from the current state
    /// (or from scratch if there is none).
    pub(super) fn solve(&mut self, g: &Graph<W>) {
        // When most vertices changed, the previous solution is worth little
        // and repairing it vertex by vertex is no cheaper than a fresh start.
        if self.initialized && 2 * self.dirty_list.len() > self.n {
            self.reset_structure();
        }
        if !self.initialized {
            self.init(g);
        }
        self.fix_dirty(g);
        let mut start = 0;
        loop {
            // Every stage turns one active single vertex into a matched or a
            // passive (zero dual) one, and never creates active ones.
            while start < self.n && (self.mate[start] != NONE || self.dual[start].is_zero()) {
                start += 1;
            }
            if start >= self.n {
                break;
            }
            self.stage(g, start as u32);
            // After a stage its root is matched, or single with dual zero.
            debug_assert!(self.mate[start] != NONE || self.dual[start].is_zero());
            if self.mate[start] == NONE && !self.dual[start].is_zero() {
                // Unreachable; never loop forever in release builds.
                start += 1;
            }
        }
    }

    /// Clears the per-stage labels and best edges.
    fn reset_stage(&mut self) {
        let nodes = 2 * self.cap;
        self.label[..nodes].fill(FREE);
        self.lab_from[..nodes].fill(NONE);
        self.lab_to[..nodes].fill(NONE);
        self.code.fill(TRACK);
        self.track.fill(0);
        self.sdone.fill(0);
        for v in 0..self.n {
            self.track[v / 64] |= 1 << (v % 64);
        }
        self.stage_id = self.stage_id.wrapping_add(1);
        if self.stage_id == 0 {
            // After 2^32 stages: make sure no old stamp looks current.
            self.members_stage.fill(0);
            self.stage_id = 1;
        }
        self.best_from.fill(NONE);
        self.best_slack.fill(W::MAX);
        self.scanned.fill(false);
        // `sbest` and `arena_at` are written by every scan and only read for
        // scanned vertices: no reset needed.
        self.arena.clear();
        self.delta_total = W::ZERO;
        self.off = W::ZERO;
        // Lazy offsets keep every value below `5 * max dual` (S and T duals
        // move by at most the total delta, itself at most the root's dual).
        let max_dual = self.dual[..self.n].iter().copied().max().unwrap_or(W::ZERO);
        let bound = max_dual
            .checked_add_w(max_dual)
            .and_then(|x| x.checked_add_w(x))
            .and_then(|x| x.checked_add_w(max_dual))
            .and_then(|x| x.checked_add_w(W::from_u64(8)));
        self.lazy = bound.is_some_and(|b| b < W::MAX);
        for &x in self.tree_v.iter().chain(&self.tree_b) {
            self.in_tree[x as usize] = false;
        }
        self.tree_v.clear();
        self.tree_b.clear();
        self.free_min = None;
        self.queue.clear();
        self.events.clear();
    }

    /// Lists vertex or blossom `x` as labeled (once).
    #[inline]
    pub(super) fn tree_add(&mut self, x: u32) {
        if !self.in_tree[x as usize] {
            self.in_tree[x as usize] = true;
            if self.is_blossom(x) {
                self.tree_b.push(x);
            } else {
                self.tree_v.push(x);
            }
        }
    }

    /// Offers free `TRACK` vertex `w` (with a finite best) as the smallest.
    #[inline]
    pub(super) fn offer_free(&mut self, w: u32) {
        let key = self.best_slack[w as usize];
        if key != W::MAX && self.free_min.is_none_or(|(k, x)| (key, w) < (k, x)) {
            self.free_min = Some((key, w));
        }
    }

    /// Sets the code of vertex `v` (and its bits in `track` and `sdone`).
    #[inline]
    pub(super) fn set_code(&mut self, v: u32, code: u8) {
        let v = v as usize;
        self.code[v] = code;
        let bit = 1u64 << (v % 64);
        self.track[v / 64] &= !bit;
        self.sdone[v / 64] &= !bit;
        match code {
            TRACK => self.track[v / 64] |= bit,
            SCODE => self.sdone[v / 64] |= bit,
            _ => {}
        }
    }

    /// Starts the member bitset of top-level S-blossom `b` (empty).
    pub(super) fn members_start(&mut self, b: u32) {
        let s = self.slot(b);
        let words = self.cap.div_ceil(64);
        let set = &mut self.members[s];
        set.clear();
        set.resize(words, 0);
        self.members_stage[s] = self.stage_id;
    }

    /// Adds vertices to the member bitset of blossom `b`.
    pub(super) fn members_add(&mut self, b: u32, vertices: &[u32]) {
        let set = &mut self.members[b as usize - self.cap];
        for &x in vertices {
            set[x as usize / 64] |= 1 << (x % 64);
        }
    }

    /// Whether blossom `b` has a valid member bitset.
    #[inline]
    pub(super) fn members_valid(&self, b: u32) -> bool {
        self.members_stage[self.slot(b)] == self.stage_id
    }

    /// Forgets the best edge of vertex `x`.
    #[inline]
    pub(super) fn clear_best(&mut self, x: u32) {
        self.best_from[x as usize] = NONE;
        self.best_slack[x as usize] = W::MAX;
    }

    /// One stage: grow an alternating tree from single vertex `root` until
    /// an augmenting path is found or a tree vertex's dual reaches zero.
    fn stage(&mut self, g: &Graph<W>, root: u32) {
        self.reset_stage();
        self.assign_label(root, S, NONE);
        'stage: loop {
            while let Some(v) = self.queue.pop() {
                if self.scan(g, v) {
                    break 'stage;
                }
            }
            #[cfg(test)]
            self.check_codes();
            let (delta, kind) = self.compute_delta(g);
            if !delta.is_zero() {
                self.update_duals(delta);
            }
            match kind {
                Delta::VertexZero(s) => {
                    self.augment_from(s, NONE);
                    break 'stage;
                }
                Delta::ToFree(_) => {
                    // Every free vertex whose best edge is now tight.
                    let mut ties = std::mem::take(&mut self.ties);
                    let mut ended = false;
                    for &w in &ties {
                        let v = self.best_from[w as usize];
                        if self.process_tight(v, w) {
                            ended = true;
                            break;
                        }
                    }
                    ties.clear();
                    self.ties = ties;
                    if ended {
                        break 'stage;
                    }
                }
                Delta::BetweenS(v, w) => {
                    if self.process_tight(v, w) {
                        break 'stage;
                    }
                }
                Delta::ExpandT(b) => self.expand(b, false),
            }
        }
        // End of stage: expand S-blossoms whose dual is zero.
        for s in 0..self.cap {
            let b = (self.cap + s) as u32;
            if !self.childs[s].is_empty()
                && self.parent[b as usize] == NONE
                && self.label[b as usize] == S
                && self.dual[b as usize].is_zero()
            {
                self.expand(b, true);
            }
        }
    }

    /// Test builds: checks that the vertex codes agree with the labels.
    #[cfg(test)]
    fn check_codes(&self) {
        for v in 0..self.n {
            let b = self.inblossom[v] as usize;
            let expected = match self.label[b] {
                S if self.scanned[v] => SCODE,
                S => SKIP,
                T if self.label[v] != FREE => SKIP,
                _ => TRACK,
            };
            assert_eq!(self.code[v], expected, "code of vertex {v}");
            let bit = |set: &[u64]| set[v / 64] >> (v % 64) & 1 == 1;
            assert_eq!(bit(&self.track), expected == TRACK, "track bit of {v}");
            assert_eq!(bit(&self.sdone), expected == SCODE, "sdone bit of {v}");
            if self.label[b] != FREE {
                assert!(self.in_tree[v], "labeled vertex {v} not listed");
            }
        }
        // The cached smallest free best slack, if valid, is the smallest.
        if let Some((key, w)) = self.free_min {
            let wi = w as usize;
            if self.code[wi] == TRACK
                && self.label[self.inblossom[wi] as usize] == FREE
                && self.best_slack[wi] == key
            {
                for v in 0..self.n {
                    if self.code[v] == TRACK && self.label[self.inblossom[v] as usize] == FREE {
                        assert!(self.best_slack[v] >= key, "free minimum of {v}");
                    }
                }
            }
        }
        for s in 0..self.cap {
            let b = (self.cap + s) as u32;
            if self.childs[s].is_empty() || self.parent[b as usize] != NONE {
                continue;
            }
            if self.label[b as usize] == S {
                assert!(self.members_valid(b), "S-blossom {b} without members");
            }
            if self.label[b as usize] != FREE {
                assert!(self.in_tree[b as usize], "labeled blossom {b} not listed");
            }
            if self.members_valid(b) {
                let mut leaves = Vec::new();
                self.collect_leaves(b, &mut leaves);
                let count: u32 = self.members[s].iter().map(|w| w.count_ones()).sum();
                assert_eq!(count as usize, leaves.len(), "members of {b}");
                for &x in &leaves {
                    assert!(self.members[s][x as usize / 64] >> (x % 64) & 1 == 1);
                }
            }
        }
    }

    /// Key of an S-S edge of slack `slack`: `slack + 2 * total delta`, with
    /// its carry.
    #[inline]
    pub(super) fn ss_key(&self, slack: W) -> SsKey<W> {
        let (key, carry) = slack.overflowing_add_w(self.delta_total.double());
        (carry, key)
    }

    /// Current slack of an S-S edge with key `key`.
    #[inline]
    fn ss_slack(&self, key: SsKey<W>) -> W {
        key.1.wrapping_sub_w(self.delta_total.double())
    }

    /// The least-slack edge from scanned S-vertex `v` to another S-node:
    /// its recorded best if that is still valid, else recomputed from its
    /// entries (dropping the internal ones).
    fn vertex_best(&mut self, g: &Graph<W>, v: usize) -> Option<SsEntry<W>> {
        let e = self.sbest[v]?;
        let bv = self.inblossom[v];
        if self.inblossom[e.3 as usize] != bv {
            return Some(e);
        }
        let (start, len) = self.arena_at[v];
        let (mut start, end) = (start as usize, (start + len) as usize);
        let dv = self.dual[v];
        let key_of = |this: &Self, j: u32| {
            let ju = j as usize;
            let slack = dv.add_w(this.dual[ju]).sub_w(g.weight2_of(v, ju));
            this.ss_key(slack)
        };
        let best = match self.arena_state[v] {
            0 => {
                // First time: compact and take the minimum.
                self.arena_state[v] = 1;
                let mut keep = start;
                let mut best: Option<SsEntry<W>> = None;
                for idx in start..end {
                    let j = self.arena[idx];
                    if self.inblossom[j as usize] != bv {
                        self.arena[keep] = j;
                        keep += 1;
                        let (carry, key) = key_of(self, j);
                        let entry = (carry, key, v as u32, j);
                        if best.is_none_or(|b| entry < b) {
                            best = Some(entry);
                        }
                    }
                }
                self.arena_at[v] = (start as u32, (keep - start) as u32);
                best
            }
            state => {
                if state == 1 {
                    // Second time: sort the valid entries by key.
                    self.arena_state[v] = 2;
                    let mut buf = std::mem::take(&mut self.sort_buf);
                    buf.clear();
                    for idx in start..end {
                        let j = self.arena[idx];
                        if self.inblossom[j as usize] != bv {
                            let (carry, key) = key_of(self, j);
                            buf.push((carry, key, j));
                        }
                    }
                    buf.sort_unstable();
                    for (offset, &(_, _, j)) in buf.iter().enumerate() {
                        self.arena[start + offset] = j;
                    }
                    let count = buf.len();
                    self.sort_buf = buf;
                    self.arena_at[v] = (start as u32, count as u32);
                }
                // Sorted: the best is the first entry still valid.
                let (_, len) = self.arena_at[v];
                let end = start + len as usize;
                while start < end && self.inblossom[self.arena[start] as usize] == bv {
                    start += 1;
                }
                self.arena_at[v] = (start as u32, (end - start) as u32);
                (start < end).then(|| {
                    let j = self.arena[start];
                    let (carry, key) = key_of(self, j);
                    (carry, key, v as u32, j)
                })
            }
        };
        self.sbest[v] = best;
        best
    }

    /// Chooses the largest dual change keeping the dual solution feasible.
    fn compute_delta(&mut self, g: &Graph<W>) -> (W, Delta) {
        // Smallest S-vertex dual (the root is an S-vertex, so there is one),
        // and smallest key of an edge between S-nodes.
        let mut d1 = W::MAX;
        let mut k1 = NONE;
        let mut d3: Option<SsEntry<W>> = None;
        // (Every S-vertex is scanned by now: S-vertices are the `SCODE` ones.)
        let mut i = 0;
        while i < self.tree_v.len() {
            let v = self.tree_v[i] as usize;
            i += 1;
            if self.code[v] != SCODE {
                continue;
            }
            if self.dual[v] < d1 {
                d1 = self.dual[v];
                k1 = v as u32;
            }
            if self.code[v] == SCODE && self.sbest[v].is_some() {
                if let Some(e) = self.vertex_best(g, v) {
                    if d3.is_none_or(|d| e < d) {
                        d3 = Some(e);
                    }
                }
            }
        }
        // Smallest slack from an S-vertex to a vertex of a free node: the
        // cached one while it is still free with that key, else a full pass
        // (which also collects the ties).
        self.ties.clear();
        let cached = self.free_min.filter(|&(key, w)| {
            let wi = w as usize;
            self.code[wi] == TRACK
                && self.label[self.inblossom[wi] as usize] == FREE
                && self.best_slack[wi] == key
        });
        let (d2, k2) = match cached {
            Some((key, w)) => {
                self.ties.push(w);
                (key.sub_w(self.off), w)
            }
            None => {
                let n = self.n;
                let mut min = W::MAX;
                let mut k2 = NONE;
                let ties = &mut self.ties;
                let inblossom = &self.inblossom[..n];
                let best_slack = &self.best_slack[..n];
                let code = &self.code[..n];
                let label = &self.label[..];
                for v in 0..n {
                    let key = best_slack[v];
                    if code[v] == TRACK && key <= min && label[inblossom[v] as usize] == FREE {
                        if key < min {
                            min = key;
                            k2 = v as u32;
                            ties.clear();
                        }
                        ties.push(v as u32);
                    }
                }
                if k2 == NONE {
                    self.free_min = None;
                    (W::MAX, NONE)
                } else {
                    self.free_min = Some((min, k2));
                    (min.sub_w(self.off), k2)
                }
            }
        };
        // Smallest dual of a T-blossom.
        let mut d4 = W::MAX;
        let mut k4 = NONE;
        let mut i = 0;
        while i < self.tree_b.len() {
            let b = self.tree_b[i] as usize;
            i += 1;
            let s = b - self.cap;
            if self.label[b] == T
                && self.parent[b] == NONE
                && !self.childs[s].is_empty()
                && self.dual[b] < d4
            {
                d4 = self.dual[b];
                k4 = b as u32;
            }
        }
        let mut result = (d1, Delta::VertexZero(k1));
        if k2 != NONE && d2 < result.0 {
            result = (d2, Delta::ToFree(k2));
        }
        if let Some((carry, key, i, j)) = d3 {
            let slack = self.ss_slack((carry, key));
            debug_assert!(!slack.is_odd(), "odd slack between S-blossoms");
            let d = slack.halve();
            if d < result.0 {
                result = (d, Delta::BetweenS(i, j));
            }
        }
        if k4 != NONE && d4 < result.0 {
            result = (d4, Delta::ExpandT(k4));
        }
        result
    }

    /// Applies a dual change: S-vertices `-delta`, T-vertices `+delta`,
    /// S-blossoms `+delta`, T-blossoms `-delta`; cached slacks follow (those
    /// of free vertices through `off`).  Listed nodes that are no longer
    /// labeled top-level nodes (or inside one) are dropped from the lists.
    fn update_duals(&mut self, delta: W) {
        // (Every S-vertex is scanned by now: the codes tell S-vertices
        // (`SCODE`) from T-vertices and vertices reached in T-blossoms
        // (`SKIP`); a `TRACK` vertex is inside a T-blossom or free.)
        let mut i = 0;
        while i < self.tree_v.len() {
            let v = self.tree_v[i] as usize;
            match self.code[v] {
                SCODE => self.dual[v] = self.dual[v].sub_w(delta),
                SKIP => self.dual[v] = self.dual[v].add_w(delta),
                _ if self.label[self.inblossom[v] as usize] == T => {
                    self.dual[v] = self.dual[v].add_w(delta);
                    // Not reached: its slacks do not change, so its stored
                    // key follows `off`.
                    if self.best_slack[v] != W::MAX {
                        self.best_slack[v] = self.best_slack[v].add_w(delta);
                    }
                }
                _ => {
                    self.in_tree[v] = false;
                    self.tree_v.swap_remove(i);
                    continue;
                }
            }
            i += 1;
        }
        let mut i = 0;
        while i < self.tree_b.len() {
            let b = self.tree_b[i] as usize;
            if self.parent[b] == NONE && !self.childs[b - self.cap].is_empty() {
                match self.label[b] {
                    S => {
                        self.dual[b] = self.dual[b].add_w(delta);
                        i += 1;
                        continue;
                    }
                    T => {
                        self.dual[b] = self.dual[b].sub_w(delta);
                        i += 1;
                        continue;
                    }
                    _ => {}
                }
            }
            self.in_tree[b] = false;
            self.tree_b.swap_remove(i);
        }
        self.delta_total = self.delta_total.add_w(delta);
        self.off = self.off.add_w(delta);
        if !self.lazy {
            self.fold_off();
        }
    }

    /// Subtracts `off` from every stored best slack (and the cached
    /// minimum), and resets it to zero.
    fn fold_off(&mut self) {
        let off = self.off;
        if off.is_zero() {
            return;
        }
        // (Only `TRACK` vertices have meaningful keys; the others keep
        // stale ones, never read again in this stage.)
        for (key, &code) in self.best_slack[..self.n].iter_mut().zip(&self.code) {
            if code == TRACK && *key != W::MAX {
                *key = key.sub_w(off);
            }
        }
        if let Some((key, w)) = self.free_min {
            self.free_min = Some((key.sub_w(off), w));
        }
        self.off = W::ZERO;
    }

    /// Labels the top-level blossom containing `w` with `t`, reached from
    /// `from` (`NONE` for a root).  A T-label propagates an S-label to the
    /// mate of the blossom's base.
    pub(super) fn assign_label(&mut self, w: u32, t: u8, from: u32) {
        let b = self.inblossom[w as usize];
        let (wi, bi) = (w as usize, b as usize);
        self.label[wi] = t;
        self.label[bi] = t;
        self.lab_from[wi] = from;
        self.lab_from[bi] = from;
        self.lab_to[wi] = w;
        self.lab_to[bi] = w;
        self.clear_best(w);
        self.tree_add(b);
        if self.is_blossom(b) {
            // Every vertex of a labeled blossom changes its dual.
            let mut leaves = std::mem::take(&mut self.leaves_buf);
            leaves.clear();
            self.collect_leaves(b, &mut leaves);
            for &x in &leaves {
                self.tree_add(x);
            }
            if t == S {
                for &x in &leaves {
                    self.set_code(x, SKIP);
                }
                self.queue.extend_from_slice(&leaves);
                self.members_start(b);
                self.members_add(b, &leaves);
            }
            self.leaves_buf = leaves;
        }
        if t == S {
            if !self.is_blossom(b) {
                self.set_code(w, SKIP);
                self.queue.push(b);
            }
        } else {
            self.set_code(w, SKIP);
            let base = self.base[bi];
            let m = self.mate[base as usize];
            if m != NONE {
                self.assign_label(m, S, base);
            }
        }
    }

    /// Scans all edges of S-vertex `v`: records least-slack edges, collects
    /// tight edges, then processes those.  Returns `true` if the stage ended
    /// (augmentation).
    fn scan(&mut self, g: &Graph<W>, v: u32) -> bool {
        let vi = v as usize;
        if self.scanned[vi] {
            return false;
        }
        self.scanned[vi] = true;
        self.set_code(v, SCODE);
        let bv = self.inblossom[vi];
        let dv = self.dual[vi];
        self.events.clear();
        self.touched.clear();
        let n = self.n;
        let (view, pool) = g.row(vi);
        // Vertices of `v`'s own S-blossom need no look.
        let exclude = if self.is_blossom(bv) && self.members_valid(bv) {
            Some(&self.members[self.slot(bv)][..])
        } else {
            None
        };
        let mut hot = Hot {
            v,
            bv,
            dv,
            code: &self.code[..n],
            inblossom: &self.inblossom[..n],
            dual: &self.dual[..n],
            best_slack: &mut self.best_slack[..n],
            best_from: &mut self.best_from[..n],
            off: self.off,
            dv_off: dv.add_w(self.off),
            free_min: None,
            bestto: &mut self.bestto,
            touched: &mut self.touched,
            events: &mut self.events,
        };
        match view {
            RowView::DenseIdx(row) => {
                let row = &row[..row.len().min(n)];
                for_each_candidate(&self.track, None, row.len(), |i| {
                    let k = row[i];
                    if k != 0 {
                        hot.track(i, pool[k as usize]);
                    }
                });
                for_each_candidate(&self.sdone, exclude, row.len(), |i| {
                    let k = row[i];
                    if k != 0 {
                        hot.scanned_s(i, pool[k as usize]);
                    }
                });
            }
            RowView::SparseIdx(list) => {
                for &(x, k) in list {
                    hot.edge(x as usize, || pool[k as usize]);
                }
            }
            RowView::DenseVal(row) => {
                let row = &row[..row.len().min(n)];
                for_each_candidate(&self.track, None, row.len(), |i| {
                    let x = row[i];
                    if !x.is_zero() {
                        hot.track(i, x);
                    }
                });
                for_each_candidate(&self.sdone, exclude, row.len(), |i| {
                    let x = row[i];
                    if !x.is_zero() {
                        hot.scanned_s(i, x);
                    }
                });
            }
            RowView::SparseVal(nbrs, weights) => {
                for (&x, &y) in nbrs.iter().zip(weights) {
                    hot.edge(x as usize, || y);
                }
            }
        }
        if let Some((key, w)) = hot.free_min {
            if self.free_min.is_none_or(|(k, x)| (key, w) < (k, x)) {
                self.free_min = Some((key, w));
            }
        }
        // The least-slack edge to each S-node reached by a non-tight edge.
        let mut touched = std::mem::take(&mut self.touched);
        let mut best: Option<SsEntry<W>> = None;
        let start = self.arena.len();
        for &bj in &touched {
            let (j, slack) = self.bestto[bj as usize];
            self.bestto[bj as usize] = (NONE, W::ZERO);
            let (carry, key) = self.ss_key(slack);
            let entry = (carry, key, v, j);
            self.arena.push(j);
            if best.is_none_or(|b| entry < b) {
                best = Some(entry);
            }
        }
        self.arena_at[vi] = (start as u32, touched.len() as u32);
        self.arena_state[vi] = 0;
        self.sbest[vi] = best;
        touched.clear();
        self.touched = touched;
        // Tight edges, in increasing neighbour order.  Each is re-checked
        // against the current labels (earlier ones may have changed them).
        let mut events = std::mem::take(&mut self.events);
        let mut ended = false;
        for &w in &events {
            if self.process_tight(v, w) {
                ended = true;
                break;
            }
        }
        events.clear();
        self.events = events;
        ended
    }

    /// Handles an edge `(v, w)` that is tight (`v` is an S-vertex).
    fn process_tight(&mut self, v: u32, w: u32) -> bool {
        if v == NONE || w == NONE {
            return false;
        }
        let bv = self.inblossom[v as usize];
        let bw = self.inblossom[w as usize];
        if bv == bw {
            return false;
        }
        match self.label[bw as usize] {
            FREE => self.tight_to_free(v, w),
            S => self.tight_between_s(v, w),
            _ => {
                let wi = w as usize;
                if self.label[wi] == FREE {
                    self.label[wi] = T;
                    self.lab_from[wi] = v;
                    self.lab_to[wi] = w;
                    self.set_code(w, SKIP);
                }
                false
            }
        }
    }

    /// Tight edge from S-vertex `v` to `w` in an unlabeled blossom.
    fn tight_to_free(&mut self, v: u32, w: u32) -> bool {
        let bw = self.inblossom[w as usize];
        if self.mate[self.base[bw as usize] as usize] == NONE {
            self.augment(v, w);
            true
        } else {
            self.assign_label(w, T, v);
            false
        }
    }

    /// Tight edge between two S-blossoms: new blossom or augmenting path.
    fn tight_between_s(&mut self, v: u32, w: u32) -> bool {
        let base = self.scan_blossom(v, w);
        if base != NONE {
            self.add_blossom(base, v, w);
            false
        } else {
            self.augment(v, w);
            true
        }
    }
}

/// Calls `f(i)` for every `i < len` in `set` but not in `exclude`, in
/// increasing order.
#[inline(always)]
fn for_each_candidate(set: &[u64], exclude: Option<&[u64]>, len: usize, mut f: impl FnMut(usize)) {
    let words = len.div_ceil(64);
    for wi in 0..words {
        let mut m = set[wi];
        if let Some(ex) = exclude {
            m &= !ex[wi];
        }
        if wi + 1 == words && !len.is_multiple_of(64) {
            m &= (1u64 << (len % 64)) - 1;
        }
        while m != 0 {
            let i = wi * 64 + m.trailing_zeros() as usize;
            m &= m - 1;
            f(i);
        }
    }
}

/// The data the scan of one S-vertex touches per edge, borrowed once so that
/// the per-edge code is a short straight line.
struct Hot<'a, W> {
    v: u32,
    bv: u32,
    dv: W,
    code: &'a [u8],
    inblossom: &'a [u32],
    dual: &'a [W],
    best_slack: &'a mut [W],
    best_from: &'a mut [u32],
    /// `off` (see the module documentation), and `dv + off`.
    off: W,
    dv_off: W,
    /// Smallest stored best slack of a `TRACK` vertex set by this scan.
    free_min: Option<(W, u32)>,
    bestto: &'a mut [(u32, W)],
    touched: &'a mut Vec<u32>,
    events: &'a mut Vec<u32>,
}

impl<W: Weight> Hot<'_, W> {
    /// Edge from the scanned vertex to `w` (`< n`), doubled weight `w2()`
    /// (read only when needed).
    #[inline(always)]
    fn edge(&mut self, w: usize, w2: impl FnOnce() -> W) {
        match self.code[w] {
            TRACK => self.track(w, w2()),
            SCODE => self.scanned_s(w, w2()),
            _ => {}
        }
    }

    /// Edge to `TRACK` vertex `w`.
    #[inline(always)]
    fn track(&mut self, w: usize, w2: W) {
        // The stored key: slack + off (the edge is tight iff it is `off`).
        let key = self.dv_off.add_w(self.dual[w]).sub_w(w2);
        if key < self.best_slack[w] {
            if key == self.off {
                self.events.push(w as u32);
            } else {
                self.best_slack[w] = key;
                self.best_from[w] = self.v;
                // (Possibly a vertex of a T-blossom: then the cache is found
                // invalid when used, and recomputed.)
                if self.free_min.is_none_or(|(k, _)| key < k) {
                    self.free_min = Some((key, w as u32));
                }
            }
        } else if key == self.off {
            // Its best edge is tight too (after a dual update that made
            // several edges tight at once).
            self.events.push(w as u32);
        }
    }

    /// Edge to scanned S-vertex `w`.
    #[inline(always)]
    fn scanned_s(&mut self, w: usize, w2: W) {
        let bw = self.inblossom[w];
        if bw == self.bv {
            return;
        }
        let slack = self.dv.add_w(self.dual[w]).sub_w(w2);
        if slack.is_zero() {
            self.events.push(w as u32);
            return;
        }
        let entry = &mut self.bestto[bw as usize];
        if entry.0 == NONE {
            self.touched.push(bw);
            *entry = (w as u32, slack);
        } else if slack < entry.1 {
            *entry = (w as u32, slack);
        }
    }
}
