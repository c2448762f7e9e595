//! Issue 14 on the command line: `-p … --explain [FILE]` and `--why N[,M]`.

mod common;

use common::{path, read, run, stderr, stderr_answer, Scratch, EXAMPLE_PATH};

/// `--explain FILE` writes the explanation, `--why 10,12` answers on standard error, and the pairs on
/// standard output stay as without them.
#[test]
fn explain_and_why_say_which_rules_decided() {
    let dir = Scratch::new("explain", "why");
    let explanation = dir.join("why.txt");
    let input = EXAMPLE_PATH;
    let out = run(&[
        "--dutch",
        input,
        "-p",
        "--explain",
        path(&explanation),
        "--why",
        "10,12",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = read(&explanation);
    assert!(
        text.starts_with("Round 5, Dutch system, 2017 edition"),
        "{text}"
    );
    for article in ["[A.3]", "[A.4]", "[C.1]", "[E.1]", "[E.3]"] {
        assert!(text.contains(article), "{article}\n{text}");
    }
    let stderr_text = stderr(&out);
    assert!(
        stderr_text.contains("10 and 12 were not paired with each other"),
        "{stderr_text}"
    );
    let plain = run(&["--dutch", input, "-p"]);
    assert_eq!(out.stdout, plain.stdout);
    let one = run(&["--dutch", input, "-p", "--why", "13"]);
    let stderr_text = stderr_answer(&one);
    assert!(
        stderr_text.starts_with("13 plays 14 with Black"),
        "{stderr_text}"
    );
    assert!(stderr_text.contains("[E.3]"), "{stderr_text}");
}

/// Without -p there is no round to explain: refused (exit 3); so is a malformed question.
#[test]
fn explain_and_why_belong_to_pairing() {
    let input = EXAMPLE_PATH;
    let refused = run(&["--dutch", input, "-c", "--why", "3"]);
    assert_eq!(refused.status.code(), Some(3));
    let malformed = run(&["--dutch", input, "-p", "--why", "3,x"]);
    assert_eq!(malformed.status.code(), Some(3));
}

/// `--explain FILE --format json`: the explanation as a JSON document, for every system.
#[test]
fn explain_as_json_for_every_system() {
    let dir = Scratch::new("explain", "json");
    let input = EXAMPLE_PATH;
    for system in ["--dutch", "--dubov", "--lim", "--rating1992"] {
        let file = dir.join(format!("{}.json", system.trim_start_matches('-')));
        let pairs = dir.join("pairs.json");
        let out = run(&[
            system,
            input,
            "-p",
            path(&pairs),
            "--format",
            "json",
            "--explain",
            path(&file),
        ]);
        assert_eq!(out.status.code(), Some(0), "{system}");
        let text = read(&file);
        assert!(text.starts_with('{'), "{system}: {text}");
        assert!(
            text.contains("\"system\": \"") && text.contains("\"article\": \""),
            "{system}: {text}"
        );
        assert_eq!(text.matches("\"start_number\"").count(), 16, "{system}");
    }
}
