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
//! * `replay/<log>`: replays an operation log of the Dutch system (see
//!   [`replay`]): by default the checked-in `data/dutch-120p-round2.log`
//!   (three brackets of round 2 of a 120-player tournament: a full solve, a
//!   re-solve after all weights changed, then one-vertex probes).
//!
//! # Replaying other logs
//!
//! * `SWISSPAIR_REPLAY=FILE cargo bench -p swisspair --bench matching`
//!   benchmarks the replay of `FILE` only (a log written with
//!   `SWISSPAIR_MATCHING_LOG=FILE swisspair --dutch ... -p`);
//!   `SWISSPAIR_REPLAY_SAMPLES` sets the sample count (default 10).
//! * With `SWISSPAIR_REPLAY_ONCE=1` as well, the log is replayed once and the
//!   time of each section is printed (for logs too long to sample).
//! * With `SWISSPAIR_REPLAY_CHECK=1` as well, it is replayed once and after
//!   every solve the matching weight is compared with that of a fresh solve
//!   (`reset` + `solve`) of a copy of the graph; the exit code is 1 if any
//!   differs.

#[path = "matching/replay.rs"]
mod replay;
#[path = "matching/splitmix.rs"]
mod splitmix;

use std::time::{Duration, Instant};

use bnum::BUint;
use criterion::measurement::WallTime;
use criterion::{BatchSize, BenchmarkGroup, BenchmarkId, Criterion};
use splitmix::Rng;
use swisspair::matching::{MatchingComputer, Weight};

type U256 = BUint<4>;

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
        solve_once(&mut group, BenchmarkId::new(name, n), &graph);
    }
    group.finish();
}

/// Times a full solve of a copy of `graph`.
fn solve_once<W: Weight>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    id: BenchmarkId,
    graph: &MatchingComputer<W>,
) {
    group.bench_with_input(id, graph, |b, graph| {
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

fn bench_structured(c: &mut Criterion) {
    let mut group = c.benchmark_group("full_solve_structured");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(4));
    for n in [200usize, 1000] {
        let table = structured(n, |x| u128::from(x) << 90);
        let graph = complete_graph(n, |u, v| table[u.min(v)][u.max(v)]);
        solve_once(&mut group, BenchmarkId::new("u128", n), &graph);
        let table = structured(n, |x| U256::from_u64(x) << 190u32);
        let graph = complete_graph(n, |u, v| table[u.min(v)][u.max(v)]);
        solve_once(&mut group, BenchmarkId::new("u256", n), &graph);
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

/// The log replayed by default.
const DEFAULT_LOG: (&str, &str) = (
    "dutch-120p-round2",
    include_str!("data/dutch-120p-round2.log"),
);

fn parse_or_exit(name: &str, text: &str) -> Vec<replay::Section> {
    replay::parse(text).unwrap_or_else(|e| {
        eprintln!("{name}: {e}");
        std::process::exit(2);
    })
}

fn bench_replay(c: &mut Criterion, name: &str, text: &str, samples: usize) {
    let sections = parse_or_exit(name, text);
    let mut group = c.benchmark_group("replay");
    group.sample_size(samples.max(10));
    group.bench_function(name, |b| {
        b.iter(|| replay::replay_all(&sections).expect("replay"));
    });
    group.finish();
}

/// `SWISSPAIR_REPLAY_ONCE` / `SWISSPAIR_REPLAY_CHECK`: one replay with a
/// per-section report; returns whether every check passed.
fn replay_once(name: &str, text: &str, check: bool) -> bool {
    let t = Instant::now();
    let sections = parse_or_exit(name, text);
    println!(
        "{name}: {} sections (parsed in {:.2?})",
        sections.len(),
        t.elapsed()
    );
    println!("line\tn\ttype\tedges\tsolves\ttime (s)\tmismatches");
    let mut total = Duration::ZERO;
    let mut mismatches = 0;
    let mut checksum = 0u128;
    for section in &sections {
        let outcome = replay::replay(section, check).unwrap_or_else(|e| {
            eprintln!("{name}: section at line {}: {e}", section.line);
            std::process::exit(2);
        });
        let (edges, solves) = section.counts();
        println!(
            "{}\t{}\t{}\t{edges}\t{solves}\t{:.4}\t{}",
            section.line,
            section.n,
            section.weight_type(),
            outcome.time.as_secs_f64(),
            if check {
                outcome.mismatches.len().to_string()
            } else {
                "-".into()
            },
        );
        for (index, got, expected) in outcome.mismatches.iter().take(5) {
            println!("  solve {index}: weight {got}, fresh solve {expected}");
        }
        total += outcome.time;
        mismatches += outcome.mismatches.len();
        checksum = checksum.wrapping_add(outcome.checksum);
    }
    println!(
        "total replay time {:.4} s, checksum {checksum:x}",
        total.as_secs_f64()
    );
    if check {
        println!("checked every solve against a fresh solve: {mismatches} mismatches");
    }
    mismatches == 0
}

fn main() {
    let path = std::env::var_os("SWISSPAIR_REPLAY");
    let flag = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty() && v != "0");
    let (name, text) = match &path {
        Some(path) => {
            let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
                eprintln!("{}: {e}", path.to_string_lossy());
                std::process::exit(2);
            });
            let name = std::path::Path::new(path)
                .file_stem()
                .map_or_else(|| "log".into(), |s| s.to_string_lossy().into_owned());
            (name, std::borrow::Cow::Owned(text))
        }
        None => (
            DEFAULT_LOG.0.to_string(),
            std::borrow::Cow::Borrowed(DEFAULT_LOG.1),
        ),
    };
    let check = flag("SWISSPAIR_REPLAY_CHECK");
    if check || flag("SWISSPAIR_REPLAY_ONCE") {
        let ok = replay_once(&name, &text, check);
        std::process::exit(if ok { 0 } else { 1 });
    }
    let samples = std::env::var("SWISSPAIR_REPLAY_SAMPLES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let mut c = Criterion::default().configure_from_args();
    if path.is_none() {
        bench_full(&mut c, "u128", &[100, 200, 400, 1000], weight_u128);
        bench_full(&mut c, "u256", &[100, 200, 400, 1000], weight_u256);
        bench_structured(&mut c);
        bench_build(&mut c);
        bench_incremental(&mut c, "u128", weight_u128);
        bench_incremental(&mut c, "u256", weight_u256);
    }
    bench_replay(&mut c, &name, &text, samples);
    c.final_summary();
}
