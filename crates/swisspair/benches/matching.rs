//! Benchmarks of the maximum-weight matching engine.
//!
//! * `full_solve/<type>/<n>` (n = 100, 200, 400, 1000): solve from scratch
//!   a complete graph with random weights (100-bit weights for `u128`,
//!   200-bit weights for a 256-bit `bnum` integer).
//! * `full_solve_structured/<type>/<n>`: complete graph whose weights are
//!   built like a pairing program's (few distinct values, many ties).
//! * `build/<type>/<n>`: setting all edges of a complete graph.
//! * `incremental/random_<type>/200`: after a solve, give every edge of
//!   vertex 0 a new random weight, re-solve, then vertex 1, ... (200
//!   re-solves per iteration; the worst case: the optimum changes a lot).
//! * `incremental/bonus_<type>/200`: the same, but each edge `(v, u)` gets a
//!   small tie-break bonus `8 (n - u)` (how a pairing program fixes the
//!   pairings one vertex after the other).

use std::time::Duration;

use bnum::BUint;
use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};
use swisspair::matching::{MatchingComputer, Weight};

type U256 = BUint<4>;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

fn weight_u128(rng: &mut Rng) -> u128 {
    let value = (u128::from(rng.next()) << 64 | u128::from(rng.next())) >> 28;
    value.max(1)
}

fn weight_u256(rng: &mut Rng) -> U256 {
    let digits = [rng.next(), rng.next(), rng.next(), rng.next() >> 56];
    let value = U256::from_digits(digits);
    if value.is_zero() {
        U256::from_u64(1)
    } else {
        value
    }
}

/// Pairing-program-like weights: players in score groups, weight =
/// big constant - score difference penalty + small compatibility bonus.
fn structured<W: Weight>(n: usize, scale: impl Fn(u64) -> W) -> Vec<Vec<W>> {
    let mut rng = Rng(7);
    let score: Vec<u64> = (0..n).map(|i| (i * 10 / n) as u64).collect();
    (0..n)
        .map(|u| {
            (0..n)
                .map(|v| {
                    let d = score[u].abs_diff(score[v]);
                    let bonus = rng.next() % 3;
                    scale(1_000 - d * d * 8 + bonus)
                })
                .collect()
        })
        .collect()
}

fn complete_graph<W: Weight>(
    n: usize,
    mut weight: impl FnMut(usize, usize) -> W,
) -> MatchingComputer<W> {
    let mut m = MatchingComputer::new(n).expect("vertex count");
    for u in 0..n {
        for v in u + 1..n {
            m.set_edge(u, v, weight(u, v)).expect("valid edge");
        }
    }
    m
}

fn bench_full<W: Weight>(
    c: &mut Criterion,
    name: &str,
    sizes: &[usize],
    mut gen: impl FnMut(&mut Rng) -> W,
) {
    let mut group = c.benchmark_group("full_solve");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(4));
    for &n in sizes {
        let mut rng = Rng(n as u64);
        let graph = complete_graph(n, |_, _| gen(&mut rng));
        group.bench_with_input(BenchmarkId::new(name, n), &graph, |b, graph| {
            b.iter_batched(
                || graph.clone(),
                |mut m| {
                    m.solve();
                    m
                },
                BatchSize::LargeInput,
            );
        });
    }
    group.finish();
}

fn bench_structured(c: &mut Criterion) {
    let mut group = c.benchmark_group("full_solve_structured");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(4));
    for n in [200usize, 1000] {
        let table = structured(n, |x| u128::from(x) << 90);
        let graph = complete_graph(n, |u, v| table[u.min(v)][u.max(v)]);
        group.bench_with_input(BenchmarkId::new("u128", n), &graph, |b, graph| {
            b.iter_batched(
                || graph.clone(),
                |mut m| {
                    m.solve();
                    m
                },
                BatchSize::LargeInput,
            );
        });
        let table = structured(n, |x| U256::from_u64(x) << 190u32);
        let graph = complete_graph(n, |u, v| table[u.min(v)][u.max(v)]);
        group.bench_with_input(BenchmarkId::new("u256", n), &graph, |b, graph| {
            b.iter_batched(
                || graph.clone(),
                |mut m| {
                    m.solve();
                    m
                },
                BatchSize::LargeInput,
            );
        });
    }
    group.finish();
}

fn bench_build(c: &mut Criterion) {
    let mut group = c.benchmark_group("build");
    group.sample_size(10);
    let n = 1000;
    let mut rng = Rng(1);
    let random: Vec<u128> = (0..n * n).map(|_| weight_u128(&mut rng)).collect();
    group.bench_function(BenchmarkId::new("u128_random", n), |b| {
        b.iter(|| complete_graph(n, |u, v| random[u * n + v]));
    });
    let table = structured(n, |x| u128::from(x) << 90);
    group.bench_function(BenchmarkId::new("u128_structured", n), |b| {
        b.iter(|| complete_graph(n, |u, v| table[u][v]));
    });
    group.finish();
}

fn bench_incremental<W: Weight>(c: &mut Criterion, name: &str, mut gen: impl FnMut(&mut Rng) -> W) {
    let mut group = c.benchmark_group("incremental");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(4));
    let n = 200;
    let mut rng = Rng(99);
    let mut graph = complete_graph(n, |_, _| gen(&mut rng));
    graph.solve();
    let random: Vec<Vec<W>> = (0..n)
        .map(|_| (0..n).map(|_| gen(&mut rng)).collect())
        .collect();
    let bonus: Vec<Vec<W>> = (0..n)
        .map(|v| {
            (0..n)
                .map(|u| {
                    let w = graph.edge(v, u).expect("in range");
                    w.add_w(W::from_u64(8 * (n - u) as u64))
                })
                .collect()
        })
        .collect();
    for (kind, updates) in [("random", &random), ("bonus", &bonus)] {
        let id = BenchmarkId::new(format!("{kind}_{name}"), n);
        group.bench_with_input(id, &graph, |b, graph| {
            b.iter_batched(
                || graph.clone(),
                |mut m| {
                    for (v, row) in updates.iter().enumerate() {
                        for (u, &w) in row.iter().enumerate() {
                            if u != v {
                                m.set_edge(v, u, w).expect("valid edge");
                            }
                        }
                        m.solve();
                    }
                    m
                },
                BatchSize::LargeInput,
            );
        });
    }
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_full(c, "u128", &[100, 200, 400, 1000], weight_u128);
    bench_full(c, "u256", &[100, 200, 400, 1000], weight_u256);
    bench_structured(c);
    bench_build(c);
    bench_incremental(c, "u128", weight_u128);
    bench_incremental(c, "u256", weight_u256);
}

criterion_group!(matching, benches);
criterion_main!(matching);
