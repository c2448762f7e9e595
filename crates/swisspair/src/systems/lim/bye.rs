//! 1.1, 7.1, 8.2: the pairing-allocated bye, given before the score groups are paired.

use super::completion::Completion;
use super::context::Context;
use super::record::ByeRecord;
use crate::error::{Error, Result};
use crate::sorting::sort_by_key;
use std::cmp::Reverse;

/// With an odd number of players, the player who receives the bye:
///
/// - 1.1 (8.2): "the player with the lowest rank in the lowest score-group": the lowest score first,
///   then the lowest placed (the highest pairing number);
/// - 7.1, round 1: "the lowest rated player in the Pairing List": the lowest rating first, then the
///   lowest placed;
///
/// among those who may receive it (C.04.1.c: not a second time, not after a point scored without
/// playing) and whose absence leaves players who can all be paired (C.04.1: the round is completed);
/// failing that, the next one up. When the round is explained, the record names the players ranked
/// below the receiver and why they were passed over.
pub fn allocate(
    ctx: &Context<'_>,
    players: &[usize],
    completion: &mut Completion,
) -> Result<Option<ByeRecord>> {
    if players.len().is_multiple_of(2) {
        return Ok(None);
    }
    let explains = ctx.explains();
    let mut order: Vec<usize> = players
        .iter()
        .copied()
        .filter(|&p| explains || ctx.player(p).bye_eligible())
        .collect();
    if ctx.state.round == 1 {
        sort_by_key(&mut order, |&p| {
            (ctx.rating(p), Reverse(ctx.pairing_number(p)))
        });
    } else {
        sort_by_key(&mut order, |&p| {
            (ctx.score(p), Reverse(ctx.pairing_number(p)))
        });
    }
    let (mut ineligible, mut blocking) = (Vec::new(), Vec::new());
    for p in order {
        if !ctx.player(p).bye_eligible() {
            ineligible.push(p);
            continue;
        }
        if completion.try_bye(p)? {
            return Ok(Some(ByeRecord {
                player: p,
                ineligible,
                blocking,
            }));
        }
        if explains {
            blocking.push(p);
        }
    }
    Err(Error::NoValidPairing(
        "no player who may receive the pairing-allocated bye leaves a round that can be paired"
            .into(),
    ))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{explains, Trf};
    use super::*;
    use crate::state::RoundState;

    /// 7.1: in round 1 the bye goes to the lowest rated player of the pairing list, even when he is
    /// not the last of the list (5, rated 1500, before 6 and 7).
    #[test]
    fn art7_1_lowest_rated_in_round_one() {
        let t = Trf::new(&[2400, 2300, 2200, 2100, 1500, 2000, 1900])
            .line("XXR 5")
            .build();
        explains(&t, "7.1");
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        let players: Vec<usize> = (0..7).collect();
        let mut c = Completion::new(&ctx, &players).unwrap();
        assert_eq!(
            allocate(&ctx, &players, &mut c).unwrap().map(|b| b.player),
            Some(4)
        );
    }

    /// 7.1: equal ratings: the last of them in the pairing list.
    #[test]
    fn art7_1_equal_ratings_the_last_in_the_list() {
        let t = Trf::new(&[2400, 2300, 1500, 1500, 1500])
            .line("XXR 5")
            .build();
        explains(&t, "7.1");
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        let players: Vec<usize> = (0..5).collect();
        let mut c = Completion::new(&ctx, &players).unwrap();
        assert_eq!(
            allocate(&ctx, &players, &mut c).unwrap().map(|b| b.player),
            Some(4)
        );
    }
}
