#!/usr/bin/env bash
# Runs swisspair as a caller written for bbpPairings runs it, beside the reference engine, on every file
# of a folder of finished tournaments, and compares what the caller sees: exit codes, output files and
# their shape.
#
#   scripts/dropin-check.sh REFERENCE_BINARY [FOLDER] [SWISSPAIR_BINARY]
#
# REFERENCE_BINARY is bbpPairings 5 (built separately: nothing of it is part of this repository); FOLDER
# defaults to ../shared/fixtures/dutch; SWISSPAIR_BINARY to $CARGO_TARGET_DIR/release/swisspair (built
# with `cargo build --release` when missing). Per file, for both engines, in a folder of their own:
#
#   -c -l            exit code; the checklist under its default name (FILE.list) with one section per
#                    round; whether a difference was found (the reference's table, swisspair's count)
#   -p OUT -l        on the file with `XXR rounds+1` and `XXC white1` added, OUT holding a stale pairing
#                    first: exit code, OUT byte for byte, the checklist's default name
#   MODEL -g -o G -s 7 -l
#                    exit code, G and G.list written; each engine's G re-checked by the other's -c
#
# Prints one line per disagreement and a summary; exit code 1 when anything disagreed.
set -uo pipefail
cd "$(dirname "$0")/.."
ref=${1:?usage: $0 REFERENCE_BINARY [FOLDER] [SWISSPAIR_BINARY]}
folder=${2:-../shared/fixtures/dutch}
sp=${3:-${CARGO_TARGET_DIR:-target}/release/swisspair}
ref=$(realpath "$ref")
if [ ! -x "$sp" ]; then
  cargo build --release --quiet || exit 2
fi
sp=$(realpath "$sp")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

problems=0
files=0
differences_found=0
no_pairing=0
say() {
  problems=$((problems + 1))
  echo "$1"
}

# -r: one version line, exit 0.
for engine in "$ref" "$sp"; do
  out=$("$engine" -r) || say "-r: $(basename "$engine") exit $?"
  [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || say "-r: $(basename "$engine") printed: $out"
done

for file in "$folder"/*.trf; do
  files=$((files + 1))
  name=$(basename "$file" .trf)
  for side in ref sp; do
    mkdir -p "$work/$side"
    # The reference writes CR line endings; compare texts with LF.
    tr -d '\r' <"$file" >"$work/$side/$name.trf"
  done
  run() { # side, args... (in the side's folder); sets rc and out
    local side=$1
    shift
    local bin=$ref
    [ "$side" = sp ] && bin=$sp
    rc=0
    out=$(cd "$work/$side" && "$bin" "$@" 2>"$work/$side/stderr") || rc=$?
  }

  # -c -l
  run ref --dutch "$name.trf" -c -l
  ref_rc=$rc ref_out=$out
  run sp --dutch "$name.trf" -c -l
  sp_rc=$rc sp_out=$out
  [ "$ref_rc" = "$sp_rc" ] || say "$name -c: exit $ref_rc (reference) vs $sp_rc"
  ref_differs=no sp_differs=no
  grep -q -e "Checker pairings" -e "No valid pairing" <<<"$ref_out" && ref_differs=yes
  grep -q " 0 differ$" <<<"$sp_out" || sp_differs=yes
  [ "$ref_differs" = "$sp_differs" ] || say "$name -c: reference finds differences: $ref_differs, swisspair: $sp_differs"
  [ "$sp_differs" = yes ] && differences_found=$((differences_found + 1))
  ref_rounds=$(grep -c "^Round #" "$work/ref/$name.list" 2>/dev/null)
  sp_rounds=$(grep -c "^# round " "$work/sp/$name.list" 2>/dev/null)
  [ -n "$ref_rounds" ] && [ "$ref_rounds" = "$sp_rounds" ] ||
    say "$name -c -l: checklist rounds ${ref_rounds:-none} (reference) vs ${sp_rounds:-none}"
  rm -f "$work"/ref/"$name".list "$work"/sp/"$name".list

  # -p OUT -l on the file with the next round as the last
  rounds=$(awk '/^001/ { n = int((length($0) - 89) / 10); if (n > m) m = n } END { print m + 0 }' "$work/sp/$name.trf")
  for side in ref sp; do
    printf 'XXR %d\nXXC white1\n' $((rounds + 1)) >>"$work/$side/$name.trf"
    printf '1\n1 2\n' >"$work/$side/out.txt"
  done
  run ref --dutch "$name.trf" -p out.txt -l
  ref_rc=$rc
  run sp --dutch "$name.trf" -p out.txt -l
  sp_rc=$rc
  [ "$ref_rc" = "$sp_rc" ] || say "$name -p: exit $ref_rc (reference) vs $sp_rc: $(cat "$work/sp/stderr")"
  [ "$sp_rc" = 1 ] && no_pairing=$((no_pairing + 1))
  cmp -s <(tr -d '\r' <"$work/ref/out.txt") "$work/sp/out.txt" ||
    say "$name -p: output differs (exit $ref_rc/$sp_rc): $(head -c 80 "$work/sp/out.txt" | tr '\n' ' ')"
  for side in ref sp; do
    [ -s "$work/$side/$name.list" ] || say "$name -p -l: no checklist $name.list ($side)"
    rm -f "$work/$side/$name.list" "$work/$side/out.txt"
    tr -d '\r' <"$file" >"$work/$side/$name.trf"
  done

  # MODEL -g -o G -s 7 -l, each G re-checked by the other engine
  run ref --dutch "$name.trf" -g -o g.trf -s 7 -l
  ref_rc=$rc
  run sp --dutch "$name.trf" -g -o g.trf -s 7 -l
  sp_rc=$rc
  [ "$ref_rc" = "$sp_rc" ] || say "$name -g: exit $ref_rc (reference) vs $sp_rc: $(cat "$work/sp/stderr")"
  for side in ref sp; do
    [ -s "$work/$side/g.trf" ] || say "$name -g: no g.trf ($side)"
    [ -s "$work/$side/g.list" ] || say "$name -g -l: no g.list ($side)"
  done
  if [ "$ref_rc" = 0 ] && [ "$sp_rc" = 0 ]; then
    out=$("$sp" --dutch "$work/ref/g.trf" -c 2>/dev/null)
    grep -q " 0 differ$" <<<"$out" || say "$name -g: swisspair's checker disagrees with the reference's tournament"
    out=$("$ref" --dutch "$work/sp/g.trf" -c 2>&1)
    if grep -q -e "Checker pairings" -e "No valid pairing" <<<"$out"; then
      say "$name -g: the reference checker disagrees with swisspair's tournament"
    fi
  fi
  rm -rf "$work/ref" "$work/sp"
done
echo "$files files: $problems disagreements between the engines as a caller sees them" \
  "($differences_found files where both checkers found differences, $no_pairing where both found no valid pairing for the added round)"
[ "$problems" -eq 0 ]
