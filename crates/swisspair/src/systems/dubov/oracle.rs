//! The completability test the procedure consults before each decision: can the players still unpaired
//! all be paired, in the best way the limitations allow?
//!
//! The Dubov text pairs greedily from the top; taken literally, a choice in one score group can leave the
//! round impossible to complete further down. Every decision of the procedure (a pair, the bye, a
//! transfer, a floater) is therefore kept only when some pairing of all the players still unpaired
//! extends it and is as good as the best one. "Good" is a weight per pair, with descending priority:
//!
//! 1. every player is paired (2.1–2.4 and the forbidden pairs are absolute: illegal pairs have no edge;
//!    the bye is a pair with a dummy player, allowed by 2.2);
//! 2. as many players of the score group being paired as possible are paired within it (6.4: "the aim
//!    of the pairing procedure is to pair all players within a score group"); players transferred up
//!    (7.1, 7.2) count for the player they are paired with. Chapter 8's floaters are paired before this
//!    criterion starts for the group: 8.2 gives a floater the highest-rated resident the round allows,
//!    whatever that leaves to 7.1.
//!
//! 2.5 is no criterion here: it limits who 7.1 and 7.2 may transfer (they do not offer a barred player),
//! not which pairs may be made — a floater of 6.4 may meet anybody of a lower score group (8.2).
//!
//! The best value comes from a maximum-weight matching ([`crate::matching`]). The oracle keeps one best
//! matching of the unpaired players (the witness); most decisions are confirmed by exchanging two or
//! three of its pairs without a new solve, the others by solving again without the players concerned.
//! A solve needs no matching of the whole round when the score group's members, matched for criterion
//! 2 alone, leave players who can all be paired with each other (found greedily, with one exchange per
//! two left over): no pairing can be worth more. In a large round that is almost always so, and it
//! takes a matching of one score group instead of one of thousands of players (a 9,999-player round in
//! well under a second instead of half a minute). Every decision depends only on the best value, not on
//! which best matching the witness is, so the pairings are the same either way.

use super::context::Context;
use crate::error::{Error, Result};
use crate::matching::{small_weight, MatchingComputer, MatchingError, SmallWeight};
use crate::sorting::sort;

/// No mate.
const NONE: usize = usize::MAX;

/// What a player is to the score group being paired (criterion 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Member {
    /// Not in the score group being paired.
    Outside,
    /// A player of the score group.
    Resident,
    /// A player transferred up to the score group (7.1, 7.2): counts for the resident he plays.
    Transfer,
}

/// See the module documentation.
pub struct Oracle<'c, 'a> {
    ctx: &'c Context<'a>,
    /// The dummy vertex standing for the pairing-allocated bye, when the number of players is odd.
    bye: Option<usize>,
    /// Vertices (entrants, then the bye) not yet paired.
    remaining: Vec<bool>,
    /// A best matching of the remaining vertices.
    mate: Vec<usize>,
    /// Its value.
    value: u128,
    member: Vec<Member>,
    /// Width of each criterion's field in a weight.
    shift: u32,
}

fn internal(e: MatchingError) -> Error {
    Error::Internal(format!("matching: {e}"))
}

impl<'c, 'a> Oracle<'c, 'a> {
    /// The oracle for the whole round; fails when no pairing satisfies the absolute limitations.
    pub fn new(ctx: &'c Context<'a>) -> Result<Oracle<'c, 'a>> {
        let n = ctx.entrants.len();
        let bye = (n % 2 == 1).then_some(n);
        let size = n + usize::from(bye.is_some());
        // Criterion 2 sums at most 2 per pair over at most size / 2 pairs: below the pair's bit.
        let shift = usize::BITS - size.leading_zeros() + 1;
        if shift + 2 > crate::matching::safe_weight_bits::<u64>() {
            return Err(Error::size_limit(
                None,
                "players",
                format!("{n} players to pair"),
            ));
        }
        let mut oracle = Oracle {
            ctx,
            bye,
            remaining: vec![true; size],
            mate: vec![NONE; size],
            value: 0,
            member: vec![Member::Outside; n],
            shift,
        };
        let (value, mate) = oracle.solve(&[])?;
        oracle.value = value;
        oracle.mate = mate;
        if (0..size).any(|v| oracle.mate.get(v) == Some(&NONE)) {
            return Err(Error::NoValidPairing(
                "the players cannot all be paired within limitations 2.1–2.4 (and the forbidden pairs)"
                    .into(),
            ));
        }
        Ok(oracle)
    }

    /// The bye's vertex, when the round has one.
    pub fn bye_vertex(&self) -> Option<usize> {
        self.bye
    }

    /// Whether `v` is still unpaired.
    pub fn is_unpaired(&self, v: usize) -> bool {
        self.remaining.get(v).copied().unwrap_or(false)
    }

    /// The players of `list` not yet paired.
    pub fn unpaired(&self, list: &[usize]) -> Vec<usize> {
        list.iter()
            .copied()
            .filter(|&v| self.is_unpaired(v))
            .collect()
    }

    /// The weight of the pair `a`–`b` (zero: not allowed).
    fn weight(&self, a: usize, b: usize) -> u64 {
        let pair = 1u64 << self.shift;
        if Some(a) == self.bye || Some(b) == self.bye {
            let other = if Some(a) == self.bye { b } else { a };
            return match self.ctx.entrants.get(other) {
                Some(e) if e.bye_allowed => pair,
                _ => 0,
            };
        }
        if self.ctx.pairable(a, b) {
            pair + self.bonus(a, b)
        } else {
            0
        }
    }

    /// Criterion 2: how many players of the score group this pair pairs within it.
    fn bonus(&self, a: usize, b: usize) -> u64 {
        let of = |v: usize| self.member.get(v).copied().unwrap_or(Member::Outside);
        match (of(a), of(b)) {
            (Member::Resident, Member::Resident) => 2,
            (Member::Resident, Member::Transfer) | (Member::Transfer, Member::Resident) => 1,
            _ => 0,
        }
    }

    /// A best matching of the remaining vertices except `excluded`: its value and the mates. Found from
    /// the score group's members when that completes ([`Oracle::complete_from_members`]), otherwise by
    /// the matching engine on all of them; either way a best matching, so the same value.
    fn solve(&self, excluded: &[usize]) -> Result<(u128, Vec<usize>)> {
        match self.complete_from_members(excluded)? {
            Some(found) => {
                // The unit tests check every such matching against the engine's on all the vertices.
                #[cfg(test)]
                if self.solve_whole(excluded)?.0 != found.0 {
                    return Err(Error::Internal(
                        "the matching built from the members is not a best one".into(),
                    ));
                }
                Ok(found)
            }
            None => self.solve_whole(excluded),
        }
    }

    /// A best matching of the remaining vertices except `excluded`, built from the members of the score
    /// group, or `None`.
    ///
    /// No matching pairs more than half of the vertices (criterion 1), and criterion 2 gives nothing
    /// for a pair that is not between two members (a resident and a resident or a player transferred
    /// up): no matching is worth more than half the vertices' pairs plus the most criterion 2 gives to
    /// a matching of the members alone. So a maximum-weight matching of the members over their
    /// criterion-2 weights, completed by a pairing of all the other vertices, is a best matching. The
    /// others are paired greedily, and two of them left over (who may not meet) come in by exchanging
    /// one of those pairs: u and w unpaired, x–y paired, u–x and w–y allowed (Ore: when u and w may
    /// meet more of the paired vertices together than there are, some pair is such an x–y). In a large
    /// round nearly everybody may meet nearly everybody, and this costs a matching of one score group
    /// and a pass over the players instead of a matching of the whole round; when it does not complete,
    /// `None` (the whole matching decides).
    fn complete_from_members(&self, excluded: &[usize]) -> Result<Option<(u128, Vec<usize>)>> {
        let size = self.remaining.len();
        let mut present = self.remaining.clone();
        for &v in excluded {
            set(&mut present, v, false);
        }
        let here = |v: usize| present.get(v) == Some(&true);
        let members: Vec<usize> = (0..size)
            .filter(|&v| here(v) && self.member.get(v).is_some_and(|&m| m != Member::Outside))
            .collect();
        let mut mate = vec![NONE; size];
        let mate_of = |mate: &[usize], v: usize| mate.get(v).copied().unwrap_or(NONE);
        // Criterion 2 among the members. When most of them are residents, most pairs of them are edges
        // (residents of one score group mostly may meet): the graph's rows are arrays from the start.
        if members.len() >= 2 {
            let residents = members
                .iter()
                .filter(|&&v| self.member.get(v) == Some(&Member::Resident))
                .count();
            let mut m = if 2 * residents >= members.len() {
                MatchingComputer::<SmallWeight>::new_dense(members.len())
            } else {
                MatchingComputer::<SmallWeight>::new(members.len())
            }
            .map_err(internal)?;
            for (i, &a) in members.iter().enumerate() {
                for (j, &b) in members.iter().enumerate().skip(i + 1) {
                    let bonus = self.bonus(a, b);
                    if bonus > 0 && self.weight(a, b) > 0 {
                        m.set_edge(i, j, small_weight(bonus)).map_err(internal)?;
                    }
                }
            }
            m.solve();
            for (i, &a) in members.iter().enumerate() {
                if let Some(b) = m.mate(i).and_then(|j| members.get(j).copied()) {
                    set(&mut mate, a, b);
                }
            }
        }
        // Criterion 1: the other vertices, greedily, the bye's first (it may meet the fewest).
        let may_meet = |a: usize, b: usize| self.weight(a, b) > 0 && self.weight(b, a) > 0;
        let mut order: Vec<usize> = Vec::new();
        order.extend(self.bye.filter(|&b| here(b)));
        order.extend(
            (0..size).filter(|&v| here(v) && Some(v) != self.bye && mate_of(&mate, v) == NONE),
        );
        let mut made: Vec<(usize, usize)> = Vec::new();
        let mut left: Vec<usize> = Vec::new();
        for (i, &u) in order.iter().enumerate() {
            if mate_of(&mate, u) != NONE {
                continue;
            }
            let partner = order
                .iter()
                .skip(i + 1)
                .copied()
                .find(|&w| mate_of(&mate, w) == NONE && may_meet(u, w));
            match partner {
                Some(w) => {
                    set(&mut mate, u, w);
                    set(&mut mate, w, u);
                    made.push((u, w));
                }
                None => left.push(u),
            }
        }
        // Two left over may meet none of the unpaired (each was offered all of them): exchange a pair.
        while left.len() >= 2 {
            let (Some(u), Some(w)) = (left.pop(), left.pop()) else {
                break;
            };
            let exchange = made.iter().enumerate().find_map(|(k, &(x, y))| {
                if may_meet(u, x) && may_meet(w, y) {
                    Some((k, (u, x), (w, y)))
                } else if may_meet(u, y) && may_meet(w, x) {
                    Some((k, (u, y), (w, x)))
                } else {
                    None
                }
            });
            let Some((k, first, second)) = exchange else {
                return Ok(None);
            };
            if let Some(slot) = made.get_mut(k) {
                *slot = first;
            }
            made.push(second);
            for (a, b) in [first, second] {
                set(&mut mate, a, b);
                set(&mut mate, b, a);
            }
        }
        if !left.is_empty() {
            return Ok(None);
        }
        let mut value = 0u128;
        for v in 0..size {
            let u = mate_of(&mate, v);
            if u != NONE && v < u {
                value += u128::from(self.weight(v, u));
            }
        }
        Ok(Some((value, mate)))
    }

    /// A best matching of the remaining vertices except `excluded`, by the matching engine on all of
    /// them: its value and the mates.
    fn solve_whole(&self, excluded: &[usize]) -> Result<(u128, Vec<usize>)> {
        let vertices: Vec<usize> = (0..self.remaining.len())
            .filter(|&v| self.is_unpaired(v) && !excluded.contains(&v))
            .collect();
        let mut m = MatchingComputer::<SmallWeight>::new(vertices.len()).map_err(internal)?;
        for (i, &a) in vertices.iter().enumerate() {
            for (j, &b) in vertices.iter().enumerate().skip(i + 1) {
                let w = self.weight(a, b);
                if w > 0 {
                    m.set_edge(i, j, small_weight(w)).map_err(internal)?;
                }
            }
        }
        m.solve();
        let mut mate = vec![NONE; self.remaining.len()];
        let mut value = 0u128;
        for (i, &a) in vertices.iter().enumerate() {
            if let Some(b) = m.mate(i).and_then(|j| vertices.get(j).copied()) {
                if let Some(slot) = mate.get_mut(a) {
                    *slot = b;
                }
                if a < b {
                    value += u128::from(self.weight(a, b));
                }
            }
        }
        Ok((value, mate))
    }

    /// Commits the pairs `pairs` when a best pairing of the remaining players contains them.
    pub fn pair(&mut self, pairs: &[(usize, usize)]) -> Result<bool> {
        self.replace(&[], pairs)
    }

    /// Undoes the committed pairs `release` and commits `pairs` instead, when a best pairing of the
    /// players then unpaired contains them (6.3's exchange with a row above). Nothing changes otherwise.
    pub fn replace(
        &mut self,
        release: &[(usize, usize)],
        pairs: &[(usize, usize)],
    ) -> Result<bool> {
        let mut remaining = self.remaining.clone();
        let mut mate = self.mate.clone();
        let mut value = self.value;
        for &(a, b) in release {
            set(&mut remaining, a, true);
            set(&mut remaining, b, true);
            set(&mut mate, a, b);
            set(&mut mate, b, a);
            value += u128::from(self.weight(a, b));
        }
        let mut vertices: Vec<usize> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
        sort(&mut vertices);
        vertices.dedup();
        let unpaired = |v: &usize| remaining.get(*v) == Some(&true);
        if vertices.len() != 2 * pairs.len()
            || !vertices.iter().all(unpaired)
            || pairs.iter().any(|&(a, b)| self.weight(a, b) == 0)
        {
            return Ok(false);
        }
        let forced: u128 = pairs
            .iter()
            .map(|&(a, b)| u128::from(self.weight(a, b)))
            .sum();
        // Later exchanges may undo an earlier forced pair: check them all at the end.
        let local = pairs
            .iter()
            .all(|&(a, b)| self.exchange(&mut mate, &remaining, a, b, 0, true))
            && pairs.iter().all(|&(a, b)| mate.get(a) == Some(&b));
        if !local {
            let saved = std::mem::replace(&mut self.remaining, remaining.clone());
            let solved = self.solve(&vertices);
            self.remaining = saved;
            let (rest, rest_mate) = solved?;
            if rest + forced != value {
                return Ok(false);
            }
            mate = rest_mate;
        }
        for &(a, b) in pairs {
            for v in [a, b] {
                set(&mut remaining, v, false);
                set(&mut mate, v, NONE);
            }
        }
        self.remaining = remaining;
        self.mate = mate;
        self.value = value - forced;
        Ok(true)
    }

    /// Rewires `mate` to contain `a`–`b`, changing its value by exactly `delta`, by exchanging two pairs
    /// (or three, when `deep`). Returns false, leaving `mate` unchanged, when no such exchange exists.
    fn exchange(
        &self,
        mate: &mut [usize],
        remaining: &[bool],
        a: usize,
        b: usize,
        delta: i128,
        deep: bool,
    ) -> bool {
        let get = |v: usize| mate.get(v).copied().unwrap_or(NONE);
        if get(a) == b {
            return delta == 0;
        }
        let (a2, b2) = (get(a), get(b));
        if a2 == NONE || b2 == NONE {
            return false;
        }
        let w = |x: usize, y: usize| i128::from(self.weight(x, y));
        let before = w(a, a2) + w(b, b2);
        let ab = w(a, b);
        if ab == 0 {
            return false;
        }
        if w(a2, b2) > 0 && ab + w(a2, b2) - before == delta {
            for (x, y) in [(a, b), (a2, b2)] {
                set(mate, x, y);
                set(mate, y, x);
            }
            return true;
        }
        if !deep {
            return false;
        }
        let third = (0..mate.len()).find(|&c| {
            let d = get(c);
            remaining.get(c) == Some(&true)
                && d != NONE
                && ![a, b, a2, b2].contains(&c)
                && w(a2, c) > 0
                && w(b2, d) > 0
                && ab + w(a2, c) + w(b2, d) - before - w(c, d) == delta
        });
        let Some(c) = third else {
            return false;
        };
        let d = get(c);
        for (x, y) in [(a, b), (a2, c), (b2, d)] {
            set(mate, x, y);
            set(mate, y, x);
        }
        true
    }

    /// The value of the witness under the current weights.
    fn witness_value(&self) -> u128 {
        (0..self.mate.len())
            .filter_map(|v| {
                let u = self.mate.get(v).copied().unwrap_or(NONE);
                (u != NONE && v < u).then(|| u128::from(self.weight(v, u)))
            })
            .sum()
    }

    /// Starts criterion 2 for a new score group: its residents and the floaters that came down to it.
    pub fn start_group(&mut self, residents: &[usize]) -> Result<()> {
        self.member.iter_mut().for_each(|m| *m = Member::Outside);
        for &v in residents {
            set(&mut self.member, v, Member::Resident);
        }
        // Only criterion 2 changed; the witness is still best when it already pairs the whole group.
        let value = self.witness_value();
        let mask = (1u128 << self.shift) - 1;
        let members = residents.len();
        if value & mask == (members - members % 2) as u128 {
            self.value = value;
            return Ok(());
        }
        let (value, mate) = self.solve(&[])?;
        self.value = value;
        self.mate = mate;
        Ok(())
    }

    /// Takes `v` out of the score group being paired (a floater that found no opponent in it, or a
    /// floater chosen by 6.4) when the best value allows it; with `force`, whatever the value.
    fn leave_group(&mut self, v: usize, force: bool) -> Result<bool> {
        let old = self.member.get(v).copied().unwrap_or(Member::Outside);
        set(&mut self.member, v, Member::Outside);
        // Weights only fell: the witness is still best if it lost nothing.
        let value = self.witness_value();
        if value == self.value {
            return Ok(true);
        }
        let (value, mate) = self.solve(&[])?;
        if value == self.value || force {
            self.value = value;
            self.mate = mate;
            return Ok(true);
        }
        set(&mut self.member, v, old);
        Ok(false)
    }

    /// A floater who found no opponent in this score group (chapter 8) moves on down.
    pub fn pass_floater(&mut self, v: usize) -> Result<()> {
        self.leave_group(v, true).map(|_| ())
    }

    /// 6.4: `v` can be the one left unpaired in the score group without making the round worse.
    pub fn try_float(&mut self, v: usize) -> Result<bool> {
        self.leave_group(v, false)
    }

    /// How many of `players` the witness leaves without a partner in the score group (6.4).
    pub fn unpaired_in_group(&self, players: &[usize]) -> usize {
        players
            .iter()
            .filter(|&&v| {
                let m = self.mate.get(v).copied().unwrap_or(NONE);
                !matches!(
                    self.member.get(m),
                    Some(Member::Resident | Member::Transfer)
                )
            })
            .count()
    }

    /// 7.2: transfers `t` up to the score group when that lets one more of its players be paired in it.
    pub fn try_transfer(&mut self, t: usize, residents: &[usize]) -> Result<bool> {
        let old = self.value;
        set(&mut self.member, t, Member::Transfer);
        // Only t's pairs gained, by one at most: old + 1 is the best possible.
        if self.witness_value() == old + 1 {
            self.value = old + 1;
            return Ok(true);
        }
        let base = self.witness_value();
        for &u in residents {
            let mut mate = self.mate.clone();
            if self.exchange(
                &mut mate,
                &self.remaining,
                u,
                t,
                (old + 1 - base) as i128,
                false,
            ) {
                self.mate = mate;
                self.value = old + 1;
                return Ok(true);
            }
        }
        let (value, mate) = self.solve(&[])?;
        if value == old + 1 {
            self.value = value;
            self.mate = mate;
            return Ok(true);
        }
        set(&mut self.member, t, Member::Outside);
        Ok(false)
    }

    /// Whether transferring some of `candidates` could let more players of the score group be paired in
    /// it (all of them transferred at once: when even that gains nothing, no single transfer does).
    /// Changes nothing; bounds the search of 7.1 and 7.2 when transfers cannot help.
    pub fn some_transfer_helps(&mut self, candidates: &[usize]) -> Result<bool> {
        let saved = self.member.clone();
        for &t in candidates {
            set(&mut self.member, t, Member::Transfer);
        }
        let solved = self.solve(&[]);
        self.member = saved;
        Ok(solved?.0 > self.value)
    }

    /// 7.1: transfers `t` up as the opponent of `p` when that pairs `p` in the score group without
    /// making the round worse; commits the pair `p`–`t`.
    pub fn try_transfer_pair(&mut self, p: usize, t: usize) -> Result<bool> {
        let old = self.value;
        set(&mut self.member, t, Member::Transfer);
        let base = self.witness_value();
        let target = old + 1;
        let mut mate = self.mate.clone();
        let delta = target as i128 - base as i128;
        let found = if self.exchange(&mut mate, &self.remaining, p, t, delta, true) {
            true
        } else {
            let (rest, rest_mate) = self.solve(&[p, t])?;
            mate = rest_mate;
            rest + u128::from(self.weight(p, t)) == target
        };
        if !found {
            set(&mut self.member, t, Member::Outside);
            return Ok(false);
        }
        for v in [p, t] {
            set(&mut self.remaining, v, false);
            set(&mut mate, v, NONE);
        }
        self.mate = mate;
        self.value = target - u128::from(self.weight(p, t));
        Ok(true)
    }
}

/// `slice[i] = value` when `i` is in range.
fn set<T>(slice: &mut [T], i: usize, value: T) {
    if let Some(slot) = slice.get_mut(i) {
        *slot = value;
    }
}

#[cfg(test)]
mod tests {
    use super::super::context::Context;
    use super::super::recognise;
    use super::Oracle;
    use crate::check::tournament_before;
    use crate::selftest::Options;
    use crate::state::RoundState;
    use crate::systems::{Edition, System};

    /// The matching built from a score group's members is a best matching — the value of the engine's
    /// matching of all the vertices — at the start of every score group of every round of generated
    /// tournaments of 150–300 players (forfeits, byes and absences included), and with a pair of its
    /// residents taken out; and it is found (not left to the engine) in most of them.
    #[test]
    fn the_matching_from_the_members_is_a_best_one() {
        let options = Options {
            min_players: 150,
            max_players: 300,
            ..Options::new(System::Dubov, 6, 23)
        };
        let (mut checked, mut found) = (0, 0);
        for index in 0..options.tournaments {
            let full = super::super::tests::generated(&options, index);
            for r in 2..=full.rounds_played {
                let before = tournament_before(&full, r);
                let state = RoundState::with_edition(&before, Edition::Y1997);
                let history = recognise::history(&before);
                let ctx = Context::new(&before, &state, &history);
                let Ok(mut oracle) = Oracle::new(&ctx) else {
                    continue;
                };
                for group in &ctx.groups {
                    oracle.start_group(group).expect("starts the group");
                    let pair: Vec<usize> = group
                        .iter()
                        .flat_map(|&a| group.iter().map(move |&b| (a, b)))
                        .find(|&(a, b)| a < b && ctx.pairable(a, b))
                        .map(|(a, b)| vec![a, b])
                        .unwrap_or_default();
                    for excluded in [Vec::new(), pair] {
                        let whole = oracle.solve_whole(&excluded).expect("solves").0;
                        checked += 1;
                        if let Some((value, _)) =
                            oracle.complete_from_members(&excluded).expect("completes")
                        {
                            assert_eq!(value, whole, "tournament {index}, round {r}");
                            found += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 100 && 2 * found > checked, "{found} of {checked}");
    }
}
