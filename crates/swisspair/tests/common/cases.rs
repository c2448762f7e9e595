//! Small test cases, the one way every test suite writes and reads them: the library's unit tests
//! (`src/test_trf.rs` includes this file), its integration tests (`tests/common`) and the command
//! line's tests (`crates/swisspair-cli/tests/common`). It names the library as `swisspair` (the
//! library's own tests too: `lib.rs` gives itself that name under `cfg(test)`).
//!
//! - [`Trf`]: a tournament written as TRF text, the players' past rounds given game by game
//!   ([`Trf::new`], [`Trf::round`]) or one compact cell per round per player ([`Trf::compact`], the
//!   Dutch article suites' `"5w1 3b="`); [`Trf::build`] reads it as a [`Tournament`].
//! - [`pairs`]: a pairing read back by starting number; [`explains`]: the round's explanation names
//!   the articles a case pins; [`normalised`]: a tournament without what differs between its files.

use swisspair::explain::Explanation;
use swisspair::tournament::Tournament;
use swisspair::{Edition, Pairing, System};

/// A tournament written as TRF: players (starting number = position + 1) with ratings, their rounds
/// cell by cell (`OOOO C R`), and extra records. Points are computed from the results: a win, a
/// forfeit win and a full-point bye count one point, a draw and a half-point bye half a point, the
/// pairing-allocated bye what [`Trf::pab`] or a `BBU` record says (one point without either).
#[derive(Clone, Debug)]
pub struct Trf {
    /// The `012` record.
    title: String,
    /// Records before the players (the article suites' point system, `XXR`, `XXC`).
    head: Vec<String>,
    players: Vec<Player>,
    /// Records after the players.
    tail: Vec<String>,
    /// What the pairing-allocated bye is worth, in tenths of a point.
    pab: Option<u32>,
}

#[derive(Clone, Debug)]
struct Player {
    name: String,
    title: String,
    rating: u32,
    federation: &'static str,
    /// The rank column: the starting number, or blank.
    ranked: bool,
    /// Per round: the TRF cell `OOOO C R`.
    cells: Vec<String>,
}

impl Trf {
    /// Players "Player 01", "Player 02", ... with these ratings, no title, no federation, ranked by
    /// starting number; no rounds yet.
    pub fn new(ratings: &[u32]) -> Trf {
        Trf {
            title: "swisspair test".to_string(),
            head: Vec::new(),
            players: ratings
                .iter()
                .enumerate()
                .map(|(i, &rating)| Player {
                    name: format!("Player {:02}", i + 1),
                    title: String::new(),
                    rating,
                    federation: "",
                    ranked: true,
                    cells: Vec::new(),
                })
                .collect(),
            tail: Vec::new(),
            pab: None,
        }
    }

    /// Players "Player 01", ... of federation FID, unranked, ratings falling from 2400 by 10 with the
    /// starting number, and their past rounds, one compact cell per round: opponent, colour and result
    /// run together, as in `"5w1"` (white against 5, won), `"3b="` (black against 3, draw), `"6w+"` /
    /// `"6b-"` (forfeit won / lost against 6), `"0-U"` (pairing-allocated bye), `"0-F"` (full-point
    /// bye), `"0-H"` (half-point bye), `"0-Z"` (absent, zero points). A cell for the round about to be
    /// paired announces a bye or an absence.
    pub fn compact(players: &[&str]) -> Trf {
        let ratings: Vec<u32> = (0..players.len() as u32).map(|i| 2400 - 10 * i).collect();
        let mut trf = Trf::new(&ratings);
        for (player, rounds) in trf.players.iter_mut().zip(players) {
            player.federation = "FID";
            player.ranked = false;
            player.cells = rounds.split_whitespace().map(compact_cell).collect();
        }
        trf
    }

    /// The `012` record (the tournament's name).
    pub fn title(mut self, title: &str) -> Trf {
        self.title = title.to_string();
        self
    }

    /// Gives player `player` (a starting number) a name and a title.
    pub fn person(mut self, player: usize, name: &str, title: &str) -> Trf {
        if let Some(p) = self.players.get_mut(player - 1) {
            p.name = name.to_string();
            p.title = title.to_string();
        }
        self
    }

    fn cell(&mut self, player: u32, text: String) {
        if let Some(p) = self.players.get_mut(player as usize - 1) {
            p.cells.push(text);
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

    /// A round of games only, written `"1-6:1 7-2:0 5-10:="` (white-black:result of white), as
    /// [`Trf::round`].
    pub fn games(self, games: &str) -> Trf {
        let game = |text: &str| -> Option<(u32, u32, char)> {
            let (pair, result) = text.split_once(':')?;
            let (white, black) = pair.split_once('-')?;
            Some((
                white.parse().ok()?,
                black.parse().ok()?,
                result.chars().next()?,
            ))
        };
        let games: Vec<_> = games
            .split_whitespace()
            .map(|text| {
                game(text).unwrap_or_else(|| panic!("a game is white-black:result, not {text}"))
            })
            .collect();
        self.round(&games, &[])
    }

    /// A record before the players (e.g. `XXR 9`, a `162` point system).
    pub fn head(mut self, text: &str) -> Trf {
        self.head.push(text.to_string());
        self
    }

    /// A record after the players (e.g. `XXR 9`, `BBU  0.0`).
    pub fn line(mut self, text: &str) -> Trf {
        self.tail.push(text.to_string());
        self
    }

    /// The pairing-allocated bye is worth `tenths` tenths of a point (in the points column).
    pub fn pab(mut self, tenths: u32) -> Trf {
        self.pab = Some(tenths);
        self
    }

    /// What the pairing-allocated bye is worth: [`Trf::pab`], else a `BBU` record's value, else a win.
    fn pab_tenths(&self) -> u32 {
        self.pab.unwrap_or_else(|| {
            self.head
                .iter()
                .chain(&self.tail)
                .find_map(|l| l.strip_prefix("BBU"))
                .map_or(10, |value| {
                    let value: f64 = value.trim().parse().expect("BBU value");
                    (value * 10.0).round() as u32
                })
        })
    }

    /// The tournament, read from [`Trf::text`].
    pub fn build(&self) -> Tournament {
        Tournament::from_bytes(self.text().as_bytes()).expect("test tournament reads")
    }

    /// The TRF text.
    pub fn text(&self) -> String {
        let pab = self.pab_tenths();
        let mut text = format!("012 {}\n", self.title);
        for l in &self.head {
            text += l;
            text += "\n";
        }
        for (i, p) in self.players.iter().enumerate() {
            text += &p.line(i + 1, pab);
            text += "\n";
        }
        for l in &self.tail {
            text += l;
            text += "\n";
        }
        text
    }
}

impl Player {
    /// The `001` record of the player with starting number `number`, whose pairing-allocated byes are
    /// worth `pab` tenths of a point; no blanks at the end.
    fn line(&self, number: usize, pab: u32) -> String {
        let tenths: u32 = self
            .cells
            .iter()
            .map(|c| match c.chars().last() {
                Some('1' | '+' | 'F') => 10,
                Some('U') => pab,
                Some('=' | 'H') => 5,
                _ => 0,
            })
            .sum();
        let line = format!(
            "001 {:>4} {:1}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}  {}",
            number,
            "m",
            self.title,
            self.name,
            self.rating,
            self.federation,
            "",
            "",
            format!("{}.{}", tenths / 10, tenths % 10),
            if self.ranked {
                number.to_string()
            } else {
                String::new()
            },
            self.cells.join("  ")
        );
        line.trim_end().to_string()
    }
}

/// One player record (`001`) alone, to add to a tournament written otherwise: starting number (and
/// rank) `number`, `name`, `rating` and the rounds as TRF cells (`"   2 w 1"`, `"0000 - F"`), the
/// points computed from them as [`Trf`] does.
pub fn record(number: usize, name: &str, rating: u32, cells: &[&str]) -> String {
    let player = Player {
        name: name.to_string(),
        title: String::new(),
        rating,
        federation: "",
        ranked: true,
        cells: cells.iter().map(|c| c.to_string()).collect(),
    };
    player.line(number, 10)
}

/// A compact cell (`"5w1"`, `"0-U"`) as a TRF cell (`"   5 w 1"`, `"0000 - U"`).
fn compact_cell(token: &str) -> String {
    let (opponent, rest) = token.split_at(token.len() - 2);
    let (colour, result) = rest.split_at(1);
    let opponent: u32 = opponent.parse().expect("opponent number");
    if opponent == 0 {
        format!("0000 {colour} {result}")
    } else {
        format!("{opponent:>4} {colour} {result}")
    }
}

/// The games of `pairing` as (white, black) starting numbers in board order, and the bye's.
pub fn pairs(t: &Tournament, pairing: &Pairing) -> (Vec<(u32, u32)>, Option<u32>) {
    let number = |i: usize| t.players[i].start_number;
    let games = pairing
        .games
        .iter()
        .map(|g| (number(g.white), number(g.black)))
        .collect();
    (games, pairing.bye.map(number))
}

/// How an explanation names an article a case pins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Naming {
    /// The article itself (`C.12`).
    Exact,
    /// The article or one of its paragraphs (the Lim system's 7 is named by 7.1 or 7.2).
    OrParagraph,
}

/// Issue 14: the explanation of the next round of `t` (`system` under `edition`) names each of
/// `articles`, and explaining pairs the round as pairing does. The explanation, for more checks.
pub fn explains(
    system: System,
    edition: Edition,
    t: &Tournament,
    articles: &[&str],
    naming: Naming,
) -> Explanation {
    let (pairing, explanation) = system.explain_in(edition, t).expect("explains");
    assert_eq!(
        pairing,
        system.pair_in(edition, t).expect("pairs"),
        "explaining changed the pairing"
    );
    let named = explanation.articles();
    for article in articles {
        let paragraph = format!("{article}.");
        assert!(
            named
                .iter()
                .any(|a| a == article
                    || (naming == Naming::OrParagraph && a.starts_with(&paragraph))),
            "{system:?} ({edition}): the explanation does not name {article}\n{}",
            explanation.render()
        );
    }
    explanation
}

/// A tournament with what differs between a file and its JSON cleared: the line numbers and the
/// reader's remarks.
pub fn normalised(mut t: Tournament) -> Tournament {
    for p in &mut t.players {
        p.line = 0;
    }
    if let Some(r) = t.rules.as_mut() {
        r.line = 0;
    }
    t.warnings.clear();
    t
}
