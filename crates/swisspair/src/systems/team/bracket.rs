//! C.04.6 3.6: the pairing of a bracket.
//!
//! The text sorts every pairing by its identifier (3.6.2: the top members' TPNs ascending, then their
//! bottom members in the same order) and takes the first that meets C1, C8, C9 and C10 (3.6.4). Here a
//! matching finds the best C8, C9, C10 counts; then the identifier is built position by position, each
//! choice kept when a matching with it still reaches them: first which teams are top members (each team
//! in ascending TPN is a top member when it can be), then each top member's bottom member, smallest first.

use std::collections::BTreeSet;

use super::completion::{pair_weight, Digits, Lex, Probe};
use super::context::Context;
use crate::error::{Error, Result};
use crate::tournament::team::ColourMode;

/// The quality criteria of a pair: C8, C9 (Type B), C10 (not in the last two rounds).
fn cost(ctx: &Context, upfloaters: &BTreeSet<usize>, a: usize, b: usize) -> Digits {
    let (pa, pb) = (
        ctx.standings.get(a).and_then(|s| s.preference),
        ctx.standings.get(b).and_then(|s| s.preference),
    );
    // C8: the same preference for both: one of them is not fulfilled (4.3.2, 4.3.3 grant the others).
    let same = pa.zip(pb).filter(|(x, y)| x.colour == y.colour);
    let c8 = u32::from(same.is_some());
    // C9: the same strong preference for both (4.3.4 grants a strong one against a mild one).
    let c9 = u32::from(
        ctx.colours == ColourMode::TypeB && same.is_some_and(|(x, y)| x.strong && y.strong),
    );
    // C10: an upfloater's opponent that floated in the previous round.
    let c10 = if ctx.last_two {
        0
    } else {
        u32::from(upfloaters.contains(&a) && ctx.floated_last(b))
            + u32::from(upfloaters.contains(&b) && ctx.floated_last(a))
    };
    vec![c8, c9, c10]
}

/// The C8, C9, C10 counts of a bracket's pairing (`pairs`), for its explanation.
pub fn counts(ctx: &Context, upfloaters: &BTreeSet<usize>, pairs: &[(usize, usize)]) -> Digits {
    let mut total = vec![0; 3];
    for &(a, b) in pairs {
        for (t, c) in total.iter_mut().zip(cost(ctx, upfloaters, a, b)) {
            *t += c;
        }
    }
    total
}

/// The criteria's counts of a pair, for the tests' enumeration.
#[cfg(test)]
pub fn tests_cost(ctx: &Context, upfloaters: &BTreeSet<usize>, a: usize, b: usize) -> Digits {
    cost(ctx, upfloaters, a, b)
}

/// Pairs the bracket (3.6); returns (top member, bottom member) pairs, in the identifier's order.
pub fn pair(
    ctx: &Context,
    bracket: &[usize],
    upfloaters: &BTreeSet<usize>,
) -> Result<Vec<(usize, usize)>> {
    let mut teams = bracket.to_vec();
    teams.sort_unstable();
    let lex = Lex::new(3, teams.len())?;
    let cost = |a: usize, b: usize| cost(ctx, upfloaters, a, b);
    let legal = |a: usize, b: usize| ctx.legal(a, b);
    let packed = |a: usize, b: usize| lex.pack(&cost(a, b));
    let weight = |a: usize, b: usize| pair_weight(lex, &legal, &packed, a, b);
    let none = || Error::Internal("a bracket chosen by 3.5 cannot be paired".into());
    let mut probe = Probe::new(&teams, lex, &weight)?.ok_or_else(none)?;
    let n = teams.len();
    // Positions are in ascending TPN. 3.6.1: a top member is the smaller TPN of its pair, so a top
    // member loses its pairs with smaller TPNs, a bottom member those with larger ones.
    let below = |i: usize| (0..i).map(move |j| (i, j)).collect::<Vec<_>>();
    let above = |i: usize| (i + 1..n).map(move |j| (i, j)).collect::<Vec<_>>();
    // 3.6.2: the identifier starts with the top members in ascending TPN: the smallest TPNs that can be.
    let half = n / 2;
    let mut tops = Vec::with_capacity(half);
    for i in 0..n {
        if tops.len() < half && probe.try_remove(&below(i))? {
            tops.push(i);
        } else {
            probe.remove(&above(i))?;
        }
    }
    // Then each top member's bottom member, in the order of the top members: the smallest that can be.
    let others = |t: usize, b: usize| {
        (0..n)
            .filter(|&x| x != b && x != t)
            .flat_map(|x| [(t, x), (b, x)])
            .collect::<Vec<_>>()
    };
    let mut pairs = Vec::with_capacity(half);
    for &t in &tops {
        let current = probe.mate(t).ok_or_else(none)?;
        let mut chosen = current;
        for b in t + 1..current {
            if probe.weight_of(t, b) == 0 {
                continue;
            }
            if probe.exchange(t, b) || probe.try_remove(&others(t, b))? {
                chosen = b;
                break;
            }
        }
        probe.remove(&others(t, chosen))?;
        let (Some(top), Some(bottom)) = (probe.node(t), probe.node(chosen)) else {
            return Err(none());
        };
        pairs.push((top, bottom));
    }
    Ok(pairs)
}
