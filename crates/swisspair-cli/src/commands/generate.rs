//! `-g`: generate a random tournament paired round by round by the system, from a configuration
//! (`-g [CONFIG]`) or from a model tournament's players (`MODEL.trf -g`).

use crate::failure::Failure;
use crate::files;
use std::path::Path;
use swisspair::generate::{Config, GivenPlayers};
use swisspair::notices::Purpose;
use swisspair::{Edition, Error, System, Tournament};

/// What `-g` was asked for.
pub struct Generate<'a> {
    pub system: System,
    pub requested: Option<Edition>,
    /// `MODEL.trf -g`: the model tournament.
    pub model: Option<&'a Path>,
    /// `-g CONFIG`.
    pub config: Option<&'a Path>,
    pub output: &'a Path,
    pub seed: Option<u64>,
    /// `-l [CHECKLIST]`.
    pub checklist: Option<Option<&'a Path>>,
}

/// `-g`: generate a tournament paired by the system, from a configuration or a model tournament.
pub fn run(g: &Generate<'_>) -> Result<(), Failure> {
    let system = g.system;
    let (settings, given, edition) = settings(g)?;
    let output = g.output;
    let checklist = match g.checklist {
        Some(named) => Some(files::checklist_path(
            named,
            output,
            g.model.or(g.config).unwrap_or(output),
        )?),
        None => None,
    };
    let seed = super::seed_or_clock(g.seed);
    let generator_failure = |e: &Error| Failure::labelled("generator", e);
    let generated = match &given {
        Some(players) => {
            swisspair::generate::generate_with_players_in(system, edition, &settings, players, seed)
        }
        None => swisspair::generate::generate_partial_in(system, edition, &settings, seed),
    };
    let (trf, stopped) = generated.map_err(|e| generator_failure(&e))?;
    files::write_atomically(output, swisspair::trf::write(&trf).as_bytes())?;
    let so_far = Tournament::from_trf(&trf);
    if let (Some(list), Ok(t)) = (&checklist, &so_far) {
        // Every round as the generator paired it (the checker re-pairs the same way), and the round
        // that could not be paired, if one could not.
        let report = swisspair::check::check_with(t, system, edition, true, |_, _| {})
            .map_err(|e| generator_failure(&e))?;
        let mut lists = report.checklists;
        if stopped.is_some() {
            lists.push(swisspair::check::checklist(system, edition, t, None));
        }
        files::write_atomically(list, lists.join("\n").as_bytes())?;
    }
    let Some(error) = stopped else {
        return Ok(());
    };
    // No legal pairing for a round: the rounds paired so far are written, for study; say which
    // round and which absolute rule blocks it.
    let Ok(so_far) = so_far else {
        return Err(generator_failure(&error));
    };
    Err(blocked(&so_far, system, edition, &error, output))
}

/// The generator's settings, the model's players (`MODEL.trf -g`) and the edition: the model's system
/// record chooses it unless `--edition` does; from a configuration, `--edition` or the default.
fn settings(g: &Generate<'_>) -> Result<(Config, Option<GivenPlayers>, Edition), Failure> {
    let system = g.system;
    Ok(match (g.model, g.config) {
        (Some(model), Some(config)) => {
            return Err(Failure::usage(format!(
                "{} -g {}: generate from a model tournament (MODEL.trf -g) or from a configuration (-g CONFIG), not both",
                model.display(),
                config.display()
            )))
        }
        (Some(model), None) => {
            let trf = files::read_trf(model)?;
            let tournament =
                Tournament::from_trf(&trf).map_err(|e| Failure::from_error(model, &e))?;
            files::warn(
                model,
                &swisspair::notices::warnings(&tournament, system, g.requested, Purpose::Model),
            );
            // The model's system record chooses the edition unless --edition does.
            let edition = system
                .edition_for(&tournament, g.requested)
                .map_err(|e| Failure::from_error(model, &e))?;
            let (settings, given) =
                swisspair::generate::model(&trf).map_err(|e| Failure::from_error(model, &e))?;
            (settings, Some(given), edition)
        }
        (None, Some(path)) => {
            let bytes = files::read(path)?;
            let text = String::from_utf8_lossy(&bytes);
            let settings = Config::parse(&text).map_err(|e| Failure::from_error(path, &e))?;
            (settings, None, g.requested.unwrap_or(system.default_edition()))
        }
        (None, None) => (
            Config::default(),
            None,
            g.requested.unwrap_or(system.default_edition()),
        ),
    })
}

/// The failure of a generated tournament whose next round has no legal pairing: the round, the
/// absolute rules that block it, and where the rounds paired so far were written.
fn blocked(
    so_far: &Tournament,
    system: System,
    edition: Edition,
    error: &Error,
    output: &Path,
) -> Failure {
    let round = so_far.next_round();
    let limits = swisspair::audit::ColourLimits::of(system);
    let blocking: Vec<&str> = swisspair::audit::blocking_rules(so_far, limits, edition)
        .into_iter()
        .map(swisspair::audit::rule_name)
        .collect();
    let why = if blocking.is_empty() {
        "the absolute rules together (no single one of them, lifted, would allow a pairing)"
            .to_string()
    } else {
        blocking.join("; ")
    };
    Failure {
        code: u8::try_from(error.exit_code()).unwrap_or(1),
        message: format!(
            "generator: round {round} cannot be paired: {error}; blocked by: {why}. The {} round(s) paired so far are written to {}",
            round - 1,
            output.display()
        ),
    }
}
