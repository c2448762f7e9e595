//! Scores as integers: tenths of a point, never floats.

use std::fmt;
use std::ops::{Add, AddAssign, Sub};

/// A number of points in tenths (`Score(15)` is 1.5 points).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(pub i32);

impl Score {
    /// No points.
    pub const ZERO: Score = Score(0);

    /// Points from a whole number of tenths.
    pub const fn tenths(t: i32) -> Score {
        Score(t)
    }

    /// Points from whole points.
    pub const fn points(p: i32) -> Score {
        Score(p * 10)
    }

    /// Parses a decimal such as `1`, `6.5`, `-0.5` or `.5` (at most one decimal place).
    /// Returns `None` for anything else, including values beyond ±100,000 points.
    pub fn parse(text: &str) -> Option<Score> {
        let text = text.trim();
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        let (whole, fraction) = match digits.split_once(['.', ',']) {
            Some((w, f)) => (w, f),
            None => (digits, ""),
        };
        if whole.is_empty() && fraction.is_empty() {
            return None;
        }
        if !whole.bytes().all(|b| b.is_ascii_digit())
            || !fraction.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let fraction = fraction.trim_end_matches('0');
        if fraction.len() > 1 || whole.len() > 6 {
            return None;
        }
        let whole: i32 = if whole.is_empty() {
            0
        } else {
            whole.parse().ok()?
        };
        let tenth: i32 = if fraction.is_empty() {
            0
        } else {
            fraction.parse().ok()?
        };
        let value = whole * 10 + tenth;
        if value > 1_000_000 {
            return None;
        }
        Some(Score(if negative { -value } else { value }))
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        let text = format!("{sign}{}.{}", abs / 10, abs % 10);
        f.pad(&text)
    }
}

impl Add for Score {
    type Output = Score;
    fn add(self, rhs: Score) -> Score {
        Score(self.0.saturating_add(rhs.0))
    }
}

impl AddAssign for Score {
    fn add_assign(&mut self, rhs: Score) {
        *self = *self + rhs;
    }
}

impl Sub for Score {
    type Output = Score;
    fn sub(self, rhs: Score) -> Score {
        Score(self.0.saturating_sub(rhs.0))
    }
}

impl std::iter::Sum for Score {
    fn sum<I: Iterator<Item = Score>>(iter: I) -> Score {
        iter.fold(Score::ZERO, |a, b| a + b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_decimals() {
        assert_eq!(Score::parse("6.5"), Some(Score(65)));
        assert_eq!(Score::parse(" 1"), Some(Score(10)));
        assert_eq!(Score::parse("0.10"), Some(Score(1)));
        assert_eq!(Score::parse("-0.5"), Some(Score(-5)));
        assert_eq!(Score::parse(".5"), Some(Score(5)));
        assert_eq!(Score::parse("1.25"), None);
        assert_eq!(Score::parse("x"), None);
        assert_eq!(Score::parse(""), None);
        assert_eq!(Score::parse("."), None);
        assert_eq!(Score::parse("99999999"), None);
    }

    #[test]
    fn displays_with_one_decimal() {
        assert_eq!(Score(65).to_string(), "6.5");
        assert_eq!(Score(-5).to_string(), "-0.5");
        assert_eq!(format!("{:>4}", Score(10)), " 1.0");
    }
}
