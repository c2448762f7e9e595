//! Section C over the round: the score brackets are paired from the highest down, each on its own
//! ([`Bracket::pair`]); C.12 and C.13, the two steps that go back to a bracket already paired, are
//! taken where the text takes them.
//!
//! - C.12, when a bracket holds a player moved down for whom C.1 finds no opponent, or when, being
//!   heterogeneous, it cannot make its p pairings of players moved down (reached after C.11): the
//!   previous bracket's pairing is undone and its first pairing, in the order of its own procedure,
//!   that moves down as many players, and such that the current bracket then allows its p pairings,
//!   is accepted; the current bracket is then paired again. When there is none, the pairing stands (a
//!   player moved down without an opponent moves further down, C.1; otherwise C.14 lowers p).
//! - C.13, when the lowest bracket cannot be paired: the penultimate bracket's pairing is undone and its
//!   first pairing (C.14 lowering p) that lets the lowest bracket be paired is accepted; when p would
//!   reach zero the two brackets are joined into a new lowest bracket and C.13 is repeated with the one
//!   above. Nothing else looks ahead: a bracket's pairing is never changed because of what it does to
//!   brackets further down.
//!
//! Both searches are the bracket's own search (`search.rs`) on a matching that also holds the players
//! concerned below (`oracle.rs`, scopes `Next` and `Global`), so the first pairing that meets the
//! condition is found without enumerating the pairings before it.

use super::bracket::{search_group, Bracket, Paired, C12};
use super::oracle::{Oracle, Role, Scope};
use super::players::Ctx;
use super::search::Pairs;
use super::trace::{self, RoundEvent};
use crate::error::{Error, Result};
use crate::score::Score;

/// The pairs of the round and the player who receives the bye.
pub fn pair_round(ctx: &Ctx) -> Result<(Pairs, Option<usize>)> {
    let (done, bye) = pair_brackets(ctx)?;
    let pairs = done.into_iter().flat_map(|p| p.pairs).collect();
    Ok((pairs, bye))
}

/// The brackets as the round procedure paired them, from the highest down, and the player who receives
/// the bye.
pub fn pair_brackets(ctx: &Ctx) -> Result<(Vec<Paired>, Option<usize>)> {
    let groups = score_groups(ctx);
    let score = |k: usize| {
        groups
            .get(k)
            .and_then(|g| g.first())
            .map_or(Score::ZERO, |&p| ctx.player(p).score)
    };
    let mut done: Vec<Paired> = Vec::with_capacity(groups.len());
    for (k, residents) in groups.iter().enumerate() {
        let last = k + 1 == groups.len();
        let bracket_after = |done: &[Paired]| {
            let incoming = done.last().map_or(&[][..], |p| &p.moved_down[..]);
            Bracket::new(ctx, incoming, residents, score(k), last)
        };
        let mut bracket = bracket_after(&done);
        let mut paired = bracket.pair(ctx)?;
        let mut event = None;
        let applies = match k {
            0 => None,
            _ => bracket.c12_applies(ctx, paired.as_ref())?,
        };
        if let Some(why) = applies {
            let without_opponent = match why {
                C12::NoOpponent(p) => Some(p),
                C12::PairingsMissing => None,
            };
            let previous = &done[k - 1];
            if let Some(mut alternative) = c12(ctx, previous, residents)? {
                alternative.event(ctx, RoundEvent::C12Repaired);
                done[k - 1] = alternative;
                bracket = bracket_after(&done);
                paired = bracket.pair(ctx)?;
                event = Some(RoundEvent::C12Again { without_opponent });
            } else {
                event = Some(RoundEvent::C12NoAlternative { without_opponent });
            }
        }
        let mut paired = match paired {
            Some(p) => p,
            // Only the lowest bracket can fail to be paired.
            None => c13(ctx, &mut done, &groups, score(k))?,
        };
        if let (Some(event), true) = (event, ctx.records()) {
            // Before what C.13 did to the bracket, which came after.
            paired.events.insert(0, event);
        }
        done.push(paired);
    }
    let bye = done.last().map_or(Vec::new(), |p| p.moved_down.clone());
    if bye.len() > 1 {
        return Err(Error::Internal(
            "the lowest bracket left more than one player unpaired".into(),
        ));
    }
    Ok((done, bye.first().copied()))
}

/// A.3: the players of this round by score, highest first, each group in A.2 order.
pub fn score_groups(ctx: &Ctx) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &p in &ctx.order {
        let score = ctx.player(p).score;
        match groups.last_mut() {
            Some(g) if g.first().is_some_and(|&q| ctx.player(q).score == score) => g.push(p),
            _ => groups.push(vec![p]),
        }
    }
    groups
}

/// C.12: the first pairing of the previous bracket, in its own order, that moves down as many players
/// ("another player will be moved down") and lets the current bracket — those players, the ones C.1
/// moved down at once, and its `residents` — make its p pairings (see [`Scope::Next`]). `None` when there
/// is none.
pub(super) fn c12(ctx: &Ctx, previous: &Paired, residents: &[usize]) -> Result<Option<Paired>> {
    let count = previous.pairs.len();
    if count == 0 {
        return Ok(None);
    }
    // The current bracket as any such pairing forms it: who is moved down changes, not how many.
    let size = previous.group.players.len() - 2 * count + previous.forced.len() + residents.len();
    let from_above = size - residents.len();
    let scope = Scope::Next {
        homogeneous: 2 * from_above >= size,
    };
    let found = search_with(ctx, scope, previous, residents)?;
    Ok(found.filter(|p| p.pairs.len() == count))
}

/// C.13: the lowest bracket cannot be paired. The penultimate bracket (the last of `done`) is paired
/// again, with the first pairing in its order that lets the lowest bracket be paired; when even p = 0
/// (the whole bracket moved down) does not, the two are joined into a new lowest bracket and the
/// bracket above becomes the penultimate one. Returns the lowest bracket as paired (`done` holds the
/// brackets above it, the last one as C.13 paired it).
fn c13(ctx: &Ctx, done: &mut Vec<Paired>, groups: &[Vec<usize>], score: Score) -> Result<Paired> {
    // The residents of the lowest bracket, and of every bracket joined to it.
    let mut below: Vec<usize> = groups.get(done.len()).cloned().unwrap_or_default();
    let mut joined = 0;
    let events = |lowest: &mut Paired, joined: usize| {
        lowest.event(ctx, RoundEvent::C13Lowest);
        if joined > 0 {
            lowest.event(ctx, RoundEvent::C13Joined(joined));
        }
    };
    while let Some(penultimate) = done.pop() {
        if let Some(mut repaired) = search_with(ctx, Scope::Global, &penultimate, &below)? {
            if ctx.records() {
                repaired.events.clone_from(&penultimate.events);
            }
            repaired.event(ctx, RoundEvent::C13Repaired);
            let lowest = Bracket::new(ctx, &repaired.moved_down, &below, score, true);
            done.push(repaired);
            let mut lowest = lowest.pair(ctx)?.ok_or_else(|| {
                Error::Internal("C.13 left a lowest bracket without pairing".into())
            })?;
            events(&mut lowest, joined);
            return Ok(lowest);
        }
        below.extend(groups.get(done.len()).into_iter().flatten().copied());
        joined += 1;
    }
    // Every bracket joined: one bracket of all the players.
    let mut lowest = Bracket::new(ctx, &[], &below, score, true)
        .pair(ctx)?
        .ok_or_else(|| {
            Error::NoValidPairing("no pairing of the players present meets B.1 and B.2".into())
        })?;
    events(&mut lowest, joined);
    Ok(lowest)
}

/// The bracket of `previous` paired again on a matching that also holds `below` (the residents of the
/// bracket(s) under it) and the players its C.1 moved down, with what `scope` asks of them. `None` when
/// no pairing of the bracket meets it.
pub(super) fn search_with(
    ctx: &Ctx,
    scope: Scope,
    previous: &Paired,
    below: &[usize],
) -> Result<Option<Paired>> {
    trace::begin(&ctx.recorder);
    let group = &previous.group;
    let everybody: Vec<usize> = group
        .players
        .iter()
        .chain(&previous.forced)
        .chain(below)
        .copied()
        .collect();
    let mut o = Oracle::new(ctx, scope, &everybody, Role::Outside)?;
    let leaving: Vec<(usize, Role)> = previous
        .forced
        .iter()
        .map(|&p| (p, Role::Leaving))
        .collect();
    o.set_roles(&leaving)?;
    // Whether anything at all meets the scope: everybody of the group below too (p = 0).
    if !o.eval().complete {
        return Ok(None);
    }
    let pairs = search_group(&mut o, ctx, group)?;
    Ok(pairs.map(|pairs| Paired::new(group.clone(), previous.forced.clone(), pairs).noted(ctx)))
}
