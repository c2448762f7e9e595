//! Maximum-cardinality matching on a graph given by a predicate instead of a list of edges.
//!
//! Whether players can all be paired is a question about a graph in which nearly every pair is an
//! edge: thousands of players give tens of millions of edges, too many to list. [`Cardinality`] keeps
//! a matching on vertices that come and go and asks `adjacent(a, b)` only when it looks at a pair: a
//! vertex left single is first matched to another single neighbour, or along a path of three edges
//! through a matched neighbour, and otherwise by an augmenting path found with Edmonds' blossom
//! algorithm (breadth first, blossoms shrunk by their bases; `O(n)` per
//! vertex scanned, `O(n^2)` per path at worst). By Berge's theorem a single vertex from which no
//! augmenting path starts stays single in some maximum matching, so [`Cardinality::perfect`] is exact.

const NONE: usize = usize::MAX;

/// A matching and the vertices present, saved to be put back ([`Cardinality::save`]).
#[derive(Clone, Debug)]
pub struct Saved {
    mate: Vec<usize>,
    present: Vec<bool>,
}

/// A matching on the vertices `0..n` present, maintained as they leave and come back.
#[derive(Clone, Debug)]
pub struct Cardinality {
    mate: Vec<usize>,
    present: Vec<bool>,
    // The search's working arrays, kept between searches.
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    blossom: Vec<bool>,
    queue: Vec<usize>,
}

impl Cardinality {
    /// `n` vertices, all present, none matched.
    pub fn new(n: usize) -> Cardinality {
        Cardinality {
            mate: vec![NONE; n],
            present: vec![true; n],
            parent: vec![NONE; n],
            base: (0..n).collect(),
            used: vec![false; n],
            blossom: vec![false; n],
            queue: Vec::with_capacity(n),
        }
    }

    /// The matching and the vertices present, to be put back by [`Cardinality::load`].
    pub fn save(&self) -> Saved {
        Saved {
            mate: self.mate.clone(),
            present: self.present.clone(),
        }
    }

    /// Puts back what [`Cardinality::save`] saved (of a matching of the same size).
    pub fn load(&mut self, saved: Saved) {
        if saved.mate.len() == self.len() && saved.present.len() == self.len() {
            self.mate = saved.mate;
            self.present = saved.present;
        }
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.mate.len()
    }

    /// Whether there are no vertices.
    pub fn is_empty(&self) -> bool {
        self.mate.is_empty()
    }

    /// The vertex `v` is matched with, if any.
    pub fn mate(&self, v: usize) -> Option<usize> {
        self.mate.get(v).copied().filter(|&m| m != NONE)
    }

    /// Whether `v` is present.
    pub fn is_present(&self, v: usize) -> bool {
        self.present.get(v).copied().unwrap_or(false)
    }

    /// Takes `v` out of the graph; its mate becomes single.
    pub fn remove(&mut self, v: usize) {
        if v >= self.len() {
            return;
        }
        if let Some(m) = self.mate(v) {
            self.mate[m] = NONE;
        }
        self.mate[v] = NONE;
        self.present[v] = false;
    }

    /// Puts `v` back, single.
    pub fn restore(&mut self, v: usize) {
        if v < self.len() {
            self.present[v] = true;
        }
    }

    /// Matches `a` with `b` (both present and single); the caller knows they are adjacent.
    pub fn pair(&mut self, a: usize, b: usize) {
        if a < self.len() && b < self.len() && a != b {
            self.mate[a] = b;
            self.mate[b] = a;
        }
    }

    /// Matches every single vertex it can, and tells whether every present vertex is matched: the
    /// graph restricted to the present vertices has a perfect matching. Stops at the first vertex that
    /// stays single.
    pub fn perfect(&mut self, adjacent: &dyn Fn(usize, usize) -> bool) -> bool {
        for v in 0..self.len() {
            if self.present[v] && self.mate[v] == NONE && !self.match_single(v, adjacent) {
                return false;
            }
        }
        true
    }

    /// Matches as many vertices as it can; returns the number of pairs.
    pub fn maximise(&mut self, adjacent: &dyn Fn(usize, usize) -> bool) -> usize {
        for v in 0..self.len() {
            if self.present[v] && self.mate[v] == NONE {
                self.match_single(v, adjacent);
            }
        }
        (0..self.len()).filter(|&v| self.mate[v] != NONE).count() / 2
    }

    /// Matches the single vertex `root`: with a single neighbour when there is one, otherwise along an
    /// augmenting path. False when none starts from it.
    fn match_single(&mut self, root: usize, adjacent: &dyn Fn(usize, usize) -> bool) -> bool {
        let n = self.len();
        if let Some(u) = (0..n)
            .find(|&u| u != root && self.present[u] && self.mate[u] == NONE && adjacent(root, u))
        {
            self.pair(root, u);
            return true;
        }
        // A path of three edges, root - w = z - u, with u single: the usual way in a dense graph, found
        // without growing a search tree.
        let singles: Vec<usize> = (0..n)
            .filter(|&u| u != root && self.present[u] && self.mate[u] == NONE)
            .collect();
        for w in 0..n {
            if w == root || !self.present[w] {
                continue;
            }
            let z = self.mate[w];
            if z == NONE || !adjacent(root, w) {
                continue;
            }
            if let Some(&u) = singles.iter().find(|&&u| adjacent(z, u)) {
                self.pair(root, w);
                self.pair(z, u);
                return true;
            }
        }
        match self.find_path(root, adjacent) {
            Some(end) => {
                self.augment(end);
                true
            }
            None => false,
        }
    }

    /// Flips the alternating path that ends at the single vertex `end` (found by `find_path`).
    fn augment(&mut self, end: usize) {
        let mut v = end;
        while v != NONE {
            let pv = self.parent[v];
            let next = self.mate[pv];
            self.mate[v] = pv;
            self.mate[pv] = v;
            v = next;
        }
    }

    /// Edmonds' search from the single vertex `root`: the single vertex an augmenting path reaches.
    fn find_path(&mut self, root: usize, adjacent: &dyn Fn(usize, usize) -> bool) -> Option<usize> {
        let n = self.len();
        self.used.fill(false);
        self.parent.fill(NONE);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.queue.clear();
        self.used[root] = true;
        self.queue.push(root);
        let mut head = 0;
        while let Some(&v) = self.queue.get(head) {
            head += 1;
            for to in 0..n {
                if to == v || !self.present[to] {
                    continue;
                }
                if self.base[v] == self.base[to] || self.mate[v] == to {
                    continue;
                }
                let odd_cycle =
                    to == root || (self.mate[to] != NONE && self.parent[self.mate[to]] != NONE);
                if !odd_cycle && self.parent[to] != NONE {
                    continue;
                }
                if !adjacent(v, to) {
                    continue;
                }
                if odd_cycle {
                    self.shrink(v, to);
                } else {
                    self.parent[to] = v;
                    if self.mate[to] == NONE {
                        return Some(to);
                    }
                    let m = self.mate[to];
                    self.used[m] = true;
                    self.queue.push(m);
                }
            }
        }
        None
    }

    /// The edge `v`–`to` closes an odd cycle: its vertices become one blossom, their base the cycle's
    /// lowest common ancestor, and the ones not yet searched join the queue.
    fn shrink(&mut self, v: usize, to: usize) {
        let base = self.common_base(v, to);
        self.blossom.fill(false);
        self.mark_path(v, base, to);
        self.mark_path(to, base, v);
        for i in 0..self.len() {
            if self.blossom[self.base[i]] {
                self.base[i] = base;
                if !self.used[i] {
                    self.used[i] = true;
                    self.queue.push(i);
                }
            }
        }
    }

    /// The base of the blossom in which the tree paths from `a` and `b` to the root meet.
    fn common_base(&self, a: usize, b: usize) -> usize {
        let mut seen = vec![false; self.len()];
        let mut a = a;
        loop {
            a = self.base[a];
            seen[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        let mut b = b;
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    /// Marks the blossoms on the tree path from `v` down to `base`, and sets the parents that let the
    /// path through the blossom be flipped later (`child` is the vertex across the closing edge).
    fn mark_path(&mut self, mut v: usize, base: usize, mut child: usize) {
        while self.base[v] != base {
            let m = self.mate[v];
            self.blossom[self.base[v]] = true;
            self.blossom[self.base[m]] = true;
            self.parent[v] = child;
            child = m;
            v = self.parent[m];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The most pairs of `n` vertices with the edges `edges`, by trying every subset of edges.
    fn brute_force(n: usize, edges: &[(usize, usize)]) -> usize {
        fn best(i: usize, used: &mut Vec<bool>, edges: &[(usize, usize)]) -> usize {
            let Some(&(a, b)) = edges.get(i) else {
                return 0;
            };
            let skip = best(i + 1, used, edges);
            if used[a] || used[b] {
                return skip;
            }
            used[a] = true;
            used[b] = true;
            let take = 1 + best(i + 1, used, edges);
            used[a] = false;
            used[b] = false;
            skip.max(take)
        }
        best(0, &mut vec![false; n], edges)
    }

    fn adjacency(edges: &[(usize, usize)]) -> impl Fn(usize, usize) -> bool + '_ {
        move |a, b| {
            edges
                .iter()
                .any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a))
        }
    }

    /// The five-cycle 0-1-2-3-4 with pendants 5 (at 4), 6 (at 0) and 7 (at 2): each pendant takes its
    /// vertex, leaving 1 and 3, who are not adjacent: no perfect matching, three pairs at most, however
    /// the search starts (here from 1-2 and 3-4, so that the path to 5 goes round the cycle).
    #[test]
    fn no_perfect_matching_is_found_out() {
        let edges = [
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 4),
            (4, 0),
            (4, 5),
            (0, 6),
            (2, 7),
        ];
        let mut m = Cardinality::new(8);
        m.pair(1, 2);
        m.pair(3, 4);
        assert!(!m.perfect(&adjacency(&edges)));
        assert_eq!(m.maximise(&adjacency(&edges)), 3);
    }

    #[test]
    fn vertices_leave_and_come_back() {
        let edges = [(0, 1), (1, 2), (2, 3)];
        let adjacent = adjacency(&edges);
        let mut m = Cardinality::new(4);
        assert!(m.perfect(&adjacent));
        m.remove(0);
        m.remove(3);
        assert!(m.perfect(&adjacent));
        m.remove(1);
        assert!(!m.perfect(&adjacent));
        m.restore(1);
        m.restore(0);
        m.remove(2);
        assert!(m.perfect(&adjacent));
        assert_eq!(m.mate(0), Some(1));
    }

    proptest! {
        /// The matching is maximum: as large as the best subset of edges, on random graphs.
        #[test]
        fn maximum_on_random_graphs(
            n in 2usize..11,
            bits in proptest::collection::vec(any::<bool>(), 55),
            gone in proptest::collection::vec(any::<bool>(), 11),
        ) {
            let mut edges = Vec::new();
            let mut k = 0;
            for a in 0..n {
                for b in a + 1..n {
                    if bits[k] && !gone[a] && !gone[b] {
                        edges.push((a, b));
                    }
                    k += 1;
                }
            }
            let mut m = Cardinality::new(n);
            for (v, &g) in gone.iter().enumerate().take(n) {
                if g {
                    m.remove(v);
                }
            }
            let pairs = m.maximise(&adjacency(&edges));
            prop_assert_eq!(pairs, brute_force(n, &edges));
            for v in 0..n {
                if let Some(w) = m.mate(v) {
                    prop_assert_eq!(m.mate(w), Some(v));
                    prop_assert!(adjacency(&edges)(v, w));
                }
            }
        }
    }
}
