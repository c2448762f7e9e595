//! The pairing systems. Each reads a [`RoundState`] and returns a [`Pairing`].

pub mod dubov;
pub mod dutch;
pub mod lim;
pub mod rating1992;

use crate::error::Result;
use crate::pairing::Pairing;
use crate::state::RoundState;
use crate::tournament::Tournament;

/// A FIDE pairing system.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum System {
    /// C.04.3, the Dutch system (2017 text).
    Dutch,
    /// Old C.04.1, the Swiss system based on rating (1992).
    Rating1992,
    /// C.04.4.1, the Dubov system (1997 text).
    Dubov,
    /// C.04.4.3, the Lim system.
    Lim,
}

impl System {
    /// Every system, in the order the command line lists them.
    pub const ALL: [System; 4] = [
        System::Dutch,
        System::Rating1992,
        System::Dubov,
        System::Lim,
    ];

    /// The command-line name (`--dutch` ...).
    pub fn name(self) -> &'static str {
        match self {
            System::Dutch => "dutch",
            System::Rating1992 => "rating1992",
            System::Dubov => "dubov",
            System::Lim => "lim",
        }
    }

    /// Pairs the tournament's next round.
    pub fn pair(self, tournament: &Tournament) -> Result<Pairing> {
        let state = RoundState::new(tournament);
        let mut pairing = match self {
            System::Dutch => dutch::pair(tournament, &state)?,
            System::Dubov => dubov::pair(tournament, &state)?,
            System::Rating1992 => rating1992::pair(tournament, &state)?,
            System::Lim => lim::pair(tournament, &state)?,
        };
        // The 1992 system orders its boards itself (F.1: by its own A.2 ranking); the others follow the
        // general handling rules (C.04.2).
        if self != System::Rating1992 {
            pairing.sort_boards(&state);
        }
        Ok(pairing)
    }
}
