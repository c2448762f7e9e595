//! An independent audit of a tournament's rounds against the absolute rules: it reads only the file's
//! results and never calls a pairing system, so it can judge any engine's pairings (ours included).
//!
//! Checked for every round: each player is paired at most once (with an opponent who lists them back —
//! the reader already refuses files where that fails), at most one pairing-allocated bye; no two players
//! meet twice in played games (C.04.1.b); the pairing-allocated bye goes only to a player who may
//! receive it — under the 2017-era rules (C.04.1.d) not to one who had it before or a forfeit win, under
//! the 2026 edition (Dutch C2) not to one who had it before, whatever it was worth, or who scored, in one
//! round without playing, as many points as a win (a half-point bye does not bar it); no forbidden pair
//! (XXP, 260) meets; and the colour limits the system makes absolute: a colour difference beyond ±2 or
//! the same colour three times running (C.04.1.f/g), with the exceptions the system allows in the last
//! round.
//!
//! The edition is given ([`audit_in`], [`legal_pairing_exists_in`]) or read from the file's system
//! record ([`audit`], [`legal_pairing_exists`]: the edition it names, otherwise the 2017-era rules).
//!
//! Dubov (C.04.4.1, the 1997 edition, the only system of that edition): 2.1 is the rematch rule, 2.3/2.4
//! the colour limits, absolute in every round (no last-round exception); the bye rule is 2.2's: no
//! pairing-allocated bye after "a point without playing" — a pairing-allocated bye, a forfeit win, or an
//! unplayed round worth at least a win (a full-point bye; a half-point bye does not bar it). 2.5 is not
//! audited, and cannot be from the results: it limits transfers to a higher score group (7.1, 7.2), not
//! games between score groups — every such game may be a floater's (6.4) game against a resident of a
//! lower group (8.2), which 2.5 does not limit, and which of the two a pair was is recognised only by
//! replaying the pairing procedure (`systems::dubov`), which the audit never calls. In particular a player
//! who meets higher-scored opponents round after round breaks nothing.

use crate::rules::{Edition, System};
use crate::sorting::sort_by_key;
use crate::tournament::{Bye, Colour, Entry, Tournament};
use std::fmt;

/// One breach of an absolute rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub round: usize,
    /// Starting numbers of the players concerned.
    pub players: Vec<u32>,
    pub rule: Rule,
}

/// The rules the audit checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Two players met a second time in a played game.
    Rematch,
    /// A pairing-allocated bye to a player the edition bars from it: after a pairing-allocated bye, or
    /// after a forfeit win (2017 era) / a win's points in a round without playing (2026).
    ByeNotAllowed,
    /// A forbidden pair (XXP / 260) was paired.
    ForbiddenPair,
    /// A colour difference beyond ±2.
    ColourDifference,
    /// The same colour three times in a row.
    SameColourThrice,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let players: Vec<String> = self.players.iter().map(|p| p.to_string()).collect();
        let what = match self.rule {
            Rule::Rematch => "rematch of a game already played",
            Rule::ByeNotAllowed => {
                "pairing-allocated bye to a player barred from it (a pairing-allocated bye before, or a forfeit win; 2026: a win's points in a round without playing)"
            }
            Rule::ForbiddenPair => "forbidden pair",
            Rule::ColourDifference => "colour difference beyond ±2",
            Rule::SameColourThrice => "same colour three times in a row",
        };
        write!(
            f,
            "round {}: {}: player {}",
            self.round,
            what,
            players.join(" and ")
        )
    }
}

/// How a system limits colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColourLimits {
    /// The limits hold in every round but the last.
    pub absolute: bool,
    /// In the last round, topscorers (over 50% of the maximum score) and their opponents are exempt
    /// (Dutch A.7/C.3).
    pub topscorer_exception_in_last_round: bool,
    /// In the last round, two players with the same score are exempt (Lim 6).
    pub equal_scores_exception_in_last_round: bool,
}

impl ColourLimits {
    /// What each system makes absolute.
    pub fn of(system: System) -> ColourLimits {
        match system {
            System::Dutch => ColourLimits {
                absolute: true,
                topscorer_exception_in_last_round: true,
                equal_scores_exception_in_last_round: false,
            },
            System::Lim => ColourLimits {
                absolute: true,
                topscorer_exception_in_last_round: false,
                equal_scores_exception_in_last_round: true,
            },
            // The 1992 system's note to B: in the last round, players over 50% are exempt from B.2.
            System::Rating1992 => ColourLimits {
                absolute: true,
                topscorer_exception_in_last_round: true,
                equal_scores_exception_in_last_round: false,
            },
            // Dubov 2.3/2.4 are absolute in every round; the team system's colours are its own (C.04.6
            // 4), never audited as an individual pairing.
            System::Dubov | System::Team => ColourLimits {
                absolute: true,
                topscorer_exception_in_last_round: false,
                equal_scores_exception_in_last_round: false,
            },
        }
    }
}

/// The edition the file's system record names (`192`, or a coded `092`), otherwise the 2017-era rules.
pub fn file_edition(t: &Tournament) -> Edition {
    t.rules
        .as_ref()
        .and_then(|r| r.edition)
        .and_then(Edition::from_year)
        .unwrap_or(Edition::Y2017)
}

/// Whether `entry` (one round of a player) bars the player from a later pairing-allocated bye under
/// `edition`.
fn bars_the_bye(t: &Tournament, entry: &Entry, edition: Edition) -> bool {
    match entry {
        // Both eras: nobody gets the pairing-allocated bye twice (2026: whatever it was worth).
        Entry::Bye(Bye::PairingAllocated) => true,
        // 2026 C2 (C.04.1): as many points as a win in a round not played (a forfeit win, a full-point
        // bye; a half-point bye only where it is worth a win).
        _ if edition.is_2026() => !entry.is_played() && t.points.of_entry(entry) >= t.points.win(),
        // C.04.1.d (2017 era), and Dubov 2.2: a forfeit win.
        Entry::Forfeit { won: true, .. } | Entry::Bye(Bye::ForfeitWin) => true,
        // Dubov 2.2: "a point without playing" — also any unplayed round worth at least a win.
        _ if edition == Edition::Y1997 => {
            !entry.is_played() && t.points.of_entry(entry) >= t.points.win()
        }
        _ => false,
    }
}

/// Audits every round of `t` (`total_rounds` tells which round is the last), with the bye rule of the
/// edition the file names ([`file_edition`]).
pub fn audit(t: &Tournament, limits: ColourLimits) -> Vec<Violation> {
    audit_in(t, limits, file_edition(t))
}

/// Audits every round of `t` with the bye rule of `edition`.
pub fn audit_in(t: &Tournament, limits: ColourLimits, edition: Edition) -> Vec<Violation> {
    let mut found = Vec::new();
    let last_round = t.total_rounds.unwrap_or(t.rounds_played);
    let win = t.points.win();
    for (i, p) in t.players.iter().enumerate() {
        let mut met: Vec<usize> = Vec::new();
        let mut barred = false;
        let mut colours: Vec<Colour> = Vec::new();
        for (r, e) in p.entries.iter().enumerate() {
            let round = r + 1;
            match *e {
                Entry::Played {
                    opponent, colour, ..
                } => {
                    if met.contains(&opponent) && i < opponent {
                        found.push(violation(t, round, &[i, opponent], Rule::Rematch));
                    }
                    met.push(opponent);
                    if i < opponent && t.is_forbidden(i, opponent, round) {
                        found.push(violation(t, round, &[i, opponent], Rule::ForbiddenPair));
                    }
                    colours.push(colour);
                    if limits.absolute && breaks_colour_limits(&colours).is_some() {
                        let last = round == last_round;
                        let exempt = last
                            && ((limits.topscorer_exception_in_last_round
                                && (topscorer(t, i, round, win)
                                    || topscorer(t, opponent, round, win)))
                                || (limits.equal_scores_exception_in_last_round
                                    && t.score_after(i, round - 1)
                                        == t.score_after(opponent, round - 1)));
                        if !exempt {
                            if let Some(rule) = breaks_colour_limits(&colours) {
                                found.push(violation(t, round, &[i], rule));
                            }
                        }
                    }
                }
                Entry::Forfeit { opponent, .. } => {
                    if i < opponent && t.is_forbidden(i, opponent, round) {
                        found.push(violation(t, round, &[i, opponent], Rule::ForbiddenPair));
                    }
                }
                Entry::Bye(Bye::PairingAllocated) => {
                    if barred {
                        found.push(violation(t, round, &[i], Rule::ByeNotAllowed));
                    }
                }
                Entry::Bye(_) => {}
            }
            barred |= bars_the_bye(t, e, edition);
        }
    }
    sort_by_key(&mut found, |v| (v.round, v.players.clone()));
    found
}

/// Whether the round to be paired next can be paired at all within the absolute rules, with the bye rule
/// of the edition the file names ([`file_edition`]).
pub fn legal_pairing_exists(t: &Tournament, limits: ColourLimits) -> bool {
    legal_pairing_exists_in(t, limits, file_edition(t))
}

/// Whether the round to be paired next can be paired at all within the absolute rules: every present
/// player with an opponent they have not met in a played game, not forbidden, with colours that keep
/// both within the limits (when the system makes them absolute), and at most one pairing-allocated bye,
/// to a player `edition`'s bye rule does not bar (the same rule [`audit_in`] checks). Used to confirm a
/// system's "no valid pairing".
pub fn legal_pairing_exists_in(t: &Tournament, limits: ColourLimits, edition: Edition) -> bool {
    pairing_exists_without(t, limits, edition, None)
}

/// The absolute rules that block the next round: those whose lifting alone would let a legal pairing
/// exist (empty when the round can be paired, or when only lifting several rules together would help).
/// For messages that say why no pairing exists.
pub fn blocking_rules(t: &Tournament, limits: ColourLimits, edition: Edition) -> Vec<Rule> {
    if legal_pairing_exists_in(t, limits, edition) {
        return Vec::new();
    }
    [
        Rule::Rematch,
        Rule::ForbiddenPair,
        Rule::ColourDifference,
        Rule::ByeNotAllowed,
    ]
    .into_iter()
    .filter(|&rule| pairing_exists_without(t, limits, edition, Some(rule)))
    .collect()
}

/// What a blocking rule forbids, for messages.
pub fn rule_name(rule: Rule) -> &'static str {
    match rule {
        Rule::Rematch => "no two players meet twice (C.04.1)",
        Rule::ForbiddenPair => "the forbidden pairs (XXP / 260)",
        Rule::ColourDifference | Rule::SameColourThrice => {
            "the colour limits (a colour difference beyond ±2, the same colour three times running)"
        }
        Rule::ByeNotAllowed => "who may receive the pairing-allocated bye",
    }
}

/// [`legal_pairing_exists_in`] with one rule lifted (`ColourDifference` lifts both colour limits).
fn pairing_exists_without(
    t: &Tournament,
    limits: ColourLimits,
    edition: Edition,
    lifted: Option<Rule>,
) -> bool {
    use crate::matching::{MatchingComputer, SmallWeight};
    use crate::tournament::Availability;
    let round = t.next_round();
    let last = t.total_rounds == Some(round);
    let win = t.points.win();
    let present: Vec<usize> = (0..t.players.len())
        .filter(|&i| t.players[i].next_round == Availability::Available)
        .collect();
    let colours: Vec<Vec<Colour>> = present
        .iter()
        .map(|&i| {
            t.players[i]
                .entries
                .iter()
                .filter_map(Entry::played_colour)
                .collect()
        })
        .collect();
    let exempt: Vec<bool> = present
        .iter()
        .map(|&i| limits.topscorer_exception_in_last_round && last && topscorer(t, i, round, win))
        .collect();
    let scores: Vec<crate::score::Score> = present
        .iter()
        .map(|&i| t.score_after(i, round - 1))
        .collect();
    let fits = |k: usize, c: Colour| {
        let mut with = colours[k].clone();
        with.push(c);
        breaks_colour_limits(&with).is_none()
    };
    let n = present.len();
    let size = n + n % 2;
    let Ok(mut m) = MatchingComputer::<SmallWeight>::new(size) else {
        return false;
    };
    for a in 0..n {
        for b in a + 1..n {
            let (pa, pb) = (present[a], present[b]);
            let met = t.players[pa]
                .entries
                .iter()
                .any(|e| e.is_played() && e.opponent() == Some(pb));
            if (met && lifted != Some(Rule::Rematch))
                || (t.is_forbidden(pa, pb, round) && lifted != Some(Rule::ForbiddenPair))
            {
                continue;
            }
            let colours_ok = !limits.absolute
                || lifted == Some(Rule::ColourDifference)
                || exempt[a]
                || exempt[b]
                || (limits.equal_scores_exception_in_last_round && last && scores[a] == scores[b])
                || (fits(a, Colour::White) && fits(b, Colour::Black))
                || (fits(a, Colour::Black) && fits(b, Colour::White));
            if colours_ok && m.set_edge(a, b, 1).is_err() {
                return false;
            }
        }
        if n % 2 == 1 {
            // The same bye rule as the audit's.
            let barred = t.players[present[a]]
                .entries
                .iter()
                .any(|e| bars_the_bye(t, e, edition));
            if (!barred || lifted == Some(Rule::ByeNotAllowed)) && m.set_edge(a, n, 1).is_err() {
                return false;
            }
        }
    }
    m.solve();
    (0..size).all(|v| m.mate(v).is_some())
}

/// Whether the colours played so far (the latest last) break a limit.
fn breaks_colour_limits(colours: &[Colour]) -> Option<Rule> {
    let whites = colours.iter().filter(|&&c| c == Colour::White).count() as i64;
    let difference = 2 * whites - colours.len() as i64;
    if difference.abs() > 2 {
        return Some(Rule::ColourDifference);
    }
    if colours.len() >= 3
        && colours[colours.len() - 3..]
            .windows(2)
            .all(|w| w[0] == w[1])
    {
        return Some(Rule::SameColourThrice);
    }
    None
}

/// A.7: over 50% of the maximum possible score before `round`.
fn topscorer(t: &Tournament, player: usize, round: usize, win: crate::score::Score) -> bool {
    let score = t.score_after(player, round - 1);
    score.0 * 2 > win.0 * (round as i32 - 1)
}

fn violation(t: &Tournament, round: usize, players: &[usize], rule: Rule) -> Violation {
    Violation {
        round,
        players: players
            .iter()
            .map(|&p| t.players.get(p).map_or(0, |q| q.start_number))
            .collect(),
        rule,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A player line: `cells` are (opponent, colour, result) per round, opponent 0 for none; the points
    /// column is left blank (the audit does not read it).
    fn line(n: u32, _points: &str, cells: &[(u32, char, char)]) -> String {
        let head = format!(
            "001 {:>4} {:1}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
            n,
            "",
            "",
            format!("P{n}"),
            2000,
            "",
            "",
            "",
            "",
            n
        );
        let cells: Vec<String> = cells
            .iter()
            .map(|&(o, c, r)| {
                let o = if o == 0 {
                    "0000".to_string()
                } else {
                    format!("{o:>4}")
                };
                format!("{o} {c} {r}")
            })
            .collect();
        format!("{head}  {}", cells.join("  "))
    }

    fn audit_of(lines: &[String], extra: &str) -> Vec<Violation> {
        audit_with(lines, extra, System::Dutch)
    }

    fn audit_with(lines: &[String], extra: &str, system: System) -> Vec<Violation> {
        let text = format!("{}\n{extra}", lines.join("\n"));
        let t = Tournament::from_trf(&crate::trf::parse(&text).unwrap()).unwrap();
        audit(&t, ColourLimits::of(system))
    }

    /// Lim 6: in the last round, players with the same score may break the colour limits.
    #[test]
    fn lim_allows_equal_scores_to_break_colour_limits_in_the_last_round() {
        let players = [
            line(1, "", &[(2, 'w', '1'), (3, 'w', '0'), (4, 'w', '1')]),
            line(2, "", &[(1, 'b', '0'), (4, 'b', '1'), (3, 'b', '0')]),
            line(3, "", &[(4, 'b', '0'), (1, 'b', '1'), (2, 'w', '1')]),
            line(4, "", &[(3, 'w', '1'), (2, 'w', '0'), (1, 'b', '0')]),
        ];
        // Before round 3, 1 and 4 have 1 point each, 2 and 3 have 1 point each too.
        assert!(audit_with(&players, "XXR 3", System::Lim).is_empty());
        let v = audit_with(&players, "XXR 5", System::Lim);
        assert_eq!(v.len(), 2, "{v:?}");
        // Dubov knows no such exception.
        assert_eq!(audit_with(&players, "XXR 3", System::Dubov).len(), 2);
    }

    #[test]
    fn clean_tournament_has_no_violation() {
        let v = audit_of(
            &[
                line(1, "1.0", &[(2, 'w', '1'), (3, 'b', '0')]),
                line(2, "1.0", &[(1, 'b', '0'), (0, '-', 'U')]),
                line(3, "1.0", &[(0, '-', 'U'), (1, 'w', '1')]),
            ],
            "XXR 2",
        );
        assert!(v.is_empty(), "{v:?}");
    }

    #[test]
    fn finds_a_rematch() {
        let v = audit_of(
            &[
                line(1, "2.0", &[(2, 'w', '1'), (2, 'b', '1')]),
                line(2, "0.0", &[(1, 'b', '0'), (1, 'w', '0')]),
            ],
            "XXR 3",
        );
        assert_eq!(v.len(), 1);
        assert_eq!(
            (v[0].round, v[0].rule, v[0].players.clone()),
            (2, Rule::Rematch, vec![1, 2])
        );
    }

    #[test]
    fn a_forfeit_is_not_a_meeting_but_bars_the_bye() {
        let v = audit_of(
            &[
                line(1, "2.0", &[(2, 'w', '+'), (0, '-', 'U'), (2, 'b', '0')]),
                line(2, "2.0", &[(1, 'b', '-'), (3, 'w', '1'), (1, 'w', '1')]),
                line(3, "1.0", &[(0, '-', 'U'), (2, 'b', '0'), (0, '-', 'U')]),
            ],
            "XXR 3",
        );
        let rules: Vec<Rule> = v.iter().map(|x| x.rule).collect();
        assert_eq!(
            rules,
            vec![Rule::ByeNotAllowed, Rule::ByeNotAllowed],
            "{v:?}"
        );
        assert_eq!(v[0].players, vec![1]);
        assert_eq!(v[1].players, vec![3]);
    }

    fn tournament(lines: &[String], extra: &str) -> Tournament {
        let text = format!("{}\n{extra}", lines.join("\n"));
        Tournament::from_trf(&crate::trf::parse(&text).unwrap()).unwrap()
    }

    /// 2026 C2: no pairing-allocated bye after one (whatever it was worth) or after a win's points in a
    /// round without playing; a half-point bye does not bar it. The 2017 rule: after a PAB or a forfeit
    /// win only.
    #[test]
    fn the_bye_rule_of_each_edition() {
        let dutch = ColourLimits::of(System::Dutch);
        // Player 1's round 1 varies; in round 2 player 1 gets the pairing-allocated bye.
        let with_round_one = |cell: (u32, char, char)| {
            [
                line(1, "", &[cell, (0, '-', 'U')]),
                line(2, "", &[(3, 'w', '1'), (3, 'b', '1')]),
                line(3, "", &[(2, 'b', '0'), (2, 'w', '0')]),
                line(
                    4,
                    "",
                    &[(if cell.0 == 4 { 1 } else { 0 }, '-', '-'), (0, '-', 'Z')],
                ),
            ]
        };
        let bye_violations = |lines: &[String], extra: &str, edition: Edition| -> usize {
            audit_in(&tournament(lines, extra), dutch, edition)
                .iter()
                .filter(|v| v.rule == Rule::ByeNotAllowed && v.players == [1])
                .count()
        };
        for (cell, extra, in_2017, in_2026) in [
            // A half-point bye bars it in neither edition.
            ((0, '-', 'H'), "", 0, 0),
            // A full-point bye: a win's points without playing.
            ((0, '-', 'F'), "", 0, 1),
            // A forfeit win bars it in both.
            ((4, '-', '+'), "", 1, 1),
            // A pairing-allocated bye worth nothing still bars a second one.
            ((0, '-', 'U'), "BBU  0.0", 1, 1),
            ((0, '-', 'U'), "162  P 0.5", 1, 1),
            // A half-point bye worth as much as a win bars it under 2026.
            ((0, '-', 'H'), "XXS HPB=1", 0, 1),
            // A full-point bye worth less than a win does not.
            ((0, '-', 'F'), "XXS FPB=0.5", 0, 0),
            // A zero-point bye or a forfeit loss does not.
            ((0, '-', 'Z'), "", 0, 0),
            ((4, '-', '-'), "", 0, 0),
        ] {
            let mut lines = with_round_one(cell).to_vec();
            if cell == (4, '-', '-') {
                lines[3] = line(4, "", &[(1, '-', '+'), (0, '-', 'Z')]);
            }
            let label = format!("{cell:?} {extra}");
            assert_eq!(
                bye_violations(&lines, extra, Edition::Y2017),
                in_2017,
                "2017: {label}"
            );
            assert_eq!(
                bye_violations(&lines, extra, Edition::Y2026),
                in_2026,
                "2026: {label}"
            );
            // Without an edition given, the file's system record chooses.
            for (record, expected) in [
                ("", in_2017),
                ("192 FIDE_DUTCH_2017", in_2017),
                ("192 FIDE_DUTCH_2025", in_2026),
                ("092 FIDE_DUTCH_2026", in_2026),
            ] {
                let t = tournament(&lines, &format!("{extra}\n{record}"));
                let found = audit(&t, dutch)
                    .iter()
                    .filter(|v| v.rule == Rule::ByeNotAllowed && v.players == [1])
                    .count();
                assert_eq!(found, expected, "{label} {record}");
            }
        }
    }

    /// Round 2 with players 1, 2 and 3 present, 1 forbidden to meet 2 and 3 (`XXP`), so that 1 must get
    /// the bye; 1's round 1 was `round_one`, 3's a bye. The lines too, to add a system record.
    fn only_the_bye_for_1(round_one: char) -> ([String; 4], Tournament) {
        let lines = [
            line(1, "", &[(0, '-', round_one)]),
            line(2, "", &[(4, 'w', '1')]),
            line(3, "", &[(0, '-', 'U')]),
            line(4, "", &[(2, 'b', '0'), (0, '-', 'Z')]),
        ];
        let t = tournament(&lines, "XXR 3\nXXP 1 2\nXXP 1 3");
        assert_eq!(t.next_round(), 2);
        (lines, t)
    }

    /// `legal_pairing_exists` applies the same bye rule: three players present, the only pair allowed
    /// is 2-3, so player 1 must get the bye; a full-point bye in round 1 bars it under 2026 only.
    #[test]
    fn a_legal_pairing_exists_under_the_same_bye_rule() {
        let dutch = ColourLimits::of(System::Dutch);
        for (round_one, in_2017, in_2026) in [('F', true, false), ('H', true, true)] {
            let (lines, t) = only_the_bye_for_1(round_one);
            assert_eq!(
                legal_pairing_exists_in(&t, dutch, Edition::Y2017),
                in_2017,
                "{round_one}"
            );
            assert_eq!(
                legal_pairing_exists_in(&t, dutch, Edition::Y2026),
                in_2026,
                "{round_one}"
            );
            assert_eq!(legal_pairing_exists(&t, dutch), in_2017, "{round_one}");
            let named = tournament(&lines, "XXR 3\nXXP 1 2\nXXP 1 3\n192 FIDE_DUTCH_2025");
            assert_eq!(legal_pairing_exists(&named, dutch), in_2026, "{round_one}");
        }
    }

    /// Dubov 2.2 (the 1997 edition): no pairing-allocated bye after a point without playing, a
    /// full-point bye included; a half-point bye does not bar it. The 2017-era rule bars neither.
    #[test]
    fn dubov_bye_rule_is_2_2() {
        let dubov = ColourLimits::of(System::Dubov);
        for (round_one, barred) in [('F', true), ('H', false), ('U', true), ('Z', false)] {
            let lines = [
                line(1, "", &[(0, '-', round_one), (0, '-', 'U')]),
                line(2, "", &[(3, 'w', '1'), (3, 'b', '1')]),
                line(3, "", &[(2, 'b', '0'), (2, 'w', '0')]),
            ];
            let t = tournament(&lines, "XXR 3");
            let found = audit_in(&t, dubov, Edition::Y1997)
                .iter()
                .filter(|v| v.rule == Rule::ByeNotAllowed && v.players == [1])
                .count();
            assert_eq!(found, usize::from(barred), "{round_one}");
            let in_2017 = audit_in(&t, dubov, Edition::Y2017)
                .iter()
                .filter(|v| v.rule == Rule::ByeNotAllowed)
                .count();
            assert_eq!(in_2017, usize::from(round_one == 'U'), "{round_one}");
            // The same rule decides whether round 2 can be paired at all: 1, 2, 3 present, 1 may meet
            // neither 2 nor 3, so 1 must take the bye (3 had it in round 1).
            if round_one == 'U' {
                continue;
            }
            let (_, t) = only_the_bye_for_1(round_one);
            assert_eq!(
                legal_pairing_exists_in(&t, dubov, Edition::Y1997),
                !barred,
                "{round_one}"
            );
        }
    }

    /// Dubov 2.5 is not audited: games against higher-scored opponents, round after round, break
    /// nothing (they may all be floaters' games, 6.4 and 8.2).
    #[test]
    fn dubov_games_against_higher_scores_break_nothing() {
        let players = [
            line(1, "", &[(2, 'w', '1'), (3, 'b', '1'), (4, 'w', '1')]),
            line(2, "", &[(1, 'b', '0'), (4, 'w', '0'), (3, 'b', '0')]),
            line(3, "", &[(4, 'b', '1'), (1, 'w', '0'), (2, 'w', '1')]),
            line(4, "", &[(3, 'w', '0'), (2, 'b', '1'), (1, 'b', '0')]),
        ];
        // 2 meets the higher-scored 4 in round 2 and 3 in round 3.
        let v = audit_with(&players, "XXR 5", System::Dubov);
        assert!(v.is_empty(), "{v:?}");
    }

    #[test]
    fn finds_a_forbidden_pair() {
        let v = audit_of(
            &[
                line(1, "1.0", &[(2, 'w', '1')]),
                line(2, "0.0", &[(1, 'b', '0')]),
            ],
            "XXR 3\nXXP 1 2",
        );
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].rule, Rule::ForbiddenPair);
    }

    #[test]
    fn finds_colour_breaches_except_topscorers_in_the_last_round() {
        let players = [
            line(1, "3.0", &[(2, 'w', '1'), (3, 'w', '1'), (4, 'w', '1')]),
            line(2, "0.0", &[(1, 'b', '0'), (4, 'b', '0'), (3, 'b', '0')]),
            line(3, "1.0", &[(4, 'b', '1'), (1, 'b', '0'), (2, 'w', '1')]),
            line(4, "2.0", &[(3, 'w', '0'), (2, 'w', '1'), (1, 'b', '0')]),
        ];
        // Round 3 is not the last: players 1 and 2 break C.04.1.f/g.
        let v = audit_of(&players, "XXR 5");
        let found: Vec<(usize, Rule, Vec<u32>)> = v
            .iter()
            .map(|x| (x.round, x.rule, x.players.clone()))
            .collect();
        assert_eq!(
            found,
            vec![
                (3, Rule::ColourDifference, vec![1]),
                (3, Rule::ColourDifference, vec![2]),
            ]
        );
        // Round 3 is the last: player 1 is a topscorer and exempt; player 2 (against 3, no topscorer)
        // is not.
        let v = audit_of(&players, "XXR 3");
        let found: Vec<(usize, Rule, Vec<u32>)> = v
            .iter()
            .map(|x| (x.round, x.rule, x.players.clone()))
            .collect();
        assert_eq!(found, vec![(3, Rule::ColourDifference, vec![2])]);
    }
}
