//! C.04.6 3.5: the upfloaters that join the top-scoregroup.
//!
//! The text enumerates the sets meeting C4 and C5, sorts them (3.5.3, 3.5.4) and takes the first that
//! meets C6 and C7 (3.5.5). Here one matching of every team still to pair finds the best C4, C5, C6, C7
//! counts at once (an upfloater is a lower team matched to the top-scoregroup; C3 holds because the
//! matching covers everyone); then the first set in the text's order is built position by position,
//! each candidate kept when a matching with it still reaches those counts.

use std::collections::BTreeSet;

use super::completion::{best, Digits, Lex};
use super::context::Context;
use crate::error::{Error, Result};
use crate::score::Score;

/// The choices made so far: teams forced into the set, teams kept out of it.
struct Choice<'a> {
    ctx: &'a Context,
    top: &'a BTreeSet<usize>,
    forced: BTreeSet<usize>,
    excluded: BTreeSet<usize>,
    /// Upfloaters may come from these scores or higher only (C5).
    lowest: Score,
}

impl Choice<'_> {
    fn allowed(&self, a: usize, b: usize) -> bool {
        if !self.ctx.legal(a, b) {
            return false;
        }
        let (in_a, in_b) = (self.top.contains(&a), self.top.contains(&b));
        for (x, other_in_top) in [(a, in_b), (b, in_a)] {
            if self.top.contains(&x) {
                continue;
            }
            if self.forced.contains(&x) && !other_in_top {
                return false;
            }
            if other_in_top && (self.excluded.contains(&x) || self.ctx.score(x) < self.lowest) {
                return false;
            }
        }
        true
    }
}

/// The upfloaters for the top-scoregroup of `unpaired` (3.5), as team indices.
pub fn select(ctx: &Context, unpaired: &[usize]) -> Result<BTreeSet<usize>> {
    let none = || Error::NoValidPairing("the teams still to pair cannot all be paired (C3)".into());
    let Some(top_score) = unpaired.iter().map(|&a| ctx.score(a)).max() else {
        return Ok(BTreeSet::new());
    };
    let top: BTreeSet<usize> = unpaired
        .iter()
        .copied()
        .filter(|&a| ctx.score(a) == top_score)
        .collect();
    // 3.5.1: the potential upfloaters' scores, highest first.
    let mut below: Vec<Score> = unpaired
        .iter()
        .map(|&a| ctx.score(a))
        .filter(|s| *s < top_score)
        .collect();
    below.sort_by(|a, b| b.cmp(a));
    below.dedup();
    let Some(&lowest) = below.last() else {
        return Ok(BTreeSet::new());
    };
    let n = unpaired.len();
    let mut choice = Choice {
        ctx,
        top: &top,
        forced: BTreeSet::new(),
        excluded: BTreeSet::new(),
        lowest,
    };
    let floats = |a: usize, b: usize| u32::from(top.contains(&a) != top.contains(&b));
    // C4: the fewest upfloaters.
    let lex = Lex::new(1, n)?;
    let c4 = |a: usize, b: usize| -> Digits { vec![floats(a, b)] };
    let (fewest, _) = best(unpaired, lex, &|a, b| choice.allowed(a, b), &c4)?.ok_or_else(none)?;
    if fewest == 0 {
        return Ok(BTreeSet::new());
    }
    // C5: the upfloaters' scores as high as possible: the lowest score they must come from...
    let mut depth = below.len() - 1;
    for (j, &s) in below.iter().enumerate() {
        choice.lowest = s;
        let found = best(unpaired, lex, &|a, b| choice.allowed(a, b), &c4)?;
        if found.is_some_and(|(k, _)| k == fewest) {
            depth = j;
            break;
        }
    }
    // ... then as few as possible from each score, the lowest first (2.3.2); then C6 and C7.
    let classes: Vec<Score> = below.iter().take(depth + 1).copied().collect();
    let next_score = classes.first().copied().unwrap_or(lowest);
    let last_two = ctx.last_two;
    let cost = |a: usize, b: usize| -> Digits {
        let upfloat = floats(a, b);
        let lower = if top.contains(&a) { b } else { a };
        let mut d = vec![upfloat];
        for &s in classes.iter().skip(1).rev() {
            d.push(upfloat * u32::from(ctx.score(lower) == s));
        }
        // C6: the following scoregroup's teams not taken up are paired with as few upfloaters as
        // they would need anyway (C1, C3, C4 in their bracket).
        let (sa, sb) = (ctx.score(a), ctx.score(b));
        let next_needs = upfloat == 0
            && !top.contains(&a)
            && ((sa == next_score && sb < next_score) || (sb == next_score && sa < next_score));
        d.push(u32::from(next_needs));
        // C7: the fewest upfloaters that floated in the previous round (not in the last two rounds).
        d.push(upfloat * u32::from(!last_two && ctx.floated_last(lower)));
        d
    };
    let lex = Lex::new(classes.len() as u32 + 2, n)?;
    let (optimum, mut mates) =
        best(unpaired, lex, &|a, b| choice.allowed(a, b), &cost)?.ok_or_else(none)?;
    let position: Vec<(usize, usize)> = unpaired
        .iter()
        .copied()
        .enumerate()
        .map(|(i, a)| (a, i))
        .collect();
    let index_of = |a: usize| position.iter().find(|(x, _)| *x == a).map(|(_, i)| *i);
    let upfloats_in = |mates: &[usize], a: usize| {
        index_of(a)
            .and_then(|i| mates.get(i))
            .and_then(|&j| unpaired.get(j))
            .is_some_and(|m| top.contains(m))
    };
    // 3.5.3-3.5.5: the first set in the text's order, by descending score then ascending TPN.
    for &s in &classes {
        let members: Vec<usize> = unpaired
            .iter()
            .copied()
            .filter(|&a| ctx.score(a) == s)
            .collect();
        let needed = members.iter().filter(|&&a| upfloats_in(&mates, a)).count();
        let mut taken = 0;
        for a in members {
            if taken < needed {
                if upfloats_in(&mates, a) {
                    choice.forced.insert(a);
                    taken += 1;
                    continue;
                }
                choice.forced.insert(a);
                match best(unpaired, lex, &|x, y| choice.allowed(x, y), &cost)? {
                    Some((c, m)) if c == optimum => {
                        mates = m;
                        taken += 1;
                        continue;
                    }
                    _ => {
                        choice.forced.remove(&a);
                    }
                }
            }
            choice.excluded.insert(a);
        }
    }
    Ok(choice.forced)
}
