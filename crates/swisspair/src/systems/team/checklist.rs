//! The team checklist (`--team -l`): per team, what the system reads before the round to pair (C.04.6
//! 1.2 scores, 1.5 floats, 1.6 colour difference, 1.7 preference, C1 opponents, C2 byes), and the
//! round's pairing; the individual checklist's table ([`crate::checklist::aligned`]).

use std::cmp::Reverse;

use super::standing::{self, primary, secondary, Standing};
use super::TeamPairing;
use crate::checklist::{aligned, colour_letter as letter, dash_if_empty, ChecklistRow};
use crate::score::Score;
use crate::sorting::sort_by_key;
use crate::tournament::team::{
    ColourMode, MatchResult, PrimaryScore, RoundKind, TeamRound, TeamTournament,
};

/// The legend of the team checklist's columns.
pub const TEAM_LEGEND: &str = "TPN team pairing number; MP match points, GP game points (the primary score \
first); PScore the score that pairs (with 250's fictitious points); Colours of the matches played (board 1); \
CD colour difference (whites - blacks); Pref, Strength colour preference (A Type A; strong or mild Type B); \
Floats in the rounds before last and last (D down, U up, 1.5); PAB may receive the pairing-allocated bye \
(C2); C2 what bars it (U3 a PAB in round 3, +3 a match won by forfeit, F3 a full-point bye); Cur this round \
(opponent and first board's colour, bye, absent); Rounds the opponent per round (5W played with White, 5f \
not played, U PAB, F full-point bye, H half-point bye, Z absent)";

/// The team's rounds, one token each (`5W`, `5f`, `U`, `F`, `H`, `Z`).
fn rounds_text(rounds: &[TeamRound]) -> String {
    let tokens: Vec<String> = rounds
        .iter()
        .map(|r| match r.kind {
            RoundKind::Match {
                opponent,
                colour,
                played,
                ..
            } => {
                if played {
                    format!("{opponent}{}", letter(colour))
                } else {
                    format!("{opponent}f")
                }
            }
            RoundKind::PairingAllocatedBye => "U".to_string(),
            RoundKind::FullPointBye => "F".to_string(),
            RoundKind::HalfPointBye => "H".to_string(),
            RoundKind::Absent => "Z".to_string(),
        })
        .collect();
    dash_if_empty(tokens.join(" "))
}

/// What bars the team from the PAB (C2): `U3`, `+3`, `F3`.
fn c2_text(rounds: &[TeamRound]) -> String {
    let tokens: Vec<String> = rounds
        .iter()
        .enumerate()
        .filter(|(_, r)| r.kind.bars_the_bye())
        .map(|(i, r)| {
            let kind = match r.kind {
                RoundKind::PairingAllocatedBye => "U",
                RoundKind::FullPointBye => "F",
                RoundKind::Match {
                    result: MatchResult::Win,
                    ..
                } => "+",
                _ => "?",
            };
            format!("{kind}{}", i + 1)
        })
        .collect();
    dash_if_empty(tokens.join(" "))
}

/// The floats of the last two rounds (1.5): `D` down, `U` up, `-` none.
fn floats(t: &TeamTournament, before: &[Vec<Score>], team: usize) -> String {
    let last = t.rounds_played;
    [2usize, 1]
        .iter()
        .map(|&back| {
            let Some(round) = last.checked_sub(back) else {
                return '-';
            };
            let scores = before.get(round);
            let own = scores.and_then(|s| s.get(team));
            let theirs = t
                .teams
                .get(team)
                .and_then(|x| x.rounds.get(round))
                // 1.5: only a match actually played floats its teams.
                .and_then(|r| r.kind.played_opponent())
                .and_then(|o| scores.and_then(|s| s.get((o as usize).checked_sub(1)?)));
            match (own, theirs) {
                (Some(a), Some(b)) if b > a => 'U',
                (Some(a), Some(b)) if b < a => 'D',
                _ => '-',
            }
        })
        .collect()
}

/// The checklist of the round `t` is about to pair, with `pairing` (the round's pairing; `None` when
/// none exists) in its `Cur` column: a `#` line naming the system and its rules, one naming the round,
/// the legend, then the teams taking part grouped by score (highest first, by TPN), then the teams not
/// paired in the round.
pub fn checklist(t: &TeamTournament, pairing: Option<&TeamPairing>) -> String {
    let standings = standing::standings(t);
    // The primary scores before each round, per team.
    let before: Vec<Vec<Score>> = (0..t.rounds_played)
        .map(|round| {
            t.teams
                .iter()
                .map(|team| team.rounds.iter().take(round).map(|r| primary(t, r)).sum())
                .collect()
        })
        .collect();
    let mut current: Vec<String> = vec!["-".to_string(); t.teams.len()];
    let mut set = |tpn: u32, text: String| {
        if let Some(c) = (tpn as usize)
            .checked_sub(1)
            .and_then(|i| current.get_mut(i))
        {
            *c = text;
        }
    };
    for &(w, b) in pairing.map_or(&[][..], |p| &p.matches[..]) {
        set(w, format!("{b}W"));
        set(b, format!("{w}B"));
    }
    if let Some(b) = pairing.and_then(|p| p.bye) {
        set(b, "bye".to_string());
    }
    for &a in &t.absent_next {
        set(a, "absent".to_string());
    }
    let gp_first = t.rules.primary == PrimaryScore::GamePoints;
    let mut columns = vec!["TPN", "Team", "MP", "GP"];
    if gp_first {
        columns.swap(2, 3);
    }
    columns.extend([
        "PScore", "Colours", "CD", "Pref", "Strength", "Floats", "PAB", "C2", "Cur", "Rounds",
    ]);
    let row = |i: usize, s: &Standing| -> Vec<String> {
        let team = t.teams.get(i);
        let rounds = team.map_or(&[][..], |x| &x.rounds[..]);
        let (p, q): (Score, Score) = (
            rounds.iter().map(|r| primary(t, r)).sum(),
            rounds.iter().map(|r| secondary(t, r)).sum(),
        );
        let colours: String = s.colours.iter().map(|&c| letter(Some(c))).collect();
        let strength = match (t.rules.colours, s.preference) {
            (_, None) | (ColourMode::None, _) => "-",
            (ColourMode::TypeA, Some(_)) => "A",
            (ColourMode::TypeB, Some(p)) if p.strong => "strong",
            (ColourMode::TypeB, Some(_)) => "mild",
        };
        vec![
            s.tpn.to_string(),
            team.map_or(String::new(), |x| x.name.clone()),
            p.to_string(),
            q.to_string(),
            s.score.to_string(),
            dash_if_empty(colours),
            format!("{:+}", s.cd),
            letter(s.preference.map(|p| p.colour)).to_string(),
            strength.to_string(),
            floats(t, &before, i),
            if s.may_get_bye { "yes" } else { "no" }.to_string(),
            c2_text(rounds),
            current.get(i).cloned().unwrap_or_default(),
            rounds_text(rounds),
        ]
    };
    let absent = |s: &Standing| t.absent_next.contains(&s.tpn);
    let mut taking_part: Vec<(usize, &Standing)> = standings
        .iter()
        .enumerate()
        .filter(|(_, s)| !absent(s))
        .collect();
    sort_by_key(&mut taking_part, |(_, s)| (Reverse(s.score), s.tpn));
    let rows: Vec<ChecklistRow> = taking_part
        .iter()
        .map(|&(i, s)| ChecklistRow {
            group: Some(s.score.to_string()),
            cells: row(i, s),
        })
        .chain(
            standings
                .iter()
                .enumerate()
                .filter(|(_, s)| absent(s))
                .map(|(i, s)| ChecklistRow {
                    group: None,
                    cells: row(i, s),
                }),
        )
        .collect();
    let right = [
        true, false, true, true, true, false, true, false, false, false, false, false, false,
    ];
    let columns: Vec<String> = columns.iter().map(|c| c.to_string()).collect();
    let (primary_name, secondary_name) = if gp_first {
        ("game points", "match points")
    } else {
        ("match points", "game points")
    };
    let colours = match t.rules.colours {
        ColourMode::TypeA => "Type A colour preferences",
        ColourMode::TypeB => "Type B colour preferences",
        ColourMode::None => "no colour preferences",
    };
    format!(
        "# Swiss Team Pairing System (--team), C.04.6 2026: {colours}, score {primary_name}, {secondary_name} {} colours\n\
         # round {}{}; initial colour {}\n# {TEAM_LEGEND}\n\n{}",
        if t.rules.secondary_for_colours {
            "deciding"
        } else {
            "not deciding"
        },
        t.rounds_played + 1,
        if standing::is_last_round(t) {
            " (last round)"
        } else {
            ""
        },
        letter(Some(t.initial_colour)),
        aligned(&columns, &rows, &right)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Team 1 wins round 1 by forfeit against team 2 (team 3 has the PAB), then beats team 3 with
    /// White; team 2 is absent in round 2.
    const FILE: &str = "012 t\n152 W\n142 4\n192 FIDE_TEAM_TYPEB_GP_MP\n\
001    1      P1                                2500                             2.0    1     2 w +     3 w 1\n\
001    2      P2                                2500                             0.0    2     1 b -  0000 - Z\n\
001    3      P3                                2500                             0.5    3  0000 - U     1 b 0\n\
310 1   A                                                                   1\n\
310 2   B                                                                   2\n\
310 3   C                                                                   3\n";

    fn row<'a>(list: &'a str, tpn: &str) -> Vec<&'a str> {
        list.lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>())
            .find(|cells| cells.first() == Some(&tpn))
            .expect("the team's row")
    }

    #[test]
    fn each_team_has_its_rounds_byes_and_preference() {
        let t = TeamTournament::from_bytes(FILE.as_bytes()).unwrap();
        let pairing = TeamPairing {
            matches: vec![(3, 2)],
            bye: None,
        };
        let list = checklist(&t, Some(&pairing));
        assert!(
            list.contains("Type B colour preferences, score game points"),
            "{list}"
        );
        assert!(list.contains("\nTPN  Team   GP   MP  PScore  "), "{list}");
        // GP first: 1 + 1 game points, 2 + 2 match points; one White (played); C2 barred by the
        // forfeit win of round 1; floated down in round 2 (3 had half a game point, its PAB's, against 1).
        assert_eq!(
            row(&list, "1"),
            [
                "1", "A", "2.0", "4.0", "2.0", "W", "+1", "B", "mild", "-D", "no", "+1", "-", "2f",
                "3W"
            ]
        );
        assert_eq!(
            row(&list, "3"),
            [
                "3", "C", "0.5", "1.0", "0.5", "B", "-1", "W", "mild", "-U", "no", "U1", "2W", "U",
                "1B"
            ]
        );
        assert_eq!(
            row(&list, "2"),
            [
                "2", "B", "0.0", "0.0", "0.0", "-", "+0", "-", "-", "--", "yes", "-", "3B", "1f",
                "Z"
            ]
        );
    }
}
