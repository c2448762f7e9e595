//! The primal-dual algorithm: solver state, initialisation, incremental
//! preparation, stages and dual updates (Edmonds, Galil; data layout after
//! Van Rantwijk's `mwmatching`), generalised so that it can be restarted from
//! any dual-feasible state.  Blossom operations are in
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

use super::graph::Graph;
use super::weight::Weight;

/// Absent vertex / node / edge.
pub(crate) const NONE: u32 = u32::MAX;

/// Label of a top-level blossom (or of a vertex inside a T-blossom).
pub(super) const FREE: u8 = 0;
pub(super) const S: u8 = 1;
pub(super) const T: u8 = 2;
/// Breadcrumb bit used by [`Solver::scan_blossom`].
pub(super) const CRUMB: u8 = 4;

/// Kind of dual update chosen in a stage.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Delta {
    /// An S-vertex dual reaches zero: flip its tree path.
    VertexZero(u32),
    /// Edge from an S-vertex to a vertex of an unlabeled blossom gets tight.
    ToFree(u32),
    /// Edge between two S-blossoms gets tight.
    BetweenS(u32),
    /// Dual of a T-blossom reaches zero: expand it.
    ExpandT(u32),
}

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
    /// Vertex outside the node through which the node got its label
    /// (S: the T-vertex matched to its base, `NONE` for the root;
    /// T: the S-vertex that reached it).
    pub(super) lab_from: Vec<u32>,
    /// Vertex inside the node at which the label edge ends.
    pub(super) lab_to: Vec<u32>,
    /// Least-slack edge: for a vertex in a non-S blossom, from an S-vertex
    /// (`best_from`) to the vertex; for an S-blossom, from one of its vertices
    /// (`best_from`) to another S-blossom (`best_to`).
    pub(super) best_from: Vec<u32>,
    pub(super) best_to: Vec<u32>,
    /// Slack of the best edge, kept current across dual updates.
    pub(super) best_slack: Vec<W>,
    /// Least-slack edges `(inside, outside, doubled weight)` from an
    /// S-blossom formed in this stage to other S-blossoms (per slot).
    pub(super) blists: Vec<Vec<(u32, u32, W)>>,
    pub(super) has_list: Vec<bool>,
    /// S-vertices waiting to be scanned.
    pub(super) queue: Vec<u32>,

    // ---- scratch buffers (kept to avoid allocation) ----
    pub(super) leaves_buf: Vec<u32>,
    pub(super) path_buf: Vec<u32>,
    pub(super) work_buf: Vec<u32>,
    pub(super) stack_buf: Vec<(u32, u32)>,
    pub(super) touched: Vec<u32>,
    pub(super) bestto: Vec<(u32, u32, W)>,
    pub(super) bestto_slack: Vec<W>,
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
            childs: vec![Vec::new(); cap],
            bedges: vec![Vec::new(); cap],
            free_slots: (0..cap as u32).rev().collect(),
            dirty: vec![false; cap],
            dirty_list: Vec::new(),
            label: vec![FREE; 2 * cap],
            lab_from: vec![NONE; 2 * cap],
            lab_to: vec![NONE; 2 * cap],
            best_from: vec![NONE; 2 * cap],
            best_to: vec![NONE; 2 * cap],
            best_slack: vec![W::ZERO; 2 * cap],
            blists: vec![Vec::new(); cap],
            has_list: vec![false; cap],
            queue: Vec::new(),
            leaves_buf: Vec::new(),
            path_buf: Vec::new(),
            work_buf: Vec::new(),
            stack_buf: Vec::new(),
            touched: Vec::new(),
            bestto: vec![(NONE, NONE, W::ZERO); 2 * cap],
            bestto_slack: vec![W::ZERO; 2 * cap],
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
            self.dirty[v] = false;
        }
        for s in 0..cap {
            self.childs[s].clear();
            self.bedges[s].clear();
            self.parent[cap + s] = NONE;
            self.base[cap + s] = NONE;
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
        for v in old..new_cap {
            self.base[v] = v as u32;
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
        self.blists.resize_with(new_cap, Vec::new);
        self.has_list.resize(new_cap, false);
        self.free_slots.extend((old as u32..new_cap as u32).rev());
        self.mate.resize(new_cap, NONE);
        self.dirty.resize(new_cap, false);
        self.label = vec![FREE; 2 * new_cap];
        self.lab_from = vec![NONE; 2 * new_cap];
        self.lab_to = vec![NONE; 2 * new_cap];
        self.best_from = vec![NONE; 2 * new_cap];
        self.best_to = vec![NONE; 2 * new_cap];
        self.best_slack = vec![W::ZERO; 2 * new_cap];
        self.bestto = vec![(NONE, NONE, W::ZERO); 2 * new_cap];
        self.bestto_slack = vec![W::ZERO; 2 * new_cap];
        self.cap = new_cap;
    }

    // ------------------------------------------------------------------
    // Initialisation and incremental preparation
    // ------------------------------------------------------------------

    /// Fresh start: vertex duals `d_v = max_w w(v, w)`, a greedy matching on
    /// tight edges, then lowered duals for the vertices left single.
    fn init(&mut self, g: &Graph<W>) {
        self.reset_structure();
        let n = self.n;
        for v in 0..n {
            let mut max = W::ZERO;
            g.edges(v, |_, w2| {
                if w2 > max {
                    max = w2;
                }
            });
            self.dual[v] = max.halve();
        }
        for v in 0..n {
            self.greedy_match(g, v);
        }
        for v in 0..n {
            if self.mate[v] == NONE {
                self.dual[v] = self.needed_dual(g, v);
                self.greedy_match(g, v);
            }
        }
        self.initialized = true;
    }

    /// Matches single vertex `v` to the first single neighbour along a tight
    /// edge, if any.
    fn greedy_match(&mut self, g: &Graph<W>, v: usize) {
        if self.mate[v] != NONE {
            return;
        }
        let dv = self.dual[v];
        let mut found = NONE;
        g.edges_until(v, |w, w2| {
            if self.mate[w as usize] == NONE && dv.add_w(self.dual[w as usize]) == w2 {
                found = w;
                true
            } else {
                false
            }
        });
        if found != NONE {
            self.mate[v] = found;
            self.mate[found as usize] = v as u32;
        }
    }

    /// Smallest dual of trivial top-level vertex `v` that keeps all its edges
    /// feasible given the current duals of its neighbours.
    fn needed_dual(&self, g: &Graph<W>, v: usize) -> W {
        let mut need = W::ZERO;
        g.edges(v, |w, w2| {
            let dw = self.dual[w as usize];
            if w2 > dw {
                let d = w2.sub_w(dw);
                if d > need {
                    need = d;
                }
            }
        });
        need
    }

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
        for &v in &list {
            self.greedy_match(g, v as usize);
        }
        self.dirty_list = list;
        self.dirty_list.clear();
    }

    // ------------------------------------------------------------------
    // Main loop
    // ------------------------------------------------------------------

    /// Computes a maximum-weight matching, starting from the current state
    /// (or from scratch if there is none).
    pub(super) fn solve(&mut self, g: &Graph<W>) {
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
        self.best_from[..nodes].fill(NONE);
        for s in 0..self.cap {
            if self.has_list[s] {
                self.has_list[s] = false;
                self.blists[s].clear();
            }
        }
        self.queue.clear();
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
            let (delta, kind) = self.compute_delta();
            if !delta.is_zero() {
                self.update_duals(delta);
            }
            match kind {
                Delta::VertexZero(s) => {
                    self.augment_from(s, NONE);
                    break 'stage;
                }
                Delta::ToFree(w) => {
                    let v = self.best_from[w as usize];
                    if self.process_tight(g, v, w) {
                        break 'stage;
                    }
                }
                Delta::BetweenS(b) => {
                    let (v, w) = (self.best_from[b as usize], self.best_to[b as usize]);
                    if self.process_tight(g, v, w) {
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

    /// Chooses the largest dual change keeping the dual solution feasible.
    fn compute_delta(&self) -> (W, Delta) {
        let mut best: Option<(W, Delta)> = None;
        let mut best2: Option<(W, u32)> = None;
        let mut best3: Option<(W, u32)> = None;
        for v in 0..self.n {
            let b = self.inblossom[v] as usize;
            match self.label[b] {
                S => {
                    let d = self.dual[v];
                    if improves(&best, &d) {
                        best = Some((d, Delta::VertexZero(v as u32)));
                    }
                    if b == v && self.best_from[v] != NONE {
                        let sl = self.best_slack[v];
                        if improves(&best3, &sl) {
                            best3 = Some((sl, v as u32));
                        }
                    }
                }
                FREE if self.best_from[v] != NONE => {
                    let sl = self.best_slack[v];
                    if improves(&best2, &sl) {
                        best2 = Some((sl, v as u32));
                    }
                }
                _ => {}
            }
        }
        let mut best4: Option<(W, u32)> = None;
        for s in 0..self.cap {
            if self.childs[s].is_empty() {
                continue;
            }
            let b = self.cap + s;
            if self.parent[b] != NONE {
                continue;
            }
            match self.label[b] {
                S if self.best_from[b] != NONE => {
                    let sl = self.best_slack[b];
                    if improves(&best3, &sl) {
                        best3 = Some((sl, b as u32));
                    }
                }
                T => {
                    let z = self.dual[b];
                    if improves(&best4, &z) {
                        best4 = Some((z, b as u32));
                    }
                }
                _ => {}
            }
        }
        // The root is an S-vertex, so `best` is always set.
        let mut result = best.unwrap_or((W::ZERO, Delta::VertexZero(NONE)));
        if let Some((d, w)) = best2 {
            if d < result.0 {
                result = (d, Delta::ToFree(w));
            }
        }
        if let Some((sl, b)) = best3 {
            debug_assert!(!sl.is_odd(), "odd slack between S-blossoms");
            let d = sl.halve();
            if d < result.0 {
                result = (d, Delta::BetweenS(b));
            }
        }
        if let Some((d, b)) = best4 {
            if d < result.0 {
                result = (d, Delta::ExpandT(b));
            }
        }
        result
    }

    /// Applies a dual change: S-vertices `-delta`, T-vertices `+delta`,
    /// S-blossoms `+delta`, T-blossoms `-delta`; cached slacks follow.
    fn update_duals(&mut self, delta: W) {
        let delta2 = delta.double();
        for v in 0..self.n {
            let b = self.inblossom[v] as usize;
            match self.label[b] {
                S => {
                    self.dual[v] = self.dual[v].sub_w(delta);
                    if b == v && self.best_from[v] != NONE {
                        self.best_slack[v] = self.best_slack[v].sub_w(delta2);
                    }
                }
                T => self.dual[v] = self.dual[v].add_w(delta),
                _ => {
                    if self.best_from[v] != NONE {
                        self.best_slack[v] = self.best_slack[v].sub_w(delta);
                    }
                }
            }
        }
        for s in 0..self.cap {
            if self.childs[s].is_empty() {
                continue;
            }
            let b = self.cap + s;
            if self.parent[b] != NONE {
                continue;
            }
            match self.label[b] {
                S => {
                    self.dual[b] = self.dual[b].add_w(delta);
                    if self.best_from[b] != NONE {
                        self.best_slack[b] = self.best_slack[b].sub_w(delta2);
                    }
                }
                T => self.dual[b] = self.dual[b].sub_w(delta),
                _ => {}
            }
        }
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
        self.best_from[wi] = NONE;
        self.best_from[bi] = NONE;
        if t == S {
            if self.is_blossom(b) {
                let mut leaves = std::mem::take(&mut self.leaves_buf);
                leaves.clear();
                self.collect_leaves(b, &mut leaves);
                self.queue.extend_from_slice(&leaves);
                self.leaves_buf = leaves;
            } else {
                self.queue.push(b);
            }
        } else {
            let base = self.base[bi];
            let m = self.mate[base as usize];
            if m != NONE {
                self.assign_label(m, S, base);
            }
        }
    }

    /// Scans all edges of S-vertex `v`.  Returns `true` if the stage ended
    /// (augmentation).
    fn scan(&mut self, g: &Graph<W>, v: u32) -> bool {
        let dv = self.dual[v as usize];
        g.edges_until(v as usize, |w, w2| self.scan_edge(g, v, dv, w, w2))
    }

    #[inline(always)]
    fn scan_edge(&mut self, g: &Graph<W>, v: u32, dv: W, w: u32, w2: W) -> bool {
        let bv = self.inblossom[v as usize];
        let bw = self.inblossom[w as usize];
        if bv == bw {
            return false;
        }
        let wi = w as usize;
        match self.label[bw as usize] {
            T => {
                if self.label[wi] != FREE {
                    return false;
                }
                let slack = dv.add_w(self.dual[wi]).sub_w(w2);
                if slack.is_zero() {
                    self.label[wi] = T;
                    self.lab_from[wi] = v;
                    self.lab_to[wi] = w;
                } else if self.best_from[wi] == NONE || slack < self.best_slack[wi] {
                    self.best_from[wi] = v;
                    self.best_to[wi] = w;
                    self.best_slack[wi] = slack;
                }
                false
            }
            S => {
                let slack = dv.add_w(self.dual[wi]).sub_w(w2);
                if slack.is_zero() {
                    return self.tight_between_s(g, v, w);
                }
                let bi = bv as usize;
                if self.best_from[bi] == NONE || slack < self.best_slack[bi] {
                    self.best_from[bi] = v;
                    self.best_to[bi] = w;
                    self.best_slack[bi] = slack;
                }
                false
            }
            _ => {
                let slack = dv.add_w(self.dual[wi]).sub_w(w2);
                if slack.is_zero() {
                    return self.tight_to_free(v, w);
                }
                if self.best_from[wi] == NONE || slack < self.best_slack[wi] {
                    self.best_from[wi] = v;
                    self.best_to[wi] = w;
                    self.best_slack[wi] = slack;
                }
                false
            }
        }
    }

    /// Handles an edge `(v, w)` that just became tight (`v` is an S-vertex).
    fn process_tight(&mut self, g: &Graph<W>, v: u32, w: u32) -> bool {
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
            S => self.tight_between_s(g, v, w),
            _ => {
                let wi = w as usize;
                if self.label[wi] == FREE {
                    self.label[wi] = T;
                    self.lab_from[wi] = v;
                    self.lab_to[wi] = w;
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
    fn tight_between_s(&mut self, g: &Graph<W>, v: u32, w: u32) -> bool {
        let base = self.scan_blossom(v, w);
        if base != NONE {
            self.add_blossom(g, base, v, w);
            false
        } else {
            self.augment(v, w);
            true
        }
    }
}

/// Whether `value` is smaller than the current minimum (or there is none).
#[inline(always)]
pub(super) fn improves<X: Ord, Y>(current: &Option<(X, Y)>, value: &X) -> bool {
    match current {
        None => true,
        Some((min, _)) => value < min,
    }
}
