//! Issue 17: what a caller written for bbpPairings depends on, and what an arbiter needs to see.
//!
//! - 1: `-p OUT` failing empties an OUT left by an earlier run;
//! - 2: `-c` exits 0 when the check ran (`--strict`: 6);
//! - 3: `-r`, `-l` without a name, `-l` with `-c` and `-g`, `MODEL.trf -g`, flags outside their command
//!   refused or warned about;
//! - 4: the checklist (grouped by score, aligned, `Cur`, written also without a valid pairing);
//! - 5: `-c`'s report, pair beside pair;
//! - 6: warnings that leave the exit code alone;
//! - 8: the licence files.

use std::path::Path;

mod common;

use common::cases::Trf;
use common::{code, ok, pair_with_checklist, path, read, run, stderr, stdout, Scratch, EXAMPLE};

fn scratch(name: &str) -> Scratch {
    Scratch::new("dropin", name)
}

/// Two players who met in round 1, of three rounds: round 2 has no valid pairing.
fn unpairable() -> String {
    Trf::new(&[2200, 2100])
        .title("two players")
        .round(&[(1, 2, '1')], &[])
        .line("XXR 3")
        .line("XXC white1")
        .text()
}

/// The example with the lines of player `n` changed by `edit`.
fn edit_player(text: &str, n: u32, edit: impl Fn(&str) -> String) -> String {
    let prefix = format!("001 {n:>4} ");
    text.lines()
        .map(|l| {
            if l.starts_with(&prefix) {
                edit(l)
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// The example with round 4's pairs 1-5 and 4-3 (both draws) recorded as 1-3 and 4-5.
fn example_with_other_pairs() -> String {
    let t = edit_player(EXAMPLE, 1, |l| l.replace("     5 w =", "     3 w ="));
    let t = edit_player(&t, 5, |l| l.replace("     1 b =", "     4 b ="));
    let t = edit_player(&t, 4, |l| l.replace("     3 w =", "     5 w ="));
    edit_player(&t, 3, |l| l.replace("     4 b =", "     1 b ="))
}

/// The example with round 4's pair 1-5 recorded with the colours swapped.
fn example_with_swapped_colours() -> String {
    let t = edit_player(EXAMPLE, 1, |l| l.replace("     5 w =", "     5 b ="));
    edit_player(&t, 5, |l| l.replace("     1 b =", "     1 w ="))
}

// 1. A stale output file.

#[test]
fn a_failed_pairing_empties_the_output_of_an_earlier_run() {
    let dir = scratch("stale");
    let good = dir.file("good.trf", EXAMPLE);
    let bad = dir.file("bad.trf", EXAMPLE.replace("2.5    1", "9.5    1"));
    let none = dir.file("none.trf", unpairable());
    let out = dir.join("out.txt");
    // Success: the pairs, written atomically.
    let paired = run(&["--dutch", path(&good), "-p", path(&out)]);
    ok(&paired);
    let pairs = read(&out);
    assert!(pairs.starts_with("7\n"), "{pairs}");
    // No valid pairing (exit 1), then invalid input (exit 3): the old pairs are gone each time.
    for (input, expected) in [(&none, 1), (&bad, 3)] {
        std::fs::write(&out, &pairs).expect("stale output");
        let failed = run(&["--dutch", path(input), "-p", path(&out)]);
        assert_eq!(code(&failed), expected, "{}", stderr(&failed));
        assert_eq!(read(&out), "", "{input:?} left the earlier pairs");
        assert!(stderr(&failed).contains("emptied"), "{}", stderr(&failed));
    }
    // Without an earlier file: left empty when no valid pairing exists (as bbpPairings leaves it), not
    // created for invalid input; the input is never emptied.
    let fresh = dir.join("fresh.txt");
    assert_eq!(code(&run(&["--dutch", path(&bad), "-p", path(&fresh)])), 3);
    assert!(!fresh.exists());
    assert_eq!(code(&run(&["--dutch", path(&none), "-p", path(&fresh)])), 1);
    assert_eq!(read(&fresh), "");
    assert_eq!(code(&run(&["--dutch", path(&bad), "-p", path(&bad)])), 3);
    assert!(!read(&bad).is_empty());
}

// 2. `-c`'s exit code.

#[test]
fn check_exits_0_when_it_ran_and_6_with_strict() {
    let dir = scratch("check-exit");
    let input = dir.file("in.trf", example_with_other_pairs());
    let out = run(&["--dutch", path(&input), "-c"]);
    ok(&out);
    assert!(
        stdout(&out).ends_with("4 rounds checked, 1 differ\n"),
        "{}",
        stdout(&out)
    );
    let strict = run(&["--dutch", path(&input), "-c", "--strict"]);
    assert_eq!(code(&strict), 6, "{}", stderr(&strict));
    assert_eq!(stdout(&strict), stdout(&out));
    // A file that checks clean is 0 either way.
    std::fs::write(&input, EXAMPLE).expect("input");
    assert_eq!(code(&run(&["--dutch", path(&input), "-c", "--strict"])), 0);
    let help = stdout(&run(&["--help"]));
    assert!(
        help.contains("--strict") && help.contains("-c exits 0"),
        "{help}"
    );
}

// 3. The flags of the reference engines.

#[test]
fn r_prints_the_version_line() {
    for args in [&["-r"][..], &[][..]] {
        let out = run(args);
        assert_eq!(code(&out), 0, "{args:?}: {}", stderr(&out));
        let first = stdout(&out).lines().next().unwrap_or_default().to_string();
        assert!(
            first.starts_with(&format!("swisspair {}", env!("CARGO_PKG_VERSION")))
                && first.contains("build"),
            "{first}"
        );
    }
    // Before a command's own output.
    let dir = scratch("r");
    let input = dir.file("in.trf", EXAMPLE);
    let out = run(&["-r", "--dutch", path(&input), "-p"]);
    ok(&out);
    let text = stdout(&out);
    assert!(
        text.starts_with("swisspair ") && text.contains("\n7\n"),
        "{text}"
    );
}

#[test]
fn l_without_a_name_writes_next_to_the_input_and_with_c_and_g_every_round() {
    let dir = scratch("list");
    let input = dir.file("club.trf", EXAMPLE);
    let list = dir.join("club.list");
    // -p -l: the checklist of the round paired, as bbpPairings names it.
    let out = run(&["--dutch", path(&input), "-p", "-l"]);
    ok(&out);
    assert!(read(&list).contains("# round 5;"), "{}", read(&list));
    std::fs::remove_file(&list).expect("removed");
    // -c -l: every round.
    let out = run(&["--dutch", path(&input), "-c", "-l"]);
    ok(&out);
    let text = read(&list);
    for round in 1..=4 {
        assert!(text.contains(&format!("# round {round}")), "{text}");
    }
    assert!(!text.contains("# round 5"), "{text}");
    // -c -l NAME.
    let named = dir.join("named.txt");
    let out = run(&["--dutch", path(&input), "-c", "-l", path(&named)]);
    ok(&out);
    assert_eq!(read(&named), text);
    // -g -l: next to the generated file, every round.
    let generated = dir.join("gen.trf");
    let out = run(&["--dutch", "-g", "-o", path(&generated), "-s", "3", "-l"]);
    ok(&out);
    let text = read(&dir.join("gen.list"));
    assert!(text.contains("# round 1;") && text.contains("# round 9 (last round)"));
}

#[test]
fn a_model_tournament_gives_its_players_to_the_generator() {
    let dir = scratch("model");
    let model = dir.file("model.trf", EXAMPLE);
    let (a, b) = (dir.join("a.trf"), dir.join("b.trf"));
    for f in [&a, &b] {
        let out = run(&["--dutch", path(&model), "-g", "-o", path(f), "-s", "7"]);
        ok(&out);
    }
    let text = read(&a);
    assert_eq!(text, read(&b), "the same seed gives the same file");
    assert!(text.starts_with("012 swisspair example"), "{text}");
    assert!(
        text.contains("\nXXR 4\n"),
        "the model's four rounds: {text}"
    );
    let t = swisspair::Tournament::from_bytes(text.as_bytes()).expect("reads back");
    assert_eq!(t.players.len(), 16);
    assert_eq!(t.rounds_played, 4);
    let first = t.players.first().expect("players");
    assert_eq!(
        (first.name.as_str(), first.rating),
        ("Test0001 Player0001", 2610)
    );
    // swisspair's checker agrees with every round.
    let out = run(&["--dutch", path(&a), "-c"]);
    assert!(stdout(&out).ends_with("4 rounds checked, 0 differ\n"));
    // A player without a rating cannot play by the ratings: refused, naming the line.
    std::fs::write(&model, EXAMPLE.replace(" 1646 ", "    0 ")).expect("model");
    let out = run(&["--dutch", path(&model), "-g", "-o", path(&a), "-s", "7"]);
    assert_eq!(code(&out), 3, "{}", stderr(&out));
    assert!(
        stderr(&out).contains("model.trf:17: rating"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn flags_outside_their_command_are_refused_or_warned_about() {
    let dir = scratch("flags");
    let input = dir.file("in.trf", EXAMPLE);
    let config = dir.file("config.txt", "PlayersNumber=10\nRoundsNumber=3\n");
    let generated = dir.join("gen.trf");
    let (i, c, g) = (path(&input), path(&config), path(&generated));
    for (args, words) in [
        (vec!["--dutch", i, "-p", "-s", "5"], "-s 5"),
        (vec!["--dutch", i, "-c", "-s", "5"], "-s 5"),
        (vec!["--dutch", i, "-p", "-o", g], "-o"),
        (vec!["--dutch", i, "-p", "--strict"], "--strict"),
        (vec!["--dutch", i, "-p", "-c"], "exclude each other"),
        (vec!["--dutch", "-g", "-c", "-o", g], "exclude each other"),
        (vec!["--dutch", i, "-g", c, "-o", g], "not both"),
        (vec!["--dutch", i, "-p", "-l", i], "overwrite the input"),
    ] {
        let out = run(&args);
        assert_eq!(code(&out), 3, "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(words), "{args:?}: {}", stderr(&out));
        assert!(!generated.exists(), "{args:?}");
    }
    // --maxi means something to the Lim system only: said, and the pairing goes on.
    let out = run(&["--dutch", "--maxi", i, "-p"]);
    ok(&out);
    assert!(stderr(&out).contains("warning: --maxi"), "{}", stderr(&out));
}

// 4. The checklist.

#[test]
fn the_checklist_is_grouped_by_score_aligned_and_shows_this_rounds_pairs() {
    let dir = scratch("checklist");
    let input = dir.file("in.trf", EXAMPLE);
    let list = dir.join("list.txt");
    let pairs = dir.join("pairs.txt");
    let out = pair_with_checklist(&["--dutch"], &input, &pairs, &list);
    ok(&out);
    let text = read(&list);
    let lines: Vec<&str> = text.lines().collect();
    let header = lines
        .iter()
        .find(|l| l.starts_with("SNo"))
        .expect("a header line");
    let cur = header.find("Cur").expect("a Cur column");
    let rows: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert_eq!(rows.len(), 16, "{text}");
    // Aligned: every row's Cur cell starts under the header's.
    for r in &rows {
        assert!(
            r.get(cur - 1..cur) == Some(" ") && r.get(cur..cur + 1) != Some(" "),
            "not aligned: {r}\n{header}"
        );
    }
    // Cur: each paired player's opponent and colour, as in the pairs written.
    let written = read(&pairs);
    for pair in written.lines().skip(1) {
        let (w, b) = pair.split_once(' ').expect("white black");
        let row = |n: &str| {
            rows.iter()
                .find(|r| r.split_whitespace().next() == Some(n))
                .map(|r| r.get(cur..).unwrap_or("").split_whitespace().next())
                .unwrap_or_default()
                .unwrap_or_default()
                .to_string()
        };
        if b == "0" {
            assert_eq!(row(w), "bye");
        } else {
            assert_eq!(row(w), format!("{b}W"));
            assert_eq!(row(b), format!("{w}B"));
        }
    }
    // Players 6 and 7 announced a half-point bye and an absence: listed apart, with it.
    let absent = text
        .split("# not paired in this round")
        .nth(1)
        .expect("section");
    assert!(
        absent.contains("absent(H)") && absent.contains("absent(Z)"),
        "{text}"
    );
    // Grouped by score: pairing scores do not rise down the table, a blank line between groups.
    let paired = text.split("# not paired").next().unwrap_or_default();
    let mut groups: Vec<Vec<String>> = vec![Vec::new()];
    for l in paired.lines().skip_while(|l| !l.starts_with("SNo")).skip(1) {
        if l.trim().is_empty() {
            if groups.last().is_some_and(|g| !g.is_empty()) {
                groups.push(Vec::new());
            }
        } else if let Some(g) = groups.last_mut() {
            g.push(l.split_whitespace().nth(2).unwrap_or_default().to_string());
        }
    }
    groups.retain(|g| !g.is_empty());
    let scores: Vec<f64> = groups
        .iter()
        .map(|g| {
            assert!(
                g.windows(2).all(|w| w[0] == w[1]),
                "one score per group: {g:?}"
            );
            g[0].parse().expect("a score")
        })
        .collect();
    assert!(scores.len() >= 3, "{text}");
    assert!(scores.windows(2).all(|w| w[0] > w[1]), "{scores:?}");
}

#[test]
fn the_checklist_is_written_when_no_valid_pairing_exists() {
    let dir = scratch("checklist-none");
    let input = dir.file("in.trf", unpairable());
    let list = dir.join("list.txt");
    let out = run(&["--dutch", path(&input), "-p", "-l", path(&list)]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let text = read(&list);
    assert!(text.contains("# round 2"), "{text}");
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert_eq!(rows.len(), 2, "{text}");
    for r in rows {
        // Cur is `-`: nobody was paired; the opponent met is listed.
        let cells: Vec<&str> = r.split_whitespace().collect();
        assert_eq!(cells.get(10), Some(&"-"), "{r}");
    }
}

// 5. `-c`'s report.

fn row(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

#[test]
fn check_lists_each_differing_pair_beside_swisspairs_and_marks_colours() {
    let dir = scratch("check-report");
    let input = dir.file("in.trf", example_with_other_pairs());
    let text = stdout(&run(&["--dutch", path(&input), "-c"]));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.first(),
        Some(&"round 4: 2 of 8 pairs differ"),
        "{text}"
    );
    assert_eq!(row(lines[1]), ["file", "swisspair"]);
    assert_eq!(row(lines[2]), ["1-3", "1-5"], "{text}");
    assert_eq!(row(lines[3]), ["4-5", "4-3"], "{text}");
    std::fs::write(&input, example_with_swapped_colours()).expect("input");
    let text = stdout(&run(&["--dutch", path(&input), "-c"]));
    assert!(
        text.starts_with("round 4: 1 of 8 pairs differ (1 in colours only)\n"),
        "{text}"
    );
    let line = text.lines().nth(2).unwrap_or_default();
    assert_eq!(row(line), ["5-1", "1-5", "colours", "only"], "{text}");
}

// 6. Warnings.

#[test]
fn silent_assumptions_are_warned_about_and_the_exit_code_is_unchanged() {
    let dir = scratch("warnings");
    let input = dir.join("in.trf");
    let out_file = dir.join("out.txt");
    // The example naming its edition: only what a case leaves out is warned about.
    let named = format!("{EXAMPLE}192 FIDE_DUTCH_2017\n");
    let cases = [
        (
            named.replace("XXR 6\n", ""),
            vec!["no XXR/142", "last-round rules", "cannot apply"],
            true,
        ),
        (
            named.replace("XXC white1\n", ""),
            vec!["no XXC/152", "white"],
            // The checker takes the initial colour from round 1.
            false,
        ),
        (
            // No system record: the 2017 edition pairs, and the 2026 one is named (issue 25).
            EXAMPLE.to_string(),
            vec![
                "in.trf: no system record (092/192) names the edition of the Dutch rules",
                "--edition 2026 or a 192 FIDE_DUTCH_2026 record",
            ],
            true,
        ),
        (
            format!("{EXAMPLE}192 FIDE_DUTCH_2026_BAKU\n"),
            vec![
                "in.trf:20: 'FIDE_DUTCH_2026_BAKU'",
                "Baku acceleration is not applied",
            ],
            true,
        ),
        (
            format!("{EXAMPLE}192 FIDE_DUBOV\n"),
            vec!["'FIDE_DUBOV' names another pairing system", "Dutch"],
            true,
        ),
    ];
    for (text, words, checker_too) in cases {
        std::fs::write(&input, &text).expect("input");
        let out = run(&["--dutch", path(&input), "-p", path(&out_file)]);
        ok(&out);
        for w in &words {
            assert!(stderr(&out).contains(w), "'{w}' not in: {}", stderr(&out));
        }
        assert!(stderr(&out).contains("warning:"));
        // The checker says it too.
        let out = run(&["--dutch", path(&input), "-c"]);
        ok(&out);
        assert_eq!(
            stderr(&out).contains("warning:"),
            checker_too,
            "{}",
            stderr(&out)
        );
    }
    // --edition overriding the file's edition is said too.
    std::fs::write(&input, format!("{EXAMPLE}192 FIDE_DUTCH_2025\n")).expect("input");
    let out = run(&["--dutch", "--edition", "2017", path(&input), "-p"]);
    ok(&out);
    assert!(
        stderr(&out).contains("names the 2026 edition"),
        "{}",
        stderr(&out)
    );
    // A complete file (its edition named): no warning.
    std::fs::write(&input, &named).expect("input");
    let out = run(&["--dutch", path(&input), "-p"]);
    assert_eq!(stderr(&out), "");
    // Nor with the edition chosen by --edition.
    std::fs::write(&input, EXAMPLE).expect("input");
    let out = run(&["--dutch", "--edition", "2017", path(&input), "-p"]);
    assert_eq!(stderr(&out), "");
}

// 8. The licence.

#[test]
fn the_licence_files_match_the_manifest() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let manifest = read(&root.join("Cargo.toml"));
    assert!(manifest.contains("license = \"MIT OR Apache-2.0\""));
    let mit = read(&root.join("LICENSE-MIT"));
    assert!(mit.contains("Permission is hereby granted, free of charge"));
    let apache = read(&root.join("LICENSE-APACHE"));
    assert!(apache.contains("Apache License") && apache.contains("Version 2.0, January 2004"));
    let readme = read(&root.join("README.md"));
    assert!(readme.contains("cargo install --path crates/swisspair-cli"));
}
