//! What the command-line tests share: running the binary, a fresh folder, reading what it wrote.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The bundled example tournament.
pub const EXAMPLE: &str = include_str!("../../../../examples/club-16p-round5.trf");

/// A fresh temporary folder for test `name` of the suite `suite`.
pub fn workdir(suite: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("swisspair-{suite}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temporary folder");
    dir
}

/// Runs the binary with `args`.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_swisspair"))
        .args(args)
        .output()
        .expect("the binary runs")
}

pub fn path(p: &Path) -> &str {
    p.to_str().expect("utf-8 temp path")
}

pub fn code(out: &Output) -> i32 {
    out.status.code().unwrap_or(-1)
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub fn read(p: &Path) -> String {
    std::fs::read_to_string(p).expect("file written")
}
