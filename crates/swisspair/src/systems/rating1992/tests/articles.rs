//! One small hand-worked tournament per article of the 1992 text (C.12 and C.13: `c12_c13.rs`).

use super::super::colours::{allocate, ColourRule};
use super::super::criteria::x_of;
use super::super::oracle::{Oracle, Role, Scope};
use super::super::players::{preference, title_rank};
use super::super::search::{self, Group};
use super::{ctx_of, eight_after_round_one, explains, group_ctx, pair_round, random_ctx, Lcg, Trf};
use crate::error::Error;
use crate::score::Score;
use crate::state::{Float, RoundState, Strength};
use crate::tournament::Colour;
use Colour::{Black as B, White as W};

/// A.2: score, then rating, then title (IGM, WGM, IM, WIM, FM, WFM; then CM, WCM; then none), then name —
/// not the starting number. The pairing numbers of round 1 follow (F.4, E.5).
#[test]
fn a2_order_by_rating_title_and_name() {
    let ranks: Vec<u8> = [
        "GM", "WGM", "IM", "WIM", "FM", "WFM", "CM", "WCM", "", "g", "m", "wf",
    ]
    .iter()
    .map(|t| title_rank(t))
    .collect();
    assert_eq!(ranks, vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 2, 5]);
    // Equal ratings 2100: WGM 4 before IM 3 (the 1992 text's order), then untitled Adam 2 before Zed 1.
    let t = Trf::new(&[2100, 2100, 2100, 2100, 2300, 2000])
        .person(1, "Zed", "")
        .person(2, "Adam", "")
        .person(3, "Bob", "IM")
        .person(4, "Carl", "WGM")
        .build();
    let ctx = ctx_of(&t);
    let numbers: Vec<u32> = ctx
        .order
        .iter()
        .map(|&p| ctx.player(p).start_number)
        .collect();
    assert_eq!(numbers, vec![5, 4, 3, 2, 1, 6]);
    // F.4: S1 = 5 4 3 against S2 = 2 1 6; E.5: the first, third ... of S1 get the colour drawn (white).
    assert_eq!(pair_round(&t), (vec![(5, 2), (1, 4), (3, 6)], None));
    explains(&t, &["A.2", "F.4", "E.5"]);
}

/// A.7: the 1992 preferences; A.7.a is not in effect for a player with over 50% in the last round.
/// (No round is paired here, so there is no explanation to check: the preferences are what the colour
/// rules of E, which the explanation names, read.)
#[test]
fn a7_colour_preferences() {
    let pref = |c: &[Colour], exempt: bool| {
        let p = preference(c, exempt);
        (p.colour, p.strength)
    };
    assert_eq!(pref(&[], false), (None, Strength::None));
    assert_eq!(pref(&[W], false), (Some(B), Strength::Strong));
    assert_eq!(pref(&[W, B], false), (Some(W), Strength::Mild));
    assert_eq!(pref(&[B, W], false), (Some(B), Strength::Mild));
    assert_eq!(pref(&[W, W], false), (Some(B), Strength::Absolute));
    assert_eq!(pref(&[W, B, B], false), (Some(W), Strength::Absolute));
    assert_eq!(pref(&[B, W, B, B], false), (Some(W), Strength::Absolute));
    // "white when the colour difference is < 0 or when the last two games were played with black": a
    // difference of +2 after two blacks in a row is a white preference here (the Dutch A.6 says black).
    assert_eq!(
        pref(&[W, W, W, W, B, B], false),
        (Some(W), Strength::Absolute)
    );
    // Exempt: only A.7.b and A.7.c.
    assert_eq!(pref(&[W, W], true), (Some(B), Strength::Strong));
    assert_eq!(pref(&[B, W, W], true), (Some(B), Strength::Strong));
    assert_eq!(pref(&[W, B, B, W], true), (Some(B), Strength::Mild));
}

/// A.8: x = the larger of w and b less half the group rounded up, never below zero.
#[test]
fn a8_x() {
    let mut rng = Lcg(8);
    let ctx = random_ctx(&mut rng, 1, 0, 0);
    assert_eq!(x_of(&ctx, &[]), 0);
    // Eight after round one: four prefer white, four black, q = 4: x = 0; without 6 and 8 (black):
    // w = 4, b = 2, q = 3: x = 1.
    let t = eight_after_round_one().build();
    let ctx = ctx_of(&t);
    assert_eq!(x_of(&ctx, &[0, 1, 2, 3, 4, 5, 6, 7]), 0);
    assert_eq!(x_of(&ctx, &[0, 1, 2, 3, 4, 6]), 1);
    explains(&t, &["A.8"]);
}

/// F.4 and E.5: round 1 pairs the highest of S1 with the highest of S2 and so on; with an odd number the
/// lowest ranked gets the bye. The colours alternate from the colour drawn for the first player (XXC).
#[test]
fn f4_e5_round_one() {
    let t = Trf::new(&[2500, 2400, 2300, 2200, 2100]).build();
    assert_eq!(pair_round(&t), (vec![(1, 3), (4, 2)], Some(5)));
    explains(&t, &["F.4", "E.5", "A.5"]);
    let t = Trf::new(&[2500, 2400, 2300, 2200, 2100, 2000])
        .line("XXC black1")
        .build();
    assert_eq!(pair_round(&t), (vec![(4, 1), (2, 5), (6, 3)], None));
    explains(&t, &["F.4", "E.5"]);
}

/// B.1.a with D.2: four players drew round 1 (1-3, 4-2). Round 2: 1-3 would be a rematch, and the
/// transposition 1-4 2-3 gives both pairs the same preferences (1 and 4 black, 2 and 3 white) while
/// x = 0 (B.4). The first exchange, 2 with 3, gives S1 = 1 3 and S2 = 2 4: 1-2 and 3-4 fulfil all
/// preferences.
#[test]
fn b1a_no_rematch_and_b4_colours_reached_by_an_exchange() {
    let t = Trf::new(&[2400, 2300, 2200, 2100])
        .round(&[(1, 3, '='), (4, 2, '=')], &[])
        .line("XXR 5")
        .build();
    assert_eq!(pair_round(&t), (vec![(2, 1), (3, 4)], None));
    explains(&t, &["B.1.a", "B.4", "D.2"]);
}

/// B.1.b: with a zero-point pairing-allocated bye, player 5 (bye in round 1) is still last in round 2; the
/// lowest bracket 3 4 5 would leave 5 unpaired, so the transposition 3-5 leaves 4, who may take it.
#[test]
fn b1b_no_second_bye() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000])
        .round(&[(1, 3, '1'), (4, 2, '0')], &[(5, 'U')])
        .line("XXR 5")
        .line("BBU  0.0")
        .build();
    // 1-2: 1 prefers black, 2 white. 3 prefers white, 5 has no preference: 3 white (E.1).
    assert_eq!(pair_round(&t), (vec![(2, 1), (3, 5)], Some(4)));
    explains(&t, &["B.1.b", "D.1"]);
}

/// B.2: after two drawn rounds 1 and 4 have played white twice (both must have black), 2 and 3 black
/// twice. Six players, x = 0: 1-4 is not allowed, and the first transposition that is (5 4 6) pairs
/// 1-5, 2-4, 3-6 with every preference met.
#[test]
fn b2_colour_limits_are_absolute() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900])
        .round(&[(1, 2, '='), (4, 3, '='), (5, 6, '=')], &[])
        .round(&[(1, 3, '='), (4, 5, '='), (6, 2, '=')], &[])
        .line("XXR 5")
        .build();
    assert_eq!(pair_round(&t), (vec![(5, 1), (2, 4), (3, 6)], None));
    explains(&t, &["B.2", "D.1"]);
}

/// B.2 when nothing else is possible: 1 and 3 had white twice, 2 and 4 black twice, and the pairs still
/// allowed by B.1 are 1-3 and 2-4: no valid pairing.
#[test]
fn b2_no_valid_pairing() {
    let t = Trf::new(&[2400, 2300, 2200, 2100])
        .round(&[(1, 2, '='), (3, 4, '=')], &[])
        .round(&[(1, 4, '='), (3, 2, '=')], &[])
        .line("XXR 5")
        .build();
    let e = super::super::pair(&t, &RoundState::new(&t)).expect_err("no pairing");
    assert!(matches!(e, Error::NoValidPairing(_)), "{e}");
    // Nothing is paired, so nothing is explained: the explanation is refused alike.
    let e = crate::systems::System::Rating1992
        .explain_in(crate::systems::Edition::Y1992, &t)
        .expect_err("no pairing");
    assert!(matches!(e, Error::NoValidPairing(_)), "{e}");
}

/// Note to B: in the last round B.2 (and A.7.a) do not apply to 1 and 3 (2 points of 2): they meet though
/// both had white twice; E.4 gives black to the higher, 1. In the 0.5 bracket 2 5 / 4 6 are paired as
/// they stand (one conflict, x = 1): 5 white (absolute) against 2, 4 white (absolute) against 6 (mild).
/// In an earlier round 1 and 3 cannot meet and are moved down (C.1): S1 = 1 3 against 2 4 5 6 (x = 0).
/// 6 floated up in round 2, so with B.5 the only pairings are 1-4 3-2 or 1-5 3-2, a colour conflict
/// each; C.10 drops B.5 for upfloats before C.11 raises x: 1-4, 3-6, then 2-5.
#[test]
fn note_to_b_exempts_players_over_half_in_the_last_round() {
    let trf = |rounds: &str| {
        Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900])
            .round(&[(1, 2, '1'), (3, 4, '1'), (6, 5, '=')], &[])
            .round(&[(1, 6, '1'), (3, 5, '1'), (2, 4, '=')], &[])
            .line(rounds)
            .build()
    };
    assert_eq!(
        pair_round(&trf("XXR 3")),
        (vec![(3, 1), (5, 2), (4, 6)], None)
    );
    explains(&trf("XXR 3"), &["Note to B", "E.4"]);
    assert_eq!(
        pair_round(&trf("XXR 5")),
        (vec![(4, 1), (6, 3), (5, 2)], None)
    );
    explains(&trf("XXR 5"), &["C.1", "C.10"]);
}

/// B.5 (and A.5: the bye is a downfloat): 5 had the bye in round 1. In the 1-point bracket 1 2 5 the
/// pairing 1-2 would move 5 down again; 1-5 moves 2 down instead. 2 then meets 3 (both prefer white:
/// x = 0, so only the increase of C.11 allows it), and 4 gets the bye. E.4 gives 2 white.
#[test]
fn b5_no_downfloat_twice_in_a_row() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000])
        .round(&[(1, 3, '1'), (4, 2, '0')], &[(5, 'U')])
        .line("XXR 5")
        .build();
    assert_eq!(pair_round(&t), (vec![(5, 1), (2, 3)], Some(4)));
    explains(&t, &["B.5", "A.5", "C.11"]);
}

/// C.1: 1 may meet none of 2, 3, 4 (forbidden pairs) and is moved down at once; 2 3 4 pair 2-3 and move 4
/// down. The heterogeneous bracket 1 4 / 5 6 7 8 (x = 0): 1-5 met, 1-6 both black, so 1-7; 4-5 both
/// white, so 4-6; the remainder 5-8.
#[test]
fn c1_a_player_without_opponent_is_moved_down() {
    let t = eight_after_round_one()
        .line("XXP 1 2")
        .line("XXP 1 3")
        .line("XXP 1 4")
        .build();
    assert_eq!(pair_round(&t), (vec![(2, 3), (7, 1), (4, 6), (5, 8)], None));
    explains(&t, &["C.1", "D.1"]);
}

/// C.14: among the winners only 1-3, 2-3 and 3-4 are allowed (forbidden pairs): everybody has an
/// opponent (no C.1), but only one pairing can be made, so p = 1 (x = 0 stays 0). S1 = 1 against
/// 2 3 4: 1-3 both prefer black; the first exchange, 1 with 2, gives 2-3 and moves 1 and 4 down.
/// S1 = 1 4 against 5 6 7 8 (x = 0): 1-5 met, 1-6 both black, so 1-7; 4-5 both white, so 4-6; then 5-8.
#[test]
fn c14_fewer_pairings() {
    let t = eight_after_round_one().line("XXP 1 2 4").build();
    assert_eq!(pair_round(&t), (vec![(2, 3), (7, 1), (4, 6), (5, 8)], None));
    explains(&t, &["C.14", "D.2"]);
}

/// Pairs a homogeneous group of `ctx`'s players (all of score 1) on its own.
fn pair_group(ctx: &super::super::players::Ctx) -> Vec<(usize, usize)> {
    let g = Group {
        players: ctx.order.clone(),
        score: Score(10),
        last: false,
    };
    let mut o = Oracle::new(ctx, Scope::Local, &g.players, Role::Removed).unwrap();
    search::pair_homogeneous(&mut o, ctx, &g)
        .unwrap()
        .expect("pairs")
}

/// C.9–C.11: the float criteria C.9 drops are in force again when C.11 raises x. Five players (0-4 here,
/// in A.2 order) of one score: 0, 2, 4 prefer white, 1 and 3 black (x = 0); 1 and 3 have met 2 and 4,
/// so two pairings that fulfil every preference cannot be made, at x = 0 even with B.5 and B.6 dropped.
/// At x = 1 the first candidate is the exchange 1 with 2: 0-1, 2-4 (one conflict), moving 3 down — but 3
/// had a downfloat in the previous round (B.5). With B.5 back in force the next one is taken: 0-3, 2-4,
/// moving 1 down. (Were B.5 still dropped, 0-1, 2-4 would be the pairing.) The search is run on a
/// context without a tournament, so there is no round to explain: C.9 and C.11 in an explanation are
/// checked by `c9_c10_float_criteria_dropped_in_a_round` and `b5_no_downfloat_twice_in_a_row`.
#[test]
fn c9_c11_dropped_float_criteria_are_in_force_again_when_x_is_raised() {
    let none = [Float::None, Float::None];
    let ctx = group_ctx(
        &[
            (&[B], none),
            (&[W], none),
            (&[B], none),
            (&[W], [Float::Down, Float::None]),
            (&[B], none),
        ],
        &[(1, 2), (1, 4), (3, 2), (3, 4)],
    );
    assert_eq!(x_of(&ctx, &ctx.order), 0);
    assert_eq!(pair_group(&ctx), vec![(0, 3), (2, 4)]);
}

/// C.9 and C.10 in a round: 1, 2, 3 beat 4, 5, 6 in round 1 (1-4, 5-2, 3-6) and again in round 2 (5-1,
/// 2-6, 4-3), each a downfloat for 1, 2, 3 and an upfloat for 4, 5, 6. In the 2-point bracket 1 2 3
/// every pairing moves a player down who had a downfloat in the previous round, so C.9 drops B.5 for
/// downfloats (x = 0): 1-2 (1 prefers white, 2 black: E.1) moves 3 down. 3 has met 4 and 6, so 3-5, an
/// upfloat for 5 again: C.10 drops B.5 for upfloats; 5 (white twice) gets black. The remainder 4-6: 6
/// (black twice) gets white.
#[test]
fn c9_c10_float_criteria_dropped_in_a_round() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900])
        .round(&[(1, 4, '1'), (5, 2, '0'), (3, 6, '1')], &[])
        .round(&[(5, 1, '0'), (2, 6, '1'), (4, 3, '0')], &[])
        .line("XXR 5")
        .build();
    assert_eq!(pair_round(&t), (vec![(1, 2), (3, 5), (6, 4)], None));
    explains(&t, &["C.9", "C.10", "E.1"]);
}

/// C.14 and C.9: after C.14 lowers p every float criterion is in force again (C.14 restarts at C.4).
/// Four players without colour preferences; 3 has met everybody, so two pairings cannot be made and
/// p = 1: S1 = 0 against 1 2 3. 0-1 would move 2 down, who had a downfloat in the previous round (B.5),
/// so 0-2 is the pairing. (Were the criteria C.9 dropped while p was 2 still dropped, 0-1 would be.)
/// A context without a tournament: C.14 in an explanation is checked by `c14_fewer_pairings`.
#[test]
fn c14_float_criteria_are_in_force_again_when_p_is_lowered() {
    let none = [Float::None, Float::None];
    let ctx = group_ctx(
        &[
            (&[], none),
            (&[], none),
            (&[], [Float::Down, Float::None]),
            (&[], none),
        ],
        &[(3, 0), (3, 1), (3, 2)],
    );
    assert_eq!(pair_group(&ctx), vec![(0, 2)]);
}

/// E.1, E.2 and E.4 on single pairs of the six players of the B.2 test: 1 and 4 must have black, 2 and 3
/// white (absolute), 5 prefers white and 6 black (mild).
#[test]
fn e1_e2_e4_colours_of_a_pair() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900])
        .round(&[(1, 2, '='), (4, 3, '='), (5, 6, '=')], &[])
        .round(&[(1, 3, '='), (4, 5, '='), (6, 2, '=')], &[])
        .line("XXR 5")
        .build();
    let ctx = ctx_of(&t);
    let colour = |h: usize, l: usize| allocate(&ctx, h - 1, l - 1).0;
    let rule = |h: usize, l: usize| allocate(&ctx, h - 1, l - 1).1.article();
    // E.1: both granted.
    assert_eq!(colour(1, 5), B);
    assert_eq!((rule(1, 5), rule(5, 1)), ("E.1", "E.1"));
    assert_eq!(colour(5, 1), W);
    // E.2: the stronger (absolute) preference of 3 beats the mild one of 5, that of 1 the mild one of 6.
    assert_eq!(colour(5, 3), B);
    assert_eq!(colour(6, 1), W);
    assert_eq!((rule(5, 3), rule(6, 1)), ("E.2", "E.2"));
    // E.4: 1 and 4 have the same history, so E.3 finds no round to alternate to: the higher gets black.
    assert_eq!(colour(1, 4), B);
    assert_eq!(colour(4, 1), B);
    assert_eq!(allocate(&ctx, 0, 3).1, ColourRule::HigherRankedPreference);
    assert_eq!(rule(1, 4), "E.4");
    // The round itself (5-1, 2-4, 3-6) is coloured by E.1 throughout.
    explains(&t, &["E.1"]);
}

/// E.2 and E.3 with F.3: 1 played W B - W (absent in round 3), 2 W W B - (absent in round 4); both prefer
/// black strongly (difference +1). Read without the unplayed rounds, W B W against W W B differ in the
/// latest game: 1 (white there) gets black. (Matched round by round they would first differ in round 2,
/// which would give 1 white.)
#[test]
fn e3_f3_unplayed_rounds_are_left_out() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900])
        .round(&[(1, 3, '='), (2, 4, '='), (5, 6, '=')], &[])
        .round(&[(4, 1, '='), (2, 5, '='), (3, 6, '=')], &[])
        .round(&[(3, 2, '='), (4, 6, '=')], &[(1, 'Z'), (5, 'U')])
        .round(&[(1, 5, '='), (3, 4, '=')], &[(2, 'Z'), (6, 'U')])
        .line("XXR 6")
        .build();
    let ctx = ctx_of(&t);
    assert_eq!(ctx.player(0).colours, vec![W, B, W]);
    assert_eq!(ctx.player(1).colours, vec![W, W, B]);
    assert_eq!(allocate(&ctx, 0, 1).0, B);
    assert_eq!(allocate(&ctx, 1, 0).0, W);
    assert_eq!(allocate(&ctx, 0, 1).1, ColourRule::Alternation);
    assert_eq!(allocate(&ctx, 0, 1).1.article(), "E.3");
}

/// F.1: boards by the score of the higher player, then the sum, then the A.2 rank of the higher player.
#[test]
fn f1_board_order() {
    // From C.12: 3-4 (1 point, sum 2), 1-2 (1 point, sum 1.5), 6-5 (0.5), 7-8 (0).
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
        .round(&[(1, 5, '1'), (6, 2, '='), (3, 7, '1'), (8, 4, '0')], &[])
        .line("XXR 5")
        .build();
    let (games, _) = pair_round(&t);
    let score = |n: u32| match n {
        1 | 3 | 4 => 2,
        2 | 6 => 1,
        _ => 0,
    };
    let keys: Vec<(i32, i32)> = games
        .iter()
        .map(|&(a, b)| (score(a).max(score(b)), score(a) + score(b)))
        .collect();
    let mut sorted = keys.clone();
    sorted.sort_by(|x, y| y.cmp(x));
    assert_eq!(keys, sorted, "{games:?}");
    explains(&t, &["F.1"]);
}

/// Edge cases: nobody present; one player (the bye, if B.1.b allows it); two players who have met. (No
/// article pinned but B.1, checked elsewhere; the explanations of the rounds paired are made.)
#[test]
fn tiny_rounds() {
    let t = Trf::new(&[2000, 1900])
        .round(&[], &[(1, 'Z'), (2, 'Z')])
        .build();
    assert_eq!(pair_round(&t), (vec![], None));
    explains(&t, &[]);
    let t = Trf::new(&[2000, 1900]).round(&[], &[(2, 'Z')]).build();
    assert_eq!(pair_round(&t), (vec![], Some(1)));
    explains(&t, &["B.1.b", "A.5"]);
    let t = Trf::new(&[2000, 1900, 1800])
        .round(&[(2, 3, '1')], &[(1, 'U')])
        .round(&[], &[(2, 'Z'), (3, 'Z')])
        .build();
    let e = super::super::pair(&t, &RoundState::new(&t)).expect_err("1 had the bye");
    assert!(matches!(e, Error::NoValidPairing(_)), "{e}");
    let t = Trf::new(&[2000, 1900]).round(&[(1, 2, '=')], &[]).build();
    let e = super::super::pair(&t, &RoundState::new(&t)).expect_err("they have met");
    assert!(matches!(e, Error::NoValidPairing(_)), "{e}");
}
