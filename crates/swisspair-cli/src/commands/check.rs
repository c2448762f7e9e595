//! `-c`: re-pair every round of a tournament and list the rounds whose pairs differ from the file's.

use super::{Input, Progress};
use crate::failure::Failure;
use crate::files;
use std::path::Path;
use swisspair::notices::Purpose;

/// What `-c` writes: the checklists, the report as text or JSON, and whether differences fail.
#[derive(Clone, Copy)]
pub struct CheckOutputs<'a> {
    pub checklist: Option<&'a Path>,
    pub strict: bool,
    pub json: bool,
}

/// `-c`: re-pair every round under the requested edition (else the one the file names, else the
/// default) and list, per differing round, the pairs that differ. Exit code 0 when the check ran
/// (6 with `--strict` when a round differs).
pub fn run(input: &Input<'_>, outputs: &CheckOutputs<'_>) -> Result<(), Failure> {
    let CheckOutputs {
        checklist,
        strict,
        json,
    } = *outputs;
    let (system, path) = (input.system, input.path);
    let tournament = input.read(Purpose::Check)?;
    let edition = input.edition(&tournament)?;
    let bar = Progress::new(
        tournament.rounds_played > 1,
        tournament.rounds_played as u64,
        "checking round {pos}/{len} {wide_bar} {eta}",
    );
    let report = swisspair::check::check_with(
        &tournament,
        system,
        edition,
        checklist.is_some(),
        |done, _| bar.set(done),
    )
    .map_err(|e| Failure::from_error(path, &e))?;
    bar.finish();
    if let Some(list) = checklist {
        files::write_atomically(list, report.checklists.join("\n").as_bytes())?;
    }
    if json {
        let text = swisspair::Report::new(system, edition, &report)
            .noting_edition(&tournament, system, input.requested)
            .to_json()
            .map_err(|e| Failure::from_error(path, &e))?;
        print!("{text}");
    } else {
        print!("{}", report.render("swisspair"));
    }
    if strict {
        differences_fail(path, &report)?;
    }
    Ok(())
}

/// `--strict`: exit code 6 when any round differs.
pub(crate) fn differences_fail(
    path: &std::path::Path,
    report: &swisspair::check::CheckReport,
) -> Result<(), Failure> {
    if report.differences.is_empty() {
        return Ok(());
    }
    Err(Failure {
        code: 6,
        message: format!(
            "{}: {} of {} rounds differ",
            path.display(),
            report.differences.len(),
            report.rounds
        ),
    })
}
