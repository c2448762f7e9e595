//! JSON on the command line: `-p --format json`, `-c --format json`, a JSON tournament as input, and
//! `convert IN OUT` both ways.

mod common;

use common::{path, read, run, stderr, stdout, Scratch, EXAMPLE_PATH as EXAMPLE};

fn workdir(name: &str) -> Scratch {
    Scratch::new("json", name)
}

#[test]
fn pairing_as_json_has_the_engine_pairs() {
    let text = run(&["--dutch", EXAMPLE, "-p"]);
    assert!(text.status.success());
    let json = run(&["--dutch", EXAMPLE, "-p", "--format", "json"]);
    assert!(json.status.success());
    let value: serde_json::Value = serde_json::from_str(&stdout(&json)).expect("JSON");
    assert_eq!(value["system"], "dutch");
    assert_eq!(value["edition"], 2017);
    assert_eq!(value["round"], 5);
    let boards = value["boards"].as_array().expect("boards");
    let mut lines = vec![boards.len().to_string()];
    for (i, b) in boards.iter().enumerate() {
        assert_eq!(b["board"], i + 1);
        assert!(b["white"]["name"]
            .as_str()
            .is_some_and(|n| n.starts_with("Test")));
        lines.push(format!(
            "{} {}",
            b["white"]["start_number"], b["black"]["start_number"]
        ));
    }
    assert!(value["bye"].is_null());
    assert_eq!(lines.join("\n") + "\n", stdout(&text));
}

#[test]
fn convert_both_ways_and_pair_from_json() {
    let dir = workdir("convert");
    let json = dir.join("t.json");
    let trf = dir.join("t.trf");
    let out = run(&["convert", EXAMPLE, path(&json)]);
    assert!(out.status.success(), "{out:?}");
    let out = run(&["convert", path(&json), path(&trf)]);
    assert!(out.status.success(), "{out:?}");
    let expected = stdout(&run(&["--dutch", EXAMPLE, "-p"]));
    for input in [&json, &trf] {
        let out = run(&["--dutch", path(input), "-p"]);
        assert!(out.status.success(), "{out:?}");
        assert_eq!(stdout(&out), expected);
    }
    // Without an extension that names a format: the other format than the input's.
    let plain = dir.join("t-out");
    assert!(run(&["convert", path(&trf), path(&plain)]).status.success());
    let text = read(&plain);
    assert!(text.starts_with('{'));
}

#[test]
fn check_as_json_and_bad_json_input() {
    let fixture = common::data("dutch/dutch-101p-9r-s1109.trf");
    let out = run(&["--dutch", path(&fixture), "-c", "--format", "json"]);
    assert!(out.status.success(), "{out:?}");
    let value: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(value["rounds"], 9);
    assert_eq!(value["differences"], serde_json::json!([]));

    let dir = workdir("bad");
    let bad = dir.file(
        "bad.json",
        "{\"players\": [{\"start_number\": 1, \"rating\": \"x\"}]}",
    );
    let out = run(&["--dutch", path(&bad), "-p"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).contains(":1: JSON"), "{out:?}");
    let out = run(&["--dutch", EXAMPLE, "-p", "--format", "yaml"]);
    assert_eq!(out.status.code(), Some(3));
}

/// Team Swiss: `--team -p --format json` (system team, edition 2026, a board a match), the report's
/// edition, and `convert` keeping the teams (TRF → JSON → TRF pairs and checks alike).
#[test]
fn team_tournaments_as_json_and_converted() {
    let team = format!(
        "{}/../../tests/data/team/sharly/team_round2.trf",
        env!("CARGO_MANIFEST_DIR")
    );
    let json = run(&["--team", &team, "-p", "--format", "json"]);
    assert!(json.status.success(), "{}", stderr(&json));
    let value: serde_json::Value = serde_json::from_str(&stdout(&json)).expect("JSON");
    assert_eq!(
        (value["system"].as_str(), value["edition"].as_u64()),
        (Some("team"), Some(2026))
    );
    let matches: Vec<(u64, u64)> = value["boards"]
        .as_array()
        .expect("boards")
        .iter()
        .filter_map(|b| {
            Some((
                b["white"]["start_number"].as_u64()?,
                b["black"]["start_number"].as_u64()?,
            ))
        })
        .collect();
    assert_eq!(matches, [(3, 1), (4, 2)]);
    let report = run(&["--team", &team, "-c", "--format", "json"]);
    let report: serde_json::Value = serde_json::from_str(&stdout(&report)).expect("JSON");
    assert_eq!(report["edition"], 2026);
    let dir = workdir("team");
    let doc = dir.join("team.json");
    let back = dir.join("team.trf");
    assert!(run(&["convert", &team, path(&doc)]).status.success());
    assert!(read(&doc).contains("\"teams\""));
    assert!(run(&["convert", path(&doc), path(&back)]).status.success());
    for args in [["-p"], ["-c"]] {
        let a = run(&["--team", &team, args[0]]);
        let b = run(&["--team", path(&back), args[0]]);
        assert_eq!(stdout(&a), stdout(&b));
        // The JSON document is read as the team tournament too (its code chooses the system).
        let c = run(&[path(&doc), args[0]]);
        assert_eq!(stdout(&a), stdout(&c), "{}", stderr(&c));
    }
}
