//! The embedding API: what a program that pairs tournaments needs, and nothing more.
//!
//! - Read a tournament from TRF text or a JSON document ([`read_tournament`]), or build one in code
//!   ([`TournamentBuilder`]).
//! - Pair the next round with a system and an edition ([`pair_next`], options in [`PairOptions`]); the
//!   result is a [`Round`]: boards in order, each with white and black ([`Seat`]), and the bye.
//! - Check a finished tournament ([`check_tournament`], or [`check`] from its text), generate one
//!   ([`generate_tournament`]).
//! - Team tournaments (C.04.6, [`System::Team`]): [`pair`], [`check`] and [`generate_tournament`] pair,
//!   check and generate them, chosen by the options or by the file's `FIDE_TEAM...` code (see
//!   [`team`]); [`TeamOptions`] override the file's colour preferences and primary score. The entry
//!   points that take an individual [`Tournament`] refuse the team system (an invalid-input error).
//!
//! Every result serializes (serde) to the JSON of `swisspair -p --format json` and
//! `swisspair -c --format json`. Errors are [`Error`]: for invalid input they name the line (TRF, or a
//! malformed JSON document) and the field.

use crate::check::{self, CheckReport};
use crate::error::{Error, Result};
use crate::notices::{DefaultEdition, Purpose};
use crate::pairing::Pairing;
use crate::rules::{Edition, System};
use crate::tournament::Tournament;
use serde::{Deserialize, Serialize};

mod builder;
pub mod team;

pub use builder::{ByeKind, GameResult, TournamentBuilder};

pub use team::{
    ensure_round_to_pair, pair_team_next, read_team_tournament, team_round, TeamOptions,
};

/// Reads a tournament from the bytes of a TRF file or of a JSON document (detected from the content:
/// JSON starts with `{`).
///
/// ```
/// let trf = std::fs::read("../../examples/club-16p-round5.trf").unwrap();
/// let tournament = swisspair::read_tournament(&trf).unwrap();
/// assert_eq!(tournament.next_round(), 5);
/// ```
pub fn read_tournament(input: &[u8]) -> Result<Tournament> {
    crate::json::read_tournament(input)
}

/// The system named `name`: `dutch`, `rating1992` (also `rating`, `1992`), `dubov`, `lim` or `team`
/// (case-insensitive).
pub fn system_named(name: &str) -> Result<System> {
    let lower = name.trim().to_ascii_lowercase();
    let lower = lower.strip_prefix("--").unwrap_or(&lower);
    match lower {
        "rating" | "1992" | "rating-1992" => Ok(System::Rating1992),
        "team" => Ok(System::Team),
        _ => System::ALL
            .into_iter()
            .find(|s| s.name() == lower)
            .ok_or_else(|| {
                Error::invalid(
                    None,
                    "system",
                    format!("'{name}' is not one of dutch, rating1992, dubov, lim, team"),
                )
            }),
    }
}

/// How to pair: the system, the edition of its rules, the maxi-tournament switch and the team
/// system's overrides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairOptions {
    /// The pairing system.
    pub system: System,
    /// The edition of the system's rules; `None` for the one the file's system record (092/192) names,
    /// otherwise the system's default edition (Dutch: 2017).
    pub edition: Option<Edition>,
    /// Pair as a maxi-tournament (as `XXM 1`; only the Lim system reads it).
    pub maxi: bool,
    /// The team system's overrides of the file's rules (ignored by the individual systems).
    pub team: TeamOptions,
}

impl PairOptions {
    /// The options for `system`, with the edition chosen by the file (or the default) and no maxi.
    pub fn new(system: System) -> PairOptions {
        PairOptions {
            system,
            edition: None,
            maxi: false,
            team: TeamOptions::default(),
        }
    }

    /// Options from names, as the bindings take them, with the maxi switch and the team system's
    /// overrides ([`TeamOptions::from_names`]).
    pub fn named(
        system: &str,
        edition: Option<&str>,
        maxi: bool,
        team_colours: Option<&str>,
        team_score: Option<&str>,
    ) -> Result<PairOptions> {
        Ok(PairOptions {
            maxi,
            team: TeamOptions::from_names(team_colours, team_score)?,
            ..PairOptions::from_names(system, edition)?
        })
    }

    /// Options from names, as the bindings take them: `system` as in [`system_named`], `edition` a year
    /// (`"2017"`, `"2026"`) or `None`/empty for the file's or the default edition.
    pub fn from_names(system: &str, edition: Option<&str>) -> Result<PairOptions> {
        let system = system_named(system)?;
        let edition = match edition.map(str::trim).filter(|e| !e.is_empty()) {
            None => None,
            Some(text) => Some(
                Edition::parse(text)
                    .ok_or_else(|| {
                        Error::invalid(
                            None,
                            "edition",
                            format!("'{text}' is not an edition swisspair knows"),
                        )
                    })
                    .and_then(|e| system.check_edition(e))?,
            ),
        };
        Ok(PairOptions {
            system,
            edition,
            maxi: false,
            team: TeamOptions::default(),
        })
    }
}

/// A player in a pairing: starting number and name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// Starting number.
    pub start_number: u32,
    /// Name as in the tournament.
    pub name: String,
}

/// One board of a pairing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// Board number, from 1.
    pub board: usize,
    /// The player with white.
    pub white: Seat,
    /// The player with black.
    pub black: Seat,
}

/// A round's pairing: boards in order and the pairing-allocated bye. Serializes to the JSON of
/// `swisspair -p --format json` (`schema/pairing.schema.json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The system's name (`dutch`, `rating1992`, `dubov`, `lim`, `team`).
    pub system: String,
    /// The edition's year.
    pub edition: u16,
    /// Why the edition was applied although nothing chose it, when that matters: the Dutch system's
    /// 2017 edition (the default) paired a tournament whose file names no edition, without a request
    /// for one, while FIDE-rated events since 1 February 2026 are paired by the 2026 edition
    /// ([`crate::notices::DefaultEdition`]). Absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edition_notice: Option<String>,
    /// The round paired (1-based).
    pub round: usize,
    /// The boards in order.
    pub boards: Vec<Board>,
    /// The player receiving the pairing-allocated bye, if any.
    pub bye: Option<Seat>,
}

impl Round {
    /// The round `pairing` pairs: the next round of `tournament`, paired by `system` under `edition`.
    pub fn new(
        tournament: &Tournament,
        system: System,
        edition: Edition,
        pairing: &Pairing,
    ) -> Round {
        let seat = |i: usize| {
            tournament.players.get(i).map_or(
                Seat {
                    start_number: 0,
                    name: String::new(),
                },
                |p| Seat {
                    start_number: p.start_number,
                    name: p.name.clone(),
                },
            )
        };
        Round {
            system: system.name().to_string(),
            edition: edition.year(),
            edition_notice: None,
            round: tournament.next_round(),
            boards: pairing
                .games
                .iter()
                .enumerate()
                .map(|(i, g)| Board {
                    board: i + 1,
                    white: seat(g.white),
                    black: seat(g.black),
                })
                .collect(),
            bye: pairing.bye.map(seat),
        }
    }

    /// The round with its [`Round::edition_notice`]: set when `system`'s default edition paired it
    /// because neither `requested` nor the tournament's system record named one (and a newer edition
    /// is in force).
    pub fn noting_edition(
        mut self,
        tournament: &Tournament,
        system: System,
        requested: Option<Edition>,
    ) -> Round {
        self.edition_notice =
            DefaultEdition::of(tournament, system, requested).map(|d| d.note(Purpose::Pair));
        self
    }

    /// The engines' `-p` text: the number of pairs, `white black` per board, the bye as `N 0`.
    pub fn to_engine_output(&self) -> String {
        let mut out = format!("{}\n", self.boards.len() + usize::from(self.bye.is_some()));
        for b in &self.boards {
            out.push_str(&format!(
                "{} {}\n",
                b.white.start_number, b.black.start_number
            ));
        }
        if let Some(b) = &self.bye {
            out.push_str(&format!("{} 0\n", b.start_number));
        }
        out
    }

    /// Pretty-printed JSON with a final line break.
    pub fn to_json(&self) -> Result<String> {
        crate::json::to_pretty(self)
    }
}

/// Pairs the next round of `tournament`.
///
/// Refused (invalid input) when the tournament's total number of rounds is already paired.
pub fn pair_next(tournament: &Tournament, options: &PairOptions) -> Result<Round> {
    ensure_rounds_left(tournament)?;
    let edition = options.system.edition_for(tournament, options.edition)?;
    let pairing = if options.maxi && !tournament.maxi {
        let mut t = tournament.clone();
        t.maxi = true;
        options.system.pair_in(edition, &t)?
    } else {
        options.system.pair_in(edition, tournament)?
    };
    Ok(
        Round::new(tournament, options.system, edition, &pairing).noting_edition(
            tournament,
            options.system,
            options.edition,
        ),
    )
}

/// Refused (invalid input) when the tournament's total number of rounds is already paired.
pub(crate) fn ensure_rounds_left(tournament: &Tournament) -> Result<()> {
    match tournament.total_rounds {
        Some(total) if tournament.rounds_played >= total => Err(Error::invalid(
            None,
            "total rounds",
            format!("all {total} rounds (XXR/142) are already paired"),
        )),
        _ => Ok(()),
    }
}

/// Reads a tournament (TRF or JSON) and pairs its next round: [`read_tournament`], then [`pair_next`].
/// A team tournament (or [`System::Team`]) is paired by the team system ([`team`]).
pub fn pair(input: &[u8], options: &PairOptions) -> Result<Round> {
    if team::chosen(input, options) {
        return team::pair_team(input, options);
    }
    pair_next(&read_tournament(input)?, options)
}

/// Reads a tournament (TRF or JSON) and re-pairs every round: [`read_tournament`], then
/// [`check_tournament`]. A team tournament (or [`System::Team`]) is checked by the team system.
pub fn check(input: &[u8], options: &PairOptions) -> Result<Report> {
    if team::chosen(input, options) {
        return team::check_team(input, options);
    }
    check_tournament(&read_tournament(input)?, options)
}

/// A pair in a checker's report: white and black starting numbers, black 0 for the bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pair {
    /// White's starting number (or the player with the bye).
    pub white: u32,
    /// Black's starting number; 0 for the pairing-allocated bye.
    pub black: u32,
}

/// A round whose re-pairing differs from the tournament's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Difference {
    /// The round (1-based).
    pub round: usize,
    /// The pairs the tournament records, sorted.
    pub recorded: Vec<Pair>,
    /// The pairs swisspair makes, sorted; empty when it could not pair the round.
    pub paired: Vec<Pair>,
    /// Why swisspair could not pair the round, if it could not.
    pub error: Option<String>,
}

/// The checker's report: every round re-paired, the rounds that differ. Serializes to the JSON of
/// `swisspair -c --format json` (`schema/check.schema.json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// The system's name.
    pub system: String,
    /// The edition's year.
    pub edition: u16,
    /// Why the edition was applied although nothing chose it, as [`Round::edition_notice`]. Absent
    /// otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edition_notice: Option<String>,
    /// The number of rounds checked.
    pub rounds: usize,
    /// The rounds that differ (empty when the tournament agrees with swisspair).
    pub differences: Vec<Difference>,
}

impl Report {
    /// The report of the checker ([`check::check_in`]) for `system` under `edition`.
    pub fn new(system: System, edition: Edition, report: &CheckReport) -> Report {
        let pairs = |v: &[(u32, u32)]| {
            v.iter()
                .map(|&(white, black)| Pair { white, black })
                .collect()
        };
        Report {
            system: system.name().to_string(),
            edition: edition.year(),
            edition_notice: None,
            rounds: report.rounds,
            differences: report
                .differences
                .iter()
                .map(|d| Difference {
                    round: d.round,
                    recorded: pairs(&d.recorded),
                    paired: pairs(&d.paired),
                    error: d.error.clone(),
                })
                .collect(),
        }
    }

    /// The report with its [`Report::edition_notice`], as [`Round::noting_edition`].
    pub fn noting_edition(
        mut self,
        tournament: &Tournament,
        system: System,
        requested: Option<Edition>,
    ) -> Report {
        self.edition_notice =
            DefaultEdition::of(tournament, system, requested).map(|d| d.note(Purpose::Check));
        self
    }

    /// Pretty-printed JSON with a final line break.
    pub fn to_json(&self) -> Result<String> {
        crate::json::to_pretty(self)
    }
}

/// Re-pairs every round of a finished (or partly played) tournament and lists the rounds whose pairs
/// differ from the tournament's.
pub fn check_tournament(tournament: &Tournament, options: &PairOptions) -> Result<Report> {
    let edition = options.system.edition_for(tournament, options.edition)?;
    let report = if options.maxi && !tournament.maxi {
        let mut t = tournament.clone();
        t.maxi = true;
        check::check_in(&t, options.system, edition, |_, _| {})?
    } else {
        check::check_in(tournament, options.system, edition, |_, _| {})?
    };
    Ok(
        Report::new(options.system, edition, &report).noting_edition(
            tournament,
            options.system,
            options.edition,
        ),
    )
}

/// Generates a random tournament paired round by round by the chosen system and edition, as TRF text.
/// `config` holds the generator's `key=value` lines (empty for the defaults: see
/// [`crate::generate::KEYS`]; for [`System::Team`] the team generator's keys, `docs/team.md`); the
/// same seed gives the same tournament.
pub fn generate_tournament(options: &PairOptions, config: &str, seed: u64) -> Result<String> {
    if options.system.is_team() {
        return team::generate_team(options, config, seed);
    }
    generate_individual(options, config, seed)
}

/// [`generate_tournament`] for the individual systems only (the team system refused): a program that
/// leaves team tournaments out (the WebAssembly module for embedding) links no team code.
pub fn generate_individual(options: &PairOptions, config: &str, seed: u64) -> Result<String> {
    let config = crate::generate::Config::parse(config)?;
    let edition = options
        .system
        .check_edition(options.edition.unwrap_or(options.system.default_edition()))?;
    let trf = crate::generate::generate_in(options.system, edition, &config, seed)?;
    Ok(crate::trf::write(&trf))
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &[u8] = include_bytes!("../../../../examples/club-16p-round5.trf");

    #[test]
    fn pairs_the_example_as_the_engine_does() {
        let t = read_tournament(EXAMPLE).unwrap();
        let round = pair_next(&t, &PairOptions::new(System::Dutch)).unwrap();
        let engine = System::Dutch.pair(&t).unwrap().to_engine_output(&t);
        assert_eq!(round.to_engine_output(), engine);
        assert_eq!(round.round, 5);
        assert_eq!(round.edition, 2017);
        let options = PairOptions::from_names("Dutch", Some("2026")).unwrap();
        assert_eq!(pair(EXAMPLE, &options).unwrap().edition, 2026);
    }

    /// Issue 25: the result says when the default edition paired a file naming none.
    #[test]
    fn the_result_notes_the_default_edition() {
        let t = read_tournament(EXAMPLE).unwrap();
        let round = pair_next(&t, &PairOptions::new(System::Dutch)).unwrap();
        let notice = round.edition_notice.clone().unwrap();
        assert!(
            notice.contains("the 2017 edition of the Dutch rules (the default) pairs the round")
        );
        assert!(round.to_json().unwrap().contains("\"edition_notice\": "));
        let chosen =
            pair_next(&t, &PairOptions::from_names("dutch", Some("2017")).unwrap()).unwrap();
        assert_eq!(chosen.edition_notice, None);
        assert!(!chosen.to_json().unwrap().contains("edition_notice"));
        assert_eq!(
            Round {
                edition_notice: None,
                ..round
            },
            chosen
        );
        let report = check_tournament(&t, &PairOptions::new(System::Dutch)).unwrap();
        assert!(report
            .edition_notice
            .unwrap()
            .contains("re-pairs the rounds"));
        let lim = pair_next(&t, &PairOptions::new(System::Lim)).unwrap();
        assert_eq!(lim.edition_notice, None);
        // Read back from JSON with and without it.
        let json: Round = serde_json::from_str(&chosen.to_json().unwrap()).unwrap();
        assert_eq!(json, chosen);
    }

    #[test]
    fn names_and_editions() {
        assert_eq!(system_named("lim").unwrap(), System::Lim);
        assert_eq!(system_named("--dubov").unwrap(), System::Dubov);
        assert_eq!(system_named("rating").unwrap(), System::Rating1992);
        assert!(system_named("monrad").is_err());
        assert!(PairOptions::from_names("dutch", Some("1999")).is_err());
        assert!(PairOptions::from_names("dutch", Some("x")).is_err());
        assert_eq!(
            PairOptions::from_names("dutch", Some("")).unwrap().edition,
            None
        );
    }

    #[test]
    fn builder_errors() {
        let mut b = TournamentBuilder::new();
        b.player(1, "A", 0).player(2, "B", 0);
        assert!(b.clone().game(1, 1, 3, GameResult::Draw).build().is_err());
        assert!(b.clone().game(0, 1, 2, GameResult::Draw).build().is_err());
        assert!(b
            .clone()
            .game(1, 1, 2, GameResult::Draw)
            .game(1, 1, 2, GameResult::Draw)
            .build()
            .is_err());
        let t = b.game(1, 1, 2, GameResult::WhiteWins).build().unwrap();
        assert_eq!(t.rounds_played, 1);
    }

    #[test]
    fn checks_and_generates() {
        let options = PairOptions::new(System::Dutch);
        let text = generate_tournament(&options, "PlayersNumber=12\nRoundsNumber=4\n", 7).unwrap();
        let t = read_tournament(text.as_bytes()).unwrap();
        let report = check_tournament(&t, &options).unwrap();
        assert_eq!(report.rounds, 4);
        assert!(report.differences.is_empty());
        assert!(generate_tournament(&options, "nonsense=1", 7).is_err());
    }
}
