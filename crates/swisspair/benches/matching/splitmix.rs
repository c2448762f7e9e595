//! SplitMix64: the tiny deterministic generator of the matching benchmarks and of the matching
//! engine's randomized unit tests (`src/matching/tests.rs` includes this file).

/// SplitMix64 from the seed it holds.
pub struct Rng(pub u64);

#[allow(dead_code)] // the benchmarks draw plain numbers only
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}
