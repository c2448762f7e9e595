use super::*;
use crate::api::{check_tournament, pair_next, system_named};
use crate::rules::System;

const EXAMPLE: &[u8] = include_bytes!("../../../../examples/club-16p-round5.trf");

fn dutch() -> PairOptions {
    PairOptions::new(System::Dutch)
}

fn tournament(doc: &TournamentJson) -> Tournament {
    json::document_to_tournament(doc).unwrap()
}

/// Results that vary with the board: 1-0, ½-½, 0-1, then again.
fn results(round: &Round) -> Vec<GameResult> {
    (0..round.boards.len())
        .map(|i| match (i + round.round) % 3 {
            0 => GameResult::WhiteWins,
            1 => GameResult::Draw,
            _ => GameResult::BlackWins,
        })
        .collect()
}

#[test]
fn overview_of_the_example() {
    let o = overview(EXAMPLE, &dutch()).unwrap();
    assert_eq!(
        (o.rounds_played, o.next_round, o.total_rounds),
        (4, 5, Some(6))
    );
    assert!(!o.finished);
    assert_eq!(o.standings.len(), 16);
    let top: Vec<(usize, u32)> = o
        .standings
        .iter()
        .take(3)
        .map(|s| (s.rank, s.start_number))
        .collect();
    assert_eq!(top, [(1, 5), (1, 6), (3, 1)]);
    let six = o.standings.iter().find(|s| s.start_number == 6).unwrap();
    assert_eq!(six.points, Points(crate::Score(30)));
    assert_eq!(six.rounds.len(), 4);
    assert_eq!(
        six.next.and_then(|c| c.result).map(|r| r.0),
        Some(ResultCode::HalfPointBye)
    );
    assert!(o.standings.iter().filter(|s| s.next.is_some()).count() == 2);
    // The command line's one warning: no system record names the edition.
    assert_eq!(o.warnings.len(), 1, "{:?}", o.warnings);
    assert!(
        o.warnings.iter().all(|w| w.contains("2026")),
        "{:?}",
        o.warnings
    );
    let o = overview(
        EXAMPLE,
        &PairOptions::from_names("dutch", Some("2017")).unwrap(),
    )
    .unwrap();
    assert!(o.warnings.is_empty(), "{:?}", o.warnings);
    let json = serde_json::to_string(&o).unwrap();
    assert!(
        json.contains("\"points\":3.0") || json.contains("\"points\":3"),
        "{json}"
    );
}

#[test]
fn errors_name_the_line() {
    let broken = String::from_utf8(EXAMPLE.to_vec())
        .unwrap()
        .replace("001    3 ", "001    x ");
    let e = overview(broken.as_bytes(), &dutch()).unwrap_err();
    assert_eq!(e.line(), Some(4));
    assert!(read_document(b"{\"players\": [")
        .unwrap_err()
        .line()
        .is_some());
}

#[test]
fn explains_a_player_and_a_pair() {
    let t = crate::api::read_tournament(EXAMPLE).unwrap();
    let e = explain_next(&t, &dutch()).unwrap();
    assert_eq!(e.round, pair_next(&t, &dutch()).unwrap());
    let why = e.why(5).unwrap();
    assert!(why.contains("plays 4"), "{why}");
    assert!(
        why.chars().any(|c| c.is_ascii_digit()) && why.contains('.'),
        "{why}"
    );
    assert!(e.why(99).is_err());
    let not = e.why_not_paired(5, 1);
    assert!(not.contains('5') && not.contains('1'), "{not}");
    assert!(e.text().contains("round 5") || e.text().contains("Round 5"));
    assert!(e.to_json().starts_with('{'));
}

#[test]
fn the_checklist_as_data_and_as_text() {
    let t = crate::api::read_tournament(EXAMPLE).unwrap();
    let list = checklist_next(&t, &dutch()).unwrap();
    assert_eq!(list.table.rows.len(), 16);
    assert_eq!(list.table.columns.len(), 12);
    assert_eq!(
        list.table.rows.iter().filter(|r| r.group.is_none()).count(),
        2
    );
    let edition = System::Dutch.edition_for(&t, None).unwrap();
    let pairing = System::Dutch.pair_in(edition, &t).unwrap();
    assert_eq!(
        list.text(),
        crate::check::checklist(System::Dutch, edition, &t, Some(&pairing))
    );
}

#[test]
fn records_a_round_and_writes_it_in_every_format() {
    let doc = read_document(EXAMPLE).unwrap();
    let t = tournament(&doc);
    let round = pair_next(&t, &dutch()).unwrap();
    let results = results(&round);
    assert!(record_round(&doc, &round, &results[1..]).is_err());
    let after = record_round(&doc, &round, &results).unwrap();
    let t5 = tournament(&after);
    assert_eq!(t5.rounds_played, 5);
    // The half-point bye announced by player 6 and the absence of player 7 are in their cells.
    let six = after.players.iter().find(|p| p.start_number == 6).unwrap();
    assert_eq!(
        six.rounds.get(4).and_then(|c| c.result).map(|r| r.0),
        Some(ResultCode::HalfPointBye)
    );
    assert_eq!(six.points, Some(Points(crate::Score(35))));
    // Re-paired, round 5 is the one recorded.
    let report = check_tournament(&t5, &dutch()).unwrap();
    assert_eq!(report.rounds, 5);
    assert!(report.differences.is_empty(), "{:?}", report.differences);
    for format in [Format::Trf16, Format::Trf2026, Format::Json] {
        let text = write_tournament(&after, format, Some(&dutch())).unwrap();
        let back = crate::api::read_tournament(text.as_bytes()).unwrap();
        assert_eq!(back.rounds_played, 5, "{format:?}");
        assert!(check_tournament(&back, &dutch())
            .unwrap()
            .differences
            .is_empty());
    }
    // Announcements of the round to be paired: in the cells (TRF16), in 240 records (TRF-2026).
    let announced = announce(&after, 3, Some(ByeKind::Half)).unwrap();
    let trf16 = write_tournament(&announced, Format::Trf16, None).unwrap();
    assert!(
        trf16
            .lines()
            .any(|l| l.starts_with("001    3") && l.ends_with("0000 - H")),
        "{trf16}"
    );
    let options = PairOptions::from_names("dutch", Some("2026")).unwrap();
    let trf26 = write_tournament(&announced, Format::Trf2026, Some(&options)).unwrap();
    assert!(trf26.lines().any(|l| l == "240 H 006    3"), "{trf26}");
    assert!(trf26.lines().any(|l| l == "142 6"), "{trf26}");
    assert!(trf26.lines().any(|l| l == "192 FIDE_DUTCH_2025"), "{trf26}");
    let back = crate::api::read_tournament(trf26.as_bytes()).unwrap();
    assert_eq!(pair_next(&back, &dutch()).unwrap().round, 6);
    assert_eq!(
        pair_next(&back, &options).unwrap(),
        pair_next(&tournament(&announced), &options).unwrap()
    );
    // A player paired while announcing a bye is refused; so is a round that is not the next one.
    assert!(record_round(&announced, &round, &results).is_err());
}

#[test]
fn announces_and_withdraws_byes() {
    let doc = read_document(EXAMPLE).unwrap();
    let doc = announce(&doc, 6, None).unwrap();
    let doc = announce(&doc, 1, Some(ByeKind::Zero)).unwrap();
    let t = tournament(&doc);
    let round = pair_next(&t, &dutch()).unwrap();
    let numbers: Vec<u32> = round
        .boards
        .iter()
        .flat_map(|b| [b.white.start_number, b.black.start_number])
        .collect();
    assert!(numbers.contains(&6) && !numbers.contains(&1));
    assert!(announce(&doc, 1, Some(ByeKind::PairingAllocated)).is_err());
    assert!(announce(&doc, 77, Some(ByeKind::Half)).is_err());
    let after = record_round(&doc, &round, &results(&round)).unwrap();
    let one = after.players.iter().find(|p| p.start_number == 1).unwrap();
    assert_eq!(
        one.rounds.get(4).and_then(|c| c.result).map(|r| r.0),
        Some(ResultCode::ZeroPointBye)
    );
}

#[test]
fn a_pasted_list_played_to_the_end() {
    let list = "Anna Schmidt, 1850, GER\nBela Nagy\t2010\tHUN\n\n# a comment\nCarlsen, Magnus, 2830, NOR\n\
                Dina Roy; 1500\nEmil Berg\nFiona Lee, 1720, ENG\nGustav Holm, 1990, SWE\nHana Novak, 1655\nIvo Petrov, 2100, BUL\n";
    let doc = tournament_from_list(list, 5, true).unwrap();
    assert_eq!(doc.players.len(), 9);
    let first = doc.players.first().unwrap();
    assert_eq!(
        (first.name.as_str(), first.rating, first.federation.as_str()),
        ("Carlsen, Magnus", 2830, "NOR")
    );
    assert_eq!(doc.players.last().unwrap().name, "Emil Berg");
    for system in ["dutch", "dubov", "lim", "rating1992"] {
        let options = PairOptions::new(system_named(system).unwrap());
        let mut doc = doc.clone();
        for r in 1..=5 {
            let t = tournament(&doc);
            let round = pair_next(&t, &options).unwrap();
            assert_eq!(round.round, r);
            assert!(round.bye.is_some(), "9 players: a bye");
            doc = record_round(&doc, &round, &results(&round)).unwrap();
        }
        let t = tournament(&doc);
        assert!(pair_next(&t, &options).is_err(), "all rounds are paired");
        let o = overview(
            write_tournament(&doc, Format::Trf16, None)
                .unwrap()
                .as_bytes(),
            &options,
        )
        .unwrap();
        assert!(o.finished);
        let total: i64 = o.standings.iter().map(|s| i64::from(s.points.0 .0)).sum();
        assert_eq!(
            total,
            5 * 50,
            "{system}: four games and a bye worth 1 point each round"
        );
        assert!(
            check_tournament(&t, &options)
                .unwrap()
                .differences
                .is_empty(),
            "{system}"
        );
    }
    let e = tournament_from_list("A, 1800\nB, 99999\n", 5, true).unwrap_err();
    assert_eq!(e.line(), Some(2));
    let long = format!("A\n{}\n", "x".repeat(40));
    assert_eq!(
        tournament_from_list(&long, 5, true).unwrap_err().line(),
        Some(2)
    );
    assert!(tournament_from_list("A\n", 5, true).is_err());
    assert!(tournament_from_list("A\nB\n", 0, true).is_err());
}

#[test]
fn names_of_formats_and_results() {
    assert_eq!(Format::named("TRF-2026").unwrap(), Format::Trf2026);
    assert_eq!(Format::named("trf").unwrap(), Format::Trf16);
    assert!(Format::named("pgn").is_err());
    assert_eq!(GameResult::parse("½-½"), Some(GameResult::Draw));
    assert_eq!(GameResult::parse(" 1 - 0 "), Some(GameResult::WhiteWins));
    assert_eq!(
        GameResult::parse("-+"),
        Some(GameResult::BlackWinsByForfeit)
    );
    assert_eq!(GameResult::parse("2-0"), None);
    assert_eq!(ByeKind::parse("H"), Some(ByeKind::Half));
    assert_eq!(ByeKind::parse("x"), None);
}
