//! The native part of the `swisspair` Python package (`swisspair._swisspair`): each function takes the
//! tournament as text (TRF or JSON, detected) and returns JSON text, which `swisspair/__init__.py` turns
//! into Python objects. The pairing itself runs without the GIL.

use pyo3::exceptions::PyException;
use pyo3::prelude::*;
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

fn options(system: &str, edition: Option<&str>, maxi: bool) -> Result<PairOptions, Error> {
    let mut o = PairOptions::from_names(system, edition)?;
    o.maxi = maxi;
    Ok(o)
}

/// Pairs the next round; returns the pairing as JSON text.
#[pyfunction]
#[pyo3(signature = (tournament, system = "dutch", edition = None, maxi = false))]
fn pair_json(
    py: Python<'_>,
    tournament: &[u8],
    system: &str,
    edition: Option<&str>,
    maxi: bool,
) -> PyResult<String> {
    let result = py.allow_threads(|| {
        let o = options(system, edition, maxi)?;
        swisspair::pair(tournament, &o)?.to_json()
    });
    result.map_err(|e| to_py(py, e))
}

/// Checks every round of a tournament; returns the report as JSON text.
#[pyfunction]
#[pyo3(signature = (tournament, system = "dutch", edition = None, maxi = false))]
fn check_json(
    py: Python<'_>,
    tournament: &[u8],
    system: &str,
    edition: Option<&str>,
    maxi: bool,
) -> PyResult<String> {
    let result = py.allow_threads(|| {
        let o = options(system, edition, maxi)?;
        let t = swisspair::read_tournament(tournament)?;
        swisspair::check_tournament(&t, &o)?.to_json()
    });
    result.map_err(|e| to_py(py, e))
}

/// Generates a tournament; returns TRF text.
#[pyfunction]
#[pyo3(signature = (system = "dutch", edition = None, config = "", seed = 1))]
fn generate(
    py: Python<'_>,
    system: &str,
    edition: Option<&str>,
    config: &str,
    seed: u64,
) -> PyResult<String> {
    let result = py.allow_threads(|| {
        let o = options(system, edition, false)?;
        swisspair::generate_tournament(&o, config, seed)
    });
    result.map_err(|e| to_py(py, e))
}

/// Converts a tournament between TRF and JSON (`to_json`: None for the other format than the input's).
#[pyfunction]
#[pyo3(signature = (tournament, to_json = None))]
fn convert(py: Python<'_>, tournament: &[u8], to_json: Option<bool>) -> PyResult<String> {
    swisspair::json::convert(tournament, to_json).map_err(|e| to_py(py, e))
}

/// The tournament as it stood before `round` was paired, as a JSON document that pairs that round.
#[pyfunction]
fn before_round(py: Python<'_>, tournament: &[u8], round: usize) -> PyResult<String> {
    swisspair::json::before_round(tournament, round)
        .and_then(|doc| swisspair::json::document_to_string(&doc))
        .map_err(|e| to_py(py, e))
}

/// The native module.
#[pymodule]
fn _swisspair(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_function(wrap_pyfunction!(pair_json, m)?)?;
    m.add_function(wrap_pyfunction!(check_json, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    m.add_function(wrap_pyfunction!(before_round, m)?)?;
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
