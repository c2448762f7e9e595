//! `selftest`: generate many tournaments with a system, audit every round against the absolute rules
//! and re-check every round.

use super::Progress;
use crate::cli::{requested_edition, SelftestArgs};
use crate::failure::Failure;

/// `selftest`: many generated tournaments, audited and re-checked.
pub fn run(args: &SelftestArgs) -> Result<(), Failure> {
    let system = args.system();
    let edition =
        requested_edition(system, args.edition.as_deref())?.unwrap_or(system.default_edition());
    if args.min_players < 4 || args.max_players < args.min_players || args.max_players > 9999 {
        return Err(Failure::usage(
            "players: need 4 <= --min-players <= --max-players <= 9999",
        ));
    }
    let options = swisspair::selftest::Options {
        edition,
        min_players: args.min_players,
        max_players: args.max_players,
        ..swisspair::selftest::Options::new(system, args.tournaments, args.seed)
    };
    let bar = Progress::new(
        true,
        args.tournaments as u64,
        "selftest {pos}/{len} tournaments {wide_bar} {eta}",
    );
    let summary = swisspair::selftest::run(&options, |done, _| bar.set(done))
        .map_err(|e| Failure::labelled("selftest", &e))?;
    bar.finish();
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
