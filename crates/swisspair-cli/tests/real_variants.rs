//! The command line on what real tournament software writes (issue 15): warnings on standard error for
//! what was read with an assumption, `--trust-results`, and refusals that say what to do.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/real-variants")
        .join(name)
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_swisspair"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn pair(name: &str, extra: &[&str]) -> (i32, String, String) {
    let input = data(name);
    let mut args = vec!["--dutch", input.to_str().expect("utf-8 path"), "-p"];
    args.extend_from_slice(extra);
    let out = run(&args);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
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
    let dir = std::env::temp_dir().join(format!("swisspair-real-variants-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let input = dir.join("finished.trf");
    let text = std::fs::read_to_string(data("points-column-zero.trf"))
        .expect("utf-8")
        .replace("XXR 5", "XXR 2");
    std::fs::write(&input, text).expect("write");
    let out = run(&[
        "--dutch",
        input.to_str().expect("utf-8 path"),
        "-p",
        "--trust-results",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains(
            "all 2 rounds are paired — use -c to check them, or raise XXR/142 to pair another round"
        ),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
