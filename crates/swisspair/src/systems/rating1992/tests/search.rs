//! The search of one bracket against a literal enumeration of the procedure: the candidates in the
//! order the text generates them (D.2's exchanges, D.1's transpositions), level by level. These compare
//! searches on random contexts (no tournament, no round to explain) and pin no single article, so they
//! check no explanation; the article cases of `articles.rs` and `c12_c13.rs` do.

use super::super::bracket::{moved_down_count, Bracket};
use super::super::criteria::{x_of, Floats};
use super::super::exchanges::{next_transposition, Exchanges};
use super::super::oracle::{Oracle, Role, Scope};
use super::super::players::Ctx;
use super::super::round::{c12, search_with};
use super::super::search::{self, Group, Heterogeneous, Level, Pairs};
use super::{random_ctx, random_scored, Lcg};
use crate::error::Error;
use crate::score::Score;

/// Whether the candidate meets `level`: every pair legal and within the upfloat criteria, at most
/// `level.budget` colour conflicts, no resident moved down against the downfloat criteria, and in the
/// lowest bracket at most one player left, who may take the bye.
fn meets(ctx: &Ctx, g: &Group, pairs: &Pairs, leftovers: &[usize], level: Level) -> bool {
    pairs
        .iter()
        .all(|&(a, b)| ctx.legal(a, b) && ctx.upfloat_ok(a, b, level.floats))
        && pairs.iter().filter(|&&(a, b)| ctx.conflict(a, b)).count() <= level.budget
        && leftovers.iter().all(|&l| {
            !(ctx.player(l).score == g.score && ctx.downfloat_repeats(l, level.floats))
                && (!g.last || ctx.player(l).bye_ok)
        })
        && (!g.last || leftovers.len() <= 1)
}

/// Every candidate of one level in the procedure's order: exchanges (D.2), then transpositions (D.1).
fn candidates(g: &Group, p: usize) -> Vec<(Pairs, Vec<usize>)> {
    let n = g.players.len();
    let mut out = Vec::new();
    for e in Exchanges::new(n, p) {
        let (s1, s2) = e.split(n, p);
        let mut order: Vec<usize> = (0..s2.len()).collect();
        let mut seen = std::collections::BTreeSet::new();
        loop {
            let prefix: Vec<usize> = order.iter().take(p).copied().collect();
            if seen.insert(prefix) {
                let pairs: Pairs = (0..p)
                    .map(|i| (g.players[s1[i]], g.players[s2[order[i]]]))
                    .collect();
                let left: Vec<usize> = order[p..].iter().map(|&j| g.players[s2[j]]).collect();
                out.push((pairs, left));
            }
            if !next_transposition(&mut order) {
                break;
            }
        }
    }
    out
}

/// A condition on a whole candidate (its pairs and the players it leaves unpaired), beyond the
/// bracket's own criteria: what C.12 or C.13 asks of the brackets below.
type Accept<'a> = &'a dyn Fn(&Pairs, &[usize]) -> bool;

/// C.6–C.11 and C.14 for a homogeneous group, enumerated literally.
fn literal_homogeneous(ctx: &Ctx, g: &Group) -> Option<Pairs> {
    literal_homogeneous_with(ctx, g, &|_, _| true)
}

/// The first candidate of a homogeneous group, in the procedure's order, that also meets `accept`.
fn literal_homogeneous_with(ctx: &Ctx, g: &Group, accept: Accept<'_>) -> Option<Pairs> {
    let n = g.players.len();
    let p0 = n / 2;
    let relaxed = Level {
        budget: usize::MAX,
        floats: Floats::NONE,
    };
    let p = (0..=p0).rev().filter(|&p| !g.last || p == p0).find(|&p| {
        candidates(g, p)
            .iter()
            .any(|(c, l)| meets(ctx, g, c, l, relaxed) && accept(c, l))
    })?;
    if p == 0 {
        return Some(Vec::new());
    }
    let x_start = x_of(ctx, &g.players).saturating_sub(p0 - p);
    let all = candidates(g, p);
    for delta in 0..=p {
        for step in 0..Floats::STEPS {
            let level = Level {
                budget: x_start + delta,
                floats: Floats::step(step),
            };
            if let Some((c, _)) = all
                .iter()
                .find(|(c, l)| meets(ctx, g, c, l, level) && accept(c, l))
            {
                return Some(c.clone());
            }
        }
    }
    None
}

fn group_of(ctx: &Ctx, last: bool) -> Group {
    Group {
        players: ctx.order.clone(),
        score: Score(10),
        last,
    }
}

/// The certificates (mended along alternating paths) and the duals' first best completion only spare the
/// matching's probes: on groups of a few dozen players, with games played, colour histories and floats,
/// the search finds the same candidate with them as with the matching alone, and they decide often.
#[test]
fn certificates_and_duals_find_the_candidate_the_matching_alone_finds() {
    use super::super::transpositions::{DECIDED, SHORTCUTS};
    let mut rng = Lcg(23);
    DECIDED.with(|d| d.set([0; 2]));
    for case in 0..160 {
        let n = 10 + case % 41;
        let met = 1 + rng.below(5);
        let ctx = random_ctx(&mut rng, n, 0, met);
        let g = group_of(&ctx, case % 4 == 1);
        let run = |shortcuts: u8| {
            SHORTCUTS.with(|s| s.set(shortcuts));
            let mut o = Oracle::new(&ctx, Scope::Local, &g.players, Role::Removed).unwrap();
            search::pair_homogeneous(&mut o, &ctx, &g).unwrap()
        };
        let plain = run(0);
        for shortcuts in [1, 2, 3] {
            assert_eq!(
                run(shortcuts),
                plain,
                "case {case}: {n} players, {shortcuts}"
            );
        }
    }
    SHORTCUTS.with(|s| s.set(3));
    let [paths, duals] = DECIDED.with(|d| d.get());
    assert!(
        paths > 20 && duals > 20,
        "{paths} paths, {duals} by the duals"
    );
}

#[test]
fn the_search_finds_the_candidate_the_procedure_reaches_first() {
    let mut rng = Lcg(1992);
    let mut compared = 0;
    for case in 0..400 {
        let n = 2 + (case % 8);
        let mdps = if case % 3 == 0 {
            (rng.below(n as u64) as usize).min(n / 2)
        } else {
            0
        };
        let met = 2 + rng.below(4);
        let ctx = random_ctx(&mut rng, n, mdps, met);
        let g = group_of(&ctx, case % 4 == 1);
        let mut o = Oracle::new(&ctx, Scope::Local, &g.players, Role::Removed).unwrap();
        let found = search::pair_homogeneous(&mut o, &ctx, &g).unwrap();
        let expected = literal_homogeneous(&ctx, &g);
        assert_eq!(
            found, expected,
            "case {case}: {n} players, {mdps} moved down"
        );
        compared += usize::from(expected.is_some_and(|e| !e.is_empty()));
    }
    assert!(compared > 200, "{compared}");
}

/// C.6–C.11 for a heterogeneous bracket, enumerated literally: S1 = the p highest, the pairings of the
/// players moved down in D.1's order, for each the remainder with C.9's steps.
fn literal_heterogeneous(ctx: &Ctx, g: &Group, mdps: usize) -> Option<Pairs> {
    literal_heterogeneous_with(ctx, g, mdps, &|_, _| true)
}

/// The first candidate of a heterogeneous bracket, in the procedure's order, that also meets `accept`.
fn literal_heterogeneous_with(
    ctx: &Ctx,
    g: &Group,
    mdps: usize,
    accept: Accept<'_>,
) -> Option<Pairs> {
    let n = g.players.len();
    let joined = |c: &Pairs, rc: &Pairs| -> Pairs { c.iter().chain(rc).copied().collect() };
    for p in (1..=mdps.min(n / 2)).rev() {
        let s1: Vec<usize> = g.players[..p].to_vec();
        let s2: Vec<usize> = g.players[p..].to_vec();
        let full = (n - 2 * p) / 2;
        // The pairings of the players moved down, D.1's order, each with its remainder.
        let mut mdp_pairings: Vec<(Pairs, Group)> = Vec::new();
        let mut order: Vec<usize> = (0..s2.len()).collect();
        let mut seen = std::collections::BTreeSet::new();
        loop {
            let prefix: Vec<usize> = order.iter().take(p).copied().collect();
            if seen.insert(prefix.clone()) {
                let pairs: Pairs = (0..p).map(|i| (s1[i], s2[prefix[i]])).collect();
                let rest: Vec<usize> = s2
                    .iter()
                    .copied()
                    .filter(|q| !pairs.iter().any(|&(_, b)| b == *q))
                    .collect();
                mdp_pairings.push((
                    pairs,
                    Group {
                        players: rest,
                        ..g.clone()
                    },
                ));
            }
            if !next_transposition(&mut order) {
                break;
            }
        }
        // The most pairings any remainder can hold (C.14 in the remainder), legal pairs only.
        let most = |c: &Pairs, r: &Group| {
            (0..=r.players.len() / 2).rev().find(|&q| {
                candidates(r, q).iter().any(|(rc, l)| {
                    rc.iter().all(|&(a, b)| ctx.legal(a, b))
                        && l.iter().all(|&x| !r.last || ctx.player(x).bye_ok)
                        && accept(&joined(c, rc), l)
                })
            })
        };
        let legal = |c: &Pairs| c.iter().all(|&(a, b)| ctx.legal(a, b));
        let Some(r) = mdp_pairings
            .iter()
            .filter(|(c, _)| legal(c))
            .filter_map(|(c, rest)| most(c, rest))
            .max()
        else {
            continue;
        };
        if g.last && r < full {
            continue;
        }
        let x_start = x_of(ctx, &g.players).saturating_sub(mdps - p);
        for delta in 0..=p.max(r) {
            for up in 0..3 {
                let floats = Floats::after(2, up);
                let mut visited = 0;
                for (c, rest) in &mdp_pairings {
                    let fits = c
                        .iter()
                        .all(|&(a, b)| ctx.legal(a, b) && ctx.upfloat_ok(a, b, floats))
                        && c.iter().filter(|&&(a, b)| ctx.conflict(a, b)).count()
                            <= x_start + delta
                        && most(c, rest).is_some_and(|m| m >= r);
                    if !fits || visited >= search::MDP_PAIRINGS_PER_LEVEL {
                        continue;
                    }
                    visited += 1;
                    let x_rest = x_of(ctx, &rest.players).saturating_sub(full - r);
                    let rest_candidates = candidates(rest, r);
                    for down in 0..3 {
                        let level = Level {
                            budget: x_rest + delta,
                            floats: Floats::after(down, up),
                        };
                        if let Some((rc, _)) = rest_candidates.iter().find(|(rc, l)| {
                            meets(ctx, rest, rc, l, level) && accept(&joined(c, rc), l)
                        }) {
                            return Some(joined(c, rc));
                        }
                    }
                }
            }
        }
        return None;
    }
    None
}

#[test]
fn the_heterogeneous_search_follows_the_procedure() {
    let mut rng = Lcg(1997);
    let mut compared = 0;
    for case in 0..300 {
        let n = 3 + (case % 6);
        let mdps = 1 + rng.below(((n - 1) / 2) as u64) as usize;
        if 2 * mdps >= n {
            continue;
        }
        let met = 1 + rng.below(4);
        let ctx = random_ctx(&mut rng, n, mdps, met);
        let g = group_of(&ctx, case % 3 == 1);
        let mut o = Oracle::new(&ctx, Scope::Local, &g.players, Role::Removed).unwrap();
        let found = match search::pair_heterogeneous(&mut o, &ctx, &g, mdps).unwrap() {
            Heterogeneous::Paired(p) => Some(p),
            _ => None,
        };
        let expected = literal_heterogeneous(&ctx, &g, mdps);
        assert_eq!(
            found, expected,
            "case {case}: {n} players, {mdps} moved down"
        );
        compared += usize::from(expected.is_some());
    }
    assert!(compared > 100, "{compared}");
}

/// The whole round is completed when any pairing exists, and never when none does.
#[test]
fn completion_or_no_valid_pairing() {
    let mut rng = Lcg(5);
    for case in 0..200 {
        let n = 2 + (case % 9);
        let met = 3 + rng.below(5);
        let ctx = random_ctx(&mut rng, n, 0, met);
        match super::super::pair_ctx(&ctx) {
            Ok(p) => {
                let mut seen: Vec<usize> = p.players().collect();
                seen.sort_unstable();
                assert_eq!(seen, (0..n).collect::<Vec<_>>(), "case {case}");
                assert!(
                    p.games.iter().all(|g| ctx.legal(g.white, g.black)),
                    "case {case}"
                );
                if let Some(b) = p.bye {
                    assert!(ctx.player(b).bye_ok, "case {case}");
                }
            }
            Err(Error::NoValidPairing(_)) => {
                // Check by brute force that no pairing exists.
                let g = Group {
                    players: ctx.order.clone(),
                    score: Score(10),
                    last: true,
                };
                let relaxed = Level {
                    budget: usize::MAX,
                    floats: Floats::NONE,
                };
                let any = candidates(&g, n / 2)
                    .iter()
                    .any(|(c, l)| meets(&ctx, &g, c, l, relaxed));
                assert!(!any, "case {case}: a pairing exists");
            }
            Err(e) => panic!("case {case}: {e}"),
        }
    }
}

// ---------------------------------------------------------------------------------------------------
// C.12 and C.13: the previous bracket paired again, against the same enumeration with the condition

/// `players` without the one at `i`.
fn without(players: &[usize], i: usize) -> Vec<usize> {
    players
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != i)
        .map(|(_, &p)| p)
        .collect()
}

/// Every player of `players` paired (B.1, B.2), by brute force.
fn perfect(ctx: &Ctx, players: &[usize]) -> bool {
    let Some((&first, rest)) = players.split_first() else {
        return true;
    };
    rest.iter()
        .enumerate()
        .any(|(i, &q)| ctx.legal(first, q) && perfect(ctx, &without(rest, i)))
}

/// Every player of `players` paired but one when they are odd in number (who must be allowed the bye
/// when `bye`).
fn all_but_one(ctx: &Ctx, players: &[usize], bye: bool) -> bool {
    if players.len().is_multiple_of(2) {
        return perfect(ctx, players);
    }
    (0..players.len())
        .any(|i| (!bye || ctx.player(players[i]).bye_ok) && perfect(ctx, &without(players, i)))
}

/// Each player of `left` paired with a different player of `right`, by brute force.
fn each_meets_one(ctx: &Ctx, left: &[usize], right: &[usize]) -> bool {
    let Some((&first, rest)) = left.split_first() else {
        return true;
    };
    (0..right.len())
        .any(|j| ctx.legal(first, right[j]) && each_meets_one(ctx, rest, &without(right, j)))
}

/// A round of three score groups: the previous bracket (some players moved down into it, score 3, and
/// its residents, score 2) and the residents of the bracket below (score 1). Returns the context, the
/// previous bracket as paired on its own, and the residents below; `None` when it has no pairing.
fn three_groups(rng: &mut Lcg, case: usize) -> (Ctx, Bracket, Vec<usize>) {
    let above = 2 + case % 6;
    let mdps = if case.is_multiple_of(3) {
        rng.below((above / 2) as u64 + 1) as usize
    } else {
        0
    };
    let below = 1 + rng.below(4) as usize;
    let scores: Vec<Score> = (0..above + below)
        .map(|i| {
            Score(if i < mdps {
                30
            } else if i < above {
                20
            } else {
                10
            })
        })
        .collect();
    let met = 1 + rng.below(5);
    let ctx = random_scored(rng, &scores, met);
    let previous = Bracket {
        players: (0..above).collect(),
        score: Score(20),
        last: false,
    };
    (ctx, previous, (above..above + below).collect())
}

/// The literal enumeration of a group under `accept`, heterogeneous or homogeneous as A.3 says.
fn literal_with(ctx: &Ctx, g: &Group, accept: Accept<'_>) -> Option<Pairs> {
    let mdps = moved_down_count(ctx, g);
    if mdps == 0 || 2 * mdps >= g.players.len() {
        literal_homogeneous_with(ctx, g, accept)
    } else {
        literal_heterogeneous_with(ctx, g, mdps, accept)
    }
}

/// C.12: the first pairing of the previous bracket, in its order, with as many pairings, such that the
/// next bracket — the players it moves down, those C.1 moved down at once, and the residents — allows p
/// pairings: each player moved down meets a different resident when that bracket is heterogeneous, all
/// its players are paired but one when it is treated as homogeneous.
#[test]
fn c12_the_search_finds_the_first_alternative_the_procedure_reaches() {
    let mut rng = Lcg(1212);
    let (mut found_some, mut changed) = (0, 0);
    for case in 0..800 {
        let (ctx, bracket, residents) = three_groups(&mut rng, case);
        let Some(previous) = bracket.pair(&ctx).unwrap() else {
            continue;
        };
        let found = c12(&ctx, &previous, &residents).unwrap().map(|p| p.pairs);
        let accept = |_: &Pairs, left: &[usize]| {
            let movers: Vec<usize> = left.iter().chain(&previous.forced).copied().collect();
            let size = movers.len() + residents.len();
            if 2 * movers.len() >= size {
                let all: Vec<usize> = movers.iter().chain(&residents).copied().collect();
                all_but_one(&ctx, &all, false)
            } else {
                each_meets_one(&ctx, &movers, &residents)
            }
        };
        let count = previous.pairs.len();
        let expected = literal_with(&ctx, &previous.group, &accept)
            .filter(|pairs| count > 0 && pairs.len() == count);
        assert_eq!(found, expected, "case {case}: {previous:?}");
        found_some += usize::from(expected.is_some());
        changed += usize::from(expected.is_some_and(|p| p != previous.pairs));
    }
    assert!(found_some > 200 && changed > 30, "{found_some} {changed}");
}

/// C.13: the first pairing of the penultimate bracket, in its order (C.14 lowering p), that lets the
/// lowest bracket — the players it moves down, those C.1 moved down at once, and the residents — be
/// paired, the one left over (if any) allowed the bye; p = 0 (the two brackets joined) when only that
/// does; none when not even that does.
#[test]
fn c13_the_search_finds_the_first_pairing_that_lets_the_lowest_bracket_be_paired() {
    let mut rng = Lcg(1313);
    let (mut repaired, mut joined, mut none) = (0, 0, 0);
    for case in 0..400 {
        let (ctx, bracket, residents) = three_groups(&mut rng, case);
        let Some(previous) = bracket.pair(&ctx).unwrap() else {
            continue;
        };
        let found = search_with(&ctx, Scope::Global, &previous, &residents)
            .unwrap()
            .map(|p| p.pairs);
        let accept = |_: &Pairs, left: &[usize]| {
            let all: Vec<usize> = left
                .iter()
                .chain(&previous.forced)
                .chain(&residents)
                .copied()
                .collect();
            all_but_one(&ctx, &all, true)
        };
        let everybody_down = accept(&Vec::new(), &previous.group.players);
        let expected =
            literal_with(&ctx, &previous.group, &accept).or_else(|| everybody_down.then(Vec::new));
        assert_eq!(found, expected, "case {case}: {previous:?}");
        match &expected {
            Some(p) if p.is_empty() => joined += 1,
            Some(_) => repaired += 1,
            None => none += 1,
        }
    }
    assert!(
        repaired > 100 && joined > 5 && none > 5,
        "{repaired} {joined} {none}"
    );
}
