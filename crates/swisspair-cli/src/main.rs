//! `swisspair`: the command line, drop-in compatible with bbpPairings and JaVaFo.
//!
//! ```text
//! swisspair --dutch input.trf -p [output.txt] [-l checklist.txt]   pair the next round
//! swisspair --dutch input.trf -c                                    check every round of a finished tournament
//! swisspair --dutch -g [config.txt] -o out.trf -s SEED              generate a random tournament
//! swisspair selftest --dutch --tournaments N [--seed S]              generate, audit and re-check
//! swisspair convert IN OUT                                          TRF <-> JSON
//! ```
//!
//! The input may be a TRF file or a JSON document (detected from the content); `--format json` writes the
//! pairing (-p) or the checker's report (-c) as JSON.
//!
//! Every command takes `--edition YEAR` (the edition of the system's rules); without it the file's system
//! record (092/192) chooses, otherwise the system's default edition.

mod files;

use clap::{ArgGroup, Args, Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use swisspair::{Edition, Error, System, Tournament};

/// The editions of every system, one line each, the default marked: `  --dutch       2017 (default), 2026`.
fn editions_list() -> String {
    System::ALL
        .iter()
        .map(|s| format!("  --{:<12}{}", s.name(), editions_of(*s)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A system's editions, the default marked: `2017 (default), 2026`.
fn editions_of(system: System) -> String {
    system
        .editions()
        .iter()
        .map(|e| {
            if *e == system.default_edition() {
                format!("{e} (default)")
            } else {
                e.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `--help`: the editions, then [`AFTER_HELP`].
fn after_help() -> String {
    format!(
        "Editions of the rules (--edition YEAR):\n{}\n\
Without --edition: the edition the file's system record (092/192) names (FIDE_DUTCH_2017; FIDE_DUTCH_2025\n\
or FIDE_DUTCH_2026 for the 2026 edition), otherwise the system's default edition. Under the 2026\n\
edition, -g writes TRF-2026 (142, 152, 162, 192 FIDE_DUTCH_2025, and 240 for announced byes).\n\n{AFTER_HELP}",
        editions_list()
    )
}

/// `selftest --help`: the editions.
fn selftest_after_help() -> String {
    format!(
        "Editions of the rules (--edition YEAR):\n{}\n\
Every tournament is generated, audited and re-checked under the edition given (the system's default\n\
edition without --edition); the 2026 edition's tournaments are written as TRF-2026, their system\n\
record (192) naming the edition.",
        editions_list()
    )
}

const AFTER_HELP: &str = "\
Exit codes:
  0  success
  1  no valid pairing exists (the absolute criteria cannot all be met)
  2  unexpected internal error (a bug: please report it)
  3  invalid request or invalid input file (the message names FILE:LINE: field)
  4  a size limit was exceeded
  5  a file could not be read or written
  6  (-c) the checker found rounds whose pairs differ from the file

Output of -p: the number of pairs, then one `white black` line per pair (starting numbers) in board
order, the pairing-allocated bye last as `N 0`. Output files are written atomically: on failure no
file is left behind.";

/// FIDE Swiss-system pairing engine: Dutch (C.04.3, editions 2017 and 2026), Swiss based on rating (1992),
/// Dubov, Lim.
#[derive(Parser, Debug)]
#[command(name = "swisspair", version, about, after_help = after_help())]
#[command(group(ArgGroup::new("system").args(["dutch", "rating1992", "dubov", "lim"])))]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    /// Use the Dutch system (C.04.3: the 2017 edition by default, or 2026).
    #[arg(long)]
    dutch: bool,
    /// Use the Swiss system based on rating (old C.04.1, 1992).
    #[arg(long)]
    rating1992: bool,
    /// Use the Dubov system (C.04.4.1).
    #[arg(long)]
    dubov: bool,
    /// Use the Lim system (C.04.4.3).
    #[arg(long)]
    lim: bool,

    /// The edition of the system's rules (Dutch: 2017, the default, or 2026), for -p, -l, -c and -g.
    /// Without it, the edition the file's system record names (092/192, e.g. FIDE_DUTCH_2025), otherwise
    /// the system's default edition.
    #[arg(long, value_name = "YEAR")]
    edition: Option<String>,

    /// Treat the tournament as a maxi-tournament (Lim's 100-point rating limits), as `XXM 1` in the file.
    #[arg(long)]
    maxi: bool,

    /// The tournament file (TRF16 with extension lines, or TRF26).
    input: Option<PathBuf>,

    /// Pair the next round; write the pairs to OUTPUT, or to standard output when none is named.
    #[arg(short = 'p', value_name = "OUTPUT", num_args = 0..=1)]
    pair: Option<Option<PathBuf>>,

    /// With -p: also write a checklist (per-player state the pairing used) to this file.
    #[arg(short = 'l', value_name = "CHECKLIST")]
    checklist: Option<PathBuf>,

    /// Check: re-pair every round of the file and list the rounds whose pairs differ.
    #[arg(short = 'c')]
    check: bool,

    /// Generate a random tournament, optionally from a configuration file of key=value lines.
    #[arg(short = 'g', value_name = "CONFIG", num_args = 0..=1)]
    generate: Option<Option<PathBuf>>,

    /// With -g: the file to write the generated tournament to.
    #[arg(short = 'o', value_name = "OUTPUT")]
    output: Option<PathBuf>,

    /// With -g: the random seed (the same seed gives the same file).
    #[arg(short = 's', value_name = "SEED")]
    seed: Option<u64>,

    /// Output format of -p and -c: text (the engines' format, the default) or json.
    #[arg(long, value_name = "FORMAT")]
    format: Option<String>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Generate random tournaments of varied size and settings with a system, audit every round
    /// against the absolute rules (without calling the system) and re-check every round; ends with a
    /// summary line. Exit code 6 when anything was found.
    Selftest(SelftestArgs),
    /// Convert a tournament between TRF and JSON: to the format OUT's extension names (.json, .trf),
    /// otherwise to the other format than IN's (detected from the content).
    Convert(ConvertArgs),
}

#[derive(Args, Debug)]
struct ConvertArgs {
    /// The tournament (TRF or JSON).
    input: PathBuf,
    /// The file to write.
    output: PathBuf,
}

#[derive(Args, Debug)]
#[command(group(ArgGroup::new("system").args(["dutch", "rating1992", "dubov", "lim"]).required(true)))]
#[command(after_help = selftest_after_help())]
struct SelftestArgs {
    /// Test the Dutch system.
    #[arg(long)]
    dutch: bool,
    /// Test the Swiss system based on rating (1992).
    #[arg(long)]
    rating1992: bool,
    /// Test the Dubov system.
    #[arg(long)]
    dubov: bool,
    /// Test the Lim system.
    #[arg(long)]
    lim: bool,
    /// The edition of the system's rules (Dutch: 2017, the default, or 2026).
    #[arg(long, value_name = "YEAR")]
    edition: Option<String>,
    /// How many tournaments.
    #[arg(long, default_value_t = 100)]
    tournaments: usize,
    /// Seed of the run (the same seed gives the same tournaments).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Smallest and largest number of players.
    #[arg(long, default_value_t = 7)]
    min_players: usize,
    #[arg(long, default_value_t = 400)]
    max_players: usize,
}

/// A failure of the command: the message to print and the exit code.
struct Failure {
    code: u8,
    message: String,
}

impl Failure {
    fn usage(message: impl Into<String>) -> Failure {
        Failure {
            code: 3,
            message: message.into(),
        }
    }

    /// A library error about `file`, printed as `FILE:LINE: field: what is wrong`.
    fn from_error(file: &Path, e: &Error) -> Failure {
        Failure {
            code: u8::try_from(e.exit_code()).unwrap_or(2),
            message: match e.line() {
                Some(_) => format!("{}:{e}", file.display()),
                None => format!("{}: {e}", file.display()),
            },
        }
    }
}

fn system_of(cli: &Cli) -> Result<System, Failure> {
    let chosen = [
        (cli.dutch, System::Dutch),
        (cli.rating1992, System::Rating1992),
        (cli.dubov, System::Dubov),
        (cli.lim, System::Lim),
    ];
    chosen
        .iter()
        .find(|(on, _)| *on)
        .map(|(_, s)| *s)
        .ok_or_else(|| {
            Failure::usage("choose a pairing system: --dutch, --rating1992, --dubov or --lim")
        })
}

/// `--edition YEAR`: an edition `system` has, or a usage error (exit code 3) that lists its editions.
fn requested_edition(system: System, text: Option<&str>) -> Result<Option<Edition>, Failure> {
    let Some(text) = text else {
        return Ok(None);
    };
    let refuse = |why: String| {
        Failure::usage(format!(
            "--edition {text}: {why}; the {} system's editions: {}",
            system.title(),
            editions_of(system)
        ))
    };
    let Some(edition) = Edition::parse(text) else {
        return Err(refuse(
            if text.trim().parse::<u16>().is_ok() {
                "swisspair knows no edition of that year"
            } else {
                "not a year"
            }
            .to_string(),
        ));
    };
    system.check_edition(edition).map(Some).map_err(|_| {
        refuse(format!(
            "the {} system has no {edition} edition",
            system.title()
        ))
    })
}

fn read_tournament(path: &Path) -> Result<Tournament, Failure> {
    let bytes = files::read(path)?;
    let trf = swisspair::json::read_trf(&bytes).map_err(|e| Failure::from_error(path, &e))?;
    for w in &trf.warnings {
        eprintln!("swisspair: warning: {}:{w}", path.display());
    }
    Tournament::from_trf(&trf).map_err(|e| Failure::from_error(path, &e))
}

fn run(cli: Cli) -> Result<(), Failure> {
    if let Some(Command::Selftest(args)) = &cli.command {
        return selftest(args);
    }
    if let Some(Command::Convert(args)) = &cli.command {
        return convert(args);
    }
    let json = json_format(cli.format.as_deref())?;
    let system = system_of(&cli)?;
    let requested = requested_edition(system, cli.edition.as_deref())?;
    if let Some(config) = &cli.generate {
        let edition = requested.unwrap_or(system.default_edition());
        return generate(
            system,
            edition,
            config.as_deref(),
            cli.output.as_deref(),
            cli.seed,
        );
    }
    let Some(input) = cli.input.as_deref() else {
        return Err(Failure::usage(
            "no input file: swisspair --dutch FILE -p [OUTPUT]",
        ));
    };
    if cli.check {
        if json {
            return check_json(system, requested, input, cli.maxi);
        }
        return check(system, requested, input, cli.maxi);
    }
    let Some(output) = cli.pair.as_ref() else {
        return Err(Failure::usage(
            "nothing to do: give -p (pair), -c (check) or -g (generate)",
        ));
    };
    let mut tournament = read_tournament(input)?;
    tournament.maxi |= cli.maxi;
    if let Some(total) = tournament.total_rounds {
        if tournament.rounds_played >= total {
            return Err(Failure::usage(format!(
                "{}: all {total} rounds (XXR/142) are already paired",
                input.display()
            )));
        }
    }
    let edition = system
        .edition_for(&tournament, requested)
        .map_err(|e| Failure::from_error(input, &e))?;
    let pairing = system
        .pair_in(edition, &tournament)
        .map_err(|e| Failure::from_error(input, &e))?;
    let text = if json {
        swisspair::Round::new(&tournament, system, edition, &pairing)
            .to_json()
            .map_err(|e| Failure::from_error(input, &e))?
    } else {
        pairing.to_engine_output(&tournament)
    };
    if let Some(list) = &cli.checklist {
        // The state under the edition that paired the round (its floats and bye eligibility).
        let state = swisspair::state::RoundState::with_edition(&tournament, edition);
        let text = format!(
            "# {} system (--{}), {edition} edition\n{}",
            system.title(),
            system.name(),
            state.checklist(&tournament)
        );
        files::write_atomically(list, text.as_bytes())?;
    }
    match output {
        Some(path) => files::write_atomically(path, text.as_bytes()),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

/// `selftest`: many generated tournaments, audited and re-checked.
fn selftest(args: &SelftestArgs) -> Result<(), Failure> {
    use std::io::IsTerminal;
    let system = [
        (args.dutch, System::Dutch),
        (args.rating1992, System::Rating1992),
        (args.dubov, System::Dubov),
        (args.lim, System::Lim),
    ]
    .iter()
    .find(|(on, _)| *on)
    .map_or(System::Dutch, |(_, s)| *s);
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
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(args.tournaments as u64);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "selftest {pos}/{len} tournaments {wide_bar} {eta}",
        ) {
            bar.set_style(style);
        }
        bar
    });
    let summary = swisspair::selftest::run(&options, |done, _| {
        if let Some(b) = &bar {
            b.set_position(done as u64);
        }
    })
    .map_err(|e| Failure {
        code: u8::try_from(e.exit_code()).unwrap_or(2),
        message: format!("selftest: {e}"),
    })?;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
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

/// `-g`: generate a random tournament paired by `system` under `edition`.
fn generate(
    system: System,
    edition: Edition,
    config: Option<&Path>,
    output: Option<&Path>,
    seed: Option<u64>,
) -> Result<(), Failure> {
    let settings = match config {
        Some(path) => {
            let bytes = files::read(path)?;
            let text = String::from_utf8_lossy(&bytes);
            swisspair::generate::Config::parse(&text).map_err(|e| Failure::from_error(path, &e))?
        }
        None => swisspair::generate::Config::default(),
    };
    let Some(output) = output else {
        return Err(Failure::usage("-g needs -o OUTPUT.trf"));
    };
    let seed = match seed {
        Some(s) => s,
        None => {
            let s = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            eprintln!("swisspair: seed {s}");
            s
        }
    };
    let generator_failure = |e: &Error| Failure {
        code: u8::try_from(e.exit_code()).unwrap_or(2),
        message: format!("generator: {e}"),
    };
    let (trf, stopped) = swisspair::generate::generate_partial_in(system, edition, &settings, seed)
        .map_err(|e| generator_failure(&e))?;
    files::write_atomically(output, swisspair::trf::write(&trf).as_bytes())?;
    let Some(error) = stopped else {
        return Ok(());
    };
    // No legal pairing for a round: the rounds paired so far are written, for study; say which
    // round and which absolute rule blocks it.
    let Ok(so_far) = Tournament::from_trf(&trf) else {
        return Err(generator_failure(&error));
    };
    let round = so_far.next_round();
    let limits = swisspair::audit::ColourLimits::of(system);
    let blocking: Vec<&str> = swisspair::audit::blocking_rules(&so_far, limits, edition)
        .into_iter()
        .map(swisspair::audit::rule_name)
        .collect();
    let why = if blocking.is_empty() {
        "the absolute rules together (no single one of them, lifted, would allow a pairing)"
            .to_string()
    } else {
        blocking.join("; ")
    };
    Err(Failure {
        code: u8::try_from(error.exit_code()).unwrap_or(1),
        message: format!(
            "generator: round {round} cannot be paired: {error}; blocked by: {why}. The {} round(s) paired so far are written to {}",
            round - 1,
            output.display()
        ),
    })
}

/// `-c`: re-pair every round under the requested edition (else the one the file names, else the
/// default) and list the rounds that differ.
fn check(
    system: System,
    requested: Option<Edition>,
    input: &Path,
    maxi: bool,
) -> Result<(), Failure> {
    use std::io::IsTerminal;
    let mut tournament = read_tournament(input)?;
    tournament.maxi |= maxi;
    let edition = system
        .edition_for(&tournament, requested)
        .map_err(|e| Failure::from_error(input, &e))?;
    let bar = if std::io::stderr().is_terminal() && tournament.rounds_played > 1 {
        let bar = indicatif::ProgressBar::new(tournament.rounds_played as u64);
        if let Ok(style) =
            indicatif::ProgressStyle::with_template("checking round {pos}/{len} {wide_bar} {eta}")
        {
            bar.set_style(style);
        }
        Some(bar)
    } else {
        None
    };
    let report = swisspair::check::check_in(&tournament, system, edition, |done, _| {
        if let Some(b) = &bar {
            b.set_position(done as u64);
        }
    })
    .map_err(|e| Failure::from_error(input, &e))?;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let show = |pairs: &[(u32, u32)]| {
        pairs
            .iter()
            .map(|(w, b)| format!("{w}-{b}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    for d in &report.differences {
        println!("round {}: pairs differ", d.round);
        println!("  file:      {}", show(&d.recorded));
        match &d.error {
            Some(e) => println!("  swisspair: no pairing ({e})"),
            None => println!("  swisspair: {}", show(&d.paired)),
        }
    }
    println!(
        "{} rounds checked, {} differ",
        report.rounds,
        report.differences.len()
    );
    if report.differences.is_empty() {
        Ok(())
    } else {
        Err(Failure {
            code: 6,
            message: format!(
                "{}: {} of {} rounds differ",
                input.display(),
                report.differences.len(),
                report.rounds
            ),
        })
    }
}

/// `--format`: true for json, false for text (the default).
fn json_format(format: Option<&str>) -> Result<bool, Failure> {
    match format.map(str::to_ascii_lowercase).as_deref() {
        None | Some("text") => Ok(false),
        Some("json") => Ok(true),
        Some(other) => Err(Failure::usage(format!(
            "--format {other}: not text or json"
        ))),
    }
}

/// `-c --format json`: the checker's report as JSON on standard output; exit code 6 when rounds differ.
fn check_json(
    system: System,
    requested: Option<Edition>,
    input: &Path,
    maxi: bool,
) -> Result<(), Failure> {
    let mut tournament = read_tournament(input)?;
    tournament.maxi |= maxi;
    let fail = |e: Error| Failure::from_error(input, &e);
    let edition = system.edition_for(&tournament, requested).map_err(fail)?;
    let report =
        swisspair::check::check_in(&tournament, system, edition, |_, _| {}).map_err(fail)?;
    let text = swisspair::Report::new(system, edition, &report)
        .to_json()
        .map_err(fail)?;
    print!("{text}");
    if report.differences.is_empty() {
        Ok(())
    } else {
        Err(Failure {
            code: 6,
            message: format!(
                "{}: {} of {} rounds differ",
                input.display(),
                report.differences.len(),
                report.rounds
            ),
        })
    }
}

/// `convert IN OUT`: TRF to JSON or JSON to TRF.
fn convert(args: &ConvertArgs) -> Result<(), Failure> {
    let bytes = files::read(&args.input)?;
    let to_json = match args
        .output
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .as_deref()
    {
        Some("json") => Some(true),
        Some("trf") | Some("txt") => Some(false),
        _ => None,
    };
    let text = swisspair::json::convert(&bytes, to_json)
        .map_err(|e| Failure::from_error(&args.input, &e))?;
    files::write_atomically(&args.output, text.as_bytes())
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 3 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!("swisspair: {}", f.message);
            ExitCode::from(f.code)
        }
    }
}
