//! Old C.04.1: the Swiss system based on rating (1992, amended 1997 and 1998).
//!
//! # The procedure
//!
//! Players are ranked by score, rating, title and name (A.2, `players.rs`). The score brackets are paired
//! from the highest down (C): a bracket holds the players of one score (A.3) and those moved down from
//! above; a player with no possible opponent in it is moved down at once (C.1). A bracket of which fewer
//! than half came from above is heterogeneous: S1 holds the players moved down, who are paired first with
//! the residents (S2), and the residents left form a remainder paired as a homogeneous group; otherwise
//! S1 holds the higher half (A.6). Within a group the candidates are tried in the order of the procedure
//! (`search.rs`): for p pairings (C.14 lowers it), a budget x of pairings that cannot fulfil both colour
//! preferences (A.8, B.4; C.11 raises it), the float criteria B.5/B.6 in force (C.9, C.10 drop them), the
//! exchanges of D.2 and within each the transpositions of D.1 (C.6–C.8); the first candidate that meets
//! B.1, B.2 and the relative criteria in force is the pairing. Those left unpaired move down; the one left
//! in the lowest bracket receives the bye (A.5). Colours follow E.1–E.5 (`colours.rs`), and the pairs are
//! listed in the order of F.1.
//!
//! C.12 and C.13 (undo the previous bracket when the players it moved down cannot be paired, joining the
//! two lowest brackets when needed) are applied ahead: a bracket's candidate is accepted only when the
//! players it moves down can still be paired with everybody below (or take the bye) — one maximum
//! matching over all players still to be paired (`oracle.rs`) — and, where some candidate allows it,
//! when each player it moves down finds an opponent among the residents of the next score group (C.12's
//! "allows p pairing(s) to be made" there). The round is therefore always completed when any pairing
//! meets B.1 and B.2; when none does the result is [`Error::NoValidPairing`].
//!
//! # The search bound
//!
//! The candidates are never enumerated blindly, and every loop has a fixed limit:
//!
//! - levels: the matching gives, for each p and each float step, the fewest colour conflicts any
//!   candidate can have, so the first level with a candidate is found with at most one solve per p and
//!   five per p for the float steps; levels without a candidate are never searched;
//! - exchanges (D.2): at most `search::EXCHANGES_PER_LEVEL` (1,000) per level, each tested with one solve;
//!   beyond that the subgroups of the matching's own candidate of the level are used (it meets the
//!   level, so the pairing is still correct for that level, only perhaps not the earliest in D.2's
//!   order — for brackets of up to about 12 players every exchange is within the limit);
//! - transpositions (D.1): S1's players are paired in turn, each with the first S2 player that still
//!   leaves a completion, so at most |S1|·|S2| probes (one incremental solve each; most partners are
//!   proven by a known completion without a solve);
//! - heterogeneous brackets: at most `search::MDP_PAIRINGS_PER_LEVEL` (16) pairings of the players moved down
//!   per level (C.10's "different opponent") before the next level, and at most 3·(p + r + 1) levels
//!   (x increases, upfloat steps) for p pairings of players moved down and r in the remainder.
//!
//! The work per bracket is thus polynomial in its size and no input makes the search run for ever. Each
//! bracket is first searched with a matching of its own players; the matching over every player still to
//! be paired is consulted once to accept the result, and searched only when the result would leave the
//! round incomplete or break C.12. Measured (release build): the last round of a 1,000-player tournament
//! in under 0.1 s; any round of 1,500 players in under 0.4 s; 5,000 players in under 6 s.
//!
//! # Readings of the text
//!
//! Where the text leaves a choice open, this is the reading taken (each also stated where it applies):
//!
//! - A.2: titles rank IGM (GM), WGM, IM, WIM, FM, WFM as listed, then CM, WCM (not in the 1992 text) in the
//!   same pattern, then none; names compare case-insensitively; the starting number separates namesakes.
//! - A.3: whether a bracket counts as heterogeneous is judged after C.1 has moved down the players
//!   without an opponent.
//! - A.4/A.5: floats come from the pairing (a forfeited game floats like a played one); only the
//!   pairing-allocated bye is a downfloat; other rounds without an opponent carry no float.
//! - A.7/B.2/note to B: a player with over 50% in the last round has no absolute colour preference and is
//!   exempt from B.2, B.5 and B.6 — that player only: the opponent stays bound by B.2.
//! - A.8: x is never below zero; a player without a game has no preference and counts in neither w nor b.
//! - B.1.b: the bye is barred by an earlier pairing-allocated bye, a forfeit win, or an unplayed round
//!   worth at least a win (a full-point bye); a half- or zero-point bye does not bar it.
//! - B.3 is realised by the procedure (brackets from the top, players moved down paired first, the fewest
//!   moved down), not tested on candidates.
//! - B.4: a pairing "not fulfilling all colour preferences" is one of two players preferring the same
//!   colour, whatever the strengths.
//! - B.5/B.6: a player moved down receives a downfloat when moved down from the bracket of their own
//!   score (checked there); a player paired with a higher score receives an upfloat.
//! - C.1: a player moved down who still has no opponent after C.12 is moved down further.
//! - C.12/C.13: applied ahead (see above): the first candidate, in the bracket's own order, that lets
//!   every player it moves down meet a resident of the next score group and the round be completed;
//!   failing that, the first that lets the round be completed.
//! - C.9/C.10: the float criteria dropped are restored whenever x is raised (C.11 restarts at C.3, which
//!   reaches C.9 again); upfloat criteria are dropped (C.10) in any group where upfloats occur.
//! - C.11: in a heterogeneous bracket one count of increases applies both to the bracket's x (for the
//!   players moved down) and to the remainder's own x (A.8 computed afresh, C.6).
//! - C.14: x starts, for each lower p, from the original x less one per pairing given up, and C.11 raises
//!   it again; in the lowest bracket p is not lowered (C.13); a heterogeneous lowest bracket whose players
//!   moved down cannot be paired at all is paired as one homogeneous bracket (C.13's joining).
//! - D.2: exchanges of more than two players follow the same order (needed to reach every pairing); on
//!   equal differences and equal S1 players, the S2 set with the higher player comes first.
//! - E: the rules choose among the colourings B.2 allows (for players it binds, an absolute preference
//!   is the only colour allowed, so E.1/E.2 already grant it); "higher ranked" is the A.2 order.
//! - E.5 (and its use for two players without any game in a later round): numbers are positions in this
//!   round's A.2 order; odd numbers get the colour drawn for the first player (`XXC`), even the other.
//! - F.1's order is applied here; [`crate::systems::System::pair`] then sorts the boards by C.04.2, which
//!   gives the same order when the starting numbers follow the A.2 order of the first round.
//! - F.8/F.9 (absence without notice, adjourned games) are for the arbiter: the file says who plays.

mod colours;
mod criteria;
mod exchanges;
mod oracle;
mod players;
mod search;

#[cfg(test)]
mod tests;

use crate::error::{Error, Result};
use crate::pairing::{Game, Pairing};
use crate::score::Score;
use crate::state::RoundState;
use crate::tournament::Tournament;
use oracle::{Oracle, Role, Scope};
use players::Ctx;
use search::{Group, Heterogeneous, Pairs};
use std::cmp::Reverse;

/// Pairs the next round of `tournament` with the 1992 system.
pub fn pair(tournament: &Tournament, state: &RoundState) -> Result<Pairing> {
    let ctx = Ctx::new(tournament, state)?;
    pair_ctx(&ctx)
}

/// The pairing of the round described by `ctx`.
fn pair_ctx(ctx: &Ctx) -> Result<Pairing> {
    if ctx.order.is_empty() {
        return Ok(Pairing::default());
    }
    let mut completion = Oracle::new(ctx, Scope::Global, &ctx.order, Role::Outside)?;
    if !completion.eval().complete {
        return Err(Error::NoValidPairing(
            "no pairing of the players present meets B.1 and B.2".into(),
        ));
    }
    let groups = score_groups(ctx);
    let mut pairs: Pairs = Vec::new();
    let mut moved_down: Vec<usize> = Vec::new();
    for (k, group) in groups.iter().enumerate() {
        let mut players = std::mem::take(&mut moved_down);
        players.extend(group.iter().copied());
        players.sort_by_key(|&p| ctx.rank_of(p));
        let bracket = Bracket {
            score: group.first().map_or(Score::ZERO, |&p| ctx.player(p).score),
            players,
            last: k + 1 == groups.len(),
            next: groups.get(k + 1).cloned().unwrap_or_default(),
        };
        let outcome = pair_bracket(ctx, &mut completion, &bracket)?;
        completion.set_roles(&with_role(paired(&outcome.pairs), Role::Removed))?;
        pairs.extend(outcome.pairs);
        moved_down = outcome.moved_down;
    }
    if moved_down.len() > 1 {
        return Err(Error::Internal(
            "the lowest bracket left more than one player unpaired".into(),
        ));
    }
    let mut games: Vec<Game> = pairs
        .iter()
        .map(|&(a, b)| colours::game(ctx, a, b))
        .collect();
    sort_f1(ctx, &mut games);
    Ok(Pairing {
        games,
        bye: moved_down.first().copied(),
    })
}

/// A.3: the players of this round by score, highest first, each group in A.2 order.
fn score_groups(ctx: &Ctx) -> Vec<Vec<usize>> {
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

/// F.1: the score of the higher player of the pair, the sum of both scores, the A.2 rank of the higher
/// player.
fn sort_f1(ctx: &Ctx, games: &mut [Game]) {
    games.sort_by_key(|g| {
        let (a, b) = (g.white, g.black);
        let higher = if ctx.rank_of(a) <= ctx.rank_of(b) {
            a
        } else {
            b
        };
        (
            Reverse(ctx.player(higher).score),
            Reverse(ctx.player(a).score + ctx.player(b).score),
            ctx.rank_of(higher),
        )
    });
}

/// A score bracket: the players moved down from above and the residents, in A.2 order.
struct Bracket {
    players: Vec<usize>,
    /// The residents' score.
    score: Score,
    last: bool,
    /// The next score group (C.12).
    next: Vec<usize>,
}

/// The pairing of a bracket.
struct Outcome {
    pairs: Pairs,
    /// Moved down to the next bracket (in the lowest bracket: the bye).
    moved_down: Vec<usize>,
}

/// What the matching of every player still to be paired says about a bracket's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    /// The round can be completed, and C.12 is met (or does not apply).
    Complete,
    /// The round can be completed, but not with every player moved down paired in the next score group.
    CompleteBelowNext,
    /// The round cannot be completed.
    Incomplete,
}

/// Pairs one bracket: its own candidate first; the matching over everybody left only when that
/// candidate fails C.12 or C.13.
fn pair_bracket(ctx: &Ctx, completion: &mut Oracle<'_>, b: &Bracket) -> Result<Outcome> {
    let (members, forced) = without_opponent(ctx, b);
    completion.set_next(&b.next);
    let c12 = !b.last && !b.next.is_empty();
    let group = Group {
        players: members.clone(),
        score: b.score,
        last: b.last,
        strict: false,
    };
    let local = match natural(ctx, &group) {
        Some(pairs) => Some(pairs),
        None => {
            let mut own = Oracle::new(ctx, Scope::Local, &members, Role::Removed)?;
            search_group(&mut own, ctx, &group, false)?
        }
    };
    if let Some(pairs) = local {
        let moved = leftovers(&members, &pairs);
        match verdict(completion, &pairs, &moved, &forced, c12)? {
            Verdict::Complete => return Ok(outcome(pairs, moved, forced)),
            Verdict::CompleteBelowNext => {
                if let Some(o) = search_completion(ctx, completion, &group, &forced, true)? {
                    return Ok(o);
                }
                return Ok(outcome(pairs, moved, forced));
            }
            Verdict::Incomplete => {}
        }
    }
    if c12 {
        if let Some(o) = search_completion(ctx, completion, &group, &forced, true)? {
            return Ok(o);
        }
    }
    search_completion(ctx, completion, &group, &forced, false)?
        .ok_or_else(|| Error::Internal("a bracket of a completable round found no pairing".into()))
}

/// C.1: the players with no opponent in the bracket (B.1, B.2) are moved down at once, residents or not
/// (a player moved down who still has none after C.12 moves further). Not in the lowest bracket, where
/// C.13 applies instead.
fn without_opponent(ctx: &Ctx, b: &Bracket) -> (Vec<usize>, Vec<usize>) {
    if b.last {
        return (b.players.clone(), Vec::new());
    }
    b.players
        .iter()
        .partition(|&&p| b.players.iter().any(|&q| ctx.legal(p, q)))
}

/// The candidate of C.6 when it meets every criterion at the first level (no matching needed): the
/// players moved down with the first residents in order, then the remainder's halves in order.
fn natural(ctx: &Ctx, g: &Group) -> Option<Pairs> {
    let n = g.players.len();
    let mdps = moved_down_count(ctx, g);
    let level = |players: &[usize]| search::Level {
        budget: criteria::x_of(ctx, players),
        floats: criteria::Floats::ALL,
    };
    if mdps == 0 || 2 * mdps >= n {
        return search::natural(ctx, g, n / 2, level(&g.players));
    }
    let first = search::natural_pairs(ctx, &g.players, mdps, level(&g.players))?;
    let remainder = Group {
        players: g.players.get(2 * mdps..)?.to_vec(),
        ..g.clone()
    };
    let rest = search::natural(
        ctx,
        &remainder,
        remainder.players.len() / 2,
        level(&remainder.players),
    )?;
    Some(first.into_iter().chain(rest).collect())
}

fn moved_down_count(ctx: &Ctx, g: &Group) -> usize {
    g.players
        .iter()
        .filter(|&&p| ctx.player(p).score > g.score)
        .count()
}

/// Pairs the bracket's players on `o` (its roles already set for the scope): heterogeneous or
/// homogeneous as A.3 says. `Some(empty)` moves everybody down.
fn search_group(o: &mut Oracle<'_>, ctx: &Ctx, g: &Group, strict: bool) -> Result<Option<Pairs>> {
    let n = g.players.len();
    let mdps = moved_down_count(ctx, g);
    if mdps == 0 || 2 * mdps >= n {
        return search::pair_homogeneous(o, ctx, g, strict);
    }
    match search::pair_heterogeneous(o, ctx, g, mdps, strict)? {
        Heterogeneous::Paired(pairs) => Ok(Some(pairs)),
        Heterogeneous::NotStrict => Ok(None),
        // C.14: p reached zero: the whole bracket moves down; in the lowest bracket C.13 joins it with
        // the players moved down into one bracket, paired as homogeneous.
        Heterogeneous::NoMdpPaired if g.last => search::pair_homogeneous(o, ctx, g, strict),
        Heterogeneous::NoMdpPaired => Ok(Some(Vec::new())),
    }
}

/// The search over every player still to be paired (C.12 with `strict`, else C.13 only).
fn search_completion(
    ctx: &Ctx,
    completion: &mut Oracle<'_>,
    g: &Group,
    forced: &[usize],
    strict: bool,
) -> Result<Option<Outcome>> {
    completion.set_roles(&with_role(
        forced.iter().copied(),
        Role::Leaving { strict: false },
    ))?;
    let found = search_group(completion, ctx, g, strict);
    completion.set_roles(&with_role(
        g.players.iter().chain(forced).copied(),
        Role::Outside,
    ))?;
    Ok(found?.map(|pairs| {
        let moved = leftovers(&g.players, &pairs);
        outcome(pairs, moved, forced.to_vec())
    }))
}

/// Checks a bracket's result against everybody still to be paired, leaving the matching as it was.
fn verdict(
    completion: &mut Oracle<'_>,
    pairs: &Pairs,
    moved: &[usize],
    forced: &[usize],
    c12: bool,
) -> Result<Verdict> {
    let mut changes = with_role(paired(pairs), Role::Removed);
    changes.extend(with_role(
        forced.iter().copied(),
        Role::Leaving { strict: false },
    ));
    completion.set_roles(&changes)?;
    let strict = c12 && !moved.is_empty();
    let mut result = Verdict::Incomplete;
    if strict {
        completion.set_roles(&with_role(
            moved.iter().copied(),
            Role::Leaving { strict: true },
        ))?;
        if completion.eval().complete {
            result = Verdict::Complete;
        }
    }
    if result == Verdict::Incomplete {
        completion.set_roles(&with_role(
            moved.iter().copied(),
            Role::Leaving { strict: false },
        ))?;
        if completion.eval().complete {
            result = if strict {
                Verdict::CompleteBelowNext
            } else {
                Verdict::Complete
            };
        }
    }
    completion.set_roles(&with_role(
        paired(pairs)
            .chain(moved.iter().copied())
            .chain(forced.iter().copied()),
        Role::Outside,
    ))?;
    Ok(result)
}

/// The players of `pairs`.
fn paired(pairs: &Pairs) -> impl Iterator<Item = usize> + '_ {
    pairs.iter().flat_map(|&(a, b)| [a, b])
}

/// `players`, each with `role`.
fn with_role(players: impl Iterator<Item = usize>, role: Role) -> Vec<(usize, Role)> {
    players.map(|p| (p, role)).collect()
}

/// The players of `players` not in `pairs`, in order.
fn leftovers(players: &[usize], pairs: &Pairs) -> Vec<usize> {
    players
        .iter()
        .copied()
        .filter(|p| !pairs.iter().any(|&(a, b)| a == *p || b == *p))
        .collect()
}

fn outcome(pairs: Pairs, mut moved: Vec<usize>, forced: Vec<usize>) -> Outcome {
    moved.extend(forced);
    Outcome {
        pairs,
        moved_down: moved,
    }
}
