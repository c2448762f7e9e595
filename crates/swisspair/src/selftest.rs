//! The self-test: generate many random tournaments of varied size and settings with a system under one
//! edition of its rules, audit every round against that edition's absolute rules ([`crate::audit`],
//! which never calls the system), and re-check every round with the checker ([`crate::check`]) under the
//! same edition.

pub mod team;

use crate::audit::{self, ColourLimits};
use crate::check;
use crate::error::Result;
use crate::generate::{self, Config, NEVER};
use crate::rules::{Edition, System};
use crate::score::Score;
use crate::tournament::Tournament;
use crate::trf;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    pub system: System,
    /// The edition of the system's rules every round is paired, audited and re-checked under.
    pub edition: Edition,
    pub tournaments: usize,
    pub seed: u64,
    pub min_players: usize,
    pub max_players: usize,
    pub min_rounds: usize,
    pub max_rounds: usize,
}

impl Options {
    /// The defaults: 7–400 players, 3–13 rounds, the system's default edition.
    pub fn new(system: System, tournaments: usize, seed: u64) -> Options {
        Options {
            system,
            edition: system.default_edition(),
            tournaments,
            seed,
            min_players: 7,
            max_players: 400,
            min_rounds: 3,
            max_rounds: 13,
        }
    }
}

/// What the run found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub tournaments: usize,
    pub rounds: usize,
    pub violations: usize,
    pub differences: usize,
    /// Tournaments the system could not finish (no legal pairing for some round).
    pub unfinished: usize,
    /// A few details, for the report.
    pub details: Vec<String>,
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} tournaments, {} rounds, {} violations, {} checker differences, {} unfinished (no legal pairing)",
            self.tournaments, self.rounds, self.violations, self.differences, self.unfinished
        )
    }
}

fn pick(rng: &mut ChaCha8Rng, low: u64, high: u64) -> u64 {
    if high <= low {
        return low;
    }
    low + rng.next_u64() % (high - low + 1)
}

/// The settings of tournament `index`: size, rounds, rates and point system drawn from the seed.
pub fn config_for(options: &Options, index: usize) -> (Config, u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(
        options
            .seed
            .wrapping_mul(1_000_003)
            .wrapping_add(index as u64),
    );
    let players = pick(
        &mut rng,
        options.min_players as u64,
        options.max_players as u64,
    ) as usize;
    let max_rounds = options.max_rounds.min(players - 1) as u64;
    let rounds = pick(
        &mut rng,
        (options.min_rounds as u64).min(max_rounds),
        max_rounds,
    ) as usize;
    let rate = |rng: &mut ChaCha8Rng, low: u64, high: u64| {
        if rng.next_u64().is_multiple_of(2) {
            NEVER
        } else {
            pick(rng, low, high)
        }
    };
    let highest = pick(&mut rng, 1800, 2800) as u32;
    let lowest = highest
        .saturating_sub(pick(&mut rng, 0, 1200) as u32)
        .max(1000);
    let mut config = Config {
        players,
        rounds,
        draw_percentage: pick(&mut rng, 0, 50) as u32,
        forfeit_rate: rate(&mut rng, 8, 60),
        retired_rate: rate(&mut rng, 50, 400),
        half_point_bye_rate: rate(&mut rng, 10, 80),
        zero_point_bye_rate: rate(&mut rng, 20, 150),
        late_entry_rate: rate(&mut rng, 5, 40),
        highest_rating: highest,
        lowest_rating: lowest,
        ..Config::default()
    };
    // About one tournament in ten uses another point system; under the 2026 edition, where a PAB worth
    // no more than a loss is no downfloat (1.4), one in twenty more has a PAB worth nothing.
    match rng.next_u64() % 20 {
        0 => {
            config.win = Score::points(3);
            config.draw = Score::points(1);
            config.pairing_allocated_bye = Score::points(3);
        }
        1 => {
            config.pairing_allocated_bye = Score::tenths(5);
        }
        2 if options.edition.is_2026() => {
            config.pairing_allocated_bye = Score::ZERO;
        }
        _ => {}
    }
    (config, rng.next_u64())
}

/// Runs the self-test; `progress(done, total)` is called after each tournament.
pub fn run(options: &Options, mut progress: impl FnMut(usize, usize)) -> Result<Summary> {
    let mut summary = Summary::default();
    let system = options.system;
    let edition = system.check_edition(options.edition)?;
    let limits = ColourLimits::of(system);
    for index in 0..options.tournaments {
        let (config, seed) = config_for(options, index);
        let label = format!(
            "tournament {index} ({} players, {} rounds, generator seed {seed})",
            config.players, config.rounds
        );
        summary.tournaments += 1;
        let generated = match generate::generate_partial_in(system, edition, &config, seed)? {
            (t, None) => t,
            (partial, Some(e)) => {
                // The system found no legal pairing for a round: confirm it independently.
                let before = Tournament::from_trf(&trf::parse(&trf::write(&partial))?)?;
                if audit::legal_pairing_exists_in(&before, limits, edition) {
                    summary.violations += 1;
                    if summary.details.len() < 20 {
                        summary.details.push(format!(
                            "{label}: round {}: the system found no pairing ({e}) but a legal one exists",
                            before.next_round()
                        ));
                    }
                } else {
                    summary.unfinished += 1;
                    if summary.details.len() < 20 {
                        summary.details.push(format!(
                            "{label}: round {}: no legal pairing exists",
                            before.next_round()
                        ));
                    }
                }
                progress(index + 1, options.tournaments);
                continue;
            }
        };
        // Read the file back, as any other engine would.
        let tournament = Tournament::from_trf(&trf::parse(&trf::write(&generated))?)?;
        summary.rounds += tournament.rounds_played;
        for v in audit::audit_in(&tournament, limits, edition) {
            summary.violations += 1;
            if summary.details.len() < 20 {
                summary.details.push(format!("{label}: {v}"));
            }
        }
        let report = check::check_in(&tournament, system, edition, |_, _| {})?;
        for d in report.differences {
            summary.differences += 1;
            if summary.details.len() < 20 {
                summary
                    .details
                    .push(format!("{label}: round {} differs on re-check", d.round));
            }
        }
        progress(index + 1, options.tournaments);
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_dutch_selftest_is_clean_in_both_editions() {
        for edition in [Edition::Y2017, Edition::Y2026] {
            let options = Options {
                max_players: 40,
                edition,
                ..Options::new(System::Dutch, 12, 5)
            };
            let summary = run(&options, |_, _| {}).unwrap();
            assert_eq!(summary.tournaments, 12);
            assert_eq!(
                (summary.violations, summary.differences),
                (0, 0),
                "{edition:?}: {:?}",
                summary.details
            );
        }
    }

    #[test]
    fn an_edition_the_system_lacks_is_refused() {
        let options = Options {
            edition: Edition::Y2026,
            ..Options::new(System::Lim, 1, 1)
        };
        let e = run(&options, |_, _| {}).unwrap_err();
        assert_eq!(e.exit_code(), 3);
    }

    #[test]
    fn the_2026_configs_add_a_pab_worth_nothing_and_keep_the_rest() {
        let old = Options::new(System::Dutch, 400, 3);
        let new = Options {
            edition: Edition::Y2026,
            ..old.clone()
        };
        let mut zero = 0;
        for i in 0..400 {
            let (a, seed_a) = config_for(&old, i);
            let (b, seed_b) = config_for(&new, i);
            assert_eq!(seed_a, seed_b);
            if b.pairing_allocated_bye == Score::ZERO {
                zero += 1;
                assert_eq!(a.pairing_allocated_bye, Score::points(1));
            } else {
                assert_eq!(a, b);
            }
        }
        assert!(zero > 5, "{zero}");
    }

    #[test]
    fn configs_vary_and_repeat() {
        let o = Options::new(System::Dutch, 10, 1);
        let a: Vec<_> = (0..10).map(|i| config_for(&o, i)).collect();
        let b: Vec<_> = (0..10).map(|i| config_for(&o, i)).collect();
        assert_eq!(a, b);
        assert!(a.iter().any(|(c, _)| c.players != a[0].0.players));
        assert!(a
            .iter()
            .all(|(c, _)| (7..=400).contains(&c.players) && c.rounds < c.players));
    }
}
