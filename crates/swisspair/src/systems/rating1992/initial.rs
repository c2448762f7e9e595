//! C.6's initial candidate as it stands, without a matching: S1 against S2 in order, with every
//! criterion in force and x of A.8. When it meets them the bracket is paired at once; otherwise the first
//! criterion it breaks is what the explanation says of it (`trace.rs`).

use super::criteria::Floats;
use super::players::Ctx;
use super::search::{Group, Level, Pairs};
use super::trace::Fault;

/// C.6 as it stands, without a matching: the first player of S1 with the first of S2, and so on, when
/// that meets `level` (the leftovers may be moved down, or receive the bye in the lowest bracket);
/// otherwise the first criterion it breaks.
pub fn natural(ctx: &Ctx, g: &Group, p: usize, level: Level) -> std::result::Result<Pairs, Fault> {
    let pairs = natural_pairs(ctx, &g.players, p, level)?;
    let leftovers = g.players.get(2 * p..).ok_or(Fault::Unpaired)?;
    for &l in leftovers {
        let resident = ctx.player(l).score == g.score;
        if resident && ctx.downfloat_repeats(l, level.floats) {
            let back = usize::from(!ctx.downfloat_repeats(l, Floats::after(1, 0)));
            return Err(Fault::Downfloat { player: l, back });
        }
        if g.last && !ctx.player(l).bye_ok {
            return Err(Fault::Bye(l));
        }
    }
    if g.last && leftovers.len() > 1 {
        return Err(Fault::Unpaired);
    }
    Ok(pairs)
}

/// The pairs of C.6 for S1 = the first `p` of `players`, when each meets B.1, B.2 and the upfloat
/// criteria of `level` and they exceed x by nothing; otherwise the first criterion they break.
pub fn natural_pairs(
    ctx: &Ctx,
    players: &[usize],
    p: usize,
    level: Level,
) -> std::result::Result<Pairs, Fault> {
    let pairs: Pairs = (0..p)
        .filter_map(|i| Some((*players.get(i)?, *players.get(i + p)?)))
        .collect();
    if pairs.len() != p {
        return Err(Fault::Unpaired);
    }
    for &(a, b) in &pairs {
        if !ctx.legal(a, b) {
            return Err(if ctx.has_met(a, b) {
                Fault::Met(a, b)
            } else if !ctx.may_meet(a, b) {
                Fault::Forbidden(a, b)
            } else {
                Fault::Colours(a, b)
            });
        }
        if !ctx.upfloat_ok(a, b, level.floats) {
            let lower = if ctx.player(a).score < ctx.player(b).score {
                a
            } else {
                b
            };
            let back = usize::from(ctx.upfloat_ok(a, b, Floats::after(0, 1)));
            return Err(Fault::Upfloat {
                player: lower,
                back,
            });
        }
    }
    let conflicts = pairs.iter().filter(|&&(a, b)| ctx.conflict(a, b)).count();
    if conflicts > level.budget {
        return Err(Fault::Budget {
            conflicts,
            x: level.budget,
        });
    }
    Ok(pairs)
}
