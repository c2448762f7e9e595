//! Reading a team tournament's records: rosters (`310`, legacy `013`), `320`, `330`, `352`, `362`, the
//! system code (`192`/`092`), and the records shared with individual tournaments.

use std::collections::BTreeMap;

use super::code::TeamRules;
use super::matches::{self, Forfeit, Inputs};
use super::{MatchPoints, Team, TeamTournament};
use crate::error::{Error, Result};
use crate::score::Score;
use crate::tournament::Colour;
use crate::trf::{InitialColour, PointKey, Record, Trf, MAX_ROUNDS};

/// Column `from` to `to` (1-based, inclusive) of a line, counted in characters.
fn columns(chars: &[char], from: usize, to: usize) -> String {
    chars
        .iter()
        .skip(from.saturating_sub(1))
        .take(to + 1 - from)
        .collect()
}

/// A number in a column range; blank is `None`.
fn number(chars: &[char], from: usize, to: usize, line: usize, field: &str) -> Result<Option<u32>> {
    let text = columns(chars, from, to);
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    text.parse::<u32>().map(Some).map_err(|_| {
        Error::invalid(
            Some(line),
            format!("{field} (columns {from}-{to})"),
            format!("'{text}' is not a number"),
        )
    })
}

/// Points in a column range; blank is `None`.
fn points(
    chars: &[char],
    from: usize,
    to: usize,
    line: usize,
    field: &str,
) -> Result<Option<Score>> {
    let text = columns(chars, from, to);
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    Score::parse(text).map(Some).ok_or_else(|| {
        Error::invalid(
            Some(line),
            format!("{field} (columns {from}-{to})"),
            format!("'{text}' is not a number of points"),
        )
    })
}

/// Starting numbers in 4 columns every 5 columns from column `from`.
fn members(chars: &[char], from: usize, line: usize, field: &str) -> Result<Vec<u32>> {
    let mut out = Vec::new();
    let mut at = from;
    while at <= chars.len() {
        if let Some(n) = number(chars, at, at + 3, line, field)? {
            if n > 0 {
                out.push(n);
            }
        }
        at += 5;
    }
    Ok(out)
}

/// A `310` team record, every field of it: TPN (columns 5-7), name (9-40), federation (42-46),
/// average rating (48-53), match points (55-60), game points (62-67), rank (69-71) and the members'
/// starting numbers (4 columns every 5 from column 74). The points and the rank are informative: the
/// reader computes the scores from the games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamRecord {
    /// The team's TPN (blank: numbered in file order).
    pub tpn: Option<u32>,
    /// The team's name.
    pub name: String,
    /// The federation, as written.
    pub federation: String,
    /// The average rating, as written.
    pub average_rating: String,
    /// The match points the file gives.
    pub match_points: Option<Score>,
    /// The game points the file gives.
    pub game_points: Option<Score>,
    /// The rank the file gives.
    pub rank: Option<u32>,
    /// The members' starting numbers, in board order.
    pub members: Vec<u32>,
}

impl TeamRecord {
    /// Reads the `310` record `text` (of line `line`, for errors).
    pub fn read(text: &str, line: usize) -> Result<TeamRecord> {
        let chars: Vec<char> = text.chars().collect();
        let field = |from, to| columns(&chars, from, to).trim().to_string();
        Ok(TeamRecord {
            tpn: number(&chars, 5, 7, line, "310 team number")?,
            name: field(9, 40),
            federation: field(42, 46),
            average_rating: field(48, 53),
            match_points: points(&chars, 55, 60, line, "310 match points")?,
            game_points: points(&chars, 62, 67, line, "310 game points")?,
            rank: number(&chars, 69, 71, line, "310 rank")?,
            members: members(&chars, 74, line, "310 member")?,
        })
    }

    /// The record's text, in the columns [`TeamRecord::read`] reads.
    pub fn text(&self) -> String {
        let shown = |s: Option<Score>| s.map_or(String::new(), |s| s.to_string());
        let mut line = format!(
            "310 {:>3} {:<32} {:<5} {:>6} {:>6} {:>6} {:>3} ",
            self.tpn.map_or(String::new(), |t| t.to_string()),
            self.name,
            self.federation,
            self.average_rating,
            shown(self.match_points),
            shown(self.game_points),
            self.rank.map_or(String::new(), |r| r.to_string()),
        );
        for m in &self.members {
            line.push_str(&format!(" {m:>4}"));
        }
        line.trim_end().to_string()
    }
}

/// A roster as read: TPN (None for `013`), name, members, line.
struct Roster {
    tpn: Option<u32>,
    name: String,
    members: Vec<u32>,
    line: usize,
}

/// `362`: match points by result, as `TW 2.0 TD 1.0 TL 0.0` (the Sharly fork) or `W 2.0 D 1.0 L 0.0`
/// (the columns of `162`, as Gacrux reads it).
fn read_362(text: &str, line: usize, values: &mut MatchPoints) -> Result<()> {
    let tokens: Vec<&str> = text.get(3..).unwrap_or("").split_whitespace().collect();
    let mut i = 0;
    while i < tokens.len() {
        let key = tokens[i].to_ascii_uppercase();
        let value = tokens
            .get(i + 1)
            .and_then(|v| Score::parse(v))
            .ok_or_else(|| {
                Error::invalid(
                    Some(line),
                    "362 match points",
                    format!("'{}' has no value", tokens[i]),
                )
            })?;
        match key.trim_start_matches('T') {
            "W" => values.win = value,
            "D" => values.draw = value,
            "L" => values.loss = value,
            _ => {
                return Err(Error::invalid(
                    Some(line),
                    "362 match points",
                    format!("'{}' is not TW, TD or TL", tokens[i]),
                ))
            }
        }
        i += 2;
    }
    Ok(())
}

/// Reads the tournament (see the module's documentation).
pub(super) fn read(trf: &Trf) -> Result<TeamTournament> {
    let mut warnings = Vec::new();
    let mut rosters_310 = Vec::new();
    let mut rosters_013 = Vec::new();
    let mut rules_192: Option<TeamRules> = None;
    let mut rules_092: Option<TeamRules> = None;
    let mut match_points = MatchPoints::default();
    let mut total_rounds = None;
    let mut initial_colour = None;
    let mut game_values = [Score::points(1), Score::tenths(5), Score::ZERO];
    let mut pab_points: (Option<Score>, Option<Score>) = (None, None);
    let mut pab_rounds: BTreeMap<usize, Vec<(u32, usize)>> = BTreeMap::new();
    let mut forfeits = Vec::new();
    let mut board_colours: Option<Vec<Colour>> = None;
    for l in &trf.lines {
        let chars: Vec<char> = l.text.chars().collect();
        let code = l.text.get(..3).unwrap_or("");
        match &l.record {
            Record::TotalRounds(n) => total_rounds = Some(*n as usize),
            Record::InitialColour(InitialColour::White) => initial_colour = Some(Colour::White),
            Record::InitialColour(InitialColour::Black) => initial_colour = Some(Colour::Black),
            Record::PointValues(values) => {
                for (key, value) in values {
                    match key {
                        PointKey::WinWhite | PointKey::WinBlack => game_values[0] = *value,
                        PointKey::DrawWhite | PointKey::DrawBlack => game_values[1] = *value,
                        PointKey::LossWhite | PointKey::LossBlack => game_values[2] = *value,
                        _ => {}
                    }
                }
            }
            Record::TournamentType(t) if TeamRules::is_team_code(t) => {
                rules_192 = Some(TeamRules::decode("192", t, l.number)?);
            }
            Record::Other if code == "092" => {
                let text = l.text.get(3..).unwrap_or("");
                if TeamRules::is_team_code(text) {
                    rules_092 = Some(TeamRules::decode("092", text, l.number)?);
                }
            }
            Record::Other if code == "310" => {
                let r = TeamRecord::read(&l.text, l.number)?;
                rosters_310.push(Roster {
                    tpn: r.tpn,
                    name: r.name,
                    members: r.members,
                    line: l.number,
                })
            }
            Record::Other if code == "013" => rosters_013.push(Roster {
                tpn: None,
                name: columns(&chars, 5, 36).trim().to_string(),
                members: members(&chars, 37, l.number, "013 member")?,
                line: l.number,
            }),
            Record::Other if code == "362" => read_362(&l.text, l.number, &mut match_points)?,
            Record::Other if code == "320" => {
                // 320: the PAB's match points (5-8) and game points (10-13), then per round the TPN of
                // the team that received it (3 columns every 4 from column 15).
                pab_points.0 = points(&chars, 5, 8, l.number, "320 match points")?.or(pab_points.0);
                pab_points.1 =
                    points(&chars, 10, 13, l.number, "320 game points")?.or(pab_points.1);
                let mut at = 15;
                let mut round = 1;
                while at <= chars.len() {
                    if let Some(t) = number(&chars, at, at + 2, l.number, "320 team")? {
                        if t > 0 {
                            if round > MAX_ROUNDS {
                                return Err(Error::invalid(
                                    Some(l.number),
                                    "320 team",
                                    format!("a PAB in round {round}: at most {MAX_ROUNDS} rounds"),
                                ));
                            }
                            pab_rounds.entry(round).or_default().push((t, l.number));
                        }
                    }
                    at += 4;
                    round += 1;
                }
            }
            Record::Other if code == "330" => forfeits.push(Forfeit::read(&chars, l.number)?),
            Record::Other if code == "352" => {
                let pattern: Option<Vec<Colour>> = l
                    .text
                    .get(3..)
                    .unwrap_or("")
                    .trim()
                    .chars()
                    .map(|c| match c.to_ascii_uppercase() {
                        'W' => Some(Colour::White),
                        'B' => Some(Colour::Black),
                        _ => None,
                    })
                    .collect();
                board_colours = Some(pattern.filter(|p| !p.is_empty()).ok_or_else(|| {
                    Error::invalid(Some(l.number), "352 board colours", "expected W and B only")
                })?);
            }
            _ => {}
        }
    }
    let rules = rules_192.or(rules_092).unwrap_or_default();
    let rosters = if rosters_310.is_empty() {
        rosters_013
    } else {
        if let Some(r) = rosters_013.first() {
            warnings.push(format!(
                "{}: 013 team records ignored: the 310 records give the teams",
                r.line
            ));
        }
        rosters_310
    };
    let teams = number_teams(rosters)?;
    let inputs = Inputs {
        game_values,
        match_points,
        pab_points,
        pab_rounds,
        forfeits,
        board_colours: board_colours.clone(),
    };
    let (teams, rounds_played) = matches::assemble(trf, teams, &inputs, &mut warnings)?;
    let mut t = TeamTournament {
        teams,
        rounds_played,
        total_rounds,
        initial_colour: initial_colour.unwrap_or(Colour::White),
        rules,
        match_points,
        forbidden: Vec::new(),
        absent_next: Vec::new(),
        acceleration: Vec::new(),
        board_colours,
        warnings,
    };
    matches::apply_round_records(trf, &mut t)?;
    Ok(t)
}

/// C.04.6 1.1.1: every team a different TPN from 1 to the number of teams (`013` records, which have
/// none, are numbered in file order).
fn number_teams(rosters: Vec<Roster>) -> Result<Vec<Team>> {
    if rosters.is_empty() {
        return Err(Error::invalid(
            None,
            "team records",
            "no team records (310, or 013): a team tournament lists its teams and their members",
        ));
    }
    let n = rosters.len();
    let mut slots: Vec<Option<Team>> = vec![None; n];
    for (index, r) in rosters.into_iter().enumerate() {
        let tpn = r.tpn.unwrap_or(index as u32 + 1);
        let slot = usize::try_from(tpn)
            .ok()
            .and_then(|t| t.checked_sub(1))
            .and_then(|i| slots.get_mut(i))
            .ok_or_else(|| {
                Error::invalid(
                    Some(r.line),
                    "310 team number (columns 5-7)",
                    format!("{tpn} is not between 1 and the number of teams ({n}) (C.04.6 1.1.1)"),
                )
            })?;
        if let Some(other) = slot {
            return Err(Error::invalid(
                Some(r.line),
                "310 team number (columns 5-7)",
                format!(
                    "team number {tpn} is already given to the team of line {}",
                    other.line
                ),
            ));
        }
        *slot = Some(Team {
            tpn,
            name: r.name,
            members: r.members,
            line: r.line,
            rounds: Vec::new(),
        });
    }
    Ok(slots.into_iter().flatten().collect())
}
