//! For unit tests: small test cases, written and read the way every test suite does
//! (`tests/common/cases.rs`, included here; it names this crate `swisspair`, see `lib.rs`).

#[path = "../tests/common/cases.rs"]
#[allow(dead_code)] // what only the integration tests use
mod cases;

pub use cases::{explains, normalised, pairs, Naming, Trf};

/// A repeatable draw for the random cases of unit tests (xorshift): `next(m)` is in `0..m`.
pub fn draws(seed: u64) -> impl FnMut(u64) -> u64 {
    let mut state = seed | 1;
    move |m: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % m.max(1)
    }
}
