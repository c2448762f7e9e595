//! 2.2, 2.6: the Median Score-group, paired last, and the blocked median group.

use super::completion::Completion;
use super::group::{pair_in_round, GroupInput, Pair};
use super::score_groups::ScoreGroup;
use super::{Context, Direction};
use crate::error::{Error, Result};

/// 2.6: the most pairings cracked before the median group is paired with only the exchanges that keep
/// the round completable (a bound, so that a blocked group costs little).
pub const MAX_CRACKS: usize = 12;

/// The floaters that reach the median group.
pub struct Floaters {
    /// From the groups above.
    pub down: Vec<usize>,
    /// From the groups below.
    pub up: Vec<usize>,
}

/// Pairs the median group (downward). When it cannot be paired, 2.6 cracks the pairings made last in
/// the groups below (`below`) or above (`above`) and pairs it again with their players as extra floaters.
/// The pairings cracked are taken out of `above` and `below`.
pub fn pair(
    ctx: &Context<'_>,
    group: &ScoreGroup,
    floaters: Floaters,
    above: &mut Vec<Pair>,
    below: &mut Vec<Pair>,
    completion: &mut Completion,
) -> Result<Vec<Pair>> {
    let Floaters { mut down, mut up } = floaters;
    let (original_down, original_up) = (down.len(), up.len());
    let mut cracked_above: Vec<Pair> = Vec::new();
    let mut cracked_below: Vec<Pair> = Vec::new();
    loop {
        let incoming: Vec<usize> = down.iter().chain(&up).copied().collect();
        let input = input(group, &incoming);
        if let Some(outcome) = pair_in_round(ctx, &input, None)? {
            return Ok(outcome.pairs);
        }
        if cracked_above.len() + cracked_below.len() == MAX_CRACKS {
            break;
        }
        // 2.6: more floaters from above than from below: crack the next pairing of the lower group;
        // otherwise the next pairing of the higher group (the other side when that one has none left).
        let prefer = if down.len() > up.len() {
            Side::Below
        } else {
            Side::Above
        };
        let Some((pair, side)) = crack(prefer, above, below) else {
            break;
        };
        let (a, b) = pair.players;
        match side {
            Side::Below => {
                up.extend([a, b]);
                cracked_below.push(pair);
            }
            Side::Above => {
                down.extend([a, b]);
                cracked_above.push(pair);
            }
        }
    }
    // Still blocked: the cracked pairings are restored, and the median group is paired with only the
    // exchanges that keep the round completable, which always succeeds (the players left can all be
    // paired: every group before it kept that true).
    above.extend(cracked_above.into_iter().rev());
    below.extend(cracked_below.into_iter().rev());
    down.truncate(original_down);
    up.truncate(original_up);
    let incoming: Vec<usize> = down.iter().chain(&up).copied().collect();
    pair_in_round(ctx, &input(group, &incoming), Some(completion))?
        .map(|o| o.pairs)
        .ok_or_else(|| Error::Internal("the median group could not be completed".into()))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Above,
    Below,
}

/// Takes the pairing made last on the `prefer` side (the one nearest the median group), or on the other
/// side when that one has none.
fn crack(prefer: Side, above: &mut Vec<Pair>, below: &mut Vec<Pair>) -> Option<(Pair, Side)> {
    let other = match prefer {
        Side::Above => Side::Below,
        Side::Below => Side::Above,
    };
    let mut pop = |side: Side| match side {
        Side::Above => above.pop(),
        Side::Below => below.pop(),
    };
    pop(prefer)
        .map(|p| (p, prefer))
        .or_else(|| pop(other).map(|p| (p, other)))
}

fn input<'g>(group: &'g ScoreGroup, incoming: &'g [usize]) -> GroupInput<'g> {
    GroupInput {
        score_twice: group.score_twice,
        direction: Direction::Downward,
        median: true,
        residents: &group.players,
        incoming,
        adjacent: &[],
    }
}
