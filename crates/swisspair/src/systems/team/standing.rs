//! What C.04.6 derives per team before a round is paired: scores (1.2), colour difference and
//! preference (1.6, 1.7), the previous round's float (1.5), and what the absolute criteria need.

use std::collections::BTreeSet;

use crate::score::Score;
use crate::tournament::team::{ColourMode, PrimaryScore, TeamRound, TeamTournament};
use crate::tournament::Colour;

/// C.04.6 1.7: a colour preference, and for Type B whether it is strong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preference {
    pub colour: Colour,
    /// 1.7.2: a strong preference (Type A's simple preferences count as strong: they are the same).
    pub strong: bool,
}

/// One team before the round.
#[derive(Clone, Debug)]
pub struct Standing {
    pub tpn: u32,
    /// 1.2: the primary score, with the round's fictitious points (`250`).
    pub score: Score,
    /// 1.2: the secondary score.
    pub secondary: Score,
    /// 1.6.1: the team's colours in the matches actually played, oldest first.
    pub colours: Vec<Colour>,
    /// 1.6.2: whites minus blacks.
    pub cd: i32,
    pub preference: Option<Preference>,
    /// 1.5: the team played an opponent with a different score in the previous round.
    pub floated_last: bool,
    /// 3.4.3: matches played.
    pub matches_played: usize,
    /// 2.1.2 (C2): may still receive the PAB.
    pub may_get_bye: bool,
    /// 2.1.1 (C1): the teams met.
    pub met: BTreeSet<u32>,
}

pub fn primary(t: &TeamTournament, r: &TeamRound) -> Score {
    match t.rules.primary {
        PrimaryScore::MatchPoints => r.match_points,
        PrimaryScore::GamePoints => r.game_points,
    }
}

pub fn secondary(t: &TeamTournament, r: &TeamRound) -> Score {
    match t.rules.primary {
        PrimaryScore::MatchPoints => r.game_points,
        PrimaryScore::GamePoints => r.match_points,
    }
}

/// True when the round to pair is the last one (1.7.2).
pub fn is_last_round(t: &TeamTournament) -> bool {
    t.total_rounds.is_some_and(|n| t.rounds_played + 1 >= n)
}

/// True when the round to pair is one of the last two (C7, C10 do not apply).
pub fn is_last_two_rounds(t: &TeamTournament) -> bool {
    t.total_rounds.is_some_and(|n| t.rounds_played + 2 >= n)
}

/// Every team's standing, by TPN order.
pub fn standings(t: &TeamTournament) -> Vec<Standing> {
    let last = t.rounds_played;
    // The scores before the previous round, for its floats (1.5).
    let before_last: Vec<Score> = t
        .teams
        .iter()
        .map(|team| {
            team.rounds
                .iter()
                .take(last.saturating_sub(1))
                .map(|r| primary(t, r))
                .sum()
        })
        .collect();
    let last_round = is_last_round(t);
    t.teams
        .iter()
        .enumerate()
        .map(|(i, team)| {
            let colours: Vec<Colour> = team
                .rounds
                .iter()
                .filter_map(|r| match r.kind {
                    crate::tournament::team::RoundKind::Match { colour, .. } => colour,
                    _ => None,
                })
                .collect();
            let cd = colours
                .iter()
                .map(|c| if *c == Colour::White { 1 } else { -1 })
                .sum();
            // 1.5: a team that *plays* an opponent with a different score; a match not actually
            // played (1.6.1: forfeited by a whole team, or by one team on every board) is no float.
            let floated_last = last > 0
                && team
                    .rounds
                    .get(last - 1)
                    .and_then(|r| r.kind.played_opponent())
                    .and_then(|o| before_last.get((o as usize).checked_sub(1)?))
                    .is_some_and(|o| Some(o) != before_last.get(i));
            Standing {
                tpn: team.tpn,
                score: team.rounds.iter().map(|r| primary(t, r)).sum::<Score>()
                    + t.acceleration.get(i).copied().unwrap_or(Score::ZERO),
                secondary: team.rounds.iter().map(|r| secondary(t, r)).sum(),
                preference: preference(t.rules.colours, &colours, cd, last_round),
                colours,
                cd,
                floated_last,
                matches_played: team
                    .rounds
                    .iter()
                    .filter(|r| r.kind.played_opponent().is_some())
                    .count(),
                may_get_bye: !team.rounds.iter().any(|r| r.kind.bars_the_bye()),
                // C1 (the Basic Rules' Article 2): teams that have *played* each other; a match not
                // actually played (330, or won by one team on every board by forfeit) is no meeting,
                // as for individuals.
                met: team
                    .rounds
                    .iter()
                    .filter_map(|r| r.kind.played_opponent())
                    .collect(),
            }
        })
        .collect()
}

/// C.04.6 1.7.1 (Type A) and 1.7.2 (Type B).
fn preference(
    mode: ColourMode,
    colours: &[Colour],
    cd: i32,
    last_round: bool,
) -> Option<Preference> {
    use Colour::{Black, White};
    let last_two = colours.len() >= 2 && colours[colours.len() - 2] == colours[colours.len() - 1];
    let last = colours.last().copied();
    // The simple (Type A) or strong (Type B) preference.
    let strong = if cd < -1 || ((cd == 0 || cd == -1) && last_two && last == Some(Black)) {
        Some(White)
    } else if cd > 1 || ((cd == 0 || cd == 1) && last_two && last == Some(White)) {
        Some(Black)
    } else {
        None
    };
    match mode {
        ColourMode::None => None,
        ColourMode::TypeA => strong.map(|colour| Preference {
            colour,
            strong: true,
        }),
        ColourMode::TypeB => {
            if let Some(colour) = strong {
                return Some(Preference {
                    colour,
                    strong: true,
                });
            }
            // 1.7.2: none before a first match, or with CD 0 in the last round.
            let mild = match (cd, last) {
                (_, None) => None,
                (-1, _) => Some(White),
                (1, _) => Some(Black),
                (0, Some(c)) if !last_round => Some(c.opposite()),
                _ => None,
            };
            mild.map(|colour| Preference {
                colour,
                strong: false,
            })
        }
    }
}
