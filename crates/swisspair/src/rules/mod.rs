//! Which rules pair a round: the FIDE pairing [`System`] and the [`Edition`] of its text. The
//! vocabulary every layer shares — the tournament's reader names them, the state takes an edition's
//! definitions, the explanation and the checklist name them — so it sits below all of them; pairing
//! a round by them is [`crate::systems`].

mod edition;

pub use edition::Edition;

use crate::error::{Error, Result};
use crate::tournament::{NamedSystem, RulesRecord, Tournament};

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
    /// C.04.6, the Swiss Team Pairing System (2026): it pairs team tournaments
    /// ([`crate::tournament::team::TeamTournament`]), through [`crate::api::pair`],
    /// [`crate::api::check`] and [`crate::api::generate_tournament`]; the entry points that take an
    /// individual [`Tournament`] refuse it.
    Team,
}

impl System {
    /// Every individual system, in the order the command line lists them (the team system has its
    /// own option, `--team`).
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
            System::Team => "team",
        }
    }

    /// The editions of the system's rules swisspair implements, oldest first.
    pub fn editions(self) -> &'static [Edition] {
        match self {
            System::Dutch => &[Edition::Y2017, Edition::Y2026],
            System::Rating1992 => &[Edition::Y1992],
            System::Dubov => &[Edition::Y1997],
            System::Lim => &[Edition::Y1999],
            System::Team => &[Edition::Y2026],
        }
    }

    /// The edition used when neither the command nor the file names one: the text in `../rules`
    /// (for the Dutch system the 2017 text).
    pub fn default_edition(self) -> Edition {
        self.editions()[0]
    }

    /// The name the file's system record uses for this system, if any.
    pub(crate) fn named(self) -> Option<NamedSystem> {
        match self {
            System::Dutch => Some(NamedSystem::Dutch),
            System::Dubov => Some(NamedSystem::Dubov),
            System::Lim => Some(NamedSystem::Lim),
            System::Rating1992 | System::Team => None,
        }
    }

    /// The edition to pair `tournament` with: `requested` when given (refused when the system has no
    /// such edition), otherwise the edition the file's system record names for this system, otherwise
    /// the default edition.
    pub fn edition_for(
        self,
        tournament: &Tournament,
        requested: Option<Edition>,
    ) -> Result<Edition> {
        self.individual("an individual tournament")?;
        if let Some(e) = requested {
            return self.check_edition(e);
        }
        match self.edition_record(tournament) {
            Some((r, year)) => self.check_edition(Edition::from_year(year).ok_or_else(|| {
                Error::invalid(
                    Some(r.line),
                    "system record",
                    format!("'{}': unknown edition", r.code),
                )
            })?),
            None => Ok(self.default_edition()),
        }
    }

    /// The file's system record when it names an edition of this system, with the year it names.
    fn edition_record(self, tournament: &Tournament) -> Option<(&RulesRecord, u16)> {
        tournament
            .rules
            .as_ref()
            .filter(|r| Some(r.system) == self.named())
            .and_then(|r| r.edition.map(|year| (r, year)))
    }

    /// True when `requested` or the file's system record (092/192) chooses the edition that pairs
    /// `tournament`; false when [`System::edition_for`] falls back to the default edition.
    pub fn edition_chosen(self, tournament: &Tournament, requested: Option<Edition>) -> bool {
        requested.is_some() || self.edition_record(tournament).is_some()
    }

    /// `edition` when the system has it; otherwise an error that lists the editions it has.
    pub fn check_edition(self, edition: Edition) -> Result<Edition> {
        if self.editions().contains(&edition) {
            return Ok(edition);
        }
        let have: Vec<String> = self.editions().iter().map(|e| e.to_string()).collect();
        Err(Error::invalid(
            None,
            "edition",
            format!(
                "the {} system has no {edition} edition in swisspair (editions: {})",
                self.title(),
                have.join(", ")
            ),
        ))
    }

    /// The system's name in messages.
    pub fn title(self) -> &'static str {
        match self {
            System::Dutch => "Dutch",
            System::Rating1992 => "rating-based (1992)",
            System::Dubov => "Dubov",
            System::Lim => "Lim",
            System::Team => "Swiss Team (C.04.6)",
        }
    }

    /// True for the team system, which pairs team tournaments.
    pub fn is_team(self) -> bool {
        self == System::Team
    }

    /// `Ok(self)` for an individual system; the team system refused (`what`: the entry point), with a
    /// typed error: it pairs team tournaments, not a [`Tournament`].
    pub fn individual(self, what: &str) -> Result<System> {
        if self.is_team() {
            return Err(Error::invalid(
                None,
                "system",
                format!(
                    "{what}: the team system pairs team tournaments (a file with 310 team records): \
                     give the file's text to pair, check or overview"
                ),
            ));
        }
        Ok(self)
    }
}
