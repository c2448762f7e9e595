#!/usr/bin/env python3
"""Generates team tournaments with `swisspair --team -g` and confirms every round by the reference engines.

    scripts/team-crosscheck.py [--first 1] [--count 300] [--dir /tmp/team-crosscheck]
                               [--swisspair target/release/swisspair]
                               [--fork /work/ref/sharly/bbpPairings.exe]
                               [--gacrux /work/ref/gacrux-env/bin/python]
                               [--keep tests/data/team/generated --keep-every 10]

Each seed makes its own configuration (6-120 teams, 2-6 boards, the three colour modes in turn, match or
game points primary, PABs for odd numbers of teams, board and whole-match forfeits, absences, half-point
byes, late entries, withdrawals), generates the tournament with that seed, and checks it three times:
`swisspair --team FILE -c` (must find no difference: the file is its own pairing), the Sharly fork's
checker (`bbpPairings.exe --team FILE -c`) and Gacrux's (`python -m gacrux.pairingchecker -i FILE -c`).
A round the fork pairs otherwise is sorted by kind (see `classify`); the summary counts rounds, rounds
agreeing with each engine, and the fork's differences by kind. `--keep DIR` copies every N-th tournament
to DIR for the test suite. The summary is
also written as DIR/summary.json (the --dir directory).
"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys

MODES = ["a", "b", "none"]


def config_for(seed):
    """The generator's configuration for `seed`."""
    rng = random.Random(seed)
    size_class = rng.random()
    if size_class < 0.6:
        teams = rng.randint(6, 30)
    elif size_class < 0.9:
        teams = rng.randint(31, 70)
    else:
        teams = rng.randint(71, 120)
    rounds = min(teams - 1, rng.randint(4, 11))
    cfg = {
        "PlayersNumber": teams,
        "RoundsNumber": rounds,
        "TeamSize": rng.choice([2, 3, 4, 4, 4, 5, 6]),
        "TeamColours": MODES[seed % 3],
        "TeamScore": "mp" if (seed // 3) % 2 == 0 else "gp",
        "TeamSecondaryColours": rng.choice(["yes", "yes", "no"]),
        "DrawPercentage": rng.choice([20, 30, 50]),
        "ForfeitRate": rng.choice([0, 20, 60]),
        "MatchForfeitRate": rng.choice([0, 0, 25, 80]),
        "ZeroPointByeRate": rng.choice([0, 20, 50]),
        "HalfPointByeRate": rng.choice([0, 0, 40]),
        "LateEntryRate": rng.choice([0, 0, 15]),
        "RetiredRate": rng.choice([0, 0, 120]),
    }
    return cfg


def cut(path, k):
    """The file as it stood before round k + 1: later rounds removed (cells, 320 entries, 330 records),
    the members' points recomputed, and the teams not paired in round k + 1 announced in 240 records."""
    lines = open(path, encoding="utf-8").read().splitlines()
    teams, cells = {}, {}
    for l in lines:
        if l.startswith("310"):
            teams[int(l[4:7])] = [int(l[i:i + 4]) for i in range(73, len(l), 5) if l[i:i + 4].strip()]
        if l.startswith("001"):
            cs, r = [], 1
            while 92 + 10 * (r - 1) <= len(l):
                a = 92 + 10 * (r - 1)
                cs.append(l[a - 1:a + 7])
                r += 1
            cells[int(l[4:8])] = cs
    cell = lambda sn, r: cells[sn][r - 1] if r - 1 < len(cells.get(sn, [])) else ""
    paired = set()
    for l in lines:
        if l.startswith("320"):
            a = 15 + 4 * k
            if l[a - 1:a + 2].strip():
                paired.add(int(l[a - 1:a + 2]))
        if l.startswith("330") and int(l[7:10]) == k + 1:
            paired.update([int(l[11:14]), int(l[15:18])])
    absent = {"H": [], "Z": []}
    for tpn, ms in teams.items():
        cs = [cell(m, k + 1).strip() for m in ms]
        if any(c and not c.startswith("0000") for c in cs) or tpn in paired:
            continue
        absent["H" if any(c.endswith("H") for c in cs) else "Z"].append(tpn)
    value = lambda c: 1.0 if c[-1:] in ("1", "+", "W", "F") else 0.5 if c[-1:] in ("=", "D", "H", "U") else 0.0
    out = []
    for l in lines:
        if l.startswith("001"):
            cs = cells[int(l[4:8])][:k]
            pts = sum(value(c.strip()) for c in cs if c.strip())
            base = l[:80] + f"{pts:>4.1f}" + l[84:89]
            l = (base + "".join("  " + c.ljust(8) for c in cs)).rstrip()
        elif l.startswith("320"):
            l = l[:14 + 4 * k].rstrip()
            if len(l) <= 13:
                continue
        elif l.startswith("330") and int(l[7:10]) > k:
            continue
        out.append(l)
    for kind, ts in absent.items():
        if ts:
            out.append(f"240 {kind} {k + 1:03}" + "".join(f" {t:>4}" for t in sorted(ts)))
    return "\n".join(out) + "\n"


def fork_pairs_p(fork, path, r, work):
    """The fork's -p pairing of round r from the file cut before it, as a set of (white, black)."""
    cut_path = os.path.join(work, "cut.trf")
    with open(cut_path, "w", encoding="utf-8") as f:
        f.write(cut(path, r - 1))
    out = subprocess.run([fork, "--team", cut_path, "-p"], capture_output=True, text=True)
    if out.returncode != 0:
        return None
    lines = out.stdout.split("\n")[1:]
    return {tuple(int(x) for x in l.split()) for l in lines if l.strip()}


def parse_fork(text):
    """The fork's checker output: {round: [(checker pair), ...], ...} for the rounds it pairs
    otherwise, with the file's pairs it replaces; 'No valid pairing' rounds as None."""
    rounds = {}
    current = None
    for line in text.splitlines():
        m = re.search(r": Round #(\d+)$", line)
        if m:
            current = int(m.group(1))
            continue
        if current is None:
            continue
        if line.startswith("No valid pairing"):
            rounds[current] = None
            continue
        m = re.match(r"^\s+(?:(\d+) -\s+(\d+))?\s+(\d+) -\s+(\d+)\s*$", line)
        if m and "Checker" not in line:
            entry = rounds.setdefault(current, {"checker": [], "file": []})
            if entry is None:
                continue
            if m.group(1):
                entry["checker"].append((int(m.group(1)), int(m.group(2))))
            entry["file"].append((int(m.group(3)), int(m.group(4))))
    return rounds


def teams_and_rounds(path):
    """Per round, the file's pairs (white, black) and the PAB as (t, 0); and per team, its primary
    and secondary points before each round and whether it had played a match: read from the members'
    cells as the generator writes them (alternating board colours, no 352)."""
    lines = open(path, encoding="utf-8").read().splitlines()
    teams, team_of = {}, {}
    code = ""
    pabs = {}
    forfeits = {}
    for l in lines:
        if l.startswith("192"):
            code = l[4:].strip()
        if l.startswith("310"):
            tpn = int(l[4:7])
            members = [int(l[i:i + 4]) for i in range(73, len(l), 5) if l[i:i + 4].strip()]
            teams[tpn] = members
            for m in members:
                team_of[m] = tpn
        if l.startswith("320"):
            for r, i in enumerate(range(14, len(l), 4)):
                if l[i:i + 3].strip():
                    pabs[(int(l[i:i + 3]), r + 1)] = True
        if l.startswith("330"):
            kind, rnd, w, b = l[4:6], int(l[7:10]), int(l[11:14]), int(l[15:18])
            forfeits[(w, rnd)] = (b, "W", 2 if kind == "+-" else 0)
            forfeits[(b, rnd)] = (w, "B", 2 if kind == "-+" else 0)
    cells = {}
    for l in lines:
        if l.startswith("001"):
            sn = int(l[4:8])
            cs, r = [], 1
            while 92 + 10 * (r - 1) <= len(l):
                a = 92 + 10 * (r - 1)
                cs.append(l[a - 1:a + 7])
                r += 1
            cells[sn] = cs
    total = max([len(c) for c in cells.values()] + [0])
    val = lambda c: 1.0 if c[-1:] in ("1", "+", "W", "F") else 0.5 if c[-1:] in ("=", "D", "H", "U") else 0.0
    per = {}
    for r in range(1, total + 1):
        for t, ms in teams.items():
            opp, col, gp, played, b = None, None, 0.0, False, 0
            for m in ms:
                c = cells[m][r - 1] if r - 1 < len(cells[m]) else ""
                if not c.strip():
                    continue
                o = c[:4].strip()
                if o and o != "0000":
                    opp = team_of[int(o)]
                    if col is None:
                        col = c[5].upper() if b % 2 == 0 else {"w": "B", "b": "W"}[c[5]]
                    if c[-1] in "10=":
                        played = True
                    b += 1
                gp += val(c)
            per[(t, r)] = [opp, col, gp, played]
    for (t, r), (o, col, mp) in forfeits.items():
        per[(t, r)] = [o, col, per[(t, r)][2], False, mp]
    for (t, r), v in per.items():
        if len(v) == 5:
            continue
        o = v[0]
        if o:
            og = per[(o, r)][2]
            v.append(2 if v[2] > og else 1 if v[2] == og else 0)
        else:
            c = [cells[m][r - 1].strip() for m in teams[t] if r - 1 < len(cells[m]) and cells[m][r - 1].strip()]
            kinds = {x[-1] for x in c}
            v.append(1 if kinds & {"U", "H"} else 0)
    rest = code.replace("FIDE_TEAM", "").replace("_TYPEA", "").replace("_TYPEB", "")
    gp_primary = rest.startswith("_GP")
    return teams, per, total, gp_primary


def first_member_away(path, teams, per):
    """The (team, round) where the team met an opponent but the first member of its roster did not
    play: the fork takes that member's game as the first board's (1.6.1), swisspair and Gacrux the
    match's first board."""
    cells = {}
    for l in open(path, encoding="utf-8").read().splitlines():
        if l.startswith("001"):
            cells[int(l[4:8])] = l
    away = set()
    for (t, r), v in per.items():
        members = teams.get(t) or []
        if v[0] and members:
            line = cells.get(members[0], "")
            a = 92 + 10 * (r - 1)
            if not line[a - 1:a + 7].strip():
                away.add((t, r))
    return away


def scores_before(per, teams, r, gp_primary):
    """Primary score of every team before round r."""
    out = {}
    for t in teams:
        mp = sum(per[(t, k)][4] for k in range(1, r))
        gp = sum(per[(t, k)][2] for k in range(1, r))
        out[t] = gp if gp_primary else mp
    return out


def classify(ours, fork_pairs, per, teams, r, gp_primary, away=frozenset()):
    """The kind of a round the fork pairs otherwise (ours and the fork's: sets of (white, black));
    `away`: see first_member_away."""
    und = lambda ps: {tuple(sorted(p)) for p in ps}
    if und(ours) == und(fork_pairs):
        fresh = lambda t: not any(per[(t, k)][3] for k in range(1, r))
        differing = [p for p in ours if p not in fork_pairs]
        if all(fresh(a) and fresh(b) for a, b in differing if b):
            return "4.3.1 parity"
        if any((t, k) in away for p in differing for t in p for k in range(1, r)):
            return "colours: the fork's first board is the roster's first member"
        return "colours"
    score = scores_before(per, teams, r, gp_primary)
    partner = lambda ps: {a: b for p in ps for a, b in (p, p[::-1])}
    po, pf = partner(ours), partner(fork_pairs)
    bye_o = [a for a, b in ours if b == 0]
    bye_f = [a for a, b in fork_pairs if b == 0]
    if bye_o != bye_f:
        return "PAB"
    moved = [t for t in po if t and po.get(t) != pf.get(t)]
    top = max(score[t] for t in moved)
    group = sorted(t for t in moved if score[t] == top)
    key = lambda p: sorted(score.get(p[t], -1) for t in group)
    so, sf = key(po), key(pf)
    if so > sf:
        return "C4/C5 read round-wide"
    if so < sf:
        return "fork's upfloaters score higher"
    return "same scores, another choice"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--dir", default="/tmp/team-crosscheck")
    ap.add_argument("--swisspair", default="target/release/swisspair")
    ap.add_argument("--fork", default="/work/ref/sharly/bbpPairings.exe")
    ap.add_argument("--gacrux", default="/work/ref/gacrux-env/bin/python")
    ap.add_argument("--keep")
    ap.add_argument("--keep-every", type=int, default=10)
    args = ap.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    totals = {"tournaments": 0, "rounds": 0, "swisspair_differs": 0, "fork_agrees": 0,
              "fork_p_agrees": 0, "gacrux_read": 0, "gacrux_rounds": 0, "gacrux_agrees": 0, "kinds": {},
              "not_generated": [], "gacrux_differs": [], "examples": {}}
    for seed in range(args.first, args.first + args.count):
        cfg = config_for(seed)
        cfg_path = os.path.join(args.dir, f"team-{seed}.cfg")
        with open(cfg_path, "w") as f:
            f.write("".join(f"{k}={v}\n" for k, v in cfg.items()))
        trf = os.path.join(args.dir, f"team-{seed}.trf")
        g = subprocess.run([args.swisspair, "--team", "-g", cfg_path, "-o", trf, "-s", str(seed)],
                           capture_output=True, text=True)
        if g.returncode != 0:
            totals["not_generated"].append((seed, g.stderr.strip()))
            continue
        c = subprocess.run([args.swisspair, "--team", trf, "-c", "--format", "json"],
                           capture_output=True, text=True)
        report = json.loads(c.stdout)
        rounds = report["rounds"]
        totals["tournaments"] += 1
        totals["rounds"] += rounds
        totals["swisspair_differs"] += len(report["differences"])
        teams, per, _, gp_primary = teams_and_rounds(trf)
        away = first_member_away(trf, teams, per)
        ours_by_round = {r: {(t, per[(t, r)][0]) for t in teams
                             if per[(t, r)][0] and per[(t, r)][1] == "W"}
                         for r in range(1, rounds + 1)}
        with open(trf, encoding="utf-8") as f:
            text = f.read()
        for m in re.finditer(r"^320.*$", text, re.M):
            line = m.group(0)
            for k, i in enumerate(range(14, len(line), 4)):
                if line[i:i + 3].strip():
                    ours_by_round.setdefault(k + 1, set()).add((int(line[i:i + 3]), 0))
        fork = subprocess.run([args.fork, "--team", trf, "-c"], capture_output=True, text=True)
        differing = parse_fork(fork.stdout)
        kinds_here = set()
        for r in range(1, rounds + 1):
            if r not in differing:
                totals["fork_agrees"] += 1
                continue
            ours = ours_by_round.get(r, set())
            # The fork's checker and its -p do not always agree (its checker reads some records
            # of later rounds, and may find no pairing where its -p finds one): pair the round as
            # it stood.
            fork_pairs = fork_pairs_p(args.fork, trf, r, args.dir)
            if fork_pairs is None:
                kind = "fork finds no pairing"
            elif fork_pairs == ours:
                kind = "fork -c only (its -p pairs as swisspair)"
                totals["fork_p_agrees"] += 1
            else:
                try:
                    kind = classify(ours, fork_pairs, per, teams, r, gp_primary, away)
                except (KeyError, ValueError) as e:
                    kind = f"unclassified ({e.__class__.__name__})"
            totals["kinds"][kind] = totals["kinds"].get(kind, 0) + 1
            totals["examples"].setdefault(kind, []).append((seed, r))
            kinds_here.add(kind)
        gx = subprocess.run([args.gacrux, "-m", "gacrux.pairingchecker", "-i", trf, "-c"],
                            capture_output=True, text=True, cwd=args.dir)
        try:
            gj = json.loads(gx.stdout)
            rp = gj["pairingResult"]["roundpairing"]
            totals["gacrux_read"] += 1
            totals["gacrux_rounds"] += len(rp)
            for x in rp:
                if x["check"]:
                    totals["gacrux_agrees"] += 1
                else:
                    totals["gacrux_differs"].append((seed, x["round"]))
        except (ValueError, KeyError, TypeError):
            totals["gacrux_differs"].append((seed, "unread: " + (gx.stdout + gx.stderr)[:200]))
        if args.keep and seed % args.keep_every == 0:
            os.makedirs(args.keep, exist_ok=True)
            shutil.copy(trf, os.path.join(args.keep, f"team-{seed}.trf"))
        with open(os.path.join(args.dir, "summary.json"), "w") as f:
            json.dump(totals, f, indent=1)
        print(f"seed {seed}: {cfg['PlayersNumber']} teams, {rounds} rounds, {cfg['TeamColours']}/"
              f"{cfg['TeamScore']}; fork differs in {len(differing)} ({', '.join(sorted(kinds_here))})",
              flush=True)
    print(json.dumps({k: v for k, v in totals.items() if k != "examples"}, indent=1))


if __name__ == "__main__":
    sys.exit(main())
