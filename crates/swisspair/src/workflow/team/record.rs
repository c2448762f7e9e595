//! Writing into a team tournament's document (C.04.6): a round's matches with the members each team
//! fields (its lineup), and the byes and absences of teams announced for the round to be paired.

use super::{add_byes, announced_code, round_fits, team_overview, unannounce};
use crate::api::{read_team_tournament, ByeKind, GameResult, PairOptions, Round, TeamOptions};
use crate::error::{Error, Result};
use crate::json::{self, ColourName, ResultName, RoundJson, TournamentJson};
use crate::rules::System;
use crate::tournament::team::{board_alike, TeamTournament};
use crate::tournament::Colour;
use crate::trf::ResultCode;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// Who plays a match's boards: per team its members' starting numbers, board 1 first. `None` (a field
/// left out) fields the team's first B members of its `310` roster.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Lineup {
    /// The white team's members (the team whose board 1 has White).
    pub white: Option<Vec<u32>>,
    /// The black team's members.
    pub black: Option<Vec<u32>>,
}

/// Why a team's lineup for a match is refused ([`check_lineup`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineupError {
    /// The lineup does not fill the boards, or fills more.
    #[error("team {team} fields {given} members for {boards} boards")]
    Boards {
        /// The team's TPN.
        team: u32,
        /// The members given.
        given: usize,
        /// The boards of a match.
        boards: usize,
    },
    /// The roster is shorter than the boards (the default lineup).
    #[error("team {team} has {members} members for {boards} boards")]
    Roster {
        /// The team's TPN.
        team: u32,
        /// The members of its roster.
        members: usize,
        /// The boards of a match.
        boards: usize,
    },
    /// A player who is not on the team's roster.
    #[error("player {player} is not a member of team {team}")]
    NotAMember {
        /// The team's TPN.
        team: u32,
        /// The player's starting number.
        player: u32,
    },
    /// A member on two boards.
    #[error("player {player} plays two boards for team {team}")]
    Twice {
        /// The team's TPN.
        team: u32,
        /// The player's starting number.
        player: u32,
    },
    /// Boards out of the roster's order: the file keeps a team's board order only as its roster's.
    #[error(
        "team {team}: player {player} on board {board} stands before player {above} (board {}) in \
         the roster; the boards follow the roster's order",
        board - 1
    )]
    Order {
        /// The team's TPN.
        team: u32,
        /// The board (1-based).
        board: usize,
        /// The player on it.
        player: u32,
        /// The player on the board above it, who stands after him in the roster.
        above: u32,
    },
}

/// The members team `team` (its roster `roster` in board order) fields on `boards` boards: `chosen`,
/// checked (members of the team, each once, exactly `boards` of them, in the roster's order), or
/// without it the roster's first `boards` members.
pub fn check_lineup(
    team: u32,
    roster: &[u32],
    chosen: Option<&[u32]>,
    boards: usize,
) -> std::result::Result<Vec<u32>, LineupError> {
    let Some(chosen) = chosen else {
        return roster
            .get(..boards)
            .map(<[u32]>::to_vec)
            .ok_or(LineupError::Roster {
                team,
                members: roster.len(),
                boards,
            });
    };
    if chosen.len() != boards {
        return Err(LineupError::Boards {
            team,
            given: chosen.len(),
            boards,
        });
    }
    let mut seen = BTreeSet::new();
    let mut above: Option<(usize, u32)> = None;
    for (board, &player) in chosen.iter().enumerate() {
        let at = roster
            .iter()
            .position(|&m| m == player)
            .ok_or(LineupError::NotAMember { team, player })?;
        if !seen.insert(player) {
            return Err(LineupError::Twice { team, player });
        }
        if let Some((_, above)) = above.filter(|&(before, _)| at < before) {
            return Err(LineupError::Order {
                team,
                board: board + 1,
                player,
                above,
            });
        }
        above = Some((at, player));
    }
    Ok(chosen.to_vec())
}

/// Records round `round` of a team tournament (the pairing [`crate::pair`] gives for it: a board is a
/// match, white the team whose first board has White) with `results`: per match, one result per board
/// in board order, each from the white team's side (`1-0`: the white team's member won the board,
/// whatever his colour). `lineups` is empty or holds one [`Lineup`] per match: the members each team
/// fields ([`check_lineup`]); by default each team's first B members of its `310` roster, where B is
/// the length of the `352` colour sequence, otherwise the most members of one team that played in one
/// round so far, otherwise the smallest roster. Board 1's member of the white team has White and the
/// colours alternate (or follow `352`). The other members' cells stay blank; the members of the team
/// with the pairing-allocated bye get `U`, those of a team not paired the bye announced in a `240`
/// record for it, otherwise `Z`. The `310` records' points and ranks follow the results.
pub fn record_team_round(
    doc: &TournamentJson,
    round: &Round,
    results: &[Vec<GameResult>],
    lineups: &[Lineup],
) -> Result<TournamentJson> {
    let t = read(doc)?;
    round_fits(round, t.rounds_played + 1, results.len(), "matches")?;
    if !lineups.is_empty() && lineups.len() != round.boards.len() {
        return Err(Error::invalid(
            None,
            "lineups",
            format!(
                "{} lineups for {} matches (none, or one a match)",
                lineups.len(),
                round.boards.len()
            ),
        ));
    }
    let slot = t.rounds_played;
    let rosters = rosters(&t);
    let boards = boards_of(doc, &t);
    let roster = |tpn: u32| {
        rosters
            .get(&tpn)
            .copied()
            .ok_or_else(|| Error::invalid(None, "pairing", format!("no team {tpn}")))
    };
    let mut cells: Vec<(u32, RoundJson)> = Vec::new();
    let mut paired: BTreeSet<u32> = BTreeSet::new();
    let default = Lineup::default();
    for (i, (b, match_results)) in round.boards.iter().zip(results).enumerate() {
        let (white, black) = (b.white.start_number, b.black.start_number);
        let field = format!("match {}", i + 1);
        if match_results.len() != boards {
            return Err(Error::invalid(
                None,
                field,
                format!("{} results for {boards} boards", match_results.len()),
            ));
        }
        for tpn in [white, black] {
            if !paired.insert(tpn) {
                return Err(Error::invalid(
                    None,
                    "pairing",
                    format!("team {tpn} is paired twice in round {}", round.round),
                ));
            }
        }
        let lineup = lineups.get(i).unwrap_or(&default);
        let fielded = |tpn: u32, chosen: &Option<Vec<u32>>| {
            check_lineup(tpn, roster(tpn)?, chosen.as_deref(), boards)
                .map_err(|e| Error::invalid(None, format!("{field}, lineup"), e.to_string()))
        };
        let (wm, bm) = (
            fielded(white, &lineup.white)?,
            fielded(black, &lineup.black)?,
        );
        for (j, (result, (&w, &k))) in match_results.iter().zip(wm.iter().zip(&bm)).enumerate() {
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

/// Announces (or, with `kind` `None`, withdraws the announcement of) a bye or absence of team `tpn` in
/// the round to be paired: a `240` record of that round names it (half-point, full-point or
/// zero-point bye; `Zero` also marks a team that withdrew), which leaves it out of the pairing and
/// gives its members the bye's code when the round is recorded.
pub(crate) fn announce_team(
    doc: &TournamentJson,
    tpn: u32,
    kind: Option<ByeKind>,
) -> Result<TournamentJson> {
    let t = read(doc)?;
    crate::api::ensure_round_to_pair(&t)?;
    if t.team(tpn).is_none() {
        return Err(Error::invalid(
            None,
            "team",
            format!("no team with TPN {tpn}"),
        ));
    }
    let round = t.rounds_played + 1;
    let mut doc = doc.clone();
    unannounce(&mut doc.byes, round, tpn);
    if let Some(kind) = kind {
        let round = u32::try_from(round).unwrap_or(u32::MAX);
        add_byes(&mut doc.byes, kind.requested(), round, &[tpn]);
    }
    read(&doc)?;
    Ok(doc)
}

/// The team tournament a document stands for, as the team reader reads it.
fn read(doc: &TournamentJson) -> Result<TeamTournament> {
    let text = json::document_to_string(doc)?;
    read_team_tournament(text.as_bytes(), &TeamOptions::default()).map(|(_, t)| t)
}

/// The teams' members by TPN, as the reader numbered them.
fn rosters(t: &TeamTournament) -> BTreeMap<u32, &[u32]> {
    t.teams
        .iter()
        .map(|team| (team.tpn, team.members.as_slice()))
        .collect()
}

/// The number of boards of the round `t` is about to pair ([`record_team_round`]).
pub(super) fn boards_of(doc: &TournamentJson, t: &TeamTournament) -> usize {
    board_count(
        doc,
        &rosters(t),
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
    rosters: &BTreeMap<u32, &[u32]>,
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
        rosters.values().map(|m| m.len()).min().unwrap_or(0)
    }
}
