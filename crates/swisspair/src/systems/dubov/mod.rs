//! C.04.4.1, the FIDE Dubov system (1997 text).
//!
//! The aim (preface): equal average ratings of the opponents (ARO) for the players of a score group, so
//! that players who met weak opponents now meet strong ones. A round is paired as follows.
//!
//! - Round 1 (chapter 5, `round_one`): the upper half of the list against the lower half, colours
//!   alternating from board to board, the last player receiving the bye. The text says this equals the
//!   other FIDE systems' round 1; where chapter 5 is silent the Dutch round 1 is taken.
//! - Later rounds: what the earlier rounds did to each player — transferred up (7.1, 7.2) or floated
//!   down (6.4) — is recognised from the file (`recognise`, `history`); every player's ARO, due colour
//!   and limitations are derived (chapters 1 and 2, `entrant`, `context`); the bye is given first
//!   (chapter 4, `bye`); then the score groups are paired from the top (`group`): the floaters that came
//!   down are paired first (chapter 8, `floaters`); a player with no possible opponent in his group, and
//!   an odd group, get a player transferred up from below (7.1, 7.2, `transfers`); players that still
//!   cannot be paired in the group float down (6.4, `downfloat`); the colour subgroups are balanced (7.3,
//!   7.4, `subgroups`) and the whites, by ascending ARO, meet the blacks, by descending rating, with the
//!   improvements of 6.3 (`standard`). The text's orders are in `order`, colours (chapter 3) in
//!   `colours`.
//! - Limitations: 2.1–2.4 (and the forbidden pairs of the file) are absolute in every round — the text
//!   allows no exception, not even in the last round, so a round that cannot keep them is refused
//!   ([`crate::Error::NoValidPairing`]). 2.5 limits the transfers of 7.1 and 7.2 and nothing else: a
//!   barred player is not transferred; a floater of 6.4 may still meet him under 8.2.
//! - The text pairs greedily from the top; a decision in one group could leave the round impossible to
//!   complete further down. Every decision (the bye, a transfer, a floater, a pair) is therefore kept
//!   only when the round can still be completed as well as before (`oracle`); the text's own order of
//!   candidates decides among those.
//!
//! - Explaining a round (issue 14): [`pair_explained`] runs the same procedure with its journal on
//!   (`journal`): each step records the decision it takes (the bye, a floater's opponent, a transfer, a
//!   float, the subgroups and each row of 6.2/6.3) and `explain` words the record with the articles;
//!   the colour function of chapter 3 says which rule decided. With the journal off ([`pair`]) nothing
//!   is recorded and the pairing is the same.
//!
//! Each file follows one part of the text and uses only files listed after it:
//!
//! ```text
//! mod.rs        the round: chapter 5, or the steps below in the text's order
//! explain.rs    issue 14: the round's explanation from the journal (chapter 1 values, 4, colours)
//! explain_group.rs  the explanation of one score group (8, 7.1, 7.2, 2.5, 6.4, 6.2, 6.3, 7.3, 7.4)
//! recognise.rs  2.5, 6.4: who was transferred up and who floated down in the rounds already paired
//! bye.rs        4: the pairing-allocated bye
//! group.rs      one score group: 8, 7.1, 7.2, 6.4, then 7.3/7.4 and 6.2/6.3
//! floaters.rs   8.1, 8.2: the floaters that came down
//! transfers.rs  7.1, 7.2: players transferred up
//! downfloat.rs  6.4: players floated down
//! standard.rs   6.2, 6.3: the two columns and the improvements
//! subgroups.rs  6.2, 7.3, 7.4 (within 2.6): the colour subgroups
//! journal.rs    the record of the decisions, kept only when the round is to be explained
//! oracle.rs     completability of the round (chapter 9's "wisely")
//! order.rs      the text's orders (6.2, 7.1, 7.2, 8.1, 8.2)
//! context.rs    the round's players and score groups; chapter 2 between two players
//! colours.rs    3: the colours of a pair
//! entrant.rs    1 (ARO, due colour) and 2.2–2.5 for one player
//! history.rs    what the earlier rounds did to a player, and 2.5's limits
//! round_one.rs  5: the first round (beside the rest: it uses only the Dutch system)
//! ```
//!
//! Choices where the text is open (each noted again, and pinned by a test, where it is applied):
//!
//! - 1: ARO in tenths of a rating point, rounded half up (6.2's example shows one decimal); ARO 0 for a
//!   player who has played no game yet. Only games played count, for ARO and for colours (C.04.2); a
//!   player with no game played has no due colour.
//! - 2.1–2.4 are absolute in every round; "have played each other" (2.1, 6.2, 6.3) is read as "may not
//!   be paired" (2.1–2.4, forbidden pairs). A history paired by other rules that leaves neither colour
//!   may take the colour that brings the colour difference back towards zero.
//! - 2.2: "a point without playing" is a pairing-allocated bye, a forfeit win, or any unplayed round
//!   worth at least a win (a requested full-point bye); a half-point bye does not bar the bye.
//! - 2.5: "transferred to a higher score group" is what 7.1 and 7.2 do; a resident paired with a
//!   floater (8.2) is not transferred. In past rounds it is recognised by replaying the procedure's steps
//!   on the pairs made (`recognise`); a transfer is a pairing event, so a forfeited pairing counts and a
//!   later forfeit undoes nothing. "Two times running": in the previous round of the tournament. Without
//!   XXR the tournament counts as long (over 9 rounds) once round 10 is paired.
//! - 2.6, 6.2: a player whom 2.3/2.4 forbid his due colour (B B B W W) is in the subgroup of the colour
//!   he must get.
//! - 3: when the five rules leave the colours open, the lower starting number gets his due colour (white
//!   when he has none). Rule 3 compares the histories of games played, aligned on the latest game.
//! - 4: the bye is chosen before the pairing, from the lowest score group that has a player who may
//!   receive it (and leaves the round completable); after "the higher ARO", alphabetical order.
//! - 6.2: players without a due colour go, the highest rated first, to the smaller subgroup, the black
//!   one when both are equal: between two players with no game played chapter 3 can only reach "white
//!   to the player with the lower R", so the higher rated is the one "who should play black".
//! - 6.3: the text's procedure is applied as written and its result kept when the round can be completed
//!   after it; otherwise it runs again with each pair checked. A white of row k who takes a black of the
//!   lower rows exchanges blacks with that row, the rows in between keeping theirs (6.3 names the rows
//!   that change; a shift of the column would change more). A clash in row k (the last row included)
//!   that no lower row resolves changes row k−1, then k−2, …: the white of row k and the white of that
//!   row exchange their blacks. White meets white only when no row change works. A black whose white took
//!   another white is offered to the following whites after the lower rows; blacks left at the end meet
//!   each other in column order.
//! - 6.4: "was a floater from higher score groups": floated down by 6.4 in an earlier round (recognised
//!   as for 2.5); "can be paired in the lower score group": may meet one of its unpaired players, the
//!   group taken as the floaters will find it, after the transfers of 7.1/7.2 (chapter 7 serves chapter
//!   6). Within a category the lowest rated floats first (as the bye in 4), then the higher ARO, then
//!   alphabetical order.
//! - 7.1: "has already played with all the players of his score group" is read as "may be paired with
//!   none of them" (6.1: "possible opponent"); islands are taken in starting-number order, and the
//!   transferred player is paired with the island at once. Chapter 8's floaters are paired before 7.1.
//! - 7.1, 7.2: "the next possible lower score group" is the nearest lower group holding a player that can
//!   be taken; a transfer is made only when it lets one more player of the group be paired in it (6.4's
//!   aim before 7.2's list alone: chapter 7 transfers "to meet the requirement of Chapter 6"; article 9).
//! - 7.1, 7.2, 8.2: the colour condition comes first, then the highest R, the lowest ARO, alphabetical
//!   order.
//! - 7.3, 7.4: a player whom 2.6 keeps in his subgroup is skipped; if too few can move, whites (blacks)
//!   meet each other through 6.3. Not a choice: a player moved to the other subgroup is due its colour,
//!   which chapter 3's first rule gives him (the moves are made "to meet the requirement of chapter 6";
//!   6.2's subgroups are "the players who should play with the white/black pieces"; 2.6 guards the move
//!   with the colour limits). So is every player of 6.2's subgroups.
//! - 8.1: floaters without a due colour are ranked with the whites. A floater who finds no opponent in a
//!   group goes on to the next one; floaters left after the last group meet each other by 8.1/8.2.

mod bye;
mod colours;
mod context;
mod downfloat;
mod entrant;
mod explain;
mod explain_group;
mod floaters;
mod group;
mod history;
mod journal;
mod oracle;
mod order;
mod recognise;
mod round_one;
mod standard;
mod subgroups;
mod transfers;

#[cfg(test)]
mod tests;

use crate::error::Result;
use crate::explain::Explanation;
use crate::pairing::Pairing;
use crate::state::RoundState;
use crate::tournament::Tournament;
use context::{Context, DueColours};
use history::Move;
use journal::Journal;
use oracle::Oracle;

/// Pairs the next round of `tournament`.
pub fn pair(tournament: &Tournament, state: &RoundState) -> Result<Pairing> {
    pair_with_moves(tournament, state).map(|(pairing, _)| pairing)
}

/// Pairs the next round and says why (issue 14): the decisions the procedure took, recorded as it took
/// them (`journal`) and worded by `explain`. The pairing is the one [`pair`] gives.
pub fn pair_explained(
    tournament: &Tournament,
    state: &RoundState,
) -> Result<(Pairing, Explanation)> {
    if state.round == 1 {
        let (pairing, as_written) = round_one::pair_noting(tournament, state)?;
        let explanation = explain::round_one(tournament, state, &pairing, as_written);
        return Ok((pairing, explanation));
    }
    let history = recognise::history(tournament);
    let ctx = Context::new(tournament, state, &history);
    let mut journal = Journal::on();
    let (pairing, _, due) = pair_round(&ctx, &mut journal)?;
    let explanation = explain::explain(&ctx, tournament, &history, &journal, &pairing, &due);
    Ok((pairing, explanation))
}

/// Pairs the next round and tells what the pairing did to each player (indices of
/// [`Tournament::players`]): transferred up by 7.1/7.2, floated down by 6.4, or neither. Round 1 moves
/// nobody.
fn pair_with_moves(tournament: &Tournament, state: &RoundState) -> Result<(Pairing, Vec<Move>)> {
    if state.round == 1 {
        let moves = vec![Move::Stayed; tournament.players.len()];
        return Ok((round_one::pair(tournament, state)?, moves));
    }
    let history = recognise::history(tournament);
    let ctx = Context::new(tournament, state, &history);
    pair_round(&ctx, &mut Journal::off()).map(|(pairing, moves, _)| (pairing, moves))
}

/// Pairs a round after the first, recording its decisions in `journal` when it is on. Returns the pairing,
/// the moves, and the colour each player was due (chapter 3).
fn pair_round(
    ctx: &Context<'_>,
    journal: &mut Journal,
) -> Result<(Pairing, Vec<Move>, DueColours)> {
    let mut moves = vec![Move::Stayed; ctx.state.players.len()];
    let mut due = DueColours::of_article_1(ctx);
    let mut oracle = Oracle::new(ctx)?;
    let bye = bye::choose(ctx, &mut oracle, journal)?;
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut floaters: Vec<usize> = Vec::new();
    let mut set = |v: usize, m: Move| {
        if let Some(slot) = moves.get_mut(ctx.entrant(v).player) {
            *slot = m;
        }
    };
    for g in 0..ctx.groups.len() {
        let outcome =
            group::pair_group(ctx, &mut oracle, g, floaters, &mut pairs, &mut due, journal)?;
        outcome
            .transferred
            .iter()
            .for_each(|&v| set(v, Move::Transferred));
        outcome.floated.iter().for_each(|&v| set(v, Move::Floated));
        floaters = outcome.floaters;
    }
    floaters::pair_leftovers(ctx, &mut oracle, &floaters, &mut pairs, journal)?;
    let pairing = Pairing {
        games: pairs.iter().map(|&(a, b)| ctx.game(a, b, &due)).collect(),
        bye: bye.map(|v| ctx.entrant(v).player),
    };
    Ok((pairing, moves, due))
}
