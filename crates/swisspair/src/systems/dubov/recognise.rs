//! Recognising, in the rounds already paired, who "was transferred to a higher score group" (2.5) and who
//! "was floater from higher score groups" (6.4). The file records pairs and results, not how a pair was
//! made: a game between players of different score groups is either a transfer up of the lower player
//! (7.1, 7.2) or a float down of the higher one (6.4) who met a resident of a lower group (8.2). The rule
//! swisspair applies, round by round from the first, re-derives the round's score groups and replays the
//! steps of the procedure on the pairs that were made:
//!
//! - The round's players are those paired in it — a game or a forfeit (a transfer is a pairing event; a
//!   later forfeit does not undo it); the pairing-allocated bye and the absent are left out. Their
//!   score groups are the pairing scores before the round; 2.1–2.4 and the forbidden pairs are judged
//!   as before the round, and 2.5 by the moves of the rounds before it.
//! - The score groups are taken from the top, the floaters that came down carried along:
//!   1. Chapter 8: a floater who plays a resident of the group was paired here; the resident was not
//!      transferred. A floater who does not goes on down.
//!   2. 7.1: an unpaired resident who may meet no other unpaired resident (an island) and plays a lower
//!      score group: his opponent was transferred, when 2.5 allowed that; otherwise the island floated.
//!   3. 7.2: when the unpaired residents are then odd in number, the first of their lower-group
//!      opponents whom 2.5 allows to be transferred, in 7.2's order (the nearest group first, then the
//!      colour opposite to the residents' dominating colour, the highest R, the lowest ARO,
//!      alphabetically), was transferred.
//!   4. 6.4: every other resident who plays a lower score group floated down.
//!
//! This is exactly what swisspair's own procedure does, so a round it paired is read back as it was
//! made: of two lower-group opponents, 7.2 transfers the first in its order that lets the group pair
//! one more player — and any opponent of a resident who is paired downwards would. A player whom 2.5
//! barred is never recognised as transferred: the text forbids it, so the pair was a float.

use super::context::Context;
use super::history::{History, Move};
use super::order::transfer_order;
use crate::state::RoundState;
use crate::systems::Edition;
use crate::tournament::{Colour, Tournament};

/// The moves of every round `t` has paired.
pub fn history(t: &Tournament) -> History {
    let mut history = History::new();
    for round in 1..=t.rounds_played {
        let before = t.before_round(round);
        let state = RoundState::with_edition(&before, Edition::Y1997);
        let ctx = Context::new(&before, &state, &history);
        let mut index = vec![None; t.players.len()];
        for (v, e) in ctx.entrants.iter().enumerate() {
            if let Some(slot) = index.get_mut(e.player) {
                *slot = Some(v);
            }
        }
        let opponents: Vec<Option<usize>> = ctx
            .entrants
            .iter()
            .map(|e| {
                t.players
                    .get(e.player)
                    .and_then(|p| p.entries.get(round - 1))
                    .and_then(|entry| entry.opponent())
                    .and_then(|o| index.get(o).copied().flatten())
            })
            .collect();
        let by_entrant = recognise_round(&ctx, &opponents);
        let mut moves = vec![Move::Stayed; t.players.len()];
        for (v, m) in by_entrant.into_iter().enumerate() {
            if let Some(slot) = ctx.entrants.get(v).and_then(|e| moves.get_mut(e.player)) {
                *slot = m;
            }
        }
        history.push_round(moves);
    }
    history
}

/// The moves of one round, per entrant of `ctx`, whose opponents in that round were `opponents`.
pub fn recognise_round(ctx: &Context<'_>, opponents: &[Option<usize>]) -> Vec<Move> {
    let n = ctx.entrants.len();
    let mut moves = vec![Move::Stayed; n];
    // Accounted for: paired in the replay, or not paired in the round at all.
    let mut done: Vec<bool> = (0..n)
        .map(|v| opponents.get(v).copied().flatten().is_none())
        .collect();
    let opponent = |v: usize| opponents.get(v).copied().flatten();
    let is_open = |done: &[bool], v: usize| !done.get(v).copied().unwrap_or(true);
    let mark = |done: &mut Vec<bool>, a: usize, b: usize| {
        for v in [a, b] {
            if let Some(slot) = done.get_mut(v) {
                *slot = true;
            }
        }
    };
    let mut floaters: Vec<usize> = Vec::new();
    for (g, group) in ctx.groups.iter().enumerate() {
        // The opponent of `v` when he is an unpaired player of a lower score group.
        let below = |done: &[bool], v: usize| {
            opponent(v).filter(|&o| ctx.group_of(o) > g && is_open(done, o))
        };
        // Chapter 8.
        let mut next = Vec::new();
        for f in floaters {
            match opponent(f) {
                Some(o) if ctx.group_of(o) == g && is_open(&done, o) => mark(&mut done, f, o),
                _ => next.push(f),
            }
        }
        // 7.1.
        let residents: Vec<usize> = group
            .iter()
            .copied()
            .filter(|&v| is_open(&done, v))
            .collect();
        for p in ctx.islands(&residents) {
            if let Some(o) = below(&done, p).filter(|&o| ctx.entrant(o).may_transfer) {
                moves[o] = Move::Transferred;
                mark(&mut done, p, o);
            }
        }
        // 7.2.
        let open: Vec<usize> = residents
            .iter()
            .copied()
            .filter(|&v| is_open(&done, v))
            .collect();
        if open.len() % 2 == 1 {
            let wanted = ctx.dominating_colour(&open).map(Colour::opposite);
            let mut candidates: Vec<usize> = open
                .iter()
                .filter_map(|&d| below(&done, d))
                .filter(|&o| ctx.entrant(o).may_transfer)
                .collect();
            transfer_order(ctx, &mut candidates, wanted);
            if let Some(&t) = candidates.first() {
                moves[t] = Move::Transferred;
                if let Some(d) = opponent(t) {
                    mark(&mut done, t, d);
                }
            }
        }
        // The pairs within the group, and 6.4.
        for d in open {
            if !is_open(&done, d) {
                continue;
            }
            match opponent(d) {
                Some(o) if ctx.group_of(o) == g => mark(&mut done, d, o),
                Some(o) if ctx.group_of(o) > g => {
                    moves[d] = Move::Floated;
                    next.push(d);
                }
                // A higher player is accounted for before his group is left.
                _ => {}
            }
        }
        floaters = next;
    }
    // Floaters left after the last group met each other (chapter 8): nothing more to recognise.
    moves
}
