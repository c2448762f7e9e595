//! The cases of the Dutch article suites that the 2017 and the 2026 edition pair alike, written once:
//! `tests/dutch_articles.rs` pins a 2017 article with each, `tests/dutch2026_articles.rs` the 2026
//! article that took its place and checks that both editions agree. (Each test's doc comment gives the
//! argument in its edition's words.)

use super::articles::{check_case, trf_with, Case, Rounds};

/// A tournament whose next round both editions pair alike: `XXR`, `XXC` and the players' past rounds,
/// as [`trf_with`] writes them, and the pairing both give, `(white, black)` by starting number and the
/// bye.
pub struct Alike {
    pub total_rounds: u32,
    pub initial: &'static str,
    pub players: &'static [Rounds],
    pub games: &'static [(u32, u32)],
    pub bye: Option<u32>,
}

impl Alike {
    /// Writes the tournament titled `title` and checks its case `name` as each of `cases` says.
    pub fn check(&self, name: &str, title: &str, cases: &[Case]) {
        let text = trf_with(title, self.total_rounds, self.initial, "", 10, self.players);
        for case in cases {
            check_case(case, name, &text, self.games, self.bye);
        }
    }
}

// ---------------------------------------------------------------------------------------------------
// Floats: 2017 C.12–C.19, 2026 C14–C21
// ---------------------------------------------------------------------------------------------------

/// 2017 C.12, 2026 C14: 1 (1.5) floats into 3 4 5 6 (1.0), one of whom floats on to 2 (0.5); 5
/// downfloated in round 2, 6 did not.
pub const DOWNFLOAT_LAST_ROUND: Alike = Alike {
    total_rounds: 9,
    initial: "white1",
    players: &[
        "6b= 5w1", "3w= 4b0", "2b= 6w=", "5b0 2w1", "4w1 1b0", "1w= 3b=",
    ],
    games: &[(4, 1), (5, 3), (6, 2)],
    bye: None,
};

/// 2017 C.13, 2026 C15: 6 (2.0) floats into 2 3 4 5 (1.5), one of whom floats on to 1 (1.0); 2
/// upfloated in round 3, 4 did not.
pub const UPFLOAT_LAST_ROUND: Alike = Alike {
    total_rounds: 9,
    initial: "white1",
    players: &[
        "4w= 6b= 2w0",
        "5b= 4w0 1b1",
        "6w0 5w= 4b1",
        "1b= 2b1 3w0",
        "2w= 3b= 6w=",
        "3b1 1w= 5b=",
    ],
    games: &[(6, 4), (2, 3), (1, 5)],
    bye: None,
};

/// 2017 C.14, 2026 C16: 5 (3.0) floats into 1 2 3 4 (1.5), the last bracket, where 1 or 4 takes the
/// bye; 4 downfloated in round 2, 1 upfloated.
pub const DOWNFLOAT_TWO_ROUNDS_BEFORE: Alike = Alike {
    total_rounds: 9,
    initial: "white1",
    players: &[
        "5w0 4b= 2w1",
        "0-U 3b= 1b0",
        "4b0 2w= 0-U",
        "3w1 1w= 5b0",
        "1b1 0-U 4w1",
    ],
    games: &[(3, 5), (2, 4)],
    bye: Some(1),
};

/// 2017 C.15, 2026 C17: 2 (3.0) and 5 (2.0) float into 4 6 7 8 (1.5); 4 upfloated in round 2.
pub const UPFLOAT_TWO_ROUNDS_BEFORE: Alike = Alike {
    total_rounds: 9,
    initial: "white1",
    players: &[
        "5w0 6w= 4b=",
        "3b1 7w1 5w1",
        "2w0 5b0 7w0",
        "6b0 8b1 1w=",
        "1b1 3w1 2b0",
        "4w1 1b= 8w0",
        "8w= 2b0 3b1",
        "7b= 4w0 6b1",
    ],
    games: &[(8, 2), (5, 6), (7, 4), (1, 3)],
    bye: None,
};

/// 2017 C.16, 2026 C18: 5 and 6 (2.0) float into 1 2 (1.5), and one of them floats on; 6 downfloated
/// in round 3.
pub const DOWNFLOAT_LAST_ROUND_SCORE_DIFFERENCE: Alike = Alike {
    total_rounds: 9,
    initial: "white1",
    players: &[
        "3b1 2w= 4b0",
        "5w0 1b= 6w1",
        "1w0 4b1 5w0",
        "6b0 3w0 1w1",
        "2b1 6w0 3b1",
        "4w1 5b1 2b0",
    ],
    games: &[(6, 1), (5, 4), (3, 2)],
    bye: None,
};

/// 2017 C.17, 2026 C19: 5 (3.0) and 7 (2.0) float into 2 3 (1.5); 2 upfloated in round 3.
pub const UPFLOAT_LAST_ROUND_SCORE_DIFFERENCE: Alike = Alike {
    total_rounds: 9,
    initial: "white1",
    players: &[
        "5w0 6b1 2w0",
        "8b= 3w0 1b1",
        "4b= 2b1 6w0",
        "3w= 5b0 8b=",
        "1b1 4w1 7w1",
        "7b0 1w0 3b1",
        "6w1 8w1 5b0",
        "2w= 7b0 4w=",
    ],
    games: &[(3, 5), (2, 7), (4, 1), (6, 8)],
    bye: None,
};

/// 2017 C.18, 2026 C20: 1 and 5 (2.0) float into 3 6 (1.5), and one of them floats on; 5 downfloated
/// in round 2.
pub const DOWNFLOAT_TWO_ROUNDS_BEFORE_SCORE_DIFFERENCE: Alike = Alike {
    total_rounds: 9,
    initial: "white1",
    players: &[
        "5b0 2w1 3b1",
        "4b= 1b0 6w=",
        "6b= 5w1 1w0",
        "2w= 6b= 5w0",
        "1w1 3b0 4b1",
        "3w= 4w= 2b=",
    ],
    games: &[(5, 6), (1, 4), (2, 3)],
    bye: None,
};

/// 2017 C.19, 2026 C21: 6 (3.0) and 3 (2.0) float into 4 5 (1.5); 4 upfloated in round 2.
pub const UPFLOAT_TWO_ROUNDS_BEFORE_SCORE_DIFFERENCE: Alike = Alike {
    total_rounds: 9,
    initial: "white1",
    players: &[
        "4b= 6w0 5b=",
        "8w1 7b0 6w0",
        "6b0 8b1 7w1",
        "1w= 5b1 8w0",
        "7b1 4w0 1w=",
        "3w1 1b1 2b1",
        "5w0 2w1 3b0",
        "2b0 3w0 4b1",
    ],
    games: &[(6, 5), (3, 4), (1, 2), (8, 7)],
    bye: None,
};

// ---------------------------------------------------------------------------------------------------
// Colours: 2017 E.1–E.5, 2026 5.2.1–5.2.5
// ---------------------------------------------------------------------------------------------------

/// 2017 E.1, 2026 5.2.1: 1 (strong white) meets 2 (strong black).
pub const BOTH_PREFERENCES: Alike = Alike {
    total_rounds: 9,
    initial: "white1",
    players: &[
        "4b1 6b1 5w1",
        "5w1 4w1 3b1",
        "6w= 5b= 2w0",
        "1w0 2b0 6w=",
        "2b0 3w= 1b0",
        "3b= 1w0 4b=",
    ],
    games: &[(1, 2), (4, 3), (6, 5)],
    bye: None,
};

/// 2017 E.2, 2026 5.2.2: 1 (mild white) meets 2 (strong white).
pub const STRONGER_PREFERENCE: Alike = Alike {
    total_rounds: 9,
    initial: "white1",
    players: &["3w1 4b=", "4b1 0-H", "1b0 0-U", "2w0 1w="],
    games: &[(2, 1), (3, 4)],
    bye: None,
};

/// 2017 E.2, 2026 5.2.2, second sentence: in the last round 1 and 2, both absolute black, meet.
pub const WIDER_COLOUR_DIFFERENCE: Alike = Alike {
    total_rounds: 4,
    initial: "white1",
    players: &[
        "4b1 3w= 5w1",
        "5w1 6w1 0-H",
        "6w= 1b= 4b=",
        "1w0 5b= 3w=",
        "2b0 4w= 1b0",
        "3b= 2b0 0-U",
    ],
    games: &[(1, 2), (6, 4), (3, 5)],
    bye: None,
};

/// 2017 E.3, 2026 5.2.3: 1 (W W B) and 2 (W B W) both want black strongly.
pub const LATEST_ROUND_THE_COLOURS_DIFFERED: Alike = Alike {
    total_rounds: 9,
    initial: "white1",
    players: &[
        "4w1 6w1 5b1",
        "5w1 3b1 6w1",
        "6b= 2w0 4b=",
        "1b0 5w= 3w=",
        "2b0 4b= 1w0",
        "3w= 1b0 2b0",
    ],
    games: &[(1, 2), (3, 5), (6, 4)],
    bye: None,
};

/// 2017 E.4, 2026 5.2.4: 1 and 3 both won with white in round 1.
pub const HIGHER_RANKED: Alike = Alike {
    total_rounds: 9,
    initial: "white1",
    players: &["4w1", "5b=", "6w1", "1b0", "2w=", "3b0"],
    games: &[(3, 1), (2, 4), (6, 5)],
    bye: None,
};

/// 2017 E.5, 2026 5.2.5: round 2; 3 absent in rounds 1 and 2 (not entered yet), 5 and 6 took
/// half-point byes in round 1 and meet.
pub const NOT_YET_ENTERED: Alike = Alike {
    total_rounds: 5,
    initial: "white1",
    players: &["4w1", "7b1", "0-Z 0-Z", "1b0", "0-H", "0-H", "2w0"],
    games: &[(2, 1), (6, 5), (4, 7)],
    bye: None,
};

/// The same with 3 taking part in round 2.
pub const ENTERED_IN_ROUND_2: Alike = Alike {
    total_rounds: 5,
    initial: "white1",
    players: &["4w1", "7b1", "0-Z", "1b0", "0-H", "0-H", "2w0"],
    games: &[(2, 1), (5, 6), (4, 3)],
    bye: Some(7),
};
