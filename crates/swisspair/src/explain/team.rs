//! Why a team round (C.04.6) was paired as it was: the explanation's vocabulary ([`Reason`],
//! [`Outcome`]) for teams. The team system fills a [`TeamExplanation`] while it pairs (only when asked):
//! the PAB (3.4), each bracket with its upfloaters (3.5) and pairs (3.6), each pair's colours (4.3).

use super::{find_mut, Bracket, Outcome, Participant, Parts, Reason};
use crate::score::Score;

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
        self.parts().find(tpn)
    }

    /// The note of team `tpn`, to add reasons to.
    pub fn team_mut(&mut self, tpn: u32) -> Option<&mut TeamNote> {
        find_mut(&mut self.teams, tpn)
    }

    /// Every article cited, once each, in the order first cited.
    pub fn articles(&self) -> Vec<&str> {
        self.parts().articles()
    }

    /// The index of the bracket team `tpn` was paired in.
    pub fn bracket_of(&self, tpn: u32) -> Option<usize> {
        self.parts().bracket_of(tpn)
    }

    /// The whole explanation as text.
    pub fn render(&self) -> String {
        let title = format!(
            "Round {}, Swiss Team Pairing System (C.04.6, 2026)",
            self.round
        );
        self.parts().text(&title, "Teams")
    }

    /// The explanation for team `tpn` only.
    pub fn render_team(&self, tpn: u32) -> Option<String> {
        self.team(tpn).map(Participant::text)
    }

    /// Why teams `a` and `b` did not meet: `barred` is the absolute reason when there is one (C1, a
    /// forbidden pair, an absence, as the system found it); otherwise where each was paired instead.
    pub fn why_not_paired(&self, a: u32, b: u32, barred: &[Reason]) -> String {
        let (Some(ta), Some(_)) = (self.team(a), self.team(b)) else {
            return format!("{a} and {b}: no such pair of teams in the tournament\n");
        };
        if let Outcome::Game { opponent, .. } = ta.outcome {
            if opponent == b {
                return format!("{a} and {b} meet in round {}\n", self.round);
            }
        }
        self.parts().not_paired(a, b, barred, |x| {
            format!(
                "both were in bracket {x}: its pairing (3.6.4, the first identifier with the best C8-C10 \
                 counts) comes before any with {a}-{b}"
            )
        })
    }

    /// The explanation as a JSON document: `{"system": "team", "round", "notes", "brackets": [{"score",
    /// "residents", "upfloaters", "pairs", "reasons"}], "teams": [{"tpn", "name", "outcome",
    /// "opponent", "colour", "reasons"}]}`, each reason `{"article", "text"}`.
    pub fn to_json(&self) -> String {
        let head = [("system", "team".into()), ("round", self.round.into())];
        self.parts().document(head, "teams")
    }

    /// What the explanation shares with an individual round's.
    fn parts(&self) -> Parts<'_, TeamBracketNote, TeamNote> {
        Parts {
            notes: &self.notes,
            brackets: &self.brackets,
            participants: &self.teams,
        }
    }
}

impl Bracket for TeamBracketNote {
    fn score(&self) -> Score {
        self.score
    }
    fn residents(&self) -> &[u32] {
        &self.residents
    }
    fn joined(&self) -> (&'static str, &'static str, &[u32]) {
        ("upfloaters", "upfloaters ", &self.upfloaters)
    }
    fn pairs(&self) -> &[(u32, u32)] {
        &self.pairs
    }
    fn left(&self) -> Option<&[u32]> {
        None
    }
    fn reasons(&self) -> &[Reason] {
        &self.reasons
    }
}

impl Participant for TeamNote {
    const BOARD: &'static str = " (board 1)";
    const GAME: &'static str = "match";
    fn number(&self) -> u32 {
        self.tpn
    }
    fn name(&self) -> String {
        format!("{} {}", self.tpn, self.name)
    }
    fn identity(&self) -> Vec<(&'static str, serde_json::Value)> {
        vec![("tpn", self.tpn.into()), ("name", self.name.clone().into())]
    }
    fn outcome(&self) -> Outcome {
        self.outcome
    }
    fn reasons(&self) -> &[Reason] {
        &self.reasons
    }
}
