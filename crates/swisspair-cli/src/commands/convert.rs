//! `convert IN OUT`: a tournament from TRF to JSON or back.

use crate::cli::ConvertArgs;
use crate::failure::Failure;
use crate::files;

/// `convert IN OUT`: TRF to JSON or JSON to TRF.
pub fn run(args: &ConvertArgs) -> Result<(), Failure> {
    let bytes = files::read(&args.input)?;
    let to_json = match args
        .output
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .as_deref()
    {
        Some("json") => Some(true),
        Some("trf") | Some("txt") => Some(false),
        _ => None,
    };
    let text = swisspair::json::convert(&bytes, to_json)
        .map_err(|e| Failure::from_error(&args.input, &e))?;
    files::write_atomically(&args.output, text.as_bytes())
}
