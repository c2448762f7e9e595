//! The command line on what real tournament software writes (issue 15): warnings on standard error for
//! what was read with an assumption, `--trust-results`, and refusals that say what to do.

mod common;

use common::{code, path, read, run, stderr, stdout, Scratch};
use std::path::PathBuf;

fn data(name: &str) -> PathBuf {
    common::data(&format!("real-variants/{name}"))
}

fn pair(name: &str, extra: &[&str]) -> (i32, String, String) {
    let input = data(name);
    let mut args = vec!["--dutch", path(&input), "-p"];
    args.extend_from_slice(extra);
    let out = run(&args);
    (code(&out), stdout(&out), stderr(&out))
}

#[test]
fn warnings_go_to_standard_error_and_the_pairs_to_standard_output() {
    let (code, stdout, stderr) = pair("latin1-names.trf", &[]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, "4\n1 3\n6 4\n2 5\n8 7\n");
    assert!(
        stderr.contains("swisspair: warning: ")
            && stderr.contains("latin1-names.trf:1: encoding")
            && stderr.lines().filter(|l| l.contains("encoding")).count() == 1,
        "{stderr}"
    );
    let (code, _, stderr) = pair("loose-unplayed-rounds.trf", &[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("loose-unplayed-rounds.trf:8: rounds without opponent"),
        "{stderr}"
    );
}

#[test]
fn trust_results_flag() {
    let (code, stdout, stderr) = pair("points-column-zero.trf", &[]);
    assert_eq!((code, stdout.as_str()), (3, ""), "{stderr}");
    assert!(
        stderr.contains("points-column-zero.trf:3: points (columns 81-84)")
            && stderr.contains("--trust-results"),
        "{stderr}"
    );
    let (code, stdout, stderr) = pair("points-column-zero.trf", &["--trust-results"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, "4\n1 3\n6 4\n2 5\n8 7\n");
    assert!(
        stderr.contains("warning: ") && stderr.contains("recomputed from the results"),
        "{stderr}"
    );
}

#[test]
fn a_finished_tournament_is_answered_with_what_to_do() {
    let dir = Scratch::new("real-variants", "finished");
    let text = read(&data("points-column-zero.trf")).replace("XXR 5", "XXR 2");
    let input = dir.file("finished.trf", text);
    let out = run(&["--dutch", path(&input), "-p", "--trust-results"]);
    let stderr = stderr(&out);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains(
            "all 2 rounds are paired — use -c to check them, or raise XXR/142 to pair another round"
        ),
        "{stderr}"
    );
}
