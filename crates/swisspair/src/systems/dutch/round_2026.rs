//! 2026 article 3: the round-pairing, bracket by bracket from the top. Every bracket is paired so that
//! the players not yet paired can still complete the round (C4, in every bracket: there is no
//! Penultimate Pairing Bracket, no Collapsed Last Bracket); the pairing-allocated bye goes to a player
//! of the lowest score it can have (C5), and among those, where C9 applies, to the one with the fewest
//! unplayed games.
//!
//! C4 makes every player still to be paired part of a bracket's problem. Most brackets need not carry
//! them all: a bracket's best pairing is computed with the following score group only (C8 looks one
//! bracket ahead) and accepted when it, together with the following bracket's pairs in the same
//! optimum, still lets the players below complete the round — it is then also the best pairing with
//! everybody in the graph, and the first in the order of generation. Otherwise, and for the brackets
//! that hold the bye, the bracket is paired with every remaining player and the bye in the graph.

use super::bracket::{self, Bracket};
use super::completion::{pairs_all_but_the_bye, Completion};
use super::{pair_bracket, Context, Progress, RoundPairing, Route};
use crate::error::{Error, Result};

/// Pairs the score groups `groups` (highest first); returns the pairs and the bye. Sets C5's lowest
/// bye score in `ctx` first.
pub fn pair_round(ctx: &mut Context<'_>, groups: &[Vec<usize>]) -> Result<RoundPairing> {
    let order = ctx.ranking.order.clone();
    // C2–C5: the round must be completable; the bye, if any, goes to a player of the lowest score
    // possible.
    let mut completion = Completion::new(ctx, &order)?;
    ctx.bye_score = completion.lowest_bye_score(ctx)?;
    if ctx.bye_score.is_none() && !completion.complete(ctx)? {
        return Err(Error::NoValidPairing(
            "the players cannot all be paired without breaking an absolute criterion (C1–C3)"
                .into(),
        ));
    }
    let ctx: &Context<'_> = ctx;
    let odd = order.len() % 2 == 1;
    let mut round = Progress::default();
    for (k, residents) in groups.iter().enumerate() {
        let score = residents
            .first()
            .map(|&p| ctx.state.players[p].pairing_score);
        // The bye goes to a player of this bracket when C5's score is not below the residents'.
        let bye_here = odd && ctx.bye_score.is_some() && ctx.bye_score >= score;
        let full = Bracket {
            bye: odd,
            ..round.bracket(groups, k)
        };
        if full.next.is_empty() || bye_here {
            // C9 applies where the bracket pairs all its players but one, who receives the bye. It
            // can only matter when the candidates for the bye have played different numbers of games.
            let mut rest = full.next.clone();
            rest.extend(full.lower.iter().copied());
            let mut played = full
                .players
                .iter()
                .map(|&p| &ctx.state.players[p])
                .filter(|p| ctx.may_get_bye(p))
                .map(|p| p.games_played);
            let differ = played
                .next()
                .is_some_and(|first| played.any(|g| g != first));
            let c9 =
                bye_here && differ && pairs_all_but_the_bye(ctx, &full.players, full.mdps, &rest)?;
            let bracket = Bracket { c9, ..full };
            let result = pair_bracket(ctx, &bracket)?;
            if !completion.remove_if_completable(ctx, &result.pairs)? {
                return Err(Error::Internal(
                    "a bracket paired with every remaining player left the round incomplete".into(),
                ));
            }
            let route = if rest.is_empty() {
                Route::Last
            } else {
                Route::WithBye
            };
            round.mdps = round.keep(ctx, &bracket, route, result);
            if rest.is_empty() {
                break;
            }
            continue;
        }
        // The bracket alone, when it pairs all its players: no downfloater for C7–C9 to judge.
        let alone = Bracket {
            next: Vec::new(),
            lower: Vec::new(),
            bye: false,
            complete: false,
            only_without_floaters: true,
            ..full.clone()
        };
        if let Some(result) = bracket::pair_bracket(ctx, &alone)? {
            if completion.remove_if_completable(ctx, &result.pairs)? {
                // Only a pairing of all its players is taken (`only_without_floaters`): nobody moves down.
                round.keep(ctx, &alone, Route::Alone, result);
                continue;
            }
        }
        // With the following score group (C8).
        let ahead = Bracket {
            lower: Vec::new(),
            bye: false,
            complete: false,
            ..full.clone()
        };
        let result = pair_bracket(ctx, &ahead)?;
        if completion.remove_if_extendable(ctx, &result.pairs, &result.next_pairs)? {
            round.mdps = round.keep(ctx, &ahead, Route::WithNext, result);
            continue;
        }
        // With everybody (C4).
        let result = pair_bracket(ctx, &full)?;
        if !completion.remove_if_completable(ctx, &result.pairs)? {
            return Err(Error::Internal(
                "a bracket paired with every remaining player left the round incomplete".into(),
            ));
        }
        round.mdps = round.keep(ctx, &full, Route::WithEveryone, result);
    }
    Ok(round.finish())
}
