//! The round being paired: every team's standing and the rules that apply to it.

use std::collections::BTreeSet;

use super::standing::Standing;
use crate::score::Score;
use crate::tournament::team::ColourMode;

/// What every step of the pairing reads. Teams are named by their index (TPN - 1).
pub struct Context {
    pub standings: Vec<Standing>,
    /// Pairs the competition forbids in this round (`260`, `XXP`), as indices, smaller first.
    pub forbidden: BTreeSet<(usize, usize)>,
    /// C7, C10: not in the last two rounds.
    pub last_two: bool,
    /// 1.7: the colour preferences in use.
    pub colours: ColourMode,
}

impl Context {
    /// 2.1.1 (C1), and the pairs the competition forbids: `a` and `b` may meet.
    pub fn legal(&self, a: usize, b: usize) -> bool {
        a != b
            && !self.forbidden.contains(&(a.min(b), a.max(b)))
            && self
                .standings
                .get(b)
                .zip(self.standings.get(a))
                .is_some_and(|(sb, sa)| !sa.met.contains(&sb.tpn))
    }

    /// The team's primary score.
    pub fn score(&self, a: usize) -> Score {
        self.standings.get(a).map_or(Score::ZERO, |s| s.score)
    }

    /// The team floated in the previous round (1.5).
    pub fn floated_last(&self, a: usize) -> bool {
        self.standings.get(a).is_some_and(|s| s.floated_last)
    }
}
