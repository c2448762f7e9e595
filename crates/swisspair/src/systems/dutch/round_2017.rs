//! 2017 A.9: the round-pairing, bracket by bracket from the top, with the Penultimate Pairing Bracket
//! and the Collapsed Last Bracket when a bracket's downfloaters cannot complete the round.

use super::bracket::{self, Bracket};
use super::completion::Completion;
use super::{pair_bracket, Context, Progress, RoundPairing, Route};
use crate::error::Result;

/// Pairs the score groups `groups` (highest first); returns the pairs and the bye.
pub fn pair_round(ctx: &Context<'_>, groups: &[Vec<usize>]) -> Result<RoundPairing> {
    // Built when the first bracket with players below it is paired.
    let mut completion: Option<Completion> = None;
    let mut round = Progress::default();
    // A.9: bracket by bracket from the top.
    for k in 0..groups.len() {
        let bracket = round.bracket(groups, k);
        let bye = (bracket.players.len() + bracket.next.len() + bracket.lower.len()) % 2 == 1;
        let bracket = Bracket {
            next_is_last: k + 2 == groups.len(),
            bye,
            ..bracket
        };
        if bracket.next.is_empty() {
            // The last bracket: it includes the pairing-allocated bye.
            let last = pair_bracket(ctx, &bracket)?;
            round.mdps = round.keep(ctx, &bracket, Route::Last, last);
            break;
        }
        // The normal route: the best pairing of the bracket, its downfloaters chosen for the following
        // bracket (C.7); when they and all the remaining players cannot complete the round-pairing,
        // the bracket is the Penultimate Pairing Bracket instead (A.9). A bracket that pairs everybody
        // has no downfloaters to choose, so C.7 can be left out.
        let alone = Bracket {
            next: Vec::new(),
            lower: Vec::new(),
            next_is_last: false,
            complete: false,
            only_without_floaters: true,
            ..bracket.clone()
        };
        let (normal, route) = match bracket::pair_bracket(ctx, &alone)? {
            Some(p) => (p, Route::Alone),
            None => (
                pair_bracket(
                    ctx,
                    &Bracket {
                        lower: Vec::new(),
                        complete: false,
                        ..bracket.clone()
                    },
                )?,
                Route::WithNext,
            ),
        };
        let completion = match &mut completion {
            Some(c) => c,
            None => completion.insert(Completion::new(ctx, &ctx.ranking.order)?),
        };
        if completion.remove_if_completable(ctx, &normal.pairs)? {
            round.mdps = round.keep(ctx, &bracket, route, normal);
            continue;
        }
        // The PPB is paired so that the round-pairing can be completed (C.4), without C.7; the players
        // it leaves and all the remaining players form the Collapsed Last Bracket, paired as one.
        let mut below = bracket.next.clone();
        below.extend(bracket.lower.iter().copied());
        let ppb = pair_bracket(
            ctx,
            &Bracket {
                next: Vec::new(),
                lower: below.clone(),
                next_is_last: false,
                ..bracket.clone()
            },
        )?;
        let mut clb = round.keep(ctx, &bracket, Route::Penultimate, ppb);
        let clb_mdps = clb.len();
        clb.extend(below);
        let clb = Bracket {
            players: clb,
            mdps: clb_mdps,
            next: Vec::new(),
            lower: Vec::new(),
            next_is_last: false,
            bye,
            complete: true,
            only_without_floaters: false,
            c9: false,
        };
        let last = pair_bracket(ctx, &clb)?;
        round.mdps = round.keep(ctx, &clb, Route::CollapsedLast, last);
        break;
    }
    Ok(round.finish())
}
