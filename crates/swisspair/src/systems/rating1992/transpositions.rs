//! D.1 within fixed subgroups: S1's players in turn, each with the first S2 player that still leaves a
//! completion meeting the level, found by the matching of [`super::oracle`] or proven without it by a
//! known completion (a [`Certificate`]) that the new pair changes along an alternating path.

use super::first_best::first_best;
use super::oracle::{Oracle, Role, Scope};
use super::players::Ctx;
use crate::error::Result;

/// Pairs of player indices.
pub type Pairs = Vec<(usize, usize)>;

const NONE: usize = usize::MAX;
/// How many times, on average, a search for an alternating path may scan each S1 player.
const SCANS_PER_PLAYER: usize = 4;

#[cfg(test)]
thread_local! {
    /// Tests: which shortcuts the search may take (bit 0: certificates, bit 1: the duals), and how often
    /// the alternating paths and the duals decided.
    pub static SHORTCUTS: std::cell::Cell<u8> = const { std::cell::Cell::new(3) };
    pub static DECIDED: std::cell::Cell<[usize; 2]> = const { std::cell::Cell::new([0; 2]) };
}

/// Whether certificates (0) or the duals (1) may spare the matching's probes (always, but in tests that
/// compare).
fn shortcut(_which: u8) -> bool {
    #[cfg(test)]
    {
        SHORTCUTS.with(|s| s.get() & (1 << _which) != 0)
    }
    #[cfg(not(test))]
    {
        true
    }
}

/// Tests: counts a decision by an alternating path (0) or by the duals (1).
fn decided(_by: usize) {
    #[cfg(test)]
    DECIDED.with(|d| {
        let mut counts = d.get();
        counts[_by] += 1;
        d.set(counts);
    });
}

/// A completion known to meet the level (a homogeneous group searched on its own): the S2 position of
/// each S1 player not yet fixed, and the S1 position holding each S2 player (`NONE` when free or
/// fixed). When the earliest possible partner of the next S1 player can be reached from it by an
/// exchange of partners — a simple one, or along an alternating path ([`Transpositions::repaired`]) —
/// that proves the partner fits without asking the matching.
#[derive(Clone, Debug)]
struct Certificate {
    mate: Vec<usize>,
    holder: Vec<usize>,
    /// Colour conflicts of its own pairs.
    conflicts: usize,
}

impl Certificate {
    /// S1 position `x` takes S2 position `y` (`NONE`: nobody).
    fn assign(&mut self, x: usize, y: usize) {
        if let Some(m) = self.mate.get_mut(x) {
            *m = y;
        }
        if let Some(h) = self.holder.get_mut(y) {
            *h = x;
        }
    }
}

/// How a certificate absorbs the pair of S1 position `i` with S2 position `j`.
enum Change {
    /// `j` was the partner already.
    Same,
    /// `j` was free; the old partner becomes free.
    Free,
    /// The holder of `j` takes the old partner.
    Swap,
    /// The holder of `j` takes the free S2 player at this position; the old partner becomes free.
    Move(usize),
    /// The certificate as changed along alternating paths, the pair fixed.
    Repaired(Box<Certificate>),
}

/// The label-correcting search of the alternating paths ([`Mending::to_free`] and
/// [`Mending::to_movable`]): per player the fewest added conflicts found (`best`) and the player
/// it was reached from (`from`); the players to scan again, at most `scans` scans in all.
struct Labels {
    best: Vec<i64>,
    from: Vec<usize>,
    queued: Vec<bool>,
    queue: std::collections::VecDeque<usize>,
    scans: usize,
}

impl Labels {
    /// `n` players, the search starting at `start` with no conflict added.
    fn new(n: usize, start: usize, scans: usize) -> Labels {
        let mut best = vec![i64::MAX; n];
        best[start] = 0;
        Labels {
            best,
            from: vec![NONE; n],
            queued: vec![false; n],
            queue: std::collections::VecDeque::from([start]),
            scans,
        }
    }

    /// The next player to scan; none when no label changed or the scans are spent.
    fn next(&mut self) -> Option<usize> {
        let x = self.queue.pop_front()?;
        self.queued[x] = false;
        self.scans = self.scans.checked_sub(1)?;
        Some(x)
    }

    /// `x` reached from `from` with `cost` added conflicts: kept, and `x` scanned again, when fewer.
    fn relax(&mut self, x: usize, cost: i64, from: usize) {
        if cost < self.best[x] {
            self.best[x] = cost;
            self.from[x] = from;
            if !std::mem::replace(&mut self.queued[x], true) {
                self.queue.push_back(x);
            }
        }
    }
}

/// One mending of the certificate by alternating paths ([`Transpositions::repaired`]): the subgroups
/// and what is fixed already (`t`), the matching that says which pairs the criteria in force allow
/// (`o`), the players' colours (`ctx`), and `j`, the S2 position being fixed, which no path may take.
struct Mending<'m, 's, 'c> {
    t: &'m Transpositions<'s>,
    o: &'m Oracle<'c>,
    ctx: &'m Ctx,
    j: usize,
}

impl Mending<'_, '_, '_> {
    /// Colour conflict of S1 position `x` with S2 position `y`, as a number.
    fn conf(&self, x: usize, y: usize) -> i64 {
        match (self.t.s1.get(x), self.t.s2.get(y)) {
            (Some(&a), Some(&b)) => i64::from(self.ctx.conflict(a, b)),
            _ => 0,
        }
    }

    /// Whether S1 position `x` may take S2 position `y` (not `j`, the one being fixed, nor a fixed one).
    fn may_take(&self, x: usize, y: usize) -> bool {
        y != self.j
            && !self.t.used.get(y).copied().unwrap_or(true)
            && match (self.t.s1.get(x), self.t.s2.get(y)) {
                (Some(&a), Some(&b)) => self.o.part_edge(a, b),
                _ => false,
            }
    }

    /// An alternating path in `c` from S1 position `start`, without a partner, to a free S2 player, each
    /// S1 player on it taking the S2 player it reached and leaving its own to the next: applied to `c`,
    /// its change of conflicts returned when at most `room`. The fewest conflicts are sought by label
    /// correction (a step may remove a conflict), at most a few scans of each S1 player.
    fn to_free(&self, c: &mut Certificate, start: usize, room: i64) -> Option<i64> {
        let (n1, n2) = (self.t.s1.len(), self.t.s2.len());
        if start >= n1 || c.mate.len() != n1 || c.holder.len() != n2 {
            return None;
        }
        // Labels of S1 players: `x` left without a partner, `from[x]` the S1 player that took it.
        let mut labels = Labels::new(n1, start, SCANS_PER_PLAYER * n1);
        while let Some(x) = labels.next() {
            for y in 0..n2 {
                if !self.may_take(x, y) {
                    continue;
                }
                let gain = labels.best[x] + self.conf(x, y);
                match c.holder[y] {
                    NONE if gain <= room => {
                        if let Some(g) = self.take_along(c, &labels.from, (start, x, y), room) {
                            return Some(g);
                        }
                    }
                    NONE => {}
                    next if next != start => labels.relax(next, gain - self.conf(next, y), x),
                    _ => {}
                }
            }
        }
        None
    }

    /// Applies the path of [`Mending::to_free`] ending with S1 position `last` taking the free S2
    /// position `y`, back to `start` through `by`, when it is simple and adds at most `room` conflicts;
    /// the conflicts it adds.
    fn take_along(
        &self,
        c: &mut Certificate,
        by: &[usize],
        (start, last, y): (usize, usize, usize),
        room: i64,
    ) -> Option<i64> {
        let mut steps = vec![(last, y)];
        let mut x = last;
        let mut seen = vec![false; self.t.s1.len()];
        while x != start {
            if std::mem::replace(seen.get_mut(x)?, true) {
                return None;
            }
            let taker = *by.get(x)?;
            steps.push((taker, *c.mate.get(x)?));
            x = taker;
        }
        let gain: i64 = steps
            .iter()
            .map(|&(x, y)| {
                let lost = c.mate.get(x).copied().unwrap_or(NONE);
                self.conf(x, y) - if lost == NONE { 0 } else { self.conf(x, lost) }
            })
            .sum();
        if gain > room {
            return None;
        }
        for &(x, y) in &steps {
            c.assign(x, y);
        }
        Some(gain)
    }

    /// An alternating path in `c` from S2 position `start`, free but to be paired, to an S2 player who may
    /// be moved down: each S1 player on it leaves its partner for the S2 player before. Applied to `c`,
    /// its change of conflicts returned when at most `room` (the fewest sought as by
    /// [`Mending::to_free`]).
    fn to_movable(&self, c: &mut Certificate, start: usize, room: i64) -> Option<i64> {
        let (n1, n2) = (self.t.s1.len(), self.t.s2.len());
        if start >= n2 || c.mate.len() != n1 || c.holder.len() != n2 {
            return None;
        }
        // Labels of S2 players: `z` left without a partner, `from[z]` the S2 player its holder left it for.
        let mut labels = Labels::new(n2, start, SCANS_PER_PLAYER * n1);
        while let Some(y) = labels.next() {
            for x in 0..n1 {
                let z = c.mate[x];
                if z == NONE || z == start || !self.may_take(x, y) {
                    continue;
                }
                let gain = labels.best[y] + self.conf(x, y) - self.conf(x, z);
                if !self.o.must_pair(self.t.s2[z]) {
                    if gain <= room {
                        let mut path = labels.from.clone();
                        path[z] = y;
                        if let Some(g) = self.leave_along(c, &path, (start, z), room) {
                            return Some(g);
                        }
                    }
                } else {
                    labels.relax(z, gain, y);
                }
            }
        }
        None
    }

    /// Applies the path of [`Mending::to_movable`] that frees S2 position `end`, back to `start` through
    /// `to`, when it is simple and adds at most `room` conflicts; the conflicts it adds.
    fn leave_along(
        &self,
        c: &mut Certificate,
        to: &[usize],
        (start, end): (usize, usize),
        room: i64,
    ) -> Option<i64> {
        // (S1 player, the S2 player it takes, the one it leaves)
        let mut steps = Vec::new();
        let mut z = end;
        let mut seen = vec![false; self.t.s2.len()];
        while z != start {
            if std::mem::replace(seen.get_mut(z)?, true) {
                return None;
            }
            let y = *to.get(z)?;
            steps.push((*c.holder.get(z)?, y, z));
            z = y;
        }
        let gain: i64 = steps
            .iter()
            .map(|&(x, y, z)| self.conf(x, y) - self.conf(x, z))
            .sum();
        if gain > room {
            return None;
        }
        for &(x, _, z) in &steps {
            if c.holder.get(z) == Some(&x) {
                c.assign(NONE, z);
            }
        }
        for &(x, y, _) in &steps {
            c.assign(x, y);
        }
        Some(gain)
    }
}

/// Visits the candidates of fixed subgroups in D.1's order (each S1 player in turn with the first S2
/// player that leaves a completion), at most `limit` of them.
pub struct Transpositions<'s> {
    s1: &'s [usize],
    s2: &'s [usize],
    /// S2 position of each player index (`NONE` elsewhere).
    s2_position: Vec<usize>,
    budget: usize,
    remainder: Option<usize>,
    limit: usize,
    visited: usize,
    used: Vec<bool>,
    pairs: Pairs,
    conflicts: usize,
    certificate: Option<Certificate>,
}

pub type Visit<'v, 'c> =
    dyn FnMut(&mut Oracle<'c>, &[(usize, usize)]) -> Result<Option<Pairs>> + 'v;

impl<'s> Transpositions<'s> {
    pub fn new(
        ctx: &Ctx,
        s1: &'s [usize],
        s2: &'s [usize],
        budget: usize,
        remainder: Option<usize>,
        limit: usize,
    ) -> Self {
        let mut s2_position = vec![NONE; ctx.players.len()];
        for (j, &b) in s2.iter().enumerate() {
            if let Some(x) = s2_position.get_mut(b) {
                *x = j;
            }
        }
        Transpositions {
            s1,
            s2,
            s2_position,
            budget,
            remainder,
            limit,
            visited: 0,
            used: vec![false; s2.len()],
            pairs: Vec::with_capacity(s1.len()),
            conflicts: 0,
            certificate: None,
        }
    }

    /// Takes the current optimum (which fits) as the certificate, where certificates apply: a
    /// homogeneous group searched on its own, where fitting means only pairing S1, covering the players
    /// who must be paired and keeping to the budget.
    pub fn certify(&mut self, o: &Oracle<'_>, ctx: &Ctx) {
        if o.scope() != Scope::Local || self.remainder.is_some() || !shortcut(0) {
            return;
        }
        let depth = self.pairs.len();
        let mut mate = vec![NONE; self.s1.len()];
        let mut holder = vec![NONE; self.s2.len()];
        let mut conflicts = 0;
        for (i, &a) in self.s1.iter().enumerate().skip(depth) {
            let Some(j) = o
                .mate(a)
                .and_then(|b| self.s2_position.get(b).copied())
                .filter(|&j| j < self.s2.len())
            else {
                self.certificate = None;
                return;
            };
            mate[i] = j;
            holder[j] = i;
            conflicts += usize::from(ctx.conflict(a, self.s2[j]));
        }
        self.certificate = Some(Certificate {
            mate,
            holder,
            conflicts,
        });
    }

    /// The first S2 position that `a` may be paired with at all (B.1, B.2, criteria in force, budget).
    fn first_candidate(&self, o: &Oracle<'_>, ctx: &Ctx, a: usize) -> Option<usize> {
        (0..self.s2.len()).find(|&j| {
            !self.used[j]
                && o.part_edge(a, self.s2[j])
                && self.conflicts + usize::from(ctx.conflict(a, self.s2[j])) <= self.budget
        })
    }

    /// Whether the certificate shows that S1 position `i` with S2 position `j` leaves a completion.
    fn certified(&self, o: &Oracle<'_>, ctx: &Ctx, i: usize, j: usize) -> Option<Change> {
        let cert = self.certificate.as_ref()?;
        let (a, b) = (*self.s1.get(i)?, *self.s2.get(j)?);
        let old = *cert.mate.get(i)?;
        let old_player = *self.s2.get(old)?;
        let conf = |x: usize, y: usize| usize::from(ctx.conflict(x, y));
        let within = |rest: usize| self.conflicts + conf(a, b) + rest <= self.budget;
        let base = cert.conflicts - conf(a, old_player);
        if old == j {
            return within(base).then_some(Change::Same);
        }
        let old_may_go = !o.must_pair(old_player);
        let holder = *cert.holder.get(j)?;
        if holder == NONE {
            return (old_may_go && within(base)).then_some(Change::Free);
        }
        let other = *self.s1.get(holder)?;
        let base = base - conf(other, b);
        if o.part_edge(other, old_player) && within(base + conf(other, old_player)) {
            return Some(Change::Swap);
        }
        let moved = old_may_go
            .then(|| {
                (0..self.s2.len()).find(|&y| {
                    y != j
                        && !self.used[y]
                        && cert.holder[y] == NONE
                        && o.part_edge(other, self.s2[y])
                        && within(base + conf(other, self.s2[y]))
                })
            })
            .flatten();
        match moved {
            Some(y) => Some(Change::Move(y)),
            None => self
                .repaired(o, ctx, i, j)
                .map(|c| Change::Repaired(Box::new(c))),
        }
    }

    /// The certificate with S1 position `i` paired with S2 position `j`, mended along alternating paths
    /// of pairs the criteria in force allow: the former holder of `j` takes another S2 player, whose
    /// holder takes another, and so on until one takes a free player (`i`'s old partner, perhaps); then,
    /// when `i`'s old partner is left free but must be paired, it takes the place of another, who takes
    /// the place of another, until one who may be moved down is freed. Each path adds the fewest colour
    /// conflicts the searches find within their limits (`O(|S1| |S2|)` steps each). `None` when none
    /// keeps the certificate within the budget.
    fn repaired(&self, o: &Oracle<'_>, ctx: &Ctx, i: usize, j: usize) -> Option<Certificate> {
        let mut c = self.certificate.clone()?;
        let mending = Mending { t: self, o, ctx, j };
        let (a, b) = (*self.s1.get(i)?, *self.s2.get(j)?);
        let old = *c.mate.get(i)?;
        let mut conflicts = c.conflicts as i64 - mending.conf(i, old);
        c.assign(i, NONE);
        c.assign(NONE, old);
        let holder = *c.holder.get(j)?;
        c.assign(NONE, j);
        let limit = self.budget as i64 - self.conflicts as i64 - i64::from(ctx.conflict(a, b));
        if holder != NONE {
            conflicts -= mending.conf(holder, j);
            c.assign(holder, NONE);
            conflicts += mending.to_free(&mut c, holder, limit - conflicts)?;
        }
        if c.holder.get(old) == Some(&NONE) && old != j && o.must_pair(*self.s2.get(old)?) {
            conflicts += mending.to_movable(&mut c, old, limit - conflicts)?;
        }
        c.conflicts = usize::try_from(conflicts).ok()?;
        if conflicts > limit {
            return None;
        }
        decided(0);
        Some(c)
    }

    /// Updates the certificate for the pair of S1 position `i` with S2 position `j`.
    fn absorb(&mut self, ctx: &Ctx, i: usize, j: usize, change: Change) {
        let (s1, s2) = (self.s1, self.s2);
        if let Change::Repaired(c) = change {
            self.certificate = Some(*c);
            return;
        }
        let Some(cert) = self.certificate.as_mut() else {
            return;
        };
        let old = cert.mate[i];
        let conf = |x: usize, y: usize| usize::from(ctx.conflict(s1[x], s2[y]));
        cert.conflicts -= conf(i, old);
        cert.mate[i] = NONE;
        match change {
            Change::Same => cert.holder[j] = NONE,
            Change::Free => cert.holder[old] = NONE,
            Change::Repaired(_) => {}
            Change::Swap | Change::Move(_) => {
                let holder = cert.holder[j];
                let to = if let Change::Move(y) = change { y } else { old };
                cert.conflicts = cert.conflicts - conf(holder, j) + conf(holder, to);
                cert.mate[holder] = to;
                cert.holder[to] = holder;
                cert.holder[j] = NONE;
                if to != old {
                    cert.holder[old] = NONE;
                }
            }
        }
    }

    /// The candidates from the current depth on, each passed to `visit`; the first it accepts. Each pair
    /// fixed takes its players out of the matching, and they are put back when the search backtracks; once
    /// a candidate is accepted the search ends, and the oracle is left as that candidate left it (every
    /// caller drops the oracle after a success, and a bracket of thousands of players would otherwise
    /// put every one of them back).
    pub fn descend<'c>(
        &mut self,
        o: &mut Oracle<'c>,
        ctx: &Ctx,
        visit: &mut Visit<'_, 'c>,
    ) -> Result<Option<Pairs>> {
        let depth = self.pairs.len();
        let Some(&a) = self.s1.get(depth) else {
            self.visited += 1;
            return visit(o, &self.pairs);
        };
        // The earliest partner that may be paired at all, when the certificate shows it fits.
        if let Some(j) = self.first_candidate(o, ctx, a) {
            if let Some(change) = self.certified(o, ctx, depth, j) {
                self.absorb(ctx, depth, j, change);
                let found = self.fix_and_descend(o, ctx, visit, j)?;
                if found.is_some() {
                    return Ok(found);
                }
                self.certificate = None;
            }
        }
        // The optimum, steered to give `a` its earliest partner among the best completions: an earlier
        // partner can only fit when x leaves room for more conflicts than the fewest possible. (In a
        // heterogeneous bracket the remainder's own conflicts rank above the steer, so earlier partners
        // are always tried there; S1 is small.)
        o.set_focus(Some(a))?;
        let budget = self.budget - self.conflicts;
        let e = o.eval();
        let slack = e.conflicts < budget || self.remainder.is_some();
        let steered = if e.fits(self.s1.len() - depth, budget, self.remainder) {
            o.mate(a).and_then(|b| self.s2.iter().position(|&x| x == b))
        } else {
            None
        };
        if !slack && steered.is_some() {
            if let Some(found) = self.rest_by_duals(o, ctx, visit)? {
                return Ok(found);
            }
        }
        o.set_focus(None)?;
        for j in 0..self.s2.len() {
            if self.visited >= self.limit {
                break;
            }
            if !slack && steered.is_some_and(|s| j < s) {
                continue;
            }
            let Some(&b) = self.s2.get(j) else { break };
            if self.used.get(j).copied().unwrap_or(true) || !o.part_edge(a, b) {
                continue;
            }
            let conflict = usize::from(ctx.conflict(a, b));
            if self.conflicts + conflict > self.budget {
                continue;
            }
            let (role_a, role_b) = (o.role(a), o.role(b));
            o.set_role(a, Role::Removed)?;
            o.set_role(b, Role::Removed)?;
            let left = self.s1.len() - depth - 1;
            let mut found = None;
            if o.eval().fits(
                left,
                self.budget - self.conflicts - conflict,
                self.remainder,
            ) {
                self.used[j] = true;
                self.pairs.push((a, b));
                self.conflicts += conflict;
                self.certify(o, ctx);
                found = self.descend(o, ctx, visit)?;
                self.conflicts -= conflict;
                self.pairs.pop();
                self.used[j] = false;
            }
            if found.is_some() {
                // The search ends here: the oracle is left as the candidate left it (see `descend`).
                return Ok(found);
            }
            o.set_role(a, role_a)?;
            o.set_role(b, role_b)?;
        }
        Ok(None)
    }

    /// When the current optimum fits and leaves no room for more conflicts than it has, the rest of the
    /// first candidate at once ([`first_best`]), passed to `visit`: `Some` with what `visit` says, `None`
    /// when that cannot be done here (a group searched with others, or the duals not found in time).
    pub fn rest_by_duals<'c>(
        &mut self,
        o: &mut Oracle<'c>,
        ctx: &Ctx,
        visit: &mut Visit<'_, 'c>,
    ) -> Result<Option<Option<Pairs>>> {
        if o.scope() != Scope::Local || self.remainder.is_some() || !shortcut(1) {
            return Ok(None);
        }
        let s1 = self.s1.get(self.pairs.len()..).unwrap_or(&[]);
        let s2: Vec<usize> = (0..self.s2.len())
            .filter(|&j| !self.used[j])
            .map(|j| self.s2[j])
            .collect();
        let Some(rest) = first_best(o, ctx, s1, &s2) else {
            return Ok(None);
        };
        decided(1);
        let mut pairs = self.pairs.clone();
        pairs.extend(rest);
        self.visited += 1;
        Ok(Some(visit(o, &pairs)?))
    }

    /// Fixes the next S1 player with S2 position `j` (known to fit) and goes on.
    fn fix_and_descend<'c>(
        &mut self,
        o: &mut Oracle<'c>,
        ctx: &Ctx,
        visit: &mut Visit<'_, 'c>,
        j: usize,
    ) -> Result<Option<Pairs>> {
        let depth = self.pairs.len();
        let (Some(&a), Some(&b)) = (self.s1.get(depth), self.s2.get(j)) else {
            return Ok(None);
        };
        let conflict = usize::from(ctx.conflict(a, b));
        let (role_a, role_b) = (o.role(a), o.role(b));
        o.set_role(a, Role::Removed)?;
        o.set_role(b, Role::Removed)?;
        self.used[j] = true;
        self.pairs.push((a, b));
        self.conflicts += conflict;
        let found = self.descend(o, ctx, visit)?;
        self.conflicts -= conflict;
        self.pairs.pop();
        self.used[j] = false;
        if found.is_none() {
            o.set_role(a, role_a)?;
            o.set_role(b, role_b)?;
        }
        Ok(found)
    }
}
