//! The overview of a team tournament (C.04.6): the teams by rank with every round's match, for the
//! page and the bindings ([`super::overview`] gives it for a team tournament).

use super::{Overview, Standing};
use crate::api::{read_team_tournament, PairOptions};
use crate::error::Result;
use crate::json::{ColourName, Points};
use crate::rules::System;
use crate::score::Score;
use crate::tournament::team::{PrimaryScore, RoundKind, TeamRound};
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
        next_round: t.rounds_played + 1,
        finished,
        standings: Vec::<Standing>::new(),
        teams,
        warnings,
    })
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
        colour: colour.map(|c| match c {
            Colour::White => ColourName::White,
            Colour::Black => ColourName::Black,
        }),
        match_points: Points(r.match_points),
        game_points: Points(r.game_points),
    }
}
