//! The overview of a team tournament (C.04.6): the teams by rank with every round's match, for the
//! page and the bindings ([`super::overview`] gives it for a team tournament).

use super::{announced_code, Overview, Standing};
use crate::api::{read_team_tournament, GameResult, PairOptions, Round, TeamOptions};
use crate::error::{Error, Result};
use crate::json::{self, ColourName, Points, ResultName, RoundJson, TournamentJson};
use crate::rules::System;
use crate::score::Score;
use crate::tournament::team::{board_alike, PrimaryScore, RoundKind, TeamRound, TeamTournament};
use crate::tournament::Colour;
use crate::trf::ResultCode;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

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
        boards: Some(boards_of(&json::trf_to_document(&trf), &t)),
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

/// Records round `round` of a team tournament (the pairing [`crate::pair`] gives for it: a board is a
/// match, white the team whose first board has White) with `results`: per match, one result per board
/// in board order, each from the white team's side (`1-0`: the white team's member won the board,
/// whatever his colour). The lineup: each team's first B members of its `310` roster play boards 1 to
/// B, where B is the length of the `352` colour sequence, otherwise the most members of one team that
/// played in one round so far, otherwise the smallest roster. Board 1's member of the white team has
/// White and the colours alternate (or follow `352`). The other members' cells stay blank; the members
/// of the team with the pairing-allocated bye get `U`, those of a team not paired the bye announced in a
/// `240` record for it, otherwise `Z`. The `310` records' points and ranks follow the results.
pub fn record_team_round(
    doc: &TournamentJson,
    round: &Round,
    results: &[Vec<GameResult>],
) -> Result<TournamentJson> {
    let text = json::document_to_string(doc)?;
    let (_, t) = read_team_tournament(text.as_bytes(), &TeamOptions::default())?;
    super::round_fits(round, t.rounds_played + 1, results.len(), "matches")?;
    let slot = t.rounds_played;
    let rosters = rosters(doc);
    let boards = boards_of(doc, &t);
    let roster = |tpn: u32| {
        rosters
            .get(&tpn)
            .ok_or_else(|| Error::invalid(None, "pairing", format!("no team {tpn}")))
    };
    let mut cells: Vec<(u32, RoundJson)> = Vec::new();
    let mut paired: BTreeSet<u32> = BTreeSet::new();
    for (i, (b, match_results)) in round.boards.iter().zip(results).enumerate() {
        let (white, black) = (b.white.start_number, b.black.start_number);
        if match_results.len() != boards {
            return Err(Error::invalid(
                None,
                format!("match {}", i + 1),
                format!("{} results for {boards} boards", match_results.len()),
            ));
        }
        let (wm, bm) = (roster(white)?, roster(black)?);
        for tpn in [white, black] {
            if !paired.insert(tpn) {
                return Err(Error::invalid(
                    None,
                    "pairing",
                    format!("team {tpn} is paired twice in round {}", round.round),
                ));
            }
            if roster(tpn)?.len() < boards {
                return Err(Error::invalid(
                    None,
                    "pairing",
                    format!("team {tpn} has fewer members than the {boards} boards"),
                ));
            }
        }
        for (j, (result, (&w, &k))) in match_results.iter().zip(wm.iter().zip(bm)).enumerate() {
            // 1.6.1: board colours as the reader reads them (352, else alternating).
            let same = board_alike(t.board_colours.as_deref(), j);
            let (wc, kc) = if same {
                (ColourName::White, ColourName::Black)
            } else {
                (ColourName::Black, ColourName::White)
            };
            let (wr, kr) = result.codes();
            cells.push((w, game(k, wc, wr)));
            cells.push((k, game(w, kc, kr)));
        }
    }
    let mut codes: BTreeMap<u32, ResultCode> = BTreeMap::new();
    if let Some(bye) = &round.bye {
        if !paired.insert(bye.start_number) {
            return Err(Error::invalid(
                None,
                "pairing",
                format!("team {} is paired twice", bye.start_number),
            ));
        }
        codes.insert(bye.start_number, ResultCode::PairingAllocatedBye);
    }
    for &tpn in rosters.keys() {
        if !paired.contains(&tpn) {
            codes.insert(tpn, announced_code(&doc.byes, round.round, tpn));
        }
    }
    for (tpn, code) in codes {
        for &m in roster(tpn)? {
            cells.push((
                m,
                RoundJson {
                    opponent: None,
                    colour: None,
                    result: Some(ResultName(code)),
                },
            ));
        }
    }
    let mut doc = doc.clone();
    let written: BTreeMap<u32, RoundJson> = cells.into_iter().collect();
    for p in &mut doc.players {
        p.rounds.resize(slot, RoundJson::default());
        p.rounds
            .push(written.get(&p.start_number).copied().unwrap_or_default());
    }
    doc.byes.retain(|b| b.round as usize != round.round);
    doc.absent.clear();
    // The `310` records' points and ranks, as the overview computes them.
    let text = json::document_to_string(&doc)?;
    let ov = team_overview(text.as_bytes(), &PairOptions::new(System::Team))?;
    for (i, team) in doc.teams.iter_mut().enumerate() {
        let tpn = team
            .tpn
            .unwrap_or_else(|| u32::try_from(i + 1).unwrap_or(u32::MAX));
        if let Some(s) = ov.teams.iter().find(|s| s.tpn == tpn) {
            team.match_points = Some(s.match_points);
            team.game_points = Some(s.game_points);
            team.rank = u32::try_from(s.rank).ok();
        }
    }
    Ok(doc)
}

/// The teams' members by TPN.
fn rosters(doc: &TournamentJson) -> BTreeMap<u32, Vec<u32>> {
    doc.teams
        .iter()
        .enumerate()
        .map(|(i, team)| {
            let tpn = team
                .tpn
                .unwrap_or_else(|| u32::try_from(i + 1).unwrap_or(u32::MAX));
            (tpn, team.members.clone())
        })
        .collect()
}

/// The number of boards of the round `t` is about to pair ([`record_team_round`]).
fn boards_of(doc: &TournamentJson, t: &TeamTournament) -> usize {
    board_count(
        doc,
        &rosters(doc),
        t.rounds_played,
        t.board_colours.as_deref(),
    )
}

/// A member's cell for a board played (or forfeited).
fn game(opponent: u32, colour: ColourName, result: ResultCode) -> RoundJson {
    RoundJson {
        opponent: Some(opponent),
        colour: Some(colour),
        result: Some(ResultName(result)),
    }
}

/// The number of boards: `352`'s length, otherwise the most members of one team that played in one
/// of the rounds before `slot`, otherwise the smallest roster.
fn board_count(
    doc: &TournamentJson,
    rosters: &BTreeMap<u32, Vec<u32>>,
    slot: usize,
    pattern: Option<&[Colour]>,
) -> usize {
    if let Some(p) = pattern.filter(|p| !p.is_empty()) {
        return p.len();
    }
    let cells: BTreeMap<u32, &[RoundJson]> = doc
        .players
        .iter()
        .map(|p| (p.start_number, p.rounds.as_slice()))
        .collect();
    let cells = &cells;
    let fielded = (0..slot)
        .flat_map(|r| {
            rosters.values().map(move |members| {
                members
                    .iter()
                    .filter_map(|m| cells.get(m).and_then(|c| c.get(r)))
                    .filter(|c| c.result.is_some_and(|x| x.0.is_game()))
                    .count()
            })
        })
        .max()
        .unwrap_or(0);
    if fielded > 0 {
        fielded
    } else {
        rosters.values().map(Vec::len).min().unwrap_or(0)
    }
}

/// Reads a team tournament (TRF or JSON, detected) as a document, checked as the team reader reads it.
pub fn read_team_document(input: &[u8]) -> Result<TournamentJson> {
    let (trf, _) = read_team_tournament(input, &TeamOptions::default())?;
    Ok(json::trf_to_document(&trf))
}

/// The checklist (`--team -l`) of the round to be paired of a team tournament (TRF or JSON), as text.
pub fn team_checklist(input: &[u8], options: &PairOptions) -> Result<String> {
    let (_, t) = read_team_tournament(input, &options.team)?;
    crate::api::ensure_round_to_pair(&t)?;
    let pairing = crate::systems::team::pair(&t).ok();
    Ok(crate::systems::team::checklist::checklist(
        &t,
        pairing.as_ref(),
    ))
}

/// Why the round to be paired gives team `a` (a TPN) its opponent, colour or bye (`--team --why a`),
/// or with `b`, why teams `a` and `b` were not paired (`--why a,b`): text.
pub fn team_why(input: &[u8], a: u32, b: Option<u32>, options: &PairOptions) -> Result<String> {
    let (_, t) = read_team_tournament(input, &options.team)?;
    crate::api::ensure_round_to_pair(&t)?;
    let (_, explanation) = crate::systems::team::explain(&t)?;
    match b {
        Some(b) => Ok(crate::systems::team::why_not_paired(&t, &explanation, a, b)),
        None => explanation
            .render_team(a)
            .ok_or_else(|| Error::invalid(None, "team", format!("no team with TPN {a}"))),
    }
}
