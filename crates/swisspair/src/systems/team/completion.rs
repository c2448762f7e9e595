//! The one tool 3.4-3.6 share: a perfect matching of a set of teams over the legal pairs (C1, and the
//! pairs the competition forbids), of least cost, the cost a list of counts compared in order (the
//! criteria in their priority). Each count is a digit of one integer weight, so a single maximum-weight
//! matching minimises them lexicographically; a base weight on every edge makes it perfect first.

use crate::error::{Error, Result};
use crate::matching::MatchingComputer;

/// The digits of a cost, most significant first.
pub type Digits = Vec<u32>;

/// Counts packed as digits of one integer: `digits` of `bits` bits each.
#[derive(Clone, Copy, Debug)]
pub struct Lex {
    digits: u32,
    bits: u32,
}

/// The largest weight used: well inside the matching's limit (`u128::MAX >> 2`), with room for a sum of
/// up to 2^20 edges.
const WEIGHT_BITS: u32 = 104;

impl Lex {
    /// Digits able to count up to `count` each (every digit of an edge is at most 2, the sum over a
    /// matching at most `count`).
    pub fn new(digits: u32, count: usize) -> Result<Lex> {
        let bits = usize::BITS - (count + 2).leading_zeros();
        if digits.saturating_mul(bits) >= WEIGHT_BITS {
            return Err(Error::size_limit(
                None,
                "team pairing",
                format!("{count} teams with {digits} criteria do not fit the matching's weights"),
            ));
        }
        Ok(Lex { digits, bits })
    }

    /// The digits as one number.
    pub fn pack(&self, digits: &[u32]) -> u128 {
        digits
            .iter()
            .take(self.digits as usize)
            .fold(0u128, |acc, d| (acc << self.bits) | u128::from(*d))
            << (self.bits * (self.digits - digits.len().min(self.digits as usize) as u32))
    }

    fn base(&self) -> u128 {
        1u128 << (self.bits * self.digits)
    }
}

/// A least-cost perfect matching of `nodes` (any labels) over the pairs `allowed` says are legal;
/// `None` when none is perfect. The mates are positions in `nodes`.
pub fn best(
    nodes: &[usize],
    lex: Lex,
    allowed: &dyn Fn(usize, usize) -> bool,
    cost: &dyn Fn(usize, usize) -> Digits,
) -> Result<Option<(u128, Vec<usize>)>> {
    let n = nodes.len();
    if n % 2 == 1 {
        return Ok(None);
    }
    if n == 0 {
        return Ok(Some((0, Vec::new())));
    }
    let internal =
        |e: crate::matching::MatchingError| Error::Internal(format!("team matching: {e}"));
    let mut m = MatchingComputer::<u128>::new(n).map_err(internal)?;
    let base = lex.base();
    for (i, &a) in nodes.iter().enumerate() {
        for (j, &b) in nodes.iter().enumerate().skip(i + 1) {
            if allowed(a, b) {
                let c = lex.pack(&cost(a, b));
                m.set_edge(i, j, base - c.min(base - 1)).map_err(internal)?;
            }
        }
    }
    m.solve();
    let mut mates = Vec::with_capacity(n);
    let mut total = 0u128;
    for (i, &a) in nodes.iter().enumerate() {
        let Some(j) = m.mate(i) else { return Ok(None) };
        if i < j {
            if let Some(&b) = nodes.get(j) {
                total += lex.pack(&cost(a, b));
            }
        }
        mates.push(j);
    }
    Ok(Some((total, mates)))
}
