//! The library's error type and the exit codes the command line maps it to.

use std::fmt;

/// Where in the input something is wrong: the line (1-based, when known), the field and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// The line, 1-based (`None` when the error is not about one line).
    pub line: Option<usize>,
    /// The field: a TRF record's name and columns, a JSON path, a configuration key.
    pub field: String,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{line}: {}", self.field),
            None => write!(f, "{}", self.field),
        }
    }
}

/// Everything that can go wrong in the library.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The input (a TRF file, a generator configuration, a request) is invalid. Exit code 3.
    #[error("{location}: {message}")]
    Invalid {
        /// Where.
        location: Location,
        /// What is wrong.
        message: String,
    },
    /// The input is valid but beyond what the engine handles. Exit code 4.
    #[error("{location}: size limit exceeded: {message}")]
    SizeLimit {
        /// Where.
        location: Location,
        /// Which limit.
        message: String,
    },
    /// No pairing satisfies the absolute criteria. Exit code 1.
    #[error("no valid pairing exists: {0}")]
    NoValidPairing(String),
    /// The request names something swisspair does not do (yet). Exit code 3.
    #[error("not implemented yet: {0}")]
    NotImplemented(String),
    /// A bug: an invariant of the engine did not hold. Exit code 2.
    #[error("internal error (please report): {0}")]
    Internal(String),
}

impl Error {
    /// An invalid-input error at `line` (1-based) in `field`.
    pub fn invalid(
        line: Option<usize>,
        field: impl Into<String>,
        message: impl Into<String>,
    ) -> Error {
        Error::Invalid {
            location: Location {
                line,
                field: field.into(),
            },
            message: message.into(),
        }
    }

    /// A size-limit error at `line` (1-based) in `field`.
    pub fn size_limit(
        line: Option<usize>,
        field: impl Into<String>,
        message: impl Into<String>,
    ) -> Error {
        Error::SizeLimit {
            location: Location {
                line,
                field: field.into(),
            },
            message: message.into(),
        }
    }

    /// The process exit code the command line uses for this error (the engines' convention).
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::NoValidPairing(_) => 1,
            Error::Internal(_) => 2,
            Error::Invalid { .. } | Error::NotImplemented(_) => 3,
            Error::SizeLimit { .. } => 4,
        }
    }

    /// The line the error is about, when it is about one.
    pub fn line(&self) -> Option<usize> {
        match self {
            Error::Invalid { location, .. } | Error::SizeLimit { location, .. } => location.line,
            _ => None,
        }
    }
}

/// The library's result type.
pub type Result<T> = std::result::Result<T, Error>;
