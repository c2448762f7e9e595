//! The Rust side of `scripts/bench-embed.sh`: cuts a tournament to the state before a round (as a JSON
//! document, written for the Python and WebAssembly sides), then times `swisspair::pair` on it.
//!
//! `cargo run --release --example embed_bench -- FILE ROUND RUNS OUT.json` prints one line,
//! `rust <median ms> <min ms> <pairs>`.

use std::time::Instant;
use swisspair::{PairOptions, System};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file, round, runs, out] = args.as_slice() else {
        return Err("usage: embed_bench FILE ROUND RUNS OUT.json".into());
    };
    let bytes = std::fs::read(file)?;
    let doc = swisspair::json::before_round(&bytes, round.parse()?)?;
    let text = swisspair::json::document_to_string(&doc)?;
    std::fs::write(out, &text)?;
    let options = PairOptions::new(System::Dutch);
    let mut times = Vec::new();
    let mut boards = 0;
    for _ in 0..runs.parse::<usize>()?.max(1) {
        let started = Instant::now();
        let round = swisspair::pair(text.as_bytes(), &options)?;
        times.push(started.elapsed().as_secs_f64() * 1000.0);
        boards = round.boards.len();
    }
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    let min = times.first().copied().unwrap_or(0.0);
    println!("rust {median:.1} {min:.1} {boards}");
    Ok(())
}
