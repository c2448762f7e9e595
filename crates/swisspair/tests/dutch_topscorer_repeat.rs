//! 2017 C.9 / 2026 C11, as written: "minimise the number of topscorers or topscorers' opponents who get
//! the same colour three times in a row" counts every such player — also one whose absolute colour
//! preference, from his colour difference (2017 A.6.a: below -1 asks for white), asks for the colour of
//! his last two games.
//!
//! A real file shows it: the Leinster Armstrong Cup 2010-11 (`tests/data/real`, paired by other
//! software; 12 rounds, the 12th paired here). Among the 7.0 topscorers, player 50 has a colour
//! difference of -2 and played white in his last two games; players 80 and 129 have -3, player 114 +1.
//! Giving 50 white against 114 is his third white in a row (counted by C.9), while 50-129 and 80-114
//! grant every preference but one, whose colour difference grows to -3 either way (C.8, equal). So the
//! text pairs 129-50 and 80-114. bbpPairings 5.0.1 pairs 50-114 and 80-129: it counts a third colour in
//! a row only when two players with the same absolute preference meet. swisspair follows the text, in
//! both editions (the 2026 wording is the same).

use swisspair::{Edition, System, Tournament};

fn round_12() -> Tournament {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/real/sanichi_icu_tournament_armstrong_2011.trf");
    let mut bytes = std::fs::read(path).expect("the real file is in tests/data");
    bytes.extend_from_slice(b"\nXXR 12\n");
    Tournament::from_bytes(&bytes).expect("reads")
}

fn games(edition: Edition) -> Vec<(u32, u32)> {
    let t = round_12();
    let pairing = System::Dutch.pair_in(edition, &t).expect("pairs round 12");
    let number = |i: usize| t.players[i].start_number;
    pairing
        .games
        .iter()
        .map(|g| (number(g.white), number(g.black)))
        .collect()
}

#[test]
fn c9_counts_a_third_colour_in_a_row_that_a_colour_difference_asks_for() {
    for edition in [Edition::Y2017, Edition::Y2026] {
        let games = games(edition);
        assert!(games.contains(&(129, 50)), "{edition}: {games:?}");
        assert!(games.contains(&(80, 114)), "{edition}: {games:?}");
    }
}
