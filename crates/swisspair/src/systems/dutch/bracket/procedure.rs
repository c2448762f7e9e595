//! The steps of the bracket procedure (see [`super`]), each choice fixed by probing the matching with
//! a small weight change on one player's edges and re-solving incrementally, unless a shortcut
//! ([`super::shortcuts`]) finds it without probes.

use super::*;

impl<'a> Solver<'a> {
    pub(super) fn run(mut self) -> Result<Option<BracketPairing>> {
        let mut result = self.steps()?;
        if self.ctx.explain {
            if let Some(pairing) = &mut result {
                pairing.decision = self.decision(pairing);
            }
        }
        Ok(result)
    }

    fn steps(&mut self) -> Result<Option<BracketPairing>> {
        if self.ctx.kinds_for_transpositions {
            if let Some(pairing) = self.pair_by_kinds() {
                return Ok(Some(pairing));
            }
        }
        self.lap("start");
        self.build_edges()?;
        self.lap("edges");
        self.solve()?;
        self.lap("solve");
        let n = self.n();
        if self.plan.complete && (0..n).any(|v| self.mate(v).is_none()) {
            return Err(Error::NoValidPairing(
                "the players left cannot all be paired without breaking an absolute criterion (C.1–C.3)"
                    .into(),
            ));
        }
        let size = self.plan.bracket_size as usize;
        if self.plan.only_without_floaters && (0..size).any(|v| self.mate_in_bracket(v).is_none()) {
            return Ok(None);
        }
        let mdps: Vec<usize> = (0..size)
            .filter(|&v| self.plan.vertices[v].role == Role::Mdp)
            .collect();
        // 1. D.3: the paired MDPs form the lexicographically smallest set of BSNs.
        let mut paired_mdps = Vec::new();
        for &m in &mdps {
            let paired = match self.mate_in_bracket(m) {
                Some(_) => true,
                None => self.probe(m, Probe::InBracket)?.is_some(),
            };
            if paired {
                self.remove_edges(m, |y| !y.in_bracket())?;
                self.fix_must_pair(m)?;
                paired_mdps.push(m);
            } else {
                self.remove_edges(m, Vertex::in_bracket)?;
            }
        }
        // 2. D.1: each MDP of S1, in order, with the lowest BSN possible.
        let mut partners = Vec::new();
        for &m in &paired_mdps {
            partners.push(self.choose_lowest_partner(m)?);
        }
        self.lap("MDPs");
        // 3. The remainder and its original S1R / S2R (B.2, B.7).
        let remainder: Vec<usize> = (0..size)
            .filter(|&v| self.plan.vertices[v].role == Role::Resident && !partners.contains(&v))
            .collect();
        let mut remainder_pairs = 0;
        for &v in &remainder {
            if self.mate_in_bracket(v).is_some_and(|m| m > v) {
                remainder_pairs += 1;
            }
        }
        // The weights already hold D.2.a for a homogeneous bracket that pairs as many as half of its
        // players (see `Plan::new`); otherwise they are set now.
        let guessed = remainder.iter().enumerate().all(|(i, &v)| {
            let vertex = &self.plan.vertices[v];
            vertex.remainder_rank == i as u32 + 1 && vertex.in_s2r == (i >= remainder_pairs)
        });
        if !guessed {
            for (i, &v) in remainder.iter().enumerate() {
                let vertex = &mut self.plan.vertices[v];
                vertex.remainder_rank = i as u32 + 1;
                vertex.in_s2r = i >= remainder_pairs;
            }
            if remainder_pairs > 0 {
                // D.2.a first: D.2.b's sums only order candidates that exchange somebody (without an
                // exchange, S1R's sum is the same in every candidate), and they make the weights of
                // a large remainder so varied that the matching takes long to settle.
                self.plan.exchange_sums = false;
                let exchanges_nobody = remainder[..remainder_pairs]
                    .iter()
                    .all(|&v| self.mate_in_bracket(v).is_some_and(|m| m > v));
                if exchanges_nobody {
                    // The optimum stays optimal with D.2.a in the weights (no candidate does better
                    // on it, and nothing above it changed): the matching is told only when it is
                    // asked again, which the transpositions found without probes never do.
                    self.stale = remainder.clone();
                } else if !self.pair_without_exchanges(&remainder, remainder_pairs)? {
                    for &v in &remainder {
                        self.refresh(v)?;
                    }
                }
            }
        }
        let (s1r, s2r) = remainder.split_at(remainder_pairs);
        // The number of players exchanged is the same in every candidate still in the running (D.2.a
        // is a field of the weights): once that many are found, the others stay where they are.
        let paired_above =
            |this: &mut Self, v: usize| this.mate_in_bracket(v).is_some_and(|m| m > v);
        let mut exchanged = 0;
        for &s in s1r {
            if !paired_above(self, s) {
                exchanged += 1;
            }
        }
        if exchanged > 0 && !self.plan.exchange_sums {
            // D.2.b: the exchange's sums, now that there is one.
            self.plan.exchange_sums = true;
            for &v in &remainder {
                self.refresh(v)?;
            }
        }
        // 4. D.2.c: move from S1R to S2R the highest BSNs possible.
        let mut moved = 0;
        for (i, &s) in s1r.iter().enumerate().rev() {
            if moved == exchanged {
                break;
            }
            // The players left to look at must all move when no fewer remain than are still needed.
            let forced = i < exchanged - moved;
            let above = !forced
                && match self.mate_in_bracket(s) {
                    Some(y) if y > s => self.probe(s, Probe::NotAbove)?.is_some_and(|y| y > s),
                    _ => false,
                };
            if !above {
                moved += 1;
                self.remove_edges(s, |y| y.in_bracket() && y.bsn > bsn_of(s))?;
            }
        }
        // 5. D.2.d: move from S2R to S1R the lowest BSNs possible.
        let mut moved = 0;
        for (i, &y) in s2r.iter().enumerate() {
            if moved == exchanged {
                break;
            }
            let forced = s2r.len() - i <= exchanged - moved;
            let above = forced
                || match self.mate_in_bracket(y) {
                    Some(z) if z > y => true,
                    _ => self.probe(y, Probe::Above)?.is_some_and(|z| z > y),
                };
            if above {
                moved += 1;
                self.remove_edges(y, |z| !z.in_bracket() || z.bsn < bsn_of(y))?;
                self.fix_must_pair(y)?;
            }
        }
        self.lap("exchanges");
        // 6. D.1: each player of the new S1R, in order, with the lowest BSN possible.
        let lower_members: Vec<usize> = remainder
            .iter()
            .copied()
            .filter(|&v| self.mate_in_bracket(v).is_some_and(|m| m > v))
            .collect();
        for &v in &lower_members {
            self.plan.vertices[v].in_s1 = true;
        }
        if exchanged == 0 && self.ctx.kinds_for_transpositions {
            let found = self.transpose_by_kinds(&remainder, &lower_members);
            self.lap("transpositions");
            if let Some(pairing) = found {
                return Ok(Some(pairing));
            }
        }
        for v in lower_members {
            self.choose_lowest_partner(v)?;
        }
        self.lap("probes");
        Ok(Some(self.bracket_pairing()))
    }

    /// Solves with the probe `kind` on `x` and returns `x`'s partner in the bracket then; the probe is
    /// removed again (the next read of the matching re-solves).
    pub(super) fn probe(&mut self, x: usize, kind: Probe) -> Result<Option<usize>> {
        self.flush_stale()?;
        self.probes += 1;
        self.probe = Some((x, kind));
        self.refresh(x)?;
        let partner = self.mate_in_bracket(x);
        self.probe = None;
        self.refresh(x)?;
        Ok(partner)
    }

    /// D.2.a when the optimum found exchanges somebody: is there an equally good candidate that
    /// exchanges nobody? The remainder is solved afresh without the pairs an exchange would make
    /// (within S1R, within S2R); when that is as good on every criterion, no exchange is needed and
    /// those pairs stay out (every candidate left pairs S1R with S2R, so D.2's fields order nothing).
    /// Otherwise everything is put back and `false` returned. Much faster than letting the matching
    /// weigh exchanges: the remainder's pairs then only meet across S1R and S2R.
    pub(super) fn pair_without_exchanges(
        &mut self,
        remainder: &[usize],
        pairs: usize,
    ) -> Result<bool> {
        self.plan.exchanges_excluded = true;
        let from = self.plan.layout.offset_index(Field::ExchangeCount as usize);
        let best = self.matched_total();
        let n = self.n();
        let mut removed = Vec::new();
        for (i, &u) in remainder.iter().enumerate() {
            for (j, &v) in remainder.iter().enumerate().skip(i + 1) {
                if (i < pairs) == (j < pairs) && self.is_alive(u, v) {
                    removed.push((u, v));
                }
            }
        }
        // Set afresh: removing that many edges one by one from a solved matching costs more.
        self.matching.reset();
        for &(u, v) in &removed {
            self.alive[u * n + v] = false;
            self.alive[v * n + u] = false;
            self.remove_edge(u, v)?;
        }
        self.solve()?;
        let found = self.matched_total();
        let equal = (from..best.limbs.len() as u32 * 64)
            .step_by(128)
            .all(|bit| best.bits_from(bit) == found.bits_from(bit));
        if equal {
            return Ok(true);
        }
        self.plan.exchanges_excluded = false;
        for &(u, v) in &removed {
            self.alive[u * n + v] = true;
            self.alive[v * n + u] = true;
            self.set_weight(u, v)?;
        }
        Ok(false)
    }

    /// Pairs `x` with the lowest BSN it can have in an equally good candidate, fixes that, and returns
    /// the partner.
    pub(super) fn choose_lowest_partner(&mut self, x: usize) -> Result<usize> {
        let current = self.mate_in_bracket(x);
        // The lowest BSN still free to be `x`'s partner (a higher one than `x`).
        let lowest_possible = (x + 1..self.plan.bracket_size as usize).find(|&y| {
            let v = &self.plan.vertices[y];
            self.is_alive(x, y) && !v.in_s1 && v.partner.is_none_or(|p| p == x)
        });
        let partner = if current.is_some() && current == lowest_possible {
            current
        } else {
            self.probe(x, Probe::Graded)?
        };
        match partner {
            Some(y) => {
                self.fix_partner(x, y)?;
                Ok(y)
            }
            None => Err(Error::Internal(format!(
                "player {} lost its partner while the bracket was being fixed",
                self.plan.vertices[x].player
            ))),
        }
    }
}
