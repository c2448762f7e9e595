//! How a command fails: the message `main` prints after `swisspair: `, and the exit code.

use std::path::Path;
use swisspair::Error;

/// A failure of the command: the message to print and the exit code.
pub struct Failure {
    pub code: u8,
    pub message: String,
}

impl Failure {
    /// An invalid request (exit code 3).
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure {
            code: 3,
            message: message.into(),
        }
    }

    /// A library error about `file`, printed as `FILE:LINE: field: what is wrong`.
    pub fn from_error(file: &Path, e: &Error) -> Failure {
        Failure {
            code: u8::try_from(e.exit_code()).unwrap_or(2),
            message: match e.line() {
                Some(_) => format!("{}:{e}", file.display()),
                None => format!("{}: {e}", file.display()),
            },
        }
    }

    /// A library error not about one file, printed as `LABEL: what is wrong` (`generator: ...`).
    pub fn labelled(label: &str, e: &Error) -> Failure {
        Failure {
            code: u8::try_from(e.exit_code()).unwrap_or(2),
            message: format!("{label}: {e}"),
        }
    }
}
