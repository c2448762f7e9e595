//! What real tournament software writes and swisspair reads with a warning (issue 15): files in Latin-1 or
//! Windows-1252, TRF-2026 `299` records, unplayed rounds written loosely, a points column that is wrong
//! (`--trust-results`); and the messages for what stays refused. Each variant has a small file of its
//! own in `tests/data/real-variants/`.

use std::path::{Path, PathBuf};
use swisspair::tournament::{Bye, Entry};
use swisspair::trf::{self, Record};
use swisspair::{ReadOptions, Score, System, Tournament};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/real-variants")
        .join(name)
}

fn bytes(name: &str) -> Vec<u8> {
    std::fs::read(data(name)).expect("test file")
}

fn read(name: &str) -> swisspair::Result<Tournament> {
    Tournament::from_bytes(&bytes(name))
}

fn read_trusting(name: &str) -> swisspair::Result<Tournament> {
    let trf = trf::parse_bytes(&bytes(name))?;
    Tournament::from_trf_with(
        &trf,
        ReadOptions {
            trust_results: true,
        },
    )
}

fn pairs(t: &Tournament) -> String {
    System::Dutch
        .pair(t)
        .expect("a pairing")
        .to_engine_output(t)
}

fn score(t: &Tournament, start_number: u32) -> Score {
    let i = t.index_of(start_number).expect("player");
    t.score_after(i, t.rounds_played)
}

#[test]
fn latin1_file_is_read_with_one_warning_naming_the_first_line() {
    let t = read("latin1-names.trf").expect("a Latin-1 file reads");
    let encoding: Vec<&String> = t
        .warnings
        .iter()
        .filter(|w| w.contains("not UTF-8"))
        .collect();
    assert_eq!(encoding.len(), 1, "{:?}", t.warnings);
    assert!(
        encoding[0].starts_with("1: encoding: column 25"),
        "{encoding:?}"
    );
    let names: Vec<&str> = t.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Müller, Jürgen",
            "Ødegaard, Søren",
            "Núñez, José",
            // Š and Ž are Windows-1252 (0x8A, 0x8E), not Latin-1.
            "Šerbedžija, Žarko",
            "Françoise, Anaïs",
            "Ærø, Bjørn",
            "Große, Grüße",
            "Ñandú, Iñaki",
        ]
    );
    assert_eq!(pairs(&t), "4\n1 3\n6 4\n2 5\n8 7\n");
}

#[test]
fn latin1_file_read_then_written_keeps_its_names() {
    let parsed = trf::parse_bytes(&bytes("latin1-names.trf")).expect("reads");
    let written = trf::write(&parsed);
    for name in ["Müller, Jürgen", "Šerbedžija, Žarko", "Ñandú, Iñaki"] {
        assert!(written.contains(name), "{name} lost:\n{written}");
    }
    assert!(
        written.starts_with("012 Offenes Turnier in Köln\n"),
        "{written}"
    );
    // Written as UTF-8, the file reads back the same, without the encoding warning.
    let again = trf::parse_bytes(written.as_bytes()).expect("reads back");
    assert!(again.warnings.is_empty(), "{:?}", again.warnings);
    let names =
        |t: &trf::Trf| -> Vec<String> { t.players().map(|(_, p)| p.name.clone()).collect() };
    assert_eq!(names(&parsed), names(&again));
}

#[test]
fn a_file_mixing_utf8_and_latin1_lines_keeps_both() {
    let mut file = "012 Zürich Open\n".as_bytes().to_vec();
    let body = std::fs::read_to_string(data("loose-unplayed-rounds.trf")).expect("utf-8");
    let body = body.replace("Player One  ", "Jörg Brändli");
    let start = body.find("001").expect("players");
    file.extend_from_slice(&body.as_bytes()[start..]);
    // The first player's name in Latin-1 bytes:
    let latin1: Vec<u8> = "Jörg Brändli".chars().map(|c| c as u32 as u8).collect();
    let utf8 = "Jörg Brändli".as_bytes().to_vec();
    let at = file
        .windows(utf8.len())
        .position(|w| w == utf8.as_slice())
        .expect("name");
    file.splice(at..at + utf8.len(), latin1);
    let t = Tournament::from_bytes(&file).expect("reads");
    assert_eq!(t.players[0].name, "Jörg Brändli");
    let parsed = trf::parse_bytes(&file).expect("reads");
    assert_eq!(parsed.lines[0].text, "012 Zürich Open");
    assert!(
        parsed.warnings[0].starts_with("2: encoding"),
        "{:?}",
        parsed.warnings
    );
}

#[test]
fn binary_input_is_still_refused() {
    for bytes in [
        &b"\x00\x01\x02\xff\xfe\x00001    1"[..],
        b"001    1 \xff\x07\x08 binary",
        // UTF-16 with its byte-order mark.
        b"\xff\xfe0\x000\x001\x00",
    ] {
        let e = trf::parse_bytes(bytes).expect_err("binary");
        assert_eq!(e.exit_code(), 3);
        assert!(e.to_string().contains("not a text file"), "{e}");
        assert!(e.line().is_some(), "{e}");
    }
}

#[test]
fn loose_unplayed_rounds_are_read_as_the_bye_the_points_column_says() {
    let t = read("loose-unplayed-rounds.trf").expect("reads");
    let entry = |n: u32, round: usize| t.players[t.index_of(n).expect("player")].entries[round - 1];
    // `      -` and an empty cell, 0.5 more in the points column than the results: half-point byes.
    assert_eq!(entry(6, 2), Entry::Bye(Bye::Half));
    assert_eq!(entry(7, 2), Entry::Bye(Bye::Half));
    // `      -` where the points column agrees with the results as written: unchanged.
    assert_eq!(entry(8, 2), Entry::Bye(Bye::ForfeitLoss));
    let loose: Vec<&String> = t
        .warnings
        .iter()
        .filter(|w| w.contains("read as the bye"))
        .collect();
    assert_eq!(loose.len(), 1, "one warning per file: {:?}", t.warnings);
    assert!(
        loose[0].starts_with("8: ")
            && loose[0].contains("player 6 (line 8) round 2: half-point bye")
            && loose[0].contains("player 7 (line 9) round 2: half-point bye")
            && !loose[0].contains("player 8"),
        "{loose:?}"
    );
    assert_eq!(score(&t, 6), Score(10));
    assert_eq!(pairs(&t), "4\n1 4\n3 6\n5 2\n7 8\n");
}

#[test]
fn loose_unplayed_rounds_the_points_column_cannot_decide_are_refused() {
    let e = read("loose-unplayed-undecidable.trf").expect_err("undecidable");
    assert_eq!(e.line(), Some(8));
    let text = e.to_string();
    assert!(
        text.contains("player 6 has 1.0 but the results add up to 0.5")
            && text.contains("rounds 2, 3")
            && text.contains("--trust-results"),
        "{text}"
    );
    // With --trust-results the results' score counts, with a warning.
    let t = read_trusting("loose-unplayed-undecidable.trf").expect("trusted");
    assert_eq!(score(&t, 6), Score(5));
    assert!(
        t.warnings.iter().any(|w| w.contains("--trust-results")),
        "{:?}",
        t.warnings
    );
}

#[test]
fn trf26_299_bonus_and_penalty_are_added_to_the_round() {
    let t = read("trf26-299-bonus-penalty.trf").expect("reads");
    // Player 4: a win and a draw (1.5) and a bonus of 1.0 in round 1; player 2: a draw and a loss (0.5)
    // and a penalty of 0.5 in round 2.
    assert_eq!(score(&t, 4), Score(25));
    assert_eq!(score(&t, 2), Score(0));
    let p4 = t.index_of(4).expect("player");
    assert_eq!(t.points_in(p4, 1), Score(20));
    assert_eq!(pairs(&t), "4\n1 4\n3 6\n2 5\n8 7\n");
    // The record is kept and written back.
    let parsed = trf::parse_bytes(&bytes("trf26-299-bonus-penalty.trf")).expect("reads");
    assert!(trf::write(&parsed).contains("\n299          -0.5    2    2\n"));
}

#[test]
fn trf26_299_gives_a_kind_of_result_another_value() {
    let t = read("trf26-299-result-value.trf").expect("reads");
    // `299 F ... 0.5 round 2`: the full-point bye of round 2 is worth half a point.
    assert_eq!(score(&t, 6), Score(10));
    // The zero-point bye of the same round is not touched.
    assert_eq!(score(&t, 7), Score(0));
    pairs(&t);
}

#[test]
fn trf26_299_record_is_read_by_its_columns() {
    let record = trf::parse_line("299 W   3.0   1.5  12    3    7", 4).expect("reads");
    let Record::AbnormalPoints(a) = record else {
        panic!("{record:?}");
    };
    assert_eq!(a.kind, Some('W'));
    assert_eq!(a.match_points, Some(Score(30)));
    assert_eq!(a.points, Some(Score(15)));
    assert_eq!(a.round, Some(12));
    assert_eq!(a.players, vec![3, 7]);
    let every = trf::parse_line("299 -   1.0", 4).expect("reads");
    let Record::AbnormalPoints(a) = every else {
        panic!("{every:?}");
    };
    assert_eq!((a.round, a.players.is_empty()), (None, true));
    for (bad, field) in [
        ("299 Q         1.0    1    2", "column 5"),
        ("299          x.5    1    2", "columns 14-17"),
        ("299           1.0    1    2x", "299 player"),
        ("299                  1    2", "no points"),
    ] {
        let e = trf::parse_line(bad, 9).expect_err(bad);
        assert_eq!(e.line(), Some(9));
        assert!(e.to_string().contains(field), "{bad}: {e}");
    }
    // A player the file does not hold.
    let text = std::fs::read_to_string(data("trf26-299-bonus-penalty.trf")).expect("utf-8");
    let text = text.replace("299           1.0    1    4", "299           1.0    1   44");
    let e = Tournament::from_bytes(text.as_bytes()).expect_err("no player 44");
    assert_eq!(e.line(), Some(4));
}

#[test]
fn trust_results_recomputes_a_wrong_points_column_with_a_warning() {
    let e = read("points-column-zero.trf").expect_err("refused without the option");
    assert_eq!(e.line(), Some(3));
    assert!(
        e.to_string()
            .contains("player 1 has 0.0 but the results add up to 2.0")
            && e.to_string().contains("--trust-results"),
        "{e}"
    );
    let t = read_trusting("points-column-zero.trf").expect("trusted");
    assert_eq!(score(&t, 1), Score(20));
    let trusted: Vec<&String> = t
        .warnings
        .iter()
        .filter(|w| w.contains("--trust-results"))
        .collect();
    assert_eq!(trusted.len(), 1, "{:?}", t.warnings);
    assert!(trusted[0].contains("for 6 player(s)"), "{trusted:?}");
    // The same pairing as the file with its points column filled in.
    assert_eq!(pairs(&t), pairs(&read("latin1-names.trf").expect("reads")));
}

#[test]
fn point_system_values_of_ten_and_more_are_read_by_their_columns() {
    let record = trf::parse_line("162  W10.0    D 5.0    L 0.0    P10.0", 1).expect("reads");
    let Record::PointValues(values) = record else {
        panic!("{record:?}");
    };
    assert!(values.contains(&(trf::PointKey::WinWhite, Score(100))));
    assert!(values.contains(&(trf::PointKey::DrawBlack, Score(50))));
    assert!(values.contains(&(trf::PointKey::PairingAllocatedBye, Score(100))));
}

#[test]
fn refusals_say_what_to_do() {
    let base = std::fs::read_to_string(data("points-column-zero.trf")).expect("utf-8");
    // A team tournament is named as such before any of its player records is read.
    let team = format!("192 FIDE_TEAM_TYPEA_MP_GP\n{base}001    9 broken\n");
    let e = Tournament::from_bytes(team.as_bytes()).expect_err("team");
    assert_eq!(e.line(), Some(1));
    assert!(
        e.to_string().contains(
            "a team tournament (192 FIDE_TEAM_TYPEA_MP_GP): pair it with the team system (--team, C.04.6)"
        ),
        "{e}"
    );
    let team = format!("{base}310   1 Team One\n");
    let e = Tournament::from_bytes(team.as_bytes()).expect_err("team records");
    assert!(
        e.to_string()
            .contains("a team tournament (310 team records)"),
        "{e}"
    );
    // A round paired but without results.
    let pending = base
        .replace("     3 w =", "     3 w  ")
        .replace("     4 b =", "     4 b  ");
    let e = Tournament::from_bytes(pending.as_bytes()).expect_err("no results");
    assert!(
        e.to_string()
            .contains("round 2 is paired but has no results — enter them first"),
        "{e}"
    );
}
