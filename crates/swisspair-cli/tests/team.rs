//! `--team -c` and `--team -g` on the command line: the checker's report and exit codes, the generator's
//! file (deterministic for a seed, re-checked without a difference), the configuration's errors.

mod common;

use common::{code, generate, ok, path, read, run, stderr, stdout, Scratch};

fn scratch(name: &str) -> Scratch {
    Scratch::new("team", name)
}

fn team_data(name: &str) -> String {
    format!(
        "{}/../../tests/data/team/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn the_checker_reports_each_differing_round_and_strict_fails() {
    let file = team_data("sharly/team_round2.trf");
    let out = run(&["--team", &file, "-c"]);
    ok(&out);
    assert_eq!(
        stdout(&out),
        "round 1: 2 of 2 pairs differ\n  file  swisspair\n  1-2   1-3\n  3-4   4-2\n1 rounds checked, 1 differ\n"
    );
    let strict = run(&["--team", &file, "-c", "--strict"]);
    assert_eq!(code(&strict), 6, "{}", stderr(&strict));
    let json = run(&["--team", &file, "-c", "--format", "json"]);
    ok(&json);
    let text = stdout(&json);
    assert!(
        text.contains("\"system\": \"team\"") && text.contains("\"rounds\": 1"),
        "{text}"
    );
}

#[test]
fn a_generated_tournament_checks_clean_and_is_the_same_for_a_seed() {
    let dir = scratch("generate");
    let config = dir.file(
        "team.cfg",
        "PlayersNumber=9\nRoundsNumber=5\nTeamSize=3\nTeamColours=none\nMatchForfeitRate=10\nZeroPointByeRate=15\n",
    );
    let (a, b) = (dir.file("a.trf", ""), dir.file("b.trf", ""));
    for out in [&a, &b] {
        ok(&generate(&["--team"], &config, out, "5", &[]));
    }
    assert_eq!(read(&a), read(&b));
    assert!(read(&a).contains("192 FIDE_TEAM_MP_GP"));
    let check = run(&["--team", path(&a), "-c", "--strict"]);
    ok(&check);
    assert!(stdout(&check).ends_with("5 rounds checked, 0 differ\n"));
}

#[test]
fn the_generator_names_a_bad_key_and_refuses_a_model() {
    let dir = scratch("refused");
    let config = dir.file("bad.cfg", "PlayersNumber=8\nTeamColours=c\n");
    let out_file = dir.file("out.trf", "");
    let out = run(&["--team", "-g", path(&config), "-o", path(&out_file)]);
    assert_eq!(code(&out), 3);
    assert!(
        stderr(&out).contains(":2:") && stderr(&out).contains("TeamColours"),
        "{}",
        stderr(&out)
    );
    let model = team_data("sharly/team_round2.trf");
    let out = run(&["--team", &model, "-g", "-o", path(&out_file)]);
    assert_eq!(code(&out), 3, "{}", stderr(&out));
}

#[test]
fn the_checklist_lists_each_team_before_the_round_and_its_pairing() {
    let dir = scratch("checklist");
    let input = dir.file(
        "round2.trf",
        read(std::path::Path::new(&team_data("sharly/team_round2.trf"))),
    );
    let out = run(&["--team", path(&input), "-p", "-l"]);
    ok(&out);
    let list = read(&dir.join("round2.list"));
    assert!(
        list.starts_with("# Swiss Team Pairing System (--team), C.04.6 2026: Type A colour preferences, score match points")
            && list.contains("# round 2; initial colour W"),
        "{list}"
    );
    let header = list
        .lines()
        .find(|l| l.starts_with("TPN"))
        .expect("the columns");
    assert!(
        header.split_whitespace().collect::<Vec<_>>()
            == [
                "TPN", "Team", "MP", "GP", "PScore", "Colours", "CD", "Pref", "Strength", "Floats",
                "PAB", "C2", "Cur", "Rounds"
            ],
        "{header}"
    );
    // Team 1 won its match in round 1 with White on board 1 (2 match points, 2 game points) and meets 3.
    let alpha = list
        .lines()
        .find(|l| l.trim_start().starts_with("1  Alpha"))
        .expect("team 1");
    let cells: Vec<&str> = alpha.split_whitespace().collect();
    assert_eq!(
        cells,
        ["1", "Alpha", "2.0", "2.0", "2.0", "W", "+1", "-", "-", "--", "yes", "-", "3B", "2W"],
        "{alpha}"
    );
}

#[test]
fn explain_and_why_say_which_article_decided() {
    let file = team_data("sharly/team_bye.trf");
    let plain = run(&["--team", &file, "-p"]);
    let out = run(&["--team", &file, "-p", "--explain"]);
    ok(&out);
    assert_eq!(stdout(&out), stdout(&plain));
    let text = stderr(&out);
    for article in ["[3.4]", "[C4]", "[C8]", "[3.6.4]", "[3.6]", "[4.3.1]"] {
        assert!(text.contains(article), "{article}: {text}");
    }
    let why = run(&["--team", &file, "-p", "--why", "7"]);
    ok(&why);
    assert!(
        stderr(&why).starts_with("7 Team7 receives the pairing-allocated bye\n  [3.4] 7 receives"),
        "{}",
        stderr(&why)
    );
    let json = run(&["--team", &file, "-p", "--explain", "--format", "json"]);
    ok(&json);
    assert!(
        stderr(&json).contains("\"system\": \"team\""),
        "{}",
        stderr(&json)
    );
    let unknown = run(&["--team", &file, "-p", "--why", "99"]);
    assert_eq!(code(&unknown), 3, "{}", stderr(&unknown));
    let alone = run(&["--team", &file, "--why", "7", "-c"]);
    assert_eq!(code(&alone), 3, "{}", stderr(&alone));
}

#[test]
fn check_and_generate_write_every_rounds_checklist() {
    let dir = scratch("lists");
    let config = dir.file("team.cfg", "PlayersNumber=7\nRoundsNumber=4\nTeamSize=2\n");
    let out_file = dir.join("gen.trf");
    ok(&generate(&["--team"], &config, &out_file, "3", &["-l"]));
    let generated = read(&dir.join("gen.list"));
    let checked = dir.join("checked.list");
    ok(&run(&[
        "--team",
        path(&out_file),
        "-c",
        "-l",
        path(&checked),
    ]));
    assert_eq!(read(&checked), generated);
    for round in 1..=4 {
        assert!(
            generated.contains(&format!("# round {round}")),
            "{generated}"
        );
    }
}

#[test]
fn the_team_selftest_runs_clean_and_refuses_a_system_beside_it() {
    let out = run(&[
        "selftest",
        "--team",
        "--tournaments",
        "4",
        "--seed",
        "2",
        "--max-players",
        "20",
    ]);
    ok(&out);
    let text = stdout(&out);
    assert!(
        text.starts_with("4 tournaments, ")
            && text.ends_with(
                " 0 violations, 0 checker differences, 0 unfinished (no legal pairing)\n"
            ),
        "{text}"
    );
    for refused in [
        &["selftest", "--team", "--dutch"][..],
        &["selftest", "--team", "--edition", "2026"],
        &["selftest", "--tournaments", "1"],
        &["selftest", "--team", "--min-players", "1"],
    ] {
        let out = run(refused);
        assert_eq!(code(&out), 3, "{refused:?}: {}", stderr(&out));
    }
}

#[test]
fn a_baku_code_is_warned_about_and_pairs_as_without_it() {
    // C.04.6 says nothing of acceleration and the Baku method is for one point a win (docs/team.md).
    let dir = scratch("baku");
    let text = read(std::path::Path::new(&team_data("sharly/team_round2.trf")));
    let baku = dir.file(
        "baku.trf",
        text.replace("FIDE_TEAM_TYPEA_MP_GP", "FIDE_TEAM_TYPEA_MP_GP_BAKU"),
    );
    let plain = dir.file("plain.trf", text);
    let out = run(&["--team", path(&baku), "-p"]);
    ok(&out);
    assert!(
        stderr(&out).contains("Baku acceleration (_BAKU) is not applied to team tournaments"),
        "{}",
        stderr(&out)
    );
    assert_eq!(stdout(&out), stdout(&run(&["--team", path(&plain), "-p"])));
}

#[test]
fn a_finished_team_tournament_is_refused_for_pairing_saying_what_to_do() {
    let out = run(&["--team", &team_data("generated/team-10.trf"), "-p"]);
    assert_eq!(code(&out), 3, "{}", stderr(&out));
    let text = stderr(&out);
    assert!(
        text.contains("all 11 rounds (XXR/142) are already paired") && text.contains("use -c"),
        "{text}"
    );
    assert!(stdout(&out).is_empty());
}

/// `--team` chooses the team system whatever the file's `192` record says: a team file without one is
/// read as a team file (the code `FIDE_TEAM`, the text's defaults), not refused as an individual one.
#[test]
fn team_chosen_on_the_command_line_reads_a_file_without_a_team_code() {
    let dir = scratch("no-code");
    let text = read(std::path::Path::new(&team_data("sharly/team_round2.trf")));
    let without = dir.file(
        "without.trf",
        text.replace("192 FIDE_TEAM_TYPEA_MP_GP\n", ""),
    );
    let plain = dir.file(
        "plain.trf",
        text.replace("FIDE_TEAM_TYPEA_MP_GP", "FIDE_TEAM"),
    );
    let out = run(&["--team", path(&without), "-p"]);
    ok(&out);
    assert_eq!(stdout(&out), stdout(&run(&["--team", path(&plain), "-p"])));
}
