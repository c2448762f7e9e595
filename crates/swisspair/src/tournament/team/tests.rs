use super::*;

const ROUND2: &str = "\
012 Team round 2
152 W
142 3
192 FIDE_TEAM_TYPEA_MP_GP
362 TW  2.0   TD  1.0   TL  0.0
001    1      P1                                2500                             1.0    1     3 w 1
001    2      P2                                2500                             1.0    2     4 b 1
001    3      P3                                2500                             0.0    3     1 b 0
001    4      P4                                2500                             0.0    4     2 w 0
001    5      P5                                2500                             1.0    5     7 w 1
001    6      P6                                2500                             0.0    6     8 b 0
001    7      P7                                2500                             0.0    7     5 b 0
001    8      P8                                2500                             1.0    8     6 w 1
310 1   Alpha                                                               1    2
310 2   Bravo                                                               3    4
310 3   Charlie                                                             5    6
310 4   Delta                                                               7    8
";

fn read(text: &str) -> Result<TeamTournament> {
    TeamTournament::from_bytes(text.as_bytes())
}

#[test]
fn reads_matches_from_the_members_games() {
    let t = read(ROUND2).unwrap();
    assert_eq!(t.rounds_played, 1);
    assert_eq!(t.teams.len(), 4);
    let alpha = &t.teams[0].rounds[0];
    assert_eq!(
        alpha.kind,
        RoundKind::Match {
            opponent: 2,
            colour: Some(Colour::White),
            result: MatchResult::Win,
            played: true
        }
    );
    assert_eq!(
        (alpha.match_points, alpha.game_points),
        (Score(20), Score(20))
    );
    let charlie = &t.teams[2].rounds[0];
    assert_eq!(
        (charlie.match_points, charlie.game_points),
        (Score(10), Score(10))
    );
    assert_eq!(
        t.rules,
        TeamRules {
            line: 4,
            ..TeamRules::default()
        }
    );
}

#[test]
fn a_member_in_two_teams_is_refused_naming_the_line() {
    let text = ROUND2.replace(
        "310 4   Delta                                                               7    8",
        "310 4   Delta                                                               7    1",
    );
    let e = read(&text).unwrap_err();
    assert_eq!(e.line(), Some(17));
    assert!(e.to_string().contains("member of team 1"), "{e}");
}

#[test]
fn members_meeting_two_teams_in_a_round_are_refused() {
    // P2 (team 1) now meets P5 (team 3) while P1 meets team 2.
    let text = ROUND2
        .replace("     2 b 1\n", "     5 b 1\n")
        .replace("     7 w 1\n", "     2 w 0\n");
    let e = read(&text).unwrap_err();
    assert!(e.line().is_some(), "{e}");
}

#[test]
fn game_points_contradicting_are_refused() {
    // P1 and P3 both claim the win.
    let text = ROUND2.replace("     1 b 0\n", "     1 b 1\n");
    let e = read(&text).unwrap_err();
    assert_eq!(e.line(), Some(6), "{e}");
}

/// Round-1 cells of team 3 (P5, P6) against team 4 (P7, P8), board by board.
fn third_match(p5: &str, p6: &str, p7: &str, p8: &str) -> String {
    ROUND2
        .replace("     7 w 1\n", &format!("     7 w {p5}\n"))
        .replace("     8 b 0\n", &format!("     8 b {p6}\n"))
        .replace("     5 b 0\n", &format!("     5 b {p7}\n"))
        .replace("     6 w 1\n", &format!("     6 w {p8}\n"))
}

#[test]
fn a_board_both_players_forfeited_scores_nothing() {
    // Board 1 forfeited by both; board 2 played and won by P8: team 4 wins 1-0, a match played.
    let t = read(&third_match("-", "0", "-", "1")).unwrap();
    let (c, d) = (&t.teams[2].rounds[0], &t.teams[3].rounds[0]);
    assert_eq!((c.game_points, d.game_points), (Score(0), Score(10)));
    assert!(matches!(
        d.kind,
        RoundKind::Match {
            result: MatchResult::Win,
            played: true,
            ..
        }
    ));
}

#[test]
fn a_match_is_played_when_a_game_was_or_both_teams_took_part() {
    // 1.6.1: each team won a board by forfeit: both came, the match was played, a draw; its colour is
    // board 1's as scheduled (team 3 White).
    let t = read(&third_match("+", "-", "-", "+")).unwrap();
    let c = &t.teams[2].rounds[0];
    assert_eq!(
        c.kind,
        RoundKind::Match {
            opponent: 4,
            colour: Some(Colour::White),
            result: MatchResult::Draw,
            played: true
        }
    );
    // Team 3 won every board by forfeit: team 4 did not come, no match was played (no colour, no
    // meeting), and the forfeit win bars team 3 from the PAB (C2).
    let t = read(&third_match("+", "+", "-", "-")).unwrap();
    let c = &t.teams[2].rounds[0];
    assert_eq!(
        c.kind,
        RoundKind::Match {
            opponent: 4,
            colour: None,
            result: MatchResult::Win,
            played: false
        }
    );
    assert!(c.kind.bars_the_bye() && c.kind.played_opponent().is_none());
}

#[test]
fn team_codes() {
    let r = TeamRules::decode("192", "FIDE_TEAM_TYPEB_GP_BAKU", 3).unwrap();
    assert_eq!(
        (r.colours, r.primary, r.secondary_for_colours, r.baku),
        (ColourMode::TypeB, PrimaryScore::GamePoints, false, true)
    );
    let r = TeamRules::decode("192", "FIDE_TEAM_MP", 3).unwrap();
    assert_eq!(
        (r.colours, r.secondary_for_colours),
        (ColourMode::None, false)
    );
    let r = TeamRules::decode("192", "FIDE_TEAM", 3).unwrap();
    assert_eq!(r.colours, ColourMode::TypeA);
    let e = TeamRules::decode("192", "FIDE_TEAM_TYPEC", 7).unwrap_err();
    assert_eq!(e.line(), Some(7));
    assert!(e.to_string().contains("FIDE_TEAM_TYPEA"), "{e}");
}

#[test]
fn legacy_013_rosters_are_numbered_in_file_order() {
    let mut text = ROUND2.to_string();
    for (i, name) in ["Alpha", "Bravo", "Charlie", "Delta"].iter().enumerate() {
        let old = format!(
            "310 {:<4}{name:<65}{:>4} {:>4}",
            i + 1,
            2 * i + 1,
            2 * i + 2
        );
        assert!(text.contains(&old), "{old}");
        let new = format!("013 {name:<32}{:>4} {:>4}", 2 * i + 1, 2 * i + 2);
        text = text.replace(&old, &new);
    }
    let t = read(&text).unwrap();
    assert_eq!(t.teams[1].name, "Bravo");
    assert_eq!(t.teams[1].members, vec![3, 4]);
}

#[test]
fn pab_scores_a_draw_unless_320_says_otherwise() {
    let text = "\
192 FIDE_TEAM_GP_MP
320  2.0  3.0
001    1      T1                                2500                             1.0    1     2 w 1
001    2      T2                                2500                             0.0    2     1 b 0
001    3      T3                                2500                             1.0    3  0000 - U
310 1   Team1                                                               1
310 2   Team2                                                               2
310 3   Team3                                                               3
";
    let t = read(text).unwrap();
    let r = t.teams[2].rounds[0];
    assert_eq!(r.kind, RoundKind::PairingAllocatedBye);
    assert_eq!((r.match_points, r.game_points), (Score(20), Score(30)));
    let t = read(&text.replace("320  2.0  3.0\n", "")).unwrap();
    let r = t.teams[2].rounds[0];
    assert_eq!((r.match_points, r.game_points), (Score(10), Score(5)));
}

/// Found by fuzzing (`team_reader`): a `330` or `320` naming a round past the last a file can hold
/// made the reader build that many rounds for every team (memory without end). Refused, naming the line.
#[test]
fn a_round_past_the_last_is_refused_in_330_and_320() {
    let text = format!("{ROUND2}330 +-   886846751   1   2\n");
    let e = read(&text).unwrap_err();
    assert_eq!(e.line(), Some(18), "{e}");
    assert!(e.to_string().contains("round 886846751"), "{e}");
    let e = read(&format!("{ROUND2}330 +- 0 1 2\n")).unwrap_err();
    assert_eq!(e.line(), Some(18), "{e}");
    let pabs = format!(
        "320  2.0  3.0{}   3\n",
        "    ".repeat(crate::trf::MAX_ROUNDS)
    );
    let e = read(&format!("{ROUND2}{pabs}")).unwrap_err();
    assert_eq!(e.line(), Some(18), "{e}");
    assert!(e.to_string().contains("at most 999 rounds"), "{e}");
    let t = read(&format!("{ROUND2}330 +- 3 1 2\n")).unwrap();
    assert_eq!(t.rounds_played, 3);
}
