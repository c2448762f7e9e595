//! Unit tests: the orders of section D as the text prints them, the search against a literal enumeration
//! of the procedure, and one small hand-worked tournament per article (the expected pairs are worked out
//! in each test's comment; players are numbered by rating, so A.2 order is starting order unless said).

use super::criteria::{x_of, Floats};
use super::exchanges::{next_transposition, Exchanges};
use super::oracle::{Oracle, Role, Scope};
use super::players::{colour_allowed, preference, title_rank, Ctx, OrderKey, Player};
use super::search::{self, Group, Heterogeneous, Level, Pairs};
use crate::error::Error;
use crate::score::Score;
use crate::state::{Float, RoundState, Strength};
use crate::tournament::{Colour, Tournament};
use std::cmp::Reverse;
use Colour::{Black as B, White as W};

// ---------------------------------------------------------------------------------------------------
// Section D

/// D.1: "1. 5-6-8-7; 2. 5-7-6-8; 3. 5-7-8-6; 4. 5-8-6-7; 5. 5-8-7-6; 6. 6-5-7-8; 7. 6-5-8-7, etc."
#[test]
fn d1_transpositions_in_the_order_of_the_text() {
    let mut s2 = vec![5, 6, 7, 8];
    let mut seen = vec![s2.clone()];
    while next_transposition(&mut s2) {
        seen.push(s2.clone());
    }
    let text: Vec<Vec<usize>> = vec![
        vec![5, 6, 7, 8],
        vec![5, 6, 8, 7],
        vec![5, 7, 6, 8],
        vec![5, 7, 8, 6],
        vec![5, 8, 6, 7],
        vec![5, 8, 7, 6],
        vec![6, 5, 7, 8],
        vec![6, 5, 8, 7],
    ];
    assert_eq!(seen[..8], text[..]);
    assert_eq!(seen.len(), 24);
    assert_eq!(seen.last(), Some(&vec![8, 7, 6, 5]));
}

/// The exchanges as numbers (1-based), `(from S1, from S2)`.
fn exchanges(n: usize, p: usize) -> Vec<(Vec<usize>, Vec<usize>)> {
    Exchanges::new(n, p)
        .map(|e| {
            let mut a: Vec<usize> = e.from_s1.iter().map(|i| i + 1).collect();
            let mut b: Vec<usize> = e.from_s2.iter().map(|i| i + 1).collect();
            a.sort_unstable();
            b.sort_unstable();
            (a, b)
        })
        .collect()
}

/// D.2's matrices for S1 = 1-4, S2 = 5-8: one player a) 4-5 b) 4-6 c) 3-5 d) 4-7 e) 3-6 f) 2-5
/// g) 3-7 h) 2-6 i) 2-7; two players j) 3+4/5+6 k) 3+4/5+7 l) 2+4/5+6 m) 3+4/6+7 n) 2+4/5+7 o) 2+3/5+6
/// p) 2+4/6+7 q) 2+3/5+7 r) 2+3/6+7.
#[test]
fn d2_exchange_matrices_for_eight_players() {
    let all = exchanges(8, 4);
    assert_eq!(all[0], (vec![], vec![]));
    let one: Vec<(usize, usize)> = all
        .iter()
        .filter(|(a, _)| a.len() == 1)
        .map(|(a, b)| (a[0], b[0]))
        .collect();
    assert_eq!(
        one,
        vec![
            (4, 5),
            (4, 6),
            (3, 5),
            (4, 7),
            (3, 6),
            (2, 5),
            (3, 7),
            (2, 6),
            (2, 7)
        ]
    );
    let two: Vec<(Vec<usize>, Vec<usize>)> =
        all.iter().filter(|(a, _)| a.len() == 2).cloned().collect();
    let expected = [
        ([3, 4], [5, 6]),
        ([3, 4], [5, 7]),
        ([2, 4], [5, 6]),
        ([3, 4], [6, 7]),
        ([2, 4], [5, 7]),
        ([2, 3], [5, 6]),
        ([2, 4], [6, 7]),
        ([2, 3], [5, 7]),
        ([2, 3], [6, 7]),
    ];
    let expected: Vec<(Vec<usize>, Vec<usize>)> = expected
        .iter()
        .map(|(a, b)| (a.to_vec(), b.to_vec()))
        .collect();
    assert_eq!(two, expected);
    // Then three players (beyond the text, same rules): 2+3+4 with 5+6+7 is the only one left.
    let three: Vec<_> = all.iter().filter(|(a, _)| a.len() == 3).cloned().collect();
    assert_eq!(three, vec![(vec![2, 3, 4], vec![5, 6, 7])]);
    assert_eq!(all.len(), 1 + 9 + 9 + 1);
}

/// D.2's remark: with 7 players S1 = 1-3, S2 = 4-7; the exchanges are the ones above with every number
/// less one, and the last column of the second matrix (1+2) is obsolete.
#[test]
fn d2_exchange_matrices_for_seven_players() {
    let all = exchanges(7, 3);
    let one: Vec<(usize, usize)> = all
        .iter()
        .filter(|(a, _)| a.len() == 1)
        .map(|(a, b)| (a[0], b[0]))
        .collect();
    assert_eq!(
        one,
        vec![
            (3, 4),
            (3, 5),
            (2, 4),
            (3, 6),
            (2, 5),
            (1, 4),
            (2, 6),
            (1, 5),
            (1, 6)
        ]
    );
    let two: Vec<(Vec<usize>, Vec<usize>)> =
        all.iter().filter(|(a, _)| a.len() == 2).cloned().collect();
    let expected: Vec<(Vec<usize>, Vec<usize>)> = [
        ([2, 3], [4, 5]),
        ([2, 3], [4, 6]),
        ([1, 3], [4, 5]),
        ([2, 3], [5, 6]),
        ([1, 3], [4, 6]),
        ([1, 3], [5, 6]),
    ]
    .iter()
    .map(|(a, b)| (a.to_vec(), b.to_vec()))
    .collect();
    assert_eq!(two, expected);
}

/// D.2 and A.9.b: after an exchange S1 and S2 are ordered by A.2 again.
#[test]
fn d2_subgroups_are_reordered_after_an_exchange() {
    let e = Exchanges::new(8, 4).nth(4).expect("d) 4 and 7");
    assert_eq!(e.split(8, 4), (vec![0, 1, 2, 6], vec![3, 4, 5, 7]));
}

// ---------------------------------------------------------------------------------------------------
// The search against a literal enumeration of the procedure

/// A small pseudo-random generator (no dependency, same numbers everywhere).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n.max(1)
    }
}

/// A random context of `n` players: the first `mdps` have a higher score, colour histories of up to
/// three games, random floats, some bye-ineligible, and met pairs with chance `met_in_10`/10.
fn random_ctx(rng: &mut Lcg, n: usize, mdps: usize, met_in_10: u64) -> Ctx {
    let mut players = Vec::new();
    let mut keys = Vec::new();
    for i in 0..n {
        let games = rng.below(4) as usize;
        let colours: Vec<Colour> = (0..games)
            .map(|_| if rng.below(2) == 0 { W } else { B })
            .collect();
        let float = |r: u64| match r {
            0 => Float::Down,
            1 => Float::Up,
            _ => Float::None,
        };
        let score = if i < mdps { Score(20) } else { Score(10) };
        players.push(Player {
            index: i,
            start_number: i as u32 + 1,
            score,
            allowed: [colour_allowed(&colours, W), colour_allowed(&colours, B)],
            preference: preference(&colours, false),
            colours,
            floats: [float(rng.below(4)), float(rng.below(4))],
            bye_ok: rng.below(4) != 0,
            exempt: false,
        });
        keys.push(OrderKey {
            score: Reverse(score),
            rating: Reverse(3000 - i as u32),
            title: 8,
            name_folded: String::new(),
            name: String::new(),
            start_number: i as u32 + 1,
        });
    }
    let mut met = vec![Vec::new(); n];
    for a in 0..n {
        for b in a + 1..n {
            if rng.below(10) < met_in_10 {
                met[a].push(b);
                met[b].push(a);
            }
        }
    }
    let available: Vec<usize> = (0..n).collect();
    Ctx::assemble(players, &keys, &available, met, vec![Vec::new(); n], W)
}

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

/// C.6–C.11 and C.14 for a homogeneous group, enumerated literally.
fn literal_homogeneous(ctx: &Ctx, g: &Group) -> Option<Pairs> {
    let n = g.players.len();
    let p0 = n / 2;
    let relaxed = Level {
        budget: usize::MAX,
        floats: Floats::NONE,
    };
    let p = (0..=p0).rev().filter(|&p| !g.last || p == p0).find(|&p| {
        candidates(g, p)
            .iter()
            .any(|(c, l)| meets(ctx, g, c, l, relaxed))
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
            if let Some((c, _)) = all.iter().find(|(c, l)| meets(ctx, g, c, l, level)) {
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
        strict: false,
    }
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
        let found = search::pair_homogeneous(&mut o, &ctx, &g, false).unwrap();
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
    let n = g.players.len();
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
        let most = |r: &Group| {
            (0..=r.players.len() / 2).rev().find(|&q| {
                candidates(r, q).iter().any(|(c, l)| {
                    c.iter().all(|&(a, b)| ctx.legal(a, b))
                        && l.iter().all(|&x| !r.last || ctx.player(x).bye_ok)
                })
            })
        };
        let legal = |c: &Pairs| c.iter().all(|&(a, b)| ctx.legal(a, b));
        let Some(r) = mdp_pairings
            .iter()
            .filter(|(c, _)| legal(c))
            .filter_map(|(_, rest)| most(rest))
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
                        && most(rest).is_some_and(|m| m >= r);
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
                        if let Some((rc, _)) = rest_candidates
                            .iter()
                            .find(|(rc, l)| meets(ctx, rest, rc, l, level))
                        {
                            return Some(c.iter().chain(rc).copied().collect());
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
        let found = match search::pair_heterogeneous(&mut o, &ctx, &g, mdps, false).unwrap() {
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

// ---------------------------------------------------------------------------------------------------
// Hand-worked tournaments

/// A tournament written as TRF: players (starting number = position + 1) with ratings, and rounds.
struct Trf {
    players: Vec<(String, String, u32)>,
    cells: Vec<Vec<String>>,
    extra: Vec<String>,
}

impl Trf {
    /// Players "Player 01", "Player 02", ... with these ratings and no title.
    fn new(ratings: &[u32]) -> Trf {
        Trf {
            players: ratings
                .iter()
                .enumerate()
                .map(|(i, &r)| (format!("Player {:02}", i + 1), String::new(), r))
                .collect(),
            cells: vec![Vec::new(); ratings.len()],
            extra: Vec::new(),
        }
    }

    fn person(mut self, player: usize, name: &str, title: &str) -> Trf {
        if let Some(p) = self.players.get_mut(player - 1) {
            p.0 = name.to_string();
            p.1 = title.to_string();
        }
        self
    }

    fn cell(&mut self, player: u32, text: String) {
        if let Some(c) = self.cells.get_mut(player as usize - 1) {
            c.push(text);
        }
    }

    /// A round: games `(white, black, result of white)` with `1 = 0 + -`, and byes `(player, code)`.
    fn round(mut self, games: &[(u32, u32, char)], byes: &[(u32, char)]) -> Trf {
        for &(w, b, r) in games {
            let other = match r {
                '1' => '0',
                '0' => '1',
                '+' => '-',
                '-' => '+',
                _ => '=',
            };
            self.cell(w, format!("{b:>4} w {r}"));
            self.cell(b, format!("{w:>4} b {other}"));
        }
        for &(p, code) in byes {
            self.cell(p, format!("0000 - {code}"));
        }
        self
    }

    fn line(mut self, text: &str) -> Trf {
        self.extra.push(text.to_string());
        self
    }

    fn build(&self) -> Tournament {
        let mut text = String::from("012 1992 system test\n");
        let zero_bye = self.extra.iter().any(|l| l.starts_with("BBU"));
        for (i, ((name, title, rating), cells)) in self.players.iter().zip(&self.cells).enumerate()
        {
            let tenths: i32 = cells
                .iter()
                .map(|c| match c.chars().last() {
                    Some('1' | '+' | 'F') => 10,
                    Some('U') if !zero_bye => 10,
                    Some('=' | 'H') => 5,
                    _ => 0,
                })
                .sum();
            text += &format!(
                "001 {:>4} {:1}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}  {}\n",
                i + 1,
                "m",
                title,
                name,
                rating,
                "",
                "",
                "",
                Score(tenths).to_string(),
                i + 1,
                cells.join("  ")
            );
        }
        for l in &self.extra {
            text += l;
            text += "\n";
        }
        Tournament::from_bytes(text.as_bytes()).expect("test tournament reads")
    }
}

/// Pairs the next round: games as (white, black) starting numbers in the order of F.1, and the bye.
fn pair_round(t: &Tournament) -> (Vec<(u32, u32)>, Option<u32>) {
    let pairing = super::pair(t, &RoundState::new(t)).expect("pairs");
    let number = |i: usize| t.players[i].start_number;
    let games = pairing
        .games
        .iter()
        .map(|g| (number(g.white), number(g.black)))
        .collect();
    (games, pairing.bye.map(number))
}

fn ctx_of(t: &Tournament) -> Ctx {
    Ctx::new(t, &RoundState::new(t)).expect("context")
}

/// Eight players after a first round won by the top half: 1-5, 6-2, 3-7, 8-4 (white first). Winners
/// 1 and 3 prefer black, 2 and 4 white; losers 5 and 7 prefer white, 6 and 8 black (all strong, A.7.b).
fn eight_after_round_one() -> Trf {
    Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
        .round(&[(1, 5, '1'), (6, 2, '0'), (3, 7, '1'), (8, 4, '0')], &[])
        .line("XXR 5")
}

/// A.2: score, then rating, then title (IGM, WGM, IM, WIM, FM, WFM; then CM, WCM; then none), then name —
/// not the starting number. The pairing numbers of round 1 follow (F.4, E.5).
#[test]
fn a2_order_by_rating_title_and_name() {
    let ranks: Vec<u8> = [
        "GM", "WGM", "IM", "WIM", "FM", "WFM", "CM", "WCM", "", "g", "m", "wf",
    ]
    .iter()
    .map(|t| title_rank(t))
    .collect();
    assert_eq!(ranks, vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 2, 5]);
    // Equal ratings 2100: WGM 4 before IM 3 (the 1992 text's order), then untitled Adam 2 before Zed 1.
    let t = Trf::new(&[2100, 2100, 2100, 2100, 2300, 2000])
        .person(1, "Zed", "")
        .person(2, "Adam", "")
        .person(3, "Bob", "IM")
        .person(4, "Carl", "WGM")
        .build();
    let ctx = ctx_of(&t);
    let numbers: Vec<u32> = ctx
        .order
        .iter()
        .map(|&p| ctx.player(p).start_number)
        .collect();
    assert_eq!(numbers, vec![5, 4, 3, 2, 1, 6]);
    // F.4: S1 = 5 4 3 against S2 = 2 1 6; E.5: the first, third ... of S1 get the colour drawn (white).
    assert_eq!(pair_round(&t), (vec![(5, 2), (1, 4), (3, 6)], None));
}

/// A.7: the 1992 preferences; A.7.a is not in effect for a player with over 50% in the last round.
#[test]
fn a7_colour_preferences() {
    let pref = |c: &[Colour], exempt: bool| {
        let p = preference(c, exempt);
        (p.colour, p.strength)
    };
    assert_eq!(pref(&[], false), (None, Strength::None));
    assert_eq!(pref(&[W], false), (Some(B), Strength::Strong));
    assert_eq!(pref(&[W, B], false), (Some(W), Strength::Mild));
    assert_eq!(pref(&[B, W], false), (Some(B), Strength::Mild));
    assert_eq!(pref(&[W, W], false), (Some(B), Strength::Absolute));
    assert_eq!(pref(&[W, B, B], false), (Some(W), Strength::Absolute));
    assert_eq!(pref(&[B, W, B, B], false), (Some(W), Strength::Absolute));
    // "white when the colour difference is < 0 or when the last two games were played with black": a
    // difference of +2 after two blacks in a row is a white preference here (the Dutch A.6 says black).
    assert_eq!(
        pref(&[W, W, W, W, B, B], false),
        (Some(W), Strength::Absolute)
    );
    // Exempt: only A.7.b and A.7.c.
    assert_eq!(pref(&[W, W], true), (Some(B), Strength::Strong));
    assert_eq!(pref(&[B, W, W], true), (Some(B), Strength::Strong));
    assert_eq!(pref(&[W, B, B, W], true), (Some(B), Strength::Mild));
}

/// A.8: x = the larger of w and b less half the group rounded up, never below zero.
#[test]
fn a8_x() {
    let mut rng = Lcg(8);
    let ctx = random_ctx(&mut rng, 1, 0, 0);
    assert_eq!(x_of(&ctx, &[]), 0);
    // Eight after round one: four prefer white, four black, q = 4: x = 0; without 6 and 8 (black):
    // w = 4, b = 2, q = 3: x = 1.
    let t = eight_after_round_one().build();
    let ctx = ctx_of(&t);
    assert_eq!(x_of(&ctx, &[0, 1, 2, 3, 4, 5, 6, 7]), 0);
    assert_eq!(x_of(&ctx, &[0, 1, 2, 3, 4, 6]), 1);
}

/// F.4 and E.5: round 1 pairs the highest of S1 with the highest of S2 and so on; with an odd number the
/// lowest ranked gets the bye. The colours alternate from the colour drawn for the first player (XXC).
#[test]
fn f4_e5_round_one() {
    let t = Trf::new(&[2500, 2400, 2300, 2200, 2100]).build();
    assert_eq!(pair_round(&t), (vec![(1, 3), (4, 2)], Some(5)));
    let t = Trf::new(&[2500, 2400, 2300, 2200, 2100, 2000])
        .line("XXC black1")
        .build();
    assert_eq!(pair_round(&t), (vec![(4, 1), (2, 5), (6, 3)], None));
}

/// B.1.a with D.2: four players drew round 1 (1-3, 4-2). Round 2: 1-3 would be a rematch, and the
/// transposition 1-4 2-3 gives both pairs the same preferences (1 and 4 black, 2 and 3 white) while
/// x = 0 (B.4). The first exchange, 2 with 3, gives S1 = 1 3 and S2 = 2 4: 1-2 and 3-4 fulfil all
/// preferences.
#[test]
fn b1a_no_rematch_and_b4_colours_reached_by_an_exchange() {
    let t = Trf::new(&[2400, 2300, 2200, 2100])
        .round(&[(1, 3, '='), (4, 2, '=')], &[])
        .line("XXR 5")
        .build();
    assert_eq!(pair_round(&t), (vec![(2, 1), (3, 4)], None));
}

/// B.1.b: with a zero-point pairing-allocated bye, player 5 (bye in round 1) is still last in round 2; the
/// lowest bracket 3 4 5 would leave 5 unpaired, so the transposition 3-5 leaves 4, who may take it.
#[test]
fn b1b_no_second_bye() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000])
        .round(&[(1, 3, '1'), (4, 2, '0')], &[(5, 'U')])
        .line("XXR 5")
        .line("BBU  0.0")
        .build();
    // 1-2: 1 prefers black, 2 white. 3 prefers white, 5 has no preference: 3 white (E.1).
    assert_eq!(pair_round(&t), (vec![(2, 1), (3, 5)], Some(4)));
}

/// B.2: after two drawn rounds 1 and 4 have played white twice (both must have black), 2 and 3 black
/// twice. Six players, x = 0: 1-4 is not allowed, and the first transposition that is (5 4 6) pairs
/// 1-5, 2-4, 3-6 with every preference met.
#[test]
fn b2_colour_limits_are_absolute() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900])
        .round(&[(1, 2, '='), (4, 3, '='), (5, 6, '=')], &[])
        .round(&[(1, 3, '='), (4, 5, '='), (6, 2, '=')], &[])
        .line("XXR 5")
        .build();
    assert_eq!(pair_round(&t), (vec![(5, 1), (2, 4), (3, 6)], None));
}

/// B.2 when nothing else is possible: 1 and 3 had white twice, 2 and 4 black twice, and the pairs still
/// allowed by B.1 are 1-3 and 2-4: no valid pairing.
#[test]
fn b2_no_valid_pairing() {
    let t = Trf::new(&[2400, 2300, 2200, 2100])
        .round(&[(1, 2, '='), (3, 4, '=')], &[])
        .round(&[(1, 4, '='), (3, 2, '=')], &[])
        .line("XXR 5")
        .build();
    let e = super::pair(&t, &RoundState::new(&t)).expect_err("no pairing");
    assert!(matches!(e, Error::NoValidPairing(_)), "{e}");
}

/// Note to B: in the last round B.2 (and A.7.a) do not apply to 1 and 3 (2 points of 2): they meet though
/// both had white twice; E.4 gives black to the higher, 1. In the 0.5 bracket 2 5 / 4 6 are paired as
/// they stand (one conflict, x = 1): 5 white (absolute) against 2, 4 white (absolute) against 6 (mild).
/// In an earlier round 1 and 3 cannot meet and are moved down (C.1): S1 = 1 3 against 2 4 5 6 (x = 0).
/// 6 floated up in round 2, so with B.5 the only pairings are 1-4 3-2 or 1-5 3-2, a colour conflict
/// each; C.10 drops B.5 for upfloats before C.11 raises x: 1-4, 3-6, then 2-5.
#[test]
fn note_to_b_exempts_players_over_half_in_the_last_round() {
    let trf = |rounds: &str| {
        Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900])
            .round(&[(1, 2, '1'), (3, 4, '1'), (6, 5, '=')], &[])
            .round(&[(1, 6, '1'), (3, 5, '1'), (2, 4, '=')], &[])
            .line(rounds)
            .build()
    };
    assert_eq!(
        pair_round(&trf("XXR 3")),
        (vec![(3, 1), (5, 2), (4, 6)], None)
    );
    assert_eq!(
        pair_round(&trf("XXR 5")),
        (vec![(4, 1), (6, 3), (5, 2)], None)
    );
}

/// B.5 (and A.5: the bye is a downfloat): 5 had the bye in round 1. In the 1-point bracket 1 2 5 the
/// pairing 1-2 would move 5 down again; 1-5 moves 2 down instead. 2 then meets 3 (both prefer white:
/// x = 0, so only the increase of C.11 allows it), and 4 gets the bye. E.4 gives 2 white.
#[test]
fn b5_no_downfloat_twice_in_a_row() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000])
        .round(&[(1, 3, '1'), (4, 2, '0')], &[(5, 'U')])
        .line("XXR 5")
        .build();
    assert_eq!(pair_round(&t), (vec![(5, 1), (2, 3)], Some(4)));
}

/// C.1: 1 may meet none of 2, 3, 4 (forbidden pairs) and is moved down at once; 2 3 4 pair 2-3 and move 4
/// down. The heterogeneous bracket 1 4 / 5 6 7 8 (x = 0): 1-5 met, 1-6 both black, so 1-7; 4-5 both
/// white, so 4-6; the remainder 5-8.
#[test]
fn c1_a_player_without_opponent_is_moved_down() {
    let t = eight_after_round_one()
        .line("XXP 1 2")
        .line("XXP 1 3")
        .line("XXP 1 4")
        .build();
    assert_eq!(pair_round(&t), (vec![(2, 3), (7, 1), (4, 6), (5, 8)], None));
}

/// C.12: after round 1 (2-6 drawn), the brackets are 1 3 4 (1 point), 2 6 (0.5), 5 7 8 (0). 1-3 both
/// prefer black (x = 0), so 1-4 would move 3 down; but 3 may meet neither 2 nor 6 (forbidden), so the
/// pairing of the next bracket could not be made. The first candidate moving down another player is
/// the exchange 1 with 3: 3-4, moving 1 down, who meets 2; 6 moves down and meets 5; then 7-8.
#[test]
fn c12_the_previous_bracket_moves_down_another_player() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
        .round(&[(1, 5, '1'), (6, 2, '='), (3, 7, '1'), (8, 4, '0')], &[])
        .line("XXR 5")
        .line("XXP 2 3")
        .line("XXP 3 6")
        .build();
    assert_eq!(pair_round(&t), (vec![(4, 3), (2, 1), (5, 6), (7, 8)], None));
}

/// C.13: 4 and 8 are absent in round 2: brackets 1 2 3 and 5 6 7. 1-2 would move 3 down, but 3 may meet
/// none of 5, 6, 7, so the lowest bracket could not be paired; 1-3 both prefer black (x = 0); the
/// exchange 1 with 2 gives 2-3 and moves 1 down, who meets 7 (5 met, 6 prefers black too); then 5-6.
#[test]
fn c13_the_penultimate_bracket_is_paired_again() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
        .round(&[(1, 5, '1'), (6, 2, '0'), (3, 7, '1'), (8, 4, '0')], &[])
        .round(&[], &[(4, 'Z'), (8, 'Z')])
        .line("XXR 5")
        .line("XXP 3 5")
        .line("XXP 3 6")
        .line("XXP 3 7")
        .build();
    assert_eq!(pair_round(&t), (vec![(2, 3), (7, 1), (5, 6)], None));
}

/// C.14: among the winners only 1-3, 2-3 and 3-4 are allowed (forbidden pairs): everybody has an
/// opponent (no C.1), but only one pairing can be made, so p = 1 (x = 0 stays 0). S1 = 1 against
/// 2 3 4: 1-3 both prefer black; the first exchange, 1 with 2, gives 2-3 and moves 1 and 4 down.
/// S1 = 1 4 against 5 6 7 8 (x = 0): 1-5 met, 1-6 both black, so 1-7; 4-5 both white, so 4-6; then 5-8.
#[test]
fn c14_fewer_pairings() {
    let t = eight_after_round_one().line("XXP 1 2 4").build();
    assert_eq!(pair_round(&t), (vec![(2, 3), (7, 1), (4, 6), (5, 8)], None));
}

/// E.1, E.2 and E.4 on single pairs of the six players of the B.2 test: 1 and 4 must have black, 2 and 3
/// white (absolute), 5 prefers white and 6 black (mild).
#[test]
fn e1_e2_e4_colours_of_a_pair() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900])
        .round(&[(1, 2, '='), (4, 3, '='), (5, 6, '=')], &[])
        .round(&[(1, 3, '='), (4, 5, '='), (6, 2, '=')], &[])
        .line("XXR 5")
        .build();
    let ctx = ctx_of(&t);
    let colour = |h: usize, l: usize| super::colours::colour_of_higher(&ctx, h - 1, l - 1);
    // E.1: both granted.
    assert_eq!(colour(1, 5), B);
    assert_eq!(colour(5, 1), W);
    // E.2: the stronger (absolute) preference of 3 beats the mild one of 5, that of 1 the mild one of 6.
    assert_eq!(colour(5, 3), B);
    assert_eq!(colour(6, 1), W);
    // E.4: 1 and 4 have the same history, so E.3 finds no round to alternate to: the higher gets black.
    assert_eq!(colour(1, 4), B);
    assert_eq!(colour(4, 1), B);
}

/// E.2 and E.3 with F.3: 1 played W B - W (absent in round 3), 2 W W B - (absent in round 4); both prefer
/// black strongly (difference +1). Read without the unplayed rounds, W B W against W W B differ in the
/// latest game: 1 (white there) gets black. (Matched round by round they would first differ in round 2,
/// which would give 1 white.)
#[test]
fn e3_f3_unplayed_rounds_are_left_out() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900])
        .round(&[(1, 3, '='), (2, 4, '='), (5, 6, '=')], &[])
        .round(&[(4, 1, '='), (2, 5, '='), (3, 6, '=')], &[])
        .round(&[(3, 2, '='), (4, 6, '=')], &[(1, 'Z'), (5, 'U')])
        .round(&[(1, 5, '='), (3, 4, '=')], &[(2, 'Z'), (6, 'U')])
        .line("XXR 6")
        .build();
    let ctx = ctx_of(&t);
    assert_eq!(ctx.player(0).colours, vec![W, B, W]);
    assert_eq!(ctx.player(1).colours, vec![W, W, B]);
    assert_eq!(super::colours::colour_of_higher(&ctx, 0, 1), B);
    assert_eq!(super::colours::colour_of_higher(&ctx, 1, 0), W);
}

/// F.1: boards by the score of the higher player, then the sum, then the A.2 rank of the higher player.
#[test]
fn f1_board_order() {
    // From C.12: 3-4 (1 point, sum 2), 1-2 (1 point, sum 1.5), 6-5 (0.5), 7-8 (0).
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
        .round(&[(1, 5, '1'), (6, 2, '='), (3, 7, '1'), (8, 4, '0')], &[])
        .line("XXR 5")
        .build();
    let (games, _) = pair_round(&t);
    let score = |n: u32| match n {
        1 | 3 | 4 => 2,
        2 | 6 => 1,
        _ => 0,
    };
    let keys: Vec<(i32, i32)> = games
        .iter()
        .map(|&(a, b)| (score(a).max(score(b)), score(a) + score(b)))
        .collect();
    let mut sorted = keys.clone();
    sorted.sort_by(|x, y| y.cmp(x));
    assert_eq!(keys, sorted, "{games:?}");
}

/// The whole round is completed when any pairing exists, and never when none does.
#[test]
fn completion_or_no_valid_pairing() {
    let mut rng = Lcg(5);
    for case in 0..200 {
        let n = 2 + (case % 9);
        let met = 3 + rng.below(5);
        let ctx = random_ctx(&mut rng, n, 0, met);
        match super::pair_ctx(&ctx) {
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
                    strict: false,
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

/// Edge cases: nobody present; one player (the bye, if B.1.b allows it); two players who have met.
#[test]
fn tiny_rounds() {
    let t = Trf::new(&[2000, 1900])
        .round(&[], &[(1, 'Z'), (2, 'Z')])
        .build();
    assert_eq!(pair_round(&t), (vec![], None));
    let t = Trf::new(&[2000, 1900]).round(&[], &[(2, 'Z')]).build();
    assert_eq!(pair_round(&t), (vec![], Some(1)));
    let t = Trf::new(&[2000, 1900, 1800])
        .round(&[(2, 3, '1')], &[(1, 'U')])
        .round(&[], &[(2, 'Z'), (3, 'Z')])
        .build();
    let e = super::pair(&t, &RoundState::new(&t)).expect_err("1 had the bye");
    assert!(matches!(e, Error::NoValidPairing(_)), "{e}");
    let t = Trf::new(&[2000, 1900]).round(&[(1, 2, '=')], &[]).build();
    let e = super::pair(&t, &RoundState::new(&t)).expect_err("they have met");
    assert!(matches!(e, Error::NoValidPairing(_)), "{e}");
}
