//! A team tournament (C.04.6) on the page and in the bindings: its overview (the teams by rank with
//! every round's match, and each team's encounters for the crosstable; [`super::overview`] gives it for
//! a team tournament), the recording of a round with its lineups and the byes announced for teams
//! ([`record`]), the explanation and the checklist of the round to be paired ([`explain`]).

mod explain;
mod record;

pub use explain::{team_checklist, team_explain_next, team_why, TeamExplained};
pub(super) use record::announce_team;
pub use record::{check_lineup, record_team_round, Lineup, LineupError};

use super::{add_byes, announced_code, round_fits, unannounce, Overview, Standing};
use crate::api::{read_team_tournament, PairOptions, TeamOptions};
use crate::error::Result;
use crate::json::{self, ColourName, Points, ResultName, TournamentJson};
use crate::rules::System;
use crate::score::Score;
use crate::tournament::team::{MatchResult, PrimaryScore, RoundKind, TeamRound, TeamTournament};
use crate::tournament::Colour;
use serde::Serialize;

/// What a team did in one round.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TeamRoundView {
    /// `match`, or the round without an opponent: `U` (the pairing-allocated bye), `F`, `H`, `Z`.
    pub kind: &'static str,
    /// The opponent team's TPN, for a match.
    pub opponent: Option<u32>,
    /// The colour of the team's first board, for a match.
    pub colour: Option<ColourName>,
    /// Match points scored.
    pub match_points: Points,
    /// Game points scored.
    pub game_points: Points,
}

/// One team in the standings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TeamStanding {
    /// The rank by primary, then secondary score (teams equal on both share it).
    pub rank: usize,
    /// The team's pairing number.
    pub tpn: u32,
    /// The team's name.
    pub name: String,
    /// The members' names, in board order.
    pub members: Vec<String>,
    /// Match points after the rounds played.
    pub match_points: Points,
    /// Game points after the rounds played.
    pub game_points: Points,
    /// The rounds played.
    pub rounds: Vec<TeamRoundView>,
    /// True when the team is left out of the round to be paired (a `240` bye, an absence).
    pub absent_next: bool,
    /// The bye announced for the round to be paired (`H`, `F`, `Z`), when the team is left out of it.
    pub next: Option<ResultName>,
    /// The members' starting numbers, in board order (the `310` roster).
    pub roster: Vec<u32>,
    /// The matches against each team met, for the crosstable: by the opponent's TPN, then by round.
    pub encounters: Vec<TeamEncounter>,
}

/// One match of a team against another, from the team's side: a cell of the crosstable.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TeamEncounter {
    /// The opponent team's TPN.
    pub opponent: u32,
    /// The round (1-based).
    pub round: usize,
    /// The colour of the team's first board, when scheduled.
    pub colour: Option<ColourName>,
    /// The match's result: `W`, `D`, `L` for a match actually played (1.6.1), `+`, `-` for a match won
    /// or lost by forfeit, `D` for a drawn one.
    pub result: &'static str,
    /// The match points the team scored.
    pub match_points: Points,
    /// The game points the team scored.
    pub game_points: Points,
    /// The game points the opponent scored.
    pub opponent_game_points: Points,
}

/// The overview of a team tournament: `teams` by rank, `standings` empty.
pub(super) fn team_overview(input: &[u8], options: &PairOptions) -> Result<Overview> {
    let (trf, t) = read_team_tournament(input, &options.team)?;
    let finished = t.total_rounds.is_some_and(|n| t.rounds_played >= n);
    let names: std::collections::BTreeMap<u32, &str> = trf
        .lines
        .iter()
        .filter_map(|l| match &l.record {
            crate::trf::Record::Player(p) => Some((p.start_number, p.name.as_str())),
            _ => None,
        })
        .collect();
    let name_of = |n: u32| names.get(&n).map(|s| s.to_string());
    let doc = json::trf_to_document(&trf);
    let next_round = t.rounds_played + 1;
    let mut teams: Vec<TeamStanding> = t
        .teams
        .iter()
        .map(|team| {
            let sum = |f: fn(&TeamRound) -> Score| {
                team.rounds.iter().map(f).fold(Score::ZERO, |a, b| a + b)
            };
            TeamStanding {
                rank: 0,
                tpn: team.tpn,
                name: team.name.clone(),
                members: team
                    .members
                    .iter()
                    .map(|&n| name_of(n).unwrap_or_else(|| n.to_string()))
                    .collect(),
                match_points: Points(sum(|r| r.match_points)),
                game_points: Points(sum(|r| r.game_points)),
                rounds: team.rounds.iter().map(view).collect(),
                absent_next: t.absent_next.contains(&team.tpn),
                next: t
                    .absent_next
                    .contains(&team.tpn)
                    .then(|| ResultName(announced_code(&doc.byes, next_round, team.tpn))),
                roster: team.members.clone(),
                encounters: encounters(&t, &team.rounds),
            }
        })
        .collect();
    let key = |s: &TeamStanding| match t.rules.primary {
        PrimaryScore::MatchPoints => (s.match_points, s.game_points),
        PrimaryScore::GamePoints => (s.game_points, s.match_points),
    };
    crate::sorting::sort_by_key(&mut teams, |s| (std::cmp::Reverse(key(s)), s.tpn));
    let keys: Vec<_> = teams.iter().map(key).collect();
    for s in &mut teams {
        let mine = key(s);
        s.rank = 1 + keys.iter().filter(|&&k| k > mine).count();
    }
    let mut warnings = t.warnings.clone();
    if t.rules.baku {
        warnings.push(format!(
            "{}: Baku acceleration (_BAKU) is not applied to team tournaments yet",
            t.rules.line
        ));
    }
    Ok(Overview {
        system: System::Team.name().to_string(),
        edition: crate::rules::Edition::Y2026.year(),
        rounds_played: t.rounds_played,
        total_rounds: t.total_rounds,
        next_round,
        finished,
        standings: Vec::<Standing>::new(),
        teams,
        boards: Some(record::boards_of(&doc, &t)),
        warnings,
    })
}

/// A team's matches (its `rounds` in `t`), by opponent, then round.
fn encounters(t: &TeamTournament, rounds: &[TeamRound]) -> Vec<TeamEncounter> {
    let mut list: Vec<TeamEncounter> = rounds
        .iter()
        .enumerate()
        .filter_map(|(i, r)| {
            let RoundKind::Match {
                opponent,
                result,
                played,
                ..
            } = r.kind
            else {
                return None;
            };
            let theirs = t
                .team(opponent)
                .and_then(|o| o.rounds.get(i))
                .map_or(Score::ZERO, |o| o.game_points);
            Some(TeamEncounter {
                opponent,
                round: i + 1,
                colour: r.scheduled.map(colour_name),
                result: match (result, played) {
                    (MatchResult::Win, true) => "W",
                    (MatchResult::Loss, true) => "L",
                    (MatchResult::Win, false) => "+",
                    (MatchResult::Loss, false) => "-",
                    (MatchResult::Draw, _) => "D",
                },
                match_points: Points(r.match_points),
                game_points: Points(r.game_points),
                opponent_game_points: Points(theirs),
            })
        })
        .collect();
    crate::sorting::sort_by_key(&mut list, |e| (e.opponent, e.round));
    list
}

/// The JSON name of a colour.
fn colour_name(c: Colour) -> ColourName {
    match c {
        Colour::White => ColourName::White,
        Colour::Black => ColourName::Black,
    }
}

/// A team's round as the overview shows it.
fn view(r: &TeamRound) -> TeamRoundView {
    let (kind, opponent, colour) = match r.kind {
        RoundKind::Match { opponent, .. } => ("match", Some(opponent), r.scheduled),
        RoundKind::PairingAllocatedBye => ("U", None, None),
        RoundKind::FullPointBye => ("F", None, None),
        RoundKind::HalfPointBye => ("H", None, None),
        RoundKind::Absent => ("Z", None, None),
    };
    TeamRoundView {
        kind,
        opponent,
        colour: colour.map(colour_name),
        match_points: Points(r.match_points),
        game_points: Points(r.game_points),
    }
}

/// Reads a team tournament (TRF or JSON, detected) as a document, checked as the team reader reads it.
pub fn read_team_document(input: &[u8]) -> Result<TournamentJson> {
    let (trf, _) = read_team_tournament(input, &TeamOptions::default())?;
    Ok(json::trf_to_document(&trf))
}

#[cfg(test)]
mod tests;
