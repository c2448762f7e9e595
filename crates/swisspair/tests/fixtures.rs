//! The test data in `tests/data` (copied from the shared fixtures): the reference engines' Dutch
//! tournaments (2017 rules: bbpPairings 5.0.1; 2026 rules: bbpPairings 6.0.0), real files from
//! tournament software, and a test case of the reference engine's own.

mod common;

use common::{data, data_files as trf_files};
use std::path::Path;
use swisspair::check::{check, check_in, CheckReport};
use swisspair::trf;
use swisspair::{Edition, System, Tournament};

fn read(path: &Path) -> swisspair::Result<Tournament> {
    Tournament::from_bytes(&std::fs::read(path).expect("readable fixture"))
}

/// Every round of the 300 tournaments the reference engine paired, re-paired: 2,311 cases, no
/// difference (the same replay as `../shared/tools/conformance`, in process).
#[test]
fn dutch_replay_matches_the_reference_engine() {
    let (cases, failures) = replay("dutch", |t| check(t, System::Dutch, |_, _| {}));
    assert_replayed(cases, 2311, &failures);
}

/// Re-pairs every round of every tournament in `tests/data/FOLDER` with `check_file` (the checker
/// applied to one whole file); returns the number of rounds and one line per difference.
fn replay(
    folder: &str,
    check_file: impl Fn(&Tournament) -> swisspair::Result<CheckReport>,
) -> (usize, Vec<String>) {
    let mut cases = 0;
    let mut failures = Vec::new();
    for path in trf_files(folder) {
        let t = read(&path).expect("fixture reads");
        let report = check_file(&t).expect("no internal error");
        cases += report.rounds;
        for d in report.differences {
            failures.push(format!(
                "{} round {}: file {:?}, swisspair {:?} {:?}",
                path.display(),
                d.round,
                d.recorded,
                d.paired,
                d.error
            ));
        }
    }
    (cases, failures)
}

/// `cases` rounds were replayed, as many as `expected`, and none differed.
fn assert_replayed(cases: usize, expected: usize, failures: &[String]) {
    assert_eq!(cases, expected);
    assert!(
        failures.is_empty(),
        "{} differences:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every round of the 300 tournaments bbpPairings 6.0.0 paired under the Dutch rules in force since
/// 1 February 2026, re-paired with the 2026 edition given explicitly: 2,349 cases, no difference.
#[test]
fn dutch2026_replay_matches_the_reference_engine() {
    let (cases, failures) = replay("dutch2026", |t| {
        check_in(t, System::Dutch, Edition::Y2026, |_, _| {})
    });
    assert_replayed(cases, 2349, &failures);
}

/// The same 2,349 rounds, the edition taken from each file's system record (`092 FIDE_DUTCH_2025`),
/// as `swisspair --dutch FILE -c` does without `--edition`.
#[test]
fn dutch2026_replay_takes_the_edition_from_the_file() {
    for path in trf_files("dutch2026") {
        let t = read(&path).expect("fixture reads");
        assert_eq!(
            System::Dutch.edition_for(&t, None).expect("known edition"),
            Edition::Y2026,
            "{}",
            path.display()
        );
    }
    let (cases, failures) = replay("dutch2026", |t| check(t, System::Dutch, |_, _| {}));
    assert_replayed(cases, 2349, &failures);
}

/// read → write → read gives the same tournament.
#[test]
fn writer_round_trips_every_fixture() {
    for folder in ["dutch", "dutch2026", "real", "peer", "perf"] {
        for path in trf_files(folder) {
            let bytes = std::fs::read(&path).expect("readable");
            let Ok(parsed) = trf::parse_bytes(&bytes) else {
                continue;
            };
            let written = trf::write(&parsed);
            let again = trf::parse(&written).expect("written file reads");
            let a: Vec<_> = parsed.lines.iter().map(|l| &l.record).collect();
            let b: Vec<_> = again.lines.iter().map(|l| &l.record).collect();
            assert_eq!(a, b, "{}", path.display());
            let t1 = Tournament::from_trf(&parsed);
            let t2 = Tournament::from_trf(&again);
            match (t1, t2) {
                (Ok(mut t1), Ok(mut t2)) => {
                    for p in t1.players.iter_mut().chain(t2.players.iter_mut()) {
                        p.line = 0;
                    }
                    // A Latin-1 file is written back as UTF-8: only its encoding warning goes.
                    t1.warnings.retain(|w| !w.contains(": encoding: "));
                    assert_eq!(t1, t2, "{}", path.display());
                }
                (Err(e1), Err(e2)) => assert_eq!(
                    e1.to_string().split(':').nth(1),
                    e2.to_string().split(':').nth(1)
                ),
                (a, b) => panic!("{}: {:?} vs {:?}", path.display(), a.err(), b.err()),
            }
        }
    }
}

/// Files from real tournament software: each is read, or refused with the line and the reason.
#[test]
fn real_files_are_read_or_refused_with_a_line() {
    let mut read_ok = 0;
    for path in trf_files("real") {
        match read(&path) {
            Ok(_) => read_ok += 1,
            Err(e) => {
                assert_eq!(e.exit_code(), 3, "{}: {e}", path.display());
                assert!(
                    e.line().is_some(),
                    "{}: refused without a line: {e}",
                    path.display()
                );
            }
        }
    }
    assert!(read_ok >= 30, "only {read_ok} real files read");
}

/// The reference engine's own test case (CR-only line endings), board order included.
#[test]
fn peer_case_matches_including_board_order() {
    let path = data("peer").join("bbp-issue_7.trf");
    let t = read(&path).expect("reads");
    let pairing = System::Dutch.pair(&t).expect("pairs");
    let expected =
        std::fs::read_to_string(data("peer").join("bbp-issue_7.expected")).expect("expected");
    assert_eq!(
        pairing.to_engine_output(&t),
        expected.replace("\r\n", "\n").replace('\r', "\n")
    );
}
