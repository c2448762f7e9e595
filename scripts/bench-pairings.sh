#!/usr/bin/env bash
# Times whole pairings (the whole process, as tournament software runs it) of large tournaments, and
# reports the wall time and the peak memory of each.
#
#   scripts/bench-pairings.sh [--quick | --scale [--record]] [--edition YEAR] [SYSTEM]
#                                     SYSTEM: dutch (default), dubov, lim, rating1992; YEAR: 2017, 2026
#   scripts/bench-pairings.sh team [TEAMS...]   the team system: scripts/bench-team.sh
#
# Cases: the reference tournaments of tests/data/perf (1,000 players x 9 rounds, 1,500 x 11): their
# first and last rounds; and tournaments made with the generator (2,000 players x 9 rounds; 9,999
# players, the most TRF16 can number, x 3 rounds, as generating more takes long) — round 1, round 2 and
# the last round. Generated files are cached in target/bench-data. --quick skips the 9,999-player cases.
# --edition pairs (and generates) under that edition of the system's rules; without it, both editions of
# the Dutch system are timed in turn.
#
# --scale times what matters at full scale instead, each case against its target: every round of
# 9,999-player tournaments (7 rounds, seeds 1 and 2; 11 rounds with forfeits and half-point byes, seed
# 3; target 10 s and 1 GB), the last round of 2,000-player tournaments of 11 rounds (seeds 1-3, 0.5 s)
# and of tests/data/perf's 1,000 players (0.1 s), and the growth with the number of players (250 ...
# 9,999, 11 rounds: rounds 2, 6 and 11). Generating the tournaments takes long the first time (each
# round is paired). The outputs are fixed by the seeds: each is compared with its checksum in
# scripts/bench-pairings.expected (--record writes them), so a faster engine shows it pairs the same.
# --scale dubov (or another system) times that system on the same cases: the tournaments are still
# generated, and their earlier rounds paired, by the Dutch system (2017), so that the inputs do not change
# when the timed system's pairings do; only the round timed is paired by the system. Its checksums are
# recorded under the system's name instead of the edition.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = team ]; then
  shift
  exec bash scripts/bench-team.sh "$@"
fi
quick=0
scale=0
record=0
system=dutch
editions=""
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --scale) scale=1 ;;
    --record) record=1 ;;
    --edition) shift; editions=${1:?--edition needs a year} ;;
    dutch|dubov|lim|rating1992) system=$1 ;;
    *) echo "usage: $0 [--quick | --scale [--record]] [--edition YEAR] [dutch|dubov|lim|rating1992]" >&2; exit 2 ;;
  esac
  shift
done
if [ -z "$editions" ]; then
  if [ "$system" = dutch ]; then editions="2017 2026"; else editions=default; fi
fi
cargo build --release --quiet
bin=target/release/swisspair
data=target/bench-data
mkdir -p "$data"

# cut FILE ROUND OUT: the tournament as it stood before ROUND (later rounds removed, points recomputed).
cut_before() {
  local file=$1 round=$2 out=$3
  python3 - "$file" "$round" "$out" <<'PY'
import re, sys
path, round_, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
text = open(path, "rb").read().decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
lines = text.split("\n")
pts = {"W": 1.0, "D": 0.5, "L": 0.0, "Z": 0.0, "F": 0.0, "U": None}
for l in lines:
    if l[:3] in ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"):
        pts[l[2]] = float(l[3:].strip())
if pts["U"] is None:
    pts["U"] = pts["W"]
def value(r):
    if r == "U": return pts["U"]
    if r in "1+WF": return pts["W"]
    if r in "=DH": return pts["D"]
    if r in "0L": return pts["L"]
    if r == "-": return pts["F"]
    return pts["Z"]
keep = round_ - 1
rounds_total = 0
res = []
for l in lines:
    if l.startswith("001"):
        cells = [l[91 + 10 * i: 99 + 10 * i] for i in range((len(l) - 91 + 2) // 10)]
        rounds_total = max(rounds_total, len(cells))
        kept = cells[:keep]
        score = sum(value(c[7]) for c in kept if len(c) >= 8)
        if len(cells) > keep and cells[keep].startswith("0000") and cells[keep][7:8] in ("H", "Z", "F"):
            kept.append(cells[keep])
        l = (l[:80].ljust(80) + ("%4.1f" % score) + l[84:91].ljust(7) + "  ".join(kept)).rstrip()
    elif l.startswith("XXR"):
        continue
    res.append(l)
while res and res[-1] == "":
    res.pop()
res.append("XXR %d" % rounds_total)
open(out, "w").write("\n".join(res) + "\n")
PY
}

# run LABEL FILE: pair FILE under $edition, print wall seconds and peak memory.
run() {
  local label=$1 file=$2
  local out
  out=$( { /usr/bin/time -f "%e %M" "$bin" --"$system" $edition_flag "$file" -p "$data/out.txt" 2>&1 >/dev/null; } | tail -n 1)
  local secs=${out% *} kb=${out#* }
  printf "%-60s %8.3f s %8.1f MB\n" "$label" "$secs" "$(echo "$kb / 1024" | bc -l)"
}

# generated PLAYERS ROUNDS SEED [EXTRA]: a tournament made (and paired) by the Dutch system under
# $gen_edition (cached).
generated() {
  local players=$1 rounds=$2 seed=$3 extra=${4:-}
  local file="$data/gen-${players}p-${rounds}r-s${seed}${extra:+-fb}-$gen_edition.trf"
  local gen_flag=""
  [ "$gen_edition" != default ] && gen_flag="--edition $gen_edition"
  if [ ! -f "$file" ]; then
    printf "PlayersNumber=%s\nRoundsNumber=%s\nDrawPercentage=30\n%s" "$players" "$rounds" "$extra" > "$data/gen.cfg"
    echo "generating $players players x $rounds rounds (cached in $file) ..." >&2
    "$bin" --dutch $gen_flag -g "$data/gen.cfg" -o "$file" -s "$seed"
  fi
  echo "$file"
}

# scaled LABEL FILE ROUND TARGET: pair round ROUND of FILE; report time, memory, the target (seconds)
# met or missed, and the output against its recorded checksum.
expected=scripts/bench-pairings.expected
missed=0
changed=0
scaled() {
  local label=$1 file=$2 round=$3 target=$4
  cut_before "$file" "$round" "$data/scaled.trf"
  local out
  out=$( { /usr/bin/time -f "%e %M" "$bin" --"$system" $edition_flag "$data/scaled.trf" -p "$data/out.txt" 2>&1 >/dev/null; } | tail -n 1)
  local secs=${out% *} kb=${out#* }
  local sum verdict check
  sum=$(md5sum < "$data/out.txt" | cut -c1-16)
  verdict=met
  if [ "$(echo "$secs >= $target || $kb >= 1048576" | bc)" = 1 ]; then verdict=MISSED; missed=$((missed + 1)); fi
  local key="$key_prefix $label"
  if [ "$record" = 1 ]; then
    grep -vF "$key " "$expected" > "$expected.new" 2>/dev/null || true
    echo "$key $sum" >> "$expected.new"
    sort "$expected.new" > "$expected"
    rm -f "$expected.new"
    check=recorded
  elif grep -qxF "$key $sum" "$expected" 2>/dev/null; then
    check=same
  elif grep -qF "$key " "$expected" 2>/dev/null; then
    check=CHANGED
    changed=$((changed + 1))
  else
    check="not recorded"
  fi
  printf "%-52s %8.3f s %8.1f MB  target %5s s: %-6s output: %s\n" "$label" "$secs" \
    "$(echo "$kb / 1024" | bc -l)" "$target" "$verdict" "$check"
}

if [ "$scale" = 1 ]; then
  [ "$system" = dutch ] || editions=default
  for edition in $editions; do
    if [ "$system" = dutch ]; then
      edition_flag="--edition $edition"
      gen_edition=$edition
      key_prefix=$edition
    else
      edition_flag=""
      gen_edition=2017
      key_prefix=$system
    fi
    echo "system: $system, edition: $edition"
    perf=tests/data/perf/dutch-perf-1000p-9r-s1000.trf
    scaled "1,000 players: last round (9)" "$perf" 9 0.1
    for seed in 1 2 3; do
      f=$(generated 2000 11 "$seed")
      scaled "2,000 players, seed $seed: last round (11)" "$f" 11 0.5
    done
    for spec in "7 1" "7 2" "11 3 fb"; do
      set -- $spec
      extra=""
      [ "${3:-}" = fb ] && extra=$'ForfeitRate=60\nHalfPointByeRate=80\n'
      f=$(generated 9999 "$1" "$2" "$extra")
      for r in $(seq 1 "$1"); do
        scaled "9,999 x $1${3:+ with forfeits, byes}, seed $2: round $r" "$f" "$r" 10
      done
    done
    echo "growth (11 rounds, seed 1; round 2, round 6, round 11):"
    for players in 250 500 1000 2000 4000; do
      f=$(generated "$players" 11 1)
      for r in 2 6 11; do
        scaled "$players players: round $r" "$f" "$r" 10
      done
    done
  done
  echo "$missed cases missed their targets; $changed outputs differ from their recorded checksums"
  [ "$missed" = 0 ] && [ "$changed" = 0 ]
  exit
fi

for edition in $editions; do
  edition_flag=""
  [ "$edition" != default ] && edition_flag="--edition $edition"
  gen_edition=$edition
  echo "system: $system, edition: $edition"
  for spec in "tests/data/perf/dutch-perf-1000p-9r-s1000.trf 9" "tests/data/perf/dutch-perf-1500p-11r-s1500.trf 11"; do
    set -- $spec
    name=$(basename "$1" .trf)
    cut_before "$1" 1 "$data/$name-r1.trf"
    cut_before "$1" "$2" "$data/$name-last.trf"
    run "$name: round 1" "$data/$name-r1.trf"
    run "$name: last round ($2)" "$data/$name-last.trf"
  done
  f=$(generated 2000 9 1)
  cut_before "$f" 2 "$data/gen-2000-r2.trf"
  cut_before "$f" 9 "$data/gen-2000-last.trf"
  run "generated 2,000 players: round 2" "$data/gen-2000-r2.trf"
  run "generated 2,000 players: last round (9)" "$data/gen-2000-last.trf"
  if [ "$quick" = 0 ]; then
    f=$(generated 9999 3 1)
    for r in 1 2 3; do
      cut_before "$f" "$r" "$data/gen-9999-r$r.trf"
      run "generated 9,999 players: round $r" "$data/gen-9999-r$r.trf"
    done
  fi
done
