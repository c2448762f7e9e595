#!/usr/bin/env bash
# Builds the ES module into pkg/ (what `wasm-pack build --target web` makes, without the name section):
# cargo for wasm32-unknown-unknown, then wasm-bindgen --target web.
#   rustup target add wasm32-unknown-unknown
#   cargo install wasm-bindgen-cli --version 0.2.130   # the version Cargo.toml pins
# (wasm-pack works too: `wasm-pack build --target web`.) When binaryen's wasm-opt is installed
# (`apt-get install binaryen`), the module is optimised for size (-Os, 7% smaller) before wasm-bindgen
# reads it: run after wasm-bindgen, Debian's binaryen 108 breaks wasm-bindgen's externref table.
#
#   build.sh [--features page] [--out-dir DIR]
# --features page: also the page's functions (overview, explain, why, checklist, announce, addRound,
# fromList; web/build.sh builds it so); --out-dir: where the module goes (default pkg/).
set -euo pipefail
features=()
out_dir=pkg
while [ $# -gt 0 ]; do
  case "$1" in
  --features) features=(--features "$2"); shift 2 ;;
  --out-dir) out_dir="$2"; shift 2 ;;
  *) echo "build.sh: unknown argument $1" >&2; exit 3 ;;
  esac
done
cd "$(dirname "$0")"
target_dir="${CARGO_TARGET_DIR:-target}"
# Source paths (in panic locations) as `/swisspair/...` wherever the clone is: the same module, and the
# same size, on every machine.
export RUSTFLAGS="${RUSTFLAGS:-} --remap-path-prefix=$(cd ../.. && pwd)=/swisspair"
cargo build --release --quiet --target wasm32-unknown-unknown "${features[@]}"
module="$target_dir/wasm32-unknown-unknown/release/swisspair_wasm.wasm"
if command -v wasm-opt >/dev/null 2>&1; then
  # The features are read from the module's target_features section; the file keeps its name, which
  # wasm-bindgen gives the JS glue and the _bg.wasm file.
  optimised="$target_dir/wasm32-unknown-unknown/release/opt/swisspair_wasm.wasm"
  mkdir -p "$(dirname "$optimised")"
  wasm-opt -Os "$module" -o "$optimised"
  module="$optimised"
else
  echo "wasm-opt not found (apt-get install binaryen): the module is not optimised for size" >&2
fi
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
  --out-dir "$out_dir" "$module"
ls -l "$out_dir/swisspair_wasm_bg.wasm"
