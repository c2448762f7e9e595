//! Criterion benchmarks of whole-round pairings on the reference tournaments in tests/data/perf and a
//! mid-size fixture, through the library (no process start, no file reading).
//!
//! `cargo bench -p swisspair --bench pairing`

use criterion::{criterion_group, criterion_main, Criterion};
use std::path::Path;
use swisspair::check::tournament_before;
use swisspair::{System, Tournament};

fn load(relative: &str) -> Tournament {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(relative);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Tournament::from_bytes(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn pairing(c: &mut Criterion) {
    let cases = [
        (
            "dutch 120 players, last round",
            "dutch/dutch-120p-10r-s1053.trf",
            10,
        ),
        (
            "dutch 1000 players, round 1",
            "perf/dutch-perf-1000p-9r-s1000.trf",
            1,
        ),
        (
            "dutch 1000 players, last round",
            "perf/dutch-perf-1000p-9r-s1000.trf",
            9,
        ),
        (
            "dutch 1500 players, last round",
            "perf/dutch-perf-1500p-11r-s1500.trf",
            11,
        ),
    ];
    let mut group = c.benchmark_group("pairing");
    group.sample_size(10);
    for (name, file, round) in cases {
        let t = tournament_before(&load(file), round);
        group.bench_function(name, |b| b.iter(|| System::Dutch.pair(&t).expect("pairs")));
    }
    group.finish();
}

criterion_group!(benches, pairing);
criterion_main!(benches);
