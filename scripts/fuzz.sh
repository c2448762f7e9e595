#!/usr/bin/env bash
# Runs every fuzz target for MINUTES minutes each (default 1), one after the other, with the test data
# as the starting corpus; prints each target's executions and whether it found a crash.
#
#   scripts/fuzz.sh [MINUTES] [TARGET...]      targets: trf_reader json_reader pair_all team_reader
#                                              (default: all)
#
# Needs the nightly toolchain and cargo-fuzz:
#   rustup toolchain install nightly --profile minimal && cargo install cargo-fuzz
# A crash leaves its input in fuzz/artifacts/TARGET/; the corpus grows in fuzz/corpus/TARGET/ (both
# ignored by git). Exit code 1 when any target crashed. TIMEOUT (seconds, default 10) is how long one input
# may run before libFuzzer calls it a hang: raise it on a loaded machine, where a 0.5 s input can take 14 s.
set -uo pipefail
cd "$(dirname "$0")/../fuzz"
minutes=${1:-1}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(trf_reader json_reader pair_all team_reader)
seconds=$((minutes * 60))
failed=0
for target in "${targets[@]}"; do
  corpus=corpus/$target
  mkdir -p "$corpus" "artifacts/$target"
  # Seed the corpus with the test data: TRF files for every target, JSON documents too; the team
  # reader's with the team tournaments of tests/data/team.
  if [ "$target" = team_reader ] && [ -z "$(ls -A "$corpus")" ]; then
    find ../tests/data/team -name '*.trf' -size -40k | while read -r f; do
      cp "$f" "$corpus/$(basename "$(dirname "$f")")-$(basename "$f")"
    done
  elif [ -z "$(ls -A "$corpus")" ]; then
    cp seeds/* "$corpus"/ 2>/dev/null || true
    find ../tests/data -name '*.trf' -size -40k | head -300 | while read -r f; do
      cp "$f" "$corpus/$(basename "$(dirname "$f")")-$(basename "$f")"
    done
    find ../crates -path '*/tests/*' -name '*.json' -size -40k | while read -r f; do
      cp "$f" "$corpus/json-$(basename "$f")"
    done
  fi
  log=$(mktemp)
  cargo +nightly fuzz run "$target" "$corpus" -- -max_total_time="$seconds" -max_len=65536 \
    -timeout="${TIMEOUT:-10}" -rss_limit_mb=2048 -print_final_stats=1 >"$log" 2>&1
  status=$?
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  if [ "$status" -eq 0 ]; then
    echo "$target: ${runs:-?} inputs in $minutes min, no crash"
  else
    failed=1
    echo "$target: CRASH or error after ${runs:-?} inputs (exit $status); see $log and fuzz/artifacts/$target/"
    grep -E 'panicked|ERROR|SUMMARY|Test unit written' "$log" | head -5
  fi
done
exit $failed
