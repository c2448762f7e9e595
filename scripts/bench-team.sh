#!/usr/bin/env bash
# Times whole team pairings (C.04.6, `--team`): every round of team tournaments made by the team generator
# (`--team -g`, each round paired by swisspair), each round cut from the finished file and paired again,
# as tournament software runs it: wall time and peak memory per round. With SHARLY=PATH (the Sharly
# fork of bbpPairings, built from source), the fork pairs the same files beside it (its time, or what it
# said when it failed). Called by `scripts/bench-pairings.sh team`.
#
#   scripts/bench-team.sh [TEAMS...]      default: 100 998 (11 rounds, 4 boards, seed 1)
#
# Even numbers of teams and no byes or forfeits: the cut keeps the members' cells of the rounds before, and
# a PAB's 320 record (one column per round) is not cut.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(100 998)
cargo build --release --quiet -p swisspair-cli
bin=target/release/swisspair
data=target/bench-data/team
mkdir -p "$data"
for teams in "${sizes[@]}"; do
  file="$data/team-$teams-11.trf"
  if [ ! -s "$file" ]; then
    printf 'PlayersNumber=%s\nRoundsNumber=11\nTeamSize=4\nDrawPercentage=30\n' "$teams" >"$data/gen-$teams.cfg"
    "$bin" --team -g "$data/gen-$teams.cfg" -o "$file" -s 1 >/dev/null
  fi
  echo "== $teams teams x 11 rounds ($file)"
  for round in $(seq 1 11); do
    cut="$data/team-$teams-r$round.trf"
    # The tournament before ROUND: the members' cells of later rounds removed (the points column is
    # informative in team files), the 142/310 records kept.
    python3 - "$file" "$round" "$cut" <<'PY'
import sys
path, round_, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
lines = []
for line in open(path, encoding="utf-8").read().split("\n"):
    if line.startswith("001 ") and len(line) > 91:
        line = line[: 91 + 10 * (round_ - 1)].rstrip()
    lines.append(line)
open(out, "w", encoding="utf-8").write("\n".join(lines))
PY
    /usr/bin/time -o "$data/time.txt" -f "%e s %M KB" "$bin" --team "$cut" -p "$data/out-ours.txt" 2>/dev/null
    ours=$(tail -1 "$data/time.txt")
    fork=""
    if [ -n "${SHARLY:-}" ]; then
      /usr/bin/time -o "$data/time.txt" -f "%e s" timeout 300 "$SHARLY" --team "$cut" -p "$data/out-fork.txt" \
        >"$data/fork.err" 2>&1 || true
      fork=$(tail -1 "$data/time.txt")
      grep -q . "$data/fork.err" && fork="$fork ($(head -c 60 "$data/fork.err" | tr '\n' ' '))"
      fork=" | fork: $fork"
    fi
    echo "round $round: $ours$fork"
  done
done
