//! `--team`: team tournaments, paired by C.04.6 (the Swiss Team Pairing System).

use std::path::Path;

use swisspair::systems::team::pair;
use swisspair::tournament::team::{ColourMode, PrimaryScore, TeamRules, TeamTournament};

use crate::cli::Cli;
use crate::failure::Failure;
use crate::files::{self, warn};

/// True when the team system pairs: `--team`, or no system named and the file's `192`/`092` record
/// names a team code. The team options without it are refused.
pub fn chosen(cli: &Cli) -> Result<bool, Failure> {
    let named = cli.system.chosen().is_some();
    if cli.team {
        return Ok(true);
    }
    let by_file = !named
        && cli.generate.is_none()
        && match &cli.input {
            Some(path) => names_team_code(&files::read(path)?),
            None => false,
        };
    if !by_file && (cli.team_colours.is_some() || cli.team_score.is_some()) {
        return Err(Failure::usage(
            "--team-colours and --team-score belong to --team (a team tournament)",
        ));
    }
    Ok(by_file)
}

/// The file's `192` (or `092`) record names a `FIDE_TEAM...` code.
fn names_team_code(bytes: &[u8]) -> bool {
    String::from_utf8_lossy(bytes).lines().any(|l| {
        let code = l.get(..3).unwrap_or("");
        (code == "192" || code == "092") && TeamRules::is_team_code(l.get(3..).unwrap_or(""))
    })
}

/// `--team-colours` and `--team-score` over the file's code.
fn override_rules(cli: &Cli, rules: &mut TeamRules) -> Result<(), Failure> {
    if let Some(c) = &cli.team_colours {
        rules.colours = match c.to_ascii_lowercase().as_str() {
            "a" => ColourMode::TypeA,
            "b" => ColourMode::TypeB,
            "none" => ColourMode::None,
            _ => {
                return Err(Failure::usage(format!(
                    "--team-colours {c}: expected a (Type A), b (Type B) or none"
                )))
            }
        };
    }
    if let Some(s) = &cli.team_score {
        rules.primary = match s.to_ascii_lowercase().as_str() {
            "mp" => PrimaryScore::MatchPoints,
            "gp" => PrimaryScore::GamePoints,
            _ => {
                return Err(Failure::usage(format!(
                    "--team-score {s}: expected mp (match points) or gp (game points)"
                )))
            }
        };
    }
    Ok(())
}

/// Pairs the next round of a team tournament (`-p`).
pub fn run(cli: &Cli) -> Result<(), Failure> {
    let Some(input) = &cli.input else {
        return Err(Failure::usage("--team: name the tournament file"));
    };
    if cli.check || cli.generate.is_some() || cli.checklist.is_some() || cli.explain.is_some() {
        return Err(Failure::usage(
            "--team: only -p (pair the next round) is implemented for team tournaments yet",
        ));
    }
    let Some(output) = &cli.pair else {
        return Err(Failure::usage("--team: give -p to pair the next round"));
    };
    let bytes = files::read(input)?;
    let mut tournament =
        TeamTournament::from_bytes(&bytes).map_err(|e| Failure::from_error(input, &e))?;
    override_rules(cli, &mut tournament.rules)?;
    let mut warnings = std::mem::take(&mut tournament.warnings);
    if tournament.rules.baku {
        warnings.push(format!(
            "{}: Baku acceleration (_BAKU) is not applied to team tournaments yet",
            tournament.rules.line
        ));
    }
    warn(input, &warnings);
    let result = pair(&tournament);
    let text = match &result {
        Ok(p) => p.to_text(),
        Err(_) => String::new(),
    };
    match output {
        Some(path) => write(path, input, &text, result.is_err())?,
        None => print!("{text}"),
    }
    result
        .map(|_| ())
        .map_err(|e| Failure::from_error(input, &e))
}

/// Writes the pairs; a failed pairing leaves the file empty, as for individuals.
fn write(path: &Path, input: &Path, text: &str, failed: bool) -> Result<(), Failure> {
    if failed {
        files::empty_stale(path, input, true);
        return Ok(());
    }
    files::write_atomically(path, text.as_bytes())
}
