//! Unit tests: one small hand-worked tournament per article (the expected pairs are worked out by hand in
//! each test's comment).

use crate::score::Score;
use crate::systems::System;
use crate::tournament::Tournament;

/// A tournament written as TRF: players (starting number = position + 1) with ratings, and rounds.
pub struct Trf {
    ratings: Vec<u32>,
    /// Per player, per round: the TRF cell `OOOO C R`.
    cells: Vec<Vec<String>>,
    extra: Vec<String>,
}

impl Trf {
    pub fn new(ratings: &[u32]) -> Trf {
        Trf {
            ratings: ratings.to_vec(),
            cells: vec![Vec::new(); ratings.len()],
            extra: Vec::new(),
        }
    }

    fn cell(&mut self, player: u32, text: String) {
        if let Some(c) = self.cells.get_mut(player as usize - 1) {
            c.push(text);
        }
    }

    /// A round: games `(white, black, result of white)` with `1 = 0 + -`, and byes `(player, code)`.
    pub fn round(mut self, games: &[(u32, u32, char)], byes: &[(u32, char)]) -> Trf {
        for &(w, b, r) in games {
            let other = match r {
                '1' => '0',
                '0' => '1',
                '+' => '-',
                '-' => '+',
                _ => '=',
            };
            self.cell(w, format!("{b:>4} w {r}"));
            self.cell(b, format!("{w:>4} b {other}"));
        }
        for &(p, code) in byes {
            self.cell(p, format!("0000 - {code}"));
        }
        self
    }

    pub fn line(mut self, text: &str) -> Trf {
        self.extra.push(text.to_string());
        self
    }

    pub fn build(&self) -> Tournament {
        let mut text = String::from("012 Lim test\n");
        for (i, (rating, cells)) in self.ratings.iter().zip(&self.cells).enumerate() {
            let tenths: i32 = cells
                .iter()
                .map(|c| match c.chars().last() {
                    Some('1' | '+' | 'U' | 'F') => 10,
                    Some('=' | 'H') => 5,
                    _ => 0,
                })
                .sum();
            text += &format!(
                "001 {:>4} {:1}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}  {}\n",
                i + 1,
                "m",
                "",
                format!("Player {:02}", i + 1),
                rating,
                "",
                "",
                "",
                Score(tenths).to_string(),
                i + 1,
                cells.join("  ")
            );
        }
        for l in &self.extra {
            text += l;
            text += "\n";
        }
        Tournament::from_bytes(text.as_bytes()).expect("test tournament reads")
    }
}

/// Pairs the next round with Lim: games as (white, black) starting numbers in board order, and the bye.
pub fn lim(t: &Tournament) -> (Vec<(u32, u32)>, Option<u32>) {
    let pairing = System::Lim.pair(t).expect("Lim pairs");
    let number = |i: usize| t.players[i].start_number;
    let games = pairing
        .games
        .iter()
        .map(|g| (number(g.white), number(g.black)))
        .collect();
    (games, pairing.bye.map(number))
}

/// 7.1, 7.2: round 1 — the last player of the pairing list has the bye; top half against bottom half,
/// #1 with the drawn colour (white), odd-numbered players of the upper half with #1's colour, even ones
/// with the other: 1 v 5, 6 v 2, 3 v 7, 8 v 4.
#[test]
fn art7_round_one() {
    let t = Trf::new(&[2500, 2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
        .line("XXR 5")
        .build();
    assert_eq!(lim(&t), (vec![(1, 5), (6, 2), (3, 7), (8, 4)], Some(9)));
}

/// 7.2: the drawn colour black for #1 gives 5 v 1, 2 v 6, 7 v 3, 4 v 8.
#[test]
fn art7_2_round_one_drawn_black() {
    let t = Trf::new(&[2500, 2400, 2300, 2200, 2100, 2000, 1900, 1800])
        .line("XXR 5")
        .line("XXC black1")
        .build();
    assert_eq!(lim(&t), (vec![(5, 1), (2, 6), (7, 3), (4, 8)], None));
}

/// Choice (7.2): the pairing list of round 1 holds the players present. 3 is absent, so 4 is #3 of the
/// list and has white like #1: 1 v 5, 6 v 2, 4 v 7.
#[test]
fn art7_2_round_one_pairing_list_of_players_present() {
    let t = Trf::new(&[2500, 2400, 2300, 2200, 2100, 2000, 1900])
        .round(&[], &[(3, 'H')])
        .line("XXR 5")
        .build();
    assert_eq!(lim(&t), (vec![(1, 5), (6, 2), (4, 7)], None));
}

/// Eight players after round 1: 1 beat 5, 2 drew with 6, 3 beat 7, 4 drew with 8 (white first: 1, 6,
/// 3, 8). Scores 1: {1, 3}, 0.5: {2, 4, 6, 8}, 0: {5, 7}; the median score is 0.5.
fn eight_after_round_one() -> Trf {
    Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
        .round(&[(1, 5, '1'), (6, 2, '='), (3, 7, '1'), (8, 4, '=')], &[])
        .line("XXR 5")
}

/// 8.3, 2.2, 2.4, 4.2, 5.4: round two pairs the 1-point group, then the 0-point group, then the median
/// group. 1 v 3: both had white, identical histories at or above the median: the higher ranked (1) gets
/// the alternate colour: 3 v 1. 5 v 7: both had black, below the median the lower ranked (7) gets it:
/// 7 v 5. Median group 2, 4, 6, 8: 2 v 6 met, so 2 takes the next of the lower half, 8 (4.2), and 4 v 6
/// remain; every pair gets its due colours: 2 v 8, 4 v 6.
#[test]
fn art8_round_two() {
    let t = eight_after_round_one().build();
    assert_eq!(lim(&t), (vec![(3, 1), (2, 8), (4, 6), (7, 5)], None));
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
    assert_eq!(lim(&t).1, Some(3));
}

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
/// colours, and the second scrutiny exchanges the opponents: 1 v 4, 2 v 3 (4 v 1, 2 v 3). 0-point group,
/// paired upward: three are due white, so 6 floats up; scrutiny from 10: 10 v 8, 9 v 7, exchanged for
/// colours: 10 v 7, 9 v 8 (10 v 7, 8 v 9). The median group holds only 5 (down) and 6 (up): 6 v 5.
#[test]
fn art3_2_floaters_and_art5_2_second_scrutiny() {
    let t =
        ten_after_round_one(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700, 1600, 1500]).build();
    assert_eq!(
        lim(&t),
        (vec![(4, 1), (2, 3), (6, 5), (10, 7), (8, 9)], None)
    );
}

/// 5.7 (and 3.2, 3.8 unaffected): in a maxi-tournament, with ratings 150 points apart, the second
/// scrutiny may not exchange the opponents: 1 v 3 and 2 v 4 stay (5.4: the higher ranked gets the
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
    assert_eq!(
        lim(&maxi),
        (vec![(3, 1), (2, 4), (6, 5), (7, 9), (10, 8)], None)
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
/// highest numbered of those due white), pairs 6 v 7; 5 (due white) meets the lowest numbered player
/// available due black: 4.
#[test]
fn art3_8_floater_meets_the_player_due_the_alternate_colour() {
    let ratings = [2400, 2300, 2250, 2100, 2000, 1900, 1800, 1700];
    let t = eight_for_floaters(&ratings).build();
    assert_eq!(lim(&t), (vec![(3, 1), (8, 2), (5, 4), (6, 7)], None));
}

/// 3.8 in a maxi-tournament: 8 is rated 400 points below 4, so 2 meets 4 after all (4 v 2: both due
/// black, identical histories, the higher ranked 2 gets black); 5 then meets 8 (both due white,
/// identical histories, the median group: the higher ranked 8 gets white).
#[test]
fn art3_8_maxi_keeps_the_highest_numbered_opponent() {
    let ratings = [2400, 2300, 2250, 2100, 2000, 1900, 1800, 1700];
    let t = eight_for_floaters(&ratings).line("XXM 1").build();
    assert_eq!(lim(&t), (vec![(3, 1), (4, 2), (8, 5), (6, 7)], None));
}

/// 3.2 in a maxi-tournament: 2 is rated 150 points above 3, the lowest numbered player, so 3 floats
/// instead: 1 v 2 (both due black: 2 v 1), 3 meets 4 (due black, the highest numbered due the alternate
/// colour): 3 v 4; 5 meets 8: 8 v 5.
#[test]
fn art3_2_maxi_floats_the_lowest_numbered() {
    let ratings = [2400, 2300, 2150, 2100, 2000, 1900, 1800, 1700];
    let t = eight_for_floaters(&ratings).line("XXM 1").build();
    assert_eq!(lim(&t), (vec![(2, 1), (3, 4), (8, 5), (6, 7)], None));
}

/// Eight players after round 1: 1 beat 5, 2 beat 6, 3 beat 7, 4 drew with 8 (white: 1, 6, 3, 8); 5
/// and 8 may not meet (XXP). 1-point group 1 (due black), 2 (due white), 3 (due black); median group 4
/// (due white), 8 (due black); 0-point group 5 (due white), 6 (due black), 7 (due white).
///
/// 2.6: 1 v 2 (2 v 1); 3 floats down; 6 v 7 (7 v 6); 5 floats up. The median group: 3 takes 4 (due
/// white, 3.8), and 5 is left with 8, a forbidden pair: the group is blocked. As many floaters came
/// from below as from above, so the next pairing of the higher group, 1 v 2, is cracked: 1 takes 4, 2
/// takes 8, and 3 meets 5: 4 v 1, 2 v 8, 5 v 3.
#[test]
fn art2_6_blocked_median_group_cracks_the_higher_pairing() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
        .round(&[(1, 5, '1'), (6, 2, '0'), (3, 7, '1'), (8, 4, '=')], &[])
        .line("XXR 5")
        .line("XXP 5 8")
        .build();
    assert_eq!(lim(&t), (vec![(4, 1), (2, 8), (5, 3), (7, 6)], None));
}

/// 2.6, then the choice after it: with 1 and 4, 3 and 5, 3 and 6 also forbidden to meet, cracking 1 v 2
/// and then 6 v 7 (more floaters from above than below) still leaves the median group blocked, and
/// nothing is left to crack: the pairings are restored and the median group is paired with only the
/// exchanges that keep the round completable. 3 (due black) cannot take 4, which would leave 5 with 8,
/// so he takes 8 (both due black after white: the higher ranked 3 gets black), and 5 meets 4 (both
/// due white: the higher ranked 4 gets it).
#[test]
fn art2_6_still_blocked_after_cracking_keeps_the_round_completable() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
        .round(&[(1, 5, '1'), (6, 2, '0'), (3, 7, '1'), (8, 4, '=')], &[])
        .line("XXR 5")
        .line("XXP 5 8")
        .line("XXP 1 4")
        .line("XXP 3 5")
        .line("XXP 3 6")
        .build();
    assert_eq!(lim(&t), (vec![(2, 1), (8, 3), (4, 5), (7, 6)], None));
}

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
    assert_eq!(lim(&four_with_white_twice(3)), (vec![(2, 1), (4, 3)], None));
    let e = System::Lim.pair(&four_with_white_twice(5)).unwrap_err();
    assert!(matches!(e, crate::error::Error::NoValidPairing(_)), "{e}");
}

/// C.04.1, the round completed: six players after round 1 (1 beat 4, 2 beat 5, 3 beat 6; white 1, 5,
/// 3); 3 may meet neither 4, 5 nor 6 (XXP). The 1-point group would float 3 (due black, lowest numbered)
/// and pair 1 v 2, leaving 3 without opponent: it is paired again with only changes that keep the
/// round completable: 1 v 2 is refused, so 1 floats and 3 comes back (4.4 a): 2 v 3. Below, 5 v 6 would
/// leave 1 and 4, who met: 6 floats and 4 comes back: 4 v 5. The median group: 6 v 1.
#[test]
fn round_is_completed_when_possible() {
    let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900])
        .round(&[(1, 4, '1'), (5, 2, '0'), (3, 6, '1')], &[])
        .line("XXR 5")
        .line("XXP 3 4")
        .line("XXP 3 5")
        .line("XXP 3 6")
        .build();
    assert_eq!(lim(&t), (vec![(2, 3), (6, 1), (4, 5)], None));
}

/// XXM: the file's maxi-tournament switch.
#[test]
fn xxm_sets_the_maxi_option() {
    assert!(!Trf::new(&[2000, 1900]).build().maxi);
    assert!(Trf::new(&[2000, 1900]).line("XXM 1").build().maxi);
    assert!(Trf::new(&[2000, 1900]).line("XXM on").build().maxi);
}
