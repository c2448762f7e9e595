//! C.12 and C.13, the steps that go back to a bracket already paired, on hand-worked tournaments. Round 1
//! colours give the preferences of round 2 (A.7.b): white in round 1 prefers black, and the reverse.

use super::{eight_after_round_one, explains, pair_round, Trf};

/// The eight players of issue 12: round 1 1-6, 7-2, 5-3 (the higher won each), 4-8 drawn; 7 and 8 absent
/// in round 2. Brackets: 1 2 3 (1 point), 4 (0.5), 5 6 (0). Forbidden: 3-4, 5-6, 2-3.
fn issue_12() -> Trf {
    Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
        .round(&[(1, 6, '1'), (7, 2, '0'), (5, 3, '0'), (4, 8, '=')], &[])
        .round(&[], &[(7, 'Z'), (8, 'Z')])
        .line("XXR 3")
        .line("XXP 3 4")
        .line("XXP 5 6")
        .line("XXP 2 3")
}

/// C.1 then C.12, and C.13. The 1-point bracket pairs 1-2 (x = 0: 1 prefers black, 2 and 3 white) and
/// moves 3 down; in the 0.5 bracket 3 has no opponent (3-4 forbidden) and was moved down, so C.1 applies
/// C.12: the pairing of 1 2 3 is undone and its next one, 1-3, moves 2 down instead, who can meet 4 —
/// the 0.5 bracket (2 and 4, treated as homogeneous, p = 1) now allows its pairing, so 1-3 is accepted,
/// though 5 and 6 below cannot meet. The lowest bracket 5 6 cannot be paired: C.13 undoes 2-4, finds no
/// other pairing of that bracket with p > 0 that would allow one, and joins the two: 2 and 4 against 5
/// and 6 (half moved down: homogeneous), 2-5 and 4-6, every preference met. (Passing over 1-3 because
/// the round needs more than the 0.5 bracket's pairing, and keeping 1-2, would give 2-1, 3-6, 5-4: the
/// same score differences and two colour preferences not met.)
#[test]
fn c12_accepts_the_first_pairing_that_allows_p_pairings_and_c13_joins_the_lowest_brackets() {
    assert_eq!(
        pair_round(&issue_12().build()),
        (vec![(3, 1), (2, 5), (6, 4)], None)
    );
    explains(&issue_12().build(), &["C.1", "C.12", "C.13"]);
}

/// C.1 then C.12: after round 1 (2-6 drawn), the brackets are 1 3 4 (1 point), 2 6 (0.5), 5 7 8 (0).
/// 1-3 both prefer black (x = 0), so 1-4 would move 3 down; but 3 may meet neither 2 nor 6 (forbidden),
/// so it has no opponent in the next bracket. The first pairing moving down another player who has one
/// is the exchange 1 with 3: 3-4, moving 1 down, who meets 2; 6 moves down and meets 5; then 7-8.
#[test]
fn c12_the_previous_bracket_moves_down_another_player() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
        .round(&[(1, 5, '1'), (6, 2, '='), (3, 7, '1'), (8, 4, '0')], &[])
        .line("XXR 5")
        .line("XXP 2 3")
        .line("XXP 3 6")
        .build();
    assert_eq!(pair_round(&t), (vec![(4, 3), (2, 1), (5, 6), (7, 8)], None));
    explains(&t, &["C.12"]);
}

/// C.1's first case comes before its second: 4 and 8 are absent in round 2, brackets 1 2 3 and 5 6 7.
/// 1-2 moves 3 down, who may meet none of 5, 6, 7: although the bracket is the lowest, 3 was moved
/// down, so C.12 applies first. 1-3 both prefer black (x = 0); the exchange 1 with 2 gives 2-3 and moves
/// 1 down, who meets 7 (5 met, 6 prefers black too); then 5-6.
#[test]
fn c12_before_c13_in_the_lowest_bracket() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
        .round(&[(1, 5, '1'), (6, 2, '0'), (3, 7, '1'), (8, 4, '0')], &[])
        .round(&[], &[(4, 'Z'), (8, 'Z')])
        .line("XXR 5")
        .line("XXP 3 5")
        .line("XXP 3 6")
        .line("XXP 3 7")
        .build();
    assert_eq!(pair_round(&t), (vec![(2, 3), (7, 1), (5, 6)], None));
    explains(&t, &["C.12"]);
}

/// C.12 reached after C.11 (no player without an opponent): winners 1 2 3 4, losers 5 6 7 8 (round 1
/// 1-5, 6-2, 3-7, 8-4). 4 may meet none of 1, 2, 3 and is moved down at once (C.1); 1-2 moves 3 down.
/// In the lowest bracket 3 and 4 may each meet 5 only: both have an opponent, but the two pairings of
/// players moved down cannot be made together, whatever x and the floats. C.12: 1-3 (both prefer black)
/// waits for a larger x, the exchange 1 with 2 gives 2-3 and moves 1 down, who meets 7 while 4 meets 5
/// — accepted. The lowest bracket 1 4 / 5 6 7 8 then needs x = 1 (4-5 both prefer white): 1-7, 4-5,
/// and the remainder 6-8 (both prefer black, its own x = 1).
#[test]
fn c12_after_c11_when_the_players_moved_down_cannot_all_be_paired() {
    let t = eight_after_round_one()
        .line("XXP 1 4")
        .line("XXP 2 4")
        .line("XXP 3 4")
        .line("XXP 3 6")
        .line("XXP 3 8")
        .line("XXP 4 6")
        .line("XXP 4 7")
        .build();
    assert_eq!(pair_round(&t), (vec![(2, 3), (7, 1), (4, 5), (8, 6)], None));
    explains(&t, &["C.12", "C.11"]);
}

/// Round 1 for the next two: 1-5, 6-2, 3-7 won by the higher, 4-8 drawn. Brackets 1 2 3 (1 point), 4 8
/// (0.5), 5 6 7 (0).
fn three_brackets() -> Trf {
    Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
        .round(&[(1, 5, '1'), (6, 2, '0'), (3, 7, '1'), (4, 8, '=')], &[])
        .line("XXR 5")
}

/// C.12 is not applied when the next bracket can make its pairings, even if the round then needs more:
/// 1-2 moves 3 down; in the 0.5 bracket 4 has no opponent (3-4 forbidden, 4-8 met) and moves on (C.1),
/// 3-8 is paired. Nothing sends the pairing back to 1 2 3 (pairing 2-3 instead would move 1 down, who
/// could meet 4). The lowest bracket 4 / 5 6 7 cannot be paired: 6 may meet none of 4, 5, 7. C.13:
/// 3 8 has no pairing that allows one (6 needs 8 or 3), so the brackets are joined: 3 4 8 / 5 6 7
/// (half moved down: homogeneous), x = 0: 3-5, 4-6 forbidden, so 3-5, 4-7, 8-6.
#[test]
fn c12_not_applied_when_the_next_bracket_can_be_paired_and_c13_joins() {
    let t = three_brackets()
        .line("XXP 3 4")
        .line("XXP 4 6")
        .line("XXP 5 6")
        .line("XXP 6 7")
        .build();
    assert_eq!(pair_round(&t), (vec![(2, 1), (5, 3), (7, 4), (8, 6)], None));
    // That C.12 is *not* applied pins nothing to name; C.1 and C.13's joining are.
    explains(&t, &["C.1", "C.13"]);
}

/// C.12 finds no pairing, and C.1's third case moves the player further down: 1-2 moves 3 down, and
/// none of 1, 2, 3 may meet 4 or 8 (who met): every player of the 0.5 bracket is without an opponent.
/// 3 was moved down, so C.12 applies, but whichever of 1, 2, 3 the 1-point bracket moves down has no
/// opponent there either. All three move on: 3 4 8 / 5 6 7, x = 0: 3-5, 4-6 both prefer black, so
/// 3-5, 4-7, 8-6.
#[test]
fn c12_without_an_alternative_the_player_moves_further_down() {
    let t = three_brackets()
        .line("XXP 1 4 8")
        .line("XXP 2 4 8")
        .line("XXP 3 4 8")
        .build();
    assert_eq!(pair_round(&t), (vec![(2, 1), (5, 3), (7, 4), (8, 6)], None));
    explains(&t, &["C.12", "C.1"]);
}

/// C.13 with p lowered in the penultimate bracket: winners 1 2 3 4 pair among themselves (1-4, 2-3:
/// 1-3 both prefer black), but in the lowest bracket 5 may meet none of 6, 7, 8. C.13 undoes the
/// winners' pairing; with p = 2 the lowest bracket stays as it was, so C.14 lowers p to 1 (x stays 0):
/// S1 = 1 against 2 3 4, and 1-2 moves 3 and 4 down, so that 5 can be paired. The lowest bracket
/// 3 4 / 5 6 7 8: 3-5, 4-6 and the remainder 7-8, every preference met.
#[test]
fn c13_the_penultimate_bracket_pairs_fewer() {
    let t = eight_after_round_one()
        .line("XXP 5 6")
        .line("XXP 5 7")
        .line("XXP 5 8")
        .build();
    assert_eq!(pair_round(&t), (vec![(2, 1), (5, 3), (4, 6), (7, 8)], None));
    explains(&t, &["C.13", "C.14"]);
}
