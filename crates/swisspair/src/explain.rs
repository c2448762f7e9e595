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
        let head = [
            ("system", self.system.name().into()),
            ("edition", self.edition.to_string().into()),
            ("round", self.round.into()),
        ];
        self.parts().document(head, "players")
    }

    /// The note of the player with starting number `n`.
    pub fn player(&self, n: u32) -> Option<&PlayerNote> {
        self.parts().find(n)
    }

    /// The note of the player with starting number `n`, to add reasons to.
    pub fn player_mut(&mut self, n: u32) -> Option<&mut PlayerNote> {
        find_mut(&mut self.players, n)
    }

    /// Every article the explanation cites, once each, in the order first cited.
    pub fn articles(&self) -> Vec<&str> {
        self.parts().articles()
    }

    /// The whole explanation as text.
    pub fn render(&self) -> String {
        let title = format!(
            "Round {}, {} system, {} edition",
            self.round,
            self.system.title(),
            self.edition
        );
        self.parts().text(&title, "Players")
    }

    /// The explanation for the player with starting number `n` only.
    pub fn render_player(&self, n: u32) -> Option<String> {
        self.player(n).map(Participant::text)
    }

    /// What the explanation shares with a team round's.
    fn parts(&self) -> Parts<'_, BracketNote, PlayerNote> {
        Parts {
            notes: &self.notes,
            brackets: &self.brackets,
            participants: &self.players,
        }
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
        let (pa, pb) = (state.players.get(ia), state.players.get(ib));
        let (Some(pa), Some(pb)) = (pa, pb) else {
            return not_paired_line(a, b);
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
        self.parts().not_paired(a, b, &absolute, |x| {
            format!(
                "both were in bracket {x}; its pairing (above) was better by the criteria than any with {a}-{b}"
            )
        })
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

    /// The outcome as the text says it: `plays 7 with White` (and `board`, what the text adds to a
    /// game: a team's ` (board 1)`), `receives the pairing-allocated bye`, `is not paired`.
    fn sentence(self, board: &str) -> String {
        match self {
            Outcome::Game { opponent, colour } => {
                format!("plays {opponent} with {}{board}", colour_word(colour))
            }
            Outcome::Bye => "receives the pairing-allocated bye".to_string(),
            Outcome::NotPaired => "is not paired".to_string(),
        }
    }
}

// What the explanation of a round and the explanation of a team round share: the notes on the round,
// the brackets in the order paired and one note per participant (a player, a team), read and written
// the same way.

/// One bracket of an explanation, as its text and its JSON document show it.
trait Bracket {
    fn score(&self) -> Score;
    fn residents(&self) -> &[u32];
    /// Who joined the residents: their field in the JSON document, the words before them in the text
    /// (`moved down into it: `), and they.
    fn joined(&self) -> (&'static str, &'static str, &[u32]);
    fn pairs(&self) -> &[(u32, u32)];
    /// Who it left unpaired; `None` where a bracket pairs all its participants (a team bracket).
    fn left(&self) -> Option<&[u32]>;
    fn reasons(&self) -> &[Reason];
}

impl Bracket for BracketNote {
    fn score(&self) -> Score {
        self.score
    }
    fn residents(&self) -> &[u32] {
        &self.residents
    }
    fn joined(&self) -> (&'static str, &'static str, &[u32]) {
        ("moved_down", "moved down into it: ", &self.moved_down)
    }
    fn pairs(&self) -> &[(u32, u32)] {
        &self.pairs
    }
    fn left(&self) -> Option<&[u32]> {
        Some(&self.left)
    }
    fn reasons(&self) -> &[Reason] {
        &self.reasons
    }
}

/// One participant's note (a player's, a team's), as the text and the JSON document show it.
trait Participant {
    /// What the text adds to a game's colour.
    const BOARD: &'static str;
    /// The outcome's name for a game in the JSON document.
    const GAME: &'static str;
    /// The starting number (a team's TPN).
    fn number(&self) -> u32;
    /// How the text names it.
    fn name(&self) -> String;
    /// How the JSON document names it: its first fields.
    fn identity(&self) -> Vec<(&'static str, serde_json::Value)>;
    fn outcome(&self) -> Outcome;
    fn reasons(&self) -> &[Reason];

    /// `N plays M with White`, then the reasons.
    fn text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} {}",
            self.name(),
            self.outcome().sentence(Self::BOARD)
        );
        write_reasons(&mut out, self.reasons());
        out
    }

    /// `{identity, "outcome", "opponent", "colour", "reasons"}`.
    fn json(&self) -> serde_json::Value {
        let (outcome, opponent, colour) = self.outcome().fields(Self::GAME);
        let mut fields = self.identity();
        fields.extend([
            ("outcome", outcome.into()),
            ("opponent", opponent.into()),
            ("colour", colour.into()),
            ("reasons", reasons_json(self.reasons())),
        ]);
        object(fields)
    }
}

impl Participant for PlayerNote {
    const BOARD: &'static str = "";
    const GAME: &'static str = "game";
    fn number(&self) -> u32 {
        self.start_number
    }
    fn name(&self) -> String {
        self.start_number.to_string()
    }
    fn identity(&self) -> Vec<(&'static str, serde_json::Value)> {
        vec![("start_number", self.start_number.into())]
    }
    fn outcome(&self) -> Outcome {
        self.outcome
    }
    fn reasons(&self) -> &[Reason] {
        &self.reasons
    }
}

/// An explanation's notes on the round, brackets and participants.
struct Parts<'e, B, P> {
    notes: &'e [Reason],
    brackets: &'e [B],
    participants: &'e [P],
}

impl<'e, B: Bracket, P: Participant> Parts<'e, B, P> {
    /// The note of participant `n`.
    fn find(&self, n: u32) -> Option<&'e P> {
        self.participants.iter().find(|p| p.number() == n)
    }

    /// Every article cited, once each, in the order first cited.
    fn articles(&self) -> Vec<&'e str> {
        let reasons = self
            .notes
            .iter()
            .chain(self.brackets.iter().flat_map(|b| b.reasons()))
            .chain(self.participants.iter().flat_map(|p| p.reasons()));
        let mut out: Vec<&str> = Vec::new();
        for r in reasons {
            if !out.contains(&r.article.as_str()) {
                out.push(&r.article);
            }
        }
        out
    }

    /// The index of the bracket in which participant `n` was paired or, in a bracket that paired
    /// someone, left over (the last such bracket), if any.
    fn bracket_of(&self, n: u32) -> Option<usize> {
        self.brackets.iter().rposition(|b| {
            b.pairs().iter().any(|&(x, y)| x == n || y == n)
                || (b.left().is_some_and(|left| left.contains(&n)) && !b.pairs().is_empty())
        })
    }

    /// The text: `title`, the notes on the round, each bracket (`Bracket N (score S): residents ...`,
    /// its reasons, its pairs, who it left unpaired), then under `heading` every participant.
    fn text(&self, title: &str, heading: &str) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{title}");
        write_reasons(&mut out, self.notes);
        for (i, b) in self.brackets.iter().enumerate() {
            let (_, words, joined) = b.joined();
            let joined = if joined.is_empty() {
                String::new()
            } else {
                format!("; {words}{}", list(joined))
            };
            let _ = writeln!(out);
            let _ = writeln!(
                out,
                "Bracket {} (score {}): residents {}{joined}",
                i + 1,
                b.score(),
                list(b.residents())
            );
            write_reasons(&mut out, b.reasons());
            let pairs: Vec<String> = b.pairs().iter().map(|(x, y)| format!("{x}-{y}")).collect();
            let _ = writeln!(out, "  pairs: {}", or_none(&pairs.join(", ")));
            if let Some(left) = b.left().filter(|left| !left.is_empty()) {
                let _ = writeln!(out, "  left unpaired: {}", list(left));
            }
        }
        let _ = writeln!(out);
        let _ = writeln!(out, "{heading}");
        for p in self.participants {
            out.push_str(&p.text());
        }
        out
    }

    /// Why `a` and `b` were not paired with each other: the `absolute` rules that forbade the pair or,
    /// when none did, what each of them was given and where: both in bracket N, `same(N)` says why
    /// (counted from 1), otherwise the two brackets.
    fn not_paired(
        &self,
        a: u32,
        b: u32,
        absolute: &[Reason],
        same: impl Fn(usize) -> String,
    ) -> String {
        let mut out = not_paired_line(a, b);
        write_reasons(&mut out, absolute);
        if !absolute.is_empty() {
            return out;
        }
        for p in [a, b].into_iter().filter_map(|n| self.find(n)) {
            out.push_str(&indent(&p.text()));
        }
        match (self.bracket_of(a), self.bracket_of(b)) {
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
        out
    }

    /// The JSON document: the fields of `head`, then `"notes"`, `"brackets"` (`{"score", "residents",
    /// the joined, "pairs", "left" where a bracket leaves any, "reasons"}`) and, under `participants`,
    /// the participants' notes.
    fn document<const N: usize>(
        &self,
        head: [(&'static str, serde_json::Value); N],
        participants: &'static str,
    ) -> String {
        let brackets = self.brackets.iter().map(|b| {
            let (field, _, joined) = b.joined();
            let mut fields = vec![
                ("score", b.score().to_string().into()),
                ("residents", numbers_json(b.residents())),
                (field, numbers_json(joined)),
                (
                    "pairs",
                    b.pairs()
                        .iter()
                        .map(|&(x, y)| numbers_json(&[x, y]))
                        .collect(),
                ),
            ];
            if let Some(left) = b.left() {
                fields.push(("left", numbers_json(left)));
            }
            fields.push(("reasons", reasons_json(b.reasons())));
            object(fields)
        });
        let mut fields = Vec::from(head);
        fields.extend([
            ("notes", reasons_json(self.notes)),
            ("brackets", brackets.collect()),
            (
                participants,
                self.participants.iter().map(P::json).collect(),
            ),
        ]);
        let mut text = serde_json::to_string_pretty(&object(fields)).unwrap_or_default();
        text.push('\n');
        text
    }
}

/// The note of participant `n` in `participants`, to add reasons to.
fn find_mut<P: Participant>(participants: &mut [P], n: u32) -> Option<&mut P> {
    participants.iter_mut().find(|p| p.number() == n)
}

/// The first line of [`Parts::not_paired`].
fn not_paired_line(a: u32, b: u32) -> String {
    format!("{a} and {b} were not paired with each other:\n")
}

/// A JSON object of `fields`, in their order.
fn object(fields: Vec<(&'static str, serde_json::Value)>) -> serde_json::Value {
    serde_json::Value::Object(
        fields
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

/// Numbers as a JSON array.
fn numbers_json(numbers: &[u32]) -> serde_json::Value {
    numbers.iter().copied().collect()
}

/// Reasons as JSON: `[{"article", "text"}]`.
fn reasons_json(list: &[Reason]) -> serde_json::Value {
    serde_json::Value::Array(
        list.iter()
            .map(|r| serde_json::json!({"article": r.article, "text": r.text}))
            .collect(),
    )
}

/// `  [article] text` lines.
fn write_reasons(out: &mut String, reasons: &[Reason]) {
    for r in reasons {
        let _ = writeln!(out, "  [{}] {}", r.article, r.text);
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
