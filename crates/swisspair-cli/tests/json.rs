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
