#!/usr/bin/env bash
# Generates Dutch 2026 tournaments that stop on a round without a valid pairing and gives each partial
# file to the reference engine: bbpPairings 6.0.0 must read and re-check every round (-c, exit 0, no
# difference) and find no pairing for the next round (-p, exit 1).
#
#   scripts/check-partial.sh BBPPAIRINGS [FIRST_SEED] [LAST_SEED]     (default seeds 1-300)
#
# Uses target/release/swisspair and tests/data/generated-partial/config.txt.
set -uo pipefail
bbp=${1:?the bbpPairings 6.0.0 binary}
first=${2:-1}
last=${3:-300}
root=$(cd "$(dirname "$0")/.." && pwd)
engine=$root/target/release/swisspair
config=$root/tests/data/generated-partial/config.txt
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
stopped=0
bad=0
for seed in $(seq "$first" "$last"); do
  file=$dir/seed$seed.trf
  "$engine" --dutch --edition 2026 -g "$config" -o "$file" -s "$seed" 2>/dev/null
  [ $? -eq 1 ] || continue
  stopped=$((stopped + 1))
  checked=$("$bbp" --dutch "$file" -c 2>&1)
  status=$?
  extra=$(printf '%s\n' "$checked" | grep -v -E '^seed[0-9]+: Round #[0-9]+$' | grep -v '^$')
  if [ $status -ne 0 ] || [ -n "$extra" ]; then
    bad=$((bad + 1))
    echo "seed $seed: -c exit $status: $extra"
  fi
  "$bbp" --dutch "$file" -p "$dir/pairs" >/dev/null 2>&1
  status=$?
  if [ $status -ne 1 ]; then
    bad=$((bad + 1))
    echo "seed $seed: -p exit $status, expected 1 (no valid pairing)"
  fi
done
echo "$stopped partial files, $bad refused or paired otherwise by the reference engine"
[ $bad -eq 0 ]
