//! Old C.04.1: the Swiss system based on rating (1992, amended 1997 and 1998).
//!
//! # The procedure
//!
//! Players are ranked by score, rating, title and name (A.2, `players.rs`). The score brackets are paired
//! from the highest down (C, `round.rs`): a bracket holds the players of one score (A.3) and those moved
//! down from above; a player with no possible opponent in it is moved down at once (C.1,
//! `bracket.rs`). A bracket of which fewer than half came from above is heterogeneous: S1 holds the
//! players moved down, who are paired first with the residents (S2), and the residents left form a
//! remainder paired as a homogeneous group; otherwise S1 holds the higher half (A.6). Within a group the
//! candidates are tried in the order of the procedure (`search.rs`): for p pairings (C.14 lowers it), a
//! budget x of pairings that cannot fulfil both colour preferences (A.8, B.4; C.11 raises it), the float
//! criteria B.5/B.6 in force (C.9, C.10 drop them), the exchanges of D.2 and within each the
//! transpositions of D.1 (C.6–C.8); the first candidate that meets B.1, B.2 and the relative criteria in
//! force is the pairing. Those left unpaired move down; the one left in the lowest bracket receives the
//! bye (A.5). Colours follow E.1–E.5 (`colours.rs`), and the pairs are listed in the order of F.1.
//!
//! When a round is explained ([`pair_explained`]) the context records the decisions as the procedure
//! takes them (`trace.rs`: C.6's initial candidate and the first criterion it breaks, `initial.rs`; the
//! level, exchange and transposition each search took; C.12 and C.13), and `explain.rs` words that
//! record with the articles of the text. On the ordinary path nothing is recorded, and the pairing is
//! the same either way.
//!
//! C.12 and C.13 go back to a bracket already paired, where the text says (`round.rs`):
//!
//! - C.12, when a bracket holds a player moved down for whom C.1 finds no opponent in it, or when it is
//!   heterogeneous and its p pairings of the players moved down cannot be made (reached after C.11):
//!   the previous bracket's first pairing, in its own order, that moves down as many players and lets the
//!   current bracket make its p pairings is accepted, and the current bracket is paired again. Nothing
//!   else about the brackets below is asked: a pairing that meets C.12's condition is accepted even if
//!   the round then needs C.13.
//! - C.13, when the lowest bracket cannot be paired: the penultimate bracket's first pairing (C.14
//!   lowering p) that lets it be paired is accepted; when there is none with p > 0 the two are joined,
//!   and C.13 is repeated with the bracket above, until the lowest bracket can be paired.
//!
//! The round is therefore completed whenever any pairing meets B.1 and B.2 (at worst every bracket is
//! joined into one); when none does the result is [`Error::NoValidPairing`].
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
//!   proven by a known completion without a solve, changed along an alternating path where one
//!   exchange does not reach the partner; and where x leaves no room for more colour conflicts than the
//!   best completion has, the rest of the candidate is read off the optimum's dual values at once,
//!   `first_best.rs`);
//! - heterogeneous brackets: at most `search::MDP_PAIRINGS_PER_LEVEL` (16) pairings of the players moved down
//!   per level (C.10's "different opponent") before the next level, and at most 3·(p + r + 1) levels
//!   (x increases, upfloat steps) for p pairings of players moved down and r in the remainder;
//! - C.12: at most once per bracket, one search of the previous bracket on a matching that also holds
//!   the current bracket's residents (its condition is a term of the matching, so the first pairing
//!   that meets it is found like any other); C.13: at most one search per bracket above the lowest, on a
//!   matching of that bracket and the lowest.
//!
//! The work per bracket is thus polynomial in its size and no input makes the search run for ever.
//!
//! # At scale
//!
//! A round of 9,999 players is paired in a few seconds (README, Performance). What makes it so: whether
//! the round can be completed at all (B.1, B.2) is certified by Dirac's degree condition, counted per
//! colour class without a graph, and otherwise asked of a maximum-cardinality matching on a graph given
//! by the rule (`completion.rs`); a bracket's matching takes its weights from per-vertex records and a
//! bit matrix of the pairs B.1 bars (`edges.rs`), sets an edge changed at both ends once, and is not put
//! back together after the search has found its candidate; and D.1 mostly needs no probe (above). The
//! weights' bit ranges widen with the number of vertices (`edges::Layout`), so no count of players that
//! a tournament file can number is refused; beyond 8,388,608 players in one matching the pairing stops
//! with a size limit (exit code 4).
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
//! - C.1: in the lowest bracket a player without an opponent may be the one who receives the bye; C.13
//!   applies when the bracket cannot be paired. A player moved down who still has no opponent after C.12
//!   moves further down (C.1's third case).
//! - C.6: "p pairings in compliance with B1 and B2" is read with the relative criteria in force at the
//!   level (B.4 within x, B.5/B.6 until C.9/C.10 drop them); otherwise B.4–B.6, and C.9–C.11 which
//!   relax them, would have no effect.
//! - C.9/C.10: the float criteria dropped are in force again whenever x is raised (C.11 restarts at C.3,
//!   and C.9/C.10 drop them anew) and whenever p is lowered (C.14 restarts at C.4); upfloat criteria are
//!   dropped (C.10) in any group where upfloats occur.
//! - C.11: in a heterogeneous bracket one count of increases applies both to the bracket's x (for the
//!   players moved down) and to the remainder's own x (A.8 computed afresh, C.6).
//! - C.12: applied once per bracket, for its full p (a heterogeneous bracket: every player moved down
//!   meets a different resident; one treated as homogeneous: all its players paired but one when they are
//!   odd in number), judged on the bracket as the new pairing forms it, B.1 and B.2 only. "Another player
//!   will be moved down": as many players as before (the previous bracket's own C.14 is not re-entered).
//! - C.13: "allow a pairing in the lowest score bracket": everybody there paired but the one who receives
//!   the bye; the bracket joined to the lowest one is moved down whole (C.14's p = 0), its players being
//!   players moved down in the joined bracket.
//! - C.14: x starts, for each lower p, from the original x less one per pairing given up ("the original
//!   value of x"; the x raised by C.11 would leave B.4 without effect), and C.11 raises it again; in the
//!   lowest bracket p is not lowered below completion (C.13 comes first); a heterogeneous lowest bracket
//!   whose players moved down cannot be paired at all is paired as one homogeneous bracket.
//! - D.2: exchanges of more than two players follow the same order (needed to reach every pairing); on
//!   equal differences and equal S1 players, the S2 set with the higher player comes first.
//! - E: the rules choose among the colourings B.2 allows (for players it binds, an absolute preference
//!   is the only colour allowed, so E.1/E.2 already grant it); "higher ranked" is the A.2 order.
//! - E.5 (and its use for two players without any game in a later round): numbers are positions in this
//!   round's A.2 order; odd numbers get the colour drawn for the first player (`XXC`), even the other.
//! - F.1's order is the order of the boards (the other systems' boards follow C.04.2 instead).
//! - F.8/F.9 (absence without notice, adjourned games) are for the arbiter: the file says who plays.

mod bracket;
mod colours;
mod completion;
mod criteria;
mod edges;
mod exchanges;
mod explain;
mod first_best;
mod initial;
mod oracle;
mod players;
mod roles;
mod round;
mod search;
mod trace;
mod transpositions;

#[cfg(test)]
mod tests;

use crate::error::{Error, Result};
use crate::pairing::{Game, Pairing};
use crate::sorting::sort_by_key;
use crate::state::RoundState;
use crate::tournament::Tournament;
use players::Ctx;
use std::cmp::Reverse;

/// Pairs the next round of `tournament` with the 1992 system.
pub fn pair(tournament: &Tournament, state: &RoundState) -> Result<Pairing> {
    let ctx = Ctx::new(tournament, state)?;
    pair_ctx(&ctx)
}

/// Pairs the next round and says why: the brackets as the round procedure paired them (C, D), the
/// criteria relaxed on the way, the colour rule of every pair (E) and the bye, all recorded as the
/// procedure took them.
pub fn pair_explained(
    tournament: &Tournament,
    state: &RoundState,
) -> Result<(Pairing, crate::explain::Explanation)> {
    let ctx = Ctx::new(tournament, state)?.recording();
    if !completion::completable(&ctx) {
        return Err(no_valid_pairing());
    }
    let (brackets, bye) = if ctx.order.is_empty() {
        (Vec::new(), None)
    } else {
        round::pair_brackets(&ctx)?
    };
    let mut games = Vec::new();
    let mut rules = Vec::new();
    for &(a, b) in brackets.iter().flat_map(|p| &p.pairs) {
        let (game, rule) = colours::game_with_rule(&ctx, a, b);
        games.push(game);
        rules.push((game, rule));
    }
    sort_f1(&ctx, &mut games);
    let pairing = Pairing { games, bye };
    let round = explain::Round {
        brackets: &brackets,
        colours: &rules,
        bye,
    };
    let explanation = explain::explain(&ctx, tournament, state, &round, &pairing);
    Ok((pairing, explanation))
}

fn no_valid_pairing() -> Error {
    Error::NoValidPairing("no pairing of the players present meets B.1 and B.2".into())
}

/// The pairing of the round described by `ctx`.
fn pair_ctx(ctx: &Ctx) -> Result<Pairing> {
    if ctx.order.is_empty() {
        return Ok(Pairing::default());
    }
    // B.1 and B.2 are absolute: when no pairing of the players present meets them, none is made.
    if !completion::completable(ctx) {
        return Err(no_valid_pairing());
    }
    let (pairs, bye) = round::pair_round(ctx)?;
    let mut games: Vec<Game> = pairs
        .iter()
        .map(|&(a, b)| colours::game(ctx, a, b))
        .collect();
    sort_f1(ctx, &mut games);
    Ok(Pairing { games, bye })
}

/// F.1: the score of the higher player of the pair, the sum of both scores, the A.2 rank of the higher
/// player.
fn sort_f1(ctx: &Ctx, games: &mut [Game]) {
    sort_by_key(games, |g| {
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
