//! Section D: the order of transpositions (D.1) and exchanges (D.2).
//!
//! Positions are 0-based places in the group's A.2 order: S1 holds positions `0..p`, S2 the rest.

use crate::sorting::sort;
use std::collections::VecDeque;

/// D.1: the next transposition of S2 ("all numbers constructable with the digits 5, 6, 7 and 8 in
/// ascending order"), i.e. the next permutation in lexicographic order; false after the last one. The
/// search visits transpositions in this order without listing them (see [`super::search`]); the tests
/// list them with this function.
#[cfg(test)]
pub fn next_transposition(s2: &mut [usize]) -> bool {
    let n = s2.len();
    let Some(i) = (1..n).rev().find(|&i| s2[i - 1] < s2[i]) else {
        return false;
    };
    let pivot = i - 1;
    let Some(j) = (i..n).rev().find(|&j| s2[j] > s2[pivot]) else {
        return false;
    };
    s2.swap(pivot, j);
    s2[i..].reverse();
    true
}

/// One exchange of D.2: the positions moving from S1 to S2 and from S2 to S1 (both empty for the original
/// subgroups).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exchange {
    pub from_s1: Vec<usize>,
    pub from_s2: Vec<usize>,
}

impl Exchange {
    /// S1 and S2 after the exchange, each in A.2 order (A.9.b: "both S1 and S2 are to be ordered
    /// according to A2").
    pub fn split(&self, n: usize, p: usize) -> (Vec<usize>, Vec<usize>) {
        let mut s1: Vec<usize> = (0..p)
            .filter(|i| !self.from_s1.contains(i))
            .chain(self.from_s2.iter().copied())
            .collect();
        let mut s2: Vec<usize> = (p..n)
            .filter(|i| !self.from_s2.contains(i))
            .chain(self.from_s1.iter().copied())
            .collect();
        sort(&mut s1);
        sort(&mut s2);
        (s1, s2)
    }
}

/// D.2: the exchanges of a group of `n` players whose S1 holds `p`, in the order they are applied: the
/// original subgroups first, then one player exchanged, then two, and so on (the text stops at two; more
/// follow the same rules so that every pairing can be reached).
///
/// Within one number of players exchanged: the smallest difference between the sums of the numbers
/// exchanged first; on equal differences the exchange "concerning the lowest player of S1" first, i.e. the
/// S1 players compared from the lowest one up; then (a case the text leaves open) the S2 players compared
/// from the highest one down, the set with the higher player first.
///
/// The matrices of D.2 leave out exchanges that cannot give a new pairing, and so does this order: the
/// last player of S2 is never exchanged (whoever pairs them, they are the lower player), and the top
/// `j` players of the group are never all moved into S2 when fewer than `j` players remain unpaired (a
/// player moved into S2 is either unpaired or paired with a higher player of S1). For 8 players this is
/// exactly the two matrices of the text; for 7, their remark (numbers less one, last column obsolete).
pub struct Exchanges {
    n: usize,
    p: usize,
    /// Players left unpaired by a candidate: `n - 2p`.
    unpaired: usize,
    k: usize,
    total: usize,
    started: bool,
    pending: VecDeque<Exchange>,
}

impl Exchanges {
    pub fn new(n: usize, p: usize) -> Exchanges {
        let p = p.min(n / 2);
        Exchanges {
            n,
            p,
            unpaired: n - 2 * p,
            k: 0,
            total: 0,
            started: false,
            pending: VecDeque::new(),
        }
    }

    /// Largest number of players that can be exchanged.
    fn k_max(&self) -> usize {
        self.p.min(self.n - self.p)
    }

    /// Sum of the `k` largest of `1..=m`.
    fn top_sum(m: usize, k: usize) -> usize {
        (0..k).map(|i| m.saturating_sub(i)).sum()
    }

    /// Whether the exchange can give no new pairing (see the type's documentation).
    fn obsolete(&self, from_s1: &[usize], from_s2: &[usize]) -> bool {
        if from_s2.contains(&(self.n - 1)) {
            return true;
        }
        let top = (0..).take_while(|i| from_s1.contains(i)).count();
        top > self.unpaired
    }

    /// Queues every exchange of `k` players whose distances from the S1/S2 boundary add up to `total`.
    /// An S1 player at distance `u` is position `p - u`; an S2 player at distance `v` is `p + v - 1`; the
    /// difference of the sums of the numbers exchanged is `total - k`.
    fn fill(&mut self) {
        let (k, total, p, s2_len) = (self.k, self.total, self.p, self.n - self.p);
        let v_min = k * (k + 1) / 2;
        let v_max = Exchanges::top_sum(s2_len, k);
        let mut u_sets = Vec::new();
        subsets(
            k,
            p,
            total.saturating_sub(v_max),
            total.saturating_sub(v_min),
            &mut |u| u_sets.push(u.to_vec()),
        );
        for u in u_sets {
            let rest = total - u.iter().sum::<usize>();
            let from_s1: Vec<usize> = u.iter().map(|&d| p - d).collect();
            let mut found = Vec::new();
            subsets(k, s2_len, rest, rest, &mut |v| found.push(v.to_vec()));
            for v in found {
                let from_s2: Vec<usize> = v.iter().map(|&d| p + d - 1).collect();
                if !self.obsolete(&from_s1, &from_s2) {
                    self.pending.push_back(Exchange {
                        from_s1: from_s1.clone(),
                        from_s2,
                    });
                }
            }
        }
    }
}

impl Iterator for Exchanges {
    type Item = Exchange;

    fn next(&mut self) -> Option<Exchange> {
        if !self.started {
            self.started = true;
            return Some(Exchange {
                from_s1: Vec::new(),
                from_s2: Vec::new(),
            });
        }
        loop {
            if let Some(e) = self.pending.pop_front() {
                return Some(e);
            }
            let max_total =
                Exchanges::top_sum(self.p, self.k) + Exchanges::top_sum(self.n - self.p, self.k);
            if self.k == 0 || self.total >= max_total {
                if self.k >= self.k_max() {
                    return None;
                }
                self.k += 1;
                self.total = self.k * (self.k + 1);
            } else {
                self.total += 1;
            }
            self.fill();
        }
    }
}

/// Calls `visit` with every set of `k` distinct numbers from `1..=max`, ascending within the set, whose
/// sum lies in `low..=high`, in lexicographic order.
fn subsets(k: usize, max: usize, low: usize, high: usize, visit: &mut dyn FnMut(&[usize])) {
    let mut chosen = Vec::with_capacity(k);
    subsets_from(k, 1, max, low, high, 0, &mut chosen, visit);
}

#[allow(clippy::too_many_arguments)]
fn subsets_from(
    k: usize,
    from: usize,
    max: usize,
    low: usize,
    high: usize,
    sum: usize,
    chosen: &mut Vec<usize>,
    visit: &mut dyn FnMut(&[usize]),
) {
    let left = k - chosen.len();
    if left == 0 {
        if (low..=high).contains(&sum) {
            visit(chosen);
        }
        return;
    }
    for next in from..=max {
        if max + 1 - next < left {
            break;
        }
        // Smallest and largest sums still reachable with `next` as the following element.
        let least = sum + (0..left).map(|i| next + i).sum::<usize>();
        let most = sum + next + Exchanges::top_sum(max, left - 1);
        if least > high {
            break;
        }
        if most < low {
            continue;
        }
        chosen.push(next);
        subsets_from(k, next + 1, max, low, high, sum + next, chosen, visit);
        chosen.pop();
    }
}
