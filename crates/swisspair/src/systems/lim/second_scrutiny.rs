//! 5.2 and 5.7: the second scrutiny of a group's pairings, for colours.
//!
//! "After the first scrutiny and exchanges necessary to establish that all pairings in a score-group are
//! new pairings, a second scrutiny with exchanges where necessary is undertaken to give each player, if
//! possible, the alternating colour and at the same time, the equalising colour" (5.2); 2.5 sends the
//! exchanges for colours to section 4 ("Further exchanges of opponents may be made to allow alternation
//! or equalisation of colours where possible. How players are exchanged is described in the Exchange
//! Rules"). So the pairings are scrutinised again in turn, in the order of 4.1, each with the exchanges
//! of 4.2 and 4.3 in their order:
//!
//! - a pairing whose players can both have the colour they are due (5.1, 5.5, 5.6: [`colours_fit`]) is
//!   kept;
//! - otherwise the player under scrutiny (#k) takes the first exchange, in the order of 4.2 and 4.3
//!   (the players not yet scrutinised as proposed pairings, 2.4, then the rows already scrutinised, the
//!   latest first), that gives him and his new opponent their colours — all new pairs compatible (2.1),
//!   a row already scrutinised keeping its colours if it had them (its scrutiny is not undone), and the
//!   players not yet scrutinised still able to be paired among themselves ("must at the same time leave
//!   Player #1 with a compatible opponent", 4.4: the second scrutiny floats nobody). In a
//!   maxi-tournament his old and new opponent must be rated within 100 points of each other (5.7);
//! - when no exchange gives them their colours, the pairing stands.
//!
//! Once an exchange is made, the players not yet scrutinised stand as proposed pairings again (2.4), as
//! in the tables of 4.2 and 4.3 ("the rest proposed again"); until then they stand as the first scrutiny
//! paired them.
//!
//! Choices where the text leaves room (each pinned by a test):
//!
//! - an exchange is made when it gives the pairing under scrutiny its colours, even if a later pairing
//!   then loses them: the pairings are "scrutinised in turn" (4.1) and 5.2 asks for each player's colour
//!   "if possible", pairing by pairing; the text counts no balance across pairings;
//! - a pairing whose players are due the same colour is exchanged even when one of them would have that
//!   colour anyway (5.4): 5.2 asks that "each player" have his, and one of the two cannot;
//! - the floaters' pairings are as 3.8 made them (3.8 chooses their opponents by colour already); the
//!   second scrutiny takes the pairings of the group's own players.

use super::colours::colours_fit;
use super::compatibility::Scrutiny;
use super::completion::{Completion, Relation};
use super::context::Context;
use super::exchanges::{Exchange, Order, Pairs, Table};
use crate::error::{Error, Result};
use crate::sorting::sort_by_key;

/// What the second scrutiny did for one player, recorded when the round is explained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourExchange {
    /// 5.2: `k` and `instead_of` could not both have their colours; the first exchange in the order of
    /// 4 that gives them gave `k` `opponent`. `moved`: an earlier row's player and the opponent he took
    /// instead (4.3).
    Made {
        k: usize,
        instead_of: usize,
        opponent: usize,
        moved: Option<(usize, usize)>,
    },
    /// 5.7: in a maxi-tournament the exchange that would have given `k` `opponent` instead of
    /// `instead_of` was refused, the two being rated more than 100 points apart.
    Refused {
        k: usize,
        instead_of: usize,
        opponent: usize,
    },
}

/// 5.2, 5.7: scrutinises `rows` again for colours, as the module says. `judge` is 2.1 as the group
/// applies it (`relation` the same for the completion). Returns the rows and, when explaining, what the
/// scrutiny exchanged.
pub fn second_scrutiny(
    ctx: &Context<'_>,
    rows: Vec<(usize, usize)>,
    order: &dyn Order,
    judge: &impl Scrutiny,
    relation: Relation,
) -> Result<(Pairs, Vec<ColourExchange>)> {
    if rows.iter().all(|&(a, b)| colours_fit(ctx, a, b)) {
        return Ok((rows, Vec::new()));
    }
    let mut players: Vec<usize> = rows.iter().flat_map(|&(a, b)| [a, b]).collect();
    sort_by_key(&mut players, |&p| order.key(p));
    let mut completion = Completion::with(ctx, &players, relation)?;
    // The pairings as the first scrutiny left them, until an exchange is made.
    let mut standing = Some(rows);
    let mut table = Table::new(players);
    let mut record = Vec::new();
    while let Some(&k) = table.rest.first() {
        let others = table.rest.get(1..).unwrap_or(&[]);
        let current = match &standing {
            Some(rows) => rows
                .iter()
                .find_map(|&(a, b)| (a == k).then_some(b).or_else(|| (b == k).then_some(a))),
            // 2.4: the rest stands as proposed pairings again.
            None => order.candidates(k, others).first().copied(),
        };
        let stands = |c: usize| judge.compatible(k, c);
        // 5.2: a pairing that gives both players their colours is kept.
        if let Some(c) = current.filter(|&c| stands(c) && colours_fit(ctx, k, c)) {
            if completion.try_change(&[(k, c)], &[])? {
                table.apply(k, Exchange::Rest(c), order);
                continue;
            }
        }
        let found = colour_exchange(ctx, &table, k, current, order, judge, &mut completion)?;
        if let Some(refused) = found.refused.filter(|_| ctx.explains()) {
            record.push(refused);
        }
        if let Some(exchange) = found.exchange {
            if ctx.explains() {
                record.push(made(&table, k, current, exchange));
            }
            table.apply(k, exchange, order);
            standing = None;
            continue;
        }
        // No exchange gives them their colours: the pairing stands (when the rest was proposed again,
        // the first compatible one, as the first scrutiny takes it).
        if let Some(c) = current.filter(|&c| stands(c)) {
            if completion.try_change(&[(k, c)], &[])? {
                table.apply(k, Exchange::Rest(c), order);
                continue;
            }
        }
        let mut first = None;
        for exchange in table.exchanges(k, order) {
            let (add, remove) = table.effect(k, exchange);
            if !add.is_empty()
                && add.iter().all(|&(a, b)| judge.compatible(a, b))
                && completion.try_change(&add, &remove)?
            {
                first = Some(exchange);
                break;
            }
        }
        let Some(exchange) = first else {
            return Err(Error::Internal(
                "the second scrutiny left a player of a paired group without an opponent".into(),
            ));
        };
        table.apply(k, exchange, order);
        standing = None;
    }
    Ok((table.rows, record))
}

/// The exchange the second scrutiny makes for `k`, and the one 5.7 refused before it.
struct Found {
    exchange: Option<Exchange>,
    refused: Option<ColourExchange>,
}

/// 5.2 with 4.2, 4.3 and 5.7: the first exchange for `k` that gives him and his new opponent their
/// colours, keeps the colours of a row already scrutinised that had them, makes only compatible pairs
/// and leaves the players not yet scrutinised a pairing.
fn colour_exchange(
    ctx: &Context<'_>,
    table: &Table,
    k: usize,
    current: Option<usize>,
    order: &dyn Order,
    judge: &impl Scrutiny,
    completion: &mut Completion,
) -> Result<Found> {
    let takes = |c: usize| judge.compatible(k, c) && colours_fit(ctx, k, c);
    let mut refused = None;
    for exchange in table.exchanges_where(k, order, &takes) {
        let (add, remove) = table.effect(k, exchange);
        let Some(&(_, opponent)) = add.first() else {
            continue;
        };
        if !add.iter().all(|&(a, b)| judge.compatible(a, b)) {
            continue;
        }
        // 4.3's exchange with an earlier row: that row keeps its colours if it had them.
        if let (Some(&(x, y)), Some(&(nx, ny))) = (remove.first(), add.get(1)) {
            if colours_fit(ctx, x, y) && !colours_fit(ctx, nx, ny) {
                continue;
            }
        }
        // 5.7: in a maxi-tournament, the opponents exchanged within 100 points.
        if let Some(c) = current.filter(|&c| !ctx.within_rating_limit(c, opponent)) {
            refused.get_or_insert(ColourExchange::Refused {
                k,
                instead_of: c,
                opponent,
            });
            continue;
        }
        if completion.try_change(&add, &remove)? {
            return Ok(Found {
                exchange: Some(exchange),
                refused,
            });
        }
    }
    Ok(Found {
        exchange: None,
        refused,
    })
}

/// The record of the exchange made for `k` (before it is applied to `table`).
fn made(table: &Table, k: usize, current: Option<usize>, exchange: Exchange) -> ColourExchange {
    let (add, _) = table.effect(k, exchange);
    let opponent = add.first().map_or(k, |&(_, o)| o);
    ColourExchange::Made {
        k,
        instead_of: current.unwrap_or(opponent),
        opponent,
        moved: add.get(1).copied(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::exchanges::TextOrder;
    use super::super::tests::{Plain, Trf};
    use super::*;
    use crate::state::RoundState;
    use crate::tournament::Tournament;

    /// Round 2 of eight players, all drawn in round 1: 5 v 1, 6 v 2, 7 v 3, 4 v 8 (white first). Due
    /// colours: 1, 2, 3 white (they had black), 4 black.
    fn four_due() -> Tournament {
        Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
            .round(&[(5, 1, '='), (6, 2, '='), (7, 3, '='), (4, 8, '=')], &[])
            .line("XXR 5")
            .build()
    }

    fn by_number(p: usize) -> i64 {
        p as i64
    }

    /// The second scrutiny of `rows` in the next round of `t`, 4.2's order by number, every pair
    /// compatible: the rows after it and the exchanges made.
    fn scrutinise(t: &Tournament, rows: Pairs) -> (Pairs, Vec<ColourExchange>) {
        let state = RoundState::new(t);
        let ctx = Context::new(t, &state);
        let order = TextOrder(&by_number);
        second_scrutiny(&ctx, rows, &order, &Plain(&ctx), Relation::Compatible).unwrap()
    }

    // Issue 14: the explanation of the second scrutiny is pinned by the round cases of tests/lim.rs
    // (art5_2_*); these pin the procedure on rows made by hand.

    /// Choices (a) and (b): 1 v 3 (both due white) is scrutinised first and takes the first exchange of
    /// 4.2's order (3, 4, 2) that gives both their colours, 1 v 4, although 2 v 4 had theirs and 2 v 3
    /// then has not: the pairings are scrutinised in turn (4.1), and the text counts no balance. Nobody
    /// receives another colour than before (1 white by 5.4 either way, 4 black, 2 white, 3 black), and
    /// the exchange is made all the same: 5.2 asks each player's colour, and 3 could not have his.
    #[test]
    fn art5_2_a_row_takes_its_colours_in_turn() {
        let t = four_due();
        let (rows, _) = scrutinise(&t, vec![(0, 2), (1, 3)]);
        assert_eq!(rows, vec![(0, 3), (1, 2)]);
    }

    /// 5.2: pairings that give everybody his colour stay as the first scrutiny made them, even where
    /// they are not the proposed pairings. Round 1 here: 5 v 1, 2 v 6, 7 v 3, 4 v 8; due colours 1 and
    /// 3 white, 2 and 4 black. The first scrutiny's 1 v 2, 3 v 4 (not 2.4's 1 v 3, 2 v 4) fit: kept.
    #[test]
    fn art5_2_pairings_that_fit_stand() {
        let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
            .round(&[(5, 1, '='), (2, 6, '='), (7, 3, '='), (4, 8, '=')], &[])
            .line("XXR 5")
            .build();
        let (rows, record) = scrutinise(&t, vec![(0, 1), (2, 3)]);
        assert_eq!(rows, vec![(0, 1), (2, 3)]);
        assert!(record.is_empty());
    }

    /// 5.2 with 4.3: an exchange with a row already scrutinised keeps that row's colours. Rows 1 v 4
    /// (fits) and 2 v 3 (both due white): #2's order offers 3 (no), then 1 v 4's opponent 4 — 2 v 4
    /// fits, but 1 would take 3, both due white, undoing the row's colours: refused; then 1 himself
    /// (both due white). Nothing gives 2 and 3 their colours: 2 v 3 stands.
    #[test]
    fn art5_2_a_row_scrutinised_keeps_its_colours() {
        let t = four_due();
        let (rows, record) = scrutinise(&t, vec![(0, 3), (1, 2)]);
        assert_eq!(rows, vec![(0, 3), (1, 2)]);
        assert!(record.is_empty());
    }
}
