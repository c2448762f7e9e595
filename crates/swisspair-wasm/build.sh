#!/usr/bin/env bash
# Builds the ES module into pkg/: with wasm-pack when it is installed (`wasm-pack build --target web`),
# otherwise with what wasm-pack runs itself: cargo for wasm32-unknown-unknown, then wasm-bindgen
# (`cargo install wasm-bindgen-cli --version 0.2.130`, the version Cargo.toml pins).
# (Debian's binaryen 108 wasm-opt breaks wasm-bindgen's externref table, so it is not run.)
set -euo pipefail
cd "$(dirname "$0")"
if command -v wasm-pack >/dev/null 2>&1 && [ "${SWISSPAIR_NO_WASM_PACK:-}" = "" ]; then
  wasm-pack build --release --target web --no-typescript --no-pack
else
  target_dir="${CARGO_TARGET_DIR:-target}"
  cargo build --release --target wasm32-unknown-unknown
  wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
    --out-dir pkg "$target_dir/wasm32-unknown-unknown/release/swisspair_wasm.wasm"
fi
ls -l pkg/swisspair_wasm_bg.wasm
