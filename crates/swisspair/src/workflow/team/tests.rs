use super::*;
use crate::api::{ByeKind, GameResult, Round};
use crate::error::Error;
use crate::trf::ResultCode;
use crate::workflow::{announce, overview, Overview};

const ROUND2: &[u8] = include_bytes!("../../../../../tests/data/team/sharly/team_round2.trf");
const TEAM10: &[u8] = include_bytes!("../../../../../tests/data/team/generated/team-10.trf");

fn team() -> PairOptions {
    PairOptions::new(System::Team)
}

fn text(doc: &TournamentJson) -> String {
    json::document_to_string(doc).unwrap()
}

fn view(doc: &TournamentJson) -> Overview {
    overview(text(doc).as_bytes(), &team()).unwrap()
}

fn standing(o: &Overview, tpn: u32) -> &TeamStanding {
    o.teams.iter().find(|t| t.tpn == tpn).unwrap()
}

/// The generated tournament of `team-10.trf` (rosters of 5, 4 boards) cut after round 9.
fn team10_after_round9() -> TournamentJson {
    let mut doc = read_team_document(TEAM10).unwrap();
    for p in &mut doc.players {
        p.rounds.truncate(9);
    }
    // `320`'s PABs of rounds 1 to 9 (13 characters, then 4 a round).
    for l in &mut doc.other_lines {
        if l.starts_with("320") {
            *l = l
                .chars()
                .take(13 + 4 * 9)
                .collect::<String>()
                .trim_end()
                .to_string();
        }
    }
    doc
}

/// Per match one result a board, varied: 1-0, ½-½, 0-1, +- by board and match.
fn varied(round: &Round, boards: usize) -> Vec<Vec<GameResult>> {
    (0..round.boards.len())
        .map(|i| {
            (0..boards)
                .map(|j| match (i + j) % 4 {
                    0 => GameResult::WhiteWins,
                    1 => GameResult::Draw,
                    2 => GameResult::BlackWins,
                    _ => GameResult::WhiteWinsByForfeit,
                })
                .collect()
        })
        .collect()
}

/// A team tournament's overview: the teams by rank with their matches.
#[test]
fn overview_of_a_team_tournament() {
    let v = overview(ROUND2, &PairOptions::new(System::Dutch)).unwrap();
    assert_eq!((v.system.as_str(), v.edition), ("team", 2026));
    assert!(v.standings.is_empty());
    assert_eq!(v.teams.len(), 4);
    assert_eq!(v.teams[0].rank, 1);
    assert_eq!(v.teams[0].rounds.len(), v.rounds_played);
    assert_eq!(v.teams[0].rounds[0].kind, "match");
    assert_eq!(standing(&v, 2).roster, [3, 4]);
    assert!(serde_json::to_string(&v).unwrap().contains("\"teams\""));
}

/// Each team's encounters, the crosstable's cells: both sides of a match agree.
#[test]
fn the_crosstable_of_a_team_tournament() {
    let v = overview(TEAM10, &team()).unwrap();
    let mut matches = 0;
    for t in &v.teams {
        assert!(t
            .encounters
            .windows(2)
            .all(|w| { (w[0].opponent, w[0].round) < (w[1].opponent, w[1].round) }));
        for e in &t.encounters {
            let theirs = standing(&v, e.opponent)
                .encounters
                .iter()
                .find(|x| x.opponent == t.tpn && x.round == e.round)
                .unwrap();
            assert_eq!(theirs.game_points, e.opponent_game_points);
            assert_eq!(theirs.opponent_game_points, e.game_points);
            let mirrored = match e.result {
                "W" => "L",
                "L" => "W",
                "+" => "-",
                "-" => "+",
                other => other,
            };
            // A match both teams forfeited is lost by both.
            assert!(theirs.result == mirrored || (e.result, theirs.result) == ("-", "-"));
            matches += 1;
        }
        let played: usize = t.rounds.iter().filter(|r| r.kind == "match").count();
        assert_eq!(t.encounters.len(), played);
    }
    assert!(matches > 0);
}

/// A generated team tournament cut after round 9, its rounds 10 and 11 paired and recorded with
/// results: read back, the checker re-pairs every round as recorded and the teams' points follow.
#[test]
fn team_rounds_are_recorded_and_read_back() {
    let team = PairOptions::new(System::Team);
    let mut doc = team10_after_round9();
    let before = overview(json::document_to_string(&doc).unwrap().as_bytes(), &team).unwrap();
    let total = |o: &Overview| {
        o.teams
            .iter()
            .map(|t| t.match_points.0)
            .fold(Score::ZERO, |a, b| a + b)
    };
    for r in 10..=11 {
        let text = json::document_to_string(&doc).unwrap();
        let round = crate::pair(text.as_bytes(), &team).unwrap();
        assert_eq!(round.round, r);
        doc = record_team_round(&doc, &round, &varied(&round, 4), &[]).unwrap();
        let text = json::document_to_string(&doc).unwrap();
        let report = crate::check(text.as_bytes(), &team).unwrap();
        assert_eq!((report.rounds, report.differences.len()), (r, 0));
        let o = overview(text.as_bytes(), &team).unwrap();
        assert_eq!(o.rounds_played, r);
        for b in &round.boards {
            let white = o
                .teams
                .iter()
                .find(|t| t.tpn == b.white.start_number)
                .unwrap();
            let played = white.rounds.last().unwrap();
            assert_eq!(played.opponent, Some(b.black.start_number));
            // Two boards won (one by forfeit), one drawn, one lost.
            assert_eq!(played.game_points.0, Score::tenths(25));
        }
        if let Some(bye) = &round.bye {
            let t = o.teams.iter().find(|t| t.tpn == bye.start_number).unwrap();
            assert_eq!(t.rounds.last().unwrap().kind, "U");
        }
    }
    let after = overview(json::document_to_string(&doc).unwrap().as_bytes(), &team).unwrap();
    assert!(after.finished);
    assert!(total(&after) > total(&before));
    let written = doc
        .teams
        .iter()
        .find(|t| t.tpn == Some(after.teams[0].tpn))
        .unwrap();
    assert_eq!(written.rank, Some(1));
    assert_eq!(written.match_points, Some(after.teams[0].match_points));
}

#[test]
fn lineups_are_checked() {
    let roster = [11, 12, 13, 14, 15];
    assert_eq!(check_lineup(3, &roster, None, 4), Ok(vec![11, 12, 13, 14]));
    assert_eq!(
        check_lineup(3, &roster, Some(&[11, 12, 14, 15]), 4),
        Ok(vec![11, 12, 14, 15])
    );
    assert_eq!(
        check_lineup(3, &roster[..3], None, 4),
        Err(LineupError::Roster {
            team: 3,
            members: 3,
            boards: 4
        })
    );
    assert_eq!(
        check_lineup(3, &roster, Some(&[11, 12, 13]), 4),
        Err(LineupError::Boards {
            team: 3,
            given: 3,
            boards: 4
        })
    );
    assert_eq!(
        check_lineup(3, &roster, Some(&[11, 12, 13, 16]), 4),
        Err(LineupError::NotAMember {
            team: 3,
            player: 16
        })
    );
    assert_eq!(
        check_lineup(3, &roster, Some(&[11, 12, 12, 14]), 4),
        Err(LineupError::Twice {
            team: 3,
            player: 12
        })
    );
    let e = check_lineup(3, &roster, Some(&[11, 13, 12, 14]), 4).unwrap_err();
    assert_eq!(
        e,
        LineupError::Order {
            team: 3,
            board: 3,
            player: 12,
            above: 13
        }
    );
    assert_eq!(
        e.to_string(),
        "team 3: player 12 on board 3 stands before player 13 (board 2) in the roster; the boards \
         follow the roster's order"
    );
}

/// Reserves play (a board-1 member sits out on one side, a middle board on the other, board 1
/// forfeited): read back, the round is the round paired (every round re-pairs as recorded, each
/// team's first board has the colour the pairing gave), the members who sat out have no game.
#[test]
fn a_round_with_reserves_is_recorded_and_read_back() {
    let mut doc = team10_after_round9();
    for r in 10..=11 {
        let round = crate::pair(text(&doc).as_bytes(), &team()).unwrap();
        assert_eq!(round.round, r);
        let roster = |tpn: u32| standing(&view(&doc), tpn).roster.clone();
        let mut lineups = vec![Lineup::default(); round.boards.len()];
        let first = round.boards.first().unwrap();
        let (w, b) = (
            roster(first.white.start_number),
            roster(first.black.start_number),
        );
        lineups[0] = Lineup {
            white: Some(vec![w[0], w[1], w[3], w[4]]),
            black: Some(b[1..5].to_vec()),
        };
        let mut results = varied(&round, 4);
        results[0][0] = GameResult::BlackWinsByForfeit;
        doc = record_team_round(&doc, &round, &results, &lineups).unwrap();
        let report = crate::check(text(&doc).as_bytes(), &team()).unwrap();
        assert_eq!((report.rounds, report.differences.len()), (r, 0));
        let o = view(&doc);
        for b in &round.boards {
            let white = standing(&o, b.white.start_number).rounds.last().unwrap();
            let black = standing(&o, b.black.start_number).rounds.last().unwrap();
            assert_eq!(white.opponent, Some(b.black.start_number));
            assert_eq!(white.colour, Some(ColourName::White), "round {r}");
            assert_eq!(black.colour, Some(ColourName::Black), "round {r}");
        }
        let cell = |n: u32| {
            doc.players
                .iter()
                .find(|p| p.start_number == n)
                .and_then(|p| p.rounds.get(r - 1).copied())
                .unwrap()
        };
        assert_eq!(cell(w[2]).result, None, "board 3's member sat out");
        assert_eq!(cell(b[0]).result, None, "board 1's member sat out");
        assert_eq!(
            cell(w[4]).opponent,
            Some(b[4]),
            "the reserves met on board 4"
        );
        assert_eq!(cell(b[1]).opponent, Some(w[0]));
        assert_eq!(cell(b[1]).result.map(|c| c.0), Some(ResultCode::ForfeitWin));
    }
}

#[test]
fn a_lineup_refused_names_the_match() {
    let doc = team10_after_round9();
    let round = crate::pair(text(&doc).as_bytes(), &team()).unwrap();
    let results = varied(&round, 4);
    let black = round.boards.get(1).unwrap().black.start_number;
    let roster = standing(&view(&doc), black).roster.clone();
    let mut lineups = vec![Lineup::default(); round.boards.len()];
    lineups[1].black = Some(vec![roster[0], roster[0], roster[1], roster[2]]);
    let e = record_team_round(&doc, &round, &results, &lineups).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "match 2, lineup: player {} plays two boards for team {black}",
            roster[0]
        )
    );
    let e = record_team_round(&doc, &round, &results, &lineups[..1]).unwrap_err();
    assert!(matches!(e, Error::Invalid { .. }), "{e}");
}

/// A team's bye announced for the round to be paired: a `240` record, which the pairing (of the
/// document, and of the TRF file written from it, as the command line reads it) leaves out; withdrawn
/// again, and written into the members' cells when the round is recorded.
#[test]
fn byes_are_announced_for_teams() {
    let doc = read_team_document(ROUND2).unwrap();
    let pairing = |doc: &TournamentJson| crate::pair(text(doc).as_bytes(), &team()).unwrap();
    let all = pairing(&doc);
    assert_eq!(all.boards.len(), 2);
    let half = announce(&doc, 3, Some(ByeKind::Half)).unwrap();
    assert_eq!(half.byes.len(), 1);
    let o = view(&half);
    assert!(standing(&o, 3).absent_next);
    assert_eq!(
        standing(&o, 3).next.map(|c| c.0),
        Some(ResultCode::HalfPointBye)
    );
    assert_eq!(standing(&o, 1).next, None);
    let round = pairing(&half);
    assert_eq!(round.boards.len(), 1);
    assert!(round.boards.iter().all(|b| b.white.start_number != 3
        && b.black.start_number != 3
        && round.bye.as_ref().map(|s| s.start_number) != Some(3)));
    let file = json::document_to_trf_text(&half).unwrap();
    assert!(file.lines().any(|l| l.starts_with("240 H")), "{file}");
    assert_eq!(crate::pair(file.as_bytes(), &team()).unwrap(), round);
    // Another kind replaces it; none withdraws it.
    let zero = announce(&half, 3, Some(ByeKind::Zero)).unwrap();
    assert_eq!(
        standing(&view(&zero), 3).next.map(|c| c.0),
        Some(ResultCode::ZeroPointBye)
    );
    assert_eq!(zero.byes.len(), 1);
    assert_eq!(announce(&zero, 3, None).unwrap().byes, doc.byes);
    assert_eq!(pairing(&announce(&zero, 3, None).unwrap()), all);
    assert!(announce(&doc, 3, Some(ByeKind::PairingAllocated)).is_err());
    assert!(announce(&doc, 9, Some(ByeKind::Half)).is_err());
    // Through the bindings, from the TRF file.
    let named = crate::workflow::announce_named(ROUND2, 3, Some("H")).unwrap();
    assert_eq!(
        json::parse_document(named.as_bytes()).unwrap().byes,
        half.byes
    );
    // Recorded: the members of team 3 get H, the team a half-point bye (a drawn match's points).
    let boards = o.boards.unwrap();
    let results = vec![vec![GameResult::Draw; boards]; round.boards.len()];
    let recorded = record_team_round(&half, &round, &results, &[]).unwrap();
    assert!(recorded.byes.is_empty());
    let after = view(&recorded);
    let three = standing(&after, 3);
    assert_eq!(three.rounds.last().unwrap().kind, "H");
    assert_eq!(three.rounds.last().unwrap().match_points, Points(Score(10)));
    assert!(!three.absent_next);
    let report = crate::check(text(&recorded).as_bytes(), &team()).unwrap();
    assert_eq!(report.rounds, 2);
}

/// The explanation of the round, as `--team -p --explain` writes it; why for a team and a pair.
#[test]
fn team_explanation_checklist_and_why() {
    let team = team();
    let explained = team_explain_next(ROUND2, &team).unwrap();
    assert_eq!(explained.round, crate::pair(ROUND2, &team).unwrap());
    let (_, t) = read_team_tournament(ROUND2, &TeamOptions::default()).unwrap();
    let (_, e) = crate::systems::team::explain(&t).unwrap();
    assert_eq!(explained.text(), e.render());
    let json = crate::workflow::explain_json(ROUND2, &team).unwrap();
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["text"], e.render());
    assert_eq!(value["round"]["system"], "team");
    let list = team_checklist(ROUND2, &team).unwrap();
    assert!(list.contains("TPN"), "{list}");
    let why = team_why(ROUND2, 2, None, &team).unwrap();
    assert!(why.starts_with("2 "), "{why}");
    assert_eq!(
        crate::workflow::why_text(ROUND2, 2, None, &team).unwrap(),
        why
    );
    assert!(team_why(ROUND2, 99, None, &team).is_err());
    assert!(!team_why(ROUND2, 1, Some(2), &team).unwrap().is_empty());
}
