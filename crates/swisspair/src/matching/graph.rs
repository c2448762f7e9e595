//! Edge storage: adjacency rows of small weight indices plus an interned
//! pool of (doubled) weights.
//!
//! * Every vertex has a [`Row`]: either a sorted list of
//!   `(neighbour, weight index)` pairs (sparse) or a vector indexed by the
//!   neighbour holding weight indices (dense, `0` = no edge).  A row switches
//!   to the dense form when more than a quarter of the possible neighbours
//!   are present and back when fewer than a sixteenth are, so memory stays
//!   within a factor two of the minimum for sparse and for dense graphs:
//!   4 bytes per ordered vertex pair of a dense graph, 8 bytes per ordered
//!   edge of a sparse one.  Appending neighbours in increasing order (the
//!   usual way to build a graph) costs O(1).
//! * Weight *values* live once in a pool, indexed by `u32`.  Equal weights
//!   share a pool entry (interning through a hash map, looked up only, never
//!   iterated, so everything stays deterministic).  Graphs of a pairing
//!   program typically have few distinct weights, so a dense 3000-vertex
//!   graph costs about 36 MB instead of 144 MB for a matrix of `u128`.  To
//!   bound the cost when (almost) all weights are distinct, at most
//!   [`MAP_LIMIT`] values are entered into the map; further distinct values
//!   get private pool entries.  Pool entries are reference counted and
//!   recycled.
//!
//! The pool stores *doubled* weights (`2 w`), the form the solver needs.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use super::weight::Weight;

/// Maximum number of distinct weights entered into the interning map.
const MAP_LIMIT: usize = 1 << 12;
/// Once the map is full, lookups stop after this many consecutive misses
/// (all-distinct weights), and are retried in short bursts.
const PROBE_BUDGET: u32 = 1 << 12;

/// Adjacency of one vertex.  Iteration order is always by increasing
/// neighbour index, whatever the representation.
#[derive(Clone, Debug)]
pub(crate) enum Row {
    /// Sorted by neighbour; weight indices are never 0.
    Sparse(Vec<(u32, u32)>),
    /// Indexed by neighbour; 0 means no edge.  May be shorter than the
    /// vertex count (missing entries are 0).
    Dense(Vec<u32>),
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

/// The weighted graph: rows plus weight pool.
#[derive(Clone)]
pub(crate) struct Graph<W: Weight> {
    rows: Vec<Row>,
    degree: Vec<u32>,
    /// Doubled weights; entry 0 is the "no edge" sentinel (zero).
    pool: Vec<W>,
    /// Reference counts of pool entries (number of undirected edges).
    refs: Vec<u32>,
    /// Whether the pool entry is registered in `map`.
    mapped: Vec<bool>,
    free: Vec<u32>,
    map: HashMap<Key<W>, u32, BuildHasherDefault<PassHasher>>,
    /// Most recently interned entry (fast path for repeated weights).
    last: u32,
    /// Remaining map lookups allowed while the map is full.
    probe_budget: u32,
    /// Interns done without lookup (schedules retry bursts).
    unprobed: u32,
}

impl<W: Weight> Graph<W> {
    pub(crate) fn new(vertex_count: usize) -> Self {
        Graph {
            rows: (0..vertex_count).map(|_| Row::Sparse(Vec::new())).collect(),
            degree: vec![0; vertex_count],
            pool: vec![W::ZERO],
            refs: vec![0],
            mapped: vec![false],
            free: Vec::new(),
            map: HashMap::default(),
            last: 0,
            probe_budget: PROBE_BUDGET,
            unprobed: 0,
        }
    }

    #[inline]
    pub(crate) fn vertex_count(&self) -> usize {
        self.rows.len()
    }

    pub(crate) fn add_vertex(&mut self) {
        self.rows.push(Row::Sparse(Vec::new()));
        self.degree.push(0);
    }

    /// Doubled weight of pool entry `k`.
    #[inline(always)]
    pub(crate) fn weight2(&self, k: u32) -> W {
        self.pool[k as usize]
    }

    #[inline]
    pub(crate) fn row(&self, v: usize) -> &Row {
        &self.rows[v]
    }

    #[inline]
    pub(crate) fn degree(&self, v: usize) -> usize {
        self.degree[v] as usize
    }

    /// Locates neighbour `v` in row `u`.
    #[inline]
    fn find(&self, u: usize, v: usize) -> Pos {
        match &self.rows[u] {
            Row::Dense(_) => Pos::Dense,
            Row::Sparse(list) => {
                let key = v as u32;
                match list.last() {
                    None => Pos::Missing(0),
                    Some(&(last, _)) if last < key => Pos::Missing(list.len()),
                    Some(&(last, _)) if last == key => Pos::Found(list.len() - 1),
                    _ => match list.binary_search_by_key(&key, |e| e.0) {
                        Ok(i) => Pos::Found(i),
                        Err(i) => Pos::Missing(i),
                    },
                }
            }
        }
    }

    /// Pool index stored at a position found by [`Graph::find`].
    #[inline]
    fn read(&self, u: usize, v: usize, pos: Pos) -> u32 {
        match (&self.rows[u], pos) {
            (Row::Dense(row), _) => row.get(v).copied().unwrap_or(0),
            (Row::Sparse(list), Pos::Found(i)) => list[i].1,
            _ => 0,
        }
    }

    /// Pool index of edge `(u, v)` (0 if absent).  Indices must be in range.
    pub(crate) fn slot(&self, u: usize, v: usize) -> u32 {
        self.read(u, v, self.find(u, v))
    }

    /// Doubled weight of edge `(u, v)` (zero if absent).
    #[inline]
    pub(crate) fn weight2_of(&self, u: usize, v: usize) -> W {
        self.weight2(self.slot(u, v))
    }

    /// Sets the doubled weight of edge `(u, v)` (`u != v`, both in range);
    /// zero removes the edge.
    pub(crate) fn set(&mut self, u: usize, v: usize, weight2: W) {
        let pos = self.find(u, v);
        let old = self.read(u, v, pos);
        if self.pool[old as usize] == weight2 {
            return;
        }
        let new = if weight2.is_zero() {
            0
        } else {
            self.intern(weight2)
        };
        self.write(u, v, pos, new);
        let pos = self.find(v, u);
        self.write(v, u, pos, new);
        self.release(old);
    }

    /// Removes every edge of `u`.
    pub(crate) fn clear_row(&mut self, u: usize) {
        let row = std::mem::replace(&mut self.rows[u], Row::Sparse(Vec::new()));
        self.degree[u] = 0;
        let visit = |graph: &mut Self, v: usize, k: u32| {
            let pos = graph.find(v, u);
            graph.write(v, u, pos, 0);
            graph.release(k);
        };
        match row {
            Row::Sparse(list) => {
                for (v, k) in list {
                    visit(self, v as usize, k);
                }
            }
            Row::Dense(row) => {
                for (v, k) in row.into_iter().enumerate() {
                    if k != 0 {
                        visit(self, v, k);
                    }
                }
            }
        }
    }

    /// Returns a pool entry holding `weight2` (non-zero), with its reference
    /// count already incremented.
    fn intern(&mut self, weight2: W) -> u32 {
        let last = self.last as usize;
        if last != 0 && self.refs[last] != 0 && self.pool[last] == weight2 {
            self.refs[last] += 1;
            return self.last;
        }
        let full = self.map.len() >= MAP_LIMIT;
        let found = if !full || self.probe_budget > 0 {
            let found = self.map.get(&Key(weight2)).copied();
            if full {
                self.probe_budget = if found.is_some() {
                    PROBE_BUDGET
                } else {
                    self.probe_budget - 1
                };
            }
            found
        } else {
            self.unprobed = self.unprobed.wrapping_add(1);
            if self.unprobed % PROBE_BUDGET == 0 {
                self.probe_budget = 64;
            }
            None
        };
        let k = if let Some(k) = found {
            k
        } else {
            let k = if let Some(k) = self.free.pop() {
                self.pool[k as usize] = weight2;
                k
            } else {
                self.pool.push(weight2);
                self.refs.push(0);
                self.mapped.push(false);
                (self.pool.len() - 1) as u32
            };
            if self.map.len() < MAP_LIMIT {
                self.map.insert(Key(weight2), k);
                self.mapped[k as usize] = true;
            }
            k
        };
        self.refs[k as usize] += 1;
        self.last = k;
        k
    }

    fn release(&mut self, k: u32) {
        if k == 0 {
            return;
        }
        let i = k as usize;
        self.refs[i] -= 1;
        if self.refs[i] == 0 {
            if self.mapped[i] {
                self.map.remove(&Key(self.pool[i]));
                self.mapped[i] = false;
            }
            self.pool[i] = W::ZERO;
            self.free.push(k);
        }
    }

    /// Writes pool index `k` (0 = remove) into row `u` at neighbour `v`,
    /// located at `pos`; converts the row between the sparse and the dense
    /// form when its degree crosses the thresholds.
    fn write(&mut self, u: usize, v: usize, pos: Pos, k: u32) {
        let n = self.rows.len();
        let degree = &mut self.degree[u];
        match (&mut self.rows[u], pos) {
            (Row::Sparse(list), Pos::Found(i)) => {
                if k == 0 {
                    list.remove(i);
                    *degree -= 1;
                } else {
                    list[i].1 = k;
                }
            }
            (Row::Sparse(list), Pos::Missing(i)) => {
                if k == 0 {
                    return;
                }
                list.insert(i, (v as u32, k));
                *degree += 1;
                if *degree >= 16 && 4 * (*degree as usize) > n {
                    let mut dense = vec![0u32; n];
                    for &(w, kw) in list.iter() {
                        dense[w as usize] = kw;
                    }
                    self.rows[u] = Row::Dense(dense);
                }
            }
            (Row::Dense(row), _) => {
                if v >= row.len() {
                    if k == 0 {
                        return;
                    }
                    row.resize(n.max(v + 1), 0);
                }
                let old = row[v];
                row[v] = k;
                if old == 0 && k != 0 {
                    *degree += 1;
                } else if old != 0 && k == 0 {
                    *degree -= 1;
                    if 16 * (*degree as usize) < row.len() {
                        let list: Vec<(u32, u32)> = row
                            .iter()
                            .enumerate()
                            .filter(|&(_, &kw)| kw != 0)
                            .map(|(w, &kw)| (w as u32, kw))
                            .collect();
                        self.rows[u] = Row::Sparse(list);
                    }
                }
            }
            (Row::Sparse(_), Pos::Dense) => {}
        }
    }

    /// Number of pool entries in use (for tests and diagnostics).
    #[cfg(test)]
    pub(crate) fn distinct_weights(&self) -> usize {
        self.refs.iter().filter(|&&r| r != 0).count()
    }

    /// Whether row `v` is stored densely (for tests).
    #[cfg(test)]
    pub(crate) fn is_dense(&self, v: usize) -> bool {
        matches!(self.rows[v], Row::Dense(_))
    }
}
