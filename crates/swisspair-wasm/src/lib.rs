//! swisspair as a WebAssembly ES module (`wasm-pack build --target web`):
//!
//! ```js
//! import init, { pair } from "./pkg/swisspair_wasm.js";
//! await init();
//! const round = pair(trfText, { system: "dutch", edition: "2017" });
//! for (const b of round.boards) console.log(b.board, b.white.name, b.black.name);
//! ```
//!
//! A tournament is TRF text or a JSON document (detected). Results are the JSON structures of the
//! command line's `--format json`, as JavaScript objects. Errors are thrown as objects
//! `{ kind, line, field, message }` (`kind`: `invalid`, `size_limit`, `no_valid_pairing`,
//! `not_implemented`, `internal`; `line` null when unknown).

use serde::Deserialize;
use swisspair::{Error, PairOptions};
use wasm_bindgen::prelude::*;

/// The options object: `{ system?: "dutch" | "rating1992" | "dubov" | "lim", edition?: string | number,
/// maxi?: boolean, config?: string, seed?: number, to?: "json" | "trf" }`.
#[derive(Default, Deserialize)]
#[serde(default)]
struct Options {
    system: Option<String>,
    edition: Option<serde_json::Value>,
    maxi: bool,
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
    let mut p =
        PairOptions::from_names(o.system.as_deref().unwrap_or("dutch"), edition.as_deref())?;
    p.maxi = o.maxi;
    Ok(p)
}

fn to_js(json: Result<String, Error>) -> Result<JsValue, JsValue> {
    let text = json.map_err(|e| js_error(&e))?;
    js_sys::JSON::parse(&text)
}

/// Pairs the next round of `tournament` (TRF or JSON text); returns
/// `{ system, edition, round, boards: [{ board, white, black }], bye }`, with `edition_notice` when the
/// default edition paired a file naming none while a newer one is in force (Dutch: 2017 and 2026).
#[wasm_bindgen]
pub fn pair(tournament: &str, options_object: JsValue) -> Result<JsValue, JsValue> {
    to_js(
        options(&options_object)
            .and_then(|o| pair_options(&o))
            .and_then(|o| swisspair::pair(tournament.as_bytes(), &o))
            .and_then(|r| r.to_json()),
    )
}

/// Re-pairs every round of `tournament`; returns `{ system, edition, rounds, differences }`, with
/// `edition_notice` as [`pair`].
#[wasm_bindgen]
pub fn check(tournament: &str, options_object: JsValue) -> Result<JsValue, JsValue> {
    to_js(
        options(&options_object)
            .and_then(|o| pair_options(&o))
            .and_then(|o| {
                let t = swisspair::read_tournament(tournament.as_bytes())?;
                swisspair::check_tournament(&t, &o)
            })
            .and_then(|r| r.to_json()),
    )
}

/// Generates a random tournament (`options.config`: the generator's `key=value` lines, `options.seed`);
/// returns TRF text.
#[wasm_bindgen]
pub fn generate(options_object: JsValue) -> Result<String, JsValue> {
    options(&options_object)
        .and_then(|o| {
            let p = pair_options(&o)?;
            swisspair::generate_tournament(&p, &o.config, o.seed.unwrap_or(1))
        })
        .map_err(|e| js_error(&e))
}

/// Converts a tournament between TRF and JSON (`options.to`: `"json"`, `"trf"`, or absent for the other
/// format); returns the text.
#[wasm_bindgen]
pub fn convert(tournament: &str, options_object: JsValue) -> Result<String, JsValue> {
    options(&options_object)
        .and_then(|o| {
            let to = match o.to.as_deref() {
                None => None,
                Some("json") => Some(true),
                Some("trf") => Some(false),
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
