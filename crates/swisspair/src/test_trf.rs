//! For unit tests: a small tournament written as TRF, players with ratings and rounds given game by
//! game. (Tests only.)

use crate::score::Score;
use crate::tournament::Tournament;

/// A tournament written as TRF: players (starting number = position + 1) with ratings, and rounds.
pub struct Trf {
    /// Name, title, rating.
    players: Vec<(String, String, u32)>,
    /// Per player, per round: the TRF cell `OOOO C R`.
    cells: Vec<Vec<String>>,
    extra: Vec<String>,
}

impl Trf {
    /// Players "Player 01", "Player 02", ... with these ratings and no title.
    pub fn new(ratings: &[u32]) -> Trf {
        Trf {
            players: ratings
                .iter()
                .enumerate()
                .map(|(i, &r)| (format!("Player {:02}", i + 1), String::new(), r))
                .collect(),
            cells: vec![Vec::new(); ratings.len()],
            extra: Vec::new(),
        }
    }

    /// Gives player `player` (a starting number) a name and a title.
    pub fn person(mut self, player: usize, name: &str, title: &str) -> Trf {
        if let Some(p) = self.players.get_mut(player - 1) {
            p.0 = name.to_string();
            p.1 = title.to_string();
        }
        self
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

    /// An extra line (e.g. `XXR 9`).
    pub fn line(mut self, text: &str) -> Trf {
        self.extra.push(text.to_string());
        self
    }

    /// The tournament. Points: a win, a forfeit win and a full-point bye count one point, a draw and a
    /// half-point bye half a point, the pairing-allocated bye one point unless a `BBU` line is given.
    pub fn build(&self) -> Tournament {
        let mut text = String::from("012 swisspair unit test\n");
        let zero_bye = self.extra.iter().any(|l| l.starts_with("BBU"));
        for (i, ((name, title, rating), cells)) in self.players.iter().zip(&self.cells).enumerate()
        {
            let tenths: i32 = cells
                .iter()
                .map(|c| match c.chars().last() {
                    Some('1' | '+' | 'F') => 10,
                    Some('U') if !zero_bye => 10,
                    Some('=' | 'H') => 5,
                    _ => 0,
                })
                .sum();
            text += &format!(
                "001 {:>4} {:1}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}  {}\n",
                i + 1,
                "m",
                title,
                name,
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
