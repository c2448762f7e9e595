//! Pairing one score group: its floaters (3.6–3.8), the transfers (2.3), the proposed pairings and their
//! exchanges (2.4, 4), and the second scrutiny for colours (5.2); with the last-round exception (6) and the
//! check that the round can still be completed.

use super::colours::second_scrutiny;
use super::compatibility::{compatible, compatible_in_last_round, Scrutiny};
use super::completion::Completion;
use super::exchanges::{scrutinise, Floating};
use super::floaters::{
    has_opponent_beyond, pair_incoming, parity_floater, transfers, FloatersPaired,
};
use super::{Context, Direction};
use crate::error::{Error, Result};
use std::cmp::Ordering;

/// A score group to be paired.
pub struct GroupInput<'g> {
    /// Twice the group's score (the median's for the median group, which may have no players).
    pub score_twice: i64,
    pub direction: Direction,
    /// The median group: paired last, nobody can float out of it (2.2, 2.6).
    pub median: bool,
    /// The group's own players, by pairing number.
    pub residents: &'g [usize],
    /// The floaters transferred into it.
    pub incoming: &'g [usize],
    /// The players of the next group in the pairing direction (3.3, 3.4, 3.9).
    pub adjacent: &'g [usize],
}

/// A pair made, with the side of the median of the group it was made in (5.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pair {
    pub players: (usize, usize),
    pub at_or_above_median: bool,
}

/// What pairing a group gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub pairs: Vec<Pair>,
    /// The players transferred to the next group.
    pub floaters: Vec<usize>,
}

/// The judge of the procedure: 2.1 (with 6 when in force) and, when checking, whether the round stays
/// completable.
pub struct Judge<'j, 'a> {
    ctx: &'j Context<'a>,
    /// 6 is in force: players of equal score may meet against the colour limits.
    last_round_exception: bool,
    completion: Option<&'j mut Completion>,
}

impl<'j, 'a> Judge<'j, 'a> {
    /// 2.1 alone, nothing checked beyond it.
    #[cfg(test)]
    pub fn plain(ctx: &'j Context<'a>) -> Judge<'j, 'a> {
        Judge {
            ctx,
            last_round_exception: false,
            completion: None,
        }
    }
}

impl Scrutiny for Judge<'_, '_> {
    fn compatible(&self, a: usize, b: usize) -> bool {
        compatible(self.ctx, a, b)
            || (self.last_round_exception && compatible_in_last_round(self.ctx, a, b))
    }

    fn confirm(&mut self, add: &[(usize, usize)], remove: &[(usize, usize)]) -> Result<bool> {
        match &mut self.completion {
            Some(c) => c.try_change(add, remove),
            None => Ok(true),
        }
    }
}

/// Pairs one group; `None` when the median group cannot be paired (2.6).
pub fn pair_group(
    ctx: &Context<'_>,
    input: &GroupInput<'_>,
    judge: &mut Judge<'_, '_>,
) -> Result<Option<Outcome>> {
    // 3.6–3.8: the floaters first.
    let paired = pair_incoming(ctx, input, judge)?;
    // 2.3: the transfers.
    let Some(prepared) = prepare(ctx, input, paired, judge)? else {
        return Ok(None);
    };
    // 2.4, 4: the proposed pairings and their exchanges.
    let key = |p: usize| ctx.scrutiny_key(p, input.direction);
    let checker = Judge {
        ctx,
        last_round_exception: judge.last_round_exception,
        completion: None,
    };
    let leaving: Vec<usize> = prepared
        .floaters
        .iter()
        .copied()
        .chain(prepared.parity)
        .collect();
    let beyond = |p: usize| has_opponent_beyond(ctx, input, p, &leaving, &checker);
    let floating = Floating {
        allowed: !input.median,
        parity_floater: prepared.parity,
        has_opponent_beyond: &beyond,
    };
    let Some(mut scrutinised) = scrutinise(prepared.kept, &key, judge, floating)? else {
        return Ok(None);
    };
    // 5.2: the second scrutiny, for colours.
    second_scrutiny(ctx, &mut scrutinised.rows, judge);
    let mut pairs = prepared.pairs;
    pairs.extend(scrutinised.rows);
    let mut floaters = prepared.floaters;
    floaters.extend(scrutinised.floated);
    if !scrutinised.parity_floater_returned {
        floaters.extend(prepared.parity);
    }
    let at_or_above_median = ctx.against_median(input.score_twice) != Ordering::Less;
    let pairs = pairs
        .into_iter()
        .map(|players| Pair {
            players,
            at_or_above_median,
        })
        .collect();
    Ok(Some(Outcome { pairs, floaters }))
}

/// A group after its floaters are paired and its transfers made (2.3).
struct Prepared {
    /// The floaters' pairs.
    pairs: Vec<(usize, usize)>,
    /// The players transferred: floaters without an opponent, players without a compatible one.
    floaters: Vec<usize>,
    /// 2.3 d: the player transferred to make the group even.
    parity: Option<usize>,
    /// The players to be paired by 2.4, in scrutiny order.
    kept: Vec<usize>,
}

/// 2.3: transfers the players without a compatible opponent (a–c) and, when the group is odd, one more
/// (d). `None` in the median group, which nobody can leave.
fn prepare(
    ctx: &Context<'_>,
    input: &GroupInput<'_>,
    paired: FloatersPaired,
    judge: &Judge<'_, '_>,
) -> Result<Option<Prepared>> {
    let mut floaters = paired.unpaired;
    let (mut kept, transferred) = transfers(&paired.residents, judge);
    floaters.extend(transferred);
    let odd = kept.len() % 2 == 1;
    if input.median && (odd || !floaters.is_empty()) {
        return Ok(None);
    }
    let parity = if odd {
        parity_floater(ctx, input, &kept, &floaters, judge)?
    } else {
        None
    };
    kept.retain(|&p| Some(p) != parity);
    kept.sort_by_key(|&p| ctx.scrutiny_key(p, input.direction));
    Ok(Some(Prepared {
        pairs: paired.pairs,
        floaters,
        parity,
        kept,
    }))
}

/// 6: pairs a group with 2.1 as it is and, where the last-round exception is in force and that leaves
/// players unpaired, also with the colour limits lifted between players of equal score, keeping the
/// second only when it pairs more players. `completion`, when given, is consulted before every change
/// (and updated).
pub fn pair_in_round(
    ctx: &Context<'_>,
    input: &GroupInput<'_>,
    completion: Option<&mut Completion>,
) -> Result<Option<Outcome>> {
    if !ctx.last_round_exception(input.score_twice) {
        return run(ctx, input, false, completion);
    }
    // Each way is tried on its own copy of the completion test.
    let mut strict_completion = completion.as_deref().cloned();
    let strict = run(ctx, input, false, strict_completion.as_mut())?;
    let parity = (input.residents.len() + input.incoming.len()) % 2;
    let (outcome, chosen) = if strict.as_ref().is_some_and(|o| o.floaters.len() <= parity) {
        (strict, strict_completion)
    } else {
        let mut lifted_completion = completion.as_deref().cloned();
        let lifted = run(ctx, input, true, lifted_completion.as_mut())?;
        let pairs = |o: &Option<Outcome>| o.as_ref().map_or(-1, |o| o.pairs.len() as i64);
        if pairs(&lifted) > pairs(&strict) {
            (lifted, lifted_completion)
        } else {
            (strict, strict_completion)
        }
    };
    if let (Some(completion), Some(chosen)) = (completion, chosen) {
        *completion = chosen;
    }
    Ok(outcome)
}

fn run(
    ctx: &Context<'_>,
    input: &GroupInput<'_>,
    last_round_exception: bool,
    completion: Option<&mut Completion>,
) -> Result<Option<Outcome>> {
    let mut judge = Judge {
        ctx,
        last_round_exception,
        completion,
    };
    pair_group(ctx, input, &mut judge)
}

/// Pairs a group above or below the median and keeps its pairs when the round can still be completed;
/// otherwise pairs it again with only the changes that keep the round completable (C.04.1).
pub fn pair_and_keep(
    ctx: &Context<'_>,
    input: &GroupInput<'_>,
    completion: &mut Completion,
) -> Result<Outcome> {
    let plain = pair_in_round(ctx, input, None)?
        .ok_or_else(|| Error::Internal("a group that may float players was blocked".into()))?;
    let made: Vec<(usize, usize)> = plain.pairs.iter().map(|p| p.players).collect();
    if completion.try_change(&made, &[])? {
        return Ok(plain);
    }
    pair_in_round(ctx, input, Some(completion))?
        .ok_or_else(|| Error::Internal("a group that may float players was blocked".into()))
}
