//! The bracket's matching and the operations the steps use on it: edges and their weights, fixing a
//! choice (a partner, a player who must be paired, edges taken out), reading the optimum, and the
//! pairing an assignment makes.

use super::*;

impl<'a> Solver<'a> {
    pub(super) fn new(ctx: &'a Context<'a>, plan: Plan) -> Result<Self> {
        let n = plan.vertices.len();
        let mut alive = vec![false; n * n];
        for u in 0..n {
            for v in u + 1..n {
                let ok = compatible(ctx, &plan.vertices[u], &plan.vertices[v]);
                alive[u * n + v] = ok;
                alive[v * n + u] = ok;
            }
        }
        let scratch = Wide::zero(plan.limbs);
        let matching = width::matching_for(plan.layout.total_bits, n, false)?;
        let solver = Solver {
            ctx,
            plan,
            alive,
            matching,
            probe: None,
            probes: 0,
            timer: std::env::var_os("SWISSPAIR_TRACE").map(|_| std::time::Instant::now()),
            stale: Vec::new(),
            scratch,
            log: std::env::var_os("SWISSPAIR_MATCHING_LOG").and_then(|path| {
                use std::io::Write;
                let file = std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .ok()?;
                let mut log = std::io::BufWriter::new(file);
                let _ = writeln!(log, "n {n}");
                Some(log)
            }),
        };
        Ok(solver)
    }

    /// Gives the matching (still empty) every edge. With few classes, so few distinct weights (no
    /// more than pairs of classes) over a nearly complete graph, the matching is made anew with rows
    /// that are arrays from the start, which builds it faster.
    pub(super) fn build_edges(&mut self) -> Result<()> {
        let n = self.n();
        let mut memo = self.weight_memo();
        let classes = memo.classes.as_ref().map_or(usize::MAX, |c| {
            c.iter().max().map_or(0, |&m| m as usize + 1)
        });
        if classes.saturating_mul(classes) <= crate::matching::INTERN_LIMIT {
            self.matching = width::matching_for(self.plan.layout.total_bits, n, true)?;
        }
        for u in 0..n {
            for v in u + 1..n {
                if self.alive[u * n + v] {
                    let w = self.memo_weight(&mut memo, u, v)?;
                    set_edge(&mut *self.matching, &mut self.log, u, v, w)?;
                }
            }
        }
        Ok(())
    }

    /// A memo of weights for the choices as they stand (see [`WeightMemo`]).
    pub(super) fn weight_memo(&self) -> WeightMemo {
        WeightMemo {
            classes: self.weight_classes(),
            index: Default::default(),
            limbs: Vec::new(),
            scratch: Wide::zero(self.plan.limbs),
            highs: Default::default(),
        }
    }

    /// The weight of edge `u`–`v`, computed once per pair of classes. (A look-up first, not the
    /// map's entry, which makes room on every call: measurably slower over millions of edges.)
    pub(super) fn memo_weight<'m>(
        &mut self,
        memo: &'m mut WeightMemo,
        u: usize,
        v: usize,
    ) -> Result<&'m [u64]> {
        let key = memo.key(u, v);
        let width = memo.scratch.limbs.len();
        if let Some(&at) = key.as_ref().and_then(|k| memo.index.get(k)) {
            return memo
                .limbs
                .get(at..at + width)
                .ok_or_else(|| Error::Internal("weight memo".into()));
        }
        memo.scratch.clear();
        self.fill_weight(&mut memo.scratch, u, v);
        let Some(key) = key else {
            return Ok(&memo.scratch.limbs);
        };
        memo.index.insert(key, memo.limbs.len());
        memo.limbs.extend_from_slice(&memo.scratch.limbs);
        Ok(&memo.scratch.limbs)
    }

    /// [`Self::high_value`], computed once per pair of classes.
    pub(super) fn memo_high_value(
        &mut self,
        memo: &mut WeightMemo,
        u: usize,
        v: usize,
        shift: u32,
    ) -> Option<I256> {
        let Some(key) = memo.key(u, v) else {
            return self.high_value(u, v, shift);
        };
        if let Some(&h) = memo.highs.get(&key) {
            return h;
        }
        let h = self.high_value(u, v, shift);
        memo.highs.insert(key, h);
        h
    }

    /// Numbers the vertices so that two of the same number are worth the same with anybody (all
    /// that [`Self::fill_weight`] reads of a vertex but its BSN, whose order the caller keeps);
    /// `None` while a probe or D.2.b's sums single vertices out. A topscorer has a number of his
    /// own: his colours are read from his whole history. `None` too when there are more numbers
    /// than half the vertices (topscorers in a last round): few pairs of numbers would repeat.
    fn weight_classes(&self) -> Option<Vec<u32>> {
        if self.probe.is_some() || self.plan.exchange_sums {
            return None;
        }
        let ctx = self.ctx;
        let topscorer = |v: &Vertex| {
            v.role != Role::Bye && ctx.state.players.get(v.player).is_some_and(|p| p.topscorer)
        };
        let mut numbers = std::collections::BTreeMap::new();
        let classes = self
            .plan
            .vertices
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let key = (
                    v.role,
                    v.score,
                    self.weight_traits(v),
                    (v.must_pair, v.remainder_rank > 0, v.in_s2r),
                    topscorer(v).then_some(i),
                );
                let next = numbers.len() as u32;
                *numbers.entry(key).or_insert(next)
            })
            .collect();
        (2 * numbers.len() <= self.plan.vertices.len()).then_some(classes)
    }

    pub(super) fn n(&self) -> usize {
        self.plan.vertices.len()
    }

    pub(super) fn is_alive(&self, u: usize, v: usize) -> bool {
        self.alive.get(u * self.n() + v).copied().unwrap_or(false)
    }

    /// Takes edge `u`–`v` out of the matching.
    pub(super) fn remove_edge(&mut self, u: usize, v: usize) -> Result<()> {
        set_edge(&mut *self.matching, &mut self.log, u, v, &[])
    }

    pub(super) fn solve(&mut self) -> Result<()> {
        if let Some(log) = &mut self.log {
            use std::io::Write;
            let _ = writeln!(log, "s");
        }
        self.matching.solve();
        Ok(())
    }

    pub(super) fn mate(&self, v: usize) -> Option<usize> {
        self.matching.mate(v)
    }

    /// The weight of edge `u`–`v` under the choices made so far.
    pub(super) fn weight(&self, u: usize, v: usize) -> Wide {
        let mut w = Wide::zero(self.plan.limbs);
        self.fill_weight(&mut w, u, v);
        w
    }

    /// Gives edge `u`–`v` its weight under the choices made so far.
    pub(super) fn set_weight(&mut self, u: usize, v: usize) -> Result<()> {
        let mut w = std::mem::replace(&mut self.scratch, Wide::zero(0));
        w.clear();
        self.fill_weight(&mut w, u, v);
        let result = set_edge(&mut *self.matching, &mut self.log, u, v, &w.limbs);
        self.scratch = w;
        result
    }

    /// Recomputes the weights of every edge of `x`.
    pub(super) fn refresh(&mut self, x: usize) -> Result<()> {
        for y in 0..self.n() {
            if y != x && self.is_alive(x, y) {
                self.set_weight(x, y)?;
            }
        }
        Ok(())
    }

    /// `SWISSPAIR_TRACE`: prints how long the step that just ended took.
    pub(super) fn lap(&mut self, step: &str) {
        if let Some(t) = &mut self.timer {
            eprintln!(
                "  {step}: {:?} (probes so far {})",
                t.elapsed(),
                self.probes
            );
            *t = std::time::Instant::now();
        }
    }

    /// Brings the matching's edges of the stale vertices up to the plan's weights.
    pub(super) fn flush_stale(&mut self) -> Result<()> {
        for v in std::mem::take(&mut self.stale) {
            self.refresh(v)?;
        }
        Ok(())
    }

    /// The total weight of the current optimum's pairs.
    pub(super) fn matched_total(&mut self) -> Wide {
        let mut total = Wide::zero(self.plan.limbs);
        let mut w = Wide::zero(self.plan.limbs);
        for u in 0..self.n() {
            if let Some(v) = self.mate(u).filter(|&v| v > u) {
                w.clear();
                self.fill_weight(&mut w, u, v);
                for (i, &limb) in w.limbs.iter().enumerate() {
                    total.add(limb, i as u32 * 64);
                }
            }
        }
        total
    }

    /// Removes the edges of `x` to the players for which `drop` holds.
    pub(super) fn remove_edges(&mut self, x: usize, drop: impl Fn(&Vertex) -> bool) -> Result<()> {
        self.flush_stale()?;
        let n = self.n();
        for y in 0..n {
            if y != x && self.is_alive(x, y) && drop(&self.plan.vertices[y]) {
                self.alive[x * n + y] = false;
                self.alive[y * n + x] = false;
                self.remove_edge(x, y)?;
            }
        }
        Ok(())
    }

    /// `x`'s partner in the bracket in the current optimum (solving first if anything changed).
    pub(super) fn mate_in_bracket(&mut self, x: usize) -> Option<usize> {
        if !self.matching.is_solved() {
            let _ = self.solve();
        }
        self.mate(x).filter(|&y| self.plan.vertices[y].in_bracket())
    }

    pub(super) fn fix_must_pair(&mut self, x: usize) -> Result<()> {
        self.flush_stale()?;
        self.plan.vertices[x].must_pair = true;
        self.refresh(x)
    }

    /// Keeps only the edge `x`–`y` of `x`.
    pub(super) fn fix_partner(&mut self, x: usize, y: usize) -> Result<()> {
        self.flush_stale()?;
        let n = self.n();
        for (a, b) in [(x, y), (y, x)] {
            for z in 0..n {
                if z != a && z != b && self.is_alive(a, z) {
                    self.alive[a * n + z] = false;
                    self.alive[z * n + a] = false;
                    self.remove_edge(a, z)?;
                }
            }
            self.plan.vertices[a].partner = Some(b);
        }
        self.fix_must_pair(x)
    }

    /// The bracket's pairing from an assignment of `rows` to `columns` (`partners`: the position of each
    /// row's column);
    /// `others` (players of the bracket outside both) keep their mates of the current optimum.
    pub(super) fn assign(
        &mut self,
        partners: &[usize],
        rows: &[usize],
        columns: &[usize],
        others: &[usize],
    ) -> Option<BracketPairing> {
        let size = self.plan.bracket_size as usize;
        let mut mates: Vec<Option<usize>> = vec![None; size];
        for &v in others {
            mates[v] = self.mate_in_bracket(v);
        }
        for (&a, &position) in rows.iter().zip(partners) {
            let b = *columns.get(position)?;
            if a < size {
                mates[a] = Some(b);
                mates[b] = Some(a);
            }
        }
        // In the order `bracket_pairing` gives.
        let mut out = BracketPairing {
            probes: self.probes,
            ..BracketPairing::default()
        };
        let mut floating = vec![false; self.n()];
        for (v, mate) in mates.into_iter().enumerate() {
            match mate {
                Some(m) if m > v => out
                    .pairs
                    .push((self.plan.vertices[v].player, self.plan.vertices[m].player)),
                Some(_) => {}
                None => {
                    floating[v] = true;
                    out.floaters.push(self.plan.vertices[v].player);
                }
            }
        }
        out.next_pairs = self.next_pairs(&floating);
        Some(out)
    }

    /// The pairs of the following bracket in the current optimum: its residents among themselves and
    /// with the bracket's floaters (`floating`, by vertex).
    pub(super) fn next_pairs(&mut self, floating: &[bool]) -> Vec<(usize, usize)> {
        if !self.matching.is_solved() {
            let _ = self.solve();
        }
        let mut pairs = Vec::new();
        for v in 0..self.n() {
            if self.plan.vertices[v].role != Role::Next {
                continue;
            }
            if let Some(m) = self.mate(v) {
                let other = &self.plan.vertices[m];
                let counts = match other.role {
                    Role::Next => m > v,
                    Role::Mdp | Role::Resident => floating.get(m).copied().unwrap_or(false),
                    _ => false,
                };
                if counts {
                    pairs.push((self.plan.vertices[v].player, other.player));
                }
            }
        }
        pairs
    }

    /// The bracket's pairs and floaters in the current optimum.
    pub(super) fn bracket_pairing(&mut self) -> BracketPairing {
        let mut out = BracketPairing {
            probes: self.probes,
            ..BracketPairing::default()
        };
        let mut floating = vec![false; self.n()];
        for (v, floats) in floating
            .iter_mut()
            .enumerate()
            .take(self.plan.bracket_size as usize)
        {
            match self.mate_in_bracket(v) {
                Some(m) if m > v => out
                    .pairs
                    .push((self.plan.vertices[v].player, self.plan.vertices[m].player)),
                Some(_) => {}
                None => {
                    *floats = true;
                    out.floaters.push(self.plan.vertices[v].player);
                }
            }
        }
        out.next_pairs = self.next_pairs(&floating);
        out
    }
}

/// Weights computed once per pair of vertex classes (pairs of players alike are worth the same; the
/// lower BSN first, as the colour rules read the pair). Valid while the choices it was made under
/// stand.
pub(super) struct WeightMemo {
    classes: Option<Vec<u32>>,
    /// Where in `limbs` the weight of a pair of classes starts.
    index: PairMap<usize>,
    /// The weights computed, one after the other (each as wide as `scratch`).
    limbs: Vec<u64>,
    /// The weight just computed.
    scratch: Wide,
    highs: PairMap<Option<I256>>,
}

/// A map keyed by a pair of class numbers, mixed into one `u64` by [`WeightMemo::key`] and used as its
/// own hash (the matching's interning hasher): with the standard hasher the look-ups were a tenth of
/// building a 5,000-vertex graph.
type PairMap<V> =
    std::collections::HashMap<u64, V, std::hash::BuildHasherDefault<crate::matching::PassHasher>>;

impl WeightMemo {
    /// The pair of classes of `u` and `v` (lower BSN first), multiplied by an odd constant: still one
    /// key per pair, its bits mixed for the hash table.
    fn key(&self, u: usize, v: usize) -> Option<u64> {
        let c = self.classes.as_ref()?;
        let (low, high) = (u.min(v), u.max(v));
        let pair = u64::from(*c.get(low)?) << 32 | u64::from(*c.get(high)?);
        Some(pair.wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }
}

/// Sets the weight of edge `u`–`v` in `matching`, writing it to the matching log if there is one.
pub(super) fn set_edge(
    matching: &mut dyn width::EdgeMatching,
    log: &mut Option<std::io::BufWriter<std::fs::File>>,
    u: usize,
    v: usize,
    limbs: &[u64],
) -> Result<()> {
    if let Some(log) = log {
        use std::io::Write;
        let _ = writeln!(log, "e {u} {v} {}", matching.weight_text(limbs));
    }
    matching.set_edge(u, v, limbs)
}
