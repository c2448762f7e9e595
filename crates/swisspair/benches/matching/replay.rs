//! Replaying operation logs of the matching engine.
//!
//! A log (written by the Dutch system when `SWISSPAIR_MATCHING_LOG=FILE` is
//! set) is a text file of lines:
//!
//! * `n <count>`: a fresh `MatchingComputer` with `count` vertices (a new
//!   section; a log may hold many, one per score bracket);
//! * `e <u> <v> <w>`: `set_edge(u, v, w)`, `w` in decimal (0 removes);
//! * `s`: `solve()`.
//!
//! Lines starting with `#` and blank lines are ignored.  Each section is
//! replayed with the narrowest weight type that holds its weights: `u128`,
//! else `BUint<4>`, else `BUint<8>` (as the Dutch system chooses by bit
//! count).

use std::str::FromStr;
use std::time::{Duration, Instant};

use bnum::BUint;
use swisspair::matching::{max_edge_weight, MatchingComputer, Weight};

/// One operation of a section.
#[derive(Clone, Copy, Debug)]
pub enum Op<W> {
    /// `set_edge(u, v, w)`.
    Edge(u32, u32, W),
    /// `solve()`.
    Solve,
}

/// The operations of one section, with the weight type it is replayed with.
#[derive(Clone, Debug)]
pub enum Ops {
    U128(Vec<Op<u128>>),
    U256(Vec<Op<BUint<4>>>),
    U512(Vec<Op<BUint<8>>>),
}

/// One section: a fresh graph and what is done to it.
#[derive(Clone, Debug)]
pub struct Section {
    /// Vertex count.
    pub n: u32,
    /// Line number of the `n` line (1-based).
    pub line: usize,
    pub ops: Ops,
}

impl Section {
    /// Name of the weight type.
    pub fn weight_type(&self) -> &'static str {
        match self.ops {
            Ops::U128(_) => "u128",
            Ops::U256(_) => "BUint<4>",
            Ops::U512(_) => "BUint<8>",
        }
    }

    /// Number of `set_edge` operations and of solves.
    pub fn counts(&self) -> (usize, usize) {
        fn count<W>(ops: &[Op<W>]) -> (usize, usize) {
            let solves = ops.iter().filter(|op| matches!(op, Op::Solve)).count();
            (ops.len() - solves, solves)
        }
        match &self.ops {
            Ops::U128(ops) => count(ops),
            Ops::U256(ops) => count(ops),
            Ops::U512(ops) => count(ops),
        }
    }
}

/// Parses the lines of one section with weight type `W`; `None` if a weight
/// does not parse as `W` or exceeds its largest accepted edge weight.
fn parse_ops<W: Weight + FromStr>(lines: &[(usize, &str)]) -> Result<Option<Vec<Op<W>>>, String> {
    let mut ops = Vec::with_capacity(lines.len());
    for &(number, line) in lines {
        let bad = || format!("line {number}: cannot parse {line:?}");
        let mut fields = line.split_ascii_whitespace();
        let op = match fields.next() {
            Some("s") => Op::Solve,
            Some("e") => {
                let u = fields.next().and_then(|x| x.parse().ok()).ok_or_else(bad)?;
                let v = fields.next().and_then(|x| x.parse().ok()).ok_or_else(bad)?;
                let text = fields.next().ok_or_else(bad)?;
                if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(bad());
                }
                match text.parse::<W>() {
                    Ok(w) if w <= max_edge_weight::<W>() => Op::Edge(u, v, w),
                    _ => return Ok(None),
                }
            }
            _ => return Err(bad()),
        };
        if fields.next().is_some() {
            return Err(bad());
        }
        ops.push(op);
    }
    Ok(Some(ops))
}

/// Parses a log into sections.
pub fn parse(text: &str) -> Result<Vec<Section>, String> {
    let mut sections = Vec::new();
    let mut current: Option<(u32, usize)> = None;
    let mut lines: Vec<(usize, &str)> = Vec::new();
    let mut finish = |current: Option<(u32, usize)>, lines: &mut Vec<(usize, &str)>| {
        let Some((n, line)) = current else {
            return if lines.is_empty() {
                Ok(())
            } else {
                Err(format!(
                    "line {}: operation before the first `n` line",
                    lines[0].0
                ))
            };
        };
        let ops = if let Some(ops) = parse_ops::<u128>(lines)? {
            Ops::U128(ops)
        } else if let Some(ops) = parse_ops::<BUint<4>>(lines)? {
            Ops::U256(ops)
        } else if let Some(ops) = parse_ops::<BUint<8>>(lines)? {
            Ops::U512(ops)
        } else {
            return Err(format!("section at line {line}: weights too large"));
        };
        lines.clear();
        sections.push(Section { n, line, ops });
        Ok(())
    };
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(count) = line.strip_prefix("n ") {
            finish(current, &mut lines)?;
            let n = count
                .trim()
                .parse()
                .map_err(|_| format!("line {}: cannot parse {line:?}", index + 1))?;
            current = Some((n, index + 1));
        } else {
            lines.push((index + 1, line));
        }
    }
    finish(current, &mut lines)?;
    Ok(sections)
}

/// Outcome of replaying one section.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Time spent replaying (without the checksums and checks).
    pub time: Duration,
    /// Wrapping sum of the matching weights after every solve (a checksum).
    pub checksum: u128,
    /// Checked replays: solves (index in the section) whose matching
    /// weight differs from a fresh solve's: (index, incremental, fresh).
    pub mismatches: Vec<(usize, String, String)>,
}

/// Total weight of the matching, as (number of wrap-arounds, low part): the
/// sum may exceed the weight type.
pub fn total_weight<W: Weight>(m: &MatchingComputer<W>) -> (u64, W) {
    let mut total = (0u64, W::ZERO);
    for (u, v) in m.pairs() {
        let w = m.edge(u, v).unwrap_or(W::ZERO);
        let (low, carry) = total.1.overflowing_add_w(w);
        total = (total.0 + u64::from(carry), low);
    }
    total
}

/// Folds a total weight into a `u128` checksum (through its decimal form;
/// only once per solve, so speed does not matter).
fn fold<W: Weight>(total: (u64, W)) -> u128 {
    format!("{:?}", total.1)
        .bytes()
        .fold(u128::from(total.0), |acc, b| {
            acc.wrapping_mul(10)
                .wrapping_add(u128::from(b.wrapping_sub(b'0')))
        })
}

/// How much to do after each solve.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Nothing (benchmarks).
    Bare,
    /// Checksum of the matching weights.
    Checksum,
    /// Checksum, and comparison with a fresh solve.
    Check,
}

fn replay_ops<W: Weight>(n: u32, ops: &[Op<W>], mode: Mode) -> Result<Outcome, String> {
    let mut outcome = Outcome::default();
    let start = Instant::now();
    let mut excluded = Duration::ZERO;
    let mut m = MatchingComputer::<W>::new(n as usize).map_err(|e| e.to_string())?;
    let mut solves = 0;
    for op in ops {
        match *op {
            Op::Edge(u, v, w) => m
                .set_edge(u as usize, v as usize, w)
                .map_err(|e| e.to_string())?,
            Op::Solve => {
                m.solve();
                if mode == Mode::Bare {
                    std::hint::black_box(m.mate(0));
                    continue;
                }
                let t = Instant::now();
                let weight = total_weight(&m);
                outcome.checksum = outcome.checksum.wrapping_add(fold(weight));
                if mode == Mode::Check {
                    let mut fresh = m.clone();
                    fresh.reset();
                    fresh.solve();
                    let expected = total_weight(&fresh);
                    if expected != weight {
                        outcome.mismatches.push((
                            solves,
                            format!("{weight:?}"),
                            format!("{expected:?}"),
                        ));
                    }
                }
                excluded += t.elapsed();
                solves += 1;
            }
        }
    }
    outcome.time = start.elapsed().saturating_sub(excluded);
    Ok(outcome)
}

/// Replays one section.  With `check`, after every solve the matching
/// weight is compared with that of a fresh solve of a copy of the graph (not
/// counted in the time).
pub fn replay(section: &Section, check: bool) -> Result<Outcome, String> {
    let mode = if check { Mode::Check } else { Mode::Checksum };
    match &section.ops {
        Ops::U128(ops) => replay_ops(section.n, ops, mode),
        Ops::U256(ops) => replay_ops(section.n, ops, mode),
        Ops::U512(ops) => replay_ops(section.n, ops, mode),
    }
}

/// Replays all sections, doing nothing else (for benchmarks).
pub fn replay_all(sections: &[Section]) -> Result<(), String> {
    for section in sections {
        match &section.ops {
            Ops::U128(ops) => replay_ops(section.n, ops, Mode::Bare)?,
            Ops::U256(ops) => replay_ops(section.n, ops, Mode::Bare)?,
            Ops::U512(ops) => replay_ops(section.n, ops, Mode::Bare)?,
        };
    }
    Ok(())
}
