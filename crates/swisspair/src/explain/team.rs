//! Why a team round (C.04.6) was paired as it was: the explanation's vocabulary ([`Reason`],
//! [`Outcome`]) for teams. The team system fills a [`TeamExplanation`] while it pairs (only when asked):
//! the PAB (3.4), each bracket with its upfloaters (3.5) and pairs (3.6), each pair's colours (4.3).

use super::{
    cited, colour_word, indent, list, pretty, reasons_json, write_bracket, write_brackets,
    write_reasons, Outcome, Reason,
};
use crate::score::Score;
use std::fmt::Write as _;

/// One bracket of the round: the top-scoregroup with its upfloaters, as the system paired it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamBracketNote {
    /// The top-scoregroup's score.
    pub score: Score,
    /// The resident teams (the top-scoregroup), by TPN.
    pub residents: Vec<u32>,
    /// The upfloaters (3.5), in 3.5.3's order (descending score, then ascending TPN).
    pub upfloaters: Vec<u32>,
    /// The pairs, (top member, bottom member) in the identifier's order (3.6.2).
    pub pairs: Vec<(u32, u32)>,
    /// Why these upfloaters and these pairs.
    pub reasons: Vec<Reason>,
}

/// What the round gave one team, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamNote {
    /// The team's TPN.
    pub tpn: u32,
    /// The team's name.
    pub name: String,
    /// A match (the opponent's TPN and the first board's colour), the PAB, or not paired.
    pub outcome: Outcome,
    /// The rules that gave the outcome: the bracket, the upfloat, the pair, the colours, the PAB.
    pub reasons: Vec<Reason>,
}

/// Why a team round was paired as it was.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamExplanation {
    /// The round paired.
    pub round: usize,
    /// Said of the round as a whole: the competition's rules, the PAB.
    pub notes: Vec<Reason>,
    /// The brackets in the order they were paired.
    pub brackets: Vec<TeamBracketNote>,
    /// Every team, by TPN.
    pub teams: Vec<TeamNote>,
}

impl TeamExplanation {
    /// The note of team `tpn`.
    pub fn team(&self, tpn: u32) -> Option<&TeamNote> {
        self.teams.iter().find(|t| t.tpn == tpn)
    }

    /// The note of team `tpn`, to add reasons to.
    pub fn team_mut(&mut self, tpn: u32) -> Option<&mut TeamNote> {
        self.teams.iter_mut().find(|t| t.tpn == tpn)
    }

    /// Every article cited, once each, in the order first cited.
    pub fn articles(&self) -> Vec<&str> {
        cited(
            self.notes
                .iter()
                .chain(self.brackets.iter().flat_map(|b| &b.reasons))
                .chain(self.teams.iter().flat_map(|t| &t.reasons)),
        )
    }

    /// The index of the bracket team `tpn` was paired in.
    pub fn bracket_of(&self, tpn: u32) -> Option<usize> {
        self.brackets
            .iter()
            .position(|b| b.pairs.iter().any(|&(x, y)| x == tpn || y == tpn))
    }

    /// The whole explanation as text.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Round {}, Swiss Team Pairing System (C.04.6, 2026)",
            self.round
        );
        write_reasons(&mut out, &self.notes);
        for (i, b) in self.brackets.iter().enumerate() {
            let ups = if b.upfloaters.is_empty() {
                String::new()
            } else {
                format!("; upfloaters {}", list(&b.upfloaters))
            };
            write_bracket(
                &mut out,
                i,
                b.score,
                &b.residents,
                &ups,
                &b.reasons,
                &b.pairs,
            );
        }
        let _ = writeln!(out);
        let _ = writeln!(out, "Teams");
        for t in &self.teams {
            out.push_str(&team_text(t));
        }
        out
    }

    /// The explanation for team `tpn` only.
    pub fn render_team(&self, tpn: u32) -> Option<String> {
        self.team(tpn).map(team_text)
    }

    /// Why teams `a` and `b` did not meet: `barred` is the absolute reason when there is one (C1, a
    /// forbidden pair, an absence, as the system found it); otherwise where each was paired instead.
    pub fn why_not_paired(&self, a: u32, b: u32, barred: &[Reason]) -> String {
        let (Some(ta), Some(tb)) = (self.team(a), self.team(b)) else {
            return format!("{a} and {b}: no such pair of teams in the tournament\n");
        };
        if let Outcome::Game { opponent, .. } = ta.outcome {
            if opponent == b {
                return format!("{a} and {b} meet in round {}\n", self.round);
            }
        }
        let mut out = format!("{a} and {b} were not paired with each other:\n");
        write_reasons(&mut out, barred);
        if barred.is_empty() {
            out.push_str(&indent(&team_text(ta)));
            out.push_str(&indent(&team_text(tb)));
            write_brackets(&mut out, self.bracket_of(a), self.bracket_of(b), |x| {
                format!(
                    "both were in bracket {x}: its pairing (3.6.4, the first identifier with the best C8-C10 \
                     counts) comes before any with {a}-{b}"
                )
            });
        }
        out
    }

    /// The explanation as a JSON document: `{"system": "team", "round", "notes", "brackets": [{"score",
    /// "residents", "upfloaters", "pairs", "reasons"}], "teams": [{"tpn", "name", "outcome",
    /// "opponent", "colour", "reasons"}]}`, each reason `{"article", "text"}`.
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
                    "upfloaters": b.upfloaters,
                    "pairs": b.pairs.iter().map(|&(x, y)| [x, y]).collect::<Vec<_>>(),
                    "reasons": reasons(&b.reasons),
                })
            })
            .collect();
        let teams: Vec<Value> = self
            .teams
            .iter()
            .map(|t| {
                let (outcome, opponent, colour) = t.outcome.fields("match");
                json!({
                    "tpn": t.tpn,
                    "name": t.name,
                    "outcome": outcome,
                    "opponent": opponent,
                    "colour": colour,
                    "reasons": reasons(&t.reasons),
                })
            })
            .collect();
        let document = json!({
            "system": "team",
            "round": self.round,
            "notes": reasons(&self.notes),
            "brackets": brackets,
            "teams": teams,
        });
        pretty(&document)
    }
}

fn team_text(t: &TeamNote) -> String {
    let what = match t.outcome {
        Outcome::Game { opponent, colour } => {
            format!("plays {opponent} with {} (board 1)", colour_word(colour))
        }
        Outcome::Bye => "receives the pairing-allocated bye".to_string(),
        Outcome::NotPaired => "is not paired".to_string(),
    };
    let mut out = String::new();
    let _ = writeln!(out, "{} {} {what}", t.tpn, t.name);
    write_reasons(&mut out, &t.reasons);
    out
}
