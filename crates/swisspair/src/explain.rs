//! Why a round was paired as it was: the decisions the pairing system took, in the words of its rules
//! and with their article numbers, for an arbiter to explain a pairing to the players.
//!
//! A system fills an [`Explanation`] while it pairs (it is never re-computed afterwards by a second
//! method): per bracket, who was in it, how it was paired and who moved on; per player, the opponent
//! and the rule that gave the colour, or the bye and why this player. [`Explanation::render`] writes it
//! as text, [`Explanation::render_player`] for one player, and [`Explanation::why_not_paired`] answers
//! "why did these two not play each other?".

pub mod team;

use crate::rules::{Edition, System};
use crate::score::Score;
use crate::state::RoundState;
use crate::tournament::{Colour, Tournament};
use std::fmt::Write as _;

/// A rule that decided something: its article and what it said here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reason {
    /// The article, as the system's text numbers it (e.g. `E.3`, `C.7`, `5.2.3`).
    pub article: String,
    /// What the rule decided, in a sentence.
    pub text: String,
}

impl Reason {
    /// A reason citing `article`.
    pub fn new(article: impl Into<String>, text: impl Into<String>) -> Reason {
        Reason {
            article: article.into(),
            text: text.into(),
        }
    }
}

/// One bracket (score group) of the round, as the system paired it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BracketNote {
    /// The residents' score.
    pub score: Score,
    /// The residents, by starting number.
    pub residents: Vec<u32>,
    /// The players moved down into it from a higher bracket, by starting number.
    pub moved_down: Vec<u32>,
    /// The pairs it made (starting numbers, unordered: colours are in the player notes).
    pub pairs: Vec<(u32, u32)>,
    /// The players it left unpaired: moved down to the following bracket, or the bye.
    pub left: Vec<u32>,
    /// How and why it was paired so.
    pub reasons: Vec<Reason>,
}

/// What the round gave one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A game against `opponent` (starting number) with `colour`.
    Game {
        /// The opponent's starting number.
        opponent: u32,
        /// The player's colour.
        colour: Colour,
    },
    /// The pairing-allocated bye.
    Bye,
    /// Not paired in this round (absent, withdrawn, or a requested bye).
    NotPaired,
}

/// One player's part in the round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerNote {
    /// The player's starting number.
    pub start_number: u32,
    /// What the round gave the player.
    pub outcome: Outcome,
    /// The rules that gave the outcome: the bracket, a float, the colour, the bye.
    pub reasons: Vec<Reason>,
}

/// Why a round was paired as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The system that paired the round.
    pub system: System,
    /// The edition of its rules.
    pub edition: Edition,
    /// The round paired.
    pub round: usize,
    /// The brackets in the order they were paired.
    pub brackets: Vec<BracketNote>,
    /// Every player of the tournament, by starting number.
    pub players: Vec<PlayerNote>,
    /// Said of the round as a whole (e.g. that a system records no more than the outcome).
    pub notes: Vec<Reason>,
}

impl Explanation {
    /// An explanation with one note per player: the outcome of `pairing`, no reasons yet.
    pub fn new(
        system: System,
        edition: Edition,
        t: &Tournament,
        state: &RoundState,
        pairing: &crate::Pairing,
    ) -> Explanation {
        let number = |i: usize| t.players.get(i).map_or(0, |p| p.start_number);
        let mut players: Vec<PlayerNote> = t
            .players
            .iter()
            .map(|p| PlayerNote {
                start_number: p.start_number,
                outcome: Outcome::NotPaired,
                reasons: Vec::new(),
            })
            .collect();
        for g in &pairing.games {
            if let Some(p) = players.get_mut(g.white) {
                p.outcome = Outcome::Game {
                    opponent: number(g.black),
                    colour: Colour::White,
                };
            }
            if let Some(p) = players.get_mut(g.black) {
                p.outcome = Outcome::Game {
                    opponent: number(g.white),
                    colour: Colour::Black,
                };
            }
        }
        if let Some(p) = pairing.bye.and_then(|b| players.get_mut(b)) {
            p.outcome = Outcome::Bye;
        }
        for (note, p) in players.iter_mut().zip(&state.players) {
            if note.outcome == Outcome::NotPaired && !p.available {
                note.reasons.push(Reason::new(
                    "C.04.2",
                    "not paired: absent from this round (withdrawn, or a bye or absence requested)",
                ));
            }
        }
        Explanation {
            system,
            edition,
            round: state.round,
            brackets: Vec::new(),
            players,
            notes: Vec::new(),
        }
    }

    /// The explanation as a JSON document: `{"system", "edition", "round", "notes", "brackets":
    /// [{"score", "residents", "moved_down", "pairs", "left", "reasons"}], "players": [{"start_number",
    /// "outcome", "opponent", "colour", "reasons"}]}`, each reason `{"article", "text"}`.
    pub fn to_json(&self) -> String {
        use serde_json::{json, Value};
        let reasons = reasons_json;
        let brackets: Vec<Value> = self
            .brackets
            .iter()
            .map(|b| {
                json!({
                    "score": b.score.to_string(),
                    "residents": b.residents,
                    "moved_down": b.moved_down,
                    "pairs": b.pairs.iter().map(|&(x, y)| [x, y]).collect::<Vec<_>>(),
                    "left": b.left,
                    "reasons": reasons(&b.reasons),
                })
            })
            .collect();
        let players: Vec<Value> = self
            .players
            .iter()
            .map(|p| {
                let (outcome, opponent, colour) = p.outcome.fields("game");
                json!({
                    "start_number": p.start_number,
                    "outcome": outcome,
                    "opponent": opponent,
                    "colour": colour,
                    "reasons": reasons(&p.reasons),
                })
            })
            .collect();
        let document = json!({
            "system": self.system.name(),
            "edition": self.edition.to_string(),
            "round": self.round,
            "notes": reasons(&self.notes),
            "brackets": brackets,
            "players": players,
        });
        pretty(&document)
    }

    /// The note of the player with starting number `n`.
    pub fn player(&self, n: u32) -> Option<&PlayerNote> {
        self.players.iter().find(|p| p.start_number == n)
    }

    /// The note of the player with starting number `n`, to add reasons to.
    pub fn player_mut(&mut self, n: u32) -> Option<&mut PlayerNote> {
        self.players.iter_mut().find(|p| p.start_number == n)
    }

    /// Every article the explanation cites, once each, in the order first cited.
    pub fn articles(&self) -> Vec<&str> {
        cited(
            self.notes
                .iter()
                .chain(self.brackets.iter().flat_map(|b| &b.reasons))
                .chain(self.players.iter().flat_map(|p| &p.reasons)),
        )
    }

    /// The index of the bracket in which player `n` was paired or left over, if any.
    fn bracket_of(&self, n: u32) -> Option<usize> {
        self.brackets.iter().rposition(|b| {
            b.pairs.iter().any(|&(x, y)| x == n || y == n)
                || (b.left.contains(&n) && !b.pairs.is_empty())
        })
    }

    /// The whole explanation as text.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Round {}, {} system, {} edition",
            self.round,
            self.system.title(),
            self.edition
        );
        write_reasons(&mut out, &self.notes);
        for (i, b) in self.brackets.iter().enumerate() {
            let moved = if b.moved_down.is_empty() {
                String::new()
            } else {
                format!("; moved down into it: {}", list(&b.moved_down))
            };
            write_bracket(
                &mut out,
                i,
                b.score,
                &b.residents,
                &moved,
                &b.reasons,
                &b.pairs,
            );
            if !b.left.is_empty() {
                let _ = writeln!(out, "  left unpaired: {}", list(&b.left));
            }
        }
        let _ = writeln!(out);
        let _ = writeln!(out, "Players");
        for p in &self.players {
            out.push_str(&self.player_text(p));
        }
        out
    }

    /// The explanation for the player with starting number `n` only.
    pub fn render_player(&self, n: u32) -> Option<String> {
        self.player(n).map(|p| self.player_text(p))
    }

    fn player_text(&self, p: &PlayerNote) -> String {
        let mut out = String::new();
        let what = match p.outcome {
            Outcome::Game { opponent, colour } => format!(
                "plays {opponent} with {}",
                match colour {
                    Colour::White => "White",
                    Colour::Black => "Black",
                }
            ),
            Outcome::Bye => "receives the pairing-allocated bye".to_string(),
            Outcome::NotPaired => "is not paired".to_string(),
        };
        let _ = writeln!(out, "{} {}", p.start_number, what);
        write_reasons(&mut out, &p.reasons);
        out
    }

    /// Why the players with starting numbers `a` and `b` were not paired with each other: the rule that
    /// forbade the pair, or where each of them was paired instead. `state` is the round's state.
    pub fn why_not_paired(&self, t: &Tournament, state: &RoundState, a: u32, b: u32) -> String {
        let index = |n: u32| t.players.iter().position(|p| p.start_number == n);
        let (Some(ia), Some(ib)) = (index(a), index(b)) else {
            return format!("{a} and {b}: no such pair of players in the tournament\n");
        };
        if let (Some(Outcome::Game { opponent, .. }), true) =
            (self.player(a).map(|p| p.outcome), a != b)
        {
            if opponent == b {
                return format!(
                    "{a} and {b} are paired with each other in round {}\n",
                    self.round
                );
            }
        }
        let mut out = format!("{a} and {b} were not paired with each other:\n");
        let (pa, pb) = (state.players.get(ia), state.players.get(ib));
        let (Some(pa), Some(pb)) = (pa, pb) else {
            return out;
        };
        let mut absolute = Vec::new();
        if !pa.available || !pb.available {
            absolute.push(Reason::new(
                "C.04.2",
                "only players taking part in the round are paired",
            ));
        }
        if pa.opponents.contains(&ib) {
            absolute.push(Reason::new(
                self.rematch_article(),
                "they have already played each other",
            ));
        }
        if t.is_forbidden(ia, ib, state.round) {
            absolute.push(Reason::new(
                "XXP",
                "the file forbids this pair in this round",
            ));
        }
        // The Dutch absolute colour preferences (2017 A.6.a, C.3; 2026 1.7.1, C3); the other systems'
        // colour limits are their own and are named in their notes.
        if let (System::Dutch, Some(ca), Some(cb)) =
            (self.system, pa.preference.colour, pb.preference.colour)
        {
            if ca == cb
                && pa.preference.strength == crate::state::Strength::Absolute
                && pb.preference.strength == crate::state::Strength::Absolute
                && !(pa.topscorer || pb.topscorer)
            {
                absolute.push(Reason::new(
                    if self.edition.is_2026() { "C3" } else { "C.3" },
                    format!(
                        "both have an absolute colour preference for {}",
                        colour_word(ca)
                    ),
                ));
            }
        }
        write_reasons(&mut out, &absolute);
        if absolute.is_empty() {
            for n in [a, b] {
                if let Some(p) = self.player(n) {
                    out.push_str(&indent(&self.player_text(p)));
                }
            }
            write_brackets(&mut out, self.bracket_of(a), self.bracket_of(b), |x| {
                format!(
                    "both were in bracket {x}; its pairing (above) was better by the criteria than any with {a}-{b}"
                )
            });
        }
        out
    }

    fn rematch_article(&self) -> &'static str {
        match (self.system, self.edition.is_2026()) {
            (System::Dutch, true) => "C1",
            (System::Dutch, false) => "C.1",
            (System::Rating1992, _) => "B.1.a",
            (System::Dubov, _) | (System::Lim, _) => "2.1",
            (System::Team, _) => "C1",
        }
    }
}

impl Outcome {
    /// The outcome as a JSON document's fields: its kind (`game`, named `game`; `bye`; `not paired`),
    /// the opponent and the colour (`white`, `black`).
    fn fields(self, game: &'static str) -> (&'static str, Option<u32>, Option<String>) {
        match self {
            Outcome::Game { opponent, colour } => (
                game,
                Some(opponent),
                Some(colour_word(colour).to_lowercase()),
            ),
            Outcome::Bye => ("bye", None, None),
            Outcome::NotPaired => ("not paired", None, None),
        }
    }
}

/// Reasons as JSON: `[{"article", "text"}]`.
fn reasons_json(list: &[Reason]) -> serde_json::Value {
    serde_json::Value::Array(
        list.iter()
            .map(|r| serde_json::json!({"article": r.article, "text": r.text}))
            .collect(),
    )
}

/// A JSON document as pretty text, with a final newline.
fn pretty(document: &serde_json::Value) -> String {
    let mut text = serde_json::to_string_pretty(document).unwrap_or_default();
    text.push('\n');
    text
}

/// The articles `reasons` cite, once each, in the order first cited.
fn cited<'a>(reasons: impl Iterator<Item = &'a Reason>) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for r in reasons {
        if !out.contains(&r.article.as_str()) {
            out.push(&r.article);
        }
    }
    out
}

/// `  [article] text` lines.
fn write_reasons(out: &mut String, reasons: &[Reason]) {
    for r in reasons {
        let _ = writeln!(out, "  [{}] {}", r.article, r.text);
    }
}

/// A bracket's text: a blank line, `Bracket N (score S): residents ...` with `more` after them, its
/// reasons and its pairs.
fn write_bracket(
    out: &mut String,
    index: usize,
    score: Score,
    residents: &[u32],
    more: &str,
    reasons: &[Reason],
    pairs: &[(u32, u32)],
) {
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "Bracket {} (score {score}): residents {}{more}",
        index + 1,
        list(residents)
    );
    write_reasons(out, reasons);
    let pairs: Vec<String> = pairs.iter().map(|(x, y)| format!("{x}-{y}")).collect();
    let _ = writeln!(out, "  pairs: {}", or_none(&pairs.join(", ")));
}

/// Where two participants not paired together were paired: `same(N)` when both were in bracket N
/// (counted from 1), otherwise the two brackets.
fn write_brackets(
    out: &mut String,
    x: Option<usize>,
    y: Option<usize>,
    same: impl Fn(usize) -> String,
) {
    match (x, y) {
        (Some(x), Some(y)) if x == y => {
            let _ = writeln!(out, "  {}", same(x + 1));
        }
        (Some(x), Some(y)) => {
            let _ = writeln!(
                out,
                "  they were paired in different brackets ({} and {})",
                x + 1,
                y + 1
            );
        }
        _ => {}
    }
}

/// Starting numbers as a list for a sentence (`3, 7, 12`), `none` when empty.
pub fn list(numbers: &[u32]) -> String {
    let v: Vec<String> = numbers.iter().map(u32::to_string).collect();
    or_none(&v.join(", ")).to_string()
}

fn or_none(s: &str) -> &str {
    if s.is_empty() {
        "none"
    } else {
        s
    }
}

fn indent(s: &str) -> String {
    s.lines().map(|l| format!("  {l}\n")).collect()
}

/// "White" or "Black".
pub fn colour_word(c: Colour) -> &'static str {
    match c {
        Colour::White => "White",
        Colour::Black => "Black",
    }
}
