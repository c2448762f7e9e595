//! swisspair as a WebAssembly ES module (`wasm-pack build --target web`):
//!
//! ```js
//! import init, { pair } from "./pkg/swisspair_wasm.js";
//! await init();
//! const round = pair(trfText, { system: "dutch", edition: "2017" });
//! for (const b of round.boards) console.log(b.board, b.white.name, b.black.name);
//! ```
//!
//! Built with the cargo feature `page` (as `web/build.sh` builds it for the arbiter's page), the
//! module also does the round-by-round work: `overview` (standings and warnings), `explain` and `why`,
//! `checklist`, `announce` (a bye for the round to be paired), `addRound` (a round's pairing and results
//! recorded), `addTeamRound` (a team round's results and lineups), `fromList` (a tournament from a
//! pasted list of players), and `convert` with `to: "trf16" | "trf2026"`, for team tournaments too
//! (the page's module has the `team` feature). They add some 190 kB (the explanations' code and text
//! most), so the module for embedding leaves them out.
//!
//! With the cargo feature `team` (which `page` turns on), `pair`, `check`, `generate` and `overview`
//! also take team tournaments (Team Swiss, C.04.6: `system: "team"`, or a file whose `192`/`092`
//! record names a `FIDE_TEAM...` code): they add some 190 kB, so the module for embedding (under 1 MB)
//! refuses team tournaments with an `invalid` error.
//!
//! A tournament is TRF text or a JSON document (detected). Results are the JSON structures of the
//! command line's `--format json`, as JavaScript objects. Errors are thrown as objects
//! `{ kind, line, field, message }` (`kind`: `invalid`, `size_limit`, `no_valid_pairing`,
//! `not_implemented`, `internal`; `line` null when unknown).

use serde::Deserialize;
use swisspair::{Error, PairOptions};
use wasm_bindgen::prelude::*;

/// The options object: `{ system?: "dutch" | "rating1992" | "dubov" | "lim" | "team", edition?: string |
/// number, maxi?: boolean, team_colours?: "a" | "b" | "none", team_score?: "mp" | "gp", config?:
/// string, seed?: number, to?: "json" | "trf" }`.
#[derive(Default, Deserialize)]
#[serde(default)]
struct Options {
    system: Option<String>,
    edition: Option<serde_json::Value>,
    maxi: bool,
    team_colours: Option<String>,
    team_score: Option<String>,
    config: String,
    seed: Option<u64>,
    to: Option<String>,
}

fn js_error(e: &Error) -> JsValue {
    let (kind, line, field, message) = match e {
        Error::Invalid { location, message } => (
            "invalid",
            location.line,
            location.field.clone(),
            message.clone(),
        ),
        Error::SizeLimit { location, message } => (
            "size_limit",
            location.line,
            location.field.clone(),
            message.clone(),
        ),
        Error::NoValidPairing(m) => ("no_valid_pairing", None, String::new(), m.clone()),
        Error::NotImplemented(m) => ("not_implemented", None, String::new(), m.clone()),
        Error::Internal(m) => ("internal", None, String::new(), m.clone()),
    };
    let value = serde_json::json!({
        "kind": kind,
        "line": line,
        "field": field,
        "message": message,
        "text": e.to_string(),
    });
    js_sys::JSON::parse(&value.to_string()).unwrap_or_else(|_| JsValue::from_str(&e.to_string()))
}

fn options(value: &JsValue) -> Result<Options, Error> {
    if value.is_undefined() || value.is_null() {
        return Ok(Options::default());
    }
    let text = js_sys::JSON::stringify(value)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_default();
    // From bytes, as the library reads documents: one copy of the JSON reader in the module.
    serde_json::from_slice(text.as_bytes())
        .map_err(|e| Error::invalid(None, "options", format!("not an options object: {e}")))
}

fn pair_options(o: &Options) -> Result<PairOptions, Error> {
    let edition = o.edition.as_ref().map(|e| match e {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    });
    PairOptions::named(
        o.system.as_deref().unwrap_or("dutch"),
        edition.as_deref(),
        o.maxi,
        o.team_colours.as_deref(),
        o.team_score.as_deref(),
    )
}

/// A JavaScript value as a Rust one (through its JSON text).
#[cfg(feature = "page")]
fn from_js<T: serde::de::DeserializeOwned>(value: &JsValue, what: &str) -> Result<T, Error> {
    let text = js_sys::JSON::stringify(value)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_default();
    serde_json::from_slice(text.as_bytes())
        .map_err(|e| Error::invalid(None, what, format!("not {what}: {e}")))
}

/// Pairs the next round: of an individual or (with the `team` feature) a team tournament.
fn pair_input(input: &[u8], o: &PairOptions) -> Result<swisspair::Round, Error> {
    #[cfg(feature = "team")]
    return swisspair::pair(input, o);
    #[cfg(not(feature = "team"))]
    swisspair::pair_next(&swisspair::read_tournament(input)?, o)
}

/// Re-pairs every round: of an individual or (with the `team` feature) a team tournament.
fn check_input(input: &[u8], o: &PairOptions) -> Result<swisspair::Report, Error> {
    #[cfg(feature = "team")]
    return swisspair::check(input, o);
    #[cfg(not(feature = "team"))]
    swisspair::check_tournament(&swisspair::read_tournament(input)?, o)
}

/// Generates a tournament: individual or (with the `team` feature) a team tournament.
fn generate_with(o: &PairOptions, config: &str, seed: u64) -> Result<String, Error> {
    #[cfg(feature = "team")]
    return swisspair::generate_tournament(o, config, seed);
    #[cfg(not(feature = "team"))]
    swisspair::api::generate_individual(o, config, seed)
}

fn to_js(json: Result<String, Error>) -> Result<JsValue, JsValue> {
    let text = json.map_err(|e| js_error(&e))?;
    js_sys::JSON::parse(&text)
}

/// Pairs the next round of `tournament` (TRF or JSON text); returns
/// `{ system, edition, round, boards: [{ board, white, black }], bye }`, with `edition_notice` when the
/// default edition paired a file naming none while a newer one is in force (Dutch: 2017 and 2026). A
/// team tournament (or `system: "team"`) is paired by the team system: a board is a match, white and
/// black are teams (`start_number`: the TPN), the bye the pairing-allocated bye.
#[wasm_bindgen]
pub fn pair(tournament: &str, options_object: JsValue) -> Result<JsValue, JsValue> {
    to_js(
        options(&options_object)
            .and_then(|o| pair_options(&o))
            .and_then(|o| pair_input(tournament.as_bytes(), &o))
            .and_then(|r| r.to_json()),
    )
}

/// Re-pairs every round of `tournament` (individual or team); returns `{ system, edition, rounds,
/// differences }`, with `edition_notice` as [`pair`].
#[wasm_bindgen]
pub fn check(tournament: &str, options_object: JsValue) -> Result<JsValue, JsValue> {
    to_js(
        options(&options_object)
            .and_then(|o| pair_options(&o))
            .and_then(|o| check_input(tournament.as_bytes(), &o))
            .and_then(|r| r.to_json()),
    )
}

/// Generates a random tournament (`options.config`: the generator's `key=value` lines, `options.seed`;
/// `system: "team"`: a team tournament, the team generator's keys); returns TRF text.
#[wasm_bindgen]
pub fn generate(options_object: JsValue) -> Result<String, JsValue> {
    options(&options_object)
        .and_then(|o| {
            let p = pair_options(&o)?;
            generate_with(&p, &o.config, o.seed.unwrap_or(1))
        })
        .map_err(|e| js_error(&e))
}

/// Converts a tournament between TRF and JSON (`options.to`: `"json"`, `"trf"` (the lines as read), or
/// absent for the other format), or writes it as `"trf16"` or `"trf2026"` (for TRF-2026 the system and
/// edition of `options` give the system record); returns the text.
#[wasm_bindgen]
pub fn convert(tournament: &str, options_object: JsValue) -> Result<String, JsValue> {
    options(&options_object)
        .and_then(|o| {
            let to = match o.to.as_deref() {
                None => None,
                Some("json") => Some(true),
                Some("trf") => Some(false),
                #[cfg(feature = "page")]
                Some(other) => {
                    let format = swisspair::Format::named(other)?;
                    let doc = swisspair::read_document(tournament.as_bytes())?;
                    return swisspair::write_tournament(&doc, format, Some(&pair_options(&o)?));
                }
                #[cfg(not(feature = "page"))]
                Some(other) => {
                    return Err(Error::invalid(
                        None,
                        "to",
                        format!("'{other}' is not json or trf"),
                    ))
                }
            };
            swisspair::json::convert(tournament.as_bytes(), to)
        })
        .map_err(|e| js_error(&e))
}

/// The standings and state of a tournament: `{ system, edition, rounds_played, total_rounds,
/// next_round, finished, standings: [{ rank, start_number, name, title, rating, federation, points,
/// rounds: [{ opponent, colour, result }], next }], warnings }`; of a team tournament `standings` is
/// empty and `teams: [{ rank, tpn, name, members, roster, match_points, game_points, rounds: [{ kind,
/// opponent, colour, match_points, game_points }], absent_next, next, encounters: [{ opponent, round,
/// colour, result, match_points, game_points, opponent_game_points }] }]` lists the teams by rank
/// (`roster` the members' starting numbers in board order, `next` the bye announced, `encounters` the
/// crosstable's cells) and `boards` is the number of boards of a match (the results `addTeamRound`
/// takes per match).
#[cfg(feature = "page")]
#[wasm_bindgen]
pub fn overview(tournament: &str, options_object: JsValue) -> Result<JsValue, JsValue> {
    to_js(on_input(tournament, &options_object, |input, o| {
        swisspair::workflow::to_json_text(&swisspair::overview(input, o)?)
    }))
}

/// `f` on the tournament `tournament` (TRF or JSON text) with the options object's options.
#[cfg(feature = "page")]
fn on_input<T>(
    tournament: &str,
    options_object: &JsValue,
    f: impl FnOnce(&[u8], &PairOptions) -> Result<T, Error>,
) -> Result<T, Error> {
    let o = pair_options(&options(options_object)?)?;
    f(tournament.as_bytes(), &o)
}

/// Pairs the next round and explains it (with the `page` feature): `{ round, text, explanation }`
/// (`round` as `pair` returns it, `text` as `--explain` writes it, `explanation` as `--explain
/// --format json`). A team tournament is explained by the team system (`--team -p --explain`).
#[cfg(feature = "page")]
#[wasm_bindgen]
pub fn explain(tournament: &str, options_object: JsValue) -> Result<JsValue, JsValue> {
    to_js(on_input(
        tournament,
        &options_object,
        swisspair::workflow::explain_json,
    ))
}

/// Why the next round gives `player` (of a team tournament: a team's TPN) his opponent, colour or bye
/// (`--why N`), or, with `other`, why the two were not paired (`--why N,M`): text. With the `page`
/// feature.
#[cfg(feature = "page")]
#[wasm_bindgen]
pub fn why(
    tournament: &str,
    player: u32,
    other: Option<u32>,
    options_object: JsValue,
) -> Result<String, JsValue> {
    on_input(tournament, &options_object, |input, o| {
        swisspair::workflow::why_text(input, player, other, o)
    })
    .map_err(|e| js_error(&e))
}

/// The checklist of the round to be paired (`-l`) as data: `{ system, edition, round, last_round,
/// initial_colour, columns, rows: [{ group, cells }], text }`; of a team tournament `{ system: "team",
/// text }` (the text `--team -l` writes).
#[cfg(feature = "page")]
#[wasm_bindgen]
pub fn checklist(tournament: &str, options_object: JsValue) -> Result<JsValue, JsValue> {
    to_js(on_input(
        tournament,
        &options_object,
        swisspair::workflow::checklist_json,
    ))
}

/// Announces a bye for the round to be paired (`kind`: `"H"`, `"F"`, `"Z"`; `""` withdraws the
/// announcement) of a player, or in a team tournament of a team (`player`: its TPN, a `240` record);
/// returns the tournament as JSON text.
#[cfg(feature = "page")]
#[wasm_bindgen]
pub fn announce(tournament: &str, player: u32, kind: &str) -> Result<String, JsValue> {
    swisspair::workflow::announce_named(tournament.as_bytes(), player, Some(kind))
        .map_err(|e| js_error(&e))
}

/// Records the round `pairing` (as `pair` returns it) with `results` (one per board: `"1-0"`, `"½-½"`,
/// `"0-1"`, `"+-"`, `"-+"`, `"--"`); returns the tournament as JSON text.
#[cfg(feature = "page")]
#[wasm_bindgen(js_name = addRound)]
pub fn add_round(tournament: &str, pairing: JsValue, results: JsValue) -> Result<String, JsValue> {
    (|| {
        let round: swisspair::Round = from_js(&pairing, "a pairing")?;
        let texts: Vec<String> = from_js(&results, "a list of results")?;
        swisspair::workflow::record_round_named(tournament.as_bytes(), &round, &texts)
    })()
    .map_err(|e| js_error(&e))
}

/// Records the round `pairing` of a team tournament (as `pair` returns it: a board is a match) with
/// `results`: per match, one result per board in board order, from the white team's side (`"1-0"`,
/// `"½-½"`, `"0-1"`, `"+-"`, `"-+"`, `"--"`), and `lineups` (optional: per match `null` or `{ white?,
/// black? }`, each team's members' starting numbers board 1 first, in the roster's order; left out,
/// each team's first members play the boards). Returns the tournament as JSON text.
#[cfg(feature = "page")]
#[wasm_bindgen(js_name = addTeamRound)]
pub fn add_team_round(
    tournament: &str,
    pairing: JsValue,
    results: JsValue,
    lineups: JsValue,
) -> Result<String, JsValue> {
    (|| {
        let round: swisspair::Round = from_js(&pairing, "a pairing")?;
        let texts: Vec<Vec<String>> = from_js(&results, "a list of results per match")?;
        let lineups: Vec<Option<swisspair::workflow::Lineup>> =
            if lineups.is_undefined() || lineups.is_null() {
                Vec::new()
            } else {
                from_js(&lineups, "a list of lineups per match")?
            };
        swisspair::workflow::record_team_round_named(
            tournament.as_bytes(),
            &round,
            &texts,
            &lineups,
        )
    })()
    .map_err(|e| js_error(&e))
}

/// A tournament from a pasted list of players (one a line: name, rating, federation) with `rounds`
/// rounds, the top player white in round 1 unless `initial_white` is false; returns it as JSON text.
#[cfg(feature = "page")]
#[wasm_bindgen(js_name = fromList)]
pub fn from_list(text: &str, rounds: u32, initial_white: bool) -> Result<String, JsValue> {
    swisspair::tournament_from_list(text, rounds, initial_white)
        .and_then(|doc| swisspair::json::document_to_string(&doc))
        .map_err(|e| js_error(&e))
}

/// The tournament as it stood before `round` was paired, as JSON text that pairs that round again.
#[wasm_bindgen(js_name = beforeRound)]
pub fn before_round(tournament: &str, round: u32) -> Result<String, JsValue> {
    swisspair::json::before_round(tournament.as_bytes(), round as usize)
        .and_then(|doc| swisspair::json::document_to_string(&doc))
        .map_err(|e| js_error(&e))
}

/// The version of swisspair.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
