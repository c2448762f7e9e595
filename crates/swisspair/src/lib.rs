//! swisspair: a FIDE Swiss-system pairing engine.
//!
//! Data flows one way: [`trf`] (read/write) → [`tournament`] (players, rounds, results, point system) →
//! [`state`] (what the systems derive per player) → [`systems`] (Dutch, ...) → [`pairing`] (output).

pub mod audit;
pub mod check;
pub mod error;
pub mod generate;
pub mod json;
pub mod matching;
pub mod pairing;
pub mod score;
pub mod selftest;
pub mod state;
pub mod systems;
pub mod tournament;
pub mod trf;

pub use error::{Error, Result};
pub use pairing::{Game, Pairing};
pub use score::Score;
pub use systems::{Edition, System};
pub use tournament::Tournament;
