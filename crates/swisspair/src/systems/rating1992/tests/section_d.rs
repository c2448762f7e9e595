//! Section D: the orders of transpositions (D.1) and exchanges (D.2) as the text prints them. These
//! test the orders alone, with no round paired, so there is no explanation to check here: D.1 and D.2
//! in an explanation are checked by the article cases (`b2_colour_limits_are_absolute`,
//! `b1a_no_rematch_and_b4_colours_reached_by_an_exchange`).

use super::super::exchanges::{next_transposition, Exchanges};

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

/// The exchanges of one player each, as `(from S1, from S2)`.
fn of_one(all: &[(Vec<usize>, Vec<usize>)]) -> Vec<(usize, usize)> {
    all.iter()
        .filter(|(a, _)| a.len() == 1)
        .map(|(a, b)| (a[0], b[0]))
        .collect()
}

/// The exchanges of `k` players each.
fn of_size(all: &[(Vec<usize>, Vec<usize>)], k: usize) -> Vec<(Vec<usize>, Vec<usize>)> {
    all.iter().filter(|(a, _)| a.len() == k).cloned().collect()
}

/// Pairs of arrays as pairs of vectors.
fn listed<const A: usize, const B: usize>(
    pairs: &[([usize; A], [usize; B])],
) -> Vec<(Vec<usize>, Vec<usize>)> {
    pairs
        .iter()
        .map(|(a, b)| (a.to_vec(), b.to_vec()))
        .collect()
}

/// D.2's matrices for S1 = 1-4, S2 = 5-8: one player a) 4-5 b) 4-6 c) 3-5 d) 4-7 e) 3-6 f) 2-5
/// g) 3-7 h) 2-6 i) 2-7; two players j) 3+4/5+6 k) 3+4/5+7 l) 2+4/5+6 m) 3+4/6+7 n) 2+4/5+7 o) 2+3/5+6
/// p) 2+4/6+7 q) 2+3/5+7 r) 2+3/6+7.
#[test]
fn d2_exchange_matrices_for_eight_players() {
    let all = exchanges(8, 4);
    assert_eq!(all[0], (vec![], vec![]));
    let one = of_one(&all);
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
    let two = of_size(&all, 2);
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
    assert_eq!(two, listed(&expected));
    // Then three players (beyond the text, same rules): 2+3+4 with 5+6+7 is the only one left.
    let three = of_size(&all, 3);
    assert_eq!(three, vec![(vec![2, 3, 4], vec![5, 6, 7])]);
    assert_eq!(all.len(), 1 + 9 + 9 + 1);
}

/// D.2's remark: with 7 players S1 = 1-3, S2 = 4-7; the exchanges are the ones above with every number
/// less one, and the last column of the second matrix (1+2) is obsolete.
#[test]
fn d2_exchange_matrices_for_seven_players() {
    let all = exchanges(7, 3);
    let one = of_one(&all);
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
    let two = of_size(&all, 2);
    let expected = [
        ([2, 3], [4, 5]),
        ([2, 3], [4, 6]),
        ([1, 3], [4, 5]),
        ([2, 3], [5, 6]),
        ([1, 3], [4, 6]),
        ([1, 3], [5, 6]),
    ];
    assert_eq!(two, listed(&expected));
}

/// D.2 and A.9.b: after an exchange S1 and S2 are ordered by A.2 again.
#[test]
fn d2_subgroups_are_reordered_after_an_exchange() {
    let e = Exchanges::new(8, 4).nth(4).expect("d) 4 and 7");
    assert_eq!(e.split(8, 4), (vec![0, 1, 2, 6], vec![3, 4, 5, 7]));
}
