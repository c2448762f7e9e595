//! `selftest`: generate many tournaments with a system, audit every round against the absolute rules
//! and re-check every round.

use super::Progress;
use crate::cli::{requested_edition, SelftestArgs};
use crate::failure::Failure;

/// `selftest`: many generated tournaments, audited and re-checked.
pub fn run(args: &SelftestArgs) -> Result<(), Failure> {
    if args.team {
        return run_team(args);
    }
    let system = args.system()?;
    let edition =
        requested_edition(system, args.edition.as_deref())?.unwrap_or(system.default_edition());
    let (min_players, max_players) = players(args, 4, (7, 400))?;
    let options = swisspair::selftest::Options {
        edition,
        min_players,
        max_players,
        ..swisspair::selftest::Options::new(system, args.tournaments, args.seed)
    };
    let bar = progress(args);
    let summary = swisspair::selftest::run(&options, |done, _| bar.set(done))
        .map_err(|e| Failure::labelled("selftest", &e))?;
    bar.finish();
    report(&summary)
}

/// `selftest --team`: team tournaments generated, audited and re-checked.
fn run_team(args: &SelftestArgs) -> Result<(), Failure> {
    let given = args.min_players.is_some() || args.max_players.is_some();
    let bounds = players(args, 2, (6, 120))?;
    let options = swisspair::selftest::team::TeamOptions {
        tournaments: args.tournaments,
        seed: args.seed,
        teams: given.then_some(bounds),
    };
    let bar = progress(args);
    let summary = swisspair::selftest::team::run(&options, |done, _| bar.set(done))
        .map_err(|e| Failure::labelled("selftest", &e))?;
    bar.finish();
    report(&summary)
}

/// `--min-players` and `--max-players`, or `defaults`; at least `least`, at most 9999.
fn players(
    args: &SelftestArgs,
    least: usize,
    defaults: (usize, usize),
) -> Result<(usize, usize), Failure> {
    let low = args.min_players.unwrap_or(defaults.0);
    let high = args.max_players.unwrap_or(defaults.1.max(low));
    if low < least || high < low || high > 9999 {
        return Err(Failure::usage(format!(
            "players: need {least} <= --min-players <= --max-players <= 9999"
        )));
    }
    Ok((low, high))
}

fn progress(args: &SelftestArgs) -> Progress {
    Progress::new(
        true,
        args.tournaments as u64,
        "selftest {pos}/{len} tournaments {wide_bar} {eta}",
    )
}

/// The details found, the summary line; exit code 6 when anything was found.
fn report(summary: &swisspair::selftest::Summary) -> Result<(), Failure> {
    for d in &summary.details {
        println!("{d}");
    }
    println!("{summary}");
    if summary.violations + summary.differences > 0 {
        return Err(Failure {
            code: 6,
            message: format!("selftest: {summary}"),
        });
    }
    Ok(())
}
