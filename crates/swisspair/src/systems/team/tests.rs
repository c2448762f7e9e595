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
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move |m: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % m
    };
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
