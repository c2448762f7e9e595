#!/usr/bin/env bash
# Benchmark of the embeddings (issue 13): the last round of the 1,000-player perf tournament paired
# through the Rust library, the Python package and the WebAssembly module, each call reading the
# tournament (a JSON document) and pairing it. Prints the medians and the ratios to Rust.
#
# Needs: the Python package installed (crates/swisspair-py: maturin build, pip install the wheel) and the
# WebAssembly module built (crates/swisspair-wasm/build.sh). RUNS (default 15) calls each.
#   scripts/bench-embed.sh [TRF] [ROUND]
set -euo pipefail
cd "$(dirname "$0")/.."
file="${1:-tests/data/perf/dutch-perf-1000p-9r-s1000.trf}"
round="${2:-9}"
runs="${RUNS:-15}"
cut="$(mktemp --suffix=.json)"
trap 'rm -f "$cut"' EXIT
rust=$(cargo run --release --quiet -p swisspair --example embed_bench -- "$file" "$round" "$runs" "$cut")
python=$(python3 - "$cut" "$runs" <<'PY'
import sys, time, swisspair
text = open(sys.argv[1]).read()
times = []
for _ in range(max(1, int(sys.argv[2]))):
    started = time.perf_counter()
    boards = len(swisspair.pair(text)["boards"])
    times.append((time.perf_counter() - started) * 1000)
times.sort()
print(f"python {times[len(times) // 2]:.1f} {times[0]:.1f} {boards}")
PY
)
wasm=$(node --input-type=module - "$cut" "$runs" <<'JS'
import { readFileSync } from "node:fs";
import init, { pair } from "./crates/swisspair-wasm/pkg/swisspair_wasm.js";
const [cut, runs] = process.argv.slice(2);
await init({ module_or_path: readFileSync("crates/swisspair-wasm/pkg/swisspair_wasm_bg.wasm") });
const text = readFileSync(cut, "utf8");
const times = [];
let boards = 0;
for (let i = 0; i < Math.max(1, Number(runs)); i++) {
  const started = performance.now();
  boards = pair(text, { system: "dutch" }).boards.length;
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
console.log(`wasm ${times[Math.floor(times.length / 2)].toFixed(1)} ${times[0].toFixed(1)} ${boards}`);
JS
)
size=$(stat -c %s crates/swisspair-wasm/pkg/swisspair_wasm_bg.wasm)
echo "$file, round $round, $runs calls each (median and fastest, ms; boards)"
echo "$rust"
echo "$python"
echo "$wasm"
awk -v r="$rust" -v p="$python" -v w="$wasm" -v s="$size" 'BEGIN {
  split(r, a, " "); split(p, b, " "); split(w, c, " ");
  printf "python/rust %.2f (median), wasm/rust %.2f (median); wasm file %d bytes\n", b[2] / a[2], c[2] / a[2], s;
  if (a[4] != b[4] || a[4] != c[4]) { print "the boards differ"; exit 1 }
}'
