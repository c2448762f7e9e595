//! Storage of the edges (dense, sparse, interned, inline) and what a re-solve keeps.

use super::*;

#[test]
fn no_change_keeps_solution() {
    let mut rng = Rng(50);
    let mut m = random_graph(&mut rng, 30, 80, &mut |r: &mut Rng| {
        random_weight_u64(r, 100)
    });
    m.solve();
    let before = m.mates();
    // Re-setting the same weights is a no-op; lowering an unmatched edge's
    // weight needs no re-optimisation.
    for u in 0..30 {
        for v in 0..30 {
            let w = m.edge(u, v).unwrap();
            if u != v && !w.is_zero() {
                m.set_edge(u, v, w).unwrap();
            }
        }
    }
    assert!(m.is_solved());
    let (u, v) = (0..30)
        .flat_map(|u| (0..30).map(move |v| (u, v)))
        .find(|&(u, v)| {
            u != v
                && m.edge(u, v).unwrap() > 1
                && m.mate(u) != Some(v)
                && m.solver.inblossom[u] != m.solver.inblossom[v]
        })
        .unwrap();
    m.set_edge(u, v, 1).unwrap();
    assert!(m.solver.dirty_list.is_empty());
    check(&mut m);
    assert_eq!(m.mates(), before);
}

// ----------------------------------------------------------------------
// Storage
// ----------------------------------------------------------------------

#[test]
fn storage_dense_sparse_and_interning() {
    let n = 64;
    let mut m = MatchingComputer::<u128>::new(n).unwrap();
    for u in 0..n {
        for v in u + 1..n {
            m.set_edge(u, v, 5 + ((u + v) % 3) as u128).unwrap();
        }
    }
    assert!(m.graph.is_dense(0));
    assert_eq!(m.graph.distinct_weights(), 3);
    assert_eq!(m.degree(0), Ok(n - 1));
    assert_eq!(m.edge(3, 4), Ok(5 + 7 % 3));
    check(&mut m);
    for v in 1..n {
        m.set_edge(0, v, 0).unwrap();
    }
    assert!(!m.graph.is_dense(0));
    assert_eq!(m.degree(0), Ok(0));
    m.set_edge(0, 9, 1000).unwrap();
    assert_eq!(m.graph.distinct_weights(), 4);
    assert_eq!(m.neighbors(0), Ok(vec![(9, 1000)]));
    check(&mut m);
    assert_eq!(m.mate(0), Some(9));
    m.isolate_vertex(9).unwrap();
    assert_eq!(m.graph.distinct_weights(), 3);
    check(&mut m);
    assert_eq!(m.mate(0), None);
}

#[test]
fn storage_inline_mode_dense() {
    // More than INTERN_LIMIT distinct weights: rows switch to inline weights.
    let mut rng = Rng(60);
    let n = 100;
    let mut m = random_graph(&mut rng, n, 100, &mut |r: &mut Rng| {
        u128::from(r.next()) << 20 | 1
    });
    assert!(!m.graph.is_interned());
    assert!(m.graph.is_dense(5));
    check(&mut m);
    for v in [3usize, 50, 99, 0] {
        for u in 0..n {
            if u != v {
                let w = u128::from(rng.next()) << 20;
                m.set_edge(v, u, w).unwrap();
            }
        }
        check(&mut m);
        same_as_fresh_solve(&m);
    }
    // Thin out a row until it becomes sparse again, then isolate it.
    for u in 5..n {
        if u != 7 {
            m.set_edge(7, u, 0).unwrap();
        }
    }
    assert!(!m.graph.is_dense(7));
    assert_eq!(m.degree(7), Ok(5));
    check(&mut m);
    m.isolate_vertex(7).unwrap();
    assert_eq!(m.neighbors(7), Ok(vec![]));
    assert_eq!(m.edge(8, 7), Ok(0));
    check(&mut m);
    let v = m.add_vertex().unwrap();
    m.set_edge(v, 7, 5).unwrap();
    check(&mut m);
    assert_eq!(m.mate(7), Some(v));
}

#[test]
fn storage_interning_churn() {
    // Weights that come and go (a pairing program's probes): unused pool
    // entries are kept, revived when their weight comes back and evicted
    // when a slot is needed, with correct weights throughout.
    let n = 40;
    let mut rng = Rng(62);
    let mut m = random_graph(&mut rng, n, 100, &mut |r: &mut Rng| 1 + r.below(3));
    check(&mut m);
    let base = matrix(&m);
    for round in 0..15u64 {
        let v = (round as usize * 7) % n;
        // Bonuses repeat every third round (revival), fresh ones otherwise.
        let offset = if round % 3 == 0 { 0 } else { round };
        let probe = |u: usize, w: u64| w + 1000 * (offset + 1) + u as u64;
        for (u, &w) in base[v].iter().enumerate() {
            if u != v && !w.is_zero() {
                m.set_edge(v, u, probe(u, w)).unwrap();
            }
        }
        check(&mut m);
        assert!(m.graph.is_interned());
        for (u, &w) in base[v].iter().enumerate() {
            if u != v && !w.is_zero() {
                assert_eq!(m.edge(u, v), Ok(probe(u, w)));
            }
        }
        for (u, &w) in base[v].iter().enumerate() {
            if u != v {
                m.set_edge(v, u, w).unwrap();
            }
        }
        check(&mut m);
        assert_eq!(matrix(&m), base);
        assert_eq!(m.graph.distinct_weights(), 3);
    }
}

#[test]
fn mass_change_resolves_from_scratch() {
    // Changing the edges of most vertices at once: the next solve starts
    // over (more than half of the vertices prepared) and stays optimal.
    let mut rng = Rng(63);
    for round in 0..6 {
        let n = 30 + 7 * round;
        let max = [2u64, 5, 1 << 20][round % 3];
        let mut m = random_graph(&mut rng, n, 85, &mut |r: &mut Rng| {
            random_weight_u64(r, max)
        });
        check(&mut m);
        for v in 0..n {
            for u in v + 1..n {
                if !m.edge(v, u).unwrap().is_zero() {
                    let w = m.edge(v, u).unwrap() * 64 + rng.below(64);
                    m.set_edge(v, u, w).unwrap();
                }
            }
        }
        check(&mut m);
        same_as_fresh_solve(&m);
    }
}

#[test]
fn default_wrapping_sub() {
    // The provided `Weight::wrapping_sub_w` (for types that do not override
    // it), through a wrapper delegating everything else.
    #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
    struct W8(u64);
    impl Weight for W8 {
        const ZERO: Self = W8(0);
        const MAX: Self = W8(u64::MAX);
        const BITS: u32 = 64;
        fn add_w(self, rhs: Self) -> Self {
            W8(self.0.add_w(rhs.0))
        }
        fn sub_w(self, rhs: Self) -> Self {
            W8(self.0.sub_w(rhs.0))
        }
        fn overflowing_add_w(self, rhs: Self) -> (Self, bool) {
            let (v, o) = self.0.overflowing_add(rhs.0);
            (W8(v), o)
        }
        fn halve(self) -> Self {
            W8(self.0 >> 1)
        }
        fn is_odd(self) -> bool {
            self.0 & 1 == 1
        }
        fn from_u64(value: u64) -> Self {
            W8(value)
        }
        fn hash64(&self) -> u64 {
            self.0.hash64()
        }
    }
    assert_eq!(W8(3).wrapping_sub_w(W8(5)), W8(u64::MAX - 1));
    assert_eq!(W8(9).wrapping_sub_w(W8(5)), W8(4));
    assert_eq!(W8(0).wrapping_sub_w(W8(u64::MAX)), W8(1));
    let mut m = MatchingComputer::<W8>::new(5).unwrap();
    for (u, v, w) in [(0, 1, 8), (1, 2, 9), (2, 3, 8), (3, 4, 9), (4, 0, 8)] {
        m.set_edge(u, v, W8(w)).unwrap();
    }
    check(&mut m);
    assert_eq!(m.matching_weight(), Ok(W8(18)));
}

#[test]
fn storage_inline_mode_sparse() {
    let mut rng = Rng(61);
    let n = 700;
    let mut m = MatchingComputer::<u64>::new(n).unwrap();
    for u in 0..n {
        for _ in 0..8 {
            let v = rng.below(n as u64) as usize;
            if v != u {
                m.set_edge(u, v, 1 + rng.below(1 << 40)).unwrap();
            }
        }
    }
    assert!(!m.graph.is_interned());
    assert!(!m.graph.is_dense(0));
    check(&mut m);
    for step in 0..20 {
        let v = rng.below(n as u64) as usize;
        if step % 5 == 0 {
            m.isolate_vertex(v).unwrap();
        } else {
            for (u, _) in m.neighbors(v).unwrap() {
                m.set_edge(v, u, 1 + rng.below(1 << 40)).unwrap();
            }
        }
        m.solve();
    }
    check(&mut m);
    same_as_fresh_solve(&m);
}
