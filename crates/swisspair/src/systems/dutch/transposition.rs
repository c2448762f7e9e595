//! D.1 for a large remainder whose pairs differ only by the kinds of the two players.
//!
//! When every player of S1 must be paired with a player of S2, and what a pair is worth (C.5–C.19)
//! depends only on the two players' kinds (colour preference, floats) — no rematch or forbidden pair
//! singles anybody out — the best candidates are the assignments with the best count of pairs of each
//! kind against each kind. The first of them in D.1's order (each S1 player in turn with the lowest S2
//! player still possible) is then found on the kinds alone: a transportation problem between at most a
//! few dozen kinds, kept optimal while the players are assigned one by one, instead of one matching
//! probe per player of a bracket of thousands.

use crate::sorting::sort;

/// The weight of a pair of kinds; `None` when such players may not meet.
pub type KindWeights = Vec<Vec<Option<i128>>>;

/// An exact signed number for [`first_best_from`]'s values.
pub trait Value: Copy + Ord + std::ops::Add<Output = Self> + std::ops::Sub<Output = Self> {
    const ZERO: Self;
}

impl Value for i128 {
    const ZERO: Self = 0;
}

/// 256-bit signed values, for weights wider than `i128` holds.
pub type I256 = bnum::BInt<4>;

impl Value for I256 {
    const ZERO: Self = I256::ZERO;
}

/// Assigns `s1_kinds.len()` S1 players (in D.1 order) to S2 players (in BSN order) of the given kinds,
/// one each, with the largest total weight and, among those, the lexicographically smallest sequence of
/// S2 positions. Returns, for each S1 player, the position of its partner in S2; `None` when the kinds
/// allow no assignment of everybody (or the numbers of players differ).
pub fn first_best_assignment(
    s1_kinds: &[usize],
    s2_kinds: &[usize],
    weights: &KindWeights,
) -> Option<Vec<usize>> {
    let kinds = weights.len();
    if s1_kinds.len() != s2_kinds.len() || s1_kinds.iter().chain(s2_kinds).any(|&k| k >= kinds) {
        return None;
    }
    let mut rows = vec![0u64; kinds];
    let mut columns = vec![0u64; kinds];
    for &k in s1_kinds {
        rows[k] += 1;
    }
    for &k in s2_kinds {
        columns[k] += 1;
    }
    let mut flow = Transport::optimal(&rows, &columns, weights)?;
    // The S2 players still free, by kind, lowest position first.
    let mut free: Vec<std::collections::VecDeque<usize>> = vec![Default::default(); kinds];
    for (position, &k) in s2_kinds.iter().enumerate() {
        free[k].push_back(position);
    }
    let mut partners = Vec::with_capacity(s1_kinds.len());
    for &a in s1_kinds {
        // Candidates: the lowest free S2 player of each kind, in position order.
        let mut candidates: Vec<(usize, usize)> = (0..kinds)
            .filter(|&k| weights[a][k].is_some())
            .filter_map(|k| free[k].front().map(|&p| (p, k)))
            .collect();
        sort(&mut candidates);
        let (position, kind) = candidates
            .into_iter()
            .find(|&(_, k)| flow.route_through(a, k))?;
        flow.amount[a][kind] -= 1;
        free[kind].pop_front();
        partners.push(position);
    }
    Some(partners)
}

/// The largest total weight of a transportation with the given row and column totals (each unit a
/// pair of a row kind and a column kind); `None` when there is none.
pub fn best_total(rows: &[u64], columns: &[u64], weights: &KindWeights) -> Option<i128> {
    let k = weights.len();
    if rows.len() != k
        || columns.len() != k
        || rows.iter().sum::<u64>() != columns.iter().sum::<u64>()
    {
        return None;
    }
    let t = Transport::optimal(rows, columns, weights)?;
    let mut total = 0i128;
    for (r, amounts) in t.amount.iter().enumerate() {
        for (c, &a) in amounts.iter().enumerate() {
            if a > 0 {
                total += i128::from(a) * weights[r][c]?;
            }
        }
    }
    Some(total)
}

/// The first best assignment (as [`first_best_assignment`]) when pairs are not all decided by kinds,
/// starting from an assignment `optimal` (row → column) already known to be best: `weight(row, column)`
/// is `None` where the two may not meet. Dual values proving `optimal` best are found first (longest
/// paths over the exchange arcs, at most `MOST_PASSES` relaxations per row); the best assignments are then exactly
/// the perfect ones on the pairs that meet their duals (the tight pairs), and each row in turn takes the
/// lowest tight column that an alternating path of tight pairs lets it have. `None` when the duals are
/// not found in time (the caller falls back to its own search).
pub fn first_best_from<V: Value>(
    optimal: &[usize],
    weight: impl Fn(usize, usize) -> Option<V>,
) -> Option<Vec<usize>> {
    const MOST_PASSES: usize = 64;
    let n = optimal.len();
    let mut row_of = vec![NONE; n];
    for (r, &c) in optimal.iter().enumerate() {
        if c >= n || row_of[c] != NONE {
            return None;
        }
        row_of[c] = r;
    }
    let own: Vec<V> = (0..n)
        .map(|r| weight(r, optimal[r]))
        .collect::<Option<_>>()?;
    // Column duals: v[b] >= v[optimal[a]] + w(a, b) - w(a, optimal[a]) for every pair that may meet:
    // longest paths, relaxed row by row from a queue (a row is looked at again when the dual of its
    // own column rose), at most `MOST_PASSES` times the rows in all.
    let mut v = vec![V::ZERO; n];
    let mut queued = vec![true; n];
    let mut queue: std::collections::VecDeque<usize> = (0..n).collect();
    let mut budget = MOST_PASSES.saturating_mul(n);
    while let Some(a) = queue.pop_front() {
        queued[a] = false;
        if budget == 0 {
            return None;
        }
        budget -= 1;
        let base = v[optimal[a]] - own[a];
        for (b, vb) in v.iter_mut().enumerate() {
            if let Some(w) = weight(a, b) {
                if base + w > *vb {
                    *vb = base + w;
                    let r = row_of[b];
                    if !queued[r] {
                        queued[r] = true;
                        queue.push_back(r);
                    }
                }
            }
        }
    }
    let u: Vec<V> = (0..n).map(|a| own[a] - v[optimal[a]]).collect();
    // The tight pairs, as a set of rows for each column.
    let words = n.div_ceil(64);
    let mut tight_rows = vec![0u64; n * words];
    for a in 0..n {
        for b in 0..n {
            if weight(a, b) == Some(u[a] + v[b]) {
                tight_rows[b * words + a / 64] |= 1 << (a % 64);
            }
        }
    }
    let tight = |a: usize, b: usize| has(&tight_rows[b * words..], a);
    let mut column_of = optimal.to_vec();
    let mut fixed_column = vec![false; n];
    // Rows that may still move: those after the one being placed (the earlier ones are fixed).
    let mut movable = vec![u64::MAX; words];
    if !n.is_multiple_of(64) {
        movable[words - 1] = (1 << (n % 64)) - 1;
    }
    let mut through = vec![NONE; n]; // a row that can hand its column on: the column it takes
    let mut reached = vec![0u64; words];
    let mut queue = std::collections::VecDeque::new();
    for a in 0..n {
        movable[a / 64] &= !(1 << (a % 64));
        let current = column_of[a];
        // The lowest tight column a could have; its own unless a lower one is possible.
        let lower = (0..current).filter(|&b| !fixed_column[b] && tight(a, b));
        let mut chosen = current;
        let mut candidates = lower.peekable();
        if candidates.peek().is_some() {
            // The rows that can give their column up along tight pairs, each taking the next
            // column towards `current`: found backwards from `current`.
            reached.iter_mut().for_each(|w| *w = 0);
            queue.clear();
            queue.push_back(current);
            while let Some(x) = queue.pop_front() {
                for (i, word) in reached.iter_mut().enumerate() {
                    let mut new = tight_rows[x * words + i] & movable[i] & !*word;
                    *word |= new;
                    while new != 0 {
                        let r = i * 64 + new.trailing_zeros() as usize;
                        new &= new - 1;
                        through[r] = x;
                        queue.push_back(column_of[r]);
                    }
                }
            }
            if let Some(b) = candidates.find(|&b| has(&reached, row_of[b])) {
                // Each row on the path takes the column it reached `current` through.
                let mut r = row_of[b];
                loop {
                    let x = through[r];
                    let next = row_of[x];
                    column_of[r] = x;
                    row_of[x] = r;
                    if x == current {
                        break;
                    }
                    r = next;
                }
                column_of[a] = b;
                row_of[b] = a;
                chosen = b;
            }
        }
        fixed_column[chosen] = true;
    }
    Some(column_of)
}

/// No predecessor: the path starts here.
const NONE: usize = usize::MAX;

/// Whether bit `i` of the bit set `set` is on.
fn has(set: &[u64], i: usize) -> bool {
    set.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
}

/// Best gains of paths over a transportation's residual arcs, with the arc each came by.
struct Paths {
    row_gain: Vec<Option<i128>>,
    column_gain: Vec<Option<i128>>,
    /// The column a row was reached from (`NONE`: a start).
    row_via: Vec<usize>,
    /// The row a column was reached from.
    column_via: Vec<usize>,
}

impl Paths {
    fn new(k: usize) -> Paths {
        Paths {
            row_gain: vec![None; k],
            column_gain: vec![None; k],
            row_via: vec![NONE; k],
            column_via: vec![NONE; k],
        }
    }
}

/// An optimal transportation between kinds: `amount[row kind][column kind]` pairs.
struct Transport<'w> {
    amount: Vec<Vec<u64>>,
    weights: &'w KindWeights,
}

impl<'w> Transport<'w> {
    /// The best transportation with the given row and column totals, or `None` when there is none:
    /// successive best augmenting paths from the empty transportation, each the best way to add the
    /// next pairs, so that the residual arcs never hold a cycle that gains.
    fn optimal(rows: &[u64], columns: &[u64], weights: &'w KindWeights) -> Option<Transport<'w>> {
        let k = weights.len();
        let mut t = Transport {
            amount: vec![vec![0; k]; k],
            weights,
        };
        let mut row_left = rows.to_vec();
        let mut column_left = columns.to_vec();
        let total: u64 = rows.iter().sum();
        let mut done = 0;
        while done < total {
            // Paths start at the rows with supply left.
            let mut paths = Paths::new(k);
            for (gain, &left) in paths.row_gain.iter_mut().zip(&row_left) {
                if left > 0 {
                    *gain = Some(0);
                }
            }
            t.relax(&mut paths, None);
            // The best column with demand left ends the path.
            let end = (0..k)
                .filter(|&c| column_left[c] > 0 && paths.column_gain[c].is_some())
                .max_by_key(|&c| (paths.column_gain[c], std::cmp::Reverse(c)))?;
            // The amount the path can carry.
            let mut most = column_left[end];
            let mut c = end;
            let start = loop {
                let r = paths.column_via[c];
                match paths.row_via[r] {
                    NONE => break r,
                    previous => {
                        most = most.min(t.amount[r][previous]);
                        c = previous;
                    }
                }
            };
            most = most.min(row_left[start]).min(total - done);
            let mut c = end;
            loop {
                let r = paths.column_via[c];
                t.amount[r][c] += most;
                match paths.row_via[r] {
                    NONE => break,
                    previous => {
                        t.amount[r][previous] -= most;
                        c = previous;
                    }
                }
            }
            row_left[start] -= most;
            column_left[end] -= most;
            done += most;
        }
        Some(t)
    }

    /// The best gains of paths from the starting gains in `paths`, over the residual arcs (row → column
    /// along a compatible arc, taking its weight; column → row along a used arc, giving it up), by
    /// Bellman-Ford: no cycle gains anything in an optimal transportation. `fixed` keeps its gain.
    fn relax(&self, paths: &mut Paths, fixed: Option<usize>) {
        let k = self.weights.len();
        for _ in 0..2 * k + 1 {
            let mut changed = false;
            for (r, row) in self.weights.iter().enumerate() {
                let Some(g) = paths.row_gain[r] else { continue };
                for (c, w) in row.iter().enumerate() {
                    let Some(w) = *w else { continue };
                    if Some(c) != fixed && paths.column_gain[c].is_none_or(|old| g + w > old) {
                        paths.column_gain[c] = Some(g + w);
                        paths.column_via[c] = r;
                        changed = true;
                    }
                }
            }
            for (r, row) in self.weights.iter().enumerate() {
                for (c, w) in row.iter().enumerate() {
                    let (Some(w), Some(g)) = (*w, paths.column_gain[c]) else {
                        continue;
                    };
                    if self.amount[r][c] > 0 && paths.row_gain[r].is_none_or(|old| g - w > old) {
                        paths.row_gain[r] = Some(g - w);
                        paths.row_via[r] = c;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// Makes the transportation carry a pair of kinds `row`–`column` without losing weight, if some best
    /// transportation does: true when it now does.
    fn route_through(&mut self, row: usize, column: usize) -> bool {
        if self.amount[row][column] > 0 {
            return true;
        }
        let Some(w) = self.weights[row][column] else {
            return false;
        };
        // A cycle: row → column (+w), then from `column` back to `row` over residual arcs.
        let mut paths = Paths::new(self.weights.len());
        paths.column_gain[column] = Some(0);
        self.relax(&mut paths, Some(column));
        let Paths {
            row_gain,
            row_via,
            column_via,
            ..
        } = paths;
        if row_gain[row].map(|g| g + w) != Some(0) {
            return false;
        }
        // Apply it: walk back from `row` to `column`.
        self.amount[row][column] += 1;
        let mut r = row;
        loop {
            let c = row_via[r];
            self.amount[r][c] -= 1;
            if c == column {
                break;
            }
            let previous = column_via[c];
            self.amount[previous][c] += 1;
            r = previous;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every assignment, by brute force: the first (lexicographic) of the best.
    fn brute(s1: &[usize], s2: &[usize], w: &KindWeights) -> Option<Vec<usize>> {
        struct Search<'a> {
            s1: &'a [usize],
            s2: &'a [usize],
            w: &'a KindWeights,
            used: Vec<bool>,
            current: Vec<usize>,
            best: Option<(i128, Vec<usize>)>,
        }
        impl Search<'_> {
            fn go(&mut self, total: i128) {
                let i = self.current.len();
                if i == self.s1.len() {
                    if self.best.as_ref().is_none_or(|(b, _)| total > *b) {
                        self.best = Some((total, self.current.clone()));
                    }
                    return;
                }
                for p in 0..self.s2.len() {
                    let Some(x) = self.w[self.s1[i]][self.s2[p]] else {
                        continue;
                    };
                    if self.used[p] {
                        continue;
                    }
                    self.used[p] = true;
                    self.current.push(p);
                    self.go(total + x);
                    self.current.pop();
                    self.used[p] = false;
                }
            }
        }
        let mut search = Search {
            s1,
            s2,
            w,
            used: vec![false; s2.len()],
            current: Vec::new(),
            best: None,
        };
        search.go(0);
        search.best.map(|(_, a)| a)
    }

    /// Every permutation of `n` columns that the weights allow, with its total, in lexicographic order.
    fn all_assignments(n: usize, w: &[Vec<Option<i128>>]) -> Vec<(i128, Vec<usize>)> {
        fn go(
            w: &[Vec<Option<i128>>],
            current: &mut Vec<usize>,
            total: i128,
            out: &mut Vec<(i128, Vec<usize>)>,
        ) {
            let r = current.len();
            if r == w.len() {
                out.push((total, current.clone()));
                return;
            }
            for c in 0..w.len() {
                let Some(x) = w[r][c] else { continue };
                if current.contains(&c) {
                    continue;
                }
                current.push(c);
                go(w, current, total + x, out);
                current.pop();
            }
        }
        let mut out = Vec::new();
        go(&w[..n], &mut Vec::new(), 0, &mut out);
        out
    }

    #[test]
    fn first_best_from_any_best_assignment_matches_brute_force() {
        let mut next = crate::test_trf::draws(987654321);
        let mut checked = 0;
        for _ in 0..4000 {
            let n = 1 + next(6) as usize;
            let w: Vec<Vec<Option<i128>>> = (0..n)
                .map(|_| {
                    (0..n)
                        .map(|_| {
                            if next(4) == 0 {
                                None
                            } else {
                                Some(next(3) as i128)
                            }
                        })
                        .collect()
                })
                .collect();
            let all = all_assignments(n, &w);
            let Some(best) = all.iter().map(|(t, _)| *t).max() else {
                continue;
            };
            let bests: Vec<&Vec<usize>> = all
                .iter()
                .filter(|(t, _)| *t == best)
                .map(|(_, a)| a)
                .collect();
            let start = bests[next(bests.len() as u64) as usize];
            let found = first_best_from(start, |r, c| w[r][c]);
            assert_eq!(found.as_ref(), Some(bests[0]), "{w:?} from {start:?}");
            checked += 1;
        }
        assert!(checked > 1000);
    }

    #[test]
    fn matches_brute_force_on_random_cases() {
        let mut next = crate::test_trf::draws(12345);
        for _ in 0..3000 {
            let kinds = 1 + next(4) as usize;
            let n = next(7) as usize;
            let w: KindWeights = (0..kinds)
                .map(|_| {
                    (0..kinds)
                        .map(|_| {
                            if next(5) == 0 {
                                None
                            } else {
                                Some(next(4) as i128)
                            }
                        })
                        .collect()
                })
                .collect();
            let s1: Vec<usize> = (0..n).map(|_| next(kinds as u64) as usize).collect();
            let s2: Vec<usize> = (0..n).map(|_| next(kinds as u64) as usize).collect();
            let best = brute(&s1, &s2, &w);
            assert_eq!(
                first_best_assignment(&s1, &s2, &w),
                best,
                "{s1:?} {s2:?} {w:?}"
            );
            // The best total agrees with the brute force's best assignment.
            let mut rows = vec![0u64; kinds];
            let mut columns = vec![0u64; kinds];
            s1.iter().for_each(|&k| rows[k] += 1);
            s2.iter().for_each(|&k| columns[k] += 1);
            let total = best.map(|a| {
                a.iter()
                    .zip(&s1)
                    .map(|(&p, &k)| w[k][s2[p]].unwrap_or(0))
                    .sum::<i128>()
            });
            assert_eq!(
                best_total(&rows, &columns, &w),
                total,
                "{s1:?} {s2:?} {w:?}"
            );
        }
    }
}
