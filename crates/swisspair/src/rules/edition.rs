//! Editions of the rule texts, named by the year they took effect.
//!
//! FIDE revised the Dutch, Dubov and Lim texts with effect from 1 February 2026 (and C.04.1/C.04.2 with
//! them). An edition is a parameter of one engine per system, never a copy of it.

use std::fmt;

/// An edition of a system's rule text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Edition(u16);

impl Edition {
    /// The Swiss system based on rating (old C.04.1, 1992/97/98).
    pub const Y1992: Edition = Edition(1992);
    /// The Dubov system, 1997 text.
    pub const Y1997: Edition = Edition(1997);
    /// The Lim system, 1987–1999 text.
    pub const Y1999: Edition = Edition(1999);
    /// The Dutch system, Baku 2016 text with the 2017 additions (in force until 31 January 2026).
    pub const Y2017: Edition = Edition(2017);
    /// The editions in force since 1 February 2026 (approved 28 October 2025).
    pub const Y2026: Edition = Edition(2026);

    const KNOWN: [Edition; 5] = [
        Edition::Y1992,
        Edition::Y1997,
        Edition::Y1999,
        Edition::Y2017,
        Edition::Y2026,
    ];

    /// The edition of `year`, if swisspair knows one; 2025 (the year the 2026 texts were approved, as
    /// bbpPairings 6 names them) is read as 2026.
    pub fn from_year(year: u16) -> Option<Edition> {
        let year = if year == 2025 { 2026 } else { year };
        Edition::KNOWN.into_iter().find(|e| e.0 == year)
    }

    /// Reads `2017`, `2026` (and the other known years).
    pub fn parse(text: &str) -> Option<Edition> {
        text.trim().parse::<u16>().ok().and_then(Edition::from_year)
    }

    /// The year.
    pub fn year(self) -> u16 {
        self.0
    }

    /// True for the editions in force since 1 February 2026.
    pub fn is_2026(self) -> bool {
        self >= Edition::Y2026
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn years() {
        assert_eq!(Edition::parse("2017"), Some(Edition::Y2017));
        assert_eq!(Edition::parse("2025"), Some(Edition::Y2026));
        assert_eq!(Edition::parse(" 2026 "), Some(Edition::Y2026));
        assert_eq!(Edition::parse("2031"), None);
        assert_eq!(Edition::parse("x"), None);
        assert!(Edition::Y2026.is_2026() && !Edition::Y2017.is_2026());
    }
}
