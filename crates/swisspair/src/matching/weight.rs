//! Edge-weight abstraction: unsigned integers of 32 to several hundred bits.
//!
//! The matching engine only needs a handful of operations on weights
//! (addition, subtraction, doubling, halving, comparison), all of them on
//! non-negative values.  [`Weight`] collects them; it is implemented for
//! `u32`, `u64`, `u128` and for every [`bnum::BUint<N>`] (N 64-bit digits,
//! e.g. `BUint<4>` for 256 bits).
//!
//! # Headroom
//!
//! Internally the engine stores *doubled* edge weights and vertex duals in
//! the same doubled scale, so that every dual variable stays an exact
//! integer.  The analysis in the module documentation of
//! [`crate::matching`] shows that every intermediate value is bounded by
//! `4 * max_weight + 2`.  Edge weights therefore must not exceed
//! [`Weight::max_edge_weight`] `= W::MAX >> 2`, i.e. they must fit in
//! [`Weight::safe_bits`] `= W::BITS - 2` bits.  `set_edge` rejects larger
//! weights with [`MatchingError::WeightTooLarge`](super::MatchingError).

use core::fmt::Debug;
use core::hash::Hash;

use bnum::BUint;

/// An unsigned integer type usable as an edge weight.
///
/// All arithmetic methods are *unchecked in release builds*: the engine
/// guarantees (given edge weights `<= max_edge_weight()`) that no overflow or
/// underflow can happen.  Debug builds assert it.
pub trait Weight: Copy + Ord + Hash + Debug + Send + Sync + 'static {
    /// The value zero; as an edge weight it means "no edge".
    const ZERO: Self;
    /// The largest representable value.
    const MAX: Self;
    /// Width of the type in bits.
    const BITS: u32;

    /// `self + rhs`; the caller guarantees that it does not overflow.
    fn add_w(self, rhs: Self) -> Self;
    /// `self - rhs`; the caller guarantees `rhs <= self`.
    fn sub_w(self, rhs: Self) -> Self;
    /// `self + rhs` with wrap-around, and whether it overflowed.
    fn overflowing_add_w(self, rhs: Self) -> (Self, bool);
    /// `self - rhs` with wrap-around (for values that are known to be
    /// representable once a carry is accounted for).
    #[inline]
    fn wrapping_sub_w(self, rhs: Self) -> Self {
        if rhs <= self {
            self.sub_w(rhs)
        } else {
            // self + (MAX - rhs) + 1, modulo 2^BITS.
            let (partial, _) = self.overflowing_add_w(Self::MAX.sub_w(rhs));
            partial.overflowing_add_w(Self::from_u64(1)).0
        }
    }
    /// `self + rhs`, or `None` on overflow.
    fn checked_add_w(self, rhs: Self) -> Option<Self> {
        match self.overflowing_add_w(rhs) {
            (value, false) => Some(value),
            (_, true) => None,
        }
    }
    /// `2 * self`; the caller guarantees that it does not overflow.
    fn double(self) -> Self {
        self.add_w(self)
    }
    /// `self / 2`, rounded down.
    fn halve(self) -> Self;
    /// Whether the lowest bit is set.
    fn is_odd(self) -> bool;
    /// Conversion from a `u64` (always exact: every implementor has at least
    /// 64 bits, except `u32`, where the value is truncated).
    fn from_u64(value: u64) -> Self;
    /// A well-mixed 64-bit hash of the value (used to intern weights).
    fn hash64(&self) -> u64;

    /// Whether the value is zero.
    #[inline]
    fn is_zero(&self) -> bool {
        *self == Self::ZERO
    }

    /// The largest edge weight the engine accepts for this type:
    /// `Self::MAX >> 2`.
    #[inline]
    fn max_edge_weight() -> Self {
        Self::MAX.halve().halve()
    }

    /// Number of low-order bits an edge weight may use: `Self::BITS - 2`.
    #[inline]
    fn safe_bits() -> u32 {
        Self::BITS.saturating_sub(2)
    }
}

/// Largest accepted edge weight for the weight type `W` (`W::MAX >> 2`).
pub fn max_edge_weight<W: Weight>() -> W {
    W::max_edge_weight()
}

/// Number of bits an edge weight of type `W` may use (`W::BITS - 2`): every
/// weight `< 2^safe_weight_bits::<W>()` is accepted.
pub fn safe_weight_bits<W: Weight>() -> u32 {
    W::safe_bits()
}

#[inline]
fn mix(hash: u64, word: u64) -> u64 {
    (hash ^ word)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .rotate_left(29)
}

#[inline]
fn finish(hash: u64) -> u64 {
    let h = hash.wrapping_mul(0xD6E8_FEB8_6659_FD93);
    h ^ (h >> 32)
}

macro_rules! impl_weight_primitive {
    ($($t:ty),*) => {$(
        impl Weight for $t {
            const ZERO: Self = 0;
            const MAX: Self = <$t>::MAX;
            const BITS: u32 = <$t>::BITS;

            #[inline]
            fn add_w(self, rhs: Self) -> Self {
                debug_assert!(self.checked_add(rhs).is_some(), "weight overflow");
                self.wrapping_add(rhs)
            }
            #[inline]
            fn sub_w(self, rhs: Self) -> Self {
                debug_assert!(rhs <= self, "weight underflow");
                self.wrapping_sub(rhs)
            }
            #[inline]
            fn overflowing_add_w(self, rhs: Self) -> (Self, bool) {
                self.overflowing_add(rhs)
            }
            #[inline]
            fn wrapping_sub_w(self, rhs: Self) -> Self {
                self.wrapping_sub(rhs)
            }
            #[inline]
            fn halve(self) -> Self {
                self >> 1
            }
            #[inline]
            fn is_odd(self) -> bool {
                self & 1 == 1
            }
            #[inline]
            fn from_u64(value: u64) -> Self {
                value as $t
            }
            #[inline]
            #[allow(clippy::cast_lossless)]
            fn hash64(&self) -> u64 {
                let value = *self as u128;
                finish(mix(mix(0, value as u64), (value >> 64) as u64))
            }
        }
    )*};
}

impl_weight_primitive!(u32, u64, u128);

/// Branch-free multi-digit addition (compiles to an add/adc chain).
#[inline(always)]
fn add_digits<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], bool) {
    let mut out = [0u64; N];
    let mut carry = 0u64;
    for i in 0..N {
        let sum = u128::from(a[i]) + u128::from(b[i]) + u128::from(carry);
        out[i] = sum as u64;
        carry = (sum >> 64) as u64;
    }
    (out, carry != 0)
}

/// Branch-free multi-digit subtraction (compiles to a sub/sbb chain).
#[inline(always)]
fn sub_digits<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], bool) {
    let mut out = [0u64; N];
    let mut borrow = 0u64;
    for i in 0..N {
        let difference = u128::from(a[i])
            .wrapping_sub(u128::from(b[i]))
            .wrapping_sub(u128::from(borrow));
        out[i] = difference as u64;
        borrow = (difference >> 127) as u64;
    }
    (out, borrow != 0)
}

impl<const N: usize> Weight for BUint<N> {
    const ZERO: Self = BUint::<N>::ZERO;
    const MAX: Self = BUint::<N>::MAX;
    const BITS: u32 = BUint::<N>::BITS;

    #[inline(always)]
    fn add_w(self, rhs: Self) -> Self {
        let (sum, overflow) = add_digits(self.digits(), rhs.digits());
        debug_assert!(!overflow, "weight overflow");
        BUint::from_digits(sum)
    }
    #[inline(always)]
    fn sub_w(self, rhs: Self) -> Self {
        let (difference, underflow) = sub_digits(self.digits(), rhs.digits());
        debug_assert!(!underflow, "weight underflow");
        BUint::from_digits(difference)
    }
    #[inline]
    fn overflowing_add_w(self, rhs: Self) -> (Self, bool) {
        let (sum, overflow) = add_digits(self.digits(), rhs.digits());
        (BUint::from_digits(sum), overflow)
    }
    #[inline]
    fn wrapping_sub_w(self, rhs: Self) -> Self {
        BUint::from_digits(sub_digits(self.digits(), rhs.digits()).0)
    }
    #[inline]
    fn halve(self) -> Self {
        let digits = self.digits();
        let mut out = [0u64; N];
        for (i, slot) in out.iter_mut().enumerate() {
            let high = if i + 1 < N { digits[i + 1] << 63 } else { 0 };
            *slot = (digits[i] >> 1) | high;
        }
        BUint::from_digits(out)
    }
    #[inline]
    fn is_odd(self) -> bool {
        self.digits().first().is_some_and(|digit| digit & 1 == 1)
    }
    #[inline]
    fn from_u64(value: u64) -> Self {
        let mut out = [0u64; N];
        if let Some(first) = out.first_mut() {
            *first = value;
        }
        BUint::from_digits(out)
    }
    #[inline]
    fn hash64(&self) -> u64 {
        finish(
            self.digits()
                .iter()
                .fold(0, |hash, &digit| mix(hash, digit)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits() {
        assert_eq!(max_edge_weight::<u64>(), u64::MAX >> 2);
        assert_eq!(safe_weight_bits::<u128>(), 126);
        assert_eq!(safe_weight_bits::<BUint<4>>(), 254);
        let max = max_edge_weight::<BUint<3>>();
        assert_eq!(max, BUint::<3>::MAX >> 2u32);
    }

    #[test]
    fn wide_ops() {
        let a = BUint::<3>::from_u64(u64::MAX)
            .double()
            .add_w(BUint::<3>::from_u64(3));
        assert!(a.is_odd());
        assert_eq!(a.halve().double().add_w(BUint::<3>::from_u64(1)), a);
        assert_eq!(a.sub_w(a), BUint::<3>::ZERO);
        let one = BUint::<3>::from_u64(1);
        assert_eq!(one.wrapping_sub_w(one.double()), BUint::<3>::MAX);
        assert_eq!(3u32.wrapping_sub_w(5), u32::MAX - 1);
        assert!(BUint::<2>::MAX
            .checked_add_w(BUint::<2>::from_u64(1))
            .is_none());
        assert_ne!(a.hash64(), a.halve().hash64());
        let top = BUint::<2>::MAX.halve();
        assert_eq!(top.double().add_w(BUint::<2>::from_u64(1)), BUint::<2>::MAX);
    }
}
