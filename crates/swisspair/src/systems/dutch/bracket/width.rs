//! The bracket's matching at the width its weights need.
//!
//! The weights of a bracket are as wide as its layout (64 bits for small brackets, thousands for the
//! largest); the matching is fastest with the narrowest integer type that holds them. The steps see it
//! through [`EdgeMatching`], which takes a weight as the 64-bit limbs of the plan's numbers
//! ([`Wide`](super::super::weights::Wide)): the bracket procedure is then one copy in the program
//! whatever the width, and only the matching is compiled once per type.

use super::super::weights::FromLimbs;
use crate::error::{Error, Result};
use crate::matching::{safe_weight_bits, MatchingComputer, Weight};

/// A maximum-weight matching whose weights are given as 64-bit limbs, least significant first.
pub(super) trait EdgeMatching {
    /// An empty matching of the same width with `vertex_count` vertices.
    fn fresh(&self, vertex_count: usize) -> Result<Box<dyn EdgeMatching>>;
    /// Sets the weight of edge `u`–`v`; zero (or no limbs at all) removes the edge.
    fn set_edge(&mut self, u: usize, v: usize, limbs: &[u64]) -> Result<()>;
    fn solve(&mut self);
    /// Forgets the solution: the next solve starts afresh.
    fn reset(&mut self);
    /// No edge changed since the last solve.
    fn is_solved(&self) -> bool;
    fn mate(&self, v: usize) -> Option<usize>;
    /// The matched pairs `(u, v)`, `u < v`, by increasing `u`.
    fn pairs(&self) -> Vec<(usize, usize)>;
    /// A weight in decimal, as the matching log writes it.
    fn weight_text(&self, limbs: &[u64]) -> String;
}

/// An empty matching of `vertex_count` vertices for weights of `bits` bits: the narrowest type that
/// holds them gives the same pairing, only faster. `dense`: the graph will be nearly complete with few
/// distinct weights, so its rows are arrays from the start (see [`MatchingComputer::new_dense`]).
/// Each type is a copy of the matching in the program; WebAssembly, where size counts, has three.
pub(super) fn matching_for(
    bits: u32,
    vertex_count: usize,
    dense: bool,
) -> Result<Box<dyn EdgeMatching>> {
    let native = cfg!(not(target_arch = "wasm32"));
    if native && bits <= safe_weight_bits::<u64>() {
        make_matching::<u64>(vertex_count, dense)
    } else if bits <= safe_weight_bits::<u128>() {
        make_matching::<u128>(vertex_count, dense)
    } else if bits <= safe_weight_bits::<bnum::BUint<4>>() {
        make_matching::<bnum::BUint<4>>(vertex_count, dense)
    } else if native && bits <= safe_weight_bits::<bnum::BUint<8>>() {
        make_matching::<bnum::BUint<8>>(vertex_count, dense)
    } else if native && bits <= safe_weight_bits::<bnum::BUint<16>>() {
        make_matching::<bnum::BUint<16>>(vertex_count, dense)
    } else if bits <= safe_weight_bits::<bnum::BUint<64>>() {
        make_matching::<bnum::BUint<64>>(vertex_count, dense)
    } else {
        Err(Error::size_limit(
            None,
            "pairing",
            format!("a bracket needs {bits}-bit weights"),
        ))
    }
}

fn make_matching<W: Weight + FromLimbs + 'static>(
    n: usize,
    dense: bool,
) -> Result<Box<dyn EdgeMatching>> {
    let matching = if dense {
        MatchingComputer::<W>::new_dense(n)
    } else {
        MatchingComputer::<W>::new(n)
    };
    Ok(Box::new(matching.map_err(internal)?))
}

fn internal(e: impl std::fmt::Display) -> Error {
    Error::Internal(format!("matching: {e}"))
}

impl<W: Weight + FromLimbs + 'static> EdgeMatching for MatchingComputer<W> {
    fn fresh(&self, vertex_count: usize) -> Result<Box<dyn EdgeMatching>> {
        Ok(Box::new(
            MatchingComputer::<W>::new(vertex_count).map_err(internal)?,
        ))
    }

    fn set_edge(&mut self, u: usize, v: usize, limbs: &[u64]) -> Result<()> {
        let w = W::from_limbs(limbs)
            .ok_or_else(|| Error::Internal("edge weight does not fit its type".into()))?;
        MatchingComputer::set_edge(self, u, v, w).map_err(internal)
    }

    fn solve(&mut self) {
        MatchingComputer::solve(self);
    }

    fn reset(&mut self) {
        MatchingComputer::reset(self);
    }

    fn is_solved(&self) -> bool {
        MatchingComputer::is_solved(self)
    }

    fn mate(&self, v: usize) -> Option<usize> {
        MatchingComputer::mate(self, v)
    }

    fn pairs(&self) -> Vec<(usize, usize)> {
        MatchingComputer::pairs(self)
    }

    fn weight_text(&self, limbs: &[u64]) -> String {
        W::from_limbs(limbs).map_or_else(String::new, |w| format!("{w:?}"))
    }
}
