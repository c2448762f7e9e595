#!/usr/bin/env bash
# Compares swisspair's Dutch pairings with a reference engine's, both ways, on tournaments neither has
# seen before:
#
#   1. the reference engine generates tournaments (random settings, its own seeds); every round of each is
#      replayed through swisspair with ../shared/tools/conformance;
#   2. swisspair generates tournaments; the reference engine's checker (-c) re-pairs every round of each.
#
#   scripts/compare-with-reference.sh [--edition 2017|2026] [--keep DIR] REFERENCE_BINARY [COUNT] [FIRST_SEED]
#
# REFERENCE_BINARY is a bbpPairings-compatible executable (built separately: nothing of it is part of this
# repository). COUNT tournaments each way (default 100), players 7-400 and 3-13 rounds.
#
# --edition 2017 (the default) compares with an engine for the 2017 rules (bbpPairings 5.0.1): swisspair
# pairs and generates under its default edition, exactly as before this option existed. --edition 2026
# compares with an engine for the rules in force since 1 February 2026 (bbpPairings 6.0.0): swisspair
# replays with --edition 2026 (the conformance tool's --extra='--edition 2026') and generates with
# --edition 2026, and the settings also draw pairing-allocated byes worth half a point or nothing.
# --keep DIR keeps the generated tournaments, their settings and every replayed round (inputs and
# outputs, in DIR/theirs/cases) in DIR instead of a temporary folder.
#
# swisspair is built with `cargo build --release` into $CARGO_TARGET_DIR (default target/).
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: $0 [--edition 2017|2026] [--keep DIR] REFERENCE_BINARY [COUNT] [FIRST_SEED]"
edition=2017
keep=
while [ $# -gt 0 ]; do
  case "$1" in
    --edition)
      edition=${2:?$usage}
      shift 2
      ;;
    --edition=*)
      edition=${1#--edition=}
      shift
      ;;
    --keep)
      keep=${2:?$usage}
      shift 2
      ;;
    --keep=*)
      keep=${1#--keep=}
      shift
      ;;
    -*)
      echo "$usage" >&2
      exit 2
      ;;
    *) break ;;
  esac
done
case "$edition" in
  2017 | 2026) ;;
  *)
    echo "--edition $edition: 2017 or 2026" >&2
    exit 2
    ;;
esac
ref=${1:?$usage}
count=${2:-100}
first=${3:-7001}
conformance=../shared/tools/conformance
cargo build --release --quiet
target=${CARGO_TARGET_DIR:-target}
case "$target" in
  /*) ;;
  *) target=$PWD/$target ;;
esac
bin=$target/release/swisspair
# The 2017 edition is swisspair's default: no flag, as before --edition existed.
edition_args=()
extra=()
if [ "$edition" = 2026 ]; then
  edition_args=(--edition 2026)
  extra=(--extra='--edition 2026')
fi
if [ -n "$keep" ]; then
  work=$keep
  mkdir -p "$work"
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work/theirs" "$work/ours"

python3 - "$work" "$count" "$first" "$edition" <<'PY'
import random, sys
work, count, first, edition = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
for side in ("theirs", "ours"):
    for seed in range(first, first + count):
        rng = random.Random(seed * 2 + (side == "ours"))
        players = rng.randint(7, 400)
        rounds = rng.randint(3, min(13, players - 1))
        lines = ["PlayersNumber=%d" % players, "RoundsNumber=%d" % rounds,
                 "DrawPercentage=%d" % rng.randint(0, 50),
                 "HighestRating=%d" % rng.randint(2000, 2800), "LowestRating=%d" % rng.randint(1000, 1999)]
        if rng.random() < 0.5:
            lines.append("ForfeitRate=%d" % rng.randint(8, 40))
        if rng.random() < 0.5:
            lines.append("HalfPointByeRate=%d" % rng.randint(10, 200))
        if rng.random() < 0.5:
            lines.append("RetiredRate=%d" % rng.randint(10, 300))
        if edition == "2026":
            # The 2026 edition takes the PAB's value from the point system: half a point and nothing too.
            if rng.random() < 0.4:
                lines += rng.choice([["PointsForWin=3", "PointsForDraw=1"], ["PointsForPAB=0.5"],
                                     ["PointsForPAB=0"], ["PointsForWin=3", "PointsForDraw=1", "PointsForPAB=1"],
                                     ["PointsForWin=2", "PointsForDraw=1", "PointsForPAB=1"]])
        elif rng.random() < 0.15:
            lines += rng.choice([["PointsForWin=3", "PointsForDraw=1"], ["PointsForPAB=0.5"]])
        open("%s/%s/%d.cfg" % (work, side, seed), "w").write("\n".join(lines) + "\n")
PY

echo "== 1. reference-generated tournaments, replayed through swisspair (edition $edition)"
for cfg in "$work"/theirs/*.cfg; do
  seed=$(basename "$cfg" .cfg)
  "$ref" --dutch -g "$cfg" -o "$work/theirs/$seed.trf" -s "$seed" >/dev/null 2>&1 || echo "reference could not generate seed $seed"
done
keep_cases=()
if [ -n "$keep" ]; then
  keep_cases=(--keep "$work/theirs/cases")
fi
"$conformance" --engine "$bin" --show 20 "${keep_cases[@]}" "${extra[@]}" "$work/theirs"

echo "== 2. swisspair-generated tournaments (edition $edition), checked by the reference engine"
failed=0
for cfg in "$work"/ours/*.cfg; do
  seed=$(basename "$cfg" .cfg)
  if ! "$bin" --dutch "${edition_args[@]}" -g "$cfg" -o "$work/ours/$seed.trf" -s "$seed" 2>/dev/null; then
    echo "swisspair could not generate seed $seed"
    continue
  fi
  # The reference checker exits 0 when it ran, whatever it found (as swisspair's -c does): a
  # disagreement is its table of pairs or a round it cannot pair, in its output.
  status=0
  out=$("$ref" --dutch "$work/ours/$seed.trf" -c 2>&1) || status=$?
  if [ "$status" -ne 0 ] || grep -q -e "Checker pairings" -e "No valid pairing" <<<"$out"; then
    failed=$((failed + 1))
    echo "reference checker disagrees on seed $seed (exit $status):"
    echo "$out" | grep -v "Round #" | head -20
  fi
done
echo "$count tournaments generated by swisspair, $failed with differences found by the reference checker"
