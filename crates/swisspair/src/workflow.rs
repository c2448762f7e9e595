//! The round-by-round work of an arbiter, for programs that run a tournament (the browser page, the
//! Python module): what [`crate::api`] does not need for pairing alone.
//!
//! - Start a tournament from a pasted list of players ([`tournament_from_list`]), or read one as a JSON
//!   document ([`read_document`]: TRF or JSON, errors with the line).
//! - See it: the standings with every round's opponent, colour and result, and the warnings the command
//!   line prints ([`overview`]).
//! - Announce a bye or an absence for the round to be paired ([`announce`]).
//! - Ask why: the explanation of the round paired, one player's part in it, why two players were not
//!   paired ([`explain_next`], [`Explained`]); the checklist as data ([`checklist_next`]).
//! - Record a round's pairing and results ([`record_round`]) and write the tournament back as TRF16,
//!   TRF-2026 or JSON ([`write_tournament`]).
//!
//! The tournament travels as a [`TournamentJson`] document: it keeps every record of the file it was
//! read from, so that writing it back loses nothing.

use crate::api::{ensure_rounds_left, ByeKind, GameResult, PairOptions, Round};
use crate::checklist::ChecklistTable;
use crate::error::{Error, Result};
use crate::explain::Explanation;
use crate::json::{
    self, ByeJson, ByeKindName, ColourName, InitialColourName, PlayerJson, Points, ResultName,
    RoundJson, TournamentJson,
};
use crate::notices::{self, Purpose};
use crate::rules::Edition;
use crate::state::RoundState;
use crate::tournament::Tournament;
use crate::trf::{self, Record, ResultCode};
use serde::Serialize;
use std::collections::BTreeSet;

/// Reads a tournament (TRF or JSON, detected) as a document, checked as the command line checks it: an
/// invalid TRF file names its line, an invalid JSON document its field.
pub fn read_document(input: &[u8]) -> Result<TournamentJson> {
    read_both(input).map(|(doc, _)| doc)
}

fn read_both(input: &[u8]) -> Result<(TournamentJson, Tournament)> {
    if json::is_json(input) {
        let doc = json::parse_document(input)?;
        let t = json::document_to_tournament(&doc)?;
        Ok((doc, t))
    } else {
        let trf = trf::parse_bytes(input)?;
        let t = Tournament::from_trf(&trf)?;
        Ok((json::trf_to_document(&trf), t))
    }
}

/// The formats a tournament is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// TRF16 with the engines' extension lines (`XXR`, `XXC`, `XXS`), byes announced in the cells.
    Trf16,
    /// TRF-2026: `142`, `152`, `162`, `192`, and the byes of the round to be paired in `240` records.
    Trf2026,
    /// The JSON document (`schema/tournament.schema.json`).
    Json,
}

impl Format {
    /// The format named `trf` or `trf16`, `trf2026` (also `trf-2026`, `trf26`) or `json`.
    pub fn named(name: &str) -> Result<Format> {
        match name.trim().to_ascii_lowercase().as_str() {
            "trf" | "trf16" | "trf-16" => Ok(Format::Trf16),
            "trf2026" | "trf-2026" | "trf26" => Ok(Format::Trf2026),
            "json" => Ok(Format::Json),
            other => Err(Error::invalid(
                None,
                "format",
                format!("'{other}' is not trf16, trf2026 or json"),
            )),
        }
    }
}

/// Writes a tournament in `format`. For TRF-2026, `rules` (the system and edition the tournament is
/// paired by) adds the system record (`192`) where the document has none and the edition has a code.
/// The text is read back before it is returned: what swisspair writes, it reads.
pub fn write_tournament(
    doc: &TournamentJson,
    format: Format,
    rules: Option<&PairOptions>,
) -> Result<String> {
    let t = json::document_to_tournament(doc)?;
    let text = match format {
        Format::Json => return json::document_to_string(doc),
        Format::Trf16 => json::document_to_trf_text(doc)?,
        Format::Trf2026 => write_trf2026(doc, &t, rules)?,
    };
    Tournament::from_bytes(text.as_bytes()).map_err(|e| {
        Error::Internal(format!(
            "the {format:?} text written does not read back: {e}"
        ))
    })?;
    Ok(text)
}

fn write_trf2026(
    doc: &TournamentJson,
    t: &Tournament,
    rules: Option<&PairOptions>,
) -> Result<String> {
    let mut doc = doc.clone();
    if doc.tournament_type.is_none() {
        if let Some(options) = rules {
            let edition = options.system.edition_for(t, options.edition)?;
            doc.tournament_type =
                crate::generate::system_code(options.system, edition).map(str::to_string);
        }
    }
    // The byes and absences announced for the round to be paired go to `240` records.
    let slot = t.rounds_played;
    let round = u32::try_from(t.next_round()).unwrap_or(u32::MAX);
    let mut announced: Vec<(ByeKindName, Vec<u32>)> = vec![
        (ByeKindName::Full, Vec::new()),
        (ByeKindName::Half, Vec::new()),
        (ByeKindName::Zero, Vec::new()),
    ];
    let mut add = |kind: ByeKindName, player: u32| {
        if let Some((_, list)) = announced.iter_mut().find(|(k, _)| *k == kind) {
            if !list.contains(&player) {
                list.push(player);
            }
        }
    };
    for p in &mut doc.players {
        if let Some(cell) = p.rounds.get(slot).copied() {
            let kind = match cell.result.map(|r| r.0) {
                Some(ResultCode::FullPointBye) => Some(ByeKindName::Full),
                Some(ResultCode::HalfPointBye) => Some(ByeKindName::Half),
                Some(ResultCode::ZeroPointBye) | Some(ResultCode::Blank) | None => {
                    Some(ByeKindName::Zero)
                }
                _ => None,
            };
            if let (None, Some(kind)) = (cell.opponent, kind) {
                add(kind, p.start_number);
                p.rounds.truncate(slot);
            }
        }
    }
    for player in std::mem::take(&mut doc.absent) {
        add(ByeKindName::Zero, player);
    }
    for (kind, players) in announced {
        add_byes(&mut doc.byes, kind, round, &players);
    }
    let mut records = json::document_to_trf(&doc)?;
    for line in &mut records.lines {
        if matches!(
            line.record,
            Record::TotalRounds(_) | Record::InitialColour(_) | Record::PointValues(_)
        ) {
            line.text = trf::format_trf26(&line.record)?;
        }
    }
    Ok(trf::write(&records))
}

/// One player in the standings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// The rank by points (players with equal points share it).
    pub rank: usize,
    /// Starting number.
    pub start_number: u32,
    /// Name.
    pub name: String,
    /// Title, empty when none.
    pub title: String,
    /// Rating, 0 when unrated.
    pub rating: u32,
    /// Federation, empty when none.
    pub federation: String,
    /// Points after the rounds played.
    pub points: Points,
    /// The rounds played: opponent, colour, result (`{"result": "U"}` for the pairing-allocated bye).
    pub rounds: Vec<RoundJson>,
    /// The bye or absence announced for the round to be paired, if any.
    pub next: Option<RoundJson>,
}

/// A tournament at a glance: where it stands, the standings, and the command line's warnings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Overview {
    /// The system that pairs it (`dutch`, ...).
    pub system: String,
    /// The edition of its rules.
    pub edition: u16,
    /// The rounds already paired.
    pub rounds_played: usize,
    /// The total number of rounds (`XXR`/`142`), when known.
    pub total_rounds: Option<usize>,
    /// The round to be paired next.
    pub next_round: usize,
    /// True when every round is paired.
    pub finished: bool,
    /// The players by rank (points, then starting number); empty for a team tournament.
    pub standings: Vec<Standing>,
    /// The teams of a team tournament by rank (primary, then secondary score); empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<TeamStanding>,
    /// The boards of a match in a team tournament: the results [`record_team_round`] takes per match.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub boards: Option<usize>,
    /// What the command line warns about when it pairs the next round (or checks a finished
    /// tournament).
    pub warnings: Vec<String>,
}

/// The standings and state of a tournament (TRF or JSON); of a team tournament (or with the team
/// system) the teams' standings.
pub fn overview(input: &[u8], options: &PairOptions) -> Result<Overview> {
    if crate::api::team::chosen(input, options) {
        return team::team_overview(input, options);
    }
    let (doc, t) = read_both(input)?;
    let edition = options.system.edition_for(&t, options.edition)?;
    let finished = t.total_rounds.is_some_and(|n| t.rounds_played >= n);
    let purpose = if finished {
        Purpose::Check
    } else {
        Purpose::Pair
    };
    let warnings = notices::warnings(&t, options.system, options.edition, purpose);
    let mut standings: Vec<Standing> = doc
        .players
        .iter()
        .map(|p| {
            let index = t.index_of(p.start_number);
            let points = index.map_or(crate::Score::ZERO, |i| t.score_after(i, t.rounds_played));
            let mut rounds: Vec<RoundJson> =
                p.rounds.iter().take(t.rounds_played).copied().collect();
            rounds.resize(t.rounds_played, RoundJson::default());
            Standing {
                rank: 0,
                start_number: p.start_number,
                name: p.name.clone(),
                title: p.title.clone(),
                rating: p.rating,
                federation: p.federation.clone(),
                points: Points(points),
                rounds,
                next: index
                    .and_then(|i| t.players.get(i))
                    .and_then(|q| match q.next_round {
                        crate::tournament::Availability::Absent(_) => Some(
                            p.rounds
                                .get(t.rounds_played)
                                .copied()
                                .filter(|c| c.result.is_some())
                                .unwrap_or(RoundJson {
                                    opponent: None,
                                    colour: None,
                                    result: Some(ResultName(announced_code(
                                        &doc.byes,
                                        t.next_round(),
                                        p.start_number,
                                    ))),
                                }),
                        ),
                        crate::tournament::Availability::Available => None,
                    }),
            }
        })
        .collect();
    crate::sorting::sort_by_key(&mut standings, |s| {
        (std::cmp::Reverse(s.points), s.start_number)
    });
    let points: Vec<Points> = standings.iter().map(|s| s.points).collect();
    for s in &mut standings {
        s.rank = 1 + points.iter().filter(|&&p| p > s.points).count();
    }
    Ok(Overview {
        system: options.system.name().to_string(),
        edition: edition.year(),
        rounds_played: t.rounds_played,
        total_rounds: t.total_rounds,
        next_round: t.next_round(),
        finished,
        standings,
        teams: Vec::new(),
        boards: None,
        warnings,
    })
}

/// The code of a bye announced for `player` in `round` by a `240` record; otherwise a zero-point bye
/// (absent: `XXZ`, a withdrawal).
fn announced_code(byes: &[ByeJson], round: usize, player: u32) -> ResultCode {
    byes.iter()
        .find(|b| b.round as usize == round && b.players.contains(&player))
        .map_or(ResultCode::ZeroPointBye, |b| match b.kind {
            ByeKindName::Full => ResultCode::FullPointBye,
            ByeKindName::Half => ResultCode::HalfPointBye,
            ByeKindName::Zero => ResultCode::ZeroPointBye,
        })
}

/// Adds `players` to the `240` byes of `kind` in `round` (one record a kind and round).
fn add_byes(byes: &mut Vec<ByeJson>, kind: ByeKindName, round: u32, players: &[u32]) {
    if players.is_empty() {
        return;
    }
    let record = match byes.iter().position(|b| b.kind == kind && b.round == round) {
        Some(i) => byes.get_mut(i),
        None => {
            byes.push(ByeJson {
                kind,
                round,
                players: Vec::new(),
            });
            byes.last_mut()
        }
    };
    if let Some(b) = record {
        for &n in players {
            if !b.players.contains(&n) {
                b.players.push(n);
            }
        }
    }
}

/// Removes `player` from the `240` byes of `round` (and the records left empty).
fn unannounce(byes: &mut Vec<ByeJson>, round: usize, player: u32) {
    for b in byes.iter_mut() {
        if b.round as usize == round {
            b.players.retain(|&n| n != player);
        }
    }
    byes.retain(|b| !b.players.is_empty());
}

/// Announces (or, with `kind` `None`, withdraws the announcement of) a bye or absence of `player` in the
/// round to be paired: a half-point, full-point or zero-point bye (`Zero` also marks a player who
/// withdrew). The announcement goes in the player's cell of that round; a `240` or `XXZ` record naming
/// the player for that round is removed. In a team tournament `player` is a team's TPN and the
/// announcement a `240` record of the round (the team reader's; its members' cells are written when the
/// round is recorded, [`record_team_round`]).
pub fn announce(
    doc: &TournamentJson,
    player: u32,
    kind: Option<ByeKind>,
) -> Result<TournamentJson> {
    if kind == Some(ByeKind::PairingAllocated) {
        return Err(Error::invalid(
            None,
            "bye",
            "the pairing-allocated bye is the pairing's to give, not announced",
        ));
    }
    if json::is_team_document(doc) {
        return team::announce_team(doc, player, kind);
    }
    let t = json::document_to_tournament(doc)?;
    let slot = t.rounds_played;
    let mut doc = doc.clone();
    unannounce(&mut doc.byes, t.next_round(), player);
    doc.absent.retain(|&n| n != player);
    let p = doc
        .players
        .iter_mut()
        .find(|p| p.start_number == player)
        .ok_or_else(|| Error::invalid(None, "player", format!("no player {player}")))?;
    p.rounds.resize(slot, RoundJson::default());
    if let Some(kind) = kind {
        p.rounds.push(RoundJson {
            opponent: None,
            colour: None,
            result: Some(ResultName(kind.code())),
        });
    }
    json::document_to_tournament(&doc)?;
    Ok(doc)
}

/// Records the pairing of the round to be paired and its results (one per board, in board order) in
/// the tournament: each board's cells, the pairing-allocated bye, the byes and absences announced
/// (`240` and `XXZ` records become cells), and the points column brought up to date. The pairing may be
/// swisspair's or the arbiter's own; the result is checked as a TRF file is (every player once, the
/// opponents agreeing).
pub fn record_round(
    doc: &TournamentJson,
    round: &Round,
    results: &[GameResult],
) -> Result<TournamentJson> {
    let t = json::document_to_tournament(doc)?;
    round_fits(round, t.next_round(), results.len(), "boards")?;
    let slot = t.rounds_played;
    let mut doc = doc.clone();
    let mut paired: BTreeSet<u32> = BTreeSet::new();
    let mut cells: Vec<(u32, RoundJson)> = Vec::new();
    for (b, result) in round.boards.iter().zip(results) {
        let (w, bl) = result.codes();
        cells.push((
            b.white.start_number,
            RoundJson {
                opponent: Some(b.black.start_number),
                colour: Some(ColourName::White),
                result: Some(ResultName(w)),
            },
        ));
        cells.push((
            b.black.start_number,
            RoundJson {
                opponent: Some(b.white.start_number),
                colour: Some(ColourName::Black),
                result: Some(ResultName(bl)),
            },
        ));
    }
    if let Some(bye) = &round.bye {
        cells.push((
            bye.start_number,
            RoundJson {
                opponent: None,
                colour: None,
                result: Some(ResultName(ResultCode::PairingAllocatedBye)),
            },
        ));
    }
    for (player, cell) in cells {
        if !paired.insert(player) {
            return Err(Error::invalid(
                None,
                "pairing",
                format!("player {player} is paired twice in round {}", round.round),
            ));
        }
        let p = doc
            .players
            .iter_mut()
            .find(|p| p.start_number == player)
            .ok_or_else(|| Error::invalid(None, "pairing", format!("no player {player}")))?;
        if let Some(announced) = p.rounds.get(slot).filter(|c| c.result.is_some()) {
            return Err(Error::invalid(
                None,
                "pairing",
                format!(
                    "player {player} is paired in round {} but announced a bye ({})",
                    round.round,
                    announced.result.map_or(' ', |r| r.0.to_char())
                ),
            ));
        }
        p.rounds.resize(slot, RoundJson::default());
        p.rounds.push(cell);
    }
    // The players not paired: the bye they announced (in their cell, a `240` record), else absent (a
    // zero-point bye).
    let next = round.round;
    let byes = doc.byes.clone();
    for p in &mut doc.players {
        if paired.contains(&p.start_number) {
            continue;
        }
        let in_cell = p.rounds.get(slot).copied().filter(|c| c.result.is_some());
        let cell = in_cell.unwrap_or_else(|| RoundJson {
            opponent: None,
            colour: None,
            result: Some(ResultName(announced_code(&byes, next, p.start_number))),
        });
        p.rounds.resize(slot, RoundJson::default());
        p.rounds.push(cell);
    }
    doc.byes.retain(|b| b.round as usize != next);
    doc.absent.clear();
    with_points(doc)
}

/// A pairing to record is of the tournament's `next` round and has one result (or list of results)
/// for each of its boards (`what`: the boards, or the matches of a team round).
fn round_fits(round: &Round, next: usize, results: usize, what: &str) -> Result<()> {
    if round.round != next {
        return Err(Error::invalid(
            None,
            "round",
            format!(
                "the pairing is of round {}, the tournament's next round is {next}",
                round.round
            ),
        ));
    }
    if results != round.boards.len() {
        return Err(Error::invalid(
            None,
            "results",
            format!("{results} results for {} {what}", round.boards.len()),
        ));
    }
    Ok(())
}

/// The document with the points column filled in from the results, the rank column cleared.
fn with_points(mut doc: TournamentJson) -> Result<TournamentJson> {
    for p in &mut doc.players {
        p.points = None;
        p.rank = None;
    }
    let t = json::document_to_tournament(&doc)?;
    for p in &mut doc.players {
        p.points = t
            .index_of(p.start_number)
            .map(|i| Points(t.score_after(i, t.rounds_played)));
    }
    Ok(doc)
}

/// Starts a tournament from a list of players, one a line: name, rating and federation, separated by
/// tabs, semicolons or commas (a name may hold a comma: `Carlsen, Magnus, 2830, NOR`). The rating and
/// the federation may be left out. Starting numbers follow the initial ranking: rating (highest first),
/// then name. `rounds` is the total number of rounds; the top player has white in round 1 unless
/// `initial_white` is false. Errors name the line of the list.
pub fn tournament_from_list(
    text: &str,
    rounds: u32,
    initial_white: bool,
) -> Result<TournamentJson> {
    if rounds == 0 || rounds as usize > trf::MAX_ROUNDS {
        return Err(Error::invalid(
            None,
            "rounds",
            format!("{rounds}: from 1 to {}", trf::MAX_ROUNDS),
        ));
    }
    let mut players: Vec<(String, u32, String)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let separator = if line.contains('\t') {
            '\t'
        } else if line.contains(';') {
            ';'
        } else {
            ','
        };
        let mut fields: Vec<&str> = line.split(separator).map(str::trim).collect();
        let mut federation = String::new();
        let mut rating = 0u32;
        if fields.len() > 1 {
            if let Some(last) = fields.last() {
                if last.len() == 3 && last.chars().all(|c| c.is_ascii_alphabetic()) {
                    federation = last.to_ascii_uppercase();
                    fields.pop();
                }
            }
        }
        if fields.len() > 1 {
            if let Some(last) = fields.last() {
                if last.chars().all(|c| c.is_ascii_digit()) {
                    rating = last.parse().map_err(|_| {
                        Error::invalid(Some(number), "rating", format!("'{last}' is not a rating"))
                    })?;
                    if rating > 9999 {
                        return Err(Error::invalid(
                            Some(number),
                            "rating",
                            format!("{rating}: at most 9999"),
                        ));
                    }
                    fields.pop();
                }
            }
        }
        let name = fields.join(", ");
        let name = name.trim().to_string();
        if name.is_empty() {
            return Err(Error::invalid(Some(number), "name", "no name"));
        }
        let chars = name.chars().count();
        if chars > 33 {
            return Err(Error::invalid(
                Some(number),
                "name",
                format!("'{name}': {chars} characters, at most 33"),
            ));
        }
        players.push((name, rating, federation));
    }
    if players.len() < 2 {
        return Err(Error::invalid(
            None,
            "players",
            format!("{} players: at least 2", players.len()),
        ));
    }
    if players.len() > 9999 {
        return Err(Error::invalid(None, "players", "at most 9999"));
    }
    crate::sorting::sort_by_key(&mut players, |(name, rating, _)| {
        (std::cmp::Reverse(*rating), name.clone())
    });
    let mut doc = TournamentJson {
        total_rounds: Some(rounds),
        initial_colour: Some(if initial_white {
            InitialColourName::White
        } else {
            InitialColourName::Black
        }),
        ..TournamentJson::default()
    };
    for (i, (name, rating, federation)) in players.into_iter().enumerate() {
        doc.players.push(PlayerJson {
            start_number: u32::try_from(i + 1).unwrap_or(u32::MAX),
            name,
            rating,
            federation,
            ..PlayerJson::default()
        });
    }
    json::document_to_tournament(&doc)?;
    Ok(doc)
}

/// A round paired with its explanation: the pairing, and the decisions the system took, with their
/// articles.
#[derive(Clone, Debug)]
pub struct Explained {
    /// The pairing.
    pub round: Round,
    /// Why it is as it is.
    pub explanation: Explanation,
    tournament: Tournament,
    edition: Edition,
}

impl Explained {
    /// The whole explanation as text (`--explain`).
    pub fn text(&self) -> String {
        self.explanation.render()
    }

    /// The whole explanation as a JSON document (`--explain --format json`).
    pub fn to_json(&self) -> String {
        self.explanation.to_json()
    }

    /// Player `n`'s part in the round: opponent and colour, or the bye, and the rules behind them
    /// (`--why N`).
    pub fn why(&self, n: u32) -> Result<String> {
        self.explanation
            .render_player(n)
            .ok_or_else(|| Error::invalid(None, "player", format!("no player {n}")))
    }

    /// Why players `a` and `b` were not paired with each other (`--why A,B`).
    pub fn why_not_paired(&self, a: u32, b: u32) -> String {
        let state = RoundState::with_edition(&self.tournament, self.edition);
        self.explanation
            .why_not_paired(&self.tournament, &state, a, b)
    }
}

/// Pairs the next round and explains it (`-p --explain`).
pub fn explain_next(tournament: &Tournament, options: &PairOptions) -> Result<Explained> {
    ensure_rounds_left(tournament)?;
    let edition = options.system.edition_for(tournament, options.edition)?;
    let mut t = tournament.clone();
    t.maxi |= options.maxi;
    let (pairing, explanation) = options.system.explain_in(edition, &t)?;
    Ok(Explained {
        round: Round::new(&t, options.system, edition, &pairing).noting_edition(
            &t,
            options.system,
            options.edition,
        ),
        explanation,
        tournament: t,
        edition,
    })
}

/// The checklist of the round to be paired (`-l`), as data: the state the pairing uses, one row per
/// player, with the round's pairing in the `Cur` column (`-` when no valid pairing exists).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Checklist {
    /// The system's name.
    pub system: String,
    /// The edition's year.
    pub edition: u16,
    /// The table.
    #[serde(flatten)]
    pub table: ChecklistTable,
}

impl Checklist {
    /// The text `-l` writes.
    pub fn text(&self) -> String {
        let system = crate::api::system_named(&self.system)
            .map(|s| s.title())
            .unwrap_or_default();
        format!(
            "# {system} system (--{}), {} edition\n{}",
            self.system,
            self.edition,
            self.table.render()
        )
    }
}

/// The checklist of the round `tournament` is about to pair (also when no valid pairing exists).
pub fn checklist_next(tournament: &Tournament, options: &PairOptions) -> Result<Checklist> {
    let edition = options.system.edition_for(tournament, options.edition)?;
    let mut t = tournament.clone();
    t.maxi |= options.maxi;
    let pairing = match options.system.pair_in(edition, &t) {
        Ok(p) => Some(p),
        Err(Error::NoValidPairing(_)) => None,
        Err(e) => return Err(e),
    };
    let state = RoundState::with_edition(&t, edition);
    Ok(Checklist {
        system: options.system.name().to_string(),
        edition: edition.year(),
        table: state.checklist_table(&t, pairing.as_ref()),
    })
}

mod bindings;
mod team;
#[cfg(test)]
mod tests;

pub use bindings::{
    announce_named, checklist_json, explain_json, record_round_named, record_team_round_named,
    to_json_text, why_text,
};
pub use team::{
    check_lineup, read_team_document, record_team_round, team_checklist, team_explain_next,
    team_why, Lineup, LineupError, TeamEncounter, TeamExplained, TeamRoundView, TeamStanding,
};
