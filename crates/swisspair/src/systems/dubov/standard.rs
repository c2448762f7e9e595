//! 6.2 and 6.3: the standard procedure — the two columns and the improvements after a coincidence.

use super::context::{Context, DueColours};
use super::journal::{Journal, Row, StandardRecord};
use super::oracle::Oracle;
use super::order::{black_order, white_order};
use super::subgroups;
use crate::error::{Error, Result};
use crate::tournament::Colour;

/// Pairs `players` (an even number, all of whom can be paired among themselves) by 7.3/7.4 and 6.2/6.3,
/// and places each of them in `due` as due the colour of his subgroup (chapter 3 gives it to him).
///
/// 6.3 is first applied as written, each pair checked only against the limitations; that result is
/// kept when the rest of the round can still be completed as well (the oracle). Otherwise (rare: the
/// written procedure can leave a white without opponent, or strand players further down) the same
/// procedure runs again with every pair checked by the oracle, which always completes it.
pub fn pair(
    ctx: &Context<'_>,
    oracle: &mut Oracle<'_, '_>,
    players: &[usize],
    pairs: &mut Vec<(usize, usize)>,
    due: &mut DueColours,
    journal: &mut Journal,
) -> Result<()> {
    let (mut whites, mut blacks) = subgroups::split(ctx, players);
    let mut record = journal.is_on().then(|| StandardRecord {
        whites: whites.clone(),
        blacks: blacks.clone(),
        ..StandardRecord::default()
    });
    let balance = subgroups::balance(ctx, &mut whites, &mut blacks);
    // 6.2: "the players who should play with the white [black] pieces" — chapter 3's first rule gives each
    // player the colour of his subgroup, also one moved there by 7.3/7.4.
    for (list, colour) in [(&whites, Colour::White), (&blacks, Colour::Black)] {
        for &v in list {
            due.place(v, colour);
        }
    }
    white_order(ctx, &mut whites);
    black_order(ctx, &mut blacks);
    if let Some(record) = record.as_mut() {
        record.balance = balance;
        record.white_column = whites.clone();
        record.black_column = blacks.clone();
    }
    let recording = record.is_some();
    let literal = Tableau::new(ctx, whites.clone(), blacks.clone(), recording)
        .run(&mut Check::Limitations)?;
    if let Some((found, rows)) = literal {
        if oracle.pair(&found)? {
            pairs.extend(found);
            keep(journal, record, rows, false);
            return Ok(());
        }
    }
    match Tableau::new(ctx, whites, blacks, recording).run(&mut Check::Oracle(oracle))? {
        Some((found, rows)) => {
            pairs.extend(found);
            keep(journal, record, rows, true);
            Ok(())
        }
        None => Err(Error::Internal(
            "6.3: no opponent found although the score group can be paired".into(),
        )),
    }
}

/// Files the record of the standard procedure with the rows of the run that was kept.
fn keep(journal: &mut Journal, record: Option<StandardRecord>, rows: Vec<Row>, checked: bool) {
    if let (Some(mut record), Some(group)) = (record, journal.group()) {
        record.rows = rows;
        record.checked = checked;
        group.standard = Some(record);
    }
}

/// What a run of the tableau found: the pairs, and how they came about (empty when not recording).
type Found = (Vec<(usize, usize)>, Vec<Row>);

/// How the tableau checks a pair: against the limitations only (6.3 as written), or also against the
/// completability of the round (committing each pair in the oracle).
enum Check<'o, 'c, 'a> {
    Limitations,
    Oracle(&'o mut Oracle<'c, 'a>),
}

impl Check<'_, '_, '_> {
    /// Undoes the pairs `release` and makes the pairs `make`, if allowed.
    fn accept(&mut self, release: &[(usize, usize)], make: &[(usize, usize)]) -> Result<bool> {
        match self {
            Check::Limitations => Ok(true),
            Check::Oracle(oracle) => oracle.replace(release, make),
        }
    }
}

/// The two columns of 6.2 and the pairs made from them.
struct Tableau<'c, 'a> {
    ctx: &'c Context<'a>,
    whites: Vec<usize>,
    /// The black of each row (rows below the last white hold the surplus blacks).
    blacks: Vec<usize>,
    /// Rows whose white plays the black of the row.
    row_paired: Vec<bool>,
    /// Per entrant: already paired in the tableau.
    paired: Vec<bool>,
    pairs: Vec<(usize, usize)>,
    /// How each pair came about, when recording for the journal.
    rows: Option<Vec<Row>>,
}

impl<'c, 'a> Tableau<'c, 'a> {
    fn new(
        ctx: &'c Context<'a>,
        whites: Vec<usize>,
        blacks: Vec<usize>,
        recording: bool,
    ) -> Tableau<'c, 'a> {
        let rows = whites.len().max(blacks.len());
        Tableau {
            ctx,
            whites,
            blacks,
            row_paired: vec![false; rows],
            paired: vec![false; ctx.entrants.len()],
            pairs: Vec::new(),
            rows: recording.then(Vec::new),
        }
    }

    /// Notes how a pair came about (when recording).
    fn note(&mut self, row: Row) {
        if let Some(rows) = self.rows.as_mut() {
            rows.push(row);
        }
    }

    fn is_unpaired(&self, v: usize) -> bool {
        !self.paired.get(v).copied().unwrap_or(true)
    }

    fn mark(&mut self, players: &[usize], paired: bool) {
        for &v in players {
            if let Some(slot) = self.paired.get_mut(v) {
                *slot = paired;
            }
        }
    }

    /// `a` and `b`, both unpaired, may meet (2.1–2.4, forbidden pairs).
    fn may_meet(&self, a: usize, b: usize) -> bool {
        self.is_unpaired(a) && self.is_unpaired(b) && self.ctx.pairable(a, b)
    }

    /// Tries to pair `a`–`b`.
    fn try_pair(&mut self, check: &mut Check<'_, '_, '_>, a: usize, b: usize) -> Result<bool> {
        if !self.may_meet(a, b) || !check.accept(&[], &[(a, b)])? {
            return Ok(false);
        }
        self.mark(&[a, b], true);
        self.pairs.push((a, b));
        Ok(true)
    }

    /// The pairs and how they came about, or `None` when some player found no opponent.
    fn run(mut self, check: &mut Check<'_, '_, '_>) -> Result<Option<Found>> {
        for k in 0..self.whites.len() {
            let w = self.whites[k];
            if self.is_unpaired(w) && !self.pair_row(check, k, w)? {
                return Ok(None);
            }
        }
        if !self.pair_surplus_blacks(check)? {
            return Ok(None);
        }
        Ok(Some((self.pairs, self.rows.unwrap_or_default())))
    }

    /// 6.3 for the white `w` of row `k`. How the rows change (the text says which pair changes, not where
    /// the players it leaves go; choices):
    /// - a coincidence in row k: `w` takes the first black of the lower rows he may play, and the black
    ///   of row k takes that black's row (the rows in between keep their blacks: 6.3 names the rows whose
    ///   pairing changes, row k and the row of the black taken; shifting the column would change every
    ///   row between them);
    /// - a coincidence that no lower row resolves — always so in the last row — changes row k−1, then
    ///   k−2, …: `w` takes that row's black and that row's white the black of row k (the two rows
    ///   exchange their blacks), when both pairs are allowed;
    /// - only then does `w` meet a white, from row k+1 down and then from row k−1 up; a white taken from
    ///   a row above leaves that row's black to the following whites.
    fn pair_row(&mut self, check: &mut Check<'_, '_, '_>, k: usize, w: usize) -> Result<bool> {
        // 6.2: the black of the row; 6.3: else the first black of the lower rows he may play.
        for j in k..self.blacks.len() {
            let black = self.blacks[j];
            if self.try_pair(check, w, black)? {
                let instead = self.blacks[k];
                self.blacks.swap(k, j);
                self.row_paired[k] = true;
                self.note(if j == k {
                    Row::Column { white: w, black }
                } else {
                    Row::LowerBlack {
                        white: w,
                        black,
                        instead,
                    }
                });
                return Ok(true);
            }
        }
        // A black of a row above whose white played another white (a choice: 6.3 does not say where
        // such a black goes; he is offered to the next whites after the lower rows).
        for j in (0..k).rev() {
            let black = self.blacks[j];
            if self.try_pair(check, w, black)? {
                self.note(Row::BlackAbove { white: w, black });
                return Ok(true);
            }
        }
        // 6.3: else change the pairing of row k−1, then k−2, ...: w takes that row's black, whose white
        // takes the black of row k.
        if let Some(&bk) = self.blacks.get(k) {
            for j in (0..k).rev() {
                if self.try_exchange_rows(check, j, k, w, bk)? {
                    return Ok(true);
                }
            }
        }
        // 6.3: else another white, from row k+1 down to the end of the column...
        for j in k + 1..self.whites.len() {
            let other = self.whites[j];
            if self.try_pair(check, w, other)? {
                self.note(Row::Whites { white: w, other });
                return Ok(true);
            }
        }
        // ... and then from row k−1 up to row 1, whose black is left to the surplus blacks.
        for j in (0..k).rev() {
            if self.try_take_white_above(check, j, w)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Row `j` (above `k`) gives its black to `w` and takes `bk`, the black of row `k`.
    fn try_exchange_rows(
        &mut self,
        check: &mut Check<'_, '_, '_>,
        j: usize,
        k: usize,
        w: usize,
        bk: usize,
    ) -> Result<bool> {
        if !self.row_paired[j] || !self.is_unpaired(bk) {
            return Ok(false);
        }
        let (wj, bj) = (self.whites[j], self.blacks[j]);
        let legal = self.ctx.pairable(w, bj) && self.ctx.pairable(wj, bk);
        if !legal || !check.accept(&[(wj, bj)], &[(w, bj), (wj, bk)])? {
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
        self.mark(&[w, bk], true);
        self.note(Row::Exchange {
            white: w,
            black: bj,
            other: wj,
            other_black: bk,
        });
        Ok(true)
    }

    /// `w` takes the white of row `j` (above), whose black becomes a surplus black.
    fn try_take_white_above(
        &mut self,
        check: &mut Check<'_, '_, '_>,
        j: usize,
        w: usize,
    ) -> Result<bool> {
        if !self.row_paired[j] {
            return Ok(false);
        }
        let (wj, bj) = (self.whites[j], self.blacks[j]);
        if !self.ctx.pairable(w, wj) || !check.accept(&[(wj, bj)], &[(w, wj)])? {
            return Ok(false);
        }
        self.row_paired[j] = false;
        self.pairs.retain(|&p| p != (wj, bj));
        self.mark(&[bj], false);
        self.mark(&[w], true);
        self.pairs.push((w, wj));
        self.note(Row::Whites {
            white: w,
            other: wj,
        });
        Ok(true)
    }

    /// Blacks left without a white (after whites paired each other, or when 2.6 kept the subgroups
    /// unequal) are paired in the order of their column, each with the first later one he may play.
    fn pair_surplus_blacks(&mut self, check: &mut Check<'_, '_, '_>) -> Result<bool> {
        for i in 0..self.blacks.len() {
            let b = self.blacks[i];
            if !self.is_unpaired(b) {
                continue;
            }
            let mut found = false;
            for j in i + 1..self.blacks.len() {
                let other = self.blacks[j];
                if self.try_pair(check, b, other)? {
                    self.note(Row::Blacks { black: b, other });
                    found = true;
                    break;
                }
            }
            if !found {
                return Ok(false);
            }
        }
        Ok(true)
    }
}
