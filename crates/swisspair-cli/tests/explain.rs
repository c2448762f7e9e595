//! Issue 14 on the command line: `-p … --explain [FILE]` and `--why N[,M]`.

use std::path::PathBuf;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_swisspair"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn example() -> String {
    concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/club-16p-round5.trf"
    )
    .to_string()
}

/// `--explain FILE` writes the explanation, `--why 10,12` answers on standard error, and the pairs on
/// standard output stay as without them.
#[test]
fn explain_and_why_say_which_rules_decided() {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("swisspair-explain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let explanation = dir.join("why.txt");
    let input = example();
    let out = run(&[
        "--dutch",
        &input,
        "-p",
        "--explain",
        explanation.to_str().expect("utf-8"),
        "--why",
        "10,12",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = std::fs::read_to_string(&explanation).expect("the explanation is written");
    assert!(
        text.starts_with("Round 5, Dutch system, 2017 edition"),
        "{text}"
    );
    for article in ["[A.3]", "[A.4]", "[C.1]", "[E.1]", "[E.3]"] {
        assert!(text.contains(article), "{article}\n{text}");
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("10 and 12 were not paired with each other"),
        "{stderr}"
    );
    let plain = run(&["--dutch", &input, "-p"]);
    assert_eq!(out.stdout, plain.stdout);
    let one = run(&["--dutch", &input, "-p", "--why", "13"]);
    let stderr = String::from_utf8_lossy(&one.stderr);
    assert!(stderr.starts_with("13 plays 14 with Black"), "{stderr}");
    assert!(stderr.contains("[E.3]"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Without -p there is no round to explain: refused (exit 3); so is a malformed question.
#[test]
fn explain_and_why_belong_to_pairing() {
    let input = example();
    let refused = run(&["--dutch", &input, "-c", "--why", "3"]);
    assert_eq!(refused.status.code(), Some(3));
    let malformed = run(&["--dutch", &input, "-p", "--why", "3,x"]);
    assert_eq!(malformed.status.code(), Some(3));
}

/// `--explain FILE --format json`: the explanation as a JSON document, for every system.
#[test]
fn explain_as_json_for_every_system() {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("swisspair-explain-json-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let input = example();
    for system in ["--dutch", "--dubov", "--lim", "--rating1992"] {
        let path = dir.join(format!("{}.json", system.trim_start_matches('-')));
        let pairs = dir.join("pairs.json");
        let out = run(&[
            system,
            &input,
            "-p",
            pairs.to_str().expect("utf-8"),
            "--format",
            "json",
            "--explain",
            path.to_str().expect("utf-8"),
        ]);
        assert_eq!(out.status.code(), Some(0), "{system}");
        let text = std::fs::read_to_string(&path).expect("written");
        assert!(text.starts_with('{'), "{system}: {text}");
        assert!(
            text.contains("\"system\": \"") && text.contains("\"article\": \""),
            "{system}: {text}"
        );
        assert_eq!(text.matches("\"start_number\"").count(), 16, "{system}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
