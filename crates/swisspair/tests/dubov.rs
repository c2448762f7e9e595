//! The Dubov system (C.04.4.1) on the reference engine's 300 Dutch tournaments: round 1 equals the Dutch
//! round 1 (chapter 5), and every round re-paired with Dubov keeps the absolute rules of the text; and the
//! cases of issue 12 (2.5: what "transferred to a higher score group" is), each with the pairing the text
//! gives.

mod common;

use common::articles::trf_with;
use common::cases::{self, Naming};
use common::{
    check_shared_rules, colours_allowed, data_files, had_point_without_playing, read,
    replay_dutch_fixtures, some_pairing_exists,
};
use swisspair::check::tournament_before;
use swisspair::explain::Outcome;
use swisspair::state::RoundState;
use swisspair::tournament::{Colour, Tournament};
use swisspair::{Edition, Pairing, System};

/// Chapter 5: "identical results as the procedures used within the other FIDE Swiss Systems".
#[test]
fn dubov_round_one_equals_the_dutch_round_one() {
    let files = data_files("dutch");
    assert_eq!(files.len(), 300);
    for path in files {
        let t = tournament_before(&read(&path), 1);
        let dubov = System::Dubov.pair(&t).expect("Dubov pairs round 1");
        let dutch = System::Dutch.pair(&t).expect("Dutch pairs round 1");
        assert_eq!(dubov, dutch, "{}", path.display());
    }
}

/// 2.3/2.4 for a game with `colour`; a history from other rules that leaves neither colour may take the
/// colour that brings the colour difference towards zero.
fn keeps_limits(history: &[Colour], colour: Colour) -> bool {
    if colours_allowed(history, colour) {
        return true;
    }
    let whites = history.iter().filter(|&&c| c == Colour::White).count() as i32;
    let difference = 2 * whites - history.len() as i32;
    !colours_allowed(history, colour.opposite()) && (colour == Colour::White) == (difference < 0)
}

/// The absolute rules (2.1–2.4, forbidden pairs, one pairing per present player) for `pairing`.
fn check_invariants(t: &Tournament, state: &RoundState, pairing: &Pairing) -> Result<(), String> {
    check_shared_rules(
        t,
        state,
        pairing,
        ("2.2", "2.1"),
        |b| !had_point_without_playing(t, b),
        |w, b| {
            if !keeps_limits(&w.colours, Colour::White) || !keeps_limits(&b.colours, Colour::Black)
            {
                return Err(format!("2.3/2.4: {} - {}", w.start_number, b.start_number));
            }
            Ok(())
        },
    )
}

/// Whether any pairing keeps the absolute rules (for rounds Dubov declares impossible).
fn some_legal_pairing_exists(t: &Tournament, state: &RoundState) -> bool {
    some_pairing_exists(
        state,
        |a, b| {
            let (pa, pb) = (&state.players[a], &state.players[b]);
            let colours = (keeps_limits(&pa.colours, Colour::White)
                && keeps_limits(&pb.colours, Colour::Black))
                || (keeps_limits(&pa.colours, Colour::Black)
                    && keeps_limits(&pb.colours, Colour::White));
            !pa.has_met(b) && !t.is_forbidden(a, b, state.round) && colours
        },
        |a| !had_point_without_playing(t, a) && !state.players[a].had_pairing_bye,
    )
}

/// Every round of every tournament, re-paired with Dubov: the absolute rules hold, and a round is
/// declared impossible only when it is.
#[test]
fn dubov_every_round_keeps_the_absolute_rules() {
    let replay = replay_dutch_fixtures(System::Dubov, check_invariants, some_legal_pairing_exists);
    eprintln!(
        "{} rounds re-paired, {} without any legal pairing",
        replay.rounds, replay.impossible
    );
    replay.assert_passed(2311);
}

/// Issue 14: every round of every tournament, re-paired with Dubov, is explained: the explanation's
/// pairing is the one `pair` gives, it has one note per player, and every player paired has a reason.
#[test]
fn dubov_every_round_is_explained() {
    let explained = |t: &Tournament, _: &RoundState, pairing: &Pairing| -> Result<(), String> {
        let (again, explanation) = System::Dubov
            .explain_in(Edition::Y1997, t)
            .map_err(|e| format!("explain: {e}"))?;
        if &again != pairing {
            return Err("the explanation's pairing differs".into());
        }
        let mut numbers: Vec<u32> = explanation.players.iter().map(|p| p.start_number).collect();
        numbers.dedup();
        if numbers.len() != t.players.len() {
            return Err("not one note per player".into());
        }
        match explanation
            .players
            .iter()
            .find(|p| p.outcome != Outcome::NotPaired && p.reasons.is_empty())
        {
            Some(p) => Err(format!("no reason for {}", p.start_number)),
            None => Ok(()),
        }
    };
    replay_dutch_fixtures(System::Dubov, explained, some_legal_pairing_exists).assert_passed(2311);
}

/// Issue 14: the explanation of the next round of the tournament `text` names each of `articles`.
fn explains(text: &str, articles: &[&str]) {
    let t = Tournament::from_bytes(text.as_bytes()).expect("the case reads");
    cases::explains(System::Dubov, Edition::Y1997, &t, articles, Naming::Exact);
}

/// The pairs (white, black) by starting number in board order, and the bye, of the next round of the
/// tournament `text`.
fn dubov_pairs(text: &str) -> (Vec<(u32, u32)>, Option<u32>) {
    let t = Tournament::from_bytes(text.as_bytes()).expect("the case reads");
    cases::pairs(&t, &System::Dubov.pair(&t).expect("Dubov pairs"))
}

/// Issue 12, first case (round 3 of 5).
const ISSUE_12_FIRST: &str = "\
012 Repro
XXR 5
XXC white1
001    1 m    Player001, Test                   2400 ITA                         2.0    1     4 w 1     3 b 1
001    2 m    Player002, Test                   2300 ITA                         1.0    2     5 w =     4 b =
001    3 m    Player003, Test                   2200 ITA                         1.0    3  0000 - U     1 w 0
001    4 m    Player004, Test                   2100 ITA                         0.5    4     1 b 0     2 w =
001    5 m    Player005, Test                   2000 ITA                         0.5    5     2 b =  0000 - Z
";

/// Issue 12, second case (round 3 of 5).
const ISSUE_12_SECOND: &str = "\
012 Repro
XXR 5
XXC white1
001    1 m    Player001, Test                   2500 ITA                         1.5    1     4 w =     3 b 1
001    2 m    Player002, Test                   2400 ITA                         1.5    2     5 b =     6 w 1
001    3 m    Player003, Test                   2300 ITA                         1.0    3     6 w 1     1 w 0
001    4 m    Player004, Test                   2200 ITA                         1.0    4     1 b =     5 w =
001    5 m    Player005, Test                   2100 ITA                         1.0    5     2 w =     4 b =
001    6 m    Player006, Test                   2000 ITA                         0.0    6     3 b 0     2 b 0
";

/// 4 and 2.5 (issue 12, first case). Chapter 4: the bye goes to the lowest score group's lowest rated
/// player, 5. Then 1 (2 points) is alone: 7.1 transfers 2. 3 is alone on 1 point: 7.2 cannot transfer
/// 4, who was transferred to 2 in round 2 (2.5: not two times running), so 6.4 floats 3 and 8.2 pairs
/// him with 4. That game does not transfer 4 (he stays in his group; 3 came down to it), so nothing in
/// 2.5 speaks against giving the bye to 5: 1-2, 4-3, bye 5.
#[test]
fn art4_2_5_issue_12_bye_to_the_lowest_rated_a_floater_is_no_transfer() {
    assert_eq!(dubov_pairs(ISSUE_12_FIRST), (vec![(1, 2), (4, 3)], Some(5)));
    explains(ISSUE_12_FIRST, &["4", "2.5", "7.1", "6.4", "8.2"]);
}

/// 2.5 (issue 12, second case). Round 2: 3 alone on 1 point, 7.1 transferred 1; 2, 4, 5 on 0.5 were odd,
/// and 7.2 transferred 6 (who met 2). Round 3: 1-2. The group 3, 4, 5 is odd; 7.2 may not transfer 6
/// again (2.5: two times running), so 6.4 floats one of them: 4 and 5 both may meet 6 and never floated,
/// the lowest rated, 5, floats; 3 (white a third time forbidden) meets 4 with black; 8.2 pairs 6-5
/// (6 must have white after B B): 1-2, 4-3, 6-5.
#[test]
fn art2_5_issue_12_no_transfer_two_times_running() {
    assert_eq!(
        dubov_pairs(ISSUE_12_SECOND),
        (vec![(1, 2), (4, 3), (6, 5)], None)
    );
    explains(ISSUE_12_SECOND, &["2.5", "6.4", "8.2", "2.4"]);
}

/// 2.5: a transfer is a pairing event. The second case again, but the round-2 game 2-6 was forfeited
/// (2 wins by forfeit: the same scores). 6 was still transferred up in round 2, so the pairs are the
/// same. The colours follow the games played: 2 has played one game, with black, so 1 and 2 are both
/// due white; 7.3 moves the white with the lower ARO, 2 (2100; 1: 2250), to the blacks, and chapter 3
/// gives him the colour of his new subgroup (issue 23): 1-2, as without the forfeit.
#[test]
fn art2_5_a_forfeit_does_not_undo_a_transfer() {
    let forfeited = ISSUE_12_SECOND
        .replace("    6 w 1\n", "    6 w +\n")
        .replace("    2 b 0\n", "    2 b -\n");
    assert_ne!(forfeited, ISSUE_12_SECOND);
    assert_eq!(
        dubov_pairs(&forfeited),
        (vec![(1, 2), (4, 3), (6, 5)], None)
    );
    explains(&forfeited, &["2.5", "7.3", "3.1"]);
}

/// 2.5: "apart from the last round". The second case as the last round (XXR 3): 7.2 may transfer 6 to
/// the odd group 3, 4, 5 (due white, opposite to the group's dominating black). Whites 5 (ARO 2300),
/// 6 (2350) against blacks 3 (2300), 4 (2200): 5-3, 6-4.
#[test]
fn art2_5_not_in_the_last_round() {
    let last = ISSUE_12_SECOND.replace("XXR 5", "XXR 3");
    assert_eq!(dubov_pairs(&last), (vec![(1, 2), (5, 3), (6, 4)], None));
    explains(&last, &["2.5", "7.2"]);
}

/// 8.2 before 7.1 (round 3 of 9). 4 and 5 were transferred up in round 2 (7.1, for 1 and 2, who may not
/// meet), so 2.5 bars them now. 3 may meet nobody of his 1.5 group (11-12 pair), so 6.4 floats him to
/// the 1.0 group {4, 5, 6, 9}, where he may meet 4 (2300) and 5 (2250), both due white like him: 8.2
/// gives him the highest R, 4, although that leaves 5, 6 and 9 without an opponent in the group (5-6,
/// 5-9 forbidden, 6-9 met). 7.1 then transfers 7, 10 and 8 from the 0.5 group for them: 11-12, 4-3,
/// 5-7, 6-10, 8-9, 14-13. (Pairing 3 with 5 would keep more of the group together, but 8.2 does not
/// weigh that.)
#[test]
fn art8_2_the_floater_takes_the_highest_rating_before_7_1() {
    const CASE: &str = "\
012 Dubov 8.2 floater vs highest R
XXR 9
XXC white1
001    1 m    H1                                2500 ITA                         1.5    1     7 w 1     4 w =  0000 - Z
001    2 m    H2                                2450 ITA                         1.5    2     8 w 1     5 w =  0000 - Z
001    3 m    F                                 2400 ITA                         1.5    3     9 w =    10 b 1
001    4 m    A                                 2300 ITA                         1.0    4    10 w =     1 b =
001    5 m    B                                 2250 ITA                         1.0    5    13 w =     2 b =
001    6 m    C                                 2200 ITA                         1.0    6    12 w =     9 b =
001    7 m    D                                 2100 ITA                         0.5    7     1 b 0     8 w =
001    8 m    G1                                2000 ITA                         0.5    8     2 b 0     7 b =
001    9 m    Z1                                1900 ITA                         1.0    9     3 b =     6 w =
001   10 m    Z2                                1850 ITA                         0.5   10     4 b =     3 w 0
001   11 m    Y1                                1800 ITA                         1.5   11    14 w =    13 b 1
001   12 m    Y2                                1750 ITA                         1.5   12     6 b =    14 w 1
001   13 m    T1                                1700 ITA                         0.5   13     5 b =    11 w 0
001   14 m    T2                                1650 ITA                         0.5   14    11 b =    12 b 0
XXP 1 2
XXP 3 6
XXP 3 7
XXP 3 8
XXP 3 11
XXP 3 12
XXP 3 13
XXP 3 14
XXP 5 6
XXP 5 9
";
    assert_eq!(
        dubov_pairs(CASE),
        (
            vec![(11, 12), (4, 3), (5, 7), (6, 10), (8, 9), (14, 13)],
            None
        )
    );
    explains(CASE, &["8.2", "7.1", "6.4"]);
}

/// The text of a tournament of `tests/data/seeds`.
fn seed(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/seeds")
        .join(name);
    std::fs::read_to_string(&path).expect("the seed file reads")
}

/// 7.4 and chapter 3 (issue 23, case 6): a player moved to the other colour subgroup plays its colour.
/// Round 3 of 5: 7 is alone on 2 points; 7.1 transfers 5, who must have white (2.3/2.4): 5-7. The
/// 1-point group: 1 is due white; 2, 3, 4 are due black. 7.4 moves the black with the highest ARO, 2
/// (2000; 3: 1850, 4: 1750), to the whites — 2.6 allows it, 2 may have white. Whites by ARO: 1 (1950),
/// 2 (2000); blacks by R: 3, 4: 1-3, 2-4. 2 is now one of "the players who should play with the white
/// pieces" (6.2), moved there "to meet the requirement of chapter 6" (7): chapter 3's first rule gives
/// both players their due colour, 2 white and 4 black. 8 is alone on 0.5; 7.1 transfers 6: 8-6.
#[test]
fn art7_4_3_a_moved_player_is_due_the_colour_of_his_new_subgroup() {
    let text = seed("dubov-7_4-moved-colour.trf");
    assert_eq!(
        dubov_pairs(&text),
        (vec![(5, 7), (1, 3), (2, 4), (8, 6)], None)
    );
    explains(&text, &["7.1", "7.4", "3.1"]);
}

/// 6.4 after 7.2 (issue 23, case 7): "can be paired in the lower score group" is judged against the
/// lower score group the floaters go to, as chapter 7's transfers have left it. Round 2 of 5, twelve
/// players (ratings falling with the starting number): 1-5 won, 6 and 7 drew, 8-12 lost. 2, 3, 4 and 5
/// may not meet each other, 4 and 5 not 6 (XXP, read as 2.1). The 1-point group 1-5 is odd: 7.2
/// transfers 7 (due white, opposite to the group's dominating black) from the 0.5 group. 1 and 7 then
/// pair two of 2, 3, 4, 5: two float (6.4). The 0.5 group they go to is 6 alone — 7 has gone up — and 4
/// and 5 cannot be paired with 6: 3 and 2 (the lowest rated of those who can) float, not 5 and 4 (who
/// could have met 7 before the transfer). Whites 4 (ARO 2300), 7 (2350) against blacks 1, 5: 4-1, 7-5.
/// 8.1: 2 (due white) first; 8.2: 2-6. 3 goes on to the 0-point group: 8-3 (the highest rated due
/// white); whites 12 (ARO 2360), 10 (2380) against blacks 9, 11: 12-9, 10-11.
#[test]
fn art6_4_can_be_paired_below_after_the_7_2_transfer() {
    let text = trf_with(
        "Dubov 6.4 after 7.2",
        5,
        "white1",
        "XXP 2 3 4 5\nXXP 4 5 6\n",
        10,
        &[
            "8w1", "9b1", "10w1", "11b1", "12w1", "7w=", "6b=", "1b0", "2w0", "3b0", "4w0", "5b0",
        ],
    );
    assert_eq!(
        sorted_pairs(&text),
        (
            vec![(2, 6), (4, 1), (7, 5), (8, 3), (10, 11), (12, 9)],
            None
        )
    );
    explains(&text, &["7.2", "6.4", "8.2"]);
}

/// The pairs of the next round of `text`, sorted, and the bye.
fn sorted_pairs(text: &str) -> (Vec<(u32, u32)>, Option<u32>) {
    let (mut games, bye) = dubov_pairs(text);
    games.sort_unstable();
    (games, bye)
}

/// 6.2, open point (issue 23, case 8): players without a due colour when the subgroups tie. Round 2 of
/// 5: 1-2 and 3-4 drew, 5 and 6 had half-point byes; all six are on 0.5. Due white 2, 4; due black 1, 3:
/// a tie. The reading taken: each player without a due colour, the highest R first, joins the smaller
/// subgroup, the black one when both are equal — 5 (2360) the blacks, 6 (2350) the whites. Reason:
/// the subgroups are "the players who should play with the white [black] pieces" (6.2), and between
/// two players with no game played chapter 3 can only apply its last rules — equal ARO (no opponent
/// yet), so "white to the player with the lower R": the higher rated of them is the one who should
/// play black. Whites by ARO: 6 (none: 0), 4 (2380), 2 (2400); blacks by R: 1, 3, 5. 6-1; 4-3 met, 4
/// takes 5; 2-3. The explanation lists them as placed, the highest R first.
#[test]
fn art6_2_without_due_colour_the_higher_rated_joins_the_blacks_on_a_tie() {
    let text = trf_with(
        "Dubov 6.2 tie",
        5,
        "white1",
        "",
        10,
        &["2w=", "1b=", "4w=", "3b=", "0-H", "0-H"],
    );
    assert_eq!(sorted_pairs(&text), (vec![(2, 3), (4, 5), (6, 1)], None));
    explains(&text, &["6.2", "6.3"]);
    let t = Tournament::from_bytes(text.as_bytes()).expect("the case reads");
    let (_, explanation) = System::Dubov
        .explain_in(Edition::Y1997, &t)
        .expect("explains");
    assert!(
        explanation
            .render()
            .contains("by decreasing R: 5, 6; each, the highest R first,"),
        "{}",
        explanation.render()
    );
}

/// 6.3, open point (issue 23, case 8): where the black of the row goes when its white takes a black
/// of the lower rows. Round 2 of 5, twelve players: 1-6 won, 7-12 lost; 6 may not meet 1 or 3 (XXP).
/// Winners: whites by ARO 6 (2290), 4 (2310), 2 (2330); blacks by R 1, 3, 5. Row 1 (6-1) is a
/// coincidence, and so is 6-3: 6 takes 5, the first black of the lower rows he may play. The reading
/// taken: the two rows exchange their blacks — 1 takes row 3 — and the rows in between keep theirs:
/// 6-5, 4-3, 2-1 (shifting the column would give 4-1, 2-3). Reason: 6.3 names the rows whose pairing
/// changes — row k, and the row of the black taken (and, when no lower row helps, row k−1, k−2, …, one at
/// a time); a shift would change every row in between, which the text does not say. Losers: whites by
/// ARO 11, 9, 7 against blacks 8, 10, 12.
#[test]
fn art6_3_the_rows_exchange_their_blacks() {
    let text = trf_with(
        "Dubov 6.3 exchange",
        5,
        "white1",
        "XXP 6 1\nXXP 6 3\n",
        10,
        &[
            "7w1", "8b1", "9w1", "10b1", "11w1", "12b1", "1b0", "2w0", "3b0", "4w0", "5b0", "6w0",
        ],
    );
    assert_eq!(
        sorted_pairs(&text),
        (
            vec![(2, 1), (4, 3), (6, 5), (7, 12), (9, 10), (11, 8)],
            None
        )
    );
    explains(&text, &["6.3"]);
}

/// 7.2, open point (issue 23, case 8): a transfer after which the group still could not be paired.
/// Round 2 of 5, ten players: 1, 2, 3 won; 4-9 and 5-10 drew; 6, 7, 8 lost. 2 and 3 may not meet, 4
/// neither of them (XXP). The 1-point group 1, 2, 3 is odd and pairs one game (1-2 or 1-3). 7.2's list
/// (due white, opposite to the dominating black; the highest R) starts with 4, who "has not yet played
/// with at least one of the players" (1) — but with 4 the group still pairs only one game. The reading
/// taken: 6.4's aim first ("to pair all players within a score group"): a transfer is made only when it
/// lets one more player of the group be paired in it, so 5, the next in the list, is transferred.
/// Reason: chapter 7's transfers are made "to meet the requirement of chapter 6", which 4 does not
/// meet, and article 9 asks the arbiter to resolve what the list alone does not "wisely ... in the
/// spirit of the basic principles". Whites 5 (ARO 2310), 2 (2340) against blacks 1, 3: 2-3 may not meet
/// in the last row, so the row above changes: 2-1, 5-3. The 0.5 group 4, 9, 10 gets 6 (7.2): whites 4,
/// 6 against blacks 9, 10; 4-9 met: 4-10, 6-9. Then 8-7.
#[test]
fn art7_2_a_transfer_must_let_the_group_pair_one_more_player() {
    let text = trf_with(
        "Dubov 7.2 aim",
        5,
        "white1",
        "XXP 2 3\nXXP 4 2\nXXP 4 3\n",
        10,
        &[
            "6w1", "7b1", "8w1", "9b=", "10b=", "1b0", "2w0", "3b0", "4w=", "5w=",
        ],
    );
    assert_eq!(
        sorted_pairs(&text),
        (vec![(2, 1), (4, 10), (5, 3), (6, 9), (8, 7)], None)
    );
    explains(&text, &["7.2", "6.3"]);
}
