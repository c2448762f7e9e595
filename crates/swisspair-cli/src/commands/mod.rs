//! The commands, one file each: `-p` ([`pair`]), `-c` ([`check`]), `-g` ([`generate`]), `convert`
//! ([`convert`]), `selftest` ([`selftest`]) and `--team` ([`team`]). `main` reads the flags and calls one of them.

pub mod check;
pub mod convert;
pub mod generate;
pub mod pair;
pub mod selftest;
pub mod team;

use crate::failure::Failure;
use crate::files;
use std::io::IsTerminal;
use std::path::Path;
use swisspair::notices::Purpose;
use swisspair::{Edition, ReadOptions, System, Tournament};

/// The tournament `-p` and `-c` read, and the rules they pair it by.
#[derive(Clone, Copy)]
pub struct Input<'a> {
    pub system: System,
    /// `--edition`.
    pub requested: Option<Edition>,
    pub path: &'a Path,
    /// `--maxi`.
    pub maxi: bool,
    pub options: ReadOptions,
}

impl Input<'_> {
    /// Reads the tournament for `purpose` and prints the warnings of reading it; `--maxi` applied.
    pub fn read(&self, purpose: Purpose) -> Result<Tournament, Failure> {
        let mut tournament = files::read_tournament(
            self.path,
            self.system,
            self.requested,
            purpose,
            self.options,
        )?;
        tournament.maxi |= self.maxi;
        Ok(tournament)
    }

    /// The edition that pairs `tournament`: `--edition`, else the one the file names, else the default.
    pub fn edition(&self, tournament: &Tournament) -> Result<Edition, Failure> {
        self.system
            .edition_for(tournament, self.requested)
            .map_err(|e| Failure::from_error(self.path, &e))
    }
}

/// A progress bar on standard error while a long command runs: shown only when standard error is a
/// terminal (and `wanted`), so that callers reading it see no bar.
pub struct Progress(Option<indicatif::ProgressBar>);

impl Progress {
    /// A bar of `len` steps drawn by `template` (indicatif's: `{pos}`, `{len}`, `{wide_bar}`, `{eta}`).
    pub fn new(wanted: bool, len: u64, template: &str) -> Progress {
        Progress((std::io::stderr().is_terminal() && wanted).then(|| {
            let bar = indicatif::ProgressBar::new(len);
            if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
                bar.set_style(style);
            }
            bar
        }))
    }

    /// `done` steps are done.
    pub fn set(&self, done: usize) {
        if let Some(b) = &self.0 {
            b.set_position(done as u64);
        }
    }

    /// Clears the bar.
    pub fn finish(self) {
        if let Some(b) = self.0 {
            b.finish_and_clear();
        }
    }
}

/// The generator's seed: the one given, else the clock's (said on stderr, so the file can be made again).
pub fn seed_or_clock(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        let s = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        eprintln!("swisspair: seed {s}");
        s
    })
}
