//! swisspair: a FIDE Swiss-system pairing engine (Dutch 2017 and 2026, Dubov, Lim, the rating-based
//! system of 1992), reading tournaments from TRF files or JSON documents.
//!
//! # Embedding
//!
//! The [`api`] module (re-exported here) is what a program that pairs tournaments needs: read a
//! tournament ([`read_tournament`]: TRF or JSON, detected) or build one ([`TournamentBuilder`]), pair the
//! next round ([`pair_next`] with [`PairOptions`]: system, edition), check a finished tournament
//! ([`check_tournament`]), generate one ([`generate_tournament`]). A pairing is a [`Round`]: boards in
//! order ([`Board`], each with a white and a black [`Seat`]) and the bye. Results serialize to the JSON
//! of the command line's `--format json`; [`json`] reads and writes tournaments as JSON.
//!
//! ```
//! use swisspair::{PairOptions, System};
//!
//! let trf = std::fs::read("../../examples/club-16p-round5.trf")?;
//! let tournament = swisspair::read_tournament(&trf)?;
//! let round = swisspair::pair_next(&tournament, &PairOptions::new(System::Dutch))?;
//! for board in &round.boards {
//!     println!("{}: {} - {}", board.board, board.white.name, board.black.name);
//! }
//! assert_eq!((round.round, round.boards.len(), round.bye), (5, 7, None));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Errors are [`Error`]; for invalid input they name the line and the field ([`Error::line`]).
//!
//! # Internals
//!
//! Data flows one way: `trf` (read/write) → [`tournament`] (players, rounds, results, point system:
//! what a [`Tournament`] holds, documented for programs that read it) → `state` (what the systems derive
//! per player) → `systems` (Dutch, ...) → the pairing. Those modules, and `check`, `generate`, `audit`,
//! `matching`, `notices` and `selftest`, are public for the command line, the tests and the benchmarks,
//! and hidden from this documentation: they are not a stable API. Everything an embedding program needs
//! is re-exported above.

#![deny(missing_docs)]
// The systems' module documentation links their private parts, for `cargo doc --document-private-items`.
#![allow(rustdoc::private_intra_doc_links)]

// The test cases' code (`tests/common/cases.rs`) is shared by the unit and the integration tests and
// names the library `swisspair` in both.
#[cfg(test)]
extern crate self as swisspair;

pub mod api;
#[doc(hidden)]
pub mod audit;
#[doc(hidden)]
pub mod check;
mod checklist;
mod error;
pub mod explain;
#[doc(hidden)]
pub mod generate;
pub mod json;
#[doc(hidden)]
pub mod matching;
#[doc(hidden)]
pub mod notices;
mod pairing;
mod rules;
mod score;
#[doc(hidden)]
pub mod selftest;
mod sorting;
#[doc(hidden)]
pub mod state;
#[doc(hidden)]
pub mod systems;
#[cfg(test)]
mod test_trf;
pub mod tournament;
#[doc(hidden)]
pub mod trf;
pub mod workflow;

pub use api::{
    check, check_tournament, generate_tournament, pair, pair_next, read_tournament, system_named,
    Board, ByeKind, Difference, GameResult, Pair, PairOptions, Report, Round, Seat, TeamOptions,
    TournamentBuilder,
};
pub use checklist::{ChecklistRow, ChecklistTable};
pub use error::{Error, Location, Result};
pub use pairing::{Game, Pairing};
pub use rules::{Edition, System};
pub use score::Score;
pub use tournament::{ReadOptions, Tournament};
pub use workflow::{
    announce, checklist_next, explain_next, overview, read_document, record_round,
    tournament_from_list, write_tournament, Checklist, Explained, Format, Overview, Standing,
};
