//! What the unit tests of the Lim files share: a tournament builder and judges that stand for 2.1.
//! (The round-level tests, one per article, are in `tests/lim.rs`.)

use super::compatibility::{compatible, Scrutiny};
use super::context::Context;
use crate::error::Result;
use crate::systems::System;
use crate::test_trf::Naming;
pub use crate::test_trf::Trf;
use crate::tournament::Tournament;

/// Issue 14: the explanation of the tournament's next round (paired as a whole) names `article` or
/// one of its paragraphs (7 is named by 7.1), and explaining does not change the pairing.
pub fn explains(t: &Tournament, article: &str) {
    let edition = System::Lim.default_edition();
    crate::test_trf::explains(System::Lim, edition, t, &[article], Naming::OrParagraph);
}

/// 2.1 as it is, nothing checked beyond it.
pub struct Plain<'c, 'a>(pub &'c Context<'a>);

impl Scrutiny for Plain<'_, '_> {
    fn compatible(&self, a: usize, b: usize) -> bool {
        compatible(self.0, a, b)
    }
    fn confirm(&mut self, _: &[(usize, usize)], _: &[(usize, usize)]) -> Result<bool> {
        Ok(true)
    }
}

/// Every pair compatible.
pub struct All;

impl Scrutiny for All {
    fn compatible(&self, a: usize, b: usize) -> bool {
        a != b
    }
    fn confirm(&mut self, _: &[(usize, usize)], _: &[(usize, usize)]) -> Result<bool> {
        Ok(true)
    }
}

/// Every pair compatible except the ones listed (each as (lower, higher) index).
pub struct Incompatible(pub Vec<(usize, usize)>);

impl Scrutiny for Incompatible {
    fn compatible(&self, a: usize, b: usize) -> bool {
        a != b && !self.0.contains(&(a.min(b), a.max(b)))
    }
    fn confirm(&mut self, _: &[(usize, usize)], _: &[(usize, usize)]) -> Result<bool> {
        Ok(true)
    }
}
