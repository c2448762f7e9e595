//! The pairing systems. Each reads a [`RoundState`] and returns a [`Pairing`]; [`System`] (in
//! [`crate::rules`]) names them, and pairs a round by the one it names.

pub mod dubov;
pub mod dutch;
pub mod lim;
pub mod rating1992;
pub mod team;

pub use crate::rules::{Edition, System};

use crate::error::Result;
use crate::pairing::Pairing;
use crate::state::RoundState;
use crate::tournament::Tournament;

impl System {
    /// Pairs the tournament's next round with the edition [`System::edition_for`] chooses without a
    /// request.
    pub fn pair(self, tournament: &Tournament) -> Result<Pairing> {
        let edition = self.edition_for(tournament, None)?;
        self.pair_in(edition, tournament)
    }

    /// Pairs the tournament's next round under the given edition of the system's rules.
    pub fn pair_in(self, edition: Edition, tournament: &Tournament) -> Result<Pairing> {
        let edition = self
            .individual("pairing a Tournament")?
            .check_edition(edition)?;
        let state = RoundState::with_edition(tournament, edition);
        let mut pairing = match self {
            System::Dutch => dutch::pair(tournament, &state, edition)?,
            System::Dubov => dubov::pair(tournament, &state)?,
            System::Rating1992 => rating1992::pair(tournament, &state)?,
            System::Lim => lim::pair(tournament, &state)?,
            System::Team => return Err(crate::error::Error::Internal("team system".into())),
        };
        self.order_boards(&mut pairing, &state);
        Ok(pairing)
    }

    /// Pairs the next round under `edition` and says why, in the words of the rules (see
    /// [`crate::explain`]). Every system records, as it pairs, its brackets (score groups), floats,
    /// transfers, colours and bye, and the rule behind each.
    pub fn explain_in(
        self,
        edition: Edition,
        tournament: &Tournament,
    ) -> Result<(Pairing, crate::explain::Explanation)> {
        let edition = self.individual("explaining")?.check_edition(edition)?;
        let state = RoundState::with_edition(tournament, edition);
        let (mut pairing, explanation) = match self {
            System::Dutch => dutch::pair_explained(tournament, &state, edition)?,
            System::Dubov => dubov::pair_explained(tournament, &state)?,
            System::Rating1992 => rating1992::pair_explained(tournament, &state)?,
            System::Lim => lim::pair_explained(tournament, &state)?,
            System::Team => return Err(crate::error::Error::Internal("team system".into())),
        };
        self.order_boards(&mut pairing, &state);
        Ok((pairing, explanation))
    }

    /// The 1992 system orders its boards itself (F.1: by its own A.2 ranking); the others follow the
    /// general handling rules (C.04.2).
    fn order_boards(self, pairing: &mut Pairing, state: &RoundState) {
        if self != System::Rating1992 {
            pairing.sort_boards(state);
        }
    }
}
