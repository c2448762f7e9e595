#!/usr/bin/env bash
# Builds the ES module into pkg/ (what `wasm-pack build --target web` makes, without the name section):
# cargo for wasm32-unknown-unknown, then wasm-bindgen --target web.
#   rustup target add wasm32-unknown-unknown
#   cargo install wasm-bindgen-cli --version 0.2.130   # the version Cargo.toml pins
# (wasm-pack works too: `wasm-pack build --target web`. Debian's binaryen 108 wasm-opt breaks
# wasm-bindgen's externref table, so no wasm-opt is run.)
set -euo pipefail
cd "$(dirname "$0")"
target_dir="${CARGO_TARGET_DIR:-target}"
# Source paths (in panic locations) as `/swisspair/...` wherever the clone is: the same module, and the
# same size, on every machine.
export RUSTFLAGS="${RUSTFLAGS:-} --remap-path-prefix=$(cd ../.. && pwd)=/swisspair"
cargo build --release --quiet --target wasm32-unknown-unknown
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
  --out-dir pkg "$target_dir/wasm32-unknown-unknown/release/swisspair_wasm.wasm"
ls -l pkg/swisspair_wasm_bg.wasm
