use super::*;
use crate::score::Score;
use crate::test_trf::normalised;

const EXAMPLE: &str = include_str!("../../../../examples/club-16p-round5.trf");

#[test]
fn detects_json() {
    assert!(is_json(b"  \n{\"players\": []}"));
    assert!(is_json(b"\xEF\xBB\xBF{"));
    assert!(!is_json(b"012 x\n001    1"));
    assert!(!is_json(b""));
}

#[test]
fn example_round_trips() {
    let trf = trf::parse(EXAMPLE).unwrap();
    let doc = trf_to_document(&trf);
    assert_eq!(doc.players.len(), 16);
    assert_eq!(doc.total_rounds, Some(6));
    let json = document_to_string(&doc).unwrap();
    let back = parse_document(json.as_bytes()).unwrap();
    assert_eq!(back, doc);
    let from_json = read_tournament(json.as_bytes()).unwrap();
    let from_trf = read_tournament(EXAMPLE.as_bytes()).unwrap();
    assert_eq!(normalised(from_json), normalised(from_trf.clone()));
    let text = convert(json.as_bytes(), None).unwrap();
    assert_eq!(
        normalised(read_tournament(text.as_bytes()).unwrap()),
        normalised(from_trf)
    );
    // And back to the same document.
    assert_eq!(convert(text.as_bytes(), None).unwrap(), json);
}

#[test]
fn every_record_kind_round_trips() {
    let player = |n: u32,
                  sex: &str,
                  title: &str,
                  name: &str,
                  rating: &str,
                  fed: &str,
                  id: &str,
                  birth: &str,
                  points: &str,
                  rank: u32,
                  rounds: &str| {
        format!(
            "001 {n:>4} {sex:1}{title:>3} {name:<33} {rating:>4} {fed:<3} {id:>11} {birth:<10} {points:>4} {rank:>4}  {rounds}\n"
        )
    };
    let text = [
        "012 All records\n092 FIDE_DUTCH_2017\n".to_string(),
        player(
            1,
            "m",
            "GM",
            "Alpha, A",
            "2500",
            "NED",
            "12345678",
            "1990/01/01",
            "1.5",
            1,
            "   2 w 1     3 b =",
        ),
        player(
            2,
            "w",
            "",
            "Beta, B",
            "2400",
            "GER",
            "",
            "",
            "0.5",
            3,
            "   1 b 0  0000 - H  0000 - H",
        ),
        player(
            3,
            "",
            "",
            "Gamma",
            "",
            "",
            "",
            "",
            "1.5",
            2,
            "0000 - U     1 w =",
        ),
        "XXR 5\nXXC black1\nXXS W=1.0 D=0.5 PAB=1.0 HPB=0.5\nXXM 1\nXXA    1  1.0  1.0\n\
250  0.5 001 002    2    3\nXXP    1    2\n260 003 005    2    3\n240 H 003    2\nXXZ    3\n"
            .to_string(),
    ]
    .concat();
    let t = read_tournament(text.as_bytes()).unwrap();
    let json = convert(text.as_bytes(), Some(true)).unwrap();
    for field in [
        "other_lines",
        "total_rounds",
        "initial_colour",
        "points",
        "maxi",
        "acceleration",
        "acceleration_ranges",
        "forbidden",
        "byes",
        "absent",
    ] {
        assert!(json.contains(&format!("\"{field}\"")), "{field} in {json}");
    }
    let from_json = read_tournament(json.as_bytes()).unwrap();
    assert_eq!(normalised(from_json), normalised(t.clone()));
    let trf_again = convert(json.as_bytes(), Some(false)).unwrap();
    assert_eq!(
        normalised(read_tournament(trf_again.as_bytes()).unwrap()),
        normalised(t)
    );
}

#[test]
fn errors_name_the_json_field() {
    let bad = r#"{"players": [{"start_number": 1, "name": "A", "rounds": [{"opponent": 7, "colour": "white", "result": "1"}]}]}"#;
    let e = read_tournament(bad.as_bytes()).unwrap_err();
    let text = e.to_string();
    assert!(text.contains("players[0]"), "{text}");
    assert_eq!(e.line(), None);

    let malformed = "{\n  \"players\": [\n    {\"start_number\": }\n  ]\n}";
    let e = read_tournament(malformed.as_bytes()).unwrap_err();
    assert_eq!(e.line(), Some(3), "{e}");

    let too_long = format!(
        r#"{{"players": [{{"start_number": 1, "name": "{}"}}]}}"#,
        "x".repeat(40)
    );
    let e = read_tournament(too_long.as_bytes()).unwrap_err();
    assert!(e.to_string().contains("players[0]"), "{e}");

    for bad in [
        r#"{"players": []}"#,
        r#"{"players": [{"start_number": 0}]}"#,
        r#"{"players": [{"start_number": 10000}]}"#,
        r#"{"players": [{"start_number": 1, "points": 1.25}]}"#,
        r#"{"players": [{"start_number": 1, "rounds": [{"result": "Q"}]}]}"#,
        r#"{"players": [{"start_number": 1}], "unknown": 1}"#,
        r#"{"players": [{"start_number": 1}], "other_lines": ["XXR 5"]}"#,
        r#"{"players": [{"start_number": 1}], "other_lines": ["a\nb"]}"#,
        r#"{"players": [{"start_number": 1}], "acceleration_ranges": [{"points": 1, "first_round": 0, "last_round": 1, "first_player": 1, "last_player": 1}]}"#,
        r#"{"players": [{"start_number": 1}], "forbidden": [{"players": [1], "first_round": 2}]}"#,
        r#"{"players": [{"start_number": 1}], "byes": [{"kind": "half", "round": 2, "players": []}]}"#,
        r#"{"players": [{"start_number": 1}], "tournament_type": " x"}"#,
        r#"{"players": [{"start_number": 1}], "total_rounds": 1000}"#,
        r#"{"players": [{"start_number": 1}], "acceleration": [{"player": 1, "points": [0]}], "absent": [2]}"#,
        "{",
        "{}",
    ] {
        let e = read_tournament(bad.as_bytes()).unwrap_err();
        assert_eq!(e.exit_code(), 3, "{bad}: {e}");
    }
}

#[test]
fn points_are_read_exactly() {
    for (text, tenths) in [
        ("2.5", 25),
        ("\"2.5\"", 25),
        ("3", 30),
        ("0.1", 1),
        ("-0.5", -5),
    ] {
        let p: Points = serde_json::from_str(text).unwrap();
        assert_eq!(p.0, Score(tenths), "{text}");
        let back = serde_json::to_string(&p).unwrap();
        let again: Points = serde_json::from_str(&back).unwrap();
        assert_eq!(again, p);
    }
}

#[test]
fn refuses_what_a_file_could_not_hold() {
    let rounds = vec![r#"{"result": "Z"}"#; 1000].join(",");
    let doc = format!(r#"{{"players": [{{"start_number": 1, "rounds": [{rounds}]}}]}}"#);
    let e = read_tournament(doc.as_bytes()).unwrap_err();
    assert!(e.to_string().contains("players[0]"), "{e}");
    let long = format!(
        r#"{{"players": [{{"start_number": 1}}], "other_lines": ["{}"]}}"#,
        "x".repeat(20_000)
    );
    assert_eq!(read_tournament(long.as_bytes()).unwrap_err().exit_code(), 3);
    let deep = format!("{{\"players\": {}", "[".repeat(10_000));
    assert_eq!(read_tournament(deep.as_bytes()).unwrap_err().exit_code(), 3);
}
