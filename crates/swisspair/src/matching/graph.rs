//! Edge storage: per-vertex adjacency rows, holding either small indices
//! into a pool of interned weights or the weights themselves.
//!
//! * Every vertex has a row, either *sparse* (neighbours sorted by index)
//!   or *dense* (indexed by neighbour, zero = no edge).  A row becomes dense
//!   when more than a quarter of the possible neighbours are present and
//!   sparse again below a sixteenth, so memory stays within a factor two of
//!   the minimum for sparse and for dense graphs.  Appending neighbours in
//!   increasing order (the usual way to build a graph) costs O(1).
//! * **Interned mode** (the start): while the graph has at most
//!   [`INTERN_LIMIT`] (65535) distinct weights, rows hold indices into a
//!   reference-counted pool of distinct weights (16-bit in dense rows; equal
//!   weights share an entry, found through a hash map that is only looked
//!   up, never iterated, so everything stays deterministic).  Graphs of a
//!   pairing program typically have few distinct weights: a dense
//!   5000-vertex graph then costs 50 MB instead of 400 MB for a matrix of
//!   `u128`, and the pool stays in cache.  Entries whose last edge is gone
//!   stay in the pool (and the map) until their slot is needed, so weights
//!   that come and go (a pairing program's probes) are not re-hashed each
//!   time.
//! * **Inline mode**: when a new weight would exceed [`INTERN_LIMIT`] distinct
//!   values, all rows are converted once to hold the weights themselves
//!   (interning would save no memory any more, and scattered pool reads
//!   would be slow).  The graph stays in inline mode.
//!
//! All weights are stored *doubled* (`2 w`), the form the solver needs.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use super::weight::Weight;

/// Maximum number of distinct weights kept in interned mode (dense rows hold
/// 16-bit pool indices, 0 meaning "no edge").
#[cfg(not(test))]
pub const INTERN_LIMIT: usize = u16::MAX as usize;
/// Tests use a small limit, to exercise the switch to inline mode cheaply.
#[cfg(test)]
pub const INTERN_LIMIT: usize = 1 << 12;

/// Adjacency of one vertex.  Iteration is always by increasing neighbour.
#[derive(Clone, Debug)]
enum Row<W> {
    /// Interned, sparse: `(neighbour, pool index)`, sorted; index never 0.
    SparseIdx(Vec<(u32, u32)>),
    /// Interned, dense: pool index per neighbour (0 = no edge); may be
    /// shorter than the vertex count (missing entries are 0).
    DenseIdx(Vec<u16>),
    /// Inline, sparse: sorted neighbours and their doubled weights.
    SparseVal(Vec<u32>, Vec<W>),
    /// Inline, dense: doubled weight per neighbour (zero = no edge); may be
    /// shorter than the vertex count.
    DenseVal(Vec<W>),
}

/// Borrowed view of one adjacency row, for the solver's hot loops (which
/// are written once per representation so that nothing is called per edge).
pub(crate) enum RowView<'a, W> {
    /// Interned, sparse: `(neighbour, pool index)`, sorted.
    SparseIdx(&'a [(u32, u32)]),
    /// Interned, dense: pool index per neighbour (0 = no edge).
    DenseIdx(&'a [u16]),
    /// Inline, sparse: neighbours and doubled weights.
    SparseVal(&'a [u32], &'a [W]),
    /// Inline, dense: doubled weight per neighbour (zero = no edge).
    DenseVal(&'a [W]),
}

/// Position of a neighbour in a row.
#[derive(Clone, Copy)]
enum Pos {
    /// The row is dense.
    Dense,
    /// Sparse row, entry at this index.
    Found(usize),
    /// Sparse row, absent; would be inserted at this index.
    Missing(usize),
}

/// Hasher that passes through the `u64` written by [`Key`].
#[derive(Default, Clone, Copy)]
pub(crate) struct PassHasher(u64);

impl Hasher for PassHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(byte)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    #[inline]
    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
struct Key<W>(W);

impl<W: Weight> Hash for Key<W> {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.0.hash64());
    }
}

/// The weighted graph.
#[derive(Clone)]
pub(crate) struct Graph<W: Weight> {
    rows: Vec<Row<W>>,
    degree: Vec<u32>,
    /// Whether rows hold pool indices (else weights).
    interned: bool,
    /// Doubled weights; entry 0 is the "no edge" sentinel (zero).
    pool: Vec<W>,
    /// Reference counts of pool entries (number of undirected edges).
    refs: Vec<u32>,
    /// Number of entries with a non-zero count.
    live: usize,
    /// Entries with a zero count, reusable (a stack; may also hold entries
    /// revived since, which are skipped), and whether each entry is in it.
    free: Vec<u32>,
    in_free: Vec<bool>,
    map: HashMap<Key<W>, u32, BuildHasherDefault<PassHasher>>,
    /// Most recently interned entry (fast path for repeated weights).
    last: u32,
}

/// A pool index as stored in a dense row (pool indices never exceed
/// [`INTERN_LIMIT`] `<= u16::MAX`).
#[inline]
fn index16(k: u32) -> u16 {
    debug_assert!(k as usize <= INTERN_LIMIT);
    k as u16
}

#[inline]
fn find_sorted(list: impl Fn(usize) -> u32, len: usize, key: u32) -> Pos {
    if len == 0 {
        return Pos::Missing(0);
    }
    let last = list(len - 1);
    if last < key {
        return Pos::Missing(len);
    }
    if last == key {
        return Pos::Found(len - 1);
    }
    let (mut lo, mut hi) = (0, len - 1);
    while lo < hi {
        let mid = (lo + hi) / 2;
        if list(mid) < key {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    if list(lo) == key {
        Pos::Found(lo)
    } else {
        Pos::Missing(lo)
    }
}

impl<W: Weight> Graph<W> {
    pub(crate) fn new(vertex_count: usize) -> Self {
        Self::with_rows(vertex_count, |_| Row::SparseIdx(Vec::new()))
    }

    /// A graph whose rows are arrays from the start (what a row becomes once a quarter of the
    /// vertices are its neighbours): for graphs that will be nearly complete, built without the
    /// sparse rows' searches and conversions.
    pub(crate) fn new_dense(vertex_count: usize) -> Self {
        Self::with_rows(vertex_count, |n| Row::DenseIdx(vec![0; n]))
    }

    fn with_rows(vertex_count: usize, row: impl Fn(usize) -> Row<W>) -> Self {
        Graph {
            rows: (0..vertex_count).map(|_| row(vertex_count)).collect(),
            degree: vec![0; vertex_count],
            interned: true,
            pool: vec![W::ZERO],
            refs: vec![0],
            live: 0,
            free: Vec::new(),
            in_free: vec![false],
            map: HashMap::default(),
            last: 0,
        }
    }

    #[inline]
    pub(crate) fn vertex_count(&self) -> usize {
        self.rows.len()
    }

    pub(crate) fn add_vertex(&mut self) {
        self.rows.push(self.empty_row());
        self.degree.push(0);
    }

    fn empty_row(&self) -> Row<W> {
        if self.interned {
            Row::SparseIdx(Vec::new())
        } else {
            Row::SparseVal(Vec::new(), Vec::new())
        }
    }

    #[inline]
    pub(crate) fn degree(&self, v: usize) -> usize {
        self.degree[v] as usize
    }

    /// The row of `v`, with the pool its interned indices refer to.
    #[inline]
    pub(crate) fn row(&self, v: usize) -> (RowView<'_, W>, &[W]) {
        let view = match &self.rows[v] {
            Row::SparseIdx(list) => RowView::SparseIdx(list),
            Row::DenseIdx(row) => RowView::DenseIdx(row),
            Row::SparseVal(nbrs, weights) => RowView::SparseVal(nbrs, weights),
            Row::DenseVal(row) => RowView::DenseVal(row),
        };
        (view, &self.pool)
    }

    /// Calls `f(neighbour, doubled weight)` for every edge of `v`, by
    /// increasing neighbour, until `f` returns `true`; returns whether it
    /// did.
    #[inline(always)]
    pub(crate) fn edges_until(&self, v: usize, mut f: impl FnMut(u32, W) -> bool) -> bool {
        match &self.rows[v] {
            Row::SparseIdx(list) => {
                for &(w, k) in list {
                    if f(w, self.pool[k as usize]) {
                        return true;
                    }
                }
            }
            Row::DenseIdx(row) => {
                for (w, &k) in row.iter().enumerate() {
                    if k != 0 && f(w as u32, self.pool[k as usize]) {
                        return true;
                    }
                }
            }
            Row::SparseVal(nbrs, weights) => {
                for (&w, &x) in nbrs.iter().zip(weights) {
                    if f(w, x) {
                        return true;
                    }
                }
            }
            Row::DenseVal(row) => {
                for (w, &x) in row.iter().enumerate() {
                    if !x.is_zero() && f(w as u32, x) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Calls `f(neighbour, doubled weight)` for every edge of `v`.
    #[inline(always)]
    pub(crate) fn edges(&self, v: usize, mut f: impl FnMut(u32, W)) {
        self.edges_until(v, |w, x| {
            f(w, x);
            false
        });
    }

    /// Locates neighbour `v` in row `u`.
    #[inline]
    fn find(&self, u: usize, v: usize) -> Pos {
        let key = v as u32;
        match &self.rows[u] {
            Row::DenseIdx(_) | Row::DenseVal(_) => Pos::Dense,
            Row::SparseIdx(list) => find_sorted(|i| list[i].0, list.len(), key),
            Row::SparseVal(nbrs, _) => find_sorted(|i| nbrs[i], nbrs.len(), key),
        }
    }

    /// Doubled weight at a position found by [`Graph::find`].
    #[inline]
    fn read(&self, u: usize, v: usize, pos: Pos) -> W {
        match (&self.rows[u], pos) {
            (Row::DenseIdx(row), _) => self.pool[row.get(v).copied().unwrap_or(0) as usize],
            (Row::DenseVal(row), _) => row.get(v).copied().unwrap_or(W::ZERO),
            (Row::SparseIdx(list), Pos::Found(i)) => self.pool[list[i].1 as usize],
            (Row::SparseVal(_, weights), Pos::Found(i)) => weights[i],
            _ => W::ZERO,
        }
    }

    /// Pool index at a position (interned mode only; 0 if absent).
    #[inline]
    fn read_index(&self, u: usize, v: usize, pos: Pos) -> u32 {
        match (&self.rows[u], pos) {
            (Row::DenseIdx(row), _) => u32::from(row.get(v).copied().unwrap_or(0)),
            (Row::SparseIdx(list), Pos::Found(i)) => list[i].1,
            _ => 0,
        }
    }

    /// Doubled weight of edge `(u, v)` (zero if absent).  Indices must be in
    /// range.
    #[inline]
    pub(crate) fn weight2_of(&self, u: usize, v: usize) -> W {
        self.read(u, v, self.find(u, v))
    }

    /// Sets the doubled weight of edge `(u, v)` (`u != v`, both in range);
    /// zero removes the edge.
    /// Returns whether the weight changed.
    pub(crate) fn set(&mut self, u: usize, v: usize, weight2: W) -> bool {
        if let Some(changed) = self.set_dense_fast(u, v, weight2) {
            return changed;
        }
        let pos = self.find(u, v);
        if self.read(u, v, pos) == weight2 {
            return false;
        }
        if self.interned {
            let old = self.read_index(u, v, pos);
            let new = if weight2.is_zero() {
                0
            } else {
                match self.intern(weight2) {
                    Some(k) => k,
                    None => {
                        self.make_inline();
                        return self.set(u, v, weight2);
                    }
                }
            };
            self.write_index(u, v, pos, new);
            let pos = self.find(v, u);
            self.write_index(v, u, pos, new);
            self.release(old);
        } else {
            self.write_value(u, v, pos, weight2);
            let pos = self.find(v, u);
            self.write_value(v, u, pos, weight2);
        }
        true
    }

    /// [`set`](Self::set) for the common case of two interned dense rows
    /// long enough, where no row changes representation; `None` otherwise
    /// (nothing done).
    #[inline]
    fn set_dense_fast(&mut self, u: usize, v: usize, weight2: W) -> Option<bool> {
        let (old, lu, lv) = match (&self.rows[u], &self.rows[v]) {
            (Row::DenseIdx(ru), Row::DenseIdx(rv)) if v < ru.len() && u < rv.len() => {
                (ru[v], ru.len(), rv.len())
            }
            _ => return None,
        };
        if self.pool[old as usize] == weight2 {
            return Some(false);
        }
        let (du, dv) = (self.degree[u], self.degree[v]);
        let adding = old == 0;
        let removing = weight2.is_zero();
        if removing {
            // A row may have to become sparse: the general path.
            if 16 * (du as usize - 1) < lu || 16 * (dv as usize - 1) < lv {
                return None;
            }
        }
        let new = if removing { 0 } else { self.intern(weight2)? };
        if let Row::DenseIdx(ru) = &mut self.rows[u] {
            ru[v] = index16(new);
        }
        if let Row::DenseIdx(rv) = &mut self.rows[v] {
            rv[u] = index16(new);
        }
        if adding {
            self.degree[u] = du + 1;
            self.degree[v] = dv + 1;
        } else if removing {
            self.degree[u] = du - 1;
            self.degree[v] = dv - 1;
        }
        self.release(u32::from(old));
        Some(true)
    }

    /// Removes every edge of `u`.
    pub(crate) fn clear_row(&mut self, u: usize) {
        let empty = self.empty_row();
        let row = std::mem::replace(&mut self.rows[u], empty);
        self.degree[u] = 0;
        let mut neighbours = Vec::new();
        match row {
            Row::SparseIdx(list) => {
                for (v, k) in list {
                    neighbours.push(v as usize);
                    self.release(k);
                }
            }
            Row::DenseIdx(row) => {
                for (v, k) in row.into_iter().enumerate() {
                    if k != 0 {
                        neighbours.push(v);
                        self.release(u32::from(k));
                    }
                }
            }
            Row::SparseVal(nbrs, _) => neighbours.extend(nbrs.into_iter().map(|v| v as usize)),
            Row::DenseVal(row) => {
                neighbours.extend((0..row.len()).filter(|&v| !row[v].is_zero()));
            }
        }
        for v in neighbours {
            let pos = self.find(v, u);
            if self.interned {
                self.write_index(v, u, pos, 0);
            } else {
                self.write_value(v, u, pos, W::ZERO);
            }
        }
    }

    /// Returns a pool entry holding `weight2` (non-zero) with its reference
    /// count incremented, or `None` if that would exceed [`INTERN_LIMIT`]
    /// distinct weights.
    fn intern(&mut self, weight2: W) -> Option<u32> {
        let last = self.last as usize;
        let k = if last != 0 && self.pool[last] == weight2 {
            self.last
        } else if let Some(&k) = self.map.get(&Key(weight2)) {
            k
        } else {
            if self.live >= INTERN_LIMIT {
                return None;
            }
            let k = loop {
                match self.free.pop() {
                    Some(k) => {
                        self.in_free[k as usize] = false;
                        if self.refs[k as usize] == 0 {
                            // Evict the unused weight held there.
                            let old = self.pool[k as usize];
                            self.map.remove(&Key(old));
                            self.pool[k as usize] = weight2;
                            break k;
                        }
                    }
                    None => {
                        self.pool.push(weight2);
                        self.refs.push(0);
                        self.in_free.push(false);
                        break (self.pool.len() - 1) as u32;
                    }
                }
            };
            self.map.insert(Key(weight2), k);
            k
        };
        let i = k as usize;
        if self.refs[i] == 0 {
            self.live += 1;
        }
        self.refs[i] += 1;
        self.last = k;
        Some(k)
    }

    fn release(&mut self, k: u32) {
        if k == 0 {
            return;
        }
        let i = k as usize;
        self.refs[i] -= 1;
        if self.refs[i] == 0 {
            self.live -= 1;
            if !self.in_free[i] {
                self.in_free[i] = true;
                self.free.push(k);
            }
        }
    }

    /// Converts every row from pool indices to weights (once).
    fn make_inline(&mut self) {
        let pool = std::mem::replace(&mut self.pool, vec![W::ZERO]);
        for row in &mut self.rows {
            *row = match std::mem::replace(row, Row::DenseVal(Vec::new())) {
                Row::SparseIdx(list) => Row::SparseVal(
                    list.iter().map(|e| e.0).collect(),
                    list.iter().map(|e| pool[e.1 as usize]).collect(),
                ),
                Row::DenseIdx(row) => {
                    Row::DenseVal(row.iter().map(|&k| pool[k as usize]).collect())
                }
                other => other,
            };
        }
        self.refs = vec![0];
        self.live = 0;
        self.free = Vec::new();
        self.in_free = vec![false];
        self.map = HashMap::default();
        self.last = 0;
        self.interned = false;
    }

    /// Whether a sparse row of this degree should become dense.
    #[inline]
    fn wants_dense(&self, degree: u32) -> bool {
        degree >= 16 && 4 * degree as usize > self.rows.len()
    }

    /// Writes pool index `k` (0 = remove) into row `u` at neighbour `v`.
    fn write_index(&mut self, u: usize, v: usize, pos: Pos, k: u32) {
        let n = self.rows.len();
        let degree = self.degree[u];
        let to_dense = self.wants_dense(degree + 1);
        let row = &mut self.rows[u];
        let new_degree = match (row, pos) {
            (Row::SparseIdx(list), Pos::Found(i)) => {
                if k == 0 {
                    list.remove(i);
                    degree - 1
                } else {
                    list[i].1 = k;
                    degree
                }
            }
            (Row::SparseIdx(list), Pos::Missing(i)) => {
                if k == 0 {
                    return;
                }
                list.insert(i, (v as u32, k));
                if to_dense {
                    let mut dense = vec![0u16; n];
                    for &(w, kw) in list.iter() {
                        dense[w as usize] = index16(kw);
                    }
                    self.rows[u] = Row::DenseIdx(dense);
                }
                degree + 1
            }
            (Row::DenseIdx(row), _) => {
                if v >= row.len() {
                    if k == 0 {
                        return;
                    }
                    row.resize(n.max(v + 1), 0);
                }
                let old = std::mem::replace(&mut row[v], index16(k));
                let new_degree = degree + u32::from(k != 0) - u32::from(old != 0);
                if old != 0 && k == 0 && 16 * (new_degree as usize) < row.len() {
                    let list = row
                        .iter()
                        .enumerate()
                        .filter(|&(_, &kw)| kw != 0)
                        .map(|(w, &kw)| (w as u32, u32::from(kw)))
                        .collect();
                    self.rows[u] = Row::SparseIdx(list);
                }
                new_degree
            }
            _ => degree,
        };
        self.degree[u] = new_degree;
    }

    /// Writes doubled weight `x` (zero = remove) into row `u` at `v`.
    fn write_value(&mut self, u: usize, v: usize, pos: Pos, x: W) {
        let n = self.rows.len();
        let degree = self.degree[u];
        let to_dense = self.wants_dense(degree + 1);
        let row = &mut self.rows[u];
        let new_degree = match (row, pos) {
            (Row::SparseVal(nbrs, weights), Pos::Found(i)) => {
                if x.is_zero() {
                    nbrs.remove(i);
                    weights.remove(i);
                    degree - 1
                } else {
                    weights[i] = x;
                    degree
                }
            }
            (Row::SparseVal(nbrs, weights), Pos::Missing(i)) => {
                if x.is_zero() {
                    return;
                }
                nbrs.insert(i, v as u32);
                weights.insert(i, x);
                if to_dense {
                    let mut dense = vec![W::ZERO; n];
                    for (&w, &xw) in nbrs.iter().zip(weights.iter()) {
                        dense[w as usize] = xw;
                    }
                    self.rows[u] = Row::DenseVal(dense);
                }
                degree + 1
            }
            (Row::DenseVal(row), _) => {
                if v >= row.len() {
                    if x.is_zero() {
                        return;
                    }
                    row.resize(n.max(v + 1), W::ZERO);
                }
                let old = std::mem::replace(&mut row[v], x);
                let new_degree = degree + u32::from(!x.is_zero()) - u32::from(!old.is_zero());
                if !old.is_zero() && x.is_zero() && 16 * (new_degree as usize) < row.len() {
                    let nbrs: Vec<u32> = (0..row.len() as u32)
                        .filter(|&w| !row[w as usize].is_zero())
                        .collect();
                    let weights = nbrs.iter().map(|&w| row[w as usize]).collect();
                    self.rows[u] = Row::SparseVal(nbrs, weights);
                }
                new_degree
            }
            _ => degree,
        };
        self.degree[u] = new_degree;
    }

    /// Number of distinct weights in the pool (for tests).
    #[cfg(test)]
    pub(crate) fn distinct_weights(&self) -> usize {
        self.refs.iter().filter(|&&r| r != 0).count()
    }

    /// Whether row `v` is stored densely (for tests).
    #[cfg(test)]
    pub(crate) fn is_dense(&self, v: usize) -> bool {
        matches!(self.rows[v], Row::DenseIdx(_) | Row::DenseVal(_))
    }

    /// Whether rows hold interned indices (for tests).
    #[cfg(test)]
    pub(crate) fn is_interned(&self) -> bool {
        self.interned
    }
}
