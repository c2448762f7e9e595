//! 2017 A.9: the round-pairing, bracket by bracket from the top, with the Penultimate Pairing Bracket
//! and the Collapsed Last Bracket when a bracket's downfloaters cannot complete the round.

use super::bracket::{self, Bracket};
use super::completion::Completion;
use super::{pair_bracket, BracketRecord, Context, RoundPairing, Route};
use crate::error::Result;

/// Pairs the score groups `groups` (highest first); returns the pairs and the bye.
pub fn pair_round(ctx: &Context<'_>, groups: &[Vec<usize>]) -> Result<RoundPairing> {
    // Built when the first bracket with players below it is paired.
    let mut completion: Option<Completion> = None;
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut mdps: Vec<usize> = Vec::new();
    let mut records: Vec<BracketRecord> = Vec::new();
    // A.9: bracket by bracket from the top.
    for k in 0..groups.len() {
        let mut players = std::mem::take(&mut mdps);
        let residents = &groups[k];
        players.extend(residents.iter().copied());
        let next = groups.get(k + 1).cloned().unwrap_or_default();
        let lower: Vec<usize> = groups.iter().skip(k + 2).flatten().copied().collect();
        let bye = (players.len() + next.len() + lower.len()) % 2 == 1;
        let bracket = Bracket {
            mdps: players.len() - residents.len(),
            players,
            next,
            lower,
            next_is_last: k + 2 == groups.len(),
            bye,
            complete: true,
            only_without_floaters: false,
            c9: false,
        };
        if bracket.next.is_empty() {
            // The last bracket: it includes the pairing-allocated bye.
            let last = pair_bracket(ctx, &bracket)?;
            BracketRecord::keep(ctx, &mut records, &bracket, Route::Last, &last);
            pairs.extend(last.pairs);
            mdps = last.floaters;
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
            BracketRecord::keep(ctx, &mut records, &bracket, route, &normal);
            pairs.extend(normal.pairs);
            mdps = normal.floaters;
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
        BracketRecord::keep(ctx, &mut records, &bracket, Route::Penultimate, &ppb);
        pairs.extend(ppb.pairs);
        let mut clb = ppb.floaters;
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
        BracketRecord::keep(ctx, &mut records, &clb, Route::CollapsedLast, &last);
        pairs.extend(last.pairs);
        mdps = last.floaters;
        break;
    }
    Ok(RoundPairing {
        pairs,
        bye: mdps.first().copied(),
        brackets: records,
    })
}
