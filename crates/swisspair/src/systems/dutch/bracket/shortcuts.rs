//! Choices found without probing the matching: a homogeneous bracket whose pairs the players' kinds
//! decide, and step 6 (D.1 in the remainder) read off the players' kinds or the optimum's tight pairs,
//! also when the remainder sends one player down to the following bracket.

use super::*;
use crate::sorting::sort;
use crate::systems::dutch::transposition;

impl<'a> Solver<'a> {
    /// The players' kinds (see [`super::transposition`]) for an assignment of `s1` (in D.1 order) to
    /// `s2` (in BSN order), with the bye vertex `bye`, if any, as the last row of S1 (whoever is left
    /// over takes it). A kind is all that `fill_bracket_pair` reads of a player when nobody is a
    /// topscorer. `None` when the kinds do not decide a pair's worth: a topscorer (C.8, C.9 are counted
    /// pair by pair), too many kinds, or a rematch or forbidden pair that singles somebody out.
    pub(super) fn kind_model(
        &mut self,
        s1: &[usize],
        s2: &[usize],
        bye: Option<usize>,
    ) -> Option<KindModel> {
        const MOST_KINDS: usize = 48;
        if self.plan.layout.total_bits > safe_weight_bits::<u128>() {
            return None;
        }
        let members: Vec<usize> = s1.iter().chain(s2).copied().collect();
        let ctx = self.ctx;
        let ps = |v: &Vertex| &ctx.state.players[v.player];
        if members
            .iter()
            .any(|&v| ps(&self.plan.vertices[v]).topscorer)
        {
            return None;
        }
        let kind_key = |v: &Vertex| {
            (
                v.score,
                self.weight_traits(v),
                v.must_pair,
                bye.is_some() && ctx.may_get_bye(ps(v)),
            )
        };
        let mut keys = Vec::new();
        let mut of = vec![usize::MAX; self.n()];
        let mut representative = Vec::new();
        for &v in &members {
            let key = kind_key(&self.plan.vertices[v]);
            of[v] = match keys.iter().position(|k| *k == key) {
                Some(i) => i,
                None => {
                    if keys.len() == MOST_KINDS {
                        return None;
                    }
                    keys.push(key);
                    representative.push(v);
                    keys.len() - 1
                }
            };
        }
        if let Some(b) = bye {
            of[b] = keys.len();
            representative.push(b);
        }
        let kinds = representative.len();
        // Which kinds meet somewhere, and whether S1–S2 pairs of two kinds are all possible or none.
        let mut meet = vec![vec![false; kinds]; kinds];
        let mut across = vec![vec![(0usize, 0usize); kinds]; kinds]; // (possible, all)
        let rows: Vec<usize> = s1.iter().copied().chain(bye).collect();
        let mut in_rows = vec![false; self.n()];
        for &v in &rows {
            in_rows[v] = true;
        }
        let everyone: Vec<usize> = rows.iter().chain(s2).copied().collect();
        for (i, &u) in everyone.iter().enumerate() {
            for &v in &everyone[i + 1..] {
                let (ku, kv) = (of[u], of[v]);
                let alive = self.is_alive(u, v);
                if alive {
                    meet[ku][kv] = true;
                    meet[kv][ku] = true;
                }
                if in_rows[u] != in_rows[v] {
                    let (r, c) = if in_rows[u] { (ku, kv) } else { (kv, ku) };
                    across[r][c].1 += 1;
                    across[r][c].0 += usize::from(alive);
                }
            }
        }
        // A pair's worth: the fields above the fixed choices (C.5–C.19 and what comes before).
        let shift = self.plan.layout.offset_index(Field::MustPair as usize);
        let mut weights: KindWeights = vec![vec![None; kinds]; kinds];
        let mut assignable: KindWeights = vec![vec![None; kinds]; kinds];
        let mut decided = true;
        for a in 0..kinds {
            for b in 0..kinds {
                if !meet[a][b] {
                    continue;
                }
                let mut w = std::mem::replace(&mut self.scratch, Wide::zero(0));
                w.clear();
                self.fill_weight(&mut w, representative[a], representative[b]);
                let value = u128::from_limbs(&w.limbs).map(|x| (x >> shift) as i128);
                self.scratch = w;
                weights[a][b] = Some(value?);
                let (possible, all) = across[a][b];
                decided &= possible == 0 || possible == all;
                if possible > 0 {
                    assignable[a][b] = weights[a][b];
                }
            }
        }
        let mut counts = vec![0u64; kinds];
        for &v in &everyone {
            counts[of[v]] += 1;
        }
        Some(KindModel {
            row_kinds: rows.iter().map(|&v| of[v]).collect(),
            column_kinds: s2.iter().map(|&v| of[v]).collect(),
            counts,
            weights,
            assignable: decided.then_some(assignable),
        })
    }

    /// B.8 for a homogeneous bracket whose pairs the kinds decide, without a matching: when the best
    /// assignment of S1 to S2 (B.2; the bye, if any, to whoever of S2 is left) is as good as the best
    /// pairing of the bracket could possibly be, no exchange is needed (D.2.a) and the candidate is the
    /// first best transposition (D.1). `None` when that cannot be shown this way.
    pub(super) fn pair_by_kinds(&mut self) -> Option<BracketPairing> {
        let size = self.plan.bracket_size as usize;
        let n = self.n();
        let bye = (size..n).find(|&v| self.plan.vertices[v].role == Role::Bye);
        let residents_only = (0..size).all(|v| self.plan.vertices[v].role == Role::Resident);
        if !residents_only || n != size + usize::from(bye.is_some()) || n % 2 == 1 {
            return None;
        }
        if bye.is_some() && self.plan.only_without_floaters {
            return None;
        }
        let members: Vec<usize> = (0..size).collect();
        let (s1, s2) = members.split_at(size / 2);
        let model = self.kind_model(s1, s2, bye)?;
        // Every pairing of the bracket counts each pair twice on the kinds against themselves: half
        // that transportation bounds every pairing; the assignment is best when it reaches the bound.
        let bound = transposition::best_total(&model.counts, &model.counts, &model.weights)?;
        let mut rows = vec![0u64; model.counts.len()];
        let mut columns = vec![0u64; model.counts.len()];
        for &k in &model.row_kinds {
            rows[k] += 1;
        }
        for &k in &model.column_kinds {
            columns[k] += 1;
        }
        let assignable = model.assignable.as_ref()?;
        let assignment = transposition::best_total(&rows, &columns, assignable)?;
        if 2 * assignment != bound {
            return None;
        }
        let partners = transposition::first_best_assignment(
            &model.row_kinds,
            &model.column_kinds,
            assignable,
        )?;
        let rows: Vec<usize> = s1.iter().copied().chain(bye).collect();
        self.assign(&partners, &rows, s2, &[])
    }

    /// What each row–column pair is worth (the fields above the fixed choices, less what every pair
    /// has in common), `None` where the two may not meet; `None` overall when the part that differs
    /// between pairs is too wide for exact sums.
    pub(super) fn pair_values(
        &mut self,
        rows: &[usize],
        columns: &[usize],
    ) -> Option<Vec<Option<i128>>> {
        const VALUE_BITS: u32 = 100;
        let shift = self.plan.layout.offset_index(Field::MustPair as usize);
        let total = self.plan.layout.total_bits;
        let mut values = Vec::with_capacity(rows.len() * columns.len());
        let mut common: Option<Vec<u128>> = None;
        let mut w = std::mem::replace(&mut self.scratch, Wide::zero(0));
        let mut ok = true;
        'rows: for &a in rows {
            for &b in columns {
                if !self.is_alive(a, b) {
                    values.push(None);
                    continue;
                }
                w.clear();
                self.fill_weight(&mut w, a, b);
                let high: Vec<u128> = (shift + VALUE_BITS..total.max(shift + VALUE_BITS) + 1)
                    .step_by(128)
                    .map(|from| w.bits_from(from))
                    .collect();
                if *common.get_or_insert_with(|| high.clone()) != high {
                    ok = false;
                    break 'rows;
                }
                let low = w.bits_from(shift) & ((1u128 << VALUE_BITS) - 1);
                values.push(Some(low as i128));
            }
        }
        self.scratch = w;
        ok.then_some(values)
    }

    /// Step 6 on the kinds when S1R and S2R stay as they are (no exchange) and the remainder is paired
    /// completely (but for the bye): every assignment of S1R to S2R is then a candidate, and the first
    /// of the best ones is found without probes: on the kinds alone when they decide who may meet whom,
    /// otherwise from the current optimum along its tight pairs.
    pub(super) fn transpose_by_kinds(
        &mut self,
        remainder: &[usize],
        s1: &[usize],
    ) -> Option<BracketPairing> {
        let s2: Vec<usize> = remainder
            .iter()
            .copied()
            .filter(|v| !s1.contains(v))
            .collect();
        let bye = match s2.len().checked_sub(s1.len())? {
            0 => None,
            1 => {
                let left = s2
                    .iter()
                    .copied()
                    .find(|&v| self.mate_in_bracket(v).is_none())?;
                match self
                    .mate(left)
                    .filter(|&b| self.plan.vertices[b].role == Role::Bye)
                {
                    Some(bye) => Some(bye),
                    // The player left over floats into the following bracket (C.7 / C8).
                    None => return self.transpose_with_floater(remainder, s1, &s2, left),
                }
            }
            _ => return None,
        };
        let rows: Vec<usize> = s1.iter().copied().chain(bye).collect();
        let model = self.kind_model(s1, &s2, bye);
        let partners = match model
            .as_ref()
            .and_then(|m| m.assignable.as_ref().map(|a| (m, a)))
        {
            Some((model, assignable)) => transposition::first_best_assignment(
                &model.row_kinds,
                &model.column_kinds,
                assignable,
            )?,
            None => {
                // Pairs singled out (rematches, forbidden pairs, topscorers): start from the optimum.
                let mut position = vec![usize::MAX; self.n()];
                for (i, &v) in s2.iter().enumerate() {
                    position[v] = i;
                }
                let optimal: Vec<usize> = rows
                    .iter()
                    .map(|&a| self.mate(a).map_or(usize::MAX, |m| position[m]))
                    .collect();
                let values = self.pair_values(&rows, &s2)?;
                let columns = s2.len();
                transposition::first_best_from(&optimal, |r, c| values[r * columns + c])?
            }
        };
        let others: Vec<usize> = (0..self.plan.bracket_size as usize)
            .filter(|v| !remainder.contains(v))
            .collect();
        self.assign(&partners, &rows, &s2, &others)
    }

    /// Bits `shift..` of edge `u`–`v`'s weight, as a signed number (`None` when wider than 255 bits).
    pub(super) fn high_value(&mut self, u: usize, v: usize, shift: u32) -> Option<I256> {
        let mut w = std::mem::replace(&mut self.scratch, Wide::zero(0));
        w.clear();
        self.fill_weight(&mut w, u, v);
        let (low, high, beyond) = (
            w.bits_from(shift),
            w.bits_from(shift + 128),
            w.bits_from(shift + 256),
        );
        self.scratch = w;
        if beyond != 0 || high >> 127 != 0 {
            return None;
        }
        let digits = [
            low as u64,
            (low >> 64) as u64,
            high as u64,
            (high >> 64) as u64,
        ];
        Some(bnum::BUint::<4>::from_digits(digits).cast_signed())
    }

    /// Step 6 when the remainder pairs all of S1R and one S2R player is left over to float into the
    /// following bracket (2017 C.7, 2026 C8), without probes. Which S2R player floats matters to the
    /// following bracket only through whom he may meet there, so what the following bracket is worth
    /// with each of them is found on a matching of that bracket alone (its residents and this
    /// bracket's other floaters): once with the floater free to meet anybody there, and again
    /// without an opponent he has already met only where that optimum pairs him with one. The
    /// floater is then a last row of the assignment (D.1: whoever S1R leaves
    /// over floats), and the first best assignment is read off the current optimum along its tight
    /// pairs. `None` when that cannot be done here (the caller probes instead).
    pub(super) fn transpose_with_floater(
        &mut self,
        remainder: &[usize],
        s1: &[usize],
        s2: &[usize],
        left: usize,
    ) -> Option<BracketPairing> {
        let n = self.n();
        let size = self.plan.bracket_size as usize;
        // The bye's pairs are worth the same whoever receives it, but under 2026 C9.
        let c9 = self.plan.c9;
        if self.plan.next_score.is_none()
            || self.plan.complete
            || self
                .plan
                .vertices
                .iter()
                .any(|v| v.role == Role::Lower || (c9 && v.role == Role::Bye))
        {
            return None;
        }
        let shift = self.plan.layout.offset_index(Field::MustPair as usize);
        // The following bracket: its residents (with the bye when it is the last one, 2017 A.9), and
        // the floaters of this bracket outside the remainder.
        let residents: Vec<usize> = (size..n)
            .filter(|&v| matches!(self.plan.vertices[v].role, Role::Next | Role::Bye))
            .collect();
        let mut members = residents.clone();
        for v in 0..size {
            if !remainder.contains(&v) && self.mate_in_bracket(v).is_none() {
                members.push(v);
            }
        }
        let slot = members.len();
        let mut memo = self.weight_memo();
        let mut next = self.matching.fresh(slot + 1).ok()?;
        for (i, &a) in members.iter().enumerate() {
            for (j, &b) in members.iter().enumerate().skip(i + 1) {
                if self.is_alive(a, b) {
                    let w = self.memo_weight(&mut memo, a, b).ok()?;
                    next.set_edge(i, j, w).ok()?;
                }
            }
        }
        // What the following bracket is worth with each S2R player added. A pair with the following
        // bracket is worth the same whoever of S2R floats (C.7 / C8 read only his score), so the
        // worth depends only on whom he may not meet there: it is the worth with the floater joined
        // to every resident but a set `excluded`, grown from the empty set by the partner the
        // floater has in that optimum for as long as he may not meet that partner (an optimum that
        // avoids the floater's forbidden residents is also the optimum without them).
        let anyone = *s2.first()?;
        let to_slot: Vec<Wide> = residents.iter().map(|&y| self.weight(anyone, y)).collect();
        let mut joined = vec![false; residents.len()];
        let mut worth: std::collections::BTreeMap<Vec<usize>, (I256, Option<usize>)> =
            Default::default();
        let mut float_values = Vec::with_capacity(s2.len());
        for &z in s2 {
            let mut excluded: Vec<usize> = Vec::new();
            let value = loop {
                let (value, partner) = match worth.get(&excluded) {
                    Some(&known) => known,
                    None => {
                        let wanted: Vec<bool> = (0..residents.len())
                            .map(|i| !excluded.contains(&i))
                            .collect();
                        join_to_slot(&mut *next, slot, &mut joined, &to_slot, &wanted)?;
                        let mut value = I256::ZERO;
                        for (a, b) in next.pairs() {
                            let (a, b) =
                                (*members.get(a).unwrap_or(&z), *members.get(b).unwrap_or(&z));
                            value += self.memo_high_value(&mut memo, a, b, shift)?;
                        }
                        let known = (value, next.mate(slot));
                        worth.insert(excluded.clone(), known);
                        known
                    }
                };
                match partner {
                    Some(i) if !self.is_alive(z, *residents.get(i)?) => {
                        excluded.push(i);
                        sort(&mut excluded);
                    }
                    _ => break value,
                }
            };
            float_values.push(value);
        }
        // The optimum's assignment: S1R to the S2R players they meet, the float row to the one left.
        let mut position = vec![usize::MAX; n];
        for (i, &v) in s2.iter().enumerate() {
            position[v] = i;
        }
        let mut optimal: Vec<usize> = Vec::with_capacity(s1.len() + 1);
        for &a in s1 {
            optimal.push(*position.get(self.mate(a)?)?);
        }
        optimal.push(*position.get(left)?);
        let mut values: Vec<Option<I256>> = Vec::with_capacity(s1.len() * s2.len());
        for &a in s1 {
            for &b in s2 {
                values.push(if self.is_alive(a, b) {
                    Some(self.memo_high_value(&mut memo, a, b, shift)?)
                } else {
                    None
                });
            }
        }
        let columns = s2.len();
        let rows = s1.len();
        // The values relative to the least (they order assignments the same), as i128 when they fit
        // with room for sums (much faster), otherwise as 256-bit numbers.
        let least = values
            .iter()
            .flatten()
            .chain(&float_values)
            .copied()
            .min()
            .unwrap_or(I256::ZERO);
        let narrow = |x: I256| i128::try_from(x - least).ok().filter(|&y| y < 1i128 << 100);
        let small: Option<(Vec<Option<i128>>, Vec<i128>)> = (|| {
            let values = values
                .iter()
                .map(|v| v.map(narrow).map_or(Some(None), |x| x.map(Some)))
                .collect::<Option<Vec<_>>>()?;
            let floats = float_values
                .iter()
                .map(|&v| narrow(v))
                .collect::<Option<_>>()?;
            Some((values, floats))
        })();
        let partners = match &small {
            Some((values, floats)) => transposition::first_best_from(&optimal, |r, c| {
                if r == rows {
                    floats.get(c).copied()
                } else {
                    values.get(r * columns + c).copied().flatten()
                }
            })?,
            None => transposition::first_best_from(&optimal, |r, c| {
                if r == rows {
                    float_values.get(c).copied()
                } else {
                    values.get(r * columns + c).copied().flatten()
                }
            })?,
        };
        let floater = *s2.get(*partners.last()?)?;
        let row_vertices: Vec<usize> = s1.iter().copied().chain([usize::MAX]).collect();
        let others: Vec<usize> = (0..size).filter(|v| !remainder.contains(v)).collect();
        let mut pairing = self.assign(&partners, &row_vertices, s2, &others)?;
        // The following bracket as it pairs with this floater.
        let wanted: Vec<bool> = residents
            .iter()
            .map(|&y| self.is_alive(floater, y))
            .collect();
        join_to_slot(&mut *next, slot, &mut joined, &to_slot, &wanted)?;
        let vertex = |x: usize| &self.plan.vertices[*members.get(x).unwrap_or(&floater)];
        pairing.next_pairs = next
            .pairs()
            .into_iter()
            .filter(|&(a, b)| vertex(a).role != Role::Bye && vertex(b).role != Role::Bye)
            .map(|(a, b)| (vertex(a).player, vertex(b).player))
            .collect();
        Some(pairing)
    }
}

/// Gives the spare last vertex `slot` of the following bracket's matching `next` an edge of weight
/// `weights[i]` to each resident `i` (the first vertices) that is `wanted`, and none to the others;
/// `joined` holds which edges it has now. Then solves.
fn join_to_slot(
    next: &mut dyn width::EdgeMatching,
    slot: usize,
    joined: &mut [bool],
    weights: &[Wide],
    wanted: &[bool],
) -> Option<()> {
    for (i, ((now, &want), w)) in joined.iter_mut().zip(wanted).zip(weights).enumerate() {
        if *now != want {
            next.set_edge(slot, i, if want { &w.limbs } else { &[] })
                .ok()?;
            *now = want;
        }
    }
    next.solve();
    Some(())
}
