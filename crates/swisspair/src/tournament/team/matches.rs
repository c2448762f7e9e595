//! A team's rounds, read from its members' games (C.04.6 1.2, 1.4, 1.6.1), and the records that change
//! them (`330`, `320`, `299`) or the round to pair (`240`, `250`, `260`, `XXP`).

use std::collections::BTreeMap;

use super::{MatchPoints, MatchResult, RoundKind, Team, TeamRound, TeamTournament};
use crate::error::{Error, Result};
use crate::score::Score;
use crate::tournament::Colour;
use crate::trf::{
    AbnormalPoints, Cell, CellColour, PlayerRecord, Record, ResultCode, Trf, MAX_ROUNDS,
};

/// A `330` record: a match a whole team forfeited (type in 5-6, round 8-10, teams 12-14 and 16-18).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Forfeit {
    pub round: usize,
    pub white: u32,
    pub black: u32,
    pub white_wins: bool,
    pub black_wins: bool,
    pub line: usize,
}

impl Forfeit {
    pub(super) fn read(chars: &[char], line: usize) -> Result<Forfeit> {
        let text: String = chars.iter().skip(3).collect();
        let tokens: Vec<&str> = text.split_whitespace().collect();
        let bad = |what: &str| Error::invalid(Some(line), "330 team forfeit", what.to_string());
        let [kind, round, white, black] = tokens.as_slice() else {
            return Err(bad(
                "expected a type (+-, -+ or --), a round and two team numbers",
            ));
        };
        let (white_wins, black_wins) = match *kind {
            "+-" => (true, false),
            "-+" => (false, true),
            "--" => (false, false),
            _ => return Err(bad("the type is not +-, -+ or --")),
        };
        let n = |t: &str| {
            t.parse::<u32>()
                .map_err(|_| bad(&format!("'{t}' is not a number")))
        };
        let round = n(round)? as usize;
        if !(1..=MAX_ROUNDS).contains(&round) {
            return Err(bad(&format!("round {round} is not from 1 to {MAX_ROUNDS}")));
        }
        Ok(Forfeit {
            round,
            white: n(white)?,
            black: n(black)?,
            white_wins,
            black_wins,
            line,
        })
    }
}

/// What the rounds are read with.
pub(super) struct Inputs {
    /// Game points of a won, drawn and lost game (`162`; default 1, ½, 0).
    pub game_values: [Score; 3],
    pub match_points: MatchPoints,
    /// `320`: the PAB's match and game points, when given.
    pub pab_points: (Option<Score>, Option<Score>),
    /// `320`: per round, the teams that received the PAB (with the record's line).
    pub pab_rounds: BTreeMap<usize, Vec<(u32, usize)>>,
    pub forfeits: Vec<Forfeit>,
    /// `352`: the colours of the first team's boards.
    pub board_colours: Option<Vec<Colour>>,
}

/// A member's record with its line.
type Member<'a> = (usize, &'a PlayerRecord);

fn cell(record: &PlayerRecord, round: usize) -> Cell {
    record.rounds.get(round - 1).copied().unwrap_or(Cell::BLANK)
}

fn is_played(result: ResultCode) -> bool {
    matches!(
        result,
        ResultCode::Win
            | ResultCode::Draw
            | ResultCode::Loss
            | ResultCode::WinShort
            | ResultCode::DrawShort
            | ResultCode::LossShort
    )
}

/// The game points of a board's result.
fn board_points(result: ResultCode, values: &[Score; 3]) -> Score {
    match result {
        ResultCode::Win | ResultCode::WinShort | ResultCode::ForfeitWin => values[0],
        ResultCode::Draw | ResultCode::DrawShort => values[1],
        ResultCode::Loss | ResultCode::LossShort | ResultCode::ForfeitLoss => values[2],
        _ => Score::ZERO,
    }
}

/// Reads every team's rounds; returns the teams and the number of rounds played.
pub(super) fn assemble(
    trf: &Trf,
    mut teams: Vec<Team>,
    inputs: &Inputs,
    warnings: &mut Vec<String>,
) -> Result<(Vec<Team>, usize)> {
    let players: BTreeMap<u32, Member> = trf
        .players()
        .map(|(line, p)| (p.start_number, (line, p)))
        .collect();
    // Every member in one team only.
    let mut team_of: BTreeMap<u32, (u32, usize)> = BTreeMap::new();
    for team in &teams {
        for &m in &team.members {
            if let Some((other, line)) = team_of.insert(m, (team.tpn, team.line)) {
                if other != team.tpn {
                    return Err(Error::invalid(
                        Some(team.line),
                        "team member",
                        format!(
                            "player {m} is a member of team {other} (line {line}) and of team {}",
                            team.tpn
                        ),
                    ));
                }
            }
            if !players.contains_key(&m) {
                warnings.push(format!(
                    "{}: member {m} of team {} has no player record (001); ignored",
                    team.line, team.tpn
                ));
            }
        }
    }
    for (start, (line, p)) in &players {
        if !team_of.contains_key(start) && p.rounds.iter().any(|c| !c.is_blank()) {
            warnings.push(format!("{line}: player {start} is in no team; ignored"));
        }
    }
    let rounds = players
        .values()
        .filter(|(_, p)| team_of.contains_key(&p.start_number))
        .map(|(_, p)| p.rounds.len())
        .chain(inputs.forfeits.iter().map(|f| f.round))
        .chain(inputs.pab_rounds.keys().copied())
        .max()
        .unwrap_or(0);
    let boards = board_count(&teams, &players, rounds, inputs);
    for r in 1..=rounds {
        let read: Vec<TeamRound> = teams
            .iter()
            .map(|team| read_round(team, r, &players, &team_of, inputs, boards))
            .collect::<Result<_>>()?;
        let read = decide_matches(&teams, r, read, inputs)?;
        for (team, round) in teams.iter_mut().zip(read) {
            team.rounds.push(round);
        }
    }
    Ok((teams, rounds))
}

/// The number of boards: `352`'s length, otherwise the most members a team fielded in a match,
/// otherwise the largest roster.
fn board_count(
    teams: &[Team],
    players: &BTreeMap<u32, Member>,
    rounds: usize,
    inputs: &Inputs,
) -> i32 {
    if let Some(p) = &inputs.board_colours {
        return i32::try_from(p.len()).unwrap_or(i32::MAX);
    }
    let fielded = (1..=rounds)
        .flat_map(|r| {
            teams.iter().map(move |t| {
                t.members
                    .iter()
                    .filter_map(|m| players.get(m))
                    .filter(|(_, p)| cell(p, r).result.is_game())
                    .count()
            })
        })
        .max()
        .unwrap_or(0);
    let roster = teams.iter().map(|t| t.members.len()).max().unwrap_or(0);
    i32::try_from(if fielded > 0 { fielded } else { roster }).unwrap_or(i32::MAX)
}

/// One team's round from its members' cells; a match's result is decided later, from both sides.
fn read_round(
    team: &Team,
    r: usize,
    players: &BTreeMap<u32, Member>,
    team_of: &BTreeMap<u32, (u32, usize)>,
    inputs: &Inputs,
    boards: i32,
) -> Result<TeamRound> {
    let mut opponent: Option<(u32, usize)> = None;
    let mut game_points = Score::ZERO;
    let mut played = false;
    let mut colour = None;
    let mut scheduled = None;
    let mut board = 0usize;
    let mut codes = Vec::new();
    for &m in &team.members {
        let Some(&(line, p)) = players.get(&m) else {
            continue;
        };
        let c = cell(p, r);
        if c.is_blank() {
            continue;
        }
        codes.push(c.result);
        if let Some(o) = c.opponent {
            let &(other, _) = team_of.get(&o).ok_or_else(|| {
                Error::invalid(
                    Some(line),
                    format!("round {r}"),
                    format!("opponent {o} is a member of no team"),
                )
            })?;
            if other == team.tpn {
                return Err(Error::invalid(
                    Some(line),
                    format!("round {r}"),
                    format!("opponent {o} is a member of the same team ({other})"),
                ));
            }
            match opponent {
                Some((t, first)) if t != other => {
                    return Err(Error::invalid(
                        Some(line),
                        format!("round {r}"),
                        format!("team {}'s members meet team {t} (line {first}) and team {other} in the same round", team.tpn),
                    ))
                }
                _ => opponent = Some((other, line)),
            }
            check_board(line, p, r, c, players)?;
        }
        if c.result.is_game() {
            game_points += board_points(c.result, &inputs.game_values);
            if scheduled.is_none() && c.opponent.is_some() {
                scheduled = c.colour.map(|own| first_board_colour(own, board, inputs));
            }
            if is_played(c.result) {
                played = true;
                if colour.is_none() {
                    colour = c.colour.map(|own| first_board_colour(own, board, inputs));
                }
            }
            board += 1;
        }
    }
    let own = |kind| TeamRound {
        kind,
        match_points: Score::ZERO,
        game_points,
        scheduled,
    };
    if let Some((opponent, _)) = opponent {
        return Ok(own(RoundKind::Match {
            opponent,
            // C.04.6 1.6.1: a colour only for a match actually played.
            colour: if played { colour } else { None },
            result: MatchResult::Draw,
            played,
        }));
    }
    if let Some(f) = inputs
        .forfeits
        .iter()
        .find(|f| f.round == r && (f.white == team.tpn || f.black == team.tpn))
    {
        let (opponent, wins) = if f.white == team.tpn {
            (f.black, f.white_wins)
        } else {
            (f.white, f.black_wins)
        };
        let mp = if wins {
            inputs.match_points.win
        } else {
            inputs.match_points.loss
        };
        let gp = if game_points == Score::ZERO && wins {
            Score(inputs.game_values[0].0 * boards)
        } else {
            game_points
        };
        return Ok(TeamRound {
            kind: RoundKind::Match {
                opponent,
                colour: None,
                result: if wins {
                    MatchResult::Win
                } else {
                    MatchResult::Loss
                },
                played: false,
            },
            match_points: mp,
            game_points: gp,
            scheduled: Some(if f.white == team.tpn {
                Colour::White
            } else {
                Colour::Black
            }),
        });
    }
    let pab_listed = inputs
        .pab_rounds
        .get(&r)
        .is_some_and(|v| v.iter().any(|(t, _)| *t == team.tpn));
    let mp = inputs.match_points;
    Ok(
        if pab_listed || codes.contains(&ResultCode::PairingAllocatedBye) {
            // C.04.6 1.4: the points of a draw, unless the competition says otherwise (320).
            TeamRound {
                kind: RoundKind::PairingAllocatedBye,
                match_points: inputs.pab_points.0.unwrap_or(mp.draw),
                game_points: inputs
                    .pab_points
                    .1
                    .unwrap_or(Score(inputs.game_values[1].0 * boards)),
                scheduled: None,
            }
        } else if codes.contains(&ResultCode::FullPointBye)
            || codes.contains(&ResultCode::ForfeitWin)
        {
            TeamRound {
                kind: RoundKind::FullPointBye,
                match_points: mp.win,
                game_points: Score(inputs.game_values[0].0 * boards),
                scheduled: None,
            }
        } else if codes.contains(&ResultCode::HalfPointBye) {
            TeamRound {
                kind: RoundKind::HalfPointBye,
                match_points: mp.draw,
                game_points: Score(inputs.game_values[1].0 * boards),
                scheduled: None,
            }
        } else {
            own(RoundKind::Absent)
        },
    )
}

/// C.04.6 1.6.1: the colour of the first board, from a member's colour on `board` (0-based) and the
/// boards' colour sequence (`352`; without it, alternating colours, as team events lay them out).
fn first_board_colour(own: CellColour, board: usize, inputs: &Inputs) -> Colour {
    let own = match own {
        CellColour::White => Colour::White,
        CellColour::Black => Colour::Black,
    };
    if super::board_alike(inputs.board_colours.as_deref(), board) {
        own
    } else {
        own.opposite()
    }
}

/// The two cells of a game agree: the opponent names the member back, with the complementary result.
fn check_board(
    line: usize,
    p: &PlayerRecord,
    r: usize,
    c: Cell,
    players: &BTreeMap<u32, Member>,
) -> Result<()> {
    let Some(o) = c.opponent else { return Ok(()) };
    let theirs = players.get(&o).map(|(_, q)| cell(q, r));
    // A board both players forfeited (`-` on both sides) scores nothing for either team.
    let double_forfeit = |t: Cell| c.result == ResultCode::ForfeitLoss && t.result == c.result;
    let agrees = theirs.is_some_and(|t| {
        t.opponent == Some(p.start_number)
            && (c.result.complement() == Some(t.result) || double_forfeit(t))
    });
    if agrees {
        return Ok(());
    }
    Err(Error::invalid(
        Some(line),
        format!("round {r}"),
        format!(
            "player {}'s game against {o} is not recorded the same way by {o} (the match's game points cannot be decided)",
            p.start_number
        ),
    ))
}

/// Matches from both sides: each opponent names the team back; the result by game points (1.2, `362`).
fn decide_matches(
    teams: &[Team],
    r: usize,
    mut read: Vec<TeamRound>,
    inputs: &Inputs,
) -> Result<Vec<TeamRound>> {
    let snapshot = read.clone();
    for (i, round) in read.iter_mut().enumerate() {
        let RoundKind::Match {
            opponent,
            colour,
            played,
            ..
        } = round.kind
        else {
            continue;
        };
        let Some(team) = teams.get(i) else { continue };
        let theirs = opponent
            .checked_sub(1)
            .and_then(|j| snapshot.get(j as usize))
            .copied();
        if theirs.and_then(|t| t.kind.opponent()) != Some(team.tpn) {
            return Err(Error::invalid(
                Some(team.line),
                format!("round {r}"),
                format!(
                    "team {} meets team {opponent}, whose members do not meet team {}",
                    team.tpn, team.tpn
                ),
            ));
        }
        let Some(theirs) = theirs else { continue };
        if !played
            && inputs
                .forfeits
                .iter()
                .any(|f| f.round == r && (f.white == team.tpn || f.black == team.tpn))
        {
            continue; // 330: the result is the record's.
        }
        // 1.6.1 "actually played": a game was played over the board, or both teams took part (each
        // won a board by forfeit); the colour is then the first board's scheduled colour. A match one
        // team won on every board by forfeit was not played (the other team did not come).
        let took_part = round.game_points > Score::ZERO && theirs.game_points > Score::ZERO;
        let (played, colour) = match (played, took_part) {
            (true, _) => (true, colour),
            (false, true) => (true, round.scheduled),
            (false, false) => (false, None),
        };
        let result = match round.game_points.cmp(&theirs.game_points) {
            std::cmp::Ordering::Greater => MatchResult::Win,
            std::cmp::Ordering::Equal => MatchResult::Draw,
            std::cmp::Ordering::Less => MatchResult::Loss,
        };
        let mp = inputs.match_points;
        round.match_points = match result {
            MatchResult::Win => mp.win,
            MatchResult::Draw => mp.draw,
            MatchResult::Loss => mp.loss,
        };
        round.kind = RoundKind::Match {
            opponent,
            colour,
            result,
            played,
        };
    }
    Ok(read)
}

/// The `299` kind of a team's round: `W D L` (played), `+ -` (forfeited), `F H Z`.
fn kind_code(kind: RoundKind) -> Option<char> {
    Some(match kind {
        RoundKind::Match { result, played, .. } => match (result, played) {
            (MatchResult::Win, true) => 'W',
            (MatchResult::Draw, _) => 'D',
            (MatchResult::Loss, true) => 'L',
            (MatchResult::Win, false) => '+',
            (MatchResult::Loss, false) => '-',
        },
        RoundKind::FullPointBye => 'F',
        RoundKind::HalfPointBye => 'H',
        RoundKind::Absent => 'Z',
        RoundKind::PairingAllocatedBye => return None,
    })
}

/// Applies `299` to the rounds read, and reads `240`, `250`, `260`, `XXP` for the round to pair.
pub(super) fn apply_round_records(trf: &Trf, t: &mut TeamTournament) -> Result<()> {
    let mut overrides: Vec<(usize, &AbnormalPoints)> = Vec::new();
    for l in &trf.lines {
        match &l.record {
            Record::AbnormalPoints(a) if a.kind.is_some() => overrides.push((l.number, a)),
            Record::AbnormalPoints(a) => add_bonus(t, a),
            _ => {}
        }
    }
    round_records(trf, t, t.rounds_played + 1);
    // The most specific record applies: a named team before every team, a named round before every
    // round, a later record before an earlier one.
    for team in &mut t.teams {
        for (index, round) in team.rounds.iter_mut().enumerate() {
            let Some(code) = kind_code(round.kind) else {
                continue;
            };
            let best = overrides
                .iter()
                .filter(|(_, a)| a.kind == Some(code))
                .filter(|(_, a)| a.round.is_none_or(|r| r as usize == index + 1))
                .filter(|(_, a)| a.players.is_empty() || a.players.contains(&team.tpn))
                .max_by_key(|(line, a)| (!a.players.is_empty(), a.round.is_some(), *line));
            if let Some((_, a)) = best {
                if let Some(mp) = a.match_points {
                    round.match_points = mp;
                }
                if let Some(gp) = a.points {
                    round.game_points = gp;
                }
            }
        }
    }
    Ok(())
}

/// Reads `240`, `250`, `260` and `XXP` for `round` (the round to pair), replacing what `t` held.
pub(super) fn round_records(trf: &Trf, t: &mut TeamTournament, round: usize) {
    t.acceleration = vec![Score::ZERO; t.teams.len()];
    t.absent_next.clear();
    t.forbidden.clear();
    for l in &trf.lines {
        match &l.record {
            Record::ByeRequest {
                round: r, players, ..
            } if *r as usize == round => {
                t.absent_next.extend(players.iter().copied());
            }
            Record::AccelerationRange(range) if range.rounds().contains(&round) => {
                for tpn in range.players() {
                    let slot = (tpn as usize)
                        .checked_sub(1)
                        .and_then(|i| t.acceleration.get_mut(i));
                    if let Some(a) = slot {
                        *a += range.points;
                    }
                }
            }
            Record::ProhibitedPairs {
                first_round,
                last_round,
                players,
            } if (*first_round as usize..=*last_round as usize).contains(&round) => {
                add_forbidden(&mut t.forbidden, players);
            }
            Record::ForbiddenPairs(players) => add_forbidden(&mut t.forbidden, players),
            _ => {}
        }
    }
}

/// A `299` record without a kind: points added to a round (every named team, or every team).
fn add_bonus(t: &mut TeamTournament, a: &AbnormalPoints) {
    let index = a.round.map_or(0, |r| (r as usize).saturating_sub(1));
    for team in &mut t.teams {
        if !a.players.is_empty() && !a.players.contains(&team.tpn) {
            continue;
        }
        if let Some(round) = team.rounds.get_mut(index) {
            round.match_points += a.match_points.unwrap_or(Score::ZERO);
            round.game_points += a.points.unwrap_or(Score::ZERO);
        }
    }
}

fn add_forbidden(forbidden: &mut Vec<(u32, u32)>, players: &[u32]) {
    for (i, &a) in players.iter().enumerate() {
        for &b in players.iter().skip(i + 1) {
            forbidden.push((a.min(b), a.max(b)));
        }
    }
}
