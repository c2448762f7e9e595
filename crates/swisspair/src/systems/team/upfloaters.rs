//! C.04.6 3.5: the upfloaters that join the top-scoregroup.
//!
//! The text enumerates the sets meeting C4 and C5, sorts them (3.5.3, 3.5.4) and takes the first that
//! meets C6 and C7 (3.5.5). Here one matching of every team still to pair finds the best C4, C5, C6, C7
//! counts at once (an upfloater is a lower team matched to the top-scoregroup; C3 holds because the
//! matching covers everyone); then the first set in the text's order is built position by position,
//! each candidate kept when a matching with it still reaches those counts.

use std::collections::BTreeSet;

use super::completion::{pair_weight, pairable, Lex, Probe};
use super::context::Context;
use crate::error::{Error, Result};
use crate::score::Score;

/// The upfloaters 3.5 chose, and what the matching that chose them counted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// The upfloaters, as team indices.
    pub teams: BTreeSet<usize>,
    /// C6: the teams of the following scoregroup left paired with lower teams (the upfloaters its own
    /// bracket will need), with that scoregroup's score; `None` when no upfloater was needed or C6
    /// does not apply.
    pub next_needs: Option<(Score, u32)>,
}

/// The upfloaters for the top-scoregroup of `unpaired` (3.5). `following` is the score of the
/// round's scoregroup below the top-scoregroup's (C6), whether or not its teams are still to pair.
pub fn select(ctx: &Context, unpaired: &[usize], following: Option<Score>) -> Result<Selection> {
    let none = || Error::NoValidPairing("the teams still to pair cannot all be paired (C3)".into());
    let Some(top_score) = unpaired.iter().map(|&a| ctx.score(a)).max() else {
        return Ok(Selection::default());
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
        return Ok(Selection::default());
    };
    let n = unpaired.len();
    let none_after = || Error::Internal("the upfloaters' matching lost its best value".into());
    let in_top: Vec<bool> = unpaired.iter().map(|a| top.contains(a)).collect();
    let is_top = |i: usize| in_top.get(i).copied().unwrap_or(false);
    let score_at = |i: usize| unpaired.get(i).map_or(Score::ZERO, |&a| ctx.score(a));
    // The pairs of position `i` with the top-scoregroup (`with_top`), or with the others.
    let pairs_of = |i: usize, with_top: bool| {
        (0..n)
            .filter(|&j| j != i && is_top(j) == with_top)
            .map(|j| (i, j))
            .collect::<Vec<_>>()
    };
    let legal = |a: usize, b: usize| ctx.legal(a, b);
    // Membership of the top-scoregroup by team index.
    let mut top_team = vec![false; ctx.standings.len()];
    for &a in &top {
        if let Some(x) = top_team.get_mut(a) {
            *x = true;
        }
    }
    let tops = |a: usize| top_team.get(a).copied().unwrap_or(false);
    let floats = |a: usize, b: usize| u32::from(tops(a) != tops(b));
    // C4: no upfloater when the top-scoregroup and the other teams can each be paired on their own.
    let (inside, outside): (Vec<usize>, Vec<usize>) = unpaired.iter().partition(|&&a| tops(a));
    if pairable(ctx, &inside) && pairable(ctx, &outside) {
        return Ok(Selection::default());
    }
    // Otherwise the fewest upfloaters.
    let lex = Lex::new(1, n)?;
    let c4 = |a: usize, b: usize| u128::from(floats(a, b));
    let c4_weight = |a: usize, b: usize| pair_weight(lex, &legal, &c4, a, b);
    let mut probe = Probe::new(unpaired, lex, &c4_weight)?.ok_or_else(none)?;
    if probe.cost() == 0 {
        return Ok(Selection::default());
    }
    // C5: the upfloaters' scores as high as possible: the lowest score they must come from (the
    // scores below it are closed to the top-scoregroup one by one, lowest first, while the fewest
    // upfloaters remain possible) ...
    let mut depth = below.len() - 1;
    for j in (1..below.len()).rev() {
        let closed: Vec<(usize, usize)> = (0..n)
            .filter(|&i| below.get(j) == Some(&score_at(i)))
            .flat_map(|i| pairs_of(i, true))
            .collect();
        if !probe.try_remove(&closed)? {
            break;
        }
        depth = j - 1;
    }
    drop(probe);
    let lowest = below.get(depth).copied().unwrap_or(lowest);
    // ... then as few as possible from each score, the lowest first (2.3.2); then C6 and C7.
    let classes: Vec<Score> = below.iter().take(depth + 1).copied().collect();
    // C6 concerns the following scoregroup of the round; when all its teams are (earlier brackets)
    // or become (this one) upfloaters, it is empty and C6 does not apply.
    let next_score = following.filter(|f| classes.first() == Some(f));
    let last_two = ctx.last_two;
    let lex = Lex::new(classes.len() as u32 + 2, n)?;
    // The digits: the upfloaters, those of each score below the first (the lowest first), C6, C7.
    let c6 = classes.len() as u32;
    let cost = |a: usize, b: usize, with_c6: bool| -> u128 {
        let upfloat = floats(a, b);
        let (sa, sb) = (ctx.score(a), ctx.score(b));
        if upfloat == 1 {
            let lower = if tops(a) { b } else { a };
            let s = ctx.score(lower);
            let class = classes
                .iter()
                .skip(1)
                .rev()
                .position(|&c| c == s)
                .map_or(0, |k| lex.digit(k as u32 + 1, 1));
            // C7: the fewest upfloaters that floated in the previous round (not in the last two
            // rounds).
            let c7 = lex.digit(c6 + 1, u32::from(!last_two && ctx.floated_last(lower)));
            return lex.digit(0, 1) + class + c7;
        }
        // C6: the following scoregroup's teams not taken up are paired with as few upfloaters as
        // they would need anyway (C1, C3, C4 in their bracket).
        let next_needs = next_score.is_some_and(|next| {
            with_c6 && !tops(a) && ((sa == next && sb < next) || (sb == next && sa < next))
        });
        lex.digit(c6, u32::from(next_needs))
    };
    // Upfloaters come from `lowest` or higher (C5).
    let allowed = |a: usize, b: usize| {
        legal(a, b)
            && (tops(a) == tops(b)
                || (tops(a) || ctx.score(a) >= lowest) && (tops(b) || ctx.score(b) >= lowest))
    };
    let with_c6 = |a: usize, b: usize| cost(a, b, true);
    let weight = |a: usize, b: usize| pair_weight(lex, &allowed, &with_c6, a, b);
    let mut probe = Probe::new(unpaired, lex, &weight)?.ok_or_else(none)?;
    // C6 is complied with or not: the following scoregroup's bracket needs no upfloater, or one when
    // its teams left are odd in number (the count's parity is fixed by C5). When no set complies,
    // C6 does not tell the sets apart.
    let needs = lex
        .unpack(probe.cost())
        .get(c6 as usize)
        .copied()
        .unwrap_or(0);
    let next_needs = next_score.map(|next| (next, needs));
    let without_c6 = |a: usize, b: usize| cost(a, b, false);
    let weight_without = |a: usize, b: usize| pair_weight(lex, &allowed, &without_c6, a, b);
    if needs > 1 {
        probe = Probe::new(unpaired, lex, &weight_without)?.ok_or_else(none)?;
    }
    let upfloats = |probe: &Probe, i: usize| !is_top(i) && probe.mate(i).is_some_and(is_top);
    // 3.5.3-3.5.5: the first set in the text's order, by descending score then ascending TPN: a team is
    // taken (its pairs outside the top-scoregroup removed) when a best matching still has it float,
    // otherwise left out (its pairs with the top-scoregroup removed).
    let mut chosen = BTreeSet::new();
    for &s in &classes {
        let members: Vec<usize> = (0..n).filter(|&i| score_at(i) == s).collect();
        let needed = members.iter().filter(|&&i| upfloats(&probe, i)).count();
        let mut taken = 0;
        for i in members {
            if taken < needed && probe.try_remove(&pairs_of(i, false))? {
                taken += 1;
                chosen.insert(probe.node(i).ok_or_else(none_after)?);
            } else {
                probe.remove(&pairs_of(i, true))?;
            }
        }
    }
    Ok(Selection {
        teams: chosen,
        next_needs,
    })
}
