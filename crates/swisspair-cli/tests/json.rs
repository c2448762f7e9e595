//! JSON on the command line: `-p --format json`, `-c --format json`, a JSON tournament as input, and
//! `convert IN OUT` both ways.

use std::path::PathBuf;
use std::process::{Command, Output};

const EXAMPLE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../examples/club-16p-round5.trf"
);

fn workdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("swisspair-json-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temporary folder");
    dir
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_swisspair"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
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
    let out = run(&["convert", EXAMPLE, json.to_str().expect("utf-8")]);
    assert!(out.status.success(), "{out:?}");
    let out = run(&[
        "convert",
        json.to_str().expect("utf-8"),
        trf.to_str().expect("utf-8"),
    ]);
    assert!(out.status.success(), "{out:?}");
    let expected = stdout(&run(&["--dutch", EXAMPLE, "-p"]));
    for input in [&json, &trf] {
        let out = run(&["--dutch", input.to_str().expect("utf-8"), "-p"]);
        assert!(out.status.success(), "{out:?}");
        assert_eq!(stdout(&out), expected);
    }
    // Without an extension that names a format: the other format than the input's.
    let plain = dir.join("t-out");
    assert!(run(&[
        "convert",
        trf.to_str().expect("utf-8"),
        plain.to_str().expect("utf-8")
    ])
    .status
    .success());
    let text = std::fs::read_to_string(&plain).expect("written");
    assert!(text.starts_with('{'));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_as_json_and_bad_json_input() {
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/dutch/dutch-101p-9r-s1109.trf"
    );
    let out = run(&["--dutch", fixture, "-c", "--format", "json"]);
    assert!(out.status.success(), "{out:?}");
    let value: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(value["rounds"], 9);
    assert_eq!(value["differences"], serde_json::json!([]));

    let dir = workdir("bad");
    let bad = dir.join("bad.json");
    std::fs::write(
        &bad,
        "{\"players\": [{\"start_number\": 1, \"rating\": \"x\"}]}",
    )
    .expect("write");
    let out = run(&["--dutch", bad.to_str().expect("utf-8"), "-p"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains(":1: JSON"),
        "{out:?}"
    );
    let out = run(&["--dutch", EXAMPLE, "-p", "--format", "yaml"]);
    assert_eq!(out.status.code(), Some(3));
    let _ = std::fs::remove_dir_all(&dir);
}
