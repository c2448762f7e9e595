//! The native part of the `swisspair` Python package (`swisspair._swisspair`): each function takes the
//! tournament as text (TRF or JSON, detected) and returns JSON text, which `swisspair/__init__.py` turns
//! into Python objects. The pairing itself runs without the GIL.

use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use swisspair::workflow::to_json_text;
use swisspair::{Error, PairOptions};

pyo3::create_exception!(
    _swisspair,
    SwisspairError,
    PyException,
    "Base class of swisspair's errors."
);
pyo3::create_exception!(
    _swisspair,
    InvalidInput,
    SwisspairError,
    "The tournament (or a request) is invalid: `line` (1-based, or None), `field` and `message` say where and what."
);
pyo3::create_exception!(
    _swisspair,
    NoValidPairing,
    SwisspairError,
    "No pairing satisfies the absolute criteria."
);
pyo3::create_exception!(
    _swisspair,
    InternalError,
    SwisspairError,
    "A bug in swisspair: please report it."
);

/// The Python exception for a library error; invalid input carries `line`, `field` and `message`.
fn to_py(py: Python<'_>, e: Error) -> PyErr {
    let text = e.to_string();
    let (err, location) = match &e {
        Error::Invalid { location, message } | Error::SizeLimit { location, message } => (
            InvalidInput::new_err(text.clone()),
            Some((location.line, location.field.clone(), message.clone())),
        ),
        Error::NotImplemented(message) => (
            InvalidInput::new_err(text.clone()),
            Some((None, "request".to_string(), message.clone())),
        ),
        Error::NoValidPairing(_) => (NoValidPairing::new_err(text.clone()), None),
        Error::Internal(_) => (InternalError::new_err(text.clone()), None),
    };
    let value = err.value(py);
    let (line, field, message) = location.unwrap_or((None, String::new(), text));
    // Setting attributes on a fresh exception object cannot fail in practice; if it did, the exception
    // still carries the message.
    let _ = value.setattr("line", line);
    let _ = value.setattr("field", field);
    let _ = value.setattr("message", message);
    err
}

/// Runs `f` without the GIL; a library error becomes the Python exception.
fn run<T: Send>(py: Python<'_>, f: impl FnOnce() -> Result<T, Error> + Send) -> PyResult<T> {
    py.allow_threads(f).map_err(|e| to_py(py, e))
}

/// The options named as the Python functions name them.
fn options(
    system: &str,
    edition: Option<&str>,
    maxi: bool,
    team: (Option<&str>, Option<&str>),
) -> Result<PairOptions, Error> {
    PairOptions::named(system, edition, maxi, team.0, team.1)
}

/// One request on a tournament, its result as JSON text: `what` is `pair` (the next round), `check`
/// (every round re-paired), `overview` (standings and warnings), `explain` (`{"round", "text",
/// "explanation"}`) or `checklist` (with its `-l` text in `"text"`). A team tournament (or
/// `system="team"`) is paired, checked and shown by the team system.
#[pyfunction]
#[pyo3(signature = (what, tournament, system = "dutch", edition = None, maxi = false, team_colours = None, team_score = None))]
#[allow(clippy::too_many_arguments)] // the Python keywords
fn request_json(
    py: Python<'_>,
    what: &str,
    tournament: &[u8],
    system: &str,
    edition: Option<&str>,
    maxi: bool,
    team_colours: Option<&str>,
    team_score: Option<&str>,
) -> PyResult<String> {
    run(py, || {
        let o = options(system, edition, maxi, (team_colours, team_score))?;
        match what {
            "pair" => swisspair::pair(tournament, &o)?.to_json(),
            "check" => swisspair::check(tournament, &o)?.to_json(),
            "overview" => to_json_text(&swisspair::overview(tournament, &o)?),
            "explain" => swisspair::workflow::explain_json(tournament, &o),
            "checklist" => swisspair::workflow::checklist_json(tournament, &o),
            other => Err(Error::invalid(
                None,
                "request",
                format!("'{other}' is not pair, check, overview, explain or checklist"),
            )),
        }
    })
}

/// Generates a tournament (`system="team"`: a team tournament); returns TRF text.
#[pyfunction]
#[pyo3(signature = (system = "dutch", edition = None, config = "", seed = 1))]
fn generate(
    py: Python<'_>,
    system: &str,
    edition: Option<&str>,
    config: &str,
    seed: u64,
) -> PyResult<String> {
    run(py, || {
        let o = options(system, edition, false, (None, None))?;
        swisspair::generate_tournament(&o, config, seed)
    })
}

/// Converts a tournament between TRF and JSON (`to_json`: None for the other format than the input's).
#[pyfunction]
#[pyo3(signature = (tournament, to_json = None))]
fn convert(py: Python<'_>, tournament: &[u8], to_json: Option<bool>) -> PyResult<String> {
    run(py, || swisspair::json::convert(tournament, to_json))
}

/// The tournament as it stood before `round` was paired, as a JSON document that pairs that round.
#[pyfunction]
fn before_round(py: Python<'_>, tournament: &[u8], round: usize) -> PyResult<String> {
    run(py, || {
        swisspair::json::document_to_string(&swisspair::json::before_round(tournament, round)?)
    })
}

/// Why the next round gives `player` what it gives him (`--why N`), or why `player` and `other` are
/// not paired (`--why N,M`); text.
#[pyfunction]
#[pyo3(signature = (tournament, player, other = None, system = "dutch", edition = None, maxi = false))]
fn why(
    py: Python<'_>,
    tournament: &[u8],
    player: u32,
    other: Option<u32>,
    system: &str,
    edition: Option<&str>,
    maxi: bool,
) -> PyResult<String> {
    run(py, || {
        let o = options(system, edition, maxi, (None, None))?;
        swisspair::workflow::why_text(tournament, player, other, &o)
    })
}

/// Announces a bye (`"H"`, `"F"`, `"Z"`; `None` withdraws it) for the round to be paired; the
/// tournament as JSON text.
#[pyfunction]
#[pyo3(signature = (tournament, player, kind = None))]
fn announce(
    py: Python<'_>,
    tournament: &[u8],
    player: u32,
    kind: Option<&str>,
) -> PyResult<String> {
    run(py, || {
        swisspair::workflow::announce_named(tournament, player, kind)
    })
}

/// The round a pairing (as `pair` returns it, as JSON text) gives, to record.
fn round_of(pairing: &str) -> Result<swisspair::Round, Error> {
    serde_json::from_str(pairing)
        .map_err(|e| Error::invalid(None, "pairing", format!("not a pairing: {e}")))
}

/// Records a round (`pairing` as `pair` returns it, as JSON text) with one result a board; the
/// tournament as JSON text.
#[pyfunction]
fn add_round(
    py: Python<'_>,
    tournament: &[u8],
    pairing: &str,
    results: Vec<String>,
) -> PyResult<String> {
    run(py, || {
        swisspair::workflow::record_round_named(tournament, &round_of(pairing)?, &results)
    })
}

/// Records a round of a team tournament (`pairing` as `pair` returns it, as JSON text: a board is a
/// match) with, per match, one result a board from the white team's side, and the lineups (JSON text:
/// none, or per match `null` or `{"white", "black"}`, the members' starting numbers board 1 first);
/// the tournament as JSON text.
#[pyfunction]
#[pyo3(signature = (tournament, pairing, results, lineups = None))]
fn add_team_round(
    py: Python<'_>,
    tournament: &[u8],
    pairing: &str,
    results: Vec<Vec<String>>,
    lineups: Option<&str>,
) -> PyResult<String> {
    run(py, || {
        let lineups: Vec<Option<swisspair::workflow::Lineup>> = match lineups {
            Some(text) => serde_json::from_str(text)
                .map_err(|e| Error::invalid(None, "lineups", format!("not lineups: {e}")))?,
            None => Vec::new(),
        };
        swisspair::workflow::record_team_round_named(
            tournament,
            &round_of(pairing)?,
            &results,
            &lineups,
        )
    })
}

/// A tournament from a list of players (one a line: name, rating, federation); JSON text.
#[pyfunction]
#[pyo3(signature = (text, rounds, initial_white = true))]
fn from_list(py: Python<'_>, text: &str, rounds: u32, initial_white: bool) -> PyResult<String> {
    run(py, || {
        swisspair::json::document_to_string(&swisspair::tournament_from_list(
            text,
            rounds,
            initial_white,
        )?)
    })
}

/// Writes a tournament as `"trf16"`, `"trf2026"` or `"json"` (TRF-2026: the system and edition give
/// the system record).
#[pyfunction]
#[pyo3(signature = (tournament, format, system = "dutch", edition = None))]
fn write(
    py: Python<'_>,
    tournament: &[u8],
    format: &str,
    system: &str,
    edition: Option<&str>,
) -> PyResult<String> {
    run(py, || {
        let o = options(system, edition, false, (None, None))?;
        let doc = swisspair::read_document(tournament)?;
        swisspair::write_tournament(&doc, swisspair::Format::named(format)?, Some(&o))
    })
}

/// The native module.
#[pymodule]
fn _swisspair(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_function(wrap_pyfunction!(request_json, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    m.add_function(wrap_pyfunction!(before_round, m)?)?;
    m.add_function(wrap_pyfunction!(why, m)?)?;
    m.add_function(wrap_pyfunction!(announce, m)?)?;
    m.add_function(wrap_pyfunction!(add_round, m)?)?;
    m.add_function(wrap_pyfunction!(add_team_round, m)?)?;
    m.add_function(wrap_pyfunction!(from_list, m)?)?;
    m.add_function(wrap_pyfunction!(write, m)?)?;
    m.add("SwisspairError", py.get_type::<SwisspairError>())?;
    m.add("InvalidInput", py.get_type::<InvalidInput>())?;
    m.add("NoValidPairing", py.get_type::<NoValidPairing>())?;
    m.add("InternalError", py.get_type::<InternalError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("TOURNAMENT_SCHEMA", swisspair::json::TOURNAMENT_SCHEMA)?;
    m.add("PAIRING_SCHEMA", swisspair::json::PAIRING_SCHEMA)?;
    m.add("CHECK_SCHEMA", swisspair::json::CHECK_SCHEMA)?;
    Ok(())
}
