//! B.1 and B.2 are absolute: a round is paired only when some pairing of the players present meets them.
//! The matching of every player (`Scope::Global`) answers that exactly, but a graph of all the players of a
//! large tournament costs seconds and hundreds of megabytes; most of the time a degree certificate answers
//! first, without a graph.
//!
//! Otherwise a maximum-cardinality matching answers, on the graph given by the rule instead of a list of
//! its tens of millions of pairs ([`Cardinality`]).
//!
//! Dirac's theorem: when every vertex of a graph of N vertices has at least N/2 neighbours, the graph has a
//! Hamiltonian cycle, hence (N even) a perfect matching. Here a player's neighbours are the players present
//! whom B.1 and B.2 allow (`Ctx::legal`); when the players are odd in number, every one having at least
//! half of the others but one as neighbours lets any of them — one who may receive the bye (B.1.b) — be
//! left out. The degrees are counted, not read off a graph: the players a player may meet for B.2 are whole
//! classes (the colours B.2 allows them), less the few that a game played or a forbidden pair bars.

use super::players::Ctx;
use crate::matching::Cardinality;
use crate::sorting::sort;
use crate::tournament::Colour;

/// B.2: the colours a player may receive, as a class (bit 0 white, bit 1 black).
fn class(ctx: &Ctx, p: usize) -> usize {
    let q = ctx.player(p);
    usize::from(q.may_receive(Colour::White)) | usize::from(q.may_receive(Colour::Black)) << 1
}

/// Whether a colouring of the game lets players of these classes meet under B.2.
fn compatible(a: usize, b: usize) -> bool {
    (a & 1 != 0 && b & 2 != 0) || (a & 2 != 0 && b & 1 != 0)
}

/// Whether the players present can certainly all be paired (one of them receiving the bye when they are
/// odd in number) in compliance with B.1 and B.2. `false` says nothing: the matching decides then.
pub fn certified(ctx: &Ctx) -> bool {
    let order = &ctx.order;
    let n = order.len();
    let odd = n % 2 == 1;
    if odd && !order.iter().any(|&p| ctx.player(p).bye_ok) {
        return false;
    }
    let present = |p: usize| ctx.rank.get(p).is_some_and(|&r| r != usize::MAX);
    let classes: Vec<usize> = order.iter().map(|&p| class(ctx, p)).collect();
    let mut per_class = [0usize; 4];
    for &c in &classes {
        per_class[c] += 1;
    }
    // The players each player may not meet by B.1.a or a forbidden pair, whichever of the two lists says
    // so (indexed by rank).
    let mut barred: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, &p) in order.iter().enumerate() {
        for q in ctx.barred(p).filter(|&q| q != p && present(q)) {
            let j = ctx.rank_of(q);
            if let (Some(a), true) = (barred.get_mut(i), j < n) {
                a.push(j);
            }
            if let Some(b) = barred.get_mut(j) {
                b.push(i);
            }
        }
    }
    let needed = if odd { n.div_ceil(2) } else { n / 2 };
    barred.iter_mut().enumerate().all(|(i, list)| {
        sort(list);
        list.dedup();
        let c = classes[i];
        let same_class = usize::from(compatible(c, c));
        let colours: usize = (0..4)
            .filter(|&d| compatible(c, d))
            .map(|d| per_class[d])
            .sum();
        let lost = list
            .iter()
            .filter(|&&j| classes.get(j).is_some_and(|&d| compatible(c, d)))
            .count();
        colours.saturating_sub(same_class + lost) >= needed
    })
}

/// Whether the players present can all be paired (one of them receiving the bye when they are odd in
/// number) in compliance with B.1 and B.2: exactly, first by [`certified`], then by a matching. Two
/// players are joined when [`Ctx::legal`] allows them in A.2 order, the bye (a last vertex) and a player
/// when B.1.b allows it.
pub fn completable(ctx: &Ctx) -> bool {
    if ctx.order.is_empty() || certified(ctx) {
        return true;
    }
    let order = &ctx.order;
    let n = order.len();
    let mut matching = Cardinality::new(n + n % 2);
    let joined = |i: usize, j: usize| {
        let (i, j) = (i.min(j), i.max(j));
        match (order.get(i), order.get(j)) {
            (Some(&a), Some(&b)) => ctx.legal(a, b),
            (Some(&a), None) => ctx.player(a).bye_ok,
            _ => false,
        }
    };
    matching.perfect(&joined)
}

#[cfg(test)]
mod tests {
    use super::super::oracle::{Oracle, Role, Scope};
    use super::super::tests::{random_ctx, Lcg};
    use super::*;

    fn exact(ctx: &Ctx) -> bool {
        let mut o = Oracle::new(ctx, Scope::Global, &ctx.order, Role::Outside).unwrap();
        o.eval().complete
    }

    /// The certificate never says yes when no pairing exists, and says yes where the players have few
    /// barred opponents; the answer with the matching behind it is the matching of every player's.
    #[test]
    fn the_certificate_is_never_wrong_and_often_answers() {
        let mut rng = Lcg(41);
        let mut certified_count = 0;
        for case in 0..600 {
            let n = 2 + case % 23;
            let met = rng.below(6);
            let ctx = random_ctx(&mut rng, n, 0, met);
            if certified(&ctx) {
                certified_count += 1;
                assert!(exact(&ctx), "case {case}: {n} players");
            }
            assert_eq!(completable(&ctx), exact(&ctx), "case {case}: {n} players");
        }
        assert!(certified_count > 60, "{certified_count}");
    }
}
