//! C.2–C.11 and C.14: the pairing of one score bracket, as a search over the candidates in the order
//! the procedure generates them, each step pruned by the matching of [`super::oracle`].
//!
//! The procedure tries candidates at a sequence of levels — p pairings (C.14 lowers p), a budget x of
//! pairings that cannot fulfil both colour preferences (C.11 raises it), the float criteria in force (C.9
//! and C.10 drop them) — and, within a level, the exchanges of D.2 (outer) and the transpositions of D.1
//! (inner); the first candidate that meets the level is the pairing. Rather than enumerate, the search
//! asks the matching for the best value any candidate of a level can reach, skips the levels no
//! candidate meets, and then fixes the pairs of the first candidate one at a time (S1's players in turn,
//! each with the first S2 player that leaves a completion). A partner is proven to leave a completion
//! either by a known completion ([`super::transpositions`]) or by the matching.

use super::criteria::{x_of, Floats};
use super::exchanges::{Exchange, Exchanges};
use super::oracle::{Member, Oracle, Role, Side};
use super::players::Ctx;
use super::trace::{CandidateNote, LevelNote};
pub use super::transpositions::Pairs;
use super::transpositions::Transpositions;
use crate::error::{Error, Result};
use crate::score::Score;
use crate::sorting::sort;
use crate::state::Float;

/// Exchanges tried per level before the search takes the subgroups of the matching's own candidate
/// (which meets the level): D.2's order is kept for the first ones, where nearly every pairing is found.
pub const EXCHANGES_PER_LEVEL: usize = 1000;
/// Pairings of the players moved down (C.10: "try to find a different opponent") tried per level of a
/// heterogeneous bracket before the next level is tried.
pub const MDP_PAIRINGS_PER_LEVEL: usize = 16;

/// A group to pair: a bracket, or the remainder of one.
#[derive(Clone, Debug)]
pub struct Group {
    /// In A.2 order.
    pub players: Vec<usize>,
    /// The score of the bracket: players with it are residents; the others were moved down (A.3).
    pub score: Score,
    /// The lowest bracket: everybody but the bye must be paired (C.13).
    pub last: bool,
}

/// One level of the procedure: the budget x of B.4 and the float criteria in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    pub budget: usize,
    pub floats: Floats,
}

impl Group {
    fn role(&self, ctx: &Ctx, position: usize, side: Side) -> Role {
        let resident = self
            .players
            .get(position)
            .is_some_and(|&p| ctx.player(p).score == self.score);
        Role::Member(Member {
            side,
            resident,
            position: position as u32,
            last: self.last,
        })
    }

    /// Gives every player of the group the side `side(position)`.
    fn set_sides(&self, o: &mut Oracle<'_>, ctx: &Ctx, side: &dyn Fn(usize) -> Side) -> Result<()> {
        let changes: Vec<(usize, Role)> = self
            .players
            .iter()
            .enumerate()
            .map(|(i, &p)| (p, self.role(ctx, i, side(i))))
            .collect();
        o.set_roles(&changes)
    }

    fn at(&self, positions: &[usize]) -> Vec<usize> {
        positions
            .iter()
            .filter_map(|&i| self.players.get(i).copied())
            .collect()
    }
}

/// Pairs a group treated as homogeneous (A.3: a homogeneous bracket, a remainder, or a bracket of which
/// at least half came from above). `Some(empty)` moves the whole group down (C.14: p = 0); `None` when
/// the matching says no candidate meets what the scope asks (see [`super::oracle::Scope`]).
pub fn pair_homogeneous(o: &mut Oracle<'_>, ctx: &Ctx, g: &Group) -> Result<Option<Pairs>> {
    let n = g.players.len();
    let p0 = n / 2;
    // C.14: p is lowered only when no candidate with more pairings meets even the last level; the matching
    // gives the largest p directly.
    o.set_floats(Floats::NONE)?;
    g.set_sides(o, ctx, &|_| Side::Free)?;
    let e = o.eval();
    if !e.complete || (g.last && e.part < p0) {
        return Ok(None);
    }
    let p = e.part.min(p0);
    if p == 0 {
        ctx.note(|n| n.all_moved_down = true);
        return Ok(Some(Vec::new()));
    }
    // A.8 and C.14: x, lowered by one for each pairing given up when it was positive. C.14 restarts at
    // C.4, so C.9 and C.10 are reached again: every float criterion is in force at the new p until they
    // drop it again.
    let x_start = x_of(ctx, &g.players).saturating_sub(p0 - p);
    let Some(level) = first_level(o, ctx, g, p, x_start)? else {
        return Ok(None);
    };
    let found = find_candidate(o, ctx, g, p, level)?;
    if found.is_some() {
        ctx.note(|n| {
            let mut note = level_note(ctx, &g.players, (p0, p), x_start, level);
            note.candidate = n.candidate.take();
            n.group = Some(note);
        });
    }
    Ok(found)
}

/// The record of a level at which `players` were paired: `p` of `p0` pairings, x from `x_start`.
fn level_note(
    ctx: &Ctx,
    players: &[usize],
    (p0, p): (usize, usize),
    x_start: usize,
    level: Level,
) -> LevelNote {
    let (down, up) = level.floats.dropped();
    LevelNote {
        players: players.len(),
        p0,
        p,
        x: x_of(ctx, players),
        x_start,
        budget: level.budget,
        down,
        up,
        candidate: None,
    }
}

/// The record of the candidate taken: the exchange of D.2 (the `index`-th, when the original subgroups
/// are the 0th) and whether S2 was transposed (D.1).
fn candidate_note(
    g: &Group,
    exchange: &Exchange,
    index: usize,
    s2: &[usize],
    pairs: &[(usize, usize)],
) -> CandidateNote {
    CandidateNote {
        from_s1: g.at(&exchange.from_s1),
        from_s2: g.at(&exchange.from_s2),
        exchange: index,
        bound: false,
        transposed: pairs.iter().zip(g.at(s2)).any(|(&(_, b), c)| b != c),
    }
}

/// C.9–C.11: the first level (smallest increase of x, then the fewest float criteria dropped) at which
/// some candidate with `p` pairings exists.
fn first_level(
    o: &mut Oracle<'_>,
    ctx: &Ctx,
    g: &Group,
    p: usize,
    x_start: usize,
) -> Result<Option<Level>> {
    g.set_sides(o, ctx, &|_| Side::Free)?;
    let mut best: Option<(usize, usize)> = None;
    for step in 0..Floats::STEPS {
        if step > 0 && !step_matters(ctx, g, step) {
            // Nobody's pairings change: the same value as the step before.
            continue;
        }
        o.set_floats(Floats::step(step))?;
        let e = o.eval();
        if e.complete && e.part == p {
            let delta = e.conflicts.saturating_sub(x_start);
            if !matches!(best, Some((d, _)) if d <= delta) {
                best = Some((delta, step));
            }
            if delta == 0 {
                break;
            }
        }
    }
    Ok(best.map(|(delta, step)| Level {
        budget: x_start + delta,
        floats: Floats::step(step),
    }))
}

/// Whether float step `step` (see [`Floats::step`]) changes anything for the group: somebody it binds
/// could be moved down (downfloats) or paired with a higher score (upfloats).
fn step_matters(ctx: &Ctx, g: &Group, step: usize) -> bool {
    let top = g
        .players
        .iter()
        .map(|&p| ctx.player(p).score)
        .max()
        .unwrap_or(Score::ZERO);
    g.players.iter().any(|&p| {
        let q = ctx.player(p);
        let (float, back) = match step {
            1 => (Float::Down, 1),
            2 => (Float::Down, 0),
            3 => (Float::Up, 1),
            _ => (Float::Up, 0),
        };
        let concerned = if float == Float::Down {
            q.score == g.score
        } else {
            q.score < top
        };
        !q.exempt && concerned && q.floats.get(back) == Some(&float)
    })
}

/// C.5–C.8 at one level: the first exchange (D.2) with a transposition (D.1) that meets the level.
pub fn find_candidate(
    o: &mut Oracle<'_>,
    ctx: &Ctx,
    g: &Group,
    p: usize,
    level: Level,
) -> Result<Option<Pairs>> {
    let n = g.players.len();
    o.set_floats(level.floats)?;
    g.set_sides(o, ctx, &|_| Side::Free)?;
    if !o.eval().fits(p, level.budget, None) {
        return Ok(None);
    }
    let own = o.part_pairs();
    for (index, exchange) in Exchanges::new(n, p).take(EXCHANGES_PER_LEVEL).enumerate() {
        let (s1, s2) = exchange.split(n, p);
        if let Some(pairs) = first_transposition(o, ctx, g, &s1, &s2, level.budget)? {
            ctx.note(|n| n.candidate = Some(candidate_note(g, &exchange, index, &s2, &pairs)));
            return Ok(Some(pairs));
        }
    }
    // The bound: the subgroups of the matching's candidate (the higher player of each of its pairs in S1)
    // certainly have a transposition that meets the level.
    let position = |x: usize| g.players.iter().position(|&q| q == x);
    let mut s1: Vec<usize> = own
        .iter()
        .filter_map(|&(a, b)| Some(position(a)?.min(position(b)?)))
        .collect();
    sort(&mut s1);
    let s2: Vec<usize> = (0..n).filter(|i| !s1.contains(i)).collect();
    let pairs = first_transposition(o, ctx, g, &s1, &s2, level.budget)?
        .ok_or_else(|| Error::Internal("the matching's own subgroups have no candidate".into()))?;
    ctx.note(|n| {
        let exchange = Exchange {
            from_s1: (0..p).filter(|i| !s1.contains(i)).collect(),
            from_s2: s1.iter().copied().filter(|&i| i >= p).collect(),
        };
        let mut note = candidate_note(g, &exchange, EXCHANGES_PER_LEVEL, &s2, &pairs);
        note.bound = true;
        n.candidate = Some(note);
    });
    Ok(Some(pairs))
}

/// D.1: the first transposition of S2 that meets the level, for the subgroups at `s1` and `s2`
/// (positions in the group).
fn first_transposition(
    o: &mut Oracle<'_>,
    ctx: &Ctx,
    g: &Group,
    s1: &[usize],
    s2: &[usize],
    budget: usize,
) -> Result<Option<Pairs>> {
    g.set_sides(o, ctx, &|i| {
        if s1.contains(&i) {
            Side::S1
        } else {
            Side::S2
        }
    })?;
    let e = o.eval();
    if !e.fits(s1.len(), budget, None) {
        return Ok(None);
    }
    let (s1, s2) = (g.at(s1), g.at(s2));
    let mut t = Transpositions::new(ctx, &s1, &s2, budget, None, 1);
    let visit = &mut |_: &mut Oracle<'_>, pairs: &[(usize, usize)]| Ok(Some(pairs.to_vec()));
    // Without room for more conflicts, the candidates that meet the level are the best completions.
    if e.conflicts == budget {
        if let Some(found) = t.rest_by_duals(o, ctx, visit)? {
            return Ok(found);
        }
    }
    t.certify(o, ctx);
    t.descend(o, ctx, visit)
}

/// What became of a heterogeneous bracket.
#[derive(Debug)]
pub enum Heterogeneous {
    Paired(Pairs),
    /// No candidate found within the search's limits (the matching promised one).
    NotFound,
    /// C.14: p reached zero.
    NoMdpPaired,
}

/// A heterogeneous bracket (A.3: fewer than half of its players came from above): S1 holds the players
/// moved down, who are paired first (A.6), and the remainder is paired as a homogeneous group.
pub fn pair_heterogeneous(
    o: &mut Oracle<'_>,
    ctx: &Ctx,
    g: &Group,
    mdps: usize,
) -> Result<Heterogeneous> {
    let n = g.players.len();
    // A warm start: every player on the same footing gives the matching an easy first solve; S1's few
    // players then change roles incrementally. (Solved at once with S1's much heavier pairings, the first
    // solve would take one long stage per player.)
    o.set_floats(Floats::NONE)?;
    g.set_sides(o, ctx, &|_| Side::Remainder)?;
    o.eval();
    // C.14: the largest p (S1 = the p highest players, C.4) for which any candidate exists, and the most
    // pairings its remainder can then hold (C.14 applied in the remainder).
    for p in (1..=mdps.min(n / 2)).rev() {
        g.set_sides(o, ctx, &|i| if i < p { Side::S1 } else { Side::Remainder })?;
        o.set_floats(Floats::NONE)?;
        let e = o.eval();
        let remainder_max = (n - 2 * p) / 2;
        if !e.complete || e.part != p || (g.last && e.remainder < remainder_max) {
            continue;
        }
        let paired_remainder = e.remainder.min(remainder_max);
        return Ok(match levels(o, ctx, g, mdps, p, paired_remainder)? {
            Some(pairs) => Heterogeneous::Paired(pairs),
            None => Heterogeneous::NotFound,
        });
    }
    Ok(Heterogeneous::NoMdpPaired)
}

/// C.7–C.11 for a heterogeneous bracket with `p` pairings of players moved down and `r` in the remainder.
/// Levels: C.11's increase of x (one count, applied to the x of the bracket and to the x of its
/// remainder), then C.10's upfloat criteria dropped; within a level the pairings of the players moved
/// down in D.1's order (C.10: other opponents), and for each the remainder with C.9's downfloat criteria
/// dropped in turn.
fn levels(
    o: &mut Oracle<'_>,
    ctx: &Ctx,
    g: &Group,
    mdps: usize,
    p: usize,
    r: usize,
) -> Result<Option<Pairs>> {
    let n = g.players.len();
    let s1 = g.at(&(0..p).collect::<Vec<_>>());
    let s2 = g.at(&(p..n).collect::<Vec<_>>());
    g.set_sides(o, ctx, &|i| if i < p { Side::S1 } else { Side::Remainder })?;
    let x_start = x_of(ctx, &g.players).saturating_sub(mdps - p);
    // The smallest increase of x each upfloat step needs.
    let mut needed = [None; 3];
    for (up, slot) in needed.iter_mut().enumerate() {
        o.set_floats(Floats::after(2, up))?;
        let e = o.eval();
        if e.complete && e.part == p && e.remainder >= r {
            *slot = Some(e.conflicts.saturating_sub(x_start));
        }
    }
    let remainder_full = (n - 2 * p) / 2;
    for delta in 0..=p.max(r) {
        for (up, need) in needed.iter().enumerate() {
            if !matches!(need, Some(d) if *d <= delta) {
                continue;
            }
            o.set_floats(Floats::after(2, up))?;
            let mut t = Transpositions::new(
                ctx,
                &s1,
                &s2,
                x_start + delta,
                Some(r),
                MDP_PAIRINGS_PER_LEVEL,
            );
            let found = t.descend(o, ctx, &mut |o, mdp_pairs| {
                let paired: Vec<usize> = mdp_pairs.iter().map(|&(_, b)| b).collect();
                let remainder = Group {
                    players: s2.iter().copied().filter(|q| !paired.contains(q)).collect(),
                    ..g.clone()
                };
                let x_remainder = x_of(ctx, &remainder.players).saturating_sub(remainder_full - r);
                for down in 0..3 {
                    let level = Level {
                        budget: x_remainder + delta,
                        floats: Floats::after(down, up),
                    };
                    if let Some(rest) = find_candidate(o, ctx, &remainder, r, level)? {
                        ctx.note(|n| {
                            let players = &remainder.players;
                            let mut note =
                                level_note(ctx, players, (remainder_full, r), x_remainder, level);
                            note.candidate = n.candidate.take();
                            n.remainder = Some(note);
                        });
                        let mut all = mdp_pairs.to_vec();
                        all.extend(rest);
                        // The search ends (see `Transpositions::descend`).
                        return Ok(Some(all));
                    }
                }
                // Back to the bracket's own configuration.
                let back: Vec<(usize, Role)> = remainder
                    .players
                    .iter()
                    .map(|&q| {
                        let i = g.players.iter().position(|&x| x == q).unwrap_or(0);
                        (q, g.role(ctx, i, Side::Remainder))
                    })
                    .collect();
                o.set_roles(&back)?;
                o.set_floats(Floats::after(2, up))?;
                Ok(None)
            })?;
            if let Some(pairs) = &found {
                ctx.note(|n| {
                    let level = Level {
                        budget: x_start + delta,
                        floats: Floats::after(0, up),
                    };
                    let mut note = level_note(ctx, &g.players, (mdps, p), x_start, level);
                    note.candidate = Some(CandidateNote {
                        transposed: pairs.iter().zip(&s2).take(p).any(|(&(_, b), &c)| b != c),
                        ..CandidateNote::default()
                    });
                    n.moved_down = Some(note);
                });
                return Ok(found);
            }
        }
    }
    Ok(None)
}
