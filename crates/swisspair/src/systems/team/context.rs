//! The round being paired: every team's standing and the rules that apply to it.

use std::collections::{BTreeMap, BTreeSet};

use super::standing::Standing;
use crate::score::Score;
use crate::tournament::team::ColourMode;

/// What every step of the pairing reads. Teams are named by their index (TPN - 1).
pub struct Context {
    pub standings: Vec<Standing>,
    /// C7, C10: not in the last two rounds.
    pub last_two: bool,
    /// 1.7: the colour preferences in use.
    pub colours: ColourMode,
    /// `a * n + b` is set when `a` and `b` may not meet (C1, or forbidden by the competition).
    barred: Vec<bool>,
}

impl Context {
    /// The context of `standings`, with the pairs `forbidden` (`260`, `XXP`; indices) barred too.
    pub fn new(
        standings: Vec<Standing>,
        forbidden: &BTreeSet<(usize, usize)>,
        last_two: bool,
        colours: ColourMode,
    ) -> Context {
        let n = standings.len();
        let mut barred = vec![false; n * n];
        let mut bar = |a: usize, b: usize| {
            for at in [a * n + b, b * n + a] {
                if let Some(x) = barred.get_mut(at) {
                    *x = true;
                }
            }
        };
        let by_tpn: BTreeMap<u32, usize> = standings
            .iter()
            .enumerate()
            .map(|(a, s)| (s.tpn, a))
            .collect();
        for (a, s) in standings.iter().enumerate() {
            // 2.1.1 (C1): the teams met, by TPN.
            for tpn in &s.met {
                if let Some(&b) = by_tpn.get(tpn) {
                    bar(a, b);
                }
            }
        }
        for &(a, b) in forbidden {
            if a < n && b < n {
                bar(a, b);
            }
        }
        Context {
            standings,
            last_two,
            colours,
            barred,
        }
    }

    /// 2.1.1 (C1), and the pairs the competition forbids: `a` and `b` may meet.
    pub fn legal(&self, a: usize, b: usize) -> bool {
        let n = self.standings.len();
        a != b && a < n && b < n && !self.barred.get(a * n + b).copied().unwrap_or(true)
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
