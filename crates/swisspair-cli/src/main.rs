//! `swisspair`: the command line, drop-in compatible with bbpPairings and JaVaFo.
//!
//! ```text
//! swisspair [-r] --dutch input.trf -p [output.txt] [-l [checklist]]         pair the next round
//!           [--explain [FILE]] [--why N[,M]]                                 ... and say why
//! swisspair [-r] --dutch input.trf -c [-l [checklist]] [--strict]           check every round of a tournament
//! swisspair [-r] --dutch (model.trf -g | -g [config.txt]) -o out.trf [-s SEED] [-l [checklist]]
//!                                                                            generate a tournament
//! swisspair -r                                                               the version and build line
//! swisspair selftest --dutch --tournaments N [--seed S]                      generate, audit and re-check
//! swisspair convert IN OUT                                                   TRF <-> JSON
//! ```
//!
//! The input may be a TRF file or a JSON document (detected from the content); `--format json` writes the
//! pairing (-p) or the checker's report (-c) as JSON.
//!
//! Every command takes `--edition YEAR` (the edition of the system's rules); without it the file's system
//! record (092/192) chooses, otherwise the system's default edition.

mod files;
mod team;

use clap::{ArgGroup, Args, Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use swisspair::notices::Purpose;
use swisspair::{Edition, Error, ReadOptions, System, Tournament};

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
  6  (-c --strict) the checker found rounds whose pairs differ from the file; (selftest) violations
     or differences found
-c exits 0 when the check ran, whatever it found (as bbpPairings and JaVaFo do): the differing rounds
are listed on standard output; give --strict for exit code 6 when any round differs.

Output of -p: the number of pairs, then one `white black` line per pair (starting numbers) in board
order, the pairing-allocated bye last as `N 0`. Output files are written atomically. When -p OUTPUT
fails, an OUTPUT left by an earlier run is emptied, so that old pairs are never read as new ones; when
no valid pairing exists OUTPUT is left empty (created if need be), as bbpPairings leaves it. A
checklist (-l) is written also when no valid pairing exists.

Warnings (standard error, exit code unchanged) say what swisspair assumes: no XXR/142 (the last-round
rules cannot apply), no XXC/152 (white assumed), a system record naming something swisspair does not
apply (Baku acceleration, another system, an edition --edition overrides).";

/// FIDE Swiss-system pairing engine: Dutch (C.04.3, editions 2017 and 2026), Swiss based on rating (1992),
/// Dubov, Lim.
#[derive(Parser, Debug)]
#[command(name = "swisspair", version, about, after_help = after_help())]
#[command(group(ArgGroup::new("system").args(["dutch", "rating1992", "dubov", "lim", "team"])))]
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
    /// Use the Swiss Team Pairing System (C.04.6, 2026) for a team tournament; chosen also by the
    /// file's 192/092 FIDE_TEAM_... code when no system is named.
    #[arg(long)]
    team: bool,
    /// With --team: the colour preferences (C.04.6 1.7): a (Type A), b (Type B) or none; overrides
    /// the file's code.
    #[arg(long, value_name = "a|b|none")]
    team_colours: Option<String>,
    /// With --team: the primary score (C.04.6 1.2): mp (match points) or gp (game points); overrides
    /// the file's code.
    #[arg(long, value_name = "mp|gp")]
    team_score: Option<String>,

    /// The edition of the system's rules (Dutch: 2017, the default, or 2026), for -p, -l, -c and -g.
    /// Without it, the edition the file's system record names (092/192, e.g. FIDE_DUTCH_2025), otherwise
    /// the system's default edition.
    #[arg(long, value_name = "YEAR")]
    edition: Option<String>,

    /// Where the points column disagrees with the results, recompute the scores from the results and
    /// warn, instead of refusing the file.
    #[arg(long)]
    trust_results: bool,

    /// Treat the tournament as a maxi-tournament (Lim's 100-point rating limits), as `XXM 1` in the file.
    #[arg(long)]
    maxi: bool,

    /// The tournament file (TRF16 with extension lines, or TRF26); with -g, a model tournament.
    input: Option<PathBuf>,

    /// Pair the next round; write the pairs to OUTPUT, or to standard output when none is named.
    #[arg(short = 'p', value_name = "OUTPUT", num_args = 0..=1)]
    pair: Option<Option<PathBuf>>,

    /// Also write a checklist (per player, the state the pairing used, grouped by score): with -p for
    /// the round paired (also when no valid pairing exists), with -c and -g for every round. Without a
    /// file name: the input file's name (for -g the output's) with the extension `.list`, as bbpPairings.
    #[arg(short = 'l', value_name = "CHECKLIST", num_args = 0..=1)]
    checklist: Option<Option<PathBuf>>,

    /// With -p: also explain the round in the words of the rules, with their articles (each bracket,
    /// float, colour and the bye, and the rule that decided it), to FILE, or to standard error; with
    /// --format json as a JSON document.
    #[arg(long, value_name = "FILE", num_args = 0..=1)]
    explain: Option<Option<PathBuf>>,

    /// With -p: explain player N only (`--why 12`), or why two players were not paired with each
    /// other (`--why 12,31`), on standard error.
    #[arg(long, value_name = "N[,M]")]
    why: Option<String>,

    /// Check: re-pair every round of the file and list, per differing round, the pairs that differ
    /// (the file's beside swisspair's). Exit code 0 when the check ran, as bbpPairings and JaVaFo.
    #[arg(short = 'c')]
    check: bool,

    /// With -c: exit code 6 when any round differs.
    #[arg(long)]
    strict: bool,

    /// Generate a random tournament, optionally from a configuration file of key=value lines; or,
    /// given an input file instead (`MODEL.trf -g`), from that model tournament's players.
    #[arg(short = 'g', value_name = "CONFIG", num_args = 0..=1)]
    generate: Option<Option<PathBuf>>,

    /// With -g: the file to write the generated tournament to.
    #[arg(short = 'o', value_name = "OUTPUT")]
    output: Option<PathBuf>,

    /// With -g: the random seed (the same seed gives the same file).
    #[arg(short = 's', value_name = "SEED")]
    seed: Option<u64>,

    /// Print the version and build line (alone, or before the command's own output), as bbpPairings.
    #[arg(short = 'r')]
    release: bool,

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

/// The version and build line (`-r`, as bbpPairings').
fn version_line() -> String {
    let systems: Vec<String> = System::ALL
        .iter()
        .map(|s| {
            let editions: Vec<String> = s.editions().iter().map(|e| e.to_string()).collect();
            let name = match s {
                System::Rating1992 => "rating-based",
                other => other.title(),
            };
            format!("{name} {}", editions.join("/"))
        })
        .collect();
    format!(
        "swisspair {} - FIDE Swiss-system pairing engine ({}; {} build)",
        env!("CARGO_PKG_VERSION"),
        systems.join(", "),
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        }
    )
}

/// Prints warnings about `file` to standard error.
fn warn(file: &Path, warnings: &[String]) {
    for w in warnings {
        if w.starts_with(|c: char| c.is_ascii_digit()) {
            eprintln!("swisspair: warning: {}:{w}", file.display());
        } else {
            eprintln!("swisspair: warning: {}: {w}", file.display());
        }
    }
}

/// Reads a tournament file: TRF, or a JSON document (detected from the content).
fn read_trf(path: &Path) -> Result<swisspair::trf::Trf, Failure> {
    let bytes = files::read(path)?;
    swisspair::json::read_trf(&bytes).map_err(|e| Failure::from_error(path, &e))
}

/// Reads a tournament and prints the warnings of reading it for `purpose`.
fn read_tournament(
    path: &Path,
    system: System,
    requested: Option<Edition>,
    purpose: Purpose,
    options: ReadOptions,
) -> Result<Tournament, Failure> {
    let trf = read_trf(path)?;
    let tournament = Tournament::from_trf_with(&trf, options).map_err(|e| {
        // What the reader noticed (e.g. the encoding) may explain the refusal.
        warn(path, &trf.warnings);
        Failure::from_error(path, &e)
    })?;
    warn(
        path,
        &swisspair::notices::warnings(&tournament, system, requested, purpose),
    );
    Ok(tournament)
}

/// The checklist file: the one named, or `base` with the extension `.list` (bbpPairings' default);
/// refused when it is the input file itself.
fn checklist_path(named: Option<&Path>, base: &Path, input: &Path) -> Result<PathBuf, Failure> {
    let path = named.map_or_else(|| base.with_extension("list"), Path::to_path_buf);
    if files::same_file(&path, input) {
        return Err(Failure::usage(format!(
            "-l {}: the checklist would overwrite the input file",
            path.display()
        )));
    }
    Ok(path)
}

fn run(cli: Cli) -> Result<(), Failure> {
    if cli.release {
        println!("{}", version_line());
    }
    if let Some(Command::Convert(args)) = &cli.command {
        return convert(args);
    }
    let json = json_format(cli.format.as_deref())?;
    if let Some(Command::Selftest(args)) = &cli.command {
        if cli.input.is_some()
            || json
            || cli.pair.is_some()
            || cli.check
            || cli.generate.is_some()
            || cli.checklist.is_some()
            || cli.output.is_some()
            || cli.seed.is_some()
        {
            return Err(Failure::usage(
                "selftest takes its own flags only (see swisspair selftest --help)",
            ));
        }
        return selftest(args);
    }
    let commands = [cli.pair.is_some(), cli.check, cli.generate.is_some()]
        .iter()
        .filter(|on| **on)
        .count();
    if commands == 0 && cli.release && cli.input.is_none() && !cli.strict {
        // `-r` alone (with or without a system flag): the version line only.
        return Ok(());
    }
    if commands > 1 {
        return Err(Failure::usage(
            "-p (pair), -c (check) and -g (generate) exclude each other: give one",
        ));
    }
    if team::chosen(&cli)? {
        return team::run(&cli);
    }
    let system = system_of(&cli)?;
    let requested = requested_edition(system, cli.edition.as_deref())?;
    if cli.generate.is_none() {
        if let Some(seed) = cli.seed {
            return Err(Failure::usage(format!(
                "-s {seed}: a seed belongs to -g (generate); nothing is generated"
            )));
        }
        if let Some(o) = &cli.output {
            return Err(Failure::usage(format!(
                "-o {}: an output tournament belongs to -g (generate); -p takes its output file after it",
                o.display()
            )));
        }
    }
    if cli.strict && !cli.check {
        return Err(Failure::usage("--strict belongs to -c (check)"));
    }
    if cli.pair.is_none() && (cli.explain.is_some() || cli.why.is_some()) {
        return Err(Failure::usage(
            "--explain and --why belong to -p (pair): they explain the round paired",
        ));
    }
    let questions = Questions::new(&cli)?;
    if cli.maxi && system != System::Lim {
        eprintln!(
            "swisspair: warning: --maxi: only the Lim system has maxi-tournament rules; the {} system does not use it",
            system.title()
        );
    }
    if let Some(config) = &cli.generate {
        if cli.maxi && system == System::Lim {
            eprintln!("swisspair: warning: --maxi: the generator does not use it");
        }
        let Some(output) = cli.output.as_deref() else {
            return Err(Failure::usage("-g needs -o OUTPUT.trf"));
        };
        return generate(&Generate {
            system,
            requested,
            model: cli.input.as_deref(),
            config: config.as_deref(),
            output,
            seed: cli.seed,
            checklist: cli.checklist.as_ref().map(|c| c.as_deref()),
        });
    }
    let Some(input) = cli.input.as_deref() else {
        return Err(Failure::usage(
            "no input file: swisspair --dutch FILE -p [OUTPUT]",
        ));
    };
    let checklist = match &cli.checklist {
        Some(named) => Some(checklist_path(named.as_deref(), input, input)?),
        None => None,
    };
    let options = ReadOptions {
        trust_results: cli.trust_results,
    };
    if cli.check {
        return check(
            system,
            requested,
            input,
            cli.maxi,
            options,
            &CheckOutputs {
                checklist: checklist.as_deref(),
                strict: cli.strict,
                json,
            },
        );
    }
    let Some(output) = cli.pair.as_ref() else {
        return Err(Failure::usage(
            "nothing to do: give -p (pair), -c (check) or -g (generate)",
        ));
    };
    let result = pair(
        system,
        requested,
        input,
        cli.maxi,
        options,
        &Outputs {
            pairs: output.as_deref(),
            checklist: checklist.as_deref(),
            questions: &questions,
            json,
        },
    );
    if let (Err(failure), Some(path)) = (&result, output.as_deref()) {
        // A caller that does not look at the exit code must not read an earlier run's pairs. When no
        // valid pairing exists, bbpPairings leaves an empty OUTPUT (it opens it before pairing): so
        // does swisspair, so that a caller that reads it then finds it.
        if files::empty_stale(path, input, failure.code == 1) {
            eprintln!(
                "swisspair: {}: emptied (no pairs: it held the pairs of an earlier run)",
                path.display()
            );
        }
    }
    result
}

/// `-p`: pair the next round; the checklist too, also when no valid pairing exists.
fn pair(
    system: System,
    requested: Option<Edition>,
    input: &Path,
    maxi: bool,
    options: ReadOptions,
    outputs: &Outputs<'_>,
) -> Result<(), Failure> {
    let Outputs {
        pairs: output,
        checklist,
        questions,
        json,
    } = *outputs;
    let mut tournament = read_tournament(input, system, requested, Purpose::Pair, options)?;
    tournament.maxi |= maxi;
    if let Some(total) = tournament.total_rounds {
        if tournament.rounds_played >= total {
            return Err(Failure::usage(format!(
                "{}: all {total} rounds are paired — use -c to check them, or raise XXR/142 to pair another round",
                input.display()
            )));
        }
    }
    let edition = system
        .edition_for(&tournament, requested)
        .map_err(|e| Failure::from_error(input, &e))?;
    let (pairing, explanation) = if questions.asked() {
        match system.explain_in(edition, &tournament) {
            Ok((p, e)) => (Ok(p), Some(e)),
            Err(e) => (Err(e), None),
        }
    } else {
        (system.pair_in(edition, &tournament), None)
    };
    if let Some(explanation) = &explanation {
        questions.answer(explanation, &tournament, edition, json)?;
    }
    if let Some(list) = checklist {
        // The state under the edition that paired the round (its floats and bye eligibility).
        let text = swisspair::check::checklist(system, edition, &tournament, pairing.as_ref().ok());
        files::write_atomically(list, text.as_bytes())?;
    }
    let pairing = pairing.map_err(|e| Failure::from_error(input, &e))?;
    let text = if json {
        swisspair::Round::new(&tournament, system, edition, &pairing)
            .to_json()
            .map_err(|e| Failure::from_error(input, &e))?
    } else {
        pairing.to_engine_output(&tournament)
    };
    match output {
        Some(path) => files::write_atomically(path, text.as_bytes()),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

/// What `-p` writes besides reading: the pairs (a file, or standard output), the checklist, the
/// answers to `--explain` and `--why`.
#[derive(Clone, Copy)]
struct Outputs<'a> {
    pairs: Option<&'a Path>,
    checklist: Option<&'a Path>,
    questions: &'a Questions,
    /// `--format json`: the pairing as JSON instead of the engines' text.
    json: bool,
}

/// `--explain [FILE]` and `--why N[,M]`: what to say about the round paired.
struct Questions {
    explain: Option<Option<PathBuf>>,
    why: Option<(u32, Option<u32>)>,
}

impl Questions {
    fn new(cli: &Cli) -> Result<Questions, Failure> {
        let why = match cli.why.as_deref() {
            None => None,
            Some(text) => {
                let number = |s: &str| {
                    s.trim().parse::<u32>().map_err(|_| {
                        Failure::usage(format!(
                            "--why {text}: a starting number, or two separated by a comma"
                        ))
                    })
                };
                let mut parts = text.split(',');
                let first = number(parts.next().unwrap_or_default())?;
                let second = parts.next().map(number).transpose()?;
                if parts.next().is_some() {
                    return Err(Failure::usage(format!(
                        "--why {text}: at most two starting numbers"
                    )));
                }
                Some((first, second))
            }
        };
        Ok(Questions {
            explain: cli.explain.clone(),
            why,
        })
    }

    fn asked(&self) -> bool {
        self.explain.is_some() || self.why.is_some()
    }

    fn answer(
        &self,
        explanation: &swisspair::explain::Explanation,
        t: &Tournament,
        edition: Edition,
        json: bool,
    ) -> Result<(), Failure> {
        let whole = || {
            if json {
                explanation.to_json()
            } else {
                explanation.render()
            }
        };
        match &self.explain {
            Some(Some(path)) => files::write_atomically(path, whole().as_bytes())?,
            Some(None) => eprint!("{}", whole()),
            None => {}
        }
        match self.why {
            Some((a, None)) => match explanation.render_player(a) {
                Some(text) => eprint!("{text}"),
                None => {
                    return Err(Failure::usage(format!(
                        "--why {a}: no player with that starting number"
                    )))
                }
            },
            Some((a, Some(b))) => {
                let state = swisspair::state::RoundState::with_edition(t, edition);
                eprint!("{}", explanation.why_not_paired(t, &state, a, b));
            }
            None => {}
        }
        Ok(())
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

/// What `-g` was asked for.
struct Generate<'a> {
    system: System,
    requested: Option<Edition>,
    /// `MODEL.trf -g`: the model tournament.
    model: Option<&'a Path>,
    /// `-g CONFIG`.
    config: Option<&'a Path>,
    output: &'a Path,
    seed: Option<u64>,
    /// `-l [CHECKLIST]`.
    checklist: Option<Option<&'a Path>>,
}

/// `-g`: generate a tournament paired by the system, from a configuration or a model tournament.
fn generate(g: &Generate<'_>) -> Result<(), Failure> {
    let system = g.system;
    let (settings, given, edition) = match (g.model, g.config) {
        (Some(model), Some(config)) => {
            return Err(Failure::usage(format!(
                "{} -g {}: generate from a model tournament (MODEL.trf -g) or from a configuration (-g CONFIG), not both",
                model.display(),
                config.display()
            )))
        }
        (Some(model), None) => {
            let trf = read_trf(model)?;
            let tournament =
                Tournament::from_trf(&trf).map_err(|e| Failure::from_error(model, &e))?;
            warn(
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
            let settings = swisspair::generate::Config::parse(&text)
                .map_err(|e| Failure::from_error(path, &e))?;
            (settings, None, g.requested.unwrap_or(system.default_edition()))
        }
        (None, None) => (
            swisspair::generate::Config::default(),
            None,
            g.requested.unwrap_or(system.default_edition()),
        ),
    };
    let output = g.output;
    let checklist = match g.checklist {
        Some(named) => Some(checklist_path(
            named,
            output,
            g.model.or(g.config).unwrap_or(output),
        )?),
        None => None,
    };
    let seed = match g.seed {
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

/// What `-c` writes: the checklists, the report as text or JSON, and whether differences fail.
#[derive(Clone, Copy)]
struct CheckOutputs<'a> {
    checklist: Option<&'a Path>,
    strict: bool,
    json: bool,
}

/// `-c`: re-pair every round under the requested edition (else the one the file names, else the
/// default) and list, per differing round, the pairs that differ. Exit code 0 when the check ran
/// (6 with `--strict` when a round differs).
fn check(
    system: System,
    requested: Option<Edition>,
    input: &Path,
    maxi: bool,
    options: ReadOptions,
    outputs: &CheckOutputs<'_>,
) -> Result<(), Failure> {
    use std::io::IsTerminal;
    let CheckOutputs {
        checklist,
        strict,
        json,
    } = *outputs;
    let mut tournament = read_tournament(input, system, requested, Purpose::Check, options)?;
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
    let report = swisspair::check::check_with(
        &tournament,
        system,
        edition,
        checklist.is_some(),
        |done, _| {
            if let Some(b) = &bar {
                b.set_position(done as u64);
            }
        },
    )
    .map_err(|e| Failure::from_error(input, &e))?;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if let Some(list) = checklist {
        files::write_atomically(list, report.checklists.join("\n").as_bytes())?;
    }
    if json {
        let text = swisspair::Report::new(system, edition, &report)
            .to_json()
            .map_err(|e| Failure::from_error(input, &e))?;
        print!("{text}");
    } else {
        print!("{}", report.render("swisspair"));
    }
    if strict && !report.differences.is_empty() {
        return Err(Failure {
            code: 6,
            message: format!(
                "{}: {} of {} rounds differ",
                input.display(),
                report.differences.len(),
                report.rounds
            ),
        });
    }
    Ok(())
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
    if std::env::args_os().len() <= 1 {
        // No arguments: the version line, as bbpPairings prints it, and where to find the commands.
        println!("{}", version_line());
        println!("swisspair --help lists the commands");
        return ExitCode::SUCCESS;
    }
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
