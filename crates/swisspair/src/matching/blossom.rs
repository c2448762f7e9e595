//! The primal-dual blossom algorithm (Edmonds, Galil; data layout after
//! Van Rantwijk's `mwmatching`), generalised so that it can be restarted from
//! any dual-feasible state.  See the module documentation of
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
const FREE: u8 = 0;
const S: u8 = 1;
const T: u8 = 2;
/// Breadcrumb bit used by [`Solver::scan_blossom`].
const CRUMB: u8 = 4;

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
    pub(crate) n: usize,
    /// Vertex capacity; blossom nodes start at `cap`.
    pub(crate) cap: usize,
    /// Whether duals and blossoms describe a valid (dual feasible) state.
    pub(crate) initialized: bool,

    // ---- persistent state ----
    /// Mate of each vertex (`NONE` if single).
    pub(crate) mate: Vec<u32>,
    /// Dual variables (per node).
    pub(crate) dual: Vec<W>,
    /// Top-level blossom (node) containing each vertex.
    pub(crate) inblossom: Vec<u32>,
    /// Parent blossom of each node (`NONE` for top-level nodes).
    pub(crate) parent: Vec<u32>,
    /// Base vertex of each node.
    pub(crate) base: Vec<u32>,
    /// Children of each blossom slot, in cycle order, base child first
    /// (empty = slot unused).
    pub(crate) childs: Vec<Vec<u32>>,
    /// `bedges[s][i] = (x, y)`: edge connecting `childs[s][i]` (contains
    /// `x`) with `childs[s][i + 1]` (cyclically; contains `y`).
    pub(crate) bedges: Vec<Vec<(u32, u32)>>,
    free_slots: Vec<u32>,
    /// Vertices whose edges changed since the last solve; their dual is
    /// recomputed at the next solve.
    dirty: Vec<bool>,
    pub(crate) dirty_list: Vec<u32>,

    // ---- per-stage state ----
    label: Vec<u8>,
    /// Vertex outside the node through which the node got its label
    /// (S: the T-vertex matched to its base, `NONE` for the root;
    /// T: the S-vertex that reached it).
    lab_from: Vec<u32>,
    /// Vertex inside the node at which the label edge ends.
    lab_to: Vec<u32>,
    /// Least-slack edge: for a vertex in a non-S blossom, from an S-vertex
    /// (`best_from`) to the vertex; for an S-blossom, from one of its vertices
    /// (`best_from`) to another S-blossom (`best_to`).
    best_from: Vec<u32>,
    best_to: Vec<u32>,
    /// Slack of the best edge, kept current across dual updates.
    best_slack: Vec<W>,
    /// Least-slack edges `(inside, outside, doubled weight)` from an
    /// S-blossom formed in this stage to other S-blossoms (per slot).
    blists: Vec<Vec<(u32, u32, W)>>,
    has_list: Vec<bool>,
    queue: Vec<u32>,

    // ---- scratch buffers (kept to avoid allocation) ----
    leaves_buf: Vec<u32>,
    path_buf: Vec<u32>,
    work_buf: Vec<u32>,
    stack_buf: Vec<(u32, u32)>,
    touched: Vec<u32>,
    bestto: Vec<(u32, u32, W)>,
    bestto_slack: Vec<W>,
}

impl<W: Weight> Solver<W> {
    pub(crate) fn new(n: usize) -> Self {
        let cap = n.max(4);
        let mut solver = Solver {
            n,
            cap,
            initialized: false,
            mate: vec![NONE; cap],
            dual: vec![W::ZERO; 2 * cap],
            inblossom: (0..cap as u32).collect(),
            parent: vec![NONE; 2 * cap],
            base: (0..cap as u32)
                .chain(std::iter::repeat(NONE).take(cap))
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
    fn is_blossom(&self, node: u32) -> bool {
        node as usize >= self.cap
    }

    #[inline(always)]
    fn slot(&self, node: u32) -> usize {
        node as usize - self.cap
    }

    /// Forgets matching, duals and blossoms: the next solve starts from
    /// scratch.
    pub(crate) fn reset_structure(&mut self) {
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
    pub(crate) fn add_vertex(&mut self) -> usize {
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
    // Blossom helpers
    // ------------------------------------------------------------------

    /// Appends the vertices of node `b` to `out`.
    fn collect_leaves(&self, b: u32, out: &mut Vec<u32>) {
        let start = out.len();
        out.push(b);
        let mut i = start;
        while i < out.len() {
            let x = out[i];
            if self.is_blossom(x) {
                out.swap_remove(i);
                out.extend_from_slice(&self.childs[self.slot(x)]);
            } else {
                i += 1;
            }
        }
    }

    /// Makes node `b` the top-level blossom of all its vertices.
    fn set_top(&mut self, b: u32) {
        if !self.is_blossom(b) {
            self.inblossom[b as usize] = b;
            return;
        }
        let mut leaves = std::mem::take(&mut self.leaves_buf);
        leaves.clear();
        self.collect_leaves(b, &mut leaves);
        for &x in &leaves {
            self.inblossom[x as usize] = b;
        }
        self.leaves_buf = leaves;
    }

    /// Releases blossom node `b` (its children must already be detached).
    fn recycle(&mut self, b: u32) {
        let s = self.slot(b);
        let bi = b as usize;
        self.childs[s].clear();
        self.bedges[s].clear();
        self.blists[s].clear();
        self.has_list[s] = false;
        self.label[bi] = FREE;
        self.lab_from[bi] = NONE;
        self.lab_to[bi] = NONE;
        self.best_from[bi] = NONE;
        self.parent[bi] = NONE;
        self.base[bi] = NONE;
        self.dual[bi] = W::ZERO;
        self.free_slots.push(s as u32);
    }

    /// Rotates the matching inside blossom `b` (and recursively inside its
    /// sub-blossoms) so that vertex `v` becomes its base.  The mate of `v`
    /// itself is left to the caller.
    fn augment_blossom(&mut self, b: u32, v: u32) {
        let mut stack = std::mem::take(&mut self.stack_buf);
        stack.clear();
        stack.push((b, v));
        while let Some((b, v)) = stack.pop() {
            let mut t = v;
            while self.parent[t as usize] != b {
                t = self.parent[t as usize];
            }
            if self.is_blossom(t) {
                stack.push((t, v));
            }
            let s = self.slot(b);
            let k = self.childs[s].len();
            let i = self.childs[s].iter().position(|&c| c == t).unwrap_or(0);
            let mut j = i;
            if i & 1 == 1 {
                // Forward around the cycle: pairs (j+1, j+2) via edge j+1.
                while j != 0 {
                    let (x, y) = self.bedges[s][j + 1];
                    let t1 = self.childs[s][j + 1];
                    let t2 = self.childs[s][(j + 2) % k];
                    if self.is_blossom(t1) {
                        stack.push((t1, x));
                    }
                    if self.is_blossom(t2) {
                        stack.push((t2, y));
                    }
                    self.mate[x as usize] = y;
                    self.mate[y as usize] = x;
                    j = (j + 2) % k;
                }
            } else {
                // Backward: pairs (j-1, j-2) via edge j-2.
                while j != 0 {
                    let (x, y) = self.bedges[s][j - 2];
                    let t1 = self.childs[s][j - 1];
                    let t2 = self.childs[s][j - 2];
                    if self.is_blossom(t1) {
                        stack.push((t1, y));
                    }
                    if self.is_blossom(t2) {
                        stack.push((t2, x));
                    }
                    self.mate[x as usize] = y;
                    self.mate[y as usize] = x;
                    j -= 2;
                }
            }
            self.childs[s].rotate_left(i);
            self.bedges[s].rotate_left(i);
            self.base[b as usize] = v;
        }
        self.stack_buf = stack;
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
    pub(crate) fn before_edge_change(&mut self, u: usize, v: usize, new2: W) {
        if !self.initialized || self.dirty[u] || self.dirty[v] {
            return;
        }
        let structural =
            self.inblossom[u] == self.inblossom[v] || self.mate[u] == v as u32;
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
    pub(crate) fn prepare(&mut self, v: usize) {
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

    /// Recomputes the duals of dirty vertices.
    fn fix_dirty(&mut self, g: &Graph<W>) {
        // Each edge between two dirty vertices is made feasible when the
        // later of the two is processed; stale duals used before that only
        // change how the slack is split between the two endpoints.
        let list = std::mem::take(&mut self.dirty_list);
        for &v in &list {
            self.dual[v as usize] = self.needed_dual(g, v as usize);
            self.dirty[v as usize] = false;
        }
        self.dirty_list = list;
        self.dirty_list.clear();
    }

    // ------------------------------------------------------------------
    // Main loop
    // ------------------------------------------------------------------

    /// Computes a maximum-weight matching, starting from the current state
    /// (or from scratch if there is none).
    pub(crate) fn solve(&mut self, g: &Graph<W>) {
        if !self.initialized {
            self.init(g);
        }
        self.fix_dirty(g);
        let mut start = 0;
        loop {
            // Every stage turns one active single vertex into a matched or a
            // passive (zero dual) one, and never creates active ones.
            while start < self.n
                && (self.mate[start] != NONE || self.dual[start].is_zero())
            {
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
                    if best.map_or(true, |(m, _)| d < m) {
                        best = Some((d, Delta::VertexZero(v as u32)));
                    }
                    if b == v && self.best_from[v] != NONE {
                        let sl = self.best_slack[v];
                        if best3.map_or(true, |(m, _)| sl < m) {
                            best3 = Some((sl, v as u32));
                        }
                    }
                }
                FREE => {
                    if self.best_from[v] != NONE {
                        let sl = self.best_slack[v];
                        if best2.map_or(true, |(m, _)| sl < m) {
                            best2 = Some((sl, v as u32));
                        }
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
                    if best3.map_or(true, |(m, _)| sl < m) {
                        best3 = Some((sl, b as u32));
                    }
                }
                T => {
                    let z = self.dual[b];
                    if best4.map_or(true, |(m, _)| z < m) {
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
    fn assign_label(&mut self, w: u32, t: u8, from: u32) {
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

    /// Traces back from `v` and `w` alternately to find the base of the
    /// blossom they close, or `NONE` if they lie in different trees.
    fn scan_blossom(&mut self, v: u32, w: u32) -> u32 {
        let mut path = std::mem::take(&mut self.path_buf);
        path.clear();
        let mut base = NONE;
        let (mut v, mut w) = (v, w);
        while v != NONE {
            let b = self.inblossom[v as usize];
            if self.label[b as usize] & CRUMB != 0 {
                base = self.base[b as usize];
                break;
            }
            path.push(b);
            self.label[b as usize] = S | CRUMB;
            let t = self.lab_from[b as usize];
            if t == NONE {
                v = NONE;
            } else {
                let bt = self.inblossom[t as usize];
                v = self.lab_from[bt as usize];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for &b in &path {
            self.label[b as usize] = S;
        }
        self.path_buf = path;
        base
    }

    /// Builds a new S-blossom from the tree paths of `v` and `w` (joined by
    /// the tight edge `(v, w)`) down to their common base.
    fn add_blossom(&mut self, g: &Graph<W>, base: u32, v: u32, w: u32) {
        let Some(s) = self.free_slots.pop() else {
            // Cannot happen: fewer than n/2 blossoms exist at any time.
            return;
        };
        let s = s as usize;
        let b = (self.cap + s) as u32;
        let bb = self.inblossom[base as usize];
        let mut bv = self.inblossom[v as usize];
        let mut bw = self.inblossom[w as usize];
        self.base[b as usize] = base;
        self.parent[b as usize] = NONE;
        self.parent[bb as usize] = b;
        let mut ch = std::mem::take(&mut self.childs[s]);
        let mut ed = std::mem::take(&mut self.bedges[s]);
        ch.clear();
        ed.clear();
        while bv != bb {
            self.parent[bv as usize] = b;
            ch.push(bv);
            let from = self.lab_from[bv as usize];
            ed.push((from, self.lab_to[bv as usize]));
            bv = self.inblossom[from as usize];
        }
        ch.push(bb);
        ch.reverse();
        ed.reverse();
        ed.push((v, w));
        while bw != bb {
            self.parent[bw as usize] = b;
            ch.push(bw);
            let from = self.lab_from[bw as usize];
            ed.push((self.lab_to[bw as usize], from));
            bw = self.inblossom[from as usize];
        }
        self.childs[s] = ch;
        self.bedges[s] = ed;
        let bi = b as usize;
        self.label[bi] = S;
        self.lab_from[bi] = self.lab_from[bb as usize];
        self.lab_to[bi] = self.lab_to[bb as usize];
        self.dual[bi] = W::ZERO;
        self.best_from[bi] = NONE;

        // Relabel: former T-vertices become S and must be scanned.
        let mut leaves = std::mem::take(&mut self.leaves_buf);
        leaves.clear();
        self.collect_leaves(b, &mut leaves);
        for &x in &leaves {
            if self.label[self.inblossom[x as usize] as usize] == T {
                self.queue.push(x);
            }
            self.inblossom[x as usize] = b;
        }
        self.leaves_buf = leaves;

        // Least-slack edges from the new blossom to every other S-blossom.
        self.touched.clear();
        let nchildren = self.childs[s].len();
        for idx in 0..nchildren {
            let c = self.childs[s][idx];
            if self.is_blossom(c) && self.has_list[self.slot(c)] {
                let cs = self.slot(c);
                let list = std::mem::take(&mut self.blists[cs]);
                for &(i, j, w2) in &list {
                    self.consider_best(b, i, j, w2);
                }
                self.blists[cs] = list;
                self.blists[cs].clear();
                self.has_list[cs] = false;
            } else {
                let mut leaves = std::mem::take(&mut self.leaves_buf);
                leaves.clear();
                self.collect_leaves(c, &mut leaves);
                for &x in &leaves {
                    g.edges(x as usize, |y, w2| self.consider_best(b, x, y, w2));
                }
                self.leaves_buf = leaves;
            }
            self.best_from[c as usize] = NONE;
        }
        let mut list = std::mem::take(&mut self.blists[s]);
        list.clear();
        let mut best: Option<(W, u32, u32)> = None;
        for idx in 0..self.touched.len() {
            let bj = self.touched[idx] as usize;
            let (i, j, w2) = self.bestto[bj];
            let sl = self.bestto_slack[bj];
            list.push((i, j, w2));
            if best.map_or(true, |(m, _, _)| sl < m) {
                best = Some((sl, i, j));
            }
            self.bestto[bj] = (NONE, NONE, W::ZERO);
        }
        self.touched.clear();
        self.blists[s] = list;
        self.has_list[s] = true;
        if let Some((sl, i, j)) = best {
            self.best_from[bi] = i;
            self.best_to[bi] = j;
            self.best_slack[bi] = sl;
        }
    }

    /// Candidate edge `(i, j)` (doubled weight `w2`) leaving new blossom `b`.
    #[inline(always)]
    fn consider_best(&mut self, b: u32, i: u32, j: u32, w2: W) {
        let bj = self.inblossom[j as usize];
        if bj == b || self.label[bj as usize] != S {
            return;
        }
        let bji = bj as usize;
        let slack = self.dual[i as usize]
            .add_w(self.dual[j as usize])
            .sub_w(w2);
        if self.bestto[bji].0 == NONE {
            self.touched.push(bj);
            self.bestto[bji] = (i, j, w2);
            self.bestto_slack[bji] = slack;
        } else if slack < self.bestto_slack[bji] {
            self.bestto[bji] = (i, j, w2);
            self.bestto_slack[bji] = slack;
        }
    }

    /// Expands blossom `b`.  Mid-stage (`endstage == false`) `b` is a
    /// T-blossom whose dual reached zero and its children are relabeled;
    /// at the end of a stage children with zero dual are expanded
    /// recursively.
    fn expand(&mut self, b: u32, endstage: bool) {
        let mut work = std::mem::take(&mut self.work_buf);
        work.clear();
        work.push(b);
        let mut first = true;
        while let Some(b) = work.pop() {
            let s = self.slot(b);
            for idx in 0..self.childs[s].len() {
                let c = self.childs[s][idx];
                self.parent[c as usize] = NONE;
                if !self.is_blossom(c) {
                    self.inblossom[c as usize] = c;
                } else if endstage && self.dual[c as usize].is_zero() {
                    work.push(c);
                } else {
                    self.set_top(c);
                }
            }
            if first && !endstage && self.label[b as usize] == T {
                self.relabel_expanded(b);
            }
            first = false;
            self.recycle(b);
        }
        self.work_buf = work;
    }

    /// After expanding T-blossom `b` mid-stage: relabel the children on the
    /// even path from the entry child to the base child (T, S, T, ..., T) and
    /// label the remaining children as reached by their own edges.
    fn relabel_expanded(&mut self, b: u32) {
        let s = self.slot(b);
        let k = self.childs[s].len();
        let entry_vertex = self.lab_to[b as usize];
        let entry = self.inblossom[entry_vertex as usize];
        let j0 = self.childs[s].iter().position(|&c| c == entry).unwrap_or(0);
        let forward = j0 & 1 == 1;
        let mut from = self.lab_from[b as usize];
        let mut to = entry_vertex;
        let mut j = j0;
        while j != 0 {
            let sbase = if forward {
                self.bedges[s][j].1
            } else {
                self.bedges[s][j - 1].0
            };
            self.label[to as usize] = FREE;
            self.label[sbase as usize] = FREE;
            self.assign_label(to, T, from);
            if forward {
                let (x, y) = self.bedges[s][j + 1];
                from = x;
                to = y;
                j = (j + 2) % k;
            } else {
                let (x, y) = self.bedges[s][j - 2];
                from = y;
                to = x;
                j -= 2;
            }
        }
        // The base child: T-label without propagating to its (outer) mate.
        let bv = self.childs[s][0] as usize;
        let ti = to as usize;
        self.label[ti] = T;
        self.label[bv] = T;
        self.lab_from[ti] = from;
        self.lab_from[bv] = from;
        self.lab_to[ti] = to;
        self.lab_to[bv] = to;
        self.best_from[bv] = NONE;
        // The other side of the cycle, back to the entry child.
        let step = |j: usize| if forward { (j + 1) % k } else { (j + k - 1) % k };
        let mut j = step(0);
        while self.childs[s][j] != entry {
            let c = self.childs[s][j];
            j = step(j);
            if self.label[c as usize] == S {
                continue;
            }
            let mut leaves = std::mem::take(&mut self.leaves_buf);
            leaves.clear();
            self.collect_leaves(c, &mut leaves);
            let reached = leaves
                .iter()
                .copied()
                .find(|&x| self.label[x as usize] != FREE);
            self.leaves_buf = leaves;
            if let Some(x) = reached {
                let m = self.mate[self.base[c as usize] as usize];
                self.label[x as usize] = FREE;
                if m != NONE {
                    self.label[m as usize] = FREE;
                }
                let from = self.lab_from[x as usize];
                self.assign_label(x, T, from);
            }
        }
    }

    /// Augments along the tree path from S-vertex `s` to its root, giving
    /// `s` the new mate `p` (`NONE`: `s` becomes single; used when its dual
    /// reached zero).
    fn augment_from(&mut self, s: u32, p: u32) {
        if s == NONE {
            return;
        }
        let (mut s, mut p) = (s, p);
        loop {
            let bs = self.inblossom[s as usize];
            if self.is_blossom(bs) {
                self.augment_blossom(bs, s);
            }
            self.mate[s as usize] = p;
            let t = self.lab_from[bs as usize];
            if t == NONE {
                break;
            }
            let bt = self.inblossom[t as usize];
            let next = self.lab_from[bt as usize];
            let j = self.lab_to[bt as usize];
            if self.is_blossom(bt) {
                self.augment_blossom(bt, j);
            }
            self.mate[j as usize] = next;
            s = next;
            p = j;
        }
    }

    /// Augments along the path through the tight edge `(v, w)`.
    fn augment(&mut self, v: u32, w: u32) {
        self.augment_from(v, w);
        self.augment_from(w, v);
    }
}
