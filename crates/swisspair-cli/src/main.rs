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
//! swisspair selftest --team --tournaments N [--seed S]                       ... team tournaments
//! swisspair convert IN OUT                                                   TRF <-> JSON
//! ```
//!
//! The input may be a TRF file or a JSON document (detected from the content); `--format json` writes the
//! pairing (-p) or the checker's report (-c) as JSON.
//!
//! Every command takes `--edition YEAR` (the edition of the system's rules); without it the file's system
//! record (092/192) chooses, otherwise the system's default edition.
//!
//! Where things are: this file reads the flags, refuses those that do not belong together and calls
//! the command; `cli.rs` holds the flags (clap), the help texts and the version line; `commands/` one
//! file per command (`pair.rs` for -p with --explain/--why, `check.rs` -c, `generate.rs` -g,
//! `convert.rs`, `selftest.rs`); `files.rs` every file read or written (the input with its warnings,
//! atomic output, the checklist's path); `failure.rs` the message and exit code of a failure.

mod cli;
mod commands;
mod failure;
mod files;

use clap::Parser;
use cli::{Cli, Command};
use failure::Failure;
use std::process::ExitCode;
use swisspair::{ReadOptions, System};

/// Runs the command the flags ask for, after refusing the flags that do not belong together.
fn run(cli: Cli) -> Result<(), Failure> {
    if cli.release {
        println!("{}", cli::version_line());
    }
    if let Some(Command::Convert(args)) = &cli.command {
        return commands::convert::run(args);
    }
    let json = cli::json_format(cli.format.as_deref())?;
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
        return commands::selftest::run(args);
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
    if commands::team::chosen(&cli)? {
        return commands::team::run(&cli);
    }
    let system = cli::system_of(&cli)?;
    let requested = cli::requested_edition(system, cli.edition.as_deref())?;
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
    let questions = commands::pair::Questions::new(&cli)?;
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
        return commands::generate::run(&commands::generate::Generate {
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
        Some(named) => Some(files::checklist_path(named.as_deref(), input, input)?),
        None => None,
    };
    let input = commands::Input {
        system,
        requested,
        path: input,
        maxi: cli.maxi,
        options: ReadOptions {
            trust_results: cli.trust_results,
        },
    };
    if cli.check {
        return commands::check::run(
            &input,
            &commands::check::CheckOutputs {
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
    commands::pair::run(
        &input,
        &commands::pair::Outputs {
            pairs: output.as_deref(),
            checklist: checklist.as_deref(),
            questions: &questions,
            json,
        },
    )
}

fn main() -> ExitCode {
    if std::env::args_os().len() <= 1 {
        // No arguments: the version line, as bbpPairings prints it, and where to find the commands.
        println!("{}", cli::version_line());
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
