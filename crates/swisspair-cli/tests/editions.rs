//! `--edition YEAR` on every command: accepted for the editions a system has, refused with exit code 3
//! (and the editions listed) otherwise; the edition the file's system record names when no flag is given;
//! the checklist, the checker and the generator under the 2026 edition.

mod common;

use common::{
    code, generate, ok, pair_with_checklist, path, read, run, stderr, stdout, Scratch, EXAMPLE,
};

fn scratch(name: &str) -> Scratch {
    Scratch::new("editions", name)
}

/// The checklist line of player `n` (its starting number first).
fn checklist_row(list: &str, n: u32) -> String {
    list.lines()
        .find(|l| l.split_whitespace().next() == Some(&n.to_string()))
        .unwrap_or_default()
        .to_string()
}

/// The `Floats` and `Bye` columns of a checklist row.
fn floats_and_bye(row: &str) -> (String, String) {
    // SNo Pts PScore Colours CD Pref Strength Floats Bye Top Cur Opponents...
    let fields: Vec<&str> = row.split_whitespace().collect();
    (
        fields.get(7).unwrap_or(&"").to_string(),
        fields.get(8).unwrap_or(&"").to_string(),
    )
}

/// The example with one more player, 17, who took a full-point bye in round 1 and was absent since.
fn example_with_a_full_point_bye() -> String {
    let player = common::cases::record(
        17,
        "Test0017 Player0017",
        1500,
        &["0000 - F", "0000 - Z", "0000 - Z", "0000 - Z"],
    );
    let mut lines: Vec<&str> = EXAMPLE.lines().collect();
    let at = lines
        .iter()
        .rposition(|l| l.starts_with("001"))
        .expect("players")
        + 1;
    lines.insert(at, &player);
    lines.join("\n") + "\n"
}

#[test]
fn the_edition_flag_is_accepted_for_the_editions_a_system_has() {
    let dir = scratch("accepted");
    let input = dir.file("in.trf", EXAMPLE);
    for (system, edition) in [
        ("--dutch", "2017"),
        ("--dutch", "2026"),
        ("--dutch", "2025"),
        ("--dubov", "1997"),
        ("--lim", "1999"),
        ("--rating1992", "1992"),
    ] {
        let out = run(&[system, "--edition", edition, path(&input), "-p"]);
        assert_eq!(code(&out), 0, "{system} {edition}: {}", stderr(&out));
    }
}

#[test]
fn an_edition_the_system_lacks_is_refused_with_exit_3_and_the_editions_listed() {
    let dir = scratch("refused");
    let input = dir.file("in.trf", EXAMPLE);
    let output = dir.join("out.txt");
    let generated = dir.join("gen.trf");
    let (i, o, g) = (path(&input), path(&output), path(&generated));
    for (args, words) in [
        (
            vec!["--dutch", "--edition", "2031", i, "-p", o],
            vec!["--edition 2031", "Dutch", "2017 (default), 2026"],
        ),
        (
            vec!["--dubov", "--edition", "2026", i, "-p", o],
            vec!["--edition 2026", "Dubov", "1997"],
        ),
        (
            vec!["--lim", "--edition", "2017", i, "-c"],
            vec!["--edition 2017", "Lim", "1999"],
        ),
        (
            vec![
                "--rating1992",
                "--edition",
                "2026",
                "-g",
                "-o",
                g,
                "-s",
                "1",
            ],
            vec!["--edition 2026", "1992"],
        ),
        (
            vec!["--dutch", "--edition", "x2026", i, "-c"],
            vec!["not a year", "2017 (default), 2026"],
        ),
        (
            vec!["--dutch", "--edition", "2031", "-g", "-o", g, "-s", "1"],
            vec!["2017 (default), 2026"],
        ),
        (
            vec![
                "selftest",
                "--dubov",
                "--edition",
                "2026",
                "--tournaments",
                "1",
            ],
            vec!["Dubov", "1997"],
        ),
        (
            vec![
                "selftest",
                "--dutch",
                "--edition",
                "2031",
                "--tournaments",
                "1",
            ],
            vec!["2017 (default), 2026"],
        ),
    ] {
        let out = run(&args);
        let err = stderr(&out);
        assert_eq!(code(&out), 3, "{args:?}: {err}");
        for w in words {
            assert!(err.contains(w), "{args:?}: '{w}' not in: {err}");
        }
        assert!(
            !output.exists() && !generated.exists(),
            "{args:?} left a file"
        );
    }
}

#[test]
fn help_names_the_editions_the_default_and_the_system_record() {
    let help = stdout(&run(&["--help"]));
    for w in [
        "--edition",
        "2017 (default), 2026",
        "1997 (default)",
        "092/192",
        "FIDE_DUTCH_2025",
    ] {
        assert!(help.contains(w), "--help: '{w}' not in:\n{help}");
    }
    let help = stdout(&run(&["selftest", "--help"]));
    for w in ["--edition", "2017 (default), 2026", "1999 (default)"] {
        assert!(help.contains(w), "selftest --help: '{w}' not in:\n{help}");
    }
}

#[test]
fn the_checklist_names_the_edition_and_uses_its_floats_and_bye_eligibility() {
    let dir = scratch("checklist");
    let input = dir.file("in.trf", example_with_a_full_point_bye());
    let mut lists = Vec::new();
    for edition in ["2017", "2026"] {
        let list = dir.join(format!("list-{edition}.txt"));
        let pairs = dir.join(format!("pairs-{edition}.txt"));
        let out = pair_with_checklist(&["--dutch", "--edition", edition], &input, &pairs, &list);
        ok(&out);
        let text = read(&list);
        assert_eq!(
            text.lines().next(),
            Some(format!("# Dutch system (--dutch), {edition} edition").as_str()),
            "{text}"
        );
        assert!(text
            .lines()
            .nth(1)
            .unwrap_or_default()
            .starts_with("# round 5"));
        lists.push(text);
    }
    // Player 2 lost round 4 by forfeit: a downfloat under 2017 (A.4.b), none under 2026 (1.4).
    assert_eq!(floats_and_bye(&checklist_row(&lists[0], 2)).0, "UD");
    assert_eq!(floats_and_bye(&checklist_row(&lists[1], 2)).0, "U-");
    // Player 17 had a full-point bye: no bar under 2017, a win's points without playing under 2026 C2.
    assert_eq!(floats_and_bye(&checklist_row(&lists[0], 17)).1, "yes");
    assert_eq!(floats_and_bye(&checklist_row(&lists[1], 17)).1, "no");
    // Player 6 won round 4 by forfeit: barred in both.
    assert_eq!(floats_and_bye(&checklist_row(&lists[0], 6)).1, "no");
    assert_eq!(floats_and_bye(&checklist_row(&lists[1], 6)).1, "no");
}

#[test]
fn the_files_system_record_chooses_the_edition_without_a_flag() {
    let dir = scratch("record");
    let input = dir.join("in.trf");
    let list = dir.join("list.txt");
    let pairs = dir.join("pairs.txt");
    for (record, flag, expected) in [
        ("", None, "2017"),
        ("192 FIDE_DUTCH_2025", None, "2026"),
        ("192 FIDE_DUTCH_2026", None, "2026"),
        ("092 FIDE_DUTCH_2026", None, "2026"),
        ("192 FIDE_DUTCH_2017", None, "2017"),
        ("192 FIDE_DUTCH", None, "2017"),
        ("192 FIDE_DUTCH_2025", Some("2017"), "2017"),
        ("192 FIDE_DUTCH_2017", Some("2026"), "2026"),
    ] {
        std::fs::write(&input, format!("{EXAMPLE}{record}\n")).expect("input");
        let mut flags = vec!["--dutch"];
        if let Some(e) = flag {
            flags.extend(["--edition", e]);
        }
        let out = pair_with_checklist(&flags, &input, &pairs, &list);
        assert_eq!(code(&out), 0, "{record}: {}", stderr(&out));
        let first = read(&list).lines().next().unwrap_or_default().to_string();
        assert!(
            first.ends_with(&format!("{expected} edition")),
            "{record} {flag:?}: {first}"
        );
    }
}

#[test]
fn a_system_record_swisspair_does_not_implement_is_refused_naming_the_line() {
    let dir = scratch("unknown-record");
    let input = dir.join("in.trf");
    let output = dir.join("out.txt");
    let line = EXAMPLE.lines().count() + 1;
    for code_text in ["FIDE_DUTCH_2031", "FIDE_BURSTEIN"] {
        std::fs::write(&input, format!("{EXAMPLE}192 {code_text}\n")).expect("input");
        for args in [
            vec!["--dutch", path(&input), "-p", path(&output)],
            vec!["--dutch", path(&input), "-c"],
            vec![
                "--dutch",
                "--edition",
                "2026",
                path(&input),
                "-p",
                path(&output),
            ],
        ] {
            let out = run(&args);
            let err = stderr(&out);
            assert_eq!(code(&out), 3, "{code_text}: {err}");
            assert!(
                err.contains(&format!("in.trf:{line}: ")),
                "{code_text}: no line {line} in: {err}"
            );
            assert!(err.contains(code_text), "{err}");
            assert!(!output.exists());
        }
    }
}

#[test]
fn generate_and_check_under_the_2026_edition() {
    let dir = scratch("generate");
    let config = dir.file(
        "config.txt",
        "PlayersNumber=20\nRoundsNumber=6\nForfeitRate=8\nHalfPointByeRate=10\nZeroPointByeRate=30\nPointsForPAB=0.5\n",
    );
    let mut differs_under_2017 = 0;
    for seed in ["1", "2", "3", "4", "5"] {
        let file = dir.join(format!("t{seed}.trf"));
        let again = dir.join(format!("t{seed}-again.trf"));
        for f in [&file, &again] {
            let out = generate(&["--dutch", "--edition", "2026"], &config, f, seed, &[]);
            ok(&out);
        }
        let text = read(&file);
        assert_eq!(text, read(&again), "the same seed gives the same file");
        let header: Vec<&str> = text.lines().filter(|l| !l.starts_with("001")).collect();
        assert_eq!(header[1], "142 6");
        assert!(["152 W", "152 B"].contains(&header[2]), "{header:?}");
        assert_eq!(header[3], "162  W 1.0    D 0.5    L 0.0    P 0.5");
        assert_eq!(header[4], "192 FIDE_DUTCH_2025");
        assert!(!text.contains("\nXX") && !text.contains("\nBB"), "{text}");
        // The checker reads the edition from the file, or takes the flag.
        for args in [
            vec!["--dutch", path(&file), "-c"],
            vec!["--dutch", "--edition", "2026", path(&file), "-c"],
        ] {
            let out = run(&args);
            assert_eq!(code(&out), 0, "{args:?}: {}{}", stdout(&out), stderr(&out));
            assert!(stdout(&out).ends_with("6 rounds checked, 0 differ\n"));
        }
        // Under the 2017 rules some rounds of these tournaments pair differently (exit code 6 with
        // --strict; 0 without, as the reference engines).
        let out = run(&["--dutch", "--edition", "2017", path(&file), "-c"]);
        ok(&out);
        let out = run(&[
            "--dutch",
            "--edition",
            "2017",
            path(&file),
            "-c",
            "--strict",
        ]);
        match code(&out) {
            0 => {}
            6 => differs_under_2017 += 1,
            other => panic!("exit {other}: {}", stderr(&out)),
        }
    }
    assert!(
        differs_under_2017 > 0,
        "the 2017 checker agreed on every file"
    );
    // The 2017 edition (the default) keeps the extension lines.
    let file = dir.join("t2017.trf");
    let out = generate(&["--dutch"], &config, &file, "1", &[]);
    ok(&out);
    let text = read(&file);
    assert!(
        text.contains("\nXXR 6\n") && text.contains("\nBBU  0.5\n"),
        "{text}"
    );
    assert!(
        !text.contains("\n192 ") && !text.contains("\n162 "),
        "{text}"
    );
}

#[test]
fn selftest_runs_under_the_2026_edition() {
    let out = run(&[
        "selftest",
        "--dutch",
        "--edition",
        "2026",
        "--tournaments",
        "3",
        "--max-players",
        "30",
    ]);
    assert_eq!(code(&out), 0, "{}{}", stdout(&out), stderr(&out));
    assert!(
        stdout(&out).contains("3 tournaments,")
            && stdout(&out).contains("0 violations, 0 checker differences"),
        "{}",
        stdout(&out)
    );
}

/// Issue 25: a file that names no edition is paired by the 2017 text, and it is said once on standard
/// error, for -p, -c and a model of -g, naming how to choose the 2026 edition; the pairs, the report
/// and the exit codes are those of `--edition 2017`. Nothing is said when --edition or the file's
/// system record chooses, for the other systems (one edition each), nor for -g without a model.
#[test]
fn the_default_edition_is_said_when_nothing_chose_it() {
    let dir = scratch("default-edition");
    let input = dir.file("in.trf", EXAMPLE);
    let warning = |done: &str| {
        format!(
            "swisspair: warning: {}: no system record (092/192) names the edition of the Dutch rules: the 2017 edition (the default) {done}; FIDE-rated events since 1 February 2026 are paired by the 2026 edition, which --edition 2026 or a 192 FIDE_DUTCH_2026 record chooses\n",
            path(&input)
        )
    };
    let i = path(&input);
    let generated = dir.join("gen.trf");
    let g = path(&generated);
    for (args, done) in [
        (vec!["--dutch", i, "-p"], "pairs the round"),
        (
            vec!["--dutch", i, "-p", "--format", "json"],
            "pairs the round",
        ),
        (vec!["--dutch", i, "-c"], "re-pairs the rounds"),
        (
            vec!["--dutch", i, "-c", "--format", "json"],
            "re-pairs the rounds",
        ),
        (
            vec!["--dutch", i, "-g", "-o", g, "-s", "5"],
            "pairs the generated rounds",
        ),
    ] {
        let out = run(&args);
        ok(&out);
        assert_eq!(stderr(&out), warning(done), "{args:?}");
        // The same output as with the edition chosen, and nothing said then.
        let mut chosen = args.clone();
        chosen.extend(["--edition", "2017"]);
        let again = run(&chosen);
        ok(&again);
        assert_eq!(stderr(&again), "", "{chosen:?}");
        if args.contains(&"json") {
            // The JSON result names the notice too (as the API and the bindings do), and only there.
            let value: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
            let notice = value["edition_notice"].as_str().unwrap_or_default();
            assert!(
                notice.contains("the 2017 edition of the Dutch rules (the default)")
                    && notice.contains("192 FIDE_DUTCH_2026"),
                "{notice}"
            );
            let mut value = value;
            if let Some(o) = value.as_object_mut() {
                o.remove("edition_notice");
            }
            let again: serde_json::Value = serde_json::from_str(&stdout(&again)).expect("JSON");
            assert_eq!(value, again);
        } else if !args.contains(&"-g") {
            assert_eq!(stdout(&out), stdout(&again), "{args:?}");
        }
    }
    // Chosen by the file, or by --edition 2026: nothing said.
    for record in [
        "192 FIDE_DUTCH_2017",
        "092 FIDE_DUTCH_2026",
        "192 FIDE_DUTCH_2025",
    ] {
        let chosen = dir.file("chosen.trf", format!("{EXAMPLE}{record}\n"));
        for command in ["-p", "-c"] {
            let out = run(&["--dutch", path(&chosen), command]);
            ok(&out);
            assert_eq!(stderr(&out), "", "{record} {command}");
        }
    }
    let out = run(&["--dutch", "--edition", "2026", i, "-p"]);
    ok(&out);
    assert_eq!(stderr(&out), "");
    // A system record naming the system but no edition chooses none.
    let unnamed = dir.file("unnamed.trf", format!("{EXAMPLE}192 FIDE_DUTCH\n"));
    let out = run(&["--dutch", path(&unnamed), "-p"]);
    ok(&out);
    assert_eq!(
        stderr(&out).matches("no system record (092/192)").count(),
        1
    );
    // The other systems have one edition each; -g without a model reads no file.
    for system in ["--dubov", "--lim", "--rating1992"] {
        let out = run(&[system, i, "-p"]);
        ok(&out);
        assert_eq!(stderr(&out), "", "{system}");
    }
    let out = run(&["--dutch", "-g", "-o", g, "-s", "5"]);
    ok(&out);
    assert_eq!(stderr(&out), "");
}

/// Issue 25: the notice never changes an exit code: no valid pairing is still exit 1, with the notice
/// said before.
#[test]
fn the_default_edition_notice_leaves_the_exit_code_alone() {
    let dir = scratch("default-edition-exit");
    let two = common::cases::Trf::new(&[2200, 2100])
        .round(&[(1, 2, '1')], &[])
        .line("XXR 3")
        .line("XXC white1");
    let input = dir.file("in.trf", two.text());
    let out = run(&["--dutch", path(&input), "-p"]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.starts_with(&format!(
            "swisspair: warning: {}: no system record (092/192)",
            path(&input)
        )) && err.lines().count() == 2,
        "{err}"
    );
    let chosen = run(&["--dutch", "--edition", "2017", path(&input), "-p"]);
    assert_eq!(code(&chosen), 1);
    assert_eq!(
        err.lines().nth(1),
        stderr(&chosen).lines().next(),
        "the same failure"
    );
}
