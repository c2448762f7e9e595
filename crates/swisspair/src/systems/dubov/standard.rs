//! 7.3, 7.4 (balancing the colour subgroups) and 6.2, 6.3 (the standard procedure).

use super::{Context, Oracle};
use crate::error::{Error, Result};
use crate::tournament::Colour;
use std::cmp::Reverse;

/// 6.2: whites by increasing ARO, then lower R, then alphabetically.
pub fn white_order(ctx: &Context<'_>, whites: &mut [usize]) {
    whites.sort_by_key(|&v| {
        let e = ctx.entrant(v);
        (e.aro, e.rating, e.alphabetical())
    });
}

/// 6.2: blacks by decreasing R, then higher ARO, then alphabetically.
pub fn black_order(ctx: &Context<'_>, blacks: &mut [usize]) {
    blacks.sort_by_key(|&v| {
        let e = ctx.entrant(v);
        (Reverse(e.rating), Reverse(e.aro), e.alphabetical())
    });
}

/// Pairs `players` (an even number, all of whom can be paired among themselves) by 7.3/7.4 and 6.2/6.3.
pub fn pair(
    ctx: &Context<'_>,
    oracle: &mut Oracle<'_, '_>,
    players: &[usize],
    pairs: &mut Vec<(usize, usize)>,
) -> Result<()> {
    let (mut whites, mut blacks) = subgroups(ctx, players);
    balance(ctx, &mut whites, &mut blacks);
    white_order(ctx, &mut whites);
    black_order(ctx, &mut blacks);
    Tableau {
        ctx,
        whites,
        blacks,
        row_paired: Vec::new(),
        pairs: Vec::new(),
    }
    .pair(oracle, pairs)
}

/// The colour subgroups. Players without a due colour (no game played yet) go one by one, the highest R
/// first, to the smaller subgroup, the black one when both are equal (a choice: it balances the
/// subgroups before 7.3/7.4 have to move anybody, and puts the stronger of them in the column of 6.2
/// ordered by rating).
pub fn subgroups(ctx: &Context<'_>, players: &[usize]) -> (Vec<usize>, Vec<usize>) {
    let mut whites = Vec::new();
    let mut blacks = Vec::new();
    let mut undecided = Vec::new();
    for &v in players {
        match ctx.entrant(v).side() {
            Some(Colour::White) => whites.push(v),
            Some(Colour::Black) => blacks.push(v),
            None => undecided.push(v),
        }
    }
    black_order(ctx, &mut undecided);
    for v in undecided {
        if whites.len() < blacks.len() {
            whites.push(v);
        } else {
            blacks.push(v);
        }
    }
    (whites, blacks)
}

/// 7.3: n surplus whites with the lowest ARO (then the higher R, then alphabetically) move to the
/// blacks; 7.4: n surplus blacks with the highest ARO (then the lower R, then alphabetically) move to
/// the whites. 2.6: nobody moves whom 2.3/2.4 forbid the other colour.
pub fn balance(ctx: &Context<'_>, whites: &mut Vec<usize>, blacks: &mut Vec<usize>) {
    if whites.len() > blacks.len() {
        let n = (whites.len() - blacks.len()) / 2;
        whites.sort_by_key(|&v| {
            let e = ctx.entrant(v);
            (e.aro, Reverse(e.rating), e.alphabetical())
        });
        move_first(ctx, whites, blacks, n, Colour::Black);
    } else if blacks.len() > whites.len() {
        let n = (blacks.len() - whites.len()) / 2;
        blacks.sort_by_key(|&v| {
            let e = ctx.entrant(v);
            (Reverse(e.aro), e.rating, e.alphabetical())
        });
        move_first(ctx, blacks, whites, n, Colour::White);
    }
}

/// Moves the first `n` players of `from` that may receive `colour` to `to`.
fn move_first(
    ctx: &Context<'_>,
    from: &mut Vec<usize>,
    to: &mut Vec<usize>,
    n: usize,
    colour: Colour,
) {
    let movable: Vec<usize> = from
        .iter()
        .copied()
        .filter(|&v| ctx.entrant(v).may(colour))
        .take(n)
        .collect();
    from.retain(|v| !movable.contains(v));
    to.extend(movable);
}

/// The two columns of 6.2 and the pairs made from them.
struct Tableau<'c, 'a> {
    ctx: &'c Context<'a>,
    whites: Vec<usize>,
    /// The black of each row (rows below the last white hold the surplus blacks).
    blacks: Vec<usize>,
    /// Rows whose white plays the black of the row.
    row_paired: Vec<bool>,
    pairs: Vec<(usize, usize)>,
}

impl Tableau<'_, '_> {
    fn pair(mut self, oracle: &mut Oracle<'_, '_>, out: &mut Vec<(usize, usize)>) -> Result<()> {
        self.row_paired = vec![false; self.whites.len().max(self.blacks.len())];
        for k in 0..self.whites.len() {
            let Some(&w) = self.whites.get(k) else {
                continue;
            };
            if oracle.is_unpaired(w) && !self.pair_row(oracle, k, w)? {
                return Err(no_opponent());
            }
        }
        self.pair_surplus_blacks(oracle)?;
        out.extend(self.pairs);
        Ok(())
    }

    /// 6.3 for the white `w` of row `k`.
    fn pair_row(&mut self, oracle: &mut Oracle<'_, '_>, k: usize, w: usize) -> Result<bool> {
        // 6.2: the black of the row; 6.3: else the first black of the lower rows he may play.
        for j in k..self.blacks.len() {
            let b = self.blacks[j];
            if oracle.is_unpaired(b) && self.ctx.pairable(w, b).is_some() && oracle.pair(&[(w, b)])? {
                self.blacks.swap(k, j);
                self.row_paired[k] = true;
                self.pairs.push((w, b));
                return Ok(true);
            }
        }
        // A black of a row above whose white played another white (a choice: 6.3 does not say where
        // such a black goes; he is offered to the next whites after the lower rows).
        for j in (0..k).rev() {
            let b = self.blacks[j];
            if oracle.is_unpaired(b) && self.ctx.pairable(w, b).is_some() && oracle.pair(&[(w, b)])? {
                self.pairs.push((w, b));
                return Ok(true);
            }
        }
        // 6.3: else change the pairing of row k−1, then k−2, ...: w takes that row's black, whose white
        // takes the black of row k.
        if let Some(&bk) = self.blacks.get(k).filter(|&&b| oracle.is_unpaired(b)) {
            for j in (0..k).rev() {
                if self.try_exchange_rows(oracle, j, k, w, bk)? {
                    return Ok(true);
                }
            }
        }
        // 6.3: else another white, from row k+1 down. (The whites above are paired; the oracle
        // guarantees an opponent among the unpaired players, all tried by now.)
        for j in k + 1..self.whites.len() {
            let w2 = self.whites[j];
            if oracle.is_unpaired(w2) && self.ctx.pairable(w, w2).is_some() && oracle.pair(&[(w, w2)])? {
                self.pairs.push((w, w2));
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Row `j` (above `k`) gives its black to `w` and takes `bk`, the black of row `k`.
    fn try_exchange_rows(
        &mut self,
        oracle: &mut Oracle<'_, '_>,
        j: usize,
        k: usize,
        w: usize,
        bk: usize,
    ) -> Result<bool> {
        if !self.row_paired[j] {
            return Ok(false);
        }
        let (wj, bj) = (self.whites[j], self.blacks[j]);
        let legal = self.ctx.pairable(w, bj).is_some() && self.ctx.pairable(wj, bk).is_some();
        if !legal || !oracle.replace(&[(wj, bj)], &[(w, bj), (wj, bk)])? {
            return Ok(false);
        }
        self.blacks.swap(j, k);
        self.row_paired[k] = true;
        for pair in &mut self.pairs {
            if *pair == (wj, bj) {
                *pair = (wj, bk);
            }
        }
        self.pairs.push((w, bj));
        Ok(true)
    }

    /// Blacks left without a white (after whites paired each other, or when 2.6 kept the subgroups
    /// unequal) are paired in the order of their column, each with the first later one he may play.
    fn pair_surplus_blacks(&mut self, oracle: &mut Oracle<'_, '_>) -> Result<()> {
        for i in 0..self.blacks.len() {
            let b = self.blacks[i];
            if !oracle.is_unpaired(b) {
                continue;
            }
            let mut found = false;
            for j in i + 1..self.blacks.len() {
                let c = self.blacks[j];
                if oracle.is_unpaired(c) && self.ctx.pairable(b, c).is_some() && oracle.pair(&[(b, c)])? {
                    self.pairs.push((b, c));
                    found = true;
                    break;
                }
            }
            if !found {
                return Err(no_opponent());
            }
        }
        Ok(())
    }
}

fn no_opponent() -> Error {
    Error::Internal("6.3: no opponent found although the score group can be paired".into())
}
