//! For the explanation: what made the pairing a bracket took better than its initial candidate (2017
//! B.3/B.4, 2026 article 3: S1 against S2 in order), read off the weights the matching maximised — the
//! same fields, criterion by criterion, that chose the pairing.

use super::*;
use crate::sorting::{sort, sort_by_key};

/// The fields compared: the criteria of the bracket itself (the following bracket's fields need its
/// pairing, and the fields below `MustPair` only steer the procedure).
fn compared(f: Field) -> bool {
    !matches!(
        f,
        Field::NextComplete
            | Field::NextPairs
            | Field::NextPsd
            | Field::NextPairedScores
            | Field::MustPair
            | Field::ExchangeCount
            | Field::ExchangeSum
            | Field::Probe
    )
}

impl<'a> Solver<'a> {
    /// What decided `chosen` (pairs of players) against the bracket's initial candidate: the absolute
    /// criterion that rules the plain initial candidate out, if one does, then how the pairing taken
    /// compares with the first candidate the absolute criteria allow.
    pub(super) fn decision(&mut self, chosen: &BracketPairing) -> Vec<Decision> {
        let mut out = self.against_initial(chosen);
        if let Some(d) = self.floaters_decision(chosen) {
            out.push(d);
        }
        out
    }

    /// Why the bracket leaves its floaters rather than others: the first candidate (players in BSN
    /// order, each with the lowest BSN it may meet, or left out) that the absolute criteria allow and
    /// that leaves somebody else unpaired, compared criterion by criterion.
    fn floaters_decision(&mut self, chosen: &BracketPairing) -> Option<Decision> {
        let size = (self.plan.bracket_size as usize).min(self.plan.vertices.len());
        if chosen.floaters.is_empty() || size > 64 {
            return None;
        }
        let chosen_pairs = self.pairs_of(size, chosen);
        let floaters: Vec<usize> = chosen
            .floaters
            .iter()
            .filter_map(|&p| self.vertex_of(size, p))
            .collect();
        let mut search = OtherFloaters {
            steps: 0,
            pairs: Vec::new(),
            left: Vec::new(),
        };
        let mut taken = vec![false; size];
        if !search.next(self, 0, size, &mut taken, floaters.len(), &floaters) {
            return None;
        }
        let other = *search.left.iter().find(|v| !floaters.contains(v))?;
        let f = self.first_difference(&chosen_pairs, &search.pairs)?;
        Some(Decision::Floaters(self.plan.vertices[other].player, f))
    }

    /// The vertex of player `p` among the bracket's first `size` vertices.
    fn vertex_of(&self, size: usize, p: usize) -> Option<usize> {
        (0..size).find(|&v| self.plan.vertices[v].player == p)
    }

    /// The pairs of `chosen` as vertices (among the first `size`).
    fn pairs_of(&self, size: usize, chosen: &BracketPairing) -> Vec<(usize, usize)> {
        chosen
            .pairs
            .iter()
            .filter_map(|&(a, b)| Some((self.vertex_of(size, a)?, self.vertex_of(size, b)?)))
            .collect()
    }

    fn against_initial(&mut self, chosen: &BracketPairing) -> Vec<Decision> {
        let size = (self.plan.bracket_size as usize).min(self.plan.vertices.len());
        let chosen_pairs = self.pairs_of(size, chosen);
        let mdps: Vec<usize> = (0..size)
            .filter(|&v| self.plan.vertices[v].role == Role::Mdp)
            .collect();
        let residents: Vec<usize> = (0..size)
            .filter(|&v| self.plan.vertices[v].role == Role::Resident)
            .collect();
        // B.3/B.4 (2026 3.2–3.4): the first M1 MDPs against the residents, then the remainder's S1R
        // against its S2R, with as many pairs as the pairing taken makes; the first such candidate in
        // the order of D.1 (transpositions) that the absolute criteria allow, if one is found soon.
        let paired_mdps = mdps
            .iter()
            .filter(|&&m| chosen_pairs.iter().any(|&(a, b)| a == m || b == m))
            .count();
        let remainder_pairs = chosen_pairs.len().saturating_sub(paired_mdps);
        let rows: Vec<usize> = mdps.iter().take(paired_mdps).copied().collect();
        let mut search = FirstLegal {
            steps: 0,
            pairs: Vec::new(),
        };
        let found = search.mdp_rows(self, &rows, &residents, remainder_pairs);
        // The plain initial candidate: S1 against S2 in order.
        let mut plain: Vec<(usize, usize)> = rows
            .iter()
            .copied()
            .zip(residents.iter().copied())
            .collect();
        let remainder = residents.get(paired_mdps..).unwrap_or_default();
        for i in 0..remainder_pairs {
            if let (Some(&a), Some(&b)) = (remainder.get(i), remainder.get(remainder_pairs + i)) {
                plain.push((a, b));
            }
        }
        let mut out = Vec::new();
        if let Some(&(a, b)) = plain.iter().find(|&&(a, b)| !self.legal(a, b)) {
            out.push(Decision::Absolute(
                self.plan.vertices[a].player,
                self.plan.vertices[b].player,
            ));
        }
        let initial = if found { search.pairs } else { plain };
        let normal = |pairs: &[(usize, usize)]| {
            let mut v: Vec<(usize, usize)> =
                pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
            sort(&mut v);
            v
        };
        if normal(&initial) == normal(&chosen_pairs) {
            out.push(Decision::Initial);
            return out;
        }
        if initial.iter().any(|&(a, b)| !self.legal(a, b)) {
            return out;
        }
        out.push(match self.first_difference(&chosen_pairs, &initial) {
            Some(f) => Decision::Criterion(f),
            None => Decision::FollowingBracket,
        });
        out
    }

    /// C.1–C.3: may vertices `a` and `b` meet?
    fn legal(&self, a: usize, b: usize) -> bool {
        compatible(self.ctx, &self.plan.vertices[a], &self.plan.vertices[b])
    }

    /// The most significant criterion (a compared field) in which the pairs `a` and `b` (vertices)
    /// differ, if any.
    fn first_difference(&mut self, a: &[(usize, usize)], b: &[(usize, usize)]) -> Option<Field> {
        let (a, b) = (self.sum_of(a), self.sum_of(b));
        Field::ALL.into_iter().find(|&f| {
            compared(f)
                && self.plan.layout.widths()[f as usize] > 0
                && self.field(&a, f) != self.field(&b, f)
        })
    }

    /// The sum of the weights of `pairs` (vertices).
    fn sum_of(&mut self, pairs: &[(usize, usize)]) -> Wide {
        let mut total = Wide::zero(self.plan.limbs);
        let mut w = Wide::zero(self.plan.limbs);
        for &(a, b) in pairs {
            w.clear();
            self.fill_weight(&mut w, a, b);
            total.add_wide(&w);
        }
        total
    }

    /// The value of field `f` in `w`.
    fn field(&self, w: &Wide, f: Field) -> u128 {
        let width = self.plan.layout.widths()[f as usize];
        let value = w.bits_from(self.plan.layout.offset_index(f as usize));
        if width >= 128 {
            value
        } else {
            value & ((1u128 << width) - 1)
        }
    }
}

/// The first candidate in the order of generation whose pairs the absolute criteria allow: MDP rows
/// against residents (D.1), then the remainder's S1R against S2R (D.1), each row taking the lowest BSN
/// that still leads to a full candidate, then the remainder after one exchange (D.2). Gives up after a
/// bounded search (larger exchanges are not tried).
struct FirstLegal {
    steps: usize,
    pairs: Vec<(usize, usize)>,
}

impl FirstLegal {
    const MOST_STEPS: usize = 100_000;

    fn mdp_rows(
        &mut self,
        solver: &Solver<'_>,
        rows: &[usize],
        residents: &[usize],
        remainder_pairs: usize,
    ) -> bool {
        let Some((&row, rest)) = rows.split_first() else {
            let remainder: Vec<usize> = residents
                .iter()
                .copied()
                .filter(|r| !self.pairs.iter().any(|&(_, b)| b == *r))
                .collect();
            let (s1r, s2r) = remainder.split_at(remainder_pairs.min(remainder.len()));
            let mut used = vec![false; s2r.len()];
            if self.remainder_rows(solver, s1r, s2r, &mut used) {
                return true;
            }
            // D.2: exchanges of one player of S1R with one of S2R, the smallest difference of the
            // BSNs first, then the highest S1R player, then the lowest S2R player.
            let mut swaps: Vec<(usize, usize)> = (0..s1r.len())
                .flat_map(|i| (0..s2r.len()).map(move |j| (i, j)))
                .collect();
            sort_by_key(&mut swaps, |&(i, j)| {
                (s1r.len() - i + j, std::cmp::Reverse(i), j)
            });
            for (i, j) in swaps {
                let mut s1: Vec<usize> = s1r.to_vec();
                let mut s2: Vec<usize> = s2r.to_vec();
                std::mem::swap(&mut s1[i], &mut s2[j]);
                sort(&mut s1);
                sort(&mut s2);
                let mut used = vec![false; s2.len()];
                if self.remainder_rows(solver, &s1, &s2, &mut used) {
                    return true;
                }
                if self.steps > Self::MOST_STEPS {
                    return false;
                }
            }
            return false;
        };
        for &r in residents {
            self.steps += 1;
            if self.steps > Self::MOST_STEPS {
                return false;
            }
            if self.pairs.iter().any(|&(_, b)| b == r) || !solver.legal(row, r) {
                continue;
            }
            self.pairs.push((row, r));
            if self.mdp_rows(solver, rest, residents, remainder_pairs) {
                return true;
            }
            self.pairs.pop();
        }
        false
    }

    fn remainder_rows(
        &mut self,
        solver: &Solver<'_>,
        rows: &[usize],
        columns: &[usize],
        used: &mut [bool],
    ) -> bool {
        let Some((&row, rest)) = rows.split_first() else {
            return true;
        };
        for (i, &c) in columns.iter().enumerate() {
            self.steps += 1;
            if self.steps > Self::MOST_STEPS {
                return false;
            }
            if used.get(i).copied().unwrap_or(true) || !solver.legal(row, c) {
                continue;
            }
            used[i] = true;
            self.pairs.push((row, c));
            if self.remainder_rows(solver, rest, columns, used) {
                return true;
            }
            self.pairs.pop();
            used[i] = false;
        }
        false
    }
}

/// The first candidate, players in BSN order each paired with the lowest BSN it may meet or left out,
/// that leaves as many players unpaired as the pairing taken, but not the same ones.
struct OtherFloaters {
    steps: usize,
    pairs: Vec<(usize, usize)>,
    left: Vec<usize>,
}

impl OtherFloaters {
    const MOST_STEPS: usize = 100_000;

    fn next(
        &mut self,
        solver: &Solver<'_>,
        from: usize,
        size: usize,
        taken: &mut [bool],
        left_over: usize,
        floaters: &[usize],
    ) -> bool {
        self.steps += 1;
        if self.steps > Self::MOST_STEPS {
            return false;
        }
        let Some(u) = (from..size).find(|&u| !taken[u]) else {
            return left_over == 0 && self.left.iter().any(|v| !floaters.contains(v));
        };
        taken[u] = true;
        for v in u + 1..size {
            if taken[v] || !solver.legal(u, v) {
                continue;
            }
            taken[v] = true;
            self.pairs.push((u, v));
            if self.next(solver, u + 1, size, taken, left_over, floaters) {
                return true;
            }
            self.pairs.pop();
            taken[v] = false;
        }
        if left_over > 0 {
            self.left.push(u);
            if self.next(solver, u + 1, size, taken, left_over - 1, floaters) {
                return true;
            }
            self.left.pop();
        }
        taken[u] = false;
        false
    }
}
