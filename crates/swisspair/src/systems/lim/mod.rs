//! C.04.4.3, the FIDE Lim system (1987–1999 text).
//!
//! The round is paired as the text orders it. The bye first (1.1, 7.1: [`bye`]). Then the score groups
//! (2.2, [`score_groups`]): from the highest group down to the group just above the Median Score-group
//! (the players with half the points of the rounds played), then from the lowest group up to the group
//! just below it, and the median group last, paired downward ([`median`]). Each group ([`group`]):
//!
//! 1. transfers, before it is paired, the players — its own and the floaters transferred into it —
//!    without a compatible opponent in it (2.3 a–c) and, when it is odd, one floater chosen by 3.2–3.5,
//!    3.9 and 3.10 (2.3 d) ([`transfers`]);
//! 2. scrutinises its players in turn (4.1): first the floaters that came into it, in the order of
//!    3.6/3.7, each meeting the first player 3.8 gives him ([`incoming`]), then the others as proposed
//!    pairings, top half against bottom half (2.4); a player without a compatible opponent takes an
//!    exchange in the order of 4.2 and 4.3 — with any earlier pairing, a floater's too — or floats
//!    (3.1, 4.4) ([`exchanges`]);
//! 3. scrutinises the pairings of its own players a second time, with the same exchanges, for the
//!    alternating and equalising colours (5.2, 5.7) ([`second_scrutiny`]).
//!
//! Floaters go down from the groups above the median and up from the groups below it, and meet in the
//! median group. When the median group cannot be paired, the pairings of the neighbouring groups are
//! cracked one by one (2.6). Every pair's colours follow 5.3–5.6 and, in round 1, 7.2
//! ([`colours::allocate`]). Compatibility (2.1, [`compatibility`]) makes the colour limits of 5.1 a/b
//! absolute, except in the last round between players of equal score (6).
//!
//! The files follow the text and each calls only the ones below it: `mod` (2.2) → [`bye`] (1.1, 7.1),
//! [`median`] (2.6) → [`group`] (one group) → [`second_scrutiny`] (5.2, 5.7), [`transfers`] (2.3,
//! 3.1–3.5, 3.9, 3.10) → [`incoming`] (3.6–3.8) → [`exchanges`] (2.4, 2.5, 4) → [`colours`] (5, 7.2) →
//! [`score_groups`] (2.2, 6), [`completion`] → [`compatibility`] (2.1, 5.1 a/b, 6) → [`context`].
//!
//! Explaining a round (issue 14, [`pair_explained`]): the same procedure, its context set to record,
//! keeps what each part decided in the structures it returns — the bye (1.1, 7.1), each group's
//! transfers, floaters paired, scrutiny steps and colour exchanges, 2.6's cracks, and the rule of 5 or
//! 7.2 that [`colours::allocate`] applied — gathered in a [`record`]; `explain` (the round) →
//! `explain_group` (one group) word it, citing the articles. Pairing alone records nothing.
//!
//! Choices where the text is open (each also noted, and pinned by a test, where it is applied):
//!
//! - Maxi-tournament (3.2, 3.8, 5.7) is not defined by the text: it is the tournament's `maxi` option
//!   (`XXM 1`, or `--maxi`), off by default; the 100-point rating limits apply only then.
//! - Pairing numbers are the starting numbers; "highest numbered" is the best placed (#1), "lowest
//!   numbered" the last (4.2: "Player #1, the highest numbered player"). In round 1 the pairing list
//!   holds the players present, numbered from 1 (7.2).
//! - 2.1: unplayed games do not count (C.04.1/C.04.2): forfeited players may meet again, and the colour
//!   limits read the colours of games played. Forbidden pairs (XXP, 260) are never compatible.
//! - 2.2: the median score is half the points of a win per round played (with virtual points, the
//!   pairing score is compared). When no player has it, the median group is empty and holds only the
//!   floaters from above and below.
//! - 2.3: the group's players are its own and the floaters transferred into it; a–c read "has no
//!   compatible opponent (2.1) among the other players of the group". The next group (3.3, 3.4, 3.5,
//!   3.9) is the next one in the direction of pairing as it stands then: its own players, after the
//!   floaters already in it and those going before the floater (3.3, 3.4) have taken the opponents 3.8
//!   gives them.
//! - 2.3 d, the floater that makes a group even: 3.9's types first (d, then c, then b, then a; 3.3 and
//!   3.5 are its d before c), then 3.2's colours (in a maxi-tournament only within 100 points of the
//!   lowest numbered player), then the lowest numbered (the highest numbered when pairing upward). 3.10
//!   replaces a player who floated the round before by the next one of type d who did not, unless that
//!   pairs fewer of the others.
//! - 3.6–3.8: floaters from above are paired in the order highest score, then highest numbered; from
//!   below, lowest score, then lowest numbered; the median group pairs those from above first (3.6.3).
//!   3.8 follows the direction in which the group is paired (the median group is paired downward: every
//!   floater there meets the highest numbered player available due the alternate colour). "Due the
//!   alternate colour" means due another colour than the floater (or none: a player due no colour has
//!   his due whatever he gets). A floater meets the players of the group; in the median group, when none
//!   is compatible, also another floater. His pairing is open to 4.3's exchanges like any other (3.1:
//!   "in spite of exchanges in the score-group"; 4.4). One who finds no opponent floats on (3.5), and
//!   the group is made even again at once, as 4.4 does for #2.
//! - 2.4/4.2/4.3 generalised: the player being scrutinised (#k) tries as opponents the players not yet
//!   paired, in his order (4.2: the lower half from its top down, then the upper half from its bottom
//!   up; 3.8's for a floater); then the opponents of the rows already made, the latest row first, that
//!   row's player taking the first compatible opponent of the rest in his order (4.3, "2 v 6, 1 v 3");
//!   then the players of those rows themselves, the latest first, their opponents going back to the rest
//!   (4.3, "1 v 2"); the rest is always arranged as proposed pairings (2.4). A row's player is taken
//!   only when its opponent is scrutinised after #k (so the scrutiny always moves on). With the
//!   examples' six players this gives exactly the tables of 4.2 and 4.3.
//! - 4.4 b: the player who floats with #k is the lowest numbered remaining player (the highest when
//!   pairing upward) who has a compatible opponent in the next group, or else the lowest numbered one
//!   (3.3, 3.5).
//! - 2.6: "cannot be paired" means its players (with the floaters) cannot all be paired (2.1, and 6
//!   where in force). "The next pairing" of a group is the one nearest the median group: the last board
//!   of the higher group, the first board of the lower group; then the next group further away; the other
//!   side when one has none left. The median group is then paired by the same procedure, each step
//!   taken only when the players left can all still be paired (4.4's "must at the same time leave
//!   Player #1 with a compatible opponent", for every player, since nobody can float out of it).
//! - 5.1/5.5/5.6: the due colour is the one 5.1 a/b leave (when only one), else the equalising colour, else
//!   the alternate colour; none before the first game.
//! - 5.2/5.7: the second scrutiny scrutinises the pairings again in turn with section 4's exchanges in
//!   their order (2.5), keeping a pairing that gives both players their colours and otherwise taking the
//!   first exchange that does (see [`second_scrutiny`] for the conditions and the choices).
//! - 5.4/5.6: when both are due the same colour, it goes to the player it equalises (larger colour
//!   difference), then by the colour histories (the latest round in which they differ: each gets the
//!   colour opposite to the one he had then), then to the higher ranked player at or above the median
//!   (the lower ranked below it); a pair belongs to the side of the group it was made in. Players with no
//!   games: 7.2's rule by the higher ranked player's pairing number.
//! - 6: "even if it is necessary": in the last round the exception is in force for a score group only when
//!   its players (as the round begins) can be paired among themselves more completely with the colour
//!   limits lifted than within them. Such a group is first paired with 2.1 as it is, and again with the
//!   limits lifted between players of equal score only when that pairs more of the group (the median
//!   group: only when 2.1 cannot pair it completely).
//! - 1.1/7.1: the bye goes to the lowest placed (highest pairing number) player of the lowest score group
//!   — in round 1 to the lowest rated, the lowest placed of equal ratings — who may receive it (C.04.1: no
//!   second bye, none after a forfeit win) and whose absence leaves a round that can be completed;
//!   otherwise the next one up.

mod bye;
mod colours;
mod compatibility;
mod completion;
mod context;
mod exchanges;
mod explain;
mod explain_group;
mod group;
mod incoming;
mod median;
mod record;
mod score_groups;
mod second_scrutiny;
mod transfers;

#[cfg(test)]
mod tests;

pub use context::{Context, Direction};

use crate::error::Result;
use crate::pairing::Pairing;
use crate::sorting::sort_by_key;
use crate::state::RoundState;
use crate::tournament::Tournament;
use colours::Pair;
use completion::Completion;
use record::RoundRecord;
use score_groups::{Adjacent, GroupInput};

/// Pairs the next round of `tournament` with the Lim system.
pub fn pair(tournament: &Tournament, state: &RoundState) -> Result<Pairing> {
    pair_round(Context::new(tournament, state), |_, _, pairing| pairing)
}

/// Pairs the next round and says why: the score groups in the order paired, with their transfers,
/// floaters, exchanges and colour exchanges, the pairings 2.6 cracked, the colour rule of every pair
/// and the bye, as the round procedure took them.
pub fn pair_explained(
    tournament: &Tournament,
    state: &RoundState,
) -> Result<(Pairing, crate::explain::Explanation)> {
    let ctx = Context::new(tournament, state).explaining();
    pair_round(ctx, |ctx, record, pairing| {
        let explanation = explain::explain(ctx, record, &pairing);
        (pairing, explanation)
    })
}

/// Pairs the round and hands the context, the record (filled when `ctx` explains) and the pairing to
/// `then`.
fn pair_round<R>(
    ctx: Context<'_>,
    then: impl FnOnce(&Context<'_>, &RoundRecord, Pairing) -> R,
) -> Result<R> {
    let state = ctx.state;
    let mut record = RoundRecord::default();
    let mut present: Vec<usize> = state.available().collect();
    sort_by_key(&mut present, |&p| ctx.pairing_number(p));
    if present.is_empty() {
        return Ok(then(&ctx, &record, Pairing::default()));
    }
    let ctx = if state.last_round {
        let groups = score_groups::last_round_exception(&ctx, &present);
        ctx.with_last_round_exception(groups)
    } else {
        ctx
    };
    let mut completion = Completion::new(&ctx, &present)?;
    // 1.1, 7.1: the bye first.
    let bye_record = bye::allocate(&ctx, &present, &mut completion)?;
    let bye = bye_record.as_ref().map(|b| b.player);
    present.retain(|&p| Some(p) != bye);
    if ctx.explains() {
        record.bye = bye_record;
    }
    let order = score_groups::pairing_order(&ctx, &present);

    // 2.2: from the highest group down to the group just above the median group.
    let mut above: Vec<Vec<Pair>> = Vec::new();
    let mut down: Vec<usize> = Vec::new();
    for (i, g) in order.above.iter().enumerate() {
        let next = order.above.get(i + 1).unwrap_or(&order.median);
        let input = GroupInput {
            score_twice: g.score_twice,
            direction: Direction::Downward,
            median: false,
            residents: &g.players,
            incoming: &down,
            adjacent: Adjacent {
                residents: &next.players,
                incoming: &[],
                direction: Direction::Downward,
            },
        };
        let outcome = group::pair_outside_median(&ctx, &input)?;
        above.push(outcome.pairs);
        down = outcome.floaters;
        record.groups.extend(outcome.record);
    }
    // 2.2: then from the lowest group up to the group just below it.
    let mut below: Vec<Vec<Pair>> = Vec::new();
    let mut up: Vec<usize> = Vec::new();
    for (i, g) in order.below.iter().enumerate() {
        let adjacent = match order.below.get(i + 1) {
            Some(next) => Adjacent {
                residents: &next.players,
                incoming: &[],
                direction: Direction::Upward,
            },
            None => Adjacent {
                residents: &order.median.players,
                incoming: &down,
                direction: Direction::Downward,
            },
        };
        let input = GroupInput {
            score_twice: g.score_twice,
            direction: Direction::Upward,
            median: false,
            residents: &g.players,
            incoming: &up,
            adjacent,
        };
        let outcome = group::pair_outside_median(&ctx, &input)?;
        below.push(outcome.pairs);
        up = outcome.floaters;
        record.groups.extend(outcome.record);
    }
    // 2.2, 2.6: the median group last, paired downward.
    let paired: Vec<usize> = above
        .iter()
        .chain(&below)
        .flatten()
        .flat_map(|p| [p.players.0, p.players.1])
        .collect();
    completion.remove_players(&paired)?;
    let middle = median::pair(
        &ctx,
        &order.median,
        down,
        up,
        &above,
        &below,
        &mut completion,
    )?;

    record.groups.extend(middle.record);
    record.cracks = middle.cracks;

    let pairs = above
        .iter()
        .chain(&below)
        .flatten()
        .filter(|p| !middle.cracked.contains(p))
        .chain(&middle.pairs);
    let games = if ctx.explains() {
        record.colours = pairs.map(|pair| colours::allocate(&ctx, pair)).collect();
        record.colours.iter().map(|&(game, _)| game).collect()
    } else {
        pairs.map(|pair| colours::allocate(&ctx, pair).0).collect()
    };
    Ok(then(&ctx, &record, Pairing { games, bye }))
}
