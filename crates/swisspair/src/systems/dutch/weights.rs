//! Edge weights that encode the criteria lexicographically: one bit field per criterion, the most
//! important in the highest bits, so that a maximum-weight matching optimises the criteria (2017: C.4–C.19;
//! 2026: C4–C21) in their order of priority, and below them the fields that choose among equally good
//! candidates in the order of generation (2017 B.6–B.8, D.1–D.3; 2026 3.8, 4.2–4.4).
//!
//! Every field holds, for a matched edge, the *gain* of pairing its two ends over leaving both unpaired
//! (a player left unpaired by the bracket floats down), so that floaters cost nothing in themselves and
//! the weights stay non-negative. Where a field only counts penalties of pairs, each bracket pair adds a
//! constant instead: the number of bracket pairs is fixed by C.5 (2026 C6), which is more important, so
//! the constant changes no comparison.
//!
//! Score differences (2017 A.8) and scores (2026 C7, C8, C18–C21) enter as powers of two: the k-th
//! smallest value present counts `2^(k·b)` with `2^b` larger than the number of terms it can have, so
//! that comparing sums compares the sorted lists of values lexicographically, as A.8 compares PSDs and
//! C7 compares the downfloaters' scores.

use crate::score::Score;
use crate::sorting::sort;

/// The fields, most significant first. Each serves the criterion of one edition or of both (the 2017
/// article first, then the 2026 one); a field an edition or a bracket does not use has width zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Field {
    /// 2017 C.4 / A.9, 2026 C4: the round-pairing must be complete (every player paired, at most one
    /// bye, given to a player who may receive it).
    Completion,
    /// 2017 C.5, 2026 C6: number of pairs in the bracket.
    Pairs,
    /// 2017 C.6: pairing score difference of the bracket.
    Psd,
    /// 2026 C7: the scores of the players paired in the bracket (the downfloaters' scores, compared in
    /// descending order, as low as possible).
    PairedScores,
    /// 2017 C.7 when the following bracket is the last one: that bracket must be complete (A.9).
    NextComplete,
    /// 2017 C.7, 2026 C8: number of pairs in the following bracket.
    NextPairs,
    /// 2017 C.7: pairing score difference of the following bracket.
    NextPsd,
    /// 2026 C8: the scores paired in the following bracket.
    NextPairedScores,
    /// 2026 C9: the pairing-allocated bye to the candidate with the fewest unplayed games.
    UnplayedGames,
    /// 2017 C.8, 2026 C10: topscorers or their opponents with a colour difference beyond ±2.
    TopscorerColourDifference,
    /// 2017 C.9, 2026 C11: topscorers or their opponents with the same colour three times running.
    TopscorerColourRepeat,
    /// 2017 C.10, 2026 C12: players who do not get their colour preference.
    ColourPreference,
    /// 2017 C.11, 2026 C13: players who do not get their strong colour preference.
    StrongColourPreference,
    /// 2017 C.12, 2026 C14: downfloaters who had a downfloat the round before.
    DownfloatRepeat1,
    /// 2017 C.13, 2026 C15: upfloaters (MDP opponents) who had an upfloat the round before.
    UpfloatRepeat1,
    /// 2017 C.14, 2026 C16: downfloaters who had a downfloat two rounds before.
    DownfloatRepeat2,
    /// 2017 C.15, 2026 C17: upfloaters (MDP opponents) who had an upfloat two rounds before.
    UpfloatRepeat2,
    /// 2017 C.16 (score differences), 2026 C18 (scores) of repeated downfloaters, one round before.
    DownfloatScores1,
    /// 2017 C.17, 2026 C19: the same for repeated upfloaters.
    UpfloatScores1,
    /// 2017 C.18, 2026 C20: as `DownfloatScores1`, two rounds before.
    DownfloatScores2,
    /// 2017 C.19, 2026 C21: as `UpfloatScores1`, two rounds before.
    UpfloatScores2,
    /// Choices already fixed: players that must be paired in the bracket.
    MustPair,
    /// D.2.a (2026 4.3): the number of players exchanged between S1R and S2R.
    ExchangeCount,
    /// D.2.b: the difference of the sums of the BSNs exchanged.
    ExchangeSum,
    /// The choice being tested (D.1–D.3, 2026 4.2–4.4), one at a time.
    Probe,
}

impl Field {
    /// Every field, most significant first (`Field::ALL[i] as usize == i`).
    pub const ALL: [Field; FIELD_COUNT] = [
        Field::Completion,
        Field::Pairs,
        Field::Psd,
        Field::PairedScores,
        Field::NextComplete,
        Field::NextPairs,
        Field::NextPsd,
        Field::NextPairedScores,
        Field::UnplayedGames,
        Field::TopscorerColourDifference,
        Field::TopscorerColourRepeat,
        Field::ColourPreference,
        Field::StrongColourPreference,
        Field::DownfloatRepeat1,
        Field::UpfloatRepeat1,
        Field::DownfloatRepeat2,
        Field::UpfloatRepeat2,
        Field::DownfloatScores1,
        Field::UpfloatScores1,
        Field::DownfloatScores2,
        Field::UpfloatScores2,
        Field::MustPair,
        Field::ExchangeCount,
        Field::ExchangeSum,
        Field::Probe,
    ];
}

/// The four colour fields, in priority order.
pub const COLOUR_FIELDS: [Field; 4] = [
    Field::TopscorerColourDifference,
    Field::TopscorerColourRepeat,
    Field::ColourPreference,
    Field::StrongColourPreference,
];

/// The float-count fields: down / up, one round back, then two rounds back.
pub const FLOAT_COUNT_FIELDS: [Field; 4] = [
    Field::DownfloatRepeat1,
    Field::UpfloatRepeat1,
    Field::DownfloatRepeat2,
    Field::UpfloatRepeat2,
];

/// The float-score fields, in the same order.
pub const FLOAT_SCORE_FIELDS: [Field; 4] = [
    Field::DownfloatScores1,
    Field::UpfloatScores1,
    Field::DownfloatScores2,
    Field::UpfloatScores2,
];

pub const FIELD_COUNT: usize = Field::Probe as usize + 1;

/// Where each field sits in the weight.
#[derive(Clone, Debug)]
pub struct Layout {
    offsets: [u32; FIELD_COUNT],
    widths: [u32; FIELD_COUNT],
    /// Bits used by all fields together.
    pub total_bits: u32,
}

impl Layout {
    /// `widths[f]` is the number of bits field `f` needs for the largest sum over a matching.
    pub fn new(widths: &[u32; FIELD_COUNT]) -> Layout {
        let mut offsets = [0; FIELD_COUNT];
        let mut bit = 0;
        for f in (0..FIELD_COUNT).rev() {
            offsets[f] = bit;
            bit += widths[f];
        }
        Layout {
            offsets,
            widths: *widths,
            total_bits: bit,
        }
    }

    /// Adds `v · 2^shift` to field `f` of `w` (nothing when the field is not in use).
    pub fn add(&self, w: &mut Wide, f: Field, v: u64, shift: u32) {
        if self.widths[f as usize] > 0 {
            w.add(v, self.offsets[f as usize] + shift);
        }
    }

    /// Subtracts `v · 2^shift` from field `f` of `w` (nothing when the field is not in use).
    pub fn sub(&self, w: &mut Wide, f: Field, v: u64, shift: u32) {
        if self.widths[f as usize] > 0 {
            w.sub(v, self.offsets[f as usize] + shift);
        }
    }

    /// The width of every field, most significant first.
    pub fn widths(&self) -> &[u32; FIELD_COUNT] {
        &self.widths
    }

    pub fn offset_index(&self, f: usize) -> u32 {
        self.offsets[f]
    }
}

/// Bits needed to hold `n`.
pub fn bits(n: u64) -> u32 {
    64 - n.leading_zeros()
}

/// The score differences a field can meet, smallest first, each with room for as many terms as it can
/// hold: the k-th level sits above the levels below it, so that comparing sums compares the sorted
/// lists of differences lexicographically, as A.8 compares PSDs.
#[derive(Clone, Debug, Default)]
pub struct Levels {
    values: Vec<Score>,
    /// Bit offset of each level; one more entry for the top (the cap above every level).
    offsets: Vec<u32>,
}

impl Levels {
    /// `terms` lists differences with how many times each can occur in one pairing (repeats add up).
    pub fn new(mut terms: Vec<(Score, u64)>) -> Levels {
        sort(&mut terms);
        let mut values: Vec<Score> = Vec::new();
        let mut bounds: Vec<u64> = Vec::new();
        for (v, n) in terms {
            match values.last() {
                Some(&last) if last == v => {
                    if let Some(b) = bounds.last_mut() {
                        *b += n;
                    }
                }
                _ => {
                    values.push(v);
                    bounds.push(n);
                }
            }
        }
        let mut offsets = Vec::with_capacity(values.len() + 1);
        let mut bit = 0;
        for b in &bounds {
            offsets.push(bit);
            bit += bits(*b) + 1;
        }
        offsets.push(bit);
        Levels { values, offsets }
    }

    /// The bit position of difference `d`: the level of the smallest value not below it (the top for
    /// a difference above every value).
    pub fn shift(&self, d: Score) -> u32 {
        let rank = self.values.partition_point(|&v| v < d);
        self.offsets.get(rank).copied().unwrap_or(0)
    }

    /// The bit position just above every level.
    pub fn top(&self) -> u32 {
        self.offsets.last().copied().unwrap_or(0)
    }

    /// Bits the field needs: every level and the top, plus `extra`.
    pub fn width(&self, extra: u32) -> u32 {
        self.top() + 1 + extra
    }

    /// The differences, smallest first.
    pub fn values(&self) -> &[Score] {
        &self.values
    }
}

/// A wide unsigned number built from terms `v·2^k`, with wrapping arithmetic (the final value of every
/// weight is non-negative and fits; intermediate values may wrap).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wide {
    pub limbs: Vec<u64>,
}

impl Wide {
    pub fn zero(limbs: usize) -> Wide {
        Wide {
            limbs: vec![0; limbs],
        }
    }

    /// Bits `from..from + 128` (those beyond the value read as zero).
    pub fn bits_from(&self, from: u32) -> u128 {
        let limb = |i: usize| u128::from(self.limbs.get(i).copied().unwrap_or(0));
        let (index, offset) = ((from / 64) as usize, from % 64);
        let mut value = (limb(index) >> offset) | (limb(index + 1) << (64 - offset));
        if offset > 0 {
            value |= limb(index + 2) << (128 - offset);
        }
        value
    }

    pub fn clear(&mut self) {
        self.limbs.iter_mut().for_each(|l| *l = 0);
    }

    /// Adds `other` (of as many limbs or fewer; a carry out of the top limb is lost).
    pub fn add_wide(&mut self, other: &Wide) {
        let mut carry = false;
        for (i, limb) in self.limbs.iter_mut().enumerate() {
            let (sum, c1) = limb.overflowing_add(other.limbs.get(i).copied().unwrap_or(0));
            let (sum, c2) = sum.overflowing_add(u64::from(carry));
            *limb = sum;
            carry = c1 || c2;
        }
    }

    /// Adds `v · 2^shift`.
    pub fn add(&mut self, v: u64, shift: u32) {
        self.add_or_sub(v, shift, false);
    }

    /// Subtracts `v · 2^shift`.
    pub fn sub(&mut self, v: u64, shift: u32) {
        self.add_or_sub(v, shift, true);
    }

    fn add_or_sub(&mut self, v: u64, shift: u32, subtract: bool) {
        if v == 0 {
            return;
        }
        let limb = (shift / 64) as usize;
        let bit = shift % 64;
        let wide = u128::from(v) << bit;
        let parts = [wide as u64, (wide >> 64) as u64];
        let mut carry = false;
        for i in limb..self.limbs.len() {
            let part = parts.get(i - limb).copied().unwrap_or(0);
            if part == 0 && !carry && i >= limb + 2 {
                break;
            }
            let x = self.limbs[i];
            let (r, c) = if subtract {
                let (r1, c1) = x.overflowing_sub(part);
                let (r2, c2) = r1.overflowing_sub(u64::from(carry));
                (r2, c1 || c2)
            } else {
                let (r1, c1) = x.overflowing_add(part);
                let (r2, c2) = r1.overflowing_add(u64::from(carry));
                (r2, c1 || c2)
            };
            self.limbs[i] = r;
            carry = c;
        }
    }
}

/// Conversion of a [`Wide`] value into a matching weight type.
pub trait FromLimbs: Sized {
    /// `None` when the value does not fit.
    fn from_limbs(limbs: &[u64]) -> Option<Self>;
}

impl FromLimbs for u64 {
    fn from_limbs(limbs: &[u64]) -> Option<Self> {
        if limbs.iter().skip(1).any(|&l| l != 0) {
            return None;
        }
        Some(limbs.first().copied().unwrap_or(0))
    }
}

impl FromLimbs for u128 {
    fn from_limbs(limbs: &[u64]) -> Option<Self> {
        if limbs.iter().skip(2).any(|&l| l != 0) {
            return None;
        }
        let low = u128::from(limbs.first().copied().unwrap_or(0));
        let high = u128::from(limbs.get(1).copied().unwrap_or(0));
        Some(low | (high << 64))
    }
}

impl<const N: usize> FromLimbs for bnum::BUint<N> {
    fn from_limbs(limbs: &[u64]) -> Option<Self> {
        if limbs.iter().skip(N).any(|&l| l != 0) {
            return None;
        }
        let mut digits = [0u64; N];
        for (d, l) in digits.iter_mut().zip(limbs) {
            *d = *l;
        }
        Some(bnum::BUint::from_digits(digits))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_fields_are_listed_in_order() {
        for (i, f) in Field::ALL.iter().enumerate() {
            assert_eq!(*f as usize, i);
        }
    }

    #[test]
    fn wide_arithmetic_carries_and_borrows() {
        let mut w = Wide::zero(3);
        w.add(u64::MAX, 0);
        w.add(1, 0);
        assert_eq!(w.limbs, vec![0, 1, 0]);
        w.sub(1, 0);
        assert_eq!(w.limbs, vec![u64::MAX, 0, 0]);
        w.add(3, 127);
        assert_eq!(w.limbs, vec![u64::MAX, 1 << 63, 1]);
        w.sub(1, 128);
        w.sub(1, 127);
        assert_eq!(w.limbs, vec![u64::MAX, 0, 0]);
    }

    #[test]
    fn layout_puts_the_first_field_highest() {
        let mut widths = [1; FIELD_COUNT];
        widths[Field::Psd as usize] = 10;
        let l = Layout::new(&widths);
        assert!(l.offset_index(Field::Completion as usize) > l.offset_index(Field::Pairs as usize));
        assert_eq!(l.offset_index(Field::Probe as usize), 0);
        assert_eq!(l.total_bits, FIELD_COUNT as u32 + 9);
    }

    #[test]
    fn levels_rank_differences() {
        let l = Levels::new(vec![
            (Score(10), 1),
            (Score(0), 5),
            (Score(5), 1),
            (Score(10), 2),
        ]);
        assert_eq!(l.values(), &[Score(0), Score(5), Score(10)]);
        assert_eq!(l.shift(Score(0)), 0);
        assert_eq!(l.shift(Score(5)), 4); // 5 needs 3 bits, plus one
        assert_eq!(l.shift(Score(10)), 6); // 1 needs 1 bit, plus one
        assert_eq!(l.top(), 9); // 3 needs 2 bits, plus one
    }
}
