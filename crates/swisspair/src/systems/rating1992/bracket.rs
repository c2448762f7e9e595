//! One score bracket (A.3): C.1, then the pairing of its players as A.3 treats them — heterogeneous
//! (the players moved down first, then the homogeneous remainder) or homogeneous — by the search of
//! [`super::search`], in whatever matching the caller gives: the bracket's own players, or with those of
//! the next bracket (C.12) or of the lowest one (C.13).

use super::criteria::{self, Floats};
use super::initial;
use super::oracle::{Oracle, Role, Scope};
use super::players::Ctx;
use super::search::{self, Group, Heterogeneous, Level, Pairs};
use super::trace::{self, Fault, RoundEvent, SearchNote};
use crate::error::{Error, Result};
use crate::matching::{MatchingComputer, SmallWeight};
use crate::score::Score;
use crate::sorting::sort_by_key;

/// A score bracket: the players moved down from above and the residents, in A.2 order.
#[derive(Clone, Debug)]
pub struct Bracket {
    pub players: Vec<usize>,
    /// The residents' score: the players with a higher one were moved down (A.3).
    pub score: Score,
    /// The lowest bracket: the player left unpaired receives the bye (A.5, C.13).
    pub last: bool,
}

/// Why C.12 applies to a bracket.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum C12 {
    /// C.1's first case: this player, moved down, has no opponent in the bracket.
    NoOpponent(usize),
    /// The bracket is heterogeneous and its p pairings of players moved down cannot be made.
    PairingsMissing,
}

/// A bracket as paired.
#[derive(Clone, Debug)]
pub struct Paired {
    /// The players left in the bracket by C.1, its score, whether it is the lowest.
    pub group: Group,
    /// C.1: the players with no opponent in the bracket, moved down at once.
    pub forced: Vec<usize>,
    pub pairs: Pairs,
    /// Moved down to the next bracket: the players left unpaired, then those of C.1 (in the lowest
    /// bracket: the one who receives the bye).
    pub moved_down: Vec<usize>,
    /// What the search recorded (only when the round is explained).
    pub note: Option<Box<SearchNote>>,
    /// C.12 and C.13 as they concerned the bracket (only when the round is explained).
    pub events: Vec<RoundEvent>,
}

impl Bracket {
    /// The bracket of `residents` (score `score`) with the players `incoming` moved down into it.
    pub fn new(
        ctx: &Ctx,
        incoming: &[usize],
        residents: &[usize],
        score: Score,
        last: bool,
    ) -> Bracket {
        let mut players: Vec<usize> = incoming.iter().chain(residents).copied().collect();
        sort_by_key(&mut players, |&p| ctx.rank_of(p));
        Bracket {
            players,
            score,
            last,
        }
    }

    /// C.1: the players for whom no opponent can be found in the bracket without violating B.1 or B.2
    /// are moved down at once: residents by its third case, players moved down from above when C.12 has
    /// not found them an opponent (a player moved down who still has none after C.12 moves further).
    /// Not in the lowest bracket, where C.13 applies instead: there a player without an opponent can
    /// only be the one who receives the bye, or the bracket cannot be paired (see [`super::round`]).
    /// Returns the bracket's group after C.1 and the players moved down.
    pub fn c1(&self, ctx: &Ctx) -> (Group, Vec<usize>) {
        let (members, forced) = if self.last {
            (self.players.clone(), Vec::new())
        } else {
            self.players
                .iter()
                .partition(|&&p| self.players.iter().any(|&q| ctx.legal(p, q)))
        };
        let group = Group {
            players: members,
            score: self.score,
            last: self.last,
        };
        (group, forced)
    }

    /// Pairs the bracket on its own (C.2–C.11, C.14): its first candidate in the order of the
    /// procedure. `None` only in the lowest bracket, when it cannot be paired (C.13).
    pub fn pair(&self, ctx: &Ctx) -> Result<Option<Paired>> {
        trace::begin(&ctx.recorder);
        let (group, forced) = self.c1(ctx);
        let pairs = match natural(ctx, &group) {
            Ok(pairs) => {
                ctx.note(|n| n.natural = true);
                Some(pairs)
            }
            Err(fault) => {
                ctx.note(|n| n.fault = Some(fault));
                let mut own = Oracle::new(ctx, Scope::Local, &group.players, Role::Removed)?;
                search_group(&mut own, ctx, &group)?
            }
        };
        Ok(pairs.map(|pairs| Paired::new(group, forced, pairs).noted(ctx)))
    }

    /// Whether C.12 applies: a player moved down into the bracket has no opponent in it (C.1), or the
    /// bracket is heterogeneous and its p pairings of the players moved down (S1 against the residents,
    /// A.6) cannot be made in compliance with B.1 and B.2 whatever the relative criteria (C.11 has run
    /// out, C.12 follows). `paired` is the bracket's pairing, if any (C.1's moves applied). `Some` when
    /// it applies, with the player moved down who has no opponent, if that is why.
    pub fn c12_applies(&self, ctx: &Ctx, paired: Option<&Paired>) -> Result<Option<C12>> {
        let from_above = |p: usize| ctx.player(p).score > self.score;
        let without_opponent = |p: usize| !self.players.iter().any(|&q| ctx.legal(p, q));
        if let Some(&p) = self
            .players
            .iter()
            .find(|&&p| from_above(p) && without_opponent(p))
        {
            return Ok(Some(C12::NoOpponent(p)));
        }
        let members = paired.map_or(&self.players, |p| &p.group.players);
        let (mdps, residents): (Vec<usize>, Vec<usize>) =
            members.iter().partition(|&&p| from_above(p));
        if mdps.is_empty() || 2 * mdps.len() >= members.len() {
            return Ok(None);
        }
        if let Some(paired) = paired {
            let with_resident = |p: usize| {
                paired
                    .pairs
                    .iter()
                    .any(|&(a, b)| (a == p && !from_above(b)) || (b == p && !from_above(a)))
            };
            if mdps.iter().all(|&p| with_resident(p)) {
                return Ok(None);
            }
        }
        Ok((!each_meets_one(ctx, &mdps, &residents)?).then_some(C12::PairingsMissing))
    }
}

impl Paired {
    pub fn new(group: Group, forced: Vec<usize>, pairs: Pairs) -> Paired {
        let mut moved_down: Vec<usize> = group
            .players
            .iter()
            .copied()
            .filter(|p| !pairs.iter().any(|&(a, b)| a == *p || b == *p))
            .collect();
        moved_down.extend(forced.iter().copied());
        Paired {
            group,
            forced,
            pairs,
            moved_down,
            note: None,
            events: Vec::new(),
        }
    }

    /// With the record of the search that paired it, when recording.
    pub fn noted(mut self, ctx: &Ctx) -> Paired {
        self.note = trace::take(&ctx.recorder);
        self
    }

    /// Adds `event` to the record, when recording.
    pub fn event(&mut self, ctx: &Ctx, event: RoundEvent) {
        if ctx.records() {
            self.events.push(event);
        }
    }
}

/// Whether every player of `left` can be paired with a different player of `right` (B.1, B.2).
fn each_meets_one(ctx: &Ctx, left: &[usize], right: &[usize]) -> Result<bool> {
    let internal = |e| Error::Internal(format!("matching: {e}"));
    let mut m = MatchingComputer::<SmallWeight>::new(left.len() + right.len()).map_err(internal)?;
    for (i, &a) in left.iter().enumerate() {
        for (j, &b) in right.iter().enumerate() {
            if ctx.legal(a, b) {
                m.set_edge(i, left.len() + j, 1).map_err(internal)?;
            }
        }
    }
    m.solve();
    Ok((0..left.len()).all(|i| m.mate(i).is_some()))
}

/// The players of the group moved down from a higher bracket.
pub fn moved_down_count(ctx: &Ctx, g: &Group) -> usize {
    g.players
        .iter()
        .filter(|&&p| ctx.player(p).score > g.score)
        .count()
}

/// Pairs the group's players on `o` (its roles already set for the scope): heterogeneous or
/// homogeneous as A.3 says. `Some(empty)` moves everybody down.
pub fn search_group(o: &mut Oracle<'_>, ctx: &Ctx, g: &Group) -> Result<Option<Pairs>> {
    let n = g.players.len();
    let mdps = moved_down_count(ctx, g);
    if mdps == 0 || 2 * mdps >= n {
        return search::pair_homogeneous(o, ctx, g);
    }
    match search::pair_heterogeneous(o, ctx, g, mdps)? {
        Heterogeneous::Paired(pairs) => Ok(Some(pairs)),
        Heterogeneous::NotFound => Ok(None),
        // C.14: p reached zero: the whole bracket moves down; in the lowest bracket C.13 joins it with
        // the players moved down into one bracket, paired as homogeneous.
        Heterogeneous::NoMdpPaired if g.last => {
            ctx.note(|n| n.joined_as_one = true);
            search::pair_homogeneous(o, ctx, g)
        }
        Heterogeneous::NoMdpPaired => {
            ctx.note(|n| n.all_moved_down = true);
            Ok(Some(Vec::new()))
        }
    }
}

/// The candidate of C.6 when it meets every criterion at the first level (no matching needed): the
/// players moved down with the first residents in order, then the remainder's halves in order;
/// otherwise the first criterion it breaks.
fn natural(ctx: &Ctx, g: &Group) -> std::result::Result<Pairs, Fault> {
    let n = g.players.len();
    let mdps = moved_down_count(ctx, g);
    let level = |players: &[usize]| Level {
        budget: criteria::x_of(ctx, players),
        floats: Floats::ALL,
    };
    if mdps == 0 || 2 * mdps >= n {
        return initial::natural(ctx, g, n / 2, level(&g.players));
    }
    let first = initial::natural_pairs(ctx, &g.players, mdps, level(&g.players))?;
    let remainder = Group {
        players: g.players.get(2 * mdps..).ok_or(Fault::Unpaired)?.to_vec(),
        ..g.clone()
    };
    let rest = initial::natural(
        ctx,
        &remainder,
        remainder.players.len() / 2,
        level(&remainder.players),
    )?;
    Ok(first.into_iter().chain(rest).collect())
}
