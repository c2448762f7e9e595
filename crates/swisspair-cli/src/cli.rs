//! The command line's words: the clap definitions of the flags and commands, the help texts, the
//! version line, and what the flags that need reading mean (`--dutch` ..., `--edition`, `--format`).

use crate::failure::Failure;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use swisspair::{Edition, System};

/// The editions of every system, one line each, the default marked: `  --dutch       2017 (default), 2026`.
fn editions_list() -> String {
    System::ALL
        .iter()
        .map(|s| format!("  --{:<12}{}", s.name(), editions_of(*s)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A system's editions, the default marked: `2017 (default), 2026`.
pub fn editions_of(system: System) -> String {
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
record (192) naming the edition.\n\n\
--team tests the Swiss Team Pairing System (C.04.6) instead: team tournaments of 6-120 teams (or\n\
--min-players to --max-players), colour preferences Type A, Type B or none and match or game points\n\
primary in turn, with PABs, forfeits and absences; every round audited for C1 and C2, paired again\n\
(every team taking part paired, the same pairing twice) and re-checked; each tournament generated\n\
twice from its seed (the same file).",
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
apply (Baku acceleration, another system, an edition --edition overrides), no edition named for the
Dutch system (the 2017 edition applies; FIDE-rated events since 1 February 2026 need --edition 2026).";

/// FIDE Swiss-system pairing engine: Dutch (C.04.3, editions 2017 and 2026), Swiss based on rating (1992),
/// Dubov, Lim.
#[derive(Parser, Debug)]
#[command(name = "swisspair", version, about, after_help = after_help())]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    #[command(flatten)]
    pub system: SystemFlags,

    /// Use the Swiss Team Pairing System (C.04.6, 2026) for a team tournament; chosen also by the
    /// file's 192/092 FIDE_TEAM_... code when no system is named.
    #[arg(long, conflicts_with = "system")]
    pub team: bool,
    /// With --team: the colour preferences (C.04.6 1.7): a (Type A), b (Type B) or none; overrides
    /// the file's code.
    #[arg(long, value_name = "a|b|none")]
    pub team_colours: Option<String>,
    /// With --team: the primary score (C.04.6 1.2): mp (match points) or gp (game points); overrides
    /// the file's code.
    #[arg(long, value_name = "mp|gp")]
    pub team_score: Option<String>,

    /// The edition of the system's rules (Dutch: 2017, the default, or 2026), for -p, -l, -c and -g.
    /// Without it, the edition the file's system record names (092/192, e.g. FIDE_DUTCH_2025), otherwise
    /// the system's default edition.
    #[arg(long, value_name = "YEAR")]
    pub edition: Option<String>,

    /// Where the points column disagrees with the results, recompute the scores from the results and
    /// warn, instead of refusing the file.
    #[arg(long)]
    pub trust_results: bool,

    /// Treat the tournament as a maxi-tournament (Lim's 100-point rating limits), as `XXM 1` in the file.
    #[arg(long)]
    pub maxi: bool,

    /// The tournament file (TRF16 with extension lines, or TRF26); with -g, a model tournament.
    pub input: Option<PathBuf>,

    /// Pair the next round; write the pairs to OUTPUT, or to standard output when none is named.
    #[arg(short = 'p', value_name = "OUTPUT", num_args = 0..=1)]
    pub pair: Option<Option<PathBuf>>,

    /// Also write a checklist (per player, the state the pairing used, grouped by score): with -p for
    /// the round paired (also when no valid pairing exists), with -c and -g for every round. Without a
    /// file name: the input file's name (for -g the output's) with the extension `.list`, as bbpPairings.
    #[arg(short = 'l', value_name = "CHECKLIST", num_args = 0..=1)]
    pub checklist: Option<Option<PathBuf>>,

    /// With -p: also explain the round in the words of the rules, with their articles (each bracket,
    /// float, colour and the bye, and the rule that decided it), to FILE, or to standard error; with
    /// --format json as a JSON document.
    #[arg(long, value_name = "FILE", num_args = 0..=1)]
    pub explain: Option<Option<PathBuf>>,

    /// With -p: explain player N only (`--why 12`), or why two players were not paired with each
    /// other (`--why 12,31`), on standard error.
    #[arg(long, value_name = "N[,M]")]
    pub why: Option<String>,

    /// Check: re-pair every round of the file and list, per differing round, the pairs that differ
    /// (the file's beside swisspair's). Exit code 0 when the check ran, as bbpPairings and JaVaFo.
    #[arg(short = 'c')]
    pub check: bool,

    /// With -c: exit code 6 when any round differs.
    #[arg(long)]
    pub strict: bool,

    /// Generate a random tournament, optionally from a configuration file of key=value lines; or,
    /// given an input file instead (`MODEL.trf -g`), from that model tournament's players.
    #[arg(short = 'g', value_name = "CONFIG", num_args = 0..=1)]
    pub generate: Option<Option<PathBuf>>,

    /// With -g: the file to write the generated tournament to.
    #[arg(short = 'o', value_name = "OUTPUT")]
    pub output: Option<PathBuf>,

    /// With -g: the random seed (the same seed gives the same file).
    #[arg(short = 's', value_name = "SEED")]
    pub seed: Option<u64>,

    /// Print the version and build line (alone, or before the command's own output), as bbpPairings.
    #[arg(short = 'r')]
    pub release: bool,

    /// Output format of -p and -c: text (the engines' format, the default) or json.
    #[arg(long, value_name = "FORMAT")]
    pub format: Option<String>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Generate random tournaments of varied size and settings with a system, audit every round
    /// against the absolute rules (without calling the system) and re-check every round; ends with a
    /// summary line. Exit code 6 when anything was found.
    Selftest(SelftestArgs),
    /// Convert a tournament between TRF and JSON: to the format OUT's extension names (.json, .trf),
    /// otherwise to the other format than IN's (detected from the content).
    Convert(ConvertArgs),
}

#[derive(Args, Debug)]
pub struct ConvertArgs {
    /// The tournament (TRF or JSON).
    pub input: PathBuf,
    /// The file to write.
    pub output: PathBuf,
}

/// The system flags, one at most: `--dutch`, `--rating1992`, `--dubov`, `--lim` (their help as the
/// pairing commands say it; `selftest` words it its own way and requires one).
#[derive(Args, Debug, Clone, Copy)]
#[group(id = "system", multiple = false)]
pub struct SystemFlags {
    /// Use the Dutch system (C.04.3: the 2017 edition by default, or 2026).
    #[arg(long)]
    pub dutch: bool,
    /// Use the Swiss system based on rating (old C.04.1, 1992).
    #[arg(long)]
    pub rating1992: bool,
    /// Use the Dubov system (C.04.4.1).
    #[arg(long)]
    pub dubov: bool,
    /// Use the Lim system (C.04.4.3).
    #[arg(long)]
    pub lim: bool,
}

impl SystemFlags {
    /// The system whose flag is on.
    pub fn chosen(&self) -> Option<System> {
        [
            (self.dutch, System::Dutch),
            (self.rating1992, System::Rating1992),
            (self.dubov, System::Dubov),
            (self.lim, System::Lim),
        ]
        .into_iter()
        .find_map(|(on, s)| on.then_some(s))
    }
}

#[derive(Args, Debug)]
#[command(mut_arg("dutch", |a| a.help("Test the Dutch system")))]
#[command(mut_arg("rating1992", |a| a.help("Test the Swiss system based on rating (1992)")))]
#[command(mut_arg("dubov", |a| a.help("Test the Dubov system")))]
#[command(mut_arg("lim", |a| a.help("Test the Lim system")))]
#[command(after_help = selftest_after_help())]
pub struct SelftestArgs {
    #[command(flatten)]
    pub system: SystemFlags,
    /// Test the Swiss Team Pairing System (C.04.6): team tournaments of 6-120 teams, the colour
    /// preferences (a, b, none) and the primary score (mp, gp) varied.
    #[arg(long, conflicts_with_all = ["system", "edition"])]
    pub team: bool,
    /// The edition of the system's rules (Dutch: 2017, the default, or 2026).
    #[arg(long, value_name = "YEAR")]
    pub edition: Option<String>,
    /// How many tournaments.
    #[arg(long, default_value_t = 100)]
    pub tournaments: usize,
    /// Seed of the run (the same seed gives the same tournaments).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Smallest and largest number of players (default 7 and 400; with --team, teams: 6-120 by default).
    #[arg(long)]
    pub min_players: Option<usize>,
    #[arg(long)]
    pub max_players: Option<usize>,
}

/// The system flag given (`--dutch` ...); a usage error without one.
pub fn system_of(cli: &Cli) -> Result<System, Failure> {
    cli.system.chosen().ok_or_else(|| {
        Failure::usage("choose a pairing system: --dutch, --rating1992, --dubov or --lim")
    })
}

impl SelftestArgs {
    /// The system flag given; a usage error without one (or `--team`).
    pub fn system(&self) -> Result<System, Failure> {
        self.system.chosen().ok_or_else(|| {
            Failure::usage(
                "selftest: choose a pairing system: --dutch, --rating1992, --dubov, --lim or --team",
            )
        })
    }
}

/// `--edition YEAR`: an edition `system` has, or a usage error (exit code 3) that lists its editions.
pub fn requested_edition(system: System, text: Option<&str>) -> Result<Option<Edition>, Failure> {
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
pub fn version_line() -> String {
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

/// `--format`: true for json, false for text (the default).
pub fn json_format(format: Option<&str>) -> Result<bool, Failure> {
    match format.map(str::to_ascii_lowercase).as_deref() {
        None | Some("text") => Ok(false),
        Some("json") => Ok(true),
        Some(other) => Err(Failure::usage(format!(
            "--format {other}: not text or json"
        ))),
    }
}
