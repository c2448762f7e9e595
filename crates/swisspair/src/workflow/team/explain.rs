//! Why a team round (C.04.6) is paired as it is, and its checklist: what `--team -p --explain`,
//! `--why` and `-l` write, for the page and the bindings.

use crate::api::{ensure_round_to_pair, read_team_tournament, team_round, PairOptions, Round};
use crate::error::{Error, Result};
use crate::explain::team::TeamExplanation;
use crate::systems::team::{self, checklist::checklist};
use crate::tournament::team::TeamTournament;

/// A team round paired with its explanation: the pairing, and the decisions the system took, with
/// their articles.
#[derive(Clone, Debug)]
pub struct TeamExplained {
    /// The pairing (a board is a match).
    pub round: Round,
    /// Why it is as it is.
    pub explanation: TeamExplanation,
    tournament: TeamTournament,
}

impl TeamExplained {
    /// The whole explanation as text (`--team -p --explain`).
    pub fn text(&self) -> String {
        self.explanation.render()
    }

    /// The whole explanation as a JSON document (`--explain --format json`).
    pub fn to_json(&self) -> String {
        self.explanation.to_json()
    }

    /// Team `tpn`'s part in the round: opponent and colour, or the PAB, and the rules behind them
    /// (`--why N`).
    pub fn why(&self, tpn: u32) -> Result<String> {
        self.explanation
            .render_team(tpn)
            .ok_or_else(|| Error::invalid(None, "team", format!("no team with TPN {tpn}")))
    }

    /// Why teams `a` and `b` were not paired with each other (`--why A,B`).
    pub fn why_not_paired(&self, a: u32, b: u32) -> String {
        team::why_not_paired(&self.tournament, &self.explanation, a, b)
    }
}

/// Pairs the next round of a team tournament (TRF or JSON) and explains it (`--team -p --explain`).
pub fn team_explain_next(input: &[u8], options: &PairOptions) -> Result<TeamExplained> {
    let (_, t) = read_team_tournament(input, &options.team)?;
    ensure_round_to_pair(&t)?;
    let (pairing, explanation) = team::explain(&t)?;
    Ok(TeamExplained {
        round: team_round(&t, &pairing),
        explanation,
        tournament: t,
    })
}

/// Why the round to be paired gives team `a` (a TPN) its opponent, colour or bye (`--team --why a`),
/// or with `b`, why teams `a` and `b` were not paired (`--why a,b`): text.
pub fn team_why(input: &[u8], a: u32, b: Option<u32>, options: &PairOptions) -> Result<String> {
    let explained = team_explain_next(input, options)?;
    match b {
        Some(b) => Ok(explained.why_not_paired(a, b)),
        None => explained.why(a),
    }
}

/// The checklist (`--team -l`) of the round to be paired of a team tournament (TRF or JSON), as text.
pub fn team_checklist(input: &[u8], options: &PairOptions) -> Result<String> {
    let (_, t) = read_team_tournament(input, &options.team)?;
    ensure_round_to_pair(&t)?;
    let pairing = team::pair(&t).ok();
    Ok(checklist(&t, pairing.as_ref()))
}
