#!/usr/bin/env bash
# Builds the arbiter's page into web/dist: the page (index.html, style.css, app.js) and beside it the
# WebAssembly module with the explanations (crates/swisspair-wasm built with --features page).
# Serve web/dist with any static server, e.g. `python3 -m http.server -d web/dist`, and open
# http://localhost:8000. Needs what crates/swisspair-wasm/build.sh needs (the wasm32 target,
# wasm-bindgen-cli; binaryen's wasm-opt when installed).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dist="$here/dist"
rm -rf "$dist"
mkdir -p "$dist"
bash "$here/../crates/swisspair-wasm/build.sh" --features page --out-dir "$dist/pkg"
cp "$here/index.html" "$here/style.css" "$here/app.js" "$dist/"
cp "$here/../examples/club-16p-round5.trf" "$dist/example.trf"
total=$(find "$dist" -type f -printf '%s\n' | awk '{s += $1} END {print s}')
echo "web/dist: $total bytes (page and module)"
