//! `--team`: team tournaments, paired by C.04.6 (the Swiss Team Pairing System).

use std::path::Path;

use swisspair::api::{ensure_round_to_pair, read_team_tournament, team_round};
use swisspair::check::team::check_teams;
use swisspair::explain::team::TeamExplanation;
use swisspair::generate::team::{generate_teams, TeamConfig};
use swisspair::systems::team::checklist::checklist;
use swisspair::systems::team::{explain, pair, why_not_paired, TeamPairing};
use swisspair::tournament::team::{TeamRules, TeamTournament};
use swisspair::trf::Trf;
use swisspair::{Edition, Report, System, TeamOptions};

use super::pair::Questions;
use super::Progress;
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
            Some(path) => swisspair::json::names_team_code(&files::read(path)?),
            None => false,
        };
    if !by_file && (cli.team_colours.is_some() || cli.team_score.is_some()) {
        return Err(Failure::usage(
            "--team-colours and --team-score belong to --team (a team tournament)",
        ));
    }
    Ok(by_file)
}

/// `--team-colours` and `--team-score` over the file's code.
fn override_rules(cli: &Cli, rules: &mut TeamRules) -> Result<(), Failure> {
    TeamOptions::from_names(cli.team_colours.as_deref(), cli.team_score.as_deref())
        .map_err(|e| Failure::usage(format!("--team-colours/--team-score: {e}")))?
        .apply(rules);
    Ok(())
}

/// `--team`: pairs the next round (`-p`) or checks every round (`-c`) of a team tournament.
pub fn run(cli: &Cli) -> Result<(), Failure> {
    if let Some(config) = &cli.generate {
        return generate(cli, config.as_deref());
    }
    let Some(input) = &cli.input else {
        return Err(Failure::usage("--team: name the tournament file"));
    };
    if cli.pair.is_none() && (cli.explain.is_some() || cli.why.is_some()) {
        return Err(Failure::usage(
            "--explain and --why belong to -p (pair): they explain the round paired",
        ));
    }
    if let Some(seed) = cli.seed {
        return Err(Failure::usage(format!(
            "-s {seed}: a seed belongs to -g (generate); nothing is generated"
        )));
    }
    let bytes = files::read(input)?;
    let (trf, mut tournament) = read_team_tournament(&bytes, &TeamOptions::default())
        .map_err(|e| Failure::from_error(input, &e))?;
    override_rules(cli, &mut tournament.rules)?;
    let mut warnings = std::mem::take(&mut tournament.warnings);
    if tournament.rules.baku {
        warnings.push(format!(
            "{}: Baku acceleration (_BAKU) is not applied to team tournaments (C.04.6 does not say how: \
             give the fictitious points in 250 records)",
            tournament.rules.line
        ));
    }
    warn(input, &warnings);
    let json = crate::cli::json_format(cli.format.as_deref())?;
    if cli.check {
        write_checklists(cli, input, input, &trf, &tournament)?;
        return check(input, &trf, &tournament, cli.strict, json);
    }
    if cli.strict {
        return Err(Failure::usage("--strict belongs to -c (check)"));
    }
    let Some(output) = &cli.pair else {
        return Err(Failure::usage(
            "--team: give -p to pair the next round or -c to check every round",
        ));
    };
    ensure_round_to_pair(&tournament).map_err(|e| Failure::from_error(input, &e))?;
    let result = pair_explained(cli, input, &tournament)?;
    let text = match &result {
        Ok(p) if json => team_round(&tournament, p)
            .to_json()
            .map_err(|e| Failure::from_error(input, &e))?,
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

/// `-c`: re-pairs every round from the rounds before it and lists the rounds whose matches differ, as
/// the individual systems' checker does (exit code 0, or 6 with `--strict` when a round differs).
fn check(
    input: &Path,
    trf: &Trf,
    tournament: &TeamTournament,
    strict: bool,
    json: bool,
) -> Result<(), Failure> {
    let bar = Progress::new(
        tournament.rounds_played > 1,
        tournament.rounds_played as u64,
        "checking round {pos}/{len} {wide_bar} {eta}",
    );
    let report = check_teams(trf, tournament, |done, _| bar.set(done))
        .map_err(|e| Failure::from_error(input, &e))?;
    bar.finish();
    if json {
        let r = Report::new(System::Team, Edition::Y2026, &report);
        print!(
            "{}",
            r.to_json().map_err(|e| Failure::from_error(input, &e))?
        );
    } else {
        print!("{}", report.render("swisspair"));
    }
    if strict {
        super::check::differences_fail(input, &report)?;
    }
    Ok(())
}

/// `--team -g [CONFIG] -o OUTPUT [-s SEED]`: a team tournament played round by round, each round
/// paired by the team system. When a round cannot be paired, the rounds paired so far are written and
/// the command fails (exit code 1).
fn generate(cli: &Cli, config: Option<&Path>) -> Result<(), Failure> {
    if let Some(model) = &cli.input {
        return Err(Failure::usage(format!(
            "{}: --team -g generates from a configuration (-g CONFIG), not from a model tournament",
            model.display()
        )));
    }
    if cli.team_colours.is_some() || cli.team_score.is_some() {
        return Err(Failure::usage(
            "--team -g: the configuration chooses the rules (TeamColours, TeamScore)",
        ));
    }
    let Some(output) = cli.output.as_deref() else {
        return Err(Failure::usage("-g needs -o OUTPUT.trf"));
    };
    let settings = match config {
        Some(path) => {
            let bytes = files::read(path)?;
            TeamConfig::parse(&String::from_utf8_lossy(&bytes))
                .map_err(|e| Failure::from_error(path, &e))?
        }
        None => TeamConfig::default(),
    };
    let seed = super::seed_or_clock(cli.seed);
    let (trf, stopped) =
        generate_teams(&settings, seed).map_err(|e| Failure::labelled("generator", &e))?;
    let text = swisspair::trf::write(&trf);
    files::write_atomically(output, text.as_bytes())?;
    if cli.checklist.is_some() {
        let (trf, t) = TeamTournament::read_bytes(text.as_bytes())
            .map_err(|e| Failure::from_error(output, &e))?;
        write_checklists(cli, output, output, &trf, &t)?;
    }
    match stopped {
        None => Ok(()),
        Some(e) => Err(Failure {
            code: u8::try_from(e.exit_code()).unwrap_or(1),
            message: format!(
                "generator: a round cannot be paired: {e}. The rounds paired so far are written to {}",
                output.display()
            ),
        }),
    }
}

/// `-p`: pairs the next round; with `--explain` or `--why` says why (standard error, or the file
/// `--explain` names; `--format json` as JSON), with `-l` writes the checklist (also when no pairing
/// exists).
fn pair_explained(
    cli: &Cli,
    input: &Path,
    t: &TeamTournament,
) -> Result<swisspair::Result<TeamPairing>, Failure> {
    let questions = Questions::new(cli)?;
    let result = if questions.asked() {
        match explain(t) {
            Ok((pairing, explanation)) => {
                answer(cli, &questions, t, &explanation)?;
                Ok(pairing)
            }
            Err(e) => Err(e),
        }
    } else {
        pair(t)
    };
    if let Some(named) = &cli.checklist {
        let list = files::checklist_path(named.as_deref(), input, input)?;
        files::write_atomically(&list, checklist(t, result.as_ref().ok()).as_bytes())?;
    }
    Ok(result)
}

/// `--explain [FILE]` and `--why N[,M]` (N, M TPNs) for the round `explanation` explains.
fn answer(
    cli: &Cli,
    questions: &Questions,
    t: &TeamTournament,
    explanation: &TeamExplanation,
) -> Result<(), Failure> {
    let json = crate::cli::json_format(cli.format.as_deref())?;
    let whole = || {
        if json {
            explanation.to_json()
        } else {
            explanation.render()
        }
    };
    match questions.explain() {
        Some(Some(path)) => files::write_atomically(path, whole().as_bytes())?,
        Some(None) => eprint!("{}", whole()),
        None => {}
    }
    match questions.why() {
        Some((a, None)) => match explanation.render_team(a) {
            Some(text) => eprint!("{text}"),
            None => return Err(Failure::usage(format!("--why {a}: no team with that TPN"))),
        },
        Some((a, Some(b))) => eprint!("{}", why_not_paired(t, explanation, a, b)),
        None => {}
    }
    Ok(())
}

/// `-l` with `-c` or `-g`: the checklist of every round of `t`, each as the round was paired again from
/// the rounds before it; named after `base` unless `-l` names the file.
fn write_checklists(
    cli: &Cli,
    base: &Path,
    input: &Path,
    trf: &Trf,
    t: &TeamTournament,
) -> Result<(), Failure> {
    let Some(named) = &cli.checklist else {
        return Ok(());
    };
    let list = files::checklist_path(named.as_deref(), base, input)?;
    let lists: Vec<String> = (1..=t.rounds_played)
        .map(|round| {
            let before = t.before_round(trf, round);
            checklist(&before, pair(&before).ok().as_ref())
        })
        .collect();
    files::write_atomically(&list, lists.join("\n").as_bytes())
}

/// Writes the pairs; a failed pairing leaves the file empty, as for individuals.
fn write(path: &Path, input: &Path, text: &str, failed: bool) -> Result<(), Failure> {
    if failed {
        files::empty_stale(path, input, true);
        return Ok(());
    }
    files::write_atomically(path, text.as_bytes())
}
