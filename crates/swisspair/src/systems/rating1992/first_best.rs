//! D.1 without probes, where the level leaves no room: when the fewest colour conflicts any completion of
//! the subgroups can have is exactly what the budget x (B.4) still allows, the completions that meet the
//! level are exactly the best ones, and the first of them in D.1's order (each S1 player in turn with the
//! lowest S2 player still possible) is read off one best completion and the dual values that prove it
//! best: the best completions are the perfect ones on the pairs that meet their duals, and each S1 player
//! in turn takes the lowest such partner an alternating path lets it have (the Dutch system's
//! [`first_best_from`], on the same kind of problem).
//!
//! The problem as an assignment: a row for each S1 player still to be paired (in order) and a column for
//! each S2 player still free (in order), worth minus the colour conflict of the pair where the criteria in
//! force allow it; and a row more for each S2 player left over, worth nothing with any S2 player who may be
//! moved down (B.5/B.6, or the bye in the lowest bracket: the oracle's "must be paired"). The rows of the
//! players left over come last, so the S1 players' partners are the first in D.1's order.

use super::oracle::Oracle;
use super::players::Ctx;
use crate::systems::dutch::transposition::first_best_from;

/// No pair.
const NONE: i8 = i8::MIN;

/// The pairs of the first completion in D.1's order of `s1` (the S1 players still to be paired, in
/// order) with `s2` (the S2 players still free, in order) among the best ones, read off the oracle's
/// current optimum, which must be a best completion of exactly these players. `None` when the optimum is
/// not one, or the duals are not found in time (the caller searches then).
pub fn first_best(
    o: &Oracle<'_>,
    ctx: &Ctx,
    s1: &[usize],
    s2: &[usize],
) -> Option<Vec<(usize, usize)>> {
    let (rows, columns) = (s2.len(), s2.len());
    if s1.len() > rows {
        return None;
    }
    // Each pair's worth, row by row.
    let mut values = vec![NONE; rows * columns];
    for (r, row) in values.chunks_mut(columns).enumerate() {
        for (c, value) in row.iter_mut().enumerate() {
            let b = s2[c];
            *value = match s1.get(r) {
                Some(&a) if o.part_edge(a, b) => -i8::from(ctx.conflict(a, b)),
                Some(_) => NONE,
                None if o.must_pair(b) => NONE,
                None => 0,
            };
        }
    }
    // The optimum: each S1 player's partner, and the players left over in order for the other rows.
    let mut column_of = vec![usize::MAX; ctx.players.len()];
    for (c, &b) in s2.iter().enumerate() {
        *column_of.get_mut(b)? = c;
    }
    let mut taken = vec![false; columns];
    let mut optimal = Vec::with_capacity(rows);
    for &a in s1 {
        let c = *column_of.get(o.mate(a)?)?;
        if std::mem::replace(taken.get_mut(c)?, true) {
            return None;
        }
        optimal.push(c);
    }
    optimal.extend((0..columns).filter(|&c| !taken[c]));
    let assignment = first_best_from(&optimal, |r, c| {
        let v = *values.get(r * columns + c)?;
        (v != NONE).then_some(i128::from(v))
    })?;
    s1.iter()
        .zip(&assignment)
        .map(|(&a, &c)| Some((a, *s2.get(c)?)))
        .collect()
}
