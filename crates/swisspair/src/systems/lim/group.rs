//! Pairing one score group, in the order of the text: the transfers (2.3, with the floater selection
//! rules of 3), then one scrutiny (4.1) of the floaters it received (3.6–3.8) followed by its own
//! players as proposed pairings (2.4), with the exchanges of 2.5 and 4 open to every pairing, a
//! floater's too; then the second scrutiny for colours (5.2); with the last-round exception (6).
//! A group above or below the median always gives an outcome (whoever is left floats); the median
//! group is paired only when all its players can be paired (2.6).

use super::colours::Pair;
use super::compatibility::{compatible, compatible_in_last_round, Scrutiny};
use super::completion::{Completion, Relation};
use super::context::{Context, Direction};
use super::exchanges::{scrutinise, Floating, Order, Pairs, Step};
use super::incoming::{self, ScrutinyOrder};
use super::record::{Event, GroupRecord, Place};
use super::score_groups::GroupInput;
use super::second_scrutiny::second_scrutiny;
use super::transfers::{self, has_opponent_beyond};
use crate::error::{Error, Result};
use crate::sorting::sort_by_key;
use std::cmp::Ordering;

/// What pairing a group gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub pairs: Vec<Pair>,
    /// The players transferred to the next group.
    pub floaters: Vec<usize>,
    /// How it was paired, when the round is explained.
    pub record: Option<GroupRecord>,
}

/// The judge of the procedure: 2.1 (with 6 when in force) and, in the median group, whether the players
/// not yet paired can all still be paired.
pub struct Judge<'j, 'a> {
    ctx: &'j Context<'a>,
    /// 6 is in force: players of equal score may meet against the colour limits.
    last_round_exception: bool,
    completion: Option<&'j mut Completion>,
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

/// Pairs one group; `None` when the median group cannot be paired.
fn pair_group(
    ctx: &Context<'_>,
    input: &GroupInput<'_>,
    judge: &mut Judge<'_, '_>,
) -> Result<Option<Outcome>> {
    // 2.3: the transfers, before the players are paired.
    let transfers = transfers::select(ctx, input, judge)?;
    let (floaters_in, mut residents): (Vec<usize>, Vec<usize>) = transfers
        .kept
        .iter()
        .partition(|&&p| input.incoming.contains(&p));
    let checker = Judge {
        ctx,
        last_round_exception: judge.last_round_exception,
        completion: None,
    };
    // 3.6, 3.7: the floaters that came into the group are paired first; then 2.4, 4.1: the others,
    // top half against bottom half, scrutinised in turn; every pairing open to the exchanges of 4.
    let floater_order = incoming::pairing_order(ctx, input, &floaters_in);
    let order = ScrutinyOrder::new(ctx, input, &floater_order, &checker);
    sort_by_key(&mut residents, |&p| order.key(p));
    let players: Vec<usize> = floater_order.iter().chain(&residents).copied().collect();
    let parity = transfers.parity;
    let leaving: Vec<usize> = transfers
        .transferred
        .iter()
        .copied()
        .chain(parity)
        .collect();
    let beyond = |p: usize, floated: &[usize]| {
        let others: Vec<usize> = leaving.iter().chain(floated).copied().collect();
        has_opponent_beyond(ctx, input, p, &others, &checker)
    };
    let floating = Floating {
        allowed: !input.median,
        parity_floater: parity,
        has_opponent_beyond: &beyond,
        record: ctx.explains(),
    };
    let Some(scrutinised) = scrutinise(players, &order, judge, floating)? else {
        return Ok(None);
    };
    // 5.2: the second scrutiny, for colours, of the pairings of the group's own players.
    let (floater_rows, own_rows): (Pairs, Pairs) = scrutinised
        .rows
        .iter()
        .partition(|&&(a, b)| order.is_floater(a) || order.is_floater(b));
    let relation = if judge.last_round_exception {
        Relation::Legal
    } else {
        Relation::Compatible
    };
    let (own_rows, colour_exchanges) = second_scrutiny(ctx, own_rows, &order, &checker, relation)?;
    let mut pairs = floater_rows;
    pairs.extend(own_rows);
    let mut floaters = transfers.transferred;
    floaters.extend(&scrutinised.floated);
    if !scrutinised.parity_floater_returned {
        floaters.extend(parity);
    }
    let record = ctx.explains().then(|| GroupRecord {
        place: match (input.median, input.direction) {
            (true, _) => Place::Median,
            (false, Direction::Downward) => Place::Above,
            (false, Direction::Upward) => Place::Below,
        },
        score_twice: input.score_twice,
        direction: input.direction,
        residents: input.residents.to_vec(),
        incoming: input.incoming.to_vec(),
        transfers: transfers.why,
        parity: transfers.parity_choice,
        floater_order: floater_order.clone(),
        events: events(ctx, input, &order, &residents, scrutinised.steps, &checker),
        colour_exchanges,
        lifted: judge.last_round_exception,
        lift_not_better: false,
        pairs: pairs.clone(),
        left: floaters.clone(),
    });
    let at_or_above_median = ctx.against_median(input.score_twice) != Ordering::Less;
    let pairs = pairs
        .into_iter()
        .map(|players| Pair {
            players,
            at_or_above_median,
        })
        .collect();
    Ok(Some(Outcome {
        pairs,
        floaters,
        record,
    }))
}

/// The scrutiny's steps as the explanation words them: a floater's choice of opponent among the
/// players available to him (3.8), or his floating on (3.5), becomes a [`FloaterNote`]; the other steps
/// stay steps of 2.4 and 4.
fn events<J: Scrutiny>(
    ctx: &Context<'_>,
    input: &GroupInput<'_>,
    order: &ScrutinyOrder<'_, '_, J>,
    residents: &[usize],
    steps: Vec<Step>,
    judge: &J,
) -> Vec<Event> {
    // The group's own players not yet taken by a floater, to say whom 3.8 could have chosen.
    let mut available: Vec<usize> = residents.to_vec();
    let mut out = Vec::with_capacity(steps.len());
    for step in steps {
        let floater = |k: usize| order.is_floater(k);
        let note = |k: usize, opponent: Option<usize>, refused: Vec<usize>, available: &[usize]| {
            Event::Floater(incoming::note(
                ctx, input, k, opponent, available, refused, judge,
            ))
        };
        match step {
            Step::Proposed { k, opponent } if floater(k) => {
                out.push(note(k, Some(opponent), Vec::new(), &available));
                available.retain(|&p| p != opponent);
            }
            Step::Exchanged {
                k,
                opponent,
                refused,
                ..
            } if floater(k) => {
                out.push(note(k, Some(opponent), refused, &available));
                available.retain(|&p| p != opponent);
            }
            Step::Floats { k } if floater(k) => out.push(note(k, None, Vec::new(), &available)),
            step => {
                if let Step::RowOpponent { new_opponent, .. } = step {
                    available.retain(|&p| p != new_opponent);
                }
                out.push(Event::Step(step));
            }
        }
    }
    out
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

/// Pairs a group above or below the median, as the text does: every player without an opponent
/// floats. 6: where the last-round exception is in force and 2.1 leaves more players unpaired than the
/// group's parity, the group is paired again with the colour limits lifted between players of equal
/// score, which is kept when it pairs more ("even if it is necessary").
pub fn pair_outside_median(ctx: &Context<'_>, input: &GroupInput<'_>) -> Result<Outcome> {
    let blocked = || Error::Internal("a group that may float players was blocked".into());
    let strict = run(ctx, input, false, None)?.ok_or_else(blocked)?;
    let parity = (input.residents.len() + input.incoming.len()) % 2;
    if !ctx.last_round_exception(input.score_twice) || strict.floaters.len() <= parity {
        return Ok(strict);
    }
    let lifted = run(ctx, input, true, None)?.ok_or_else(blocked)?;
    Ok(if lifted.pairs.len() > strict.pairs.len() {
        lifted
    } else {
        let mut strict = strict;
        if let Some(r) = strict.record.as_mut() {
            r.lift_not_better = true;
        }
        strict
    })
}

/// Pairs the median group (2.2, 2.6), its floaters included, when all its players can be paired: with
/// 2.1, or, where 6 is in force and 2.1 cannot pair them all, with the colour limits lifted between
/// players of equal score. Every step of the procedure (3.8's choice of opponent, 4's exchanges) is
/// taken only when the players left can all still be paired (4.4: "must at the same time leave Player
/// #1 with a compatible opponent", extended to every player of the group, which cannot float anyone).
/// `None` when they cannot all be paired: the group is blocked.
pub fn pair_median(ctx: &Context<'_>, input: &GroupInput<'_>) -> Result<Option<Outcome>> {
    let players: Vec<usize> = input
        .residents
        .iter()
        .chain(input.incoming)
        .copied()
        .collect();
    let mut ways = vec![(Relation::Compatible, false)];
    if ctx.last_round_exception(input.score_twice) {
        ways.push((Relation::Legal, true));
    }
    for (relation, lifted) in ways {
        match Completion::with(ctx, &players, relation) {
            Ok(mut completion) => return run(ctx, input, lifted, Some(&mut completion)),
            Err(Error::NoValidPairing(_)) => continue,
            Err(e) => return Err(e),
        }
    }
    Ok(None)
}
