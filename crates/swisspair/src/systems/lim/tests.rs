//! What the unit tests of the Lim files share: a tournament builder and judges that stand for 2.1.
//! (The round-level tests, one per article, are in `tests/lim.rs`.)

use super::compatibility::{compatible, Scrutiny};
use super::context::Context;
use crate::error::Result;
use crate::score::Score;
use crate::systems::System;
use crate::tournament::Tournament;

/// Issue 14: the explanation of the tournament's next round (paired as a whole) names `article` or
/// one of its paragraphs (7 is named by 7.1), and explaining does not change the pairing.
pub fn explains(t: &Tournament, article: &str) {
    let edition = System::Lim.default_edition();
    let (pairing, explanation) = System::Lim.explain_in(edition, t).expect("Lim explains");
    assert_eq!(pairing, System::Lim.pair(t).expect("Lim pairs"));
    let paragraph = format!("{article}.");
    assert!(
        explanation
            .articles()
            .iter()
            .any(|a| *a == article || a.starts_with(&paragraph)),
        "the explanation does not name {article}\n{}",
        explanation.render()
    );
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

/// A tournament written as TRF: players (starting number = position + 1) with ratings, and rounds.
pub struct Trf {
    ratings: Vec<u32>,
    /// Per player, per round: the TRF cell `OOOO C R`.
    cells: Vec<Vec<String>>,
    extra: Vec<String>,
}

impl Trf {
    pub fn new(ratings: &[u32]) -> Trf {
        Trf {
            ratings: ratings.to_vec(),
            cells: vec![Vec::new(); ratings.len()],
            extra: Vec::new(),
        }
    }

    fn cell(&mut self, player: u32, text: String) {
        if let Some(c) = self.cells.get_mut(player as usize - 1) {
            c.push(text);
        }
    }

    /// A round: games `(white, black, result of white)` with `1 = 0 + -`, and byes `(player, code)`.
    pub fn round(mut self, games: &[(u32, u32, char)], byes: &[(u32, char)]) -> Trf {
        for &(w, b, r) in games {
            let other = match r {
                '1' => '0',
                '0' => '1',
                '+' => '-',
                '-' => '+',
                _ => '=',
            };
            self.cell(w, format!("{b:>4} w {r}"));
            self.cell(b, format!("{w:>4} b {other}"));
        }
        for &(p, code) in byes {
            self.cell(p, format!("0000 - {code}"));
        }
        self
    }

    pub fn line(mut self, text: &str) -> Trf {
        self.extra.push(text.to_string());
        self
    }

    pub fn build(&self) -> Tournament {
        let mut text = String::from("012 Lim test\n");
        for (i, (rating, cells)) in self.ratings.iter().zip(&self.cells).enumerate() {
            let tenths: i32 = cells
                .iter()
                .map(|c| match c.chars().last() {
                    Some('1' | '+' | 'U' | 'F') => 10,
                    Some('=' | 'H') => 5,
                    _ => 0,
                })
                .sum();
            text += &format!(
                "001 {:>4} {:1}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}  {}\n",
                i + 1,
                "m",
                "",
                format!("Player {:02}", i + 1),
                rating,
                "",
                "",
                "",
                Score(tenths).to_string(),
                i + 1,
                cells.join("  ")
            );
        }
        for l in &self.extra {
            text += l;
            text += "\n";
        }
        Tournament::from_bytes(text.as_bytes()).expect("test tournament reads")
    }
}
