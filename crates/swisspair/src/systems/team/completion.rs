//! The one tool 3.4-3.6 share: a perfect matching of a set of teams over the legal pairs (C1, and the
//! pairs the competition forbids), of least cost, the cost a list of counts compared in order (the
//! criteria in their priority). Each count is a digit of one integer weight, so a single maximum-weight
//! matching minimises them lexicographically; a base weight on every edge makes it perfect first.
//!
//! The text's "enumerate, sort, take the first" (3.5, 3.6) is answered by a [`Probe`]: the best
//! matching, kept while the first candidate is built position by position; each choice removes the
//! pairs it excludes and asks whether a matching as good remains. The matching is re-solved from the
//! one before (a removed pair outside it changes nothing), and a choice the current matching already
//! meets, or meets after exchanging two partners, needs no solve at all.

use super::context::Context;
use crate::error::{Error, Result};
use crate::matching::{Cardinality, MatchingComputer, MatchingError};

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

    /// The digits of a packed cost, most significant first.
    pub fn unpack(&self, packed: u128) -> Digits {
        let mask = (1u128 << self.bits) - 1;
        (0..self.digits)
            .rev()
            .map(|k| u32::try_from((packed >> (k * self.bits)) & mask).unwrap_or(u32::MAX))
            .collect()
    }

    /// `value` as the digit at `position` (0: the most significant).
    pub fn digit(&self, position: u32, value: u32) -> u128 {
        let shift = self.digits.saturating_sub(position + 1) * self.bits;
        u128::from(value) << shift
    }

    fn base(&self) -> u128 {
        1u128 << (self.bits * self.digits)
    }
}

/// True when `teams` can all be paired legally (C1 and the forbidden pairs).
pub fn pairable(ctx: &Context, teams: &[usize]) -> bool {
    if teams.len() % 2 == 1 {
        return false;
    }
    let mut m = Cardinality::new(teams.len());
    m.perfect(&|i, j| match (teams.get(i), teams.get(j)) {
        (Some(&a), Some(&b)) => ctx.legal(a, b),
        _ => false,
    })
}

fn internal(e: MatchingError) -> Error {
    Error::Internal(format!("team matching: {e}"))
}

/// A best perfect matching of `nodes` (positions `0..n` name them), kept while pairs are removed.
pub struct Probe<'a> {
    nodes: Vec<usize>,
    /// The weight of each pair before any removal (0: not a legal pair).
    weight: &'a dyn Fn(usize, usize) -> u128,
    matching: MatchingComputer<u128>,
    /// Pairs removed so far, by position (row-major, `n * n`).
    removed: Vec<bool>,
    /// The best matching's weight: every later matching must reach it.
    optimum: u128,
    /// The packed cost of the best matching.
    cost: u128,
    /// A best matching that avoids every removed pair, by position.
    mates: Vec<usize>,
}

/// The weight of a pair: the base (one per pair, so that a larger matching always weighs more) less its
/// packed cost; 0 when the pair is not allowed.
pub fn pair_weight(
    lex: Lex,
    allowed: &dyn Fn(usize, usize) -> bool,
    cost: &dyn Fn(usize, usize) -> u128,
    a: usize,
    b: usize,
) -> u128 {
    if allowed(a, b) {
        let base = lex.base();
        base - cost(a, b).min(base - 1)
    } else {
        0
    }
}

impl<'a> Probe<'a> {
    /// The best perfect matching of `nodes` under `weight` (see [`pair_weight`]); `None` when no
    /// matching is perfect.
    pub fn new(
        nodes: &[usize],
        lex: Lex,
        weight: &'a dyn Fn(usize, usize) -> u128,
    ) -> Result<Option<Probe<'a>>> {
        let n = nodes.len();
        if n % 2 == 1 {
            return Ok(None);
        }
        let mut matching = MatchingComputer::<u128>::new_dense(n).map_err(internal)?;
        for (i, &a) in nodes.iter().enumerate() {
            for (j, &b) in nodes.iter().enumerate().skip(i + 1) {
                let w = weight(a, b);
                if w > 0 {
                    matching.set_edge(i, j, w).map_err(internal)?;
                }
            }
        }
        matching.solve();
        let mut probe = Probe {
            nodes: nodes.to_vec(),
            weight,
            matching,
            removed: vec![false; n * n],
            optimum: 0,
            cost: 0,
            mates: Vec::new(),
        };
        let Some(mates) = probe.perfect() else {
            return Ok(None);
        };
        probe.optimum = probe.matching.matching_weight().map_err(internal)?;
        probe.cost = (n as u128 / 2) * lex.base() - probe.optimum;
        probe.mates = mates;
        Ok(Some(probe))
    }

    /// The packed cost of the best matching.
    pub fn cost(&self) -> u128 {
        self.cost
    }

    /// The team at position `i`.
    pub fn node(&self, i: usize) -> Option<usize> {
        self.nodes.get(i).copied()
    }

    /// The position of the current partner of position `i`.
    pub fn mate(&self, i: usize) -> Option<usize> {
        self.mates.get(i).copied()
    }

    /// The solver's matching, when perfect.
    fn perfect(&self) -> Option<Vec<usize>> {
        (0..self.nodes.len())
            .map(|i| self.matching.mate(i))
            .collect()
    }

    /// The weight of the pair of positions `i` and `j` as it stands (0 when removed or not legal).
    pub fn weight_of(&self, i: usize, j: usize) -> u128 {
        let n = self.nodes.len();
        if i == j || self.removed.get(i * n + j).copied().unwrap_or(true) {
            return 0;
        }
        match (self.node(i), self.node(j)) {
            (Some(a), Some(b)) => (self.weight)(a, b),
            _ => 0,
        }
    }

    fn set_removed(&mut self, i: usize, j: usize, removed: bool) -> Result<()> {
        let n = self.nodes.len();
        for at in [i * n + j, j * n + i] {
            if let Some(r) = self.removed.get_mut(at) {
                *r = removed;
            }
        }
        let w = if removed { 0 } else { self.weight_of(i, j) };
        self.matching.set_edge(i, j, w).map_err(internal)
    }

    /// Removes the pairs of positions `pairs` for good. The current matching must not use any of them
    /// (the caller knows a best matching without them exists).
    pub fn remove(&mut self, pairs: &[(usize, usize)]) -> Result<()> {
        for &(i, j) in pairs {
            if self.weight_of(i, j) > 0 {
                self.set_removed(i, j, true)?;
            }
        }
        Ok(())
    }

    /// Removes the pairs `pairs` when a matching as good as the best remains without them (it becomes
    /// the current matching); otherwise puts them back. Whether they were removed.
    pub fn try_remove(&mut self, pairs: &[(usize, usize)]) -> Result<bool> {
        let mut taken = Vec::new();
        for &(i, j) in pairs {
            if self.weight_of(i, j) > 0 {
                self.set_removed(i, j, true)?;
                taken.push((i, j));
            }
        }
        // The current matching avoids them all: it is still a best one.
        if taken
            .iter()
            .all(|&(i, j)| self.mates.get(i).is_some_and(|&m| m != j))
        {
            return Ok(true);
        }
        self.matching.solve();
        let good = self.matching.matching_weight().map_err(internal)? == self.optimum;
        if let Some(mates) = self.perfect().filter(|_| good) {
            self.mates = mates;
            return Ok(true);
        }
        for (i, j) in taken {
            self.set_removed(i, j, false)?;
        }
        Ok(false)
    }

    /// Pairs `i` with `j` in the current matching by exchanging partners with `j`'s, when the two new
    /// pairs weigh as much as the two old ones (the matching stays a best one). Whether it did.
    pub fn exchange(&mut self, i: usize, j: usize) -> bool {
        let (Some(mi), Some(mj)) = (self.mate(i), self.mate(j)) else {
            return false;
        };
        if mi == j {
            return true;
        }
        let new = (self.weight_of(i, j), self.weight_of(mi, mj));
        if new.0 == 0 || new.1 == 0 {
            return false;
        }
        let old = self.weight_of(i, mi) + self.weight_of(j, mj);
        if new.0 + new.1 != old {
            return false;
        }
        for (x, y) in [(i, j), (j, i), (mi, mj), (mj, mi)] {
            if let Some(m) = self.mates.get_mut(x) {
                *m = y;
            }
        }
        true
    }
}
