//! The Lim system (C.04.4.3), tested two ways.
//!
//! 1. One small tournament per article, whose next round is paired and compared — pairs, colours, bye,
//!    in board order — with the pairing the text gives. Each test's comment gives the reading of the
//!    text that decides it (there is no reference engine for Lim: the text is the evidence). The names
//!    begin with the article.
//! 2. The reference engine's 300 Dutch tournaments: every round re-paired with Lim keeps the absolute
//!    rules of the text — every present player paired once or given the one bye, no rematch, no
//!    forbidden pair, no bye to a player who had one or a forfeit win, and the colour limits of
//!    2.1/5.1 a/b, which only 6 lifts (last round, players of equal score) — and a round is declared
//!    impossible only when it is.

mod common;

use common::cases::{self, Naming, Trf};
use common::{check_shared_rules, colours_allowed, replay_dutch_fixtures, some_pairing_exists};
use swisspair::state::{PlayerState, RoundState};
use swisspair::tournament::{Colour, Tournament};
use swisspair::{Pairing, System};

/// Pairs the next round with Lim: games as (white, black) starting numbers in board order, and the bye.
fn lim(t: &Tournament) -> (Vec<(u32, u32)>, Option<u32>) {
    cases::pairs(t, &System::Lim.pair(t).expect("Lim pairs"))
}

/// The articles a test pins, from its name: `art2_6_...` is 2.6, `art7_round_one` 7 (any of 7.x), and
/// `art3_2_floaters_and_art5_2_...` both 3.2 and 5.2.
fn articles_of(name: &str) -> Vec<String> {
    name.split("art")
        .skip(1)
        .filter_map(|segment| {
            let numbers: Vec<&str> = segment
                .split('_')
                .take_while(|t| !t.is_empty() && t.chars().all(|c| c.is_ascii_digit()))
                .collect();
            (!numbers.is_empty()).then(|| numbers.join("."))
        })
        .collect()
}

/// Issue 14: the explanation of the round names every article the test pins (the article itself or
/// one of its paragraphs: 7 is named by 7.1 or 7.2).
fn explains(name: &str, t: &Tournament) {
    let articles = articles_of(name);
    let articles: Vec<&str> = articles.iter().map(String::as_str).collect();
    cases::explains(
        System::Lim,
        swisspair::Edition::Y1999,
        t,
        &articles,
        Naming::OrParagraph,
    );
}

/// The test `name`: the explanation of the next round of `t` names the articles it pins, and Lim pairs
/// `games` ((white, black) by starting number, in board order) and gives the bye to `bye`.
fn check(name: &str, t: &Tournament, games: &[(u32, u32)], bye: Option<u32>) {
    explains(name, t);
    assert_eq!(lim(t), (games.to_vec(), bye));
}

fn read(text: &str) -> Tournament {
    Tournament::from_bytes(text.as_bytes()).expect("test tournament reads")
}

/// GitHub issue 12: round 2 of `lim-10p-6r-s1019`, as the file has it.
const ISSUE_12: &str = "012 lim-10p-6r-s1019
001    1 m    Player0001                        2687 FID                         1.0    1     6 w 1
001    2 m    Player0002                        2549 FID                         1.0    2     7 b 1
001    3 m    Player0003                        2404 FID                         1.0    3     8 w 1
001    4 m    Player0004                        2214 FID                         1.0    4     9 b 1
001    5 m    Player0005                        2070 FID                         0.5    9    10 w =
001    6 m    Player0006                        1903 FID                         0.0    5     1 b 0
001    7 m    Player0007                        1792 FID                         0.0    8     2 w 0
001    8 m    Player0008                        1767 FID                         0.0    6     3 b 0
001    9 m    Player0009                        1738 FID                         0.0   10     4 w 0
001   10 m    Player0010                        1507 FID                         0.5    7     5 b =
XXR 6
XXC white1
";

// ---------------------------------------------------------------------------------------------------
// 2.6: the blocked median group
// ---------------------------------------------------------------------------------------------------

/// GitHub issue 12 (`lim-10p-6r-s1019`, round 2). Score groups (2.2): 1 point {1, 2, 3, 4}, the median
/// group 0.5 {5, 10}, 0 points {6, 7, 8, 9}. Due colours (5.1), the alternate colour: 1, 3, 5, 7, 9
/// black (they had white), 2, 4, 6, 8, 10 white.
///
/// The 1-point group, paired downward: 1 v 3, 2 v 4 (2.4), all compatible; both pairs' players are due
/// the same colour, so the second scrutiny exchanges the opponents: 1 v 4, 2 v 3 (5.2). The 0-point
/// group, paired upward: 9 v 7, 8 v 6, exchanged for colours: 9 v 6, 8 v 7. Neither group floats
/// anyone, and neither is re-paired for the median group's sake: the text's remedy is 2.6.
///
/// The median group {5, 10} is blocked (they have met). "If the number of floaters from higher
/// score-groups is larger than the number of floaters from lower score-groups" — 0 against 0: no — "then
/// the next pairing of the higher score-group shall be cracked": 2 v 3, the pairing nearest the median
/// group. 2 and 3 join the median group as floaters from above and are paired first (3.6.1: 2 before 3),
/// each with the highest numbered player available due the alternate colour (3.8): 2 (due white) with 5
/// (due black), 3 (due black) with 10 (due white).
///
/// Colours (5.1): 4 v 1, 2 v 5, 10 v 3, 6 v 9, 8 v 7 — everybody gets the colour he is due.
#[test]
fn art2_6_issue_12_equal_floaters_crack_the_higher_pairing() {
    check(
        "art2_6_issue_12_equal_floaters_crack_the_higher_pairing",
        &read(ISSUE_12),
        &[(4, 1), (2, 5), (10, 3), (6, 9), (8, 7)],
        None,
    );
}

/// 2.6, first condition, and 4.4 b. The tournament of issue 12 written again, with 1 v 2, 1 v 4, 2 v 4,
/// 4 v 5 and 4 v 10 forbidden (XXP). The 1-point group pairs 1 v 3 (3 v 1: both due black, identical
/// histories, the higher ranked 1 gets black, 5.4); #2 then has no compatible opponent even by 4.3's
/// exchanges, so he floats, and with him, the group being even, the lowest numbered player remaining,
/// 4 (4.4 b). The 0-point group pairs 9 v 6, 8 v 7 as in issue 12.
///
/// The median group {5, 10} with 2 and 4 cannot be paired (5 and 10 have met, 4 may meet neither). Two
/// floaters came from above and none from below: "the next pairing of the lower score-group shall be
/// cracked" — its first board, 6 v 9 — and 6 and 9 join as floaters from below. Now the group can be
/// paired: 2 (due white) meets 5 (the highest numbered player due black, 3.8); 4 can meet neither 10
/// nor 9 (met), so he meets 6 (4 v 6: both due white, identical histories, the higher ranked 4 gets
/// it, 5.4); 9 meets 10.
#[test]
fn art2_6_more_floaters_from_above_crack_the_lower_pairing() {
    let forbidden = "XXP 1 2\nXXP 1 4\nXXP 2 4\nXXP 4 5\nXXP 4 10\n";
    check(
        "art2_6_more_floaters_from_above_crack_the_lower_pairing",
        &read(&format!("{ISSUE_12}{forbidden}")),
        &[(3, 1), (2, 5), (4, 6), (10, 9), (8, 7)],
        None,
    );
}

/// 2.6 with an empty median group (2.2: nobody has half a point). Six players after round 1 (1 beat 4,
/// 2 beat 5, 3 beat 6; white 1, 5, 3); 3 may meet neither 4, 5 nor 6 (XXP). The 1-point group floats
/// 3 (due black like 1: the lowest numbered of the majority, 3.2) and pairs 1 v 2; the 0-point group
/// floats 4 (due white like 6: upward the highest numbered of the majority) and pairs 5 v 6. The median
/// group, 3 and 4, is blocked; one floater from each side, so the next pairing of the higher group,
/// 1 v 2, is cracked. The floaters from above are paired first, highest numbered first (3.6): 1 cannot
/// meet 4 (met) and 1 v 2 would leave 3 v 4, so 1 meets 3; then 2 meets 4.
#[test]
fn art2_6_empty_median_group() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900])
        .round(&[(1, 4, '1'), (5, 2, '0'), (3, 6, '1')], &[])
        .line("XXR 5")
        .line("XXP 3 4")
        .line("XXP 3 5")
        .line("XXP 3 6")
        .build();
    check(
        "art2_6_empty_median_group",
        &t,
        &[(3, 1), (2, 4), (6, 5)],
        None,
    );
}

/// 2.6: "cannot be paired" — a median group whose players can all be paired is paired, with the
/// exchanges that keep everyone in it paired, and nothing is cracked. Eight players after round 1: 1
/// beat 5, 2 beat 6 (6 white), 3 beat 7, 4 drew with 8 (8 white); 5 and 8 may not meet (XXP). The
/// 1-point group floats 3 and pairs 2 v 1; the 0-point group floats 5 and pairs 7 v 6. In the median
/// group {4, 8} 3 would meet 4 (due white, 3.8), but that leaves 5 with 8: 3 meets 8 instead (8 v 3:
/// both due black, identical histories, the higher ranked 3 gets it), and 5 meets 4 (4 v 5).
#[test]
fn art2_6_a_median_group_that_can_be_paired_is_not_extended() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
        .round(&[(1, 5, '1'), (6, 2, '0'), (3, 7, '1'), (8, 4, '=')], &[])
        .line("XXR 5")
        .line("XXP 5 8")
        .build();
    check(
        "art2_6_a_median_group_that_can_be_paired_is_not_extended",
        &t,
        &[(2, 1), (8, 3), (4, 5), (7, 6)],
        None,
    );
}

// ---------------------------------------------------------------------------------------------------
// 1, 7, 8: the bye, round one, round two
// ---------------------------------------------------------------------------------------------------

/// 7.1, 7.2: round 1 — the lowest rated player has the bye; top half against bottom half, #1 with the
/// drawn colour (white), odd-numbered players of the upper half with #1's colour, even ones with the
/// other: 1 v 5, 6 v 2, 3 v 7, 8 v 4.
#[test]
fn art7_round_one() {
    let t = Trf::new(&[2500, 2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
        .line("XXR 5")
        .build();
    check(
        "art7_round_one",
        &t,
        &[(1, 5), (6, 2), (3, 7), (8, 4)],
        Some(9),
    );
}

/// 7.1: "the lowest rated player in the Pairing List" has the bye, even when he is not its last: 5
/// (1500). The others are paired top half against bottom half: 1 v 4, 6 v 2, 3 v 7.
#[test]
fn art7_1_round_one_bye_to_the_lowest_rated() {
    let t = Trf::new(&[2500, 2400, 2300, 2200, 1500, 2000, 1900])
        .line("XXR 5")
        .build();
    check(
        "art7_1_round_one_bye_to_the_lowest_rated",
        &t,
        &[(1, 4), (6, 2), (3, 7)],
        Some(5),
    );
}

/// 7.2: the drawn colour black for #1 gives 5 v 1, 2 v 6, 7 v 3, 4 v 8.
#[test]
fn art7_2_round_one_drawn_black() {
    let t = Trf::new(&[2500, 2400, 2300, 2200, 2100, 2000, 1900, 1800])
        .line("XXR 5")
        .line("XXC black1")
        .build();
    check(
        "art7_2_round_one_drawn_black",
        &t,
        &[(5, 1), (2, 6), (7, 3), (4, 8)],
        None,
    );
}

/// Choice (7.2): the pairing list of round 1 holds the players present. 3 is absent, so 4 is #3 of the
/// list and has white like #1: 1 v 5, 6 v 2, 4 v 7.
#[test]
fn art7_2_round_one_pairing_list_of_players_present() {
    let t = Trf::new(&[2500, 2400, 2300, 2200, 2100, 2000, 1900])
        .round(&[], &[(3, 'H')])
        .line("XXR 5")
        .build();
    check(
        "art7_2_round_one_pairing_list_of_players_present",
        &t,
        &[(1, 5), (6, 2), (4, 7)],
        None,
    );
}

/// 8.3, 2.2, 2.4, 4.2, 5.4: round two pairs the 1-point group, then the 0-point group, then the median
/// group. Eight players after round 1: 1 beat 5, 2 drew with 6, 3 beat 7, 4 drew with 8 (white first:
/// 1, 6, 3, 8). 1 v 3: both had white, identical histories at or above the median: the higher ranked
/// (1) gets the alternate colour: 3 v 1. 5 v 7: both had black, below the median the lower ranked (7)
/// gets it: 7 v 5. Median group 2, 4, 6, 8: 2 v 6 met, so 2 takes the next of the lower half, 8 (4.2),
/// and 4 v 6 remain; every pair gets its due colours: 2 v 8, 4 v 6.
#[test]
fn art8_round_two() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
        .round(&[(1, 5, '1'), (6, 2, '='), (3, 7, '1'), (8, 4, '=')], &[])
        .line("XXR 5")
        .build();
    check(
        "art8_round_two",
        &t,
        &[(3, 1), (2, 8), (4, 6), (7, 5)],
        None,
    );
}

/// 1.1: the bye goes to the lowest ranked player of the lowest score group who may receive it. After
/// two rounds (1 beat 3 and 2; 2 beat 4; 3 beat 5; 5 and 4 had the byes) the lowest group, 1 point,
/// holds 2, 3, 4, 5: 5 and 4 had a bye, so 3 receives it.
#[test]
fn art1_1_bye_to_the_lowest_ranked_who_may_have_it() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000])
        .round(&[(1, 3, '1'), (2, 4, '1')], &[(5, 'U')])
        .round(&[(2, 1, '0'), (3, 5, '1')], &[(4, 'U')])
        .line("XXR 4")
        .build();
    explains("art1_1_bye_to_the_lowest_ranked_who_may_have_it", &t);
    assert_eq!(lim(&t).1, Some(3));
}

// ---------------------------------------------------------------------------------------------------
// 3, 5: floaters and colours
// ---------------------------------------------------------------------------------------------------

/// Ten players after round 1, the top half winning every game (1 v 6, 7 v 2, 3 v 8, 9 v 4, 5 v 10):
/// 1-point group 1..5 (due black 1, 3, 5; due white 2, 4), 0-point group 6..10 (due white 6, 8, 10; due
/// black 7, 9); no player has the median score 0.5.
fn ten_after_round_one(ratings: &[u32]) -> Trf {
    Trf::new(ratings)
        .round(
            &[
                (1, 6, '1'),
                (7, 2, '0'),
                (3, 8, '1'),
                (9, 4, '0'),
                (5, 10, '1'),
            ],
            &[],
        )
        .line("XXR 5")
}

/// 2.2 (an empty median group), 2.3 d and 3.2 (the floater evens the colours: downward the lowest
/// numbered of the majority, upward the highest numbered), 3.6.3, 5.2.
///
/// 1-point group, paired downward: three are due black, so 5 floats down; 1 v 3 and 2 v 4 have clashing
/// colours, and the second scrutiny gives 1 the first opponent in 4.2's order (3, 4, 2) with whom both
/// have their colours, 4; the rest, 2 v 3, fits: 4 v 1, 2 v 3. 0-point group, paired upward: three are
/// due white, so 6 floats up; scrutiny from 10: 10 v 8, 9 v 7; the second scrutiny gives 10 the first
/// of 8, 7, 9 due black, 7, and 9 v 8 fits (10 v 7, 8 v 9). The median group holds only 5 (down) and 6
/// (up): 6 v 5.
#[test]
fn art3_2_floaters_and_art5_2_second_scrutiny() {
    let t =
        ten_after_round_one(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700, 1600, 1500]).build();
    check(
        "art3_2_floaters_and_art5_2_second_scrutiny",
        &t,
        &[(4, 1), (2, 3), (6, 5), (10, 7), (8, 9)],
        None,
    );
}

/// 5.7 (and 3.2, 3.8 unaffected): in a maxi-tournament, with ratings 150 points apart, the second
/// scrutiny may not exchange the opponents (1's opponent 3 for 4 or 2, each 150 points from him): 1 v 3
/// and 2 v 4 stay (5.4: the higher ranked gets the
/// alternate colour: 3 v 1, 2 v 4); below: 10 v 8 and 9 v 7 stay (the lower ranked gets it: 10 v 8,
/// 7 v 9).
#[test]
fn art5_7_maxi_exchanges_within_100_points() {
    let ratings = [2600, 2450, 2300, 2150, 2000, 1850, 1700, 1550, 1400, 1250];
    let plain = ten_after_round_one(&ratings).build();
    assert_eq!(
        lim(&plain),
        (vec![(4, 1), (2, 3), (6, 5), (10, 7), (8, 9)], None)
    );
    let maxi = ten_after_round_one(&ratings).line("XXM 1").build();
    assert!(maxi.maxi);
    check(
        "art5_7_maxi_exchanges_within_100_points",
        &maxi,
        &[(3, 1), (2, 4), (6, 5), (7, 9), (10, 8)],
        None,
    );
    // The command line's --maxi sets the same flag.
    let mut flagged = plain.clone();
    flagged.maxi = true;
    assert_eq!(lim(&flagged), lim(&maxi));
}

/// Eight players after round 1: 1 beat 5 (1 white), 2 beat 6 (2 white), 3 beat 7 (7 white), 4 drew
/// with 8 (4 white). 1-point group 1, 2 (due black), 3 (due white); median group (0.5) 4 (due black),
/// 8 (due white); 0-point group 5, 6 (due white), 7 (due black).
fn eight_for_floaters(ratings: &[u32]) -> Trf {
    Trf::new(ratings)
        .round(&[(1, 5, '1'), (2, 6, '1'), (7, 3, '0'), (4, 8, '=')], &[])
        .line("XXR 5")
}

/// 3.2: the 1-point group floats 2, the lowest numbered of the two due black, not 3; 1 v 3. 3.8: 2 (due
/// black) meets the highest numbered median player due white, 8, not 4. The 0-point group floats 5 (the
/// highest numbered of those due white), pairs 6 v 7; 5 (due white) meets the median group's player
/// left, 4 (due black).
#[test]
fn art3_8_floater_meets_the_player_due_the_alternate_colour() {
    let ratings = [2400, 2300, 2250, 2100, 2000, 1900, 1800, 1700];
    let t = eight_for_floaters(&ratings).build();
    check(
        "art3_8_floater_meets_the_player_due_the_alternate_colour",
        &t,
        &[(3, 1), (8, 2), (5, 4), (6, 7)],
        None,
    );
}

/// 3.8 in a maxi-tournament: 8 is rated 400 points below 4, so 2 meets 4 after all (4 v 2: both due
/// black, identical histories, the higher ranked 2 gets black); 5 then meets 8 (both due white,
/// identical histories, the median group: the higher ranked 8 gets white).
#[test]
fn art3_8_maxi_keeps_the_highest_numbered_opponent() {
    let ratings = [2400, 2300, 2250, 2100, 2000, 1900, 1800, 1700];
    let t = eight_for_floaters(&ratings).line("XXM 1").build();
    check(
        "art3_8_maxi_keeps_the_highest_numbered_opponent",
        &t,
        &[(3, 1), (4, 2), (8, 5), (6, 7)],
        None,
    );
}

/// 3.2 in a maxi-tournament: 1 and 2 are rated more than 100 points above 3, the lowest numbered
/// player, so 3 floats instead: 1 v 2 (both due black: 2 v 1), 3 meets 4 (due black, the highest
/// numbered due the alternate colour): 3 v 4; 5 meets 8: 8 v 5.
#[test]
fn art3_2_maxi_floats_the_lowest_numbered() {
    let ratings = [2400, 2300, 2150, 2100, 2000, 1900, 1800, 1700];
    let t = eight_for_floaters(&ratings).line("XXM 1").build();
    check(
        "art3_2_maxi_floats_the_lowest_numbered",
        &t,
        &[(2, 1), (3, 4), (8, 5), (6, 7)],
        None,
    );
}

/// The cases of issue 23 (the third reading of the text), each the tournament before the round, in
/// `tests/data/seeds`.
fn seed(name: &str) -> Tournament {
    common::read(&common::data("seeds").join(name))
}

/// 5.2 with 2.5 and 4.2: the second scrutiny exchanges as section 4 does, with the upper half too. Four
/// players on 0.5 after round 1 (1-3 drawn with 1 white, 2-4 drawn with 2 black): due colours 1 black,
/// 2 white, 3 white, 4 black; everybody in the median group, paired downward. 1 v 3 have met, so the
/// first scrutiny gives 1 v 4, 2 v 3 (4.2). Both pairs' players are due the same colour. #1's order (4.2:
/// 3, 4, 2) continues to 2, due white: 1 v 2, and 3 v 4 fits too — everybody has his colour (2 v 1,
/// 3 v 4). Swapping the opponents of two rows cannot find it.
#[test]
fn art5_2_exchanges_reach_the_upper_half() {
    let t = seed("lim-5_2-upper-half.trf");
    check(
        "art5_2_exchanges_reach_the_upper_half",
        &t,
        &[(2, 1), (3, 4)],
        None,
    );
}

/// 5.2 with 4.2 and 4.3: where several exchanges give the same colours, section 4's order decides, the
/// rest proposed again (2.4). Round 3 of 9 players: 7 (no points) has the bye; 2 v 4 in the 2-point
/// group; the median group 1, 3, 5, 6, 8, 9 is proposed 1 v 6, 3 v 8, 5 v 9, and 5 v 9 have met: the
/// first scrutiny gives 1 v 6, 3 v 9, 5 v 8 (4.3), every pair due the same colour (1, 3, 6, 9 white;
/// 5, 8 black). Second scrutiny: #1's order is 6, 8, 9, 5, 3: 8 (due black); the rest proposed again, 3
/// v 6, 5 v 9; #3's order is 6, 9, 5: 5 (due black); 6 v 9 stays (no exchange gives them their colours
/// without taking them from a pair already scrutinised): 1-8, 3-5, 9-6.
#[test]
fn art5_2_exchanges_in_the_order_of_section_4() {
    let t = seed("lim-5_2-section4-order.trf");
    check(
        "art5_2_exchanges_in_the_order_of_section_4",
        &t,
        &[(4, 2), (1, 8), (3, 5), (9, 6)],
        Some(7),
    );
}

/// 3.1, 3.8 and 4.3: a floater's opponent is exchanged like anyone's. Round 5 of 7 players: 5 has the
/// bye (7 and 4 had one); 1 (3.5) and 2 (3.0, who met 1) float down into the 2.5 group {3, 6}. 1 (due
/// white) meets 3, the highest numbered due black (3.8); 2 has played 6: "a floater is a player without
/// a compatible opponent in spite of exchanges in the score-group" (3.1), and 4.3's exchange gives 2 the
/// opponent of 1, who takes 6 ("must at the same time leave Player #1 with a compatible opponent",
/// 4.4). Nobody floats: 6 v 1, 2 v 3; 7 floats up to 4: 7 v 4.
#[test]
fn art3_8_and_art4_3_a_floaters_opponent_is_exchanged() {
    let t = seed("lim-3_8-floater-exchanged.trf");
    check(
        "art3_8_and_art4_3_a_floaters_opponent_is_exchanged",
        &t,
        &[(6, 1), (2, 3), (7, 4)],
        Some(5),
    );
}

/// 4.4 a with floaters: when the first player scrutinised — here a floater — has no opponent, the
/// player floated to make the group even comes back. Round 5 of 9 players: 1 has the bye (9 had one);
/// 5 (4.0) and 2 (3.0), who have met, float into the 2.5 group {7}; three players: 7, of type d, floats
/// to make it even (2.3 d, 3.9). 5, paired first (3.6), has no opponent: he floats on (3.5), and "#2 is
/// exchanged with the floater" (4.4 a): 7 comes back and meets 2. The median group 3, 4, 6, 8 with 5
/// from above and 9 from below: 5 meets 3 (6, due black, is needed by 4), 4 v 6, 8 v 9.
#[test]
fn art4_4_a_the_parity_floater_comes_back_for_a_floater() {
    let t = seed("lim-4_4a-several-floaters.trf");
    explains("art4_4_a_the_parity_floater_comes_back_for_a_floater", &t);
    let (games, bye) = lim(&t);
    let mut pairs: Vec<(u32, u32)> = games.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    pairs.sort_unstable();
    assert_eq!(pairs, vec![(2, 7), (3, 5), (4, 6), (8, 9)]);
    assert_eq!(bye, Some(1));
}

// ---------------------------------------------------------------------------------------------------
// 6: the last round
// ---------------------------------------------------------------------------------------------------

/// Four players after two rounds in which 1 and 2 had white twice and won, 3 and 4 black twice.
fn four_with_white_twice(total_rounds: u32) -> Tournament {
    Trf::new(&[2400, 2300, 2200, 2100])
        .round(&[(1, 3, '1'), (2, 4, '1')], &[])
        .round(&[(1, 4, '1'), (2, 3, '1')], &[])
        .line(&format!("XXR {total_rounds}"))
        .build()
}

/// 6: in the last round, 1 and 2 (2 points, both with white twice) meet although one of them gets a
/// third white; so do 3 and 4. 5.4: identical histories, above the median the higher ranked (1) gets
/// the alternate colour: 2 v 1; below it the lower ranked (4): 4 v 3. In an earlier round no pairing is
/// possible at all.
#[test]
fn art6_last_round_equal_scores_before_colours() {
    check(
        "art6_last_round_equal_scores_before_colours",
        &four_with_white_twice(3),
        &[(2, 1), (4, 3)],
        None,
    );
    let e = System::Lim.pair(&four_with_white_twice(5)).unwrap_err();
    assert!(matches!(e, swisspair::Error::NoValidPairing(_)), "{e}");
}

/// XXM: the file's maxi-tournament switch.
#[test]
fn xxm_sets_the_maxi_option() {
    assert!(!Trf::new(&[2000, 1900]).build().maxi);
    assert!(Trf::new(&[2000, 1900]).line("XXM 1").build().maxi);
    assert!(Trf::new(&[2000, 1900]).line("XXM on").build().maxi);
}

// ---------------------------------------------------------------------------------------------------
// The absolute rules on the reference engine's tournaments
// ---------------------------------------------------------------------------------------------------

/// 5.1 a/b: `p` may receive `colour` (no third in a row, no three more of one colour).
fn colour_allowed(p: &PlayerState, colour: Colour) -> bool {
    colours_allowed(&p.colours, colour)
}

/// 2.1 (and 6): may `a` and `b` be paired at all?
fn legal(t: &Tournament, state: &RoundState, a: usize, b: usize) -> bool {
    let (pa, pb) = (&state.players[a], &state.players[b]);
    if pa.has_met(b) || t.is_forbidden(a, b, state.round) {
        return false;
    }
    let colours = (colour_allowed(pa, Colour::White) && colour_allowed(pb, Colour::Black))
        || (colour_allowed(pa, Colour::Black) && colour_allowed(pb, Colour::White));
    colours || (state.last_round && pa.pairing_score == pb.pairing_score)
}

/// The absolute rules for `pairing`.
fn check_invariants(t: &Tournament, state: &RoundState, pairing: &Pairing) -> Result<(), String> {
    check_shared_rules(
        t,
        state,
        pairing,
        ("", ""),
        |b| state.players[b].bye_eligible(),
        |w, b| {
            let within = colour_allowed(w, Colour::White) && colour_allowed(b, Colour::Black);
            // 6: only in the last round, and only between players of equal score.
            let excepted = state.last_round && w.pairing_score == b.pairing_score;
            if !within && !excepted {
                return Err(format!(
                    "colour limits: {} - {}",
                    w.start_number, b.start_number
                ));
            }
            Ok(())
        },
    )
}

/// Whether any pairing keeps the absolute rules (for rounds Lim declares impossible).
fn some_legal_pairing_exists(t: &Tournament, state: &RoundState) -> bool {
    some_pairing_exists(
        state,
        |a, b| legal(t, state, a, b),
        |a| state.players[a].bye_eligible(),
    )
}

/// Every round of every tournament, re-paired with Lim.
#[test]
fn lim_keeps_the_absolute_rules_in_every_round() {
    replay_dutch_fixtures(System::Lim, check_invariants, some_legal_pairing_exists)
        .assert_passed(2311);
}

/// Issue 14: every round of the reference engine's tournaments is explained without error; explaining
/// pairs exactly as pairing does; the score groups' pairs are the round's games; and every player who
/// plays has the pair and its colour explained.
#[test]
fn lim_explains_every_round() {
    let explained = |t: &Tournament, state: &RoundState, pairing: &Pairing| {
        let (again, explanation) = System::Lim
            .explain_in(swisspair::Edition::Y1999, t)
            .map_err(|e| format!("explaining: {e}"))?;
        if &again != pairing {
            return Err("explaining changed the pairing".into());
        }
        let number = |i: usize| state.players[i].start_number;
        let mut games: Vec<(u32, u32)> = pairing
            .games
            .iter()
            .map(|g| {
                let (a, b) = (number(g.white), number(g.black));
                (a.min(b), a.max(b))
            })
            .collect();
        let mut pairs: Vec<(u32, u32)> = explanation
            .brackets
            .iter()
            .flat_map(|b| &b.pairs)
            .map(|&(a, b)| (a.min(b), a.max(b)))
            .collect();
        games.sort_unstable();
        pairs.sort_unstable();
        if games != pairs {
            return Err(format!("games {games:?}, score groups' pairs {pairs:?}"));
        }
        let reasons = |p: usize| explanation.player(number(p)).map_or(0, |n| n.reasons.len());
        for p in pairing.games.iter().flat_map(|g| [g.white, g.black]) {
            if reasons(p) < 2 {
                return Err(format!("player {} has {} reason(s)", number(p), reasons(p)));
            }
        }
        if let Some(p) = pairing.bye.filter(|&p| reasons(p) == 0) {
            return Err(format!("the bye to {} is not explained", number(p)));
        }
        Ok(())
    };
    replay_dutch_fixtures(System::Lim, explained, |_, _| true).assert_passed(2311);
}
