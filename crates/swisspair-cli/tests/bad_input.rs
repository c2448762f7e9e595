//! Every malformed input gets exit code 3 and a message `FILE:LINE: field: what is wrong`; never a panic,
//! never a partial output file.

mod common;

use common::{code, path, run, stderr, Scratch, EXAMPLE};

/// Pairs `bytes` as a TRF file; returns (exit code, stderr) and checks that no output file was left.
fn pair_bytes(name: &str, bytes: &[u8]) -> (i32, String) {
    let dir = Scratch::new("bad-input", name);
    let input = dir.file("in.trf", bytes);
    let output = dir.join("out.txt");
    let out = run(&["--dutch", path(&input), "-p", path(&output)]);
    let code = code(&out);
    let stderr = stderr(&out);
    assert_ne!(code, 101, "panic on {name}: {stderr}");
    if code != 0 {
        assert!(!output.exists(), "{name}: a failed run left an output file");
        let leftovers: Vec<_> = std::fs::read_dir(&dir)
            .expect("list")
            .filter_map(|e| e.ok())
            .map(|e| e.file_name())
            .filter(|n| n != "in.trf")
            .collect();
        assert!(leftovers.is_empty(), "{name}: left {leftovers:?}");
    }
    (code, stderr)
}

/// `text` with line `line` (1-based) replaced.
fn replace_line(text: &str, line: usize, new: &str) -> String {
    text.lines()
        .enumerate()
        .map(|(i, l)| {
            if i + 1 == line {
                new.to_string()
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The example with line `line` (1-based) replaced.
fn with_line(line: usize, text: &str) -> String {
    replace_line(EXAMPLE, line, text)
}

/// `text`'s line `line` with the columns from `from` (1-based) overwritten by `new`.
fn patch_text(text: &str, line: usize, from: usize, new: &str) -> String {
    let mut chars: Vec<char> = text.lines().nth(line - 1).expect("line").chars().collect();
    while chars.len() < from - 1 + new.chars().count() {
        chars.push(' ');
    }
    for (i, c) in new.chars().enumerate() {
        chars[from - 1 + i] = c;
    }
    replace_line(text, line, &chars.into_iter().collect::<String>())
}

/// The example's line `line` with the columns from `from` overwritten.
fn patch(line: usize, from: usize, text: &str) -> String {
    patch_text(EXAMPLE, line, from, text)
}

fn expect_invalid(name: &str, text: &str, line: Option<usize>, words: &[&str]) {
    let (code, stderr) = pair_bytes(name, text.as_bytes());
    assert_eq!(code, 3, "{name}: {stderr}");
    if let Some(line) = line {
        assert!(
            stderr.contains(&format!("in.trf:{line}: ")),
            "{name}: no line {line} in: {stderr}"
        );
    }
    for w in words {
        assert!(stderr.contains(w), "{name}: '{w}' not in: {stderr}");
    }
}

#[test]
fn the_example_pairs() {
    let (code, stderr) = pair_bytes("example", EXAMPLE.as_bytes());
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn empty_and_binary_files() {
    expect_invalid("empty", "", None, &["empty"]);
    expect_invalid("blank", "\n\n  \n", None, &["empty"]);
    let (code, stderr) = pair_bytes(
        "junk",
        &[0x7f, 0x45, 0x4c, 0x46, 0xff, 0x00, 0x12, 0x80, 0x0a, 0x01],
    );
    assert_eq!(code, 3, "{stderr}");
    assert!(stderr.contains("in.trf:1: encoding"), "{stderr}");
    let mut latin1 = EXAMPLE.as_bytes().to_vec();
    let at = EXAMPLE.find("Player0003").expect("name");
    latin1[at] = 0xE9;
    // Latin-1 is read, with a warning naming the first line that is not UTF-8 (issue 15).
    let (code, stderr) = pair_bytes("latin1", &latin1);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("warning: ") && stderr.contains("in.trf:4: encoding"),
        "{stderr}"
    );
}

#[test]
fn truncated_and_non_numeric_fields() {
    expect_invalid(
        "truncated",
        &with_line(3, "001    "),
        Some(3),
        &["starting number", "truncated"],
    );
    expect_invalid(
        "start-letters",
        &patch(3, 5, "  x2"),
        Some(3),
        &["starting number", "not a number"],
    );
    expect_invalid("rating", &patch(3, 49, "2a54"), Some(3), &["rating"]);
    expect_invalid("points", &patch(3, 81, " x.5"), Some(3), &["points"]);
    expect_invalid(
        "opponent",
        &patch(3, 92, "  1x"),
        Some(3),
        &["round 1 opponent"],
    );
    expect_invalid(
        "xxr",
        &with_line(18, "XXR six"),
        Some(18),
        &["XXR", "not a number"],
    );
    expect_invalid(
        "misaligned",
        &patch(3, 96, "x"),
        Some(3),
        &["round 1", "column 96"],
    );
}

#[test]
fn unknown_codes_and_colours() {
    expect_invalid(
        "result",
        &patch(3, 99, "X"),
        Some(3),
        &["round 1 result", "unknown result code 'X'"],
    );
    expect_invalid("colour", &patch(3, 97, "r"), Some(3), &["colour"]);
    expect_invalid(
        "bye-colour",
        &patch(7, 132, "w"),
        Some(7),
        &["round 5", "colour"],
    );
}

#[test]
fn inconsistent_tournaments() {
    // Player 1 meets 99, who does not exist.
    expect_invalid(
        "ghost",
        &patch(2, 92, "  99"),
        Some(2),
        &["99", "does not exist"],
    );
    // Player 1 says it met 10 in round 1; 10 says it met 2.
    expect_invalid(
        "asymmetric",
        &patch(2, 92, "  10"),
        Some(2),
        &["round 1", "player 10"],
    );
    // Same colour on both sides.
    expect_invalid(
        "same-colour",
        &patch(2, 97, "b"),
        Some(2),
        &["round 1", "black"],
    );
    // Two pairing-allocated byes in round 5.
    let two_byes = patch_text(&patch(7, 132, "0000 - U"), 8, 132, "0000 - U");
    expect_invalid(
        "two-byes",
        &two_byes,
        Some(8),
        &["second pairing-allocated bye"],
    );
    // Starting number 3 twice.
    expect_invalid(
        "duplicate",
        &patch(5, 5, "   3"),
        Some(5),
        &["starting number", "already used"],
    );
    // Points column disagrees with the results.
    expect_invalid(
        "points-mismatch",
        &patch(2, 81, " 3.5"),
        Some(2),
        &["player 1", "3.5", "2.5"],
    );
    // A game without result in the round to pair.
    expect_invalid("pending", &patch(2, 132, "  16 w  "), Some(2), &["round 5"]);
}

#[test]
fn absurd_sizes() {
    expect_invalid(
        "start-99999",
        &patch(3, 4, "99999"),
        Some(3),
        &["99999", "9999"],
    );
    let mut long = EXAMPLE.lines().nth(1).expect("line").to_string();
    for _ in 0..10_000 {
        long.push_str("  0000 - Z");
    }
    expect_invalid("10000-rounds", &with_line(2, &long), Some(2), &["999"]);
    expect_invalid("xxr-huge", &with_line(18, "XXR 10000"), Some(18), &["XXR"]);
}

#[test]
fn file_errors_are_exit_5() {
    let out = run(&["--dutch", "/nonexistent/swisspair/in.trf", "-p"]);
    assert_eq!(out.status.code(), Some(5));
    let dir = Scratch::new("bad-input", "unwritable");
    let input = dir.file("in.trf", EXAMPLE);
    let target = dir.join("missing-folder").join("out.txt");
    let out = run(&["--dutch", path(&input), "-p", path(&target)]);
    assert_eq!(out.status.code(), Some(5), "{}", stderr(&out));
    assert!(!target.exists());
}

#[test]
fn usage_errors_are_exit_3() {
    assert_eq!(run(&["--dutch"]).status.code(), Some(3));
    assert_eq!(run(&["--bogus"]).status.code(), Some(3));
    assert_eq!(run(&["--help"]).status.code(), Some(0));
    let help = common::stdout(&run(&["--help"]));
    for flag in [
        "--dutch",
        "--dubov",
        "--lim",
        "--rating1992",
        "-p",
        "-c",
        "-g",
        "-o",
        "-s",
        "-l",
        "Exit codes",
    ] {
        assert!(help.contains(flag), "--help does not document {flag}");
    }
}
