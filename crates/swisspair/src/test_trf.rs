//! For unit tests: small test cases, written and read the way every test suite does
//! (`tests/common/cases.rs`, included here; it names this crate `swisspair`, see `lib.rs`).

#[path = "../tests/common/cases.rs"]
#[allow(dead_code)] // what only the integration tests use
mod cases;

pub use cases::{explains, normalised, pairs, Naming, Trf};
