//! What the unit tests of the Lim files share: a tournament builder and judges that stand for 2.1.
//! (The round-level tests, one per article, are in `tests/lim.rs`.)

use super::compatibility::{compatible, Scrutiny};
use super::context::{Context, Direction};
use super::score_groups::{Adjacent, GroupInput};
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

/// Eight players after two rounds. Round 1: 1 beat 5, 2 beat 6, 3 beat 7 (7 white), 4 drew with 8
/// (4 white). Round 2: 3 v 1 (1 won), 8 v 2 (draw), 5 v 4 (5 won), 6 v 7 (6 won). Scores: 1: 2, 2:
/// 1.5, 3, 5, 6, 8: 1, 4: 0.5, 7: 0. Due colours: 1, 2, 4, 7 white; 3, 5, 6, 8 black. In round 2, 8
/// (0.5) met 2 (1) and 5 (0) met 4 (0.5): both floated; 3 and 6 did not.
pub fn eight_after_round_two() -> Tournament {
    Trf::new(&[2400, 2300, 2250, 2100, 2000, 1900, 1800, 1700])
        .round(&[(1, 5, '1'), (2, 6, '1'), (7, 3, '0'), (4, 8, '=')], &[])
        .round(&[(3, 1, '0'), (8, 2, '='), (5, 4, '1'), (6, 7, '1')], &[])
        .line("XXR 5")
        .build()
}

/// A score group (not the median group) worth `score_twice` halves of a point, paired `direction`:
/// its `residents`, the `incoming` floaters, and the `next` group's players (paired downward; none:
/// no next group).
pub fn group_input<'g>(
    score_twice: i64,
    direction: Direction,
    residents: &'g [usize],
    incoming: &'g [usize],
    next: &'g [usize],
) -> GroupInput<'g> {
    GroupInput {
        score_twice,
        direction,
        median: false,
        residents,
        incoming,
        adjacent: Adjacent {
            residents: next,
            ..Adjacent::none()
        },
    }
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
