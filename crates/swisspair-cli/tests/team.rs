//! `--team -c` and `--team -g` on the command line: the checker's report and exit codes, the generator's
//! file (deterministic for a seed, re-checked without a difference), the configuration's errors.

mod common;

use common::{code, ok, path, read, run, stderr, stdout, Scratch};

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
        ok(&run(&[
            "--team",
            "-g",
            path(&config),
            "-o",
            path(out),
            "-s",
            "5",
        ]));
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
