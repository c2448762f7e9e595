//! Unit tests: one small hand-worked tournament per article (the expected pairs are worked out by hand in
//! each test's comment).

use super::colours::colour_of;
use super::context::Context;
use super::entrant::{colour_limits, due_colour, Aro, Entrant};
use super::history::{History, Move};
use super::{recognise, subgroups};
use crate::check::tournament_before;
use crate::error::Error;
use crate::selftest::{config_for, Options};
use crate::state::RoundState;
use crate::systems::{dutch, Edition, System};
use crate::tournament::{Colour, Tournament};
use Colour::{Black as B, White as W};

use crate::test_trf::Trf;

/// Pairs the next round with Dubov: games as (white, black) starting numbers, sorted, and the bye.
fn dubov(t: &Tournament) -> (Vec<(u32, u32)>, Option<u32>) {
    let pairing = System::Dubov.pair(t).expect("Dubov pairs");
    let number = |i: usize| t.players[i].start_number;
    let mut games: Vec<(u32, u32)> = pairing
        .games
        .iter()
        .map(|g| (number(g.white), number(g.black)))
        .collect();
    games.sort_unstable();
    (games, pairing.bye.map(number))
}

/// Eight players rated 2400 down to 1700 after a first round in which the top half won: 1-5, 6-2, 3-7,
/// 8-4 (white first). Winners 1 (due black, ARO 2000), 2 (due white, ARO 1900), 3 (due black, ARO 1800),
/// 4 (due white, ARO 1700); losers 5 (due white, ARO 2400), 6 (due black, 2300), 7 (due white, 2200),
/// 8 (due black, 2100).
fn eight_after_round_one() -> Trf {
    Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
        .round(&[(1, 5, '1'), (6, 2, '0'), (3, 7, '1'), (8, 4, '0')], &[])
        .line("XXR 5")
}

/// The context of the round to be paired, with the moves of the earlier rounds recognised from the file.
fn context<'a>(t: &'a Tournament, state: &'a RoundState) -> Context<'a> {
    Context::new(t, state, &recognise::history(t))
}

/// What each round of `t` did to the player with starting number `n`, round 1 first.
fn moves_of(t: &Tournament, n: u32) -> Vec<Move> {
    let history = recognise::history(t);
    let player = t.index_of(n).expect("player");
    (1..=history.rounds())
        .map(|r| history.of(player, r))
        .collect()
}

/// Issue 14: the explanation of the round names each of `articles`, and its pairing is the one
/// [`super::pair`] gives.
fn explains(t: &Tournament, articles: &[&str]) {
    let (pairing, explanation) = System::Dubov
        .explain_in(Edition::Y1997, t)
        .expect("explains");
    assert_eq!(pairing, System::Dubov.pair(t).expect("pairs"));
    let named = explanation.articles();
    for article in articles {
        assert!(
            named.contains(article),
            "the explanation does not name {article}\n{}",
            explanation.render()
        );
    }
}

fn entrant_of<'c>(ctx: &'c Context<'_>, start_number: u32) -> &'c Entrant {
    ctx.entrants
        .iter()
        .find(|e| e.start_number == start_number)
        .expect("present")
}

/// 1: ARO in tenths, rounded half up (6.2's example shows 2318.4); 0 before any game. The integer ARO of
/// the state (`PlayerState::aro`) would lose the tenths.
#[test]
fn art1_aro_in_tenths_rounded_half_up() {
    let t = Trf::new(&[2000, 2300, 2337, 2301, 2302])
        .round(&[(1, 2, '1'), (4, 5, '=')], &[(3, 'U')])
        .round(&[(3, 1, '0'), (4, 2, '1')], &[(5, 'H')])
        .build();
    let state = RoundState::new(&t);
    // Player 1 met 2300 and 2337: 2318.5 exactly.
    assert_eq!(Aro::of(&state.players[0]), Aro(23185));
    assert_eq!(Aro::of(&state.players[0]).to_string(), "2318.5");
    // Player 4 met 2302 and 2300: 2301.0; player 5 met 2301 once; player 3 met 2000 once.
    assert_eq!(Aro::of(&state.players[3]), Aro(23010));
    assert_eq!(Aro::of(&state.players[2]), Aro(20000));
    // Player 2 met 2000 and 2301: 2150.5; the state's integer ARO rounds it to 2151.
    assert_eq!(Aro::of(&state.players[1]), Aro(21505));
    assert_eq!(state.players[1].aro(), Some(2151));
    // Two thirds round up, one third down.
    let mut p = state.players[0].clone();
    (p.opponent_rating_sum, p.games_played) = (6902, 3);
    assert_eq!(Aro::of(&p), Aro(23007));
    (p.opponent_rating_sum, p.games_played) = (6901, 3);
    assert_eq!(Aro::of(&p), Aro(23003));
    // No game played: ARO 0.
    (p.opponent_rating_sum, p.games_played) = (0, 0);
    assert_eq!(Aro::of(&p), Aro(0));
    explains(&t, &["1"]);
}

/// 1: the due colour: the colour played less, or with equal numbers the opposite of the previous game;
/// none before the first game.
#[test]
fn art1_due_colour() {
    assert_eq!(due_colour(&[]), None);
    assert_eq!(due_colour(&[W]), Some(B));
    assert_eq!(due_colour(&[W, B]), Some(W));
    assert_eq!(due_colour(&[B, W]), Some(B));
    assert_eq!(due_colour(&[B, B, W]), Some(W));
    assert_eq!(due_colour(&[W, W, B, B, W]), Some(B));
    explains(&eight_after_round_one().build(), &["1"]);
}

/// 2.3 and 2.4: what each history still allows, and 2.6/6.2: the subgroup of a player whose due colour is
/// forbidden (B B B W W: due white, but not white a third time running).
#[test]
fn art2_3_2_4_colour_limits() {
    assert_eq!(colour_limits(&[], 0), (true, true));
    assert_eq!(colour_limits(&[W, B, W], 1), (true, true));
    assert_eq!(colour_limits(&[W, W], 2), (false, true));
    assert_eq!(colour_limits(&[B, W, W], 1), (false, true));
    assert_eq!(colour_limits(&[W, B, B, W, B, B], -2), (true, false));
    assert_eq!(colour_limits(&[B, B, B, W, W], -1), (false, true));
    // Histories from other rules that leave neither colour: 2.3 before 2.4.
    assert_eq!(colour_limits(&[W, W, W, B, W, W, B, B], 2), (false, true));
    assert_eq!(colour_limits(&[B, B, W, B, B, W, W], -1), (false, true));
    assert_eq!(
        colour_limits(&[W, B, B, W, B, B, B, B, B, W, W], -3),
        (true, false)
    );
    assert_eq!(due_colour(&[B, B, B, W, W]), Some(W));
    // In a round: 1 (W W B W) may not have white (2.3), 6 (B B W B) not black; they can meet only each
    // other, and the limits give the colours: 6-1.
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900])
        .round(&[(1, 2, '='), (3, 4, '='), (5, 6, '=')], &[])
        .round(&[(1, 3, '='), (2, 5, '='), (4, 6, '=')], &[])
        .round(&[(4, 1, '='), (6, 2, '='), (3, 5, '=')], &[])
        .round(&[(1, 5, '='), (2, 4, '='), (3, 6, '=')], &[])
        .line("XXR 7")
        .build();
    assert!(dubov(&t).0.contains(&(6, 1)));
    explains(&t, &["2.3"]);
    // 2.4: 5 and 6 played white twice (see the 2.6 test below).
    explains(&subgroups_pinned_by_2_6(), &["2.4"]);
}

/// 2.5: no transfer to a higher score group two rounds running; at most three in a tournament of fewer
/// than 10 rounds, four in one of more than 9; none of it in the last round.
#[test]
fn art2_5_transfer_limits() {
    use Move::{Floated as F, Stayed as S, Transferred as T};
    let history = |rounds: &[Move]| {
        let mut h = History::new();
        for &m in rounds {
            h.push_round(vec![m]);
        }
        h
    };
    let may = |rounds: &[Move], total: usize, last: bool| {
        history(rounds).may_transfer(0, rounds.len() + 1, total, last)
    };
    assert!(may(&[], 9, false));
    // Two times running: transferred in the previous round.
    assert!(!may(&[S, T], 9, false));
    assert!(may(&[T, S], 9, false));
    assert!(may(&[T, F], 9, false));
    // Three transfers in 9 rounds, four in 10.
    assert!(!may(&[T, S, T, S, T, S], 9, false));
    assert!(may(&[T, S, T, S, T, S], 10, false));
    assert!(!may(&[T, S, T, S, T, S, T, S], 11, false));
    // Apart from the last round.
    assert!(may(&[T, S, T, S, T, S, T], 9, true));
    // A float is no transfer.
    assert!(may(&[F, F, F, F, F], 9, false));
    // In a round: 4, transferred in round 2, may not be transferred to the odd group of 3 (issue 12).
    explains(&issue_12_first_case().build(), &["2.5"]);
}

/// 2.2: no bye after a point without playing — a forfeit win (player 3), a pairing-allocated bye
/// (players 4, 5) or a requested full-point bye (player 5's 'F', a choice). A half-point bye does not
/// count. Here the whole lowest group (1 point) but player 2 is barred: he gets the bye though three
/// others are rated lower.
#[test]
fn art2_2_no_bye_after_a_point_without_playing() {
    let t = Trf::new(&[2400, 2300, 2000, 2200, 2100])
        .round(&[(1, 2, '1'), (4, 3, '-')], &[(5, 'F')])
        .round(&[(1, 5, '1'), (3, 2, '0')], &[(4, 'U')])
        .line("XXR 5")
        .build();
    let (_, bye) = dubov(&t);
    assert_eq!(bye, Some(2));
    explains(&t, &["2.2", "4"]);
}

/// 2.2 does not bar a half-point bye: after a round of draws and one half-point bye (5), everybody is on
/// 0.5 and the lowest rated, 5, gets the pairing-allocated bye.
#[test]
fn art2_2_half_point_bye_does_not_bar() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000])
        .round(&[(1, 3, '='), (2, 4, '=')], &[(5, 'H')])
        .line("XXR 5")
        .build();
    let (games, bye) = dubov(&t);
    assert_eq!(bye, Some(5));
    assert_eq!(games.len(), 2);
    explains(&t, &["2.2", "4"]);
}

/// 4: the bye goes to the lowest score group's lowest rated player; among equal ratings, to the one due
/// the group's dominating colour, then the higher ARO.
#[test]
fn art4_bye_lowest_rating_then_dominating_colour_then_aro() {
    // Losers after round 1: 4 (lost with black: due white), 5 (lost with white: due black), 6 (lost with
    // black: due white). 5 and 6 share the lowest rating; white dominates (4, 6): 6 gets the bye.
    let t = Trf::new(&[2400, 2300, 2200, 2100, 1800, 1800, 2000])
        .round(&[(1, 4, '1'), (5, 2, '0'), (3, 6, '1')], &[(7, 'U')])
        .line("XXR 5")
        .build();
    assert_eq!(dubov(&t).1, Some(6));
    explains(&t, &["4"]);
    // Equal ratings and the same due colour: the higher ARO. Losers 4 (met 2400), 5 (met 2300), 6 (met
    // 2200), all lost with black (due white); 5 and 6 share the lowest rating: 5 (ARO 2300) gets it.
    let t = Trf::new(&[2400, 2300, 2200, 2100, 1800, 1800, 2000])
        .round(&[(1, 4, '1'), (2, 5, '1'), (3, 6, '1')], &[(7, 'U')])
        .line("XXR 5")
        .build();
    assert_eq!(dubov(&t).1, Some(5));
    explains(&t, &["4"]);
}

/// 5: round 1 pairs the upper half against the lower half, colours alternating from the first board (the
/// lot: XXC), the last player receiving the bye.
#[test]
fn art5_round_one() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900, 1800]).build();
    assert_eq!(dubov(&t), (vec![(1, 4), (3, 6), (5, 2)], Some(7)));
    explains(&t, &["5"]);
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900])
        .line("XXC black1")
        .build();
    assert_eq!(dubov(&t), (vec![(2, 5), (4, 1), (6, 3)], None));
    explains(&t, &["5"]);
}

/// 5: where chapter 5 is silent (here a forbidden pair on board 1), the other FIDE systems' round 1 (the
/// Dutch one) is the result.
#[test]
fn art5_round_one_defers_to_dutch_where_silent() {
    let t = Trf::new(&[2400, 2300, 2200, 2100]).line("XXP 1 3").build();
    let state = RoundState::new(&t);
    let ours = super::pair(&t, &state).expect("pairs");
    assert_eq!(
        ours,
        dutch::pair(&t, &state, crate::systems::Edition::Y2017).expect("Dutch pairs")
    );
    assert!(!ours
        .games
        .iter()
        .any(|g| [g.white, g.black] == [0, 2] || [g.white, g.black] == [2, 0]));
    explains(&t, &["5"]);
}

/// 6.2: whites by increasing ARO against blacks by decreasing rating. Winners: whites 4 (1700), 2 (1900)
/// against blacks 1 (2400), 3 (2200); losers: whites 7 (2200), 5 (2400) against blacks 6 (1900),
/// 8 (1700).
#[test]
fn art6_2_whites_by_aro_against_blacks_by_rating() {
    let t = eight_after_round_one().build();
    assert_eq!(dubov(&t).0, vec![(2, 3), (4, 1), (5, 8), (7, 6)]);
    explains(&t, &["6.2"]);
}

/// 6.3: a coincidence in a row: the white takes the first black of the lower rows he may play. As in
/// 6.2's test, but 4 and 1 may not meet (XXP: 6.3 reads "played each other" as "may not be paired"):
/// row 1 becomes 4-3, row 2 takes 1: 2-1.
#[test]
fn art6_3_coincidence_takes_a_lower_black() {
    let t = eight_after_round_one().line("XXP 4 1").build();
    assert_eq!(dubov(&t).0, vec![(2, 1), (4, 3), (5, 8), (7, 6)]);
    explains(&t, &["6.3"]);
}

/// 6.3: a coincidence in the last row of a group: the last but one row is changed. 2 and 3 (row 2) may
/// not meet: 2 takes row 1's black (1), 4 takes 3.
#[test]
fn art6_3_coincidence_in_the_last_row_changes_the_row_above() {
    let t = eight_after_round_one().line("XXP 2 3").build();
    assert_eq!(dubov(&t).0, vec![(2, 1), (4, 3), (5, 8), (7, 6)]);
    explains(&t, &["6.3"]);
}

/// 7.1 (island), 7.2 (odd group) and 6.3 (exchange with the row above). 1 may meet none of 2, 3, 4
/// (XXP): an opponent is transferred from the losers, due white (opposite to 1's black), highest R:
/// 5 has met 1, so 7. The winners 2, 3, 4 are then odd, white dominates: a black is transferred, highest
/// R: 6 (who may play 3 and 4). Whites 4 (ARO 1700), 2 (1900); blacks 3 (2200), 6 (1900): row 2 (2-6)
/// is a rematch and the last row, so row 1 changes: 2-3, 4-6. Left: 5-8.
#[test]
fn art7_1_island_and_7_2_odd_group() {
    let t = eight_after_round_one()
        .line("XXP 1 2")
        .line("XXP 1 3")
        .line("XXP 1 4")
        .build();
    assert_eq!(dubov(&t).0, vec![(2, 3), (4, 6), (5, 8), (7, 1)]);
    explains(&t, &["7.1", "7.2", "6.3"]);
}

/// 7.3 and 7.4: all winners lost... all winners had black (due white): the two with the lowest ARO (4:
/// 1700, 3: 1800) move to the blacks; all losers are due black: the two with the highest ARO (5: 2400,
/// 6: 2300) move to the whites. Whites 2 (1900), 1 (2000) against blacks 3, 4; whites 6 (2300),
/// 5 (2400) against blacks 7, 8. Colours (3, first rule): a moved player is due the colour of his new
/// subgroup, so every white of the columns gets white.
#[test]
fn art7_3_7_4_balance_the_colour_subgroups() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
        .round(&[(5, 1, '0'), (6, 2, '0'), (7, 3, '0'), (8, 4, '0')], &[])
        .line("XXR 5")
        .build();
    assert_eq!(dubov(&t).0, vec![(1, 4), (2, 3), (5, 8), (6, 7)]);
    explains(&t, &["7.3", "7.4", "3.1"]);
}

/// 2.6: a white who may not receive black (2.3/2.4) is not moved by 7.3; the next lowest ARO moves.
#[test]
fn art2_6_no_transfer_across_subgroups_against_2_3_2_4() {
    // Four players due white; player 4 played black twice (may not have black again).
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
        .round(&[(5, 1, '0'), (6, 2, '0'), (7, 3, '0'), (8, 4, '0')], &[])
        .round(&[(2, 1, '='), (4, 3, '='), (5, 6, '='), (8, 7, '=')], &[])
        .line("XXR 5")
        .build();
    let state = RoundState::new(&t);
    let ctx = context(&t, &state);
    let group: Vec<usize> = ctx.groups[0].clone();
    let (mut whites, mut blacks) = subgroups::split(&ctx, &group);
    let numbers = |list: &[usize]| -> Vec<u32> {
        let mut v: Vec<u32> = list.iter().map(|&i| ctx.entrants[i].start_number).collect();
        v.sort_unstable();
        v
    };
    // 1 (B B: must white), 3 (B B: must white) white; 2 (B W) black... the histories decide:
    // 1: B B → white; 2: B W → black; 3: B B → white; 4: B W → black.
    assert_eq!(numbers(&whites), vec![1, 3]);
    assert_eq!(numbers(&blacks), vec![2, 4]);
    // Force an imbalance: all four in the white subgroup. 1 and 3 may not receive black; the two movable
    // are 2 and 4, whatever their ARO.
    whites.append(&mut blacks);
    subgroups::balance(&ctx, &mut whites, &mut blacks);
    assert_eq!(numbers(&blacks), vec![2, 4]);
    // In a round where 2.6 decides, and the explanation says so.
    let t = subgroups_pinned_by_2_6();
    assert_eq!(dubov(&t).0, vec![(1, 4), (2, 3), (7, 6), (8, 5)]);
    explains(&t, &["2.6", "7.3", "7.4"]);
}

/// 2.6 in a round. Winners 1-4 (2 points) are all due white; 1 and 2 played black twice (they must have
/// white). 7.3 moves the two whites with the lowest ARO: 2 (1800) may not, so 4 (1800) and, of 1 and 3
/// (1900), the higher R — 1 may not, so 3. Whites 2 (ARO 1800), 1 (1900) against blacks 3, 4: 2-3,
/// 1-4. Losers 5-8 (0) are all due black; 5 and 6 played white twice. 7.4 moves the two blacks with the
/// highest ARO: 5 and 7 (2300) — 5 may not, so 7 — then 6 and 8 (2200): 6 may not, so 8. Whites 8 (ARO
/// 2200), 7 (2300) against blacks 5, 6: 8-5, 7-6.
fn subgroups_pinned_by_2_6() -> Tournament {
    Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
        .round(&[(5, 1, '0'), (6, 2, '0'), (3, 7, '1'), (4, 8, '1')], &[])
        .round(&[(7, 1, '0'), (8, 2, '0'), (5, 3, '0'), (6, 4, '0')], &[])
        .line("XXR 5")
        .build()
}

/// 7.1 and 2.5 read from the pairs. Round 2 was paired by hand: in the 1-point group (1, 2, 3, 4), 2-1
/// met, 4 and 3 met the 0-point 5 and 6. The group is even and could have been paired: 4 and 3 floated
/// down (6.4) and 5 and 6 met them as residents (8.2), so neither was transferred. After round 2: 2 alone
/// on 2 points; 1, 3, 4, 5, 6 on 1; 7, 8 on 0. 2 (due black) is an island: the transfer is due white if
/// possible — 1 and 6 met 2, 5 (who must have white after B B) may be transferred: 5-2. Then whites 1
/// (ARO 2150), 6 (2250) against blacks 3 (2200, must have black), 4 (2100): 1-3, 6-4; 7-8 last.
#[test]
fn art7_1_island_gets_the_transfer_2_5_allows() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
        .round(&[(1, 5, '1'), (6, 2, '0'), (3, 7, '1'), (8, 4, '0')], &[])
        .round(
            &[(2, 1, '1'), (4, 5, '0'), (3, 6, '0')],
            &[(7, 'Z'), (8, 'Z')],
        )
        .line("XXR 5")
        .build();
    use Move::{Floated as F, Stayed as S};
    assert_eq!(moves_of(&t, 3), vec![S, F]);
    assert_eq!(moves_of(&t, 4), vec![S, F]);
    assert_eq!(moves_of(&t, 5), vec![S, S]);
    assert_eq!(moves_of(&t, 6), vec![S, S]);
    let state = RoundState::new(&t);
    let ctx = context(&t, &state);
    assert!(entrant_of(&ctx, 5).may_transfer);
    assert!(entrant_of(&ctx, 3).was_floater && !entrant_of(&ctx, 5).was_floater);
    assert_eq!(dubov(&t).0, vec![(1, 3), (5, 2), (6, 4), (7, 8)]);
    explains(&t, &["7.1", "2.5"]);
}

/// 6.4 and chapter 8. Ten players after round 1: winners 1-4 (1 point), 5 and 10 drew (0.5), losers
/// 6-9. 2, 3, 4 may not meet each other (XXP), so two winners must float down. Not a floater before and
/// pairable in the lower score group comes first: 4 may meet neither 5 nor 10 (XXP), so 3 and 2 float
/// (the lowest R first) and 1 plays 4 — by rating alone 4 and 3 would float. 8.1: 2 (due white, the
/// white list) goes first and takes (8.2) the highest rated resident due black: 5; 3 gets 10. The
/// losers pair by 6.2: whites 8 (ARO 2200), 6 (2400) against blacks 7, 9.
#[test]
fn art6_4_floater_choice_and_8_floaters() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700, 1600, 1500])
        .round(
            &[
                (1, 6, '1'),
                (7, 2, '0'),
                (3, 8, '1'),
                (9, 4, '0'),
                (5, 10, '='),
            ],
            &[],
        )
        .line("XXR 5")
        .line("XXP 2 3 4")
        .line("XXP 4 5")
        .line("XXP 4 10")
        .build();
    assert_eq!(dubov(&t).0, vec![(2, 5), (4, 1), (6, 9), (8, 7), (10, 3)]);
    explains(&t, &["6.4", "8.1", "8.2"]);
}

/// Chapter 3: due colours; then equalising; then alternation; then higher ARO; then lower R.
#[test]
fn art3_colour_allocation() {
    let t = eight_after_round_one().build();
    let state = RoundState::new(&t);
    let ctx = context(&t, &state);
    let base = entrant_of(&ctx, 1).clone();
    let with = |due: Option<Colour>, difference: i32, aro: u64, rating: u32, sn: u32| Entrant {
        due,
        colour_difference: difference,
        aro: Aro(aro),
        rating,
        start_number: sn,
        may_white: true,
        may_black: true,
        ..base.clone()
    };
    // Rule 1: different due colours.
    let (a, b) = (with(Some(B), 1, 0, 0, 1), with(Some(W), -1, 0, 0, 2));
    assert_eq!(colour_of(&a, &[W], &b, &[B]), B);
    // Rule 2: both due white; b is further from equal numbers.
    let (a, b) = (with(Some(W), 0, 0, 0, 1), with(Some(W), -2, 0, 0, 2));
    assert_eq!(colour_of(&a, &[W, B], &b, &[B, W, B, B]), B);
    // Rule 3: alternate against the latest game with different colours (round 2: a had black there).
    let (a, b) = (with(Some(W), -1, 0, 0, 1), with(Some(W), -1, 0, 0, 2));
    assert_eq!(colour_of(&a, &[W, B, B], &b, &[B, W, B]), W);
    assert_eq!(colour_of(&b, &[B, W, B], &a, &[W, B, B]), B);
    // Rule 4: higher ARO white.
    let (a, b) = (
        with(Some(W), -1, 20000, 0, 1),
        with(Some(W), -1, 21000, 0, 2),
    );
    assert_eq!(colour_of(&a, &[B], &b, &[B]), B);
    // Rule 5: lower R white.
    let (a, b) = (
        with(Some(W), -1, 20000, 2000, 1),
        with(Some(W), -1, 20000, 2100, 2),
    );
    assert_eq!(colour_of(&a, &[B], &b, &[B]), W);
    // Beyond the text: the lower starting number gets his due colour (white without one).
    let (a, b) = (
        with(Some(B), 1, 20000, 2000, 2),
        with(Some(B), 1, 20000, 2000, 1),
    );
    assert_eq!(colour_of(&a, &[W], &b, &[W]), W);
    let (a, b) = (with(None, 0, 0, 2000, 1), with(None, 0, 0, 2000, 2));
    assert_eq!(colour_of(&a, &[], &b, &[]), W);
    // 2.3/2.4 before everything: a may not have white a third time.
    let a = Entrant {
        may_white: false,
        ..with(Some(W), -1, 0, 0, 1)
    };
    let b = with(Some(B), 1, 0, 0, 2);
    assert_eq!(colour_of(&a, &[B, B, B, W, W], &b, &[W]), B);
    // In a round: rule 1 gives every pair of 6.2's test its colours.
    explains(&t, &["3.1"]);
}

/// 2.1: no round-pairing exists when the only two players have met.
#[test]
fn art2_1_no_valid_pairing() {
    let t = Trf::new(&[2400, 2300])
        .round(&[(1, 2, '1')], &[])
        .line("XXR 3")
        .build();
    assert!(matches!(
        System::Dubov.pair(&t),
        Err(Error::NoValidPairing(_))
    ));
    // Nothing is paired, so there is nothing to explain: the explanation refuses the round the same way.
    assert!(matches!(
        System::Dubov.explain_in(Edition::Y1997, &t),
        Err(Error::NoValidPairing(_))
    ));
}

/// The first case of issue 12, as a tournament: 1 (2.0), 2 and 3 (1.0), 4 and 5 (0.5); 3 had the bye in
/// round 1, 5 was absent in round 2.
fn issue_12_first_case() -> Trf {
    Trf::new(&[2400, 2300, 2200, 2100, 2000])
        .round(&[(1, 4, '1'), (2, 5, '=')], &[(3, 'U')])
        .round(&[(3, 1, '0'), (4, 2, '=')], &[(5, 'Z')])
        .line("XXR 5")
        .line("XXC white1")
}

/// 2.5 recognised from the pairs (see `recognise`). Round 2's score groups: 1 and 3 (1 point), 2 (0.5; 5
/// absent), 4 (0). 2 is alone: 7.1 transferred 4 to him. Round 3 (1-2, 4-3, bye 5): 1 is alone and 7.1
/// transfers 2; 3 is then alone, but 4 was transferred in round 2 (2.5: not two times running) and 5 has
/// the bye, so 3 floats (6.4) and meets 4 under 8.2 — 4 is not transferred again, 3 was a floater.
#[test]
fn art2_5_6_4_moves_recognised_from_the_pairs() {
    use Move::{Floated as F, Stayed as S, Transferred as T};
    let t = issue_12_first_case().build();
    assert_eq!(moves_of(&t, 4), vec![S, T]);
    assert_eq!(moves_of(&t, 2), vec![S, S]);
    // The procedure does exactly that in round 3, and says so.
    let state = RoundState::new(&t);
    let (pairing, moves) = super::pair_with_moves(&t, &state).expect("pairs");
    let moves: Vec<Move> = (0..5).map(|p| moves[p]).collect();
    assert_eq!(moves, vec![S, T, F, S, S]);
    assert_eq!(pairing.bye, Some(4));
    // Read back from the file once round 3 is written.
    let t = issue_12_first_case()
        .round(&[(1, 2, '1'), (4, 3, '=')], &[(5, 'U')])
        .build();
    assert_eq!(moves_of(&t, 2), vec![S, S, T]);
    assert_eq!(moves_of(&t, 3), vec![S, S, F]);
    assert_eq!(moves_of(&t, 4), vec![S, T, S]);
    let state = RoundState::new(&t);
    let ctx = context(&t, &state);
    // Round 4: 4 was transferred once, not in round 3: he may be transferred again; 3 was a floater.
    assert!(entrant_of(&ctx, 4).may_transfer);
    assert!(!entrant_of(&ctx, 2).may_transfer);
    assert!(entrant_of(&ctx, 3).was_floater);
    // The explanation of round 3 tells the transfer of 2 (7.1), the bar on 4 (2.5) and the float of 3.
    explains(
        &issue_12_first_case().build(),
        &["7.1", "2.5", "6.4", "8.2", "4"],
    );
}

/// 8.2: the floater meets the resident with the highest R (if possible of the opposite due colour) even
/// when 2.5 would bar that resident from a transfer: meeting a floater is no transfer. Round 2 as in
/// issue 12's second case: 6 was transferred up (7.2) by 2; 7 and 8 were absent. Round 3: 1-2 (1.5);
/// 3, 4, 5, 8 (1 point) may meet only 8 among themselves (XXP 3 4 5), so 6.4 floats two of them, the
/// lowest rated first that leave the group paired as well: 5 and 4 (8 may not float: 3, 4, 5 could not
/// pair); 8-3. 8.1: 5 (due white) first: nobody below is due black, so the highest R, 6: 6-5; then 4
/// meets 7.
#[test]
fn art8_2_highest_rating_even_when_2_5_bars_his_transfer() {
    let t = Trf::new(&[2500, 2400, 2300, 2200, 2100, 2000, 1900, 1800])
        .round(&[(1, 4, '='), (5, 2, '='), (3, 7, '1'), (8, 6, '1')], &[])
        .round(
            &[(3, 1, '0'), (2, 6, '1'), (4, 5, '=')],
            &[(7, 'Z'), (8, 'Z')],
        )
        .line("XXR 5")
        .line("XXP 3 4 5")
        .build();
    use Move::{Stayed as S, Transferred as T};
    assert_eq!(moves_of(&t, 6), vec![S, T]);
    assert_eq!(moves_of(&t, 1), vec![S, T]);
    let state = RoundState::new(&t);
    let ctx = context(&t, &state);
    assert!(!entrant_of(&ctx, 6).may_transfer);
    assert!(entrant_of(&ctx, 7).may_transfer);
    assert_eq!(dubov(&t).0, vec![(1, 2), (6, 5), (7, 4), (8, 3)]);
    explains(&t, &["8.2", "6.4", "2.5"]);
}

/// 6.2: players without a due colour (5 and 6: half-point byes in round 1) join the subgroups, the
/// highest rated first, each to the smaller one, the black one when both are equal (a choice). After a
/// round of draws everybody is on 0.5: due white 2, 4; due black 1, 3; 5 (2000) joins the blacks, 6 the
/// whites. Whites by ARO: 6 (0), 4 (2200), 2 (2400); blacks by R: 1, 3, 5. 6-1; 4-3 met, so 4 takes 5
/// from the lower rows; 2-3.
#[test]
fn art6_2_neutral_players_to_the_smaller_subgroup() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900])
        .round(&[(1, 2, '='), (3, 4, '=')], &[(5, 'H'), (6, 'H')])
        .line("XXR 5")
        .build();
    assert_eq!(dubov(&t), (vec![(2, 3), (4, 5), (6, 1)], None));
    explains(&t, &["6.2", "6.3"]);
}

/// 2.5 and 6.4 are pairing events: what swisspair's procedure did in a round is what `recognise` reads
/// back from the file, in every round of generated tournaments (forfeits, byes, absences and late
/// entries included).
#[test]
fn art2_5_6_4_recognise_reads_back_what_the_procedure_did() {
    let options = Options {
        max_players: 48,
        ..Options::new(System::Dubov, 60, 12)
    };
    let (mut rounds, mut transfers, mut floats) = (0, 0, 0);
    for index in 0..options.tournaments {
        let (config, seed) = config_for(&options, index);
        let (trf, _) =
            crate::generate::generate_partial_in(System::Dubov, Edition::Y1997, &config, seed)
                .expect("generates");
        let full = Tournament::from_trf(&crate::trf::parse(&crate::trf::write(&trf)).unwrap())
            .expect("reads back");
        let history = recognise::history(&full);
        for r in 2..=full.rounds_played {
            let before = tournament_before(&full, r);
            let state = RoundState::with_edition(&before, Edition::Y1997);
            let (pairing, moves) = super::pair_with_moves(&before, &state).expect("pairs");
            // Issue 14: the explanation pairs the same and tells every transfer and float it made.
            let (explained, explanation) =
                super::pair_explained(&before, &state).expect("explains");
            assert_eq!(explained, pairing, "tournament {index}, round {r}");
            let named = explanation.articles();
            if moves.contains(&Move::Floated) {
                assert!(named.contains(&"6.4"), "tournament {index}, round {r}");
            }
            if moves.contains(&Move::Transferred) {
                assert!(
                    named.contains(&"7.1") || named.contains(&"7.2"),
                    "tournament {index}, round {r}"
                );
            }
            rounds += 1;
            for (p, &m) in moves.iter().enumerate() {
                assert_eq!(
                    m,
                    history.of(p, r),
                    "tournament {index}, round {r}, player {}",
                    full.players[p].start_number
                );
                transfers += usize::from(m == Move::Transferred);
                floats += usize::from(m == Move::Floated);
            }
        }
    }
    assert!(
        rounds > 300 && transfers > 50 && floats > 50,
        "{rounds} {transfers} {floats}"
    );
}
