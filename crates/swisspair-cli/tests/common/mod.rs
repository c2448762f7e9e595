//! What the command-line tests share: the one way to run the binary ([`run`], with [`code`],
//! [`stdout`], [`stderr`] and [`ok`] to read what it did), a scratch folder per test ([`Scratch`]),
//! the bundled example and the test data, and the one TRF builder of every test suite ([`cases::Trf`],
//! the library's `tests/common/cases.rs`). Every suite of `tests/` uses it (`mod common;`).
#![allow(dead_code)]

#[path = "../../../swisspair/tests/common/cases.rs"]
pub mod cases;

use std::ffi::OsStr;
use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The bundled example tournament (16 players before round 5).
pub const EXAMPLE: &str = include_str!("../../../../examples/club-16p-round5.trf");

/// The path of the bundled example, to give the binary the file itself.
pub const EXAMPLE_PATH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../examples/club-16p-round5.trf"
);

/// A file of the repository's `tests/data` (`"real-variants/latin1-names.trf"`).
pub fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(name)
}

/// Runs the binary with `args` (text or paths) and waits for it.
pub fn run<A: AsRef<OsStr>>(args: &[A]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_swisspair"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// `-p PAIRS -l LIST`: pairs `input` with `flags` (`--dutch`, `--edition 2026` ...), the pairs to
/// `pairs` and the checklist to `list`.
pub fn pair_with_checklist(flags: &[&str], input: &Path, pairs: &Path, list: &Path) -> Output {
    let mut args = flags.to_vec();
    args.extend([path(input), "-p", path(pairs), "-l", path(list)]);
    run(&args)
}

/// `-g CONFIG -o OUT -s SEED` with `flags` (`--dutch`, `--edition 2026`, `--team` ...) and `extra`
/// arguments after them (`-l`).
pub fn generate(flags: &[&str], config: &Path, out: &Path, seed: &str, extra: &[&str]) -> Output {
    let mut args = flags.to_vec();
    args.extend(["-g", path(config), "-o", path(out), "-s", seed]);
    args.extend(extra);
    run(&args)
}

/// The exit code (-1 when killed by a signal).
pub fn code(out: &Output) -> i32 {
    out.status.code().unwrap_or(-1)
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Standard error without the warnings (`swisspair: warning: ...` lines): what a command answers there
/// (`--why`).
pub fn stderr_answer(out: &Output) -> String {
    stderr(out)
        .lines()
        .filter(|l| !l.starts_with("swisspair: warning: "))
        .map(|l| format!("{l}\n"))
        .collect()
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Asserts that the run exited with 0, showing its standard error otherwise.
pub fn ok(out: &Output) {
    assert_eq!(code(out), 0, "{}", stderr(out));
}

/// A path as the `&str` argument the binary is given.
pub fn path(p: &Path) -> &str {
    p.to_str().expect("utf-8 temp path")
}

/// A file's text.
pub fn read(p: &Path) -> String {
    std::fs::read_to_string(p).expect("file written")
}

/// A fresh temporary folder for one test, removed when the test ends. It dereferences to its path
/// (`dir.join("out.txt")`).
pub struct Scratch(PathBuf);

impl Scratch {
    /// The folder of test `name` of the suite `suite` (one per process, emptied first).
    pub fn new(suite: &str, name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("swisspair-{suite}-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temporary folder");
        Scratch(dir)
    }

    /// Writes the file `name` in the folder; its path.
    pub fn file(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let file = self.0.join(name);
        std::fs::write(&file, contents).expect("file written");
        file
    }
}

impl Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
