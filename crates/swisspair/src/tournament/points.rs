//! The point system: what each result is worth, from XXS, BB? and 162 records.

use super::{Bye, Colour, Entry, Outcome};
use crate::score::Score;
use crate::trf::PointKey;
use std::collections::BTreeMap;

/// Points for every kind of result. Unset values follow the engines' defaults: win 1, draw 0.5, loss 0,
/// zero-point bye and forfeit loss 0, half-point bye = a draw, full-point bye, forfeit win and
/// pairing-allocated bye = a win.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PointSystem {
    explicit: BTreeMap<PointKey, Score>,
}

impl PointSystem {
    /// Sets one value (a later record overrides an earlier one).
    pub fn set(&mut self, key: PointKey, value: Score) {
        self.explicit.insert(key, value);
    }

    /// True when no value differs from the defaults' source (nothing was set).
    pub fn is_default(&self) -> bool {
        self.explicit.is_empty()
    }

    /// The value of `key`.
    pub fn value(&self, key: PointKey) -> Score {
        if let Some(v) = self.explicit.get(&key) {
            return *v;
        }
        match key {
            PointKey::WinWhite | PointKey::WinBlack => Score::points(1),
            PointKey::DrawWhite | PointKey::DrawBlack => Score::tenths(5),
            PointKey::LossWhite
            | PointKey::LossBlack
            | PointKey::ZeroPointBye
            | PointKey::ForfeitLoss => Score::ZERO,
            PointKey::HalfPointBye => self.value(PointKey::DrawWhite),
            PointKey::FullPointBye | PointKey::ForfeitWin | PointKey::PairingAllocatedBye => {
                self.value(PointKey::WinWhite)
            }
        }
    }

    /// The most a player can score in one round (a win, whatever the colour).
    pub fn win(&self) -> Score {
        self.value(PointKey::WinWhite)
            .max(self.value(PointKey::WinBlack))
    }

    /// The points of a lost game (the higher of the two colours' values, when they differ).
    pub fn loss(&self) -> Score {
        self.value(PointKey::LossWhite)
            .max(self.value(PointKey::LossBlack))
    }

    /// Points for a game result with a colour.
    pub fn of_game(&self, colour: Option<Colour>, outcome: Outcome) -> Score {
        let black = colour == Some(Colour::Black);
        self.value(match (outcome, black) {
            (Outcome::Win, false) => PointKey::WinWhite,
            (Outcome::Win, true) => PointKey::WinBlack,
            (Outcome::Draw, false) => PointKey::DrawWhite,
            (Outcome::Draw, true) => PointKey::DrawBlack,
            (Outcome::Loss, false) => PointKey::LossWhite,
            (Outcome::Loss, true) => PointKey::LossBlack,
        })
    }

    /// Points for a bye.
    pub fn of_bye(&self, bye: Bye) -> Score {
        self.value(match bye {
            Bye::PairingAllocated => PointKey::PairingAllocatedBye,
            Bye::Full => PointKey::FullPointBye,
            Bye::Half => PointKey::HalfPointBye,
            Bye::Zero => PointKey::ZeroPointBye,
            Bye::ForfeitWin => PointKey::ForfeitWin,
            Bye::ForfeitLoss => PointKey::ForfeitLoss,
        })
    }

    /// Points for one round.
    pub fn of_entry(&self, entry: &Entry) -> Score {
        match *entry {
            Entry::Played {
                colour, outcome, ..
            } => self.of_game(Some(colour), outcome),
            Entry::Forfeit { won: true, .. } => self.value(PointKey::ForfeitWin),
            Entry::Forfeit { won: false, .. } => self.value(PointKey::ForfeitLoss),
            Entry::Bye(b) => self.of_bye(b),
        }
    }

    /// The values that differ from the defaults, for writing back.
    pub fn explicit_values(&self) -> impl Iterator<Item = (PointKey, Score)> + '_ {
        self.explicit.iter().map(|(k, v)| (*k, *v))
    }
}
