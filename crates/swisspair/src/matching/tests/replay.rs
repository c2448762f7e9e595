//! A real operation log replayed, larger random graphs, and threads.

use super::*;

// ----------------------------------------------------------------------
// Replay of a real operation log
// ----------------------------------------------------------------------

/// Operation log of the Dutch system (see `benches/matching/replay.rs`):
/// full solves, a re-solve after every weight changed, one-vertex probes.
const DUTCH_LOG: &str = include_str!("../../../benches/data/dutch-120p-round2.log");

/// Replays `DUTCH_LOG`; after every solve, checks the optimality certificate
/// and that the weight equals a fresh solve's.  Returns the number of solves.
fn replay_dutch_log() -> usize {
    let mut m: Option<MatchingComputer<u128>> = None;
    let mut solves = 0;
    for (number, line) in DUTCH_LOG.lines().enumerate() {
        let fields: Vec<&str> = line.split_ascii_whitespace().collect();
        let int = |i: usize| -> u128 {
            fields[i]
                .parse()
                .unwrap_or_else(|_| panic!("line {}", number + 1))
        };
        match fields.first().copied() {
            None | Some("#") => {}
            Some("n") => m = Some(MatchingComputer::new(int(1) as usize).unwrap()),
            Some("e") => {
                let m = m.as_mut().expect("graph");
                m.set_edge(int(1) as usize, int(2) as usize, int(3))
                    .unwrap();
            }
            Some("s") => {
                let m = m.as_mut().expect("graph");
                m.solve();
                verify_certificate(m);
                same_as_fresh_solve(m);
                solves += 1;
            }
            Some(other) => panic!("line {}: unknown operation {other}", number + 1),
        }
    }
    solves
}

#[test]
fn replay_dutch_log_matches_fresh_solves() {
    assert_eq!(replay_dutch_log(), 107);
}

// ----------------------------------------------------------------------
// Property tests
// ----------------------------------------------------------------------

fn edge_list(max_n: usize, max_w: u64) -> impl Strategy<Value = (usize, Vec<(usize, usize, u64)>)> {
    (1..=max_n).prop_flat_map(move |n| {
        let edge = (0..n, 0..n, 0..=max_w);
        (Just(n), proptest::collection::vec(edge, 0..=n * n / 2 + 1))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn prop_matches_brute_force((n, edges) in edge_list(10, 8)) {
        let mut m = MatchingComputer::<u128>::new(n).unwrap();
        for (u, v, w) in edges {
            if u != v {
                m.set_edge(u, v, u128::from(w)).unwrap();
            }
        }
        check(&mut m);
    }

    #[test]
    fn prop_incremental_changes(
        (n, edges) in edge_list(9, 5),
        changes in proptest::collection::vec((0usize..9, proptest::collection::vec(0u64..=5, 9)), 1..6),
    ) {
        let mut m = MatchingComputer::<BUint<2>>::new(n).unwrap();
        for (u, v, w) in edges {
            if u != v {
                m.set_edge(u, v, BUint::<2>::from_u64(w)).unwrap();
            }
        }
        check(&mut m);
        for (v, weights) in changes {
            let v = v % n;
            for (u, &w) in weights.iter().enumerate().take(n) {
                if u != v {
                    m.set_edge(v, u, BUint::<2>::from_u64(w)).unwrap();
                }
            }
            check(&mut m);
        }
    }
}

/// Long randomized stress run (`cargo test --release -p swisspair
/// matching::tests::stress -- --ignored`).
#[test]
#[ignore = "long stress run"]
fn stress() {
    let rounds: usize = std::env::var("STRESS_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_000);
    let mut rng = Rng(1234);
    for round in 0..rounds {
        let max = [1, 2, 3, 4, 8, 100, 1 << 50][round % 7];
        incremental_run(rng.next(), 1, 10, &mut |r: &mut Rng| {
            random_weight_u64(r, max)
        });
        let n = 12 + rng.below(60) as usize;
        let density = [5, 20, 60, 100][round % 4];
        let mut m = random_graph(&mut rng, n, density, &mut |r: &mut Rng| {
            random_weight_u64(r, max)
        });
        check(&mut m);
        for _ in 0..5 {
            random_op(&mut rng, &mut m, &mut |r: &mut Rng| {
                random_weight_u64(r, max)
            });
            check(&mut m);
        }
        same_as_fresh_solve(&m);
    }
}

/// The fresh start's sweeps give, on two threads, what one gives: every vertex's value, in order.
#[test]
fn per_vertex_is_in_order_on_large_graphs() {
    for n in [0, 1, 5, 1023, 1024, 1025, 4999] {
        let values = super::fresh_start::per_vertex(n, |v| v * 3 + 1);
        assert_eq!(values, (0..n).map(|v| v * 3 + 1).collect::<Vec<_>>());
    }
}

/// On a large graph the fresh start's sweeps and greedy passes run on two threads: the matching is the
/// one a single core finds (many equal weights, so any difference in the greedy order would show).
#[test]
fn two_threads_match_as_one() {
    for (seed, n) in [(70, 1100), (71, 1600)] {
        let solve = |one: bool| {
            super::fresh_start::ONE_THREAD.with(|flag| flag.set(one));
            let mut rng = Rng(seed);
            let mut m = MatchingComputer::<u128>::new(n).unwrap();
            for u in 0..n {
                for v in u + 1..n {
                    if rng.chance(90) {
                        // Score-group-like: heavier within a group of 100, equal otherwise.
                        let w = if u / 100 == v / 100 { 3 } else { 1 } + u128::from(rng.below(2));
                        m.set_edge(u, v, w).unwrap();
                    }
                }
            }
            m.solve();
            super::fresh_start::ONE_THREAD.with(|flag| flag.set(false));
            m.mates()
        };
        assert_eq!(solve(true), solve(false), "seed {seed}");
    }
}
