//! C.04.6 3.6: the pairing of a bracket.
//!
//! The text sorts every pairing by its identifier (3.6.2: the top members' TPNs ascending, then their
//! bottom members in the same order) and takes the first that meets C1, C8, C9 and C10 (3.6.4). Here a
//! matching finds the best C8, C9, C10 counts; then the identifier is built position by position, each
//! choice kept when a matching with it still reaches them: first which teams are top members (each team
//! in ascending TPN is a top member when it can be), then each top member's bottom member, smallest first.

use std::collections::{BTreeMap, BTreeSet};

use super::completion::{best, Digits, Lex};
use super::context::Context;
use crate::error::{Error, Result};
use crate::tournament::team::ColourMode;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Top,
    Bottom,
}

/// The identifier's positions fixed so far.
struct Fixed<'a> {
    ctx: &'a Context,
    roles: BTreeMap<usize, Role>,
    partner: BTreeMap<usize, usize>,
}

impl Fixed<'_> {
    fn allowed(&self, a: usize, b: usize) -> bool {
        let (low, high) = (a.min(b), a.max(b));
        // 3.6.1: the smaller TPN is the top member.
        if self.roles.get(&low) == Some(&Role::Bottom) || self.roles.get(&high) == Some(&Role::Top)
        {
            return false;
        }
        for (x, y) in [(a, b), (b, a)] {
            if self.partner.get(&x).is_some_and(|&p| p != y) {
                return false;
            }
        }
        self.ctx.legal(a, b)
    }
}

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
    let mut fixed = Fixed {
        ctx,
        roles: BTreeMap::new(),
        partner: BTreeMap::new(),
    };
    let none = || Error::Internal("a bracket chosen by 3.5 cannot be paired".into());
    let (optimum, mut mates) =
        best(&teams, lex, &|a, b| fixed.allowed(a, b), &cost)?.ok_or_else(none)?;
    let mate = |mates: &[usize], i: usize| mates.get(i).and_then(|&j| teams.get(j)).copied();
    // The top members: the smallest TPNs that can be.
    let half = teams.len() / 2;
    let mut tops = Vec::new();
    for (i, &a) in teams.iter().enumerate() {
        if tops.len() == half {
            fixed.roles.insert(a, Role::Bottom);
            continue;
        }
        fixed.roles.insert(a, Role::Top);
        if mate(&mates, i).is_some_and(|m| m > a) {
            tops.push(a);
            continue;
        }
        match best(&teams, lex, &|x, y| fixed.allowed(x, y), &cost)? {
            Some((c, m)) if c == optimum => {
                mates = m;
                tops.push(a);
            }
            _ => {
                fixed.roles.insert(a, Role::Bottom);
            }
        }
    }
    // Each top member's bottom member, in the order of the top members: the smallest that can be.
    let mut pairs = Vec::with_capacity(half);
    for &t in &tops {
        let i = teams.iter().position(|&x| x == t).unwrap_or(0);
        let current = mate(&mates, i).ok_or_else(none)?;
        let candidates: Vec<usize> = teams
            .iter()
            .copied()
            .filter(|&b| b > t && b < current && fixed.roles.get(&b) == Some(&Role::Bottom))
            .filter(|b| !fixed.partner.contains_key(b))
            .collect();
        let mut chosen = current;
        for b in candidates {
            fixed.partner.insert(t, b);
            fixed.partner.insert(b, t);
            match best(&teams, lex, &|x, y| fixed.allowed(x, y), &cost)? {
                Some((c, m)) if c == optimum => {
                    mates = m;
                    chosen = b;
                    break;
                }
                _ => {
                    fixed.partner.remove(&t);
                    fixed.partner.remove(&b);
                }
            }
        }
        fixed.partner.insert(t, chosen);
        fixed.partner.insert(chosen, t);
        pairs.push((t, chosen));
    }
    Ok(pairs)
}
