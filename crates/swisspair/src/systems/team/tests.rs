use super::*;
use crate::systems::team::context::Context;

fn pair_text(text: &str) -> String {
    let t = TeamTournament::from_bytes(text.as_bytes()).unwrap();
    pair(&t).unwrap().to_text()
}

fn one_board_teams(n: u32, rounds: &[&str]) -> String {
    let mut s = String::from("012 t\n152 W\n142 5\n192 FIDE_TEAM_TYPEA_MP_GP\n");
    for i in 1..=n {
        let cells = rounds.get(i as usize - 1).copied().unwrap_or("");
        s.push_str(&format!(
            "001 {i:>4}      P{i:<32} 2500                             0.0 {i:>4}{cells}\n"
        ));
    }
    for i in 1..=n {
        s.push_str(&format!("310 {i:<4}{:<65}{i:>4}\n", format!("Team{i}")));
    }
    s
}

#[test]
fn round_one_is_split_in_halves_with_colours_by_tpn_parity() {
    // 3.6.2: tops {1,2,3}, bottoms {4,5,6}; 4.3.1: odd TPN takes the initial colour.
    assert_eq!(pair_text(&one_board_teams(6, &[])), "3\n1 4\n5 2\n3 6\n");
}

#[test]
fn the_bye_goes_to_the_largest_tpn_among_equals() {
    // 3.4.4.
    assert_eq!(
        pair_text(&one_board_teams(7, &[])),
        "4\n1 4\n5 2\n3 6\n7 0\n"
    );
}

/// The text's procedure itself (3.6): every pairing of a small bracket, the legal ones with the best
/// C8, C9, C10 counts, the first by identifier. An oracle for [`bracket::pair`].
fn enumerate_first(
    ctx: &Context,
    teams: &[usize],
    ups: &BTreeSet<usize>,
) -> Option<Vec<(usize, usize)>> {
    fn all(
        rest: &[usize],
        ctx: &Context,
        acc: &mut Vec<(usize, usize)>,
        out: &mut Vec<Vec<(usize, usize)>>,
    ) {
        let Some((&a, tail)) = rest.split_first() else {
            out.push(acc.clone());
            return;
        };
        for (i, &b) in tail.iter().enumerate() {
            if ctx.legal(a, b) {
                let others: Vec<usize> = tail
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, &x)| x)
                    .collect();
                acc.push((a, b));
                all(&others, ctx, acc, out);
                acc.pop();
            }
        }
    }
    let mut sorted = teams.to_vec();
    sorted.sort_unstable();
    let mut out = Vec::new();
    all(&sorted, ctx, &mut Vec::new(), &mut out);
    let key = |p: &Vec<(usize, usize)>| {
        let mut c = [0u32; 3];
        for &(a, b) in p {
            for (k, d) in bracket::tests_cost(ctx, ups, a, b).into_iter().enumerate() {
                c[k] += d;
            }
        }
        let mut pairs = p.clone();
        pairs.sort_unstable();
        let id: Vec<usize> = pairs
            .iter()
            .map(|x| x.0)
            .chain(pairs.iter().map(|x| x.1))
            .collect();
        (c, id)
    };
    out.into_iter().min_by_key(key).map(|mut p| {
        p.sort_unstable();
        p
    })
}

#[test]
fn brackets_are_paired_as_the_text_enumerates() {
    use crate::tournament::team::ColourMode;
    use crate::tournament::Colour;
    let mut next = crate::test_trf::draws(0x9E37_79B9_7F4A_7C15);
    for case in 0..400 {
        let n = 2 * (1 + next(4) as usize);
        let mode = [ColourMode::TypeA, ColourMode::TypeB, ColourMode::None][case % 3];
        let standings: Vec<standing::Standing> = (0..n)
            .map(|i| {
                let preference = match next(5) {
                    0 | 1 => None,
                    k => Some(standing::Preference {
                        colour: if k == 2 { Colour::White } else { Colour::Black },
                        strong: next(2) == 0,
                    }),
                };
                standing::Standing {
                    tpn: i as u32 + 1,
                    score: Score::ZERO,
                    secondary: Score::ZERO,
                    colours: Vec::new(),
                    cd: 0,
                    preference,
                    floated_last: next(3) == 0,
                    matches_played: 0,
                    may_get_bye: true,
                    met: (0..n as u32)
                        .filter(|_| next(4) == 0)
                        .map(|x| x + 1)
                        .filter(|&x| x != i as u32 + 1)
                        .collect(),
                }
            })
            .collect();
        // Meetings are symmetric.
        let mut standings = standings;
        for a in 0..n {
            let met: Vec<u32> = standings[a].met.iter().copied().collect();
            for b in met {
                standings[b as usize - 1].met.insert(a as u32 + 1);
            }
        }
        let ctx = Context::new(standings, &BTreeSet::new(), next(2) == 0, mode);
        let teams: Vec<usize> = (0..n).collect();
        let ups: BTreeSet<usize> = teams.iter().copied().filter(|_| next(3) == 0).collect();
        let expected = enumerate_first(&ctx, &teams, &ups);
        let got = bracket::pair(&ctx, &teams, &ups).ok().map(|mut p| {
            p.sort_unstable();
            p
        });
        assert_eq!(got, expected, "case {case}");
    }
}

/// A team event of `n` one-board teams played for `rounds` rounds, each round paired by [`pair`] and its
/// results drawn by `result` (0 loss, 1 draw, 2 win for the first team): the absolute criteria hold in
/// every round (C1 no rematch, C2 no second PAB, C3 everyone present paired) and a pairing read again
/// from the same text is the same.
fn play(n: u32, rounds: usize, mut result: impl FnMut() -> u8) {
    // cells[i]: player i's round cells, as TRF text.
    let mut cells: Vec<String> = vec![String::new(); n as usize];
    let mut met: BTreeSet<(u32, u32)> = BTreeSet::new();
    let mut had_bye: BTreeSet<u32> = BTreeSet::new();
    for round in 1..=rounds {
        let text = one_board_teams(n, &cells.iter().map(String::as_str).collect::<Vec<_>>())
            .replace("142 5", &format!("142 {rounds}"));
        let t = TeamTournament::from_bytes(text.as_bytes()).unwrap();
        let pairing = match pair(&t) {
            Ok(p) => p,
            Err(crate::error::Error::NoValidPairing(why)) => {
                // Only when no legal pairing exists: every team present, no rematch, the PAB (when the
                // number is odd) to a team without one.
                let teams: Vec<u32> = (1..=n).collect();
                let exists = if n.is_multiple_of(2) {
                    legal_pairing_exists(&teams, &met)
                } else {
                    teams.iter().filter(|x| !had_bye.contains(x)).any(|&x| {
                        let rest: Vec<u32> = teams.iter().copied().filter(|&y| y != x).collect();
                        legal_pairing_exists(&rest, &met)
                    })
                };
                assert!(
                    !exists,
                    "round {round}: {why}, but a legal pairing exists\n{text}"
                );
                return;
            }
            Err(e) => panic!("round {round}: {e}\n{text}"),
        };
        let again = pair(&TeamTournament::from_bytes(text.as_bytes()).unwrap()).unwrap();
        assert_eq!(
            pairing, again,
            "round {round}: the same input, the same output"
        );
        let mut seen = BTreeSet::new();
        for &(w, b) in &pairing.matches {
            assert!(
                met.insert((w.min(b), w.max(b))),
                "round {round}: {w}-{b} met before (C1)"
            );
            assert!(
                seen.insert(w) && seen.insert(b),
                "round {round}: a team twice"
            );
            let r = result();
            let (cw, cb) = match r {
                2 => ('1', '0'),
                1 => ('=', '='),
                _ => ('0', '1'),
            };
            cells[w as usize - 1].push_str(&format!("  {b:>4} w {cw}"));
            cells[b as usize - 1].push_str(&format!("  {w:>4} b {cb}"));
        }
        if let Some(x) = pairing.bye {
            assert!(
                had_bye.insert(x),
                "round {round}: {x} had the PAB before (C2)"
            );
            assert!(seen.insert(x), "round {round}: the PAB team also paired");
            cells[x as usize - 1].push_str("  0000 - U");
        }
        assert_eq!(
            seen.len(),
            n as usize,
            "round {round}: everyone paired (C3)"
        );
    }
}

/// Whether `teams` can all be paired without a rematch, by trying every pairing.
fn legal_pairing_exists(teams: &[u32], met: &BTreeSet<(u32, u32)>) -> bool {
    let Some((&a, rest)) = teams.split_first() else {
        return true;
    };
    rest.iter().enumerate().any(|(i, &b)| {
        !met.contains(&(a.min(b), a.max(b))) && {
            let others: Vec<u32> = rest
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &x)| x)
                .collect();
            legal_pairing_exists(&others, met)
        }
    })
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
    #[test]
    fn every_round_meets_the_absolute_criteria(n in 2u32..15, seed in 0u64..u64::MAX) {
        let mut next = crate::test_trf::draws(seed);
        let rounds = (n as usize - 1).min(7);
        play(n, rounds, move || next(3) as u8);
    }
}

/// True when `teams` can all be paired over the pairs `ok` allows (by trying every partner of the
/// first).
fn perfect_over(teams: &[usize], ok: &dyn Fn(usize, usize) -> bool) -> bool {
    let Some((&a, rest)) = teams.split_first() else {
        return true;
    };
    rest.iter().enumerate().any(|(i, &b)| {
        let others: Vec<usize> = rest
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &x)| x)
            .collect();
        ok(a, b) && perfect_over(&others, ok)
    })
}

/// True when `teams` can all be paired over the legal pairs.
fn perfect(ctx: &Context, teams: &[usize]) -> bool {
    perfect_over(teams, &|a, b| ctx.legal(a, b))
}

/// The text's procedure itself (3.5): every set of potential upfloaters, those giving a legal pairing
/// of the bracket (no two upfloaters together: fewer would do) and of the teams left (C3); the fewest
/// (C4), the highest scores in ascending order (C5); then in 3.5.3-3.5.4's order the first that
/// complies with C6 (the following scoregroup's teams left pair among themselves with no upfloater, or
/// one when odd; complied with or not) and has the fewest C7 upfloaters. An oracle for
/// [`upfloaters::select`].
fn first_set(
    ctx: &Context,
    unpaired: &[usize],
    following: Option<Score>,
) -> Option<BTreeSet<usize>> {
    let top_score = unpaired.iter().map(|&a| ctx.score(a)).max()?;
    let top: Vec<usize> = unpaired
        .iter()
        .copied()
        .filter(|&a| ctx.score(a) == top_score)
        .collect();
    let lower: Vec<usize> = unpaired
        .iter()
        .copied()
        .filter(|&a| ctx.score(a) < top_score)
        .collect();
    // The bracket's pairing puts every upfloater with a resident.
    let bracket_pairs = |set: &[usize]| {
        let mut teams = top.clone();
        teams.extend(set);
        teams.len().is_multiple_of(2) && {
            let legal_here = |a: usize, b: usize| {
                ctx.legal(a, b) && (ctx.score(a) == top_score || ctx.score(b) == top_score)
            };
            perfect_over(&teams, &legal_here)
        }
    };
    let mut feasible: Vec<Vec<usize>> = Vec::new();
    for mask in 0u32..(1 << lower.len()) {
        let set: Vec<usize> = (0..lower.len())
            .filter(|&i| mask & (1 << i) != 0)
            .filter_map(|i| lower.get(i).copied())
            .collect();
        let rest: Vec<usize> = lower.iter().copied().filter(|a| !set.contains(a)).collect();
        if bracket_pairs(&set) && perfect(ctx, &rest) {
            feasible.push(set);
        }
    }
    // C4, then C5 (the scores in ascending order, the higher the better).
    let fewest = feasible.iter().map(Vec::len).min()?;
    feasible.retain(|s| s.len() == fewest);
    let profile = |s: &Vec<usize>| {
        let mut p: Vec<Score> = s.iter().map(|&a| ctx.score(a)).collect();
        p.sort_unstable();
        p
    };
    let best = feasible.iter().map(profile).max()?;
    feasible.retain(|s| profile(s) == best);
    // 3.5.3, 3.5.4: by descending score then ascending TPN; the sets in lexicographic order.
    for s in &mut feasible {
        s.sort_by_key(|&a| (std::cmp::Reverse(ctx.score(a)), a));
    }
    feasible.sort();
    let c6 = |s: &Vec<usize>| {
        let Some(f) = following else { return true };
        let rest: Vec<usize> = lower.iter().copied().filter(|a| !s.contains(a)).collect();
        let group: Vec<usize> = rest
            .iter()
            .copied()
            .filter(|&a| ctx.score(a) == f)
            .collect();
        if group.is_empty() {
            return true;
        }
        let below: Vec<usize> = rest.iter().copied().filter(|&a| ctx.score(a) < f).collect();
        let choices: Vec<Vec<usize>> = if group.len().is_multiple_of(2) {
            vec![Vec::new()]
        } else {
            below.iter().map(|&u| vec![u]).collect()
        };
        choices.iter().any(|u| {
            let mut bracket = group.clone();
            bracket.extend(u);
            let others: Vec<usize> = below.iter().copied().filter(|a| !u.contains(a)).collect();
            perfect(ctx, &bracket) && perfect(ctx, &others)
        })
    };
    let c7 = |s: &Vec<usize>| {
        s.iter()
            .filter(|&&a| !ctx.last_two && ctx.floated_last(a))
            .count()
    };
    let any_c6 = feasible.iter().any(c6);
    feasible
        .iter()
        .min_by_key(|s| (any_c6 && !c6(s), c7(s)))
        .map(|s| s.iter().copied().collect())
}

#[test]
fn upfloaters_are_chosen_as_the_text_enumerates() {
    let mut next = crate::test_trf::draws(0x2545_F491_4F6C_DD1D);
    let mut compared = 0;
    for case in 0..1500 {
        let n = 4 + next(8) as usize;
        let mut standings: Vec<standing::Standing> = (0..n)
            .map(|i| standing::Standing {
                tpn: i as u32 + 1,
                score: Score(10 * next(4) as i32),
                secondary: Score::ZERO,
                colours: Vec::new(),
                cd: 0,
                preference: None,
                floated_last: next(3) == 0,
                matches_played: 0,
                may_get_bye: true,
                met: BTreeSet::new(),
            })
            .collect();
        for a in 0..n {
            for b in a + 1..n {
                if next(3) == 0 {
                    standings[a].met.insert(b as u32 + 1);
                    standings[b].met.insert(a as u32 + 1);
                }
            }
        }
        let ctx = Context::new(
            standings,
            &BTreeSet::new(),
            next(4) == 0,
            crate::tournament::team::ColourMode::None,
        );
        // Some teams were paired by earlier brackets: the following scoregroup is the round's.
        let mut unpaired: Vec<usize> = (0..n).filter(|_| next(5) != 0).collect();
        if unpaired.len() % 2 == 1 {
            unpaired.pop();
        }
        let Some(top) = unpaired.iter().map(|&a| ctx.score(a)).max() else {
            continue;
        };
        let following = (0..n).map(|a| ctx.score(a)).filter(|&s| s < top).max();
        if !perfect(&ctx, &unpaired) {
            continue;
        }
        let expected = first_set(&ctx, &unpaired, following);
        let got = upfloaters::select(&ctx, &unpaired, following)
            .ok()
            .map(|s| s.teams);
        assert_eq!(got, expected, "case {case}: unpaired {unpaired:?}");
        compared += 1;
    }
    assert!(compared > 500, "{compared} cases compared");
}
