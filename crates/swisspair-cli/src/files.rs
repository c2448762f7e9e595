//! Every file the commands read or write: the input tournament (TRF or JSON) with the warnings of
//! reading it, output files written atomically (temporary file, then rename), the checklist's path.

use crate::failure::Failure;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use swisspair::notices::Purpose;
use swisspair::{Edition, ReadOptions, System, Tournament};

/// Files larger than this are refused before reading (a TRF of 9,999 players and 999 rounds is ~100 MB).
const MAX_INPUT_BYTES: u64 = 256 * 1024 * 1024;

/// Reads a whole file; failures are exit code 5.
pub fn read(path: &Path) -> Result<Vec<u8>, Failure> {
    let fail = |e: std::io::Error| Failure {
        code: 5,
        message: format!("{}: cannot read: {e}", path.display()),
    };
    let meta = fs::metadata(path).map_err(fail)?;
    if meta.is_dir() {
        return Err(Failure {
            code: 5,
            message: format!("{}: cannot read: is a directory", path.display()),
        });
    }
    if meta.len() > MAX_INPUT_BYTES {
        return Err(Failure {
            code: 4,
            message: format!(
                "{}: size limit exceeded: {} bytes (at most {MAX_INPUT_BYTES})",
                path.display(),
                meta.len()
            ),
        });
    }
    fs::read(path).map_err(fail)
}

fn temporary_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "output".into());
    path.with_file_name(format!(".{name}.swisspair-{}.tmp", std::process::id()))
}

/// Writes `bytes` to `path` through a temporary file in the same folder and a rename, so that readers
/// never see a partial file and a failure leaves nothing behind. Failures are exit code 5.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let temp = temporary_path(path);
    let result = (|| {
        let mut file = fs::File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temp, path)
    })();
    result.map_err(|e| {
        let _ = fs::remove_file(&temp);
        Failure {
            code: 5,
            message: format!("{}: cannot write: {e}", path.display()),
        }
    })
}

/// True when both paths name the same existing file (or are the same path).
pub fn same_file(a: &Path, b: &Path) -> bool {
    if a == b {
        return true;
    }
    match (fs::canonicalize(a), fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

/// After a failed `-p OUTPUT`: empties `path` when it is a non-empty regular file other than the input
/// (the pairs of an earlier run); with `create`, also creates it empty when it does not exist (as
/// bbpPairings leaves its output when no valid pairing exists). True when earlier pairs were emptied.
pub fn empty_stale(path: &Path, input: &Path, create: bool) -> bool {
    if same_file(path, input) {
        return false;
    }
    match fs::metadata(path) {
        Ok(meta) if meta.is_file() && meta.len() > 0 => fs::write(path, b"").is_ok(),
        Ok(_) => false,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && create => {
            let _ = fs::write(path, b"");
            false
        }
        Err(_) => false,
    }
}

/// Prints warnings about `file` to standard error.
pub fn warn(file: &Path, warnings: &[String]) {
    for w in warnings {
        if w.starts_with(|c: char| c.is_ascii_digit()) {
            eprintln!("swisspair: warning: {}:{w}", file.display());
        } else {
            eprintln!("swisspair: warning: {}: {w}", file.display());
        }
    }
}

/// Reads a tournament file: TRF, or a JSON document (detected from the content).
pub fn read_trf(path: &Path) -> Result<swisspair::trf::Trf, Failure> {
    let bytes = read(path)?;
    swisspair::json::read_trf(&bytes).map_err(|e| Failure::from_error(path, &e))
}

/// Reads a tournament and prints the warnings of reading it for `purpose`.
pub fn read_tournament(
    path: &Path,
    system: System,
    requested: Option<Edition>,
    purpose: Purpose,
    options: ReadOptions,
) -> Result<Tournament, Failure> {
    let trf = read_trf(path)?;
    let tournament = Tournament::from_trf_with(&trf, options).map_err(|e| {
        // What the reader noticed (e.g. the encoding) may explain the refusal.
        warn(path, &trf.warnings);
        Failure::from_error(path, &e)
    })?;
    warn(
        path,
        &swisspair::notices::warnings(&tournament, system, requested, purpose),
    );
    Ok(tournament)
}

/// The checklist file: the one named, or `base` with the extension `.list` (bbpPairings' default);
/// refused when it is the input file itself.
pub fn checklist_path(named: Option<&Path>, base: &Path, input: &Path) -> Result<PathBuf, Failure> {
    let path = named.map_or_else(|| base.with_extension("list"), Path::to_path_buf);
    if same_file(&path, input) {
        return Err(Failure::usage(format!(
            "-l {}: the checklist would overwrite the input file",
            path.display()
        )));
    }
    Ok(path)
}
