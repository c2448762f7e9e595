//! Unit tests of the 1992 system: the orders of section D as the text prints them (`section_d.rs`), the
//! search against a literal enumeration of the procedure (`search.rs`), one small hand-worked
//! tournament per article (`articles.rs`), and the steps that go back to brackets already paired,
//! C.12 and C.13 (`c12_c13.rs`). Every article case that pairs a round also checks that the
//! explanation of the round ([`explains`]) names the articles it pins. In the hand-worked tournaments the expected pairs are worked out in each
//! test's comment; players are numbered by rating, so A.2 order is starting order unless said.

mod articles;
mod c12_c13;
mod search;
mod section_d;

use super::players::{colour_allowed, preference, Ctx, OrderKey, Player};
use crate::score::Score;
use crate::state::{Float, RoundState};
pub use crate::test_trf::Trf;
use crate::test_trf::{pairs, Naming};
use crate::tournament::{Colour, Tournament};
use std::cmp::Reverse;
use Colour::{Black as B, White as W};

/// A small pseudo-random generator (no dependency, same numbers everywhere).
pub struct Lcg(pub u64);

impl Lcg {
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n.max(1)
    }
}

/// A random context of `n` players: the first `mdps` have a higher score, colour histories of up to
/// three games, random floats, some bye-ineligible, and met pairs with chance `met_in_10`/10.
pub fn random_ctx(rng: &mut Lcg, n: usize, mdps: usize, met_in_10: u64) -> Ctx {
    let scores: Vec<Score> = (0..n)
        .map(|i| if i < mdps { Score(20) } else { Score(10) })
        .collect();
    random_scored(rng, &scores, met_in_10)
}

/// A random context of players with these scores (in order, highest first), as [`random_ctx`].
pub fn random_scored(rng: &mut Lcg, scores: &[Score], met_in_10: u64) -> Ctx {
    let n = scores.len();
    let mut players = Vec::new();
    let mut keys = Vec::new();
    for (i, &score) in scores.iter().enumerate() {
        let games = rng.below(4) as usize;
        let colours: Vec<Colour> = (0..games)
            .map(|_| if rng.below(2) == 0 { W } else { B })
            .collect();
        let float = |r: u64| match r {
            0 => Float::Down,
            1 => Float::Up,
            _ => Float::None,
        };
        players.push(Player {
            index: i,
            start_number: i as u32 + 1,
            score,
            allowed: [colour_allowed(&colours, W), colour_allowed(&colours, B)],
            preference: preference(&colours, false),
            colours,
            floats: [float(rng.below(4)), float(rng.below(4))],
            bye_ok: rng.below(4) != 0,
            exempt: false,
        });
        keys.push(OrderKey {
            score: Reverse(score),
            rating: Reverse(3000 - i as u32),
            title: 8,
            name_folded: String::new(),
            name: String::new(),
            start_number: i as u32 + 1,
        });
    }
    let mut met = vec![Vec::new(); n];
    for a in 0..n {
        for b in a + 1..n {
            if rng.below(10) < met_in_10 {
                met[a].push(b);
                met[b].push(a);
            }
        }
    }
    let available: Vec<usize> = (0..n).collect();
    Ctx::assemble(players, &keys, &available, met, vec![Vec::new(); n], W)
}
/// A context of one score group (score 1): each player's colours played and floats (previous round,
/// the one before), and the pairs who have met; A.2 order is the order given.
pub fn group_ctx(players: &[(&[Colour], [Float; 2])], met: &[(usize, usize)]) -> Ctx {
    let n = players.len();
    let (list, keys): (Vec<Player>, Vec<OrderKey>) = players
        .iter()
        .enumerate()
        .map(|(i, &(colours, floats))| {
            let player = Player {
                index: i,
                start_number: i as u32 + 1,
                score: Score(10),
                allowed: [colour_allowed(colours, W), colour_allowed(colours, B)],
                preference: preference(colours, false),
                colours: colours.to_vec(),
                floats,
                bye_ok: true,
                exempt: false,
            };
            let key = OrderKey {
                score: Reverse(Score(10)),
                rating: Reverse(3000 - i as u32),
                title: 8,
                name_folded: String::new(),
                name: String::new(),
                start_number: i as u32 + 1,
            };
            (player, key)
        })
        .unzip();
    let mut lists = vec![Vec::new(); n];
    for &(a, b) in met {
        lists[a].push(b);
        lists[b].push(a);
    }
    let available: Vec<usize> = (0..n).collect();
    Ctx::assemble(list, &keys, &available, lists, vec![Vec::new(); n], W)
}

/// Pairs the next round: games as (white, black) starting numbers in the order of F.1, and the bye.
pub fn pair_round(t: &Tournament) -> (Vec<(u32, u32)>, Option<u32>) {
    pairs(t, &super::pair(t, &RoundState::new(t)).expect("pairs"))
}

/// Asserts that the explanation of the next round (`System::Rating1992.explain_in`) names every one of
/// `articles`, and that its pairing is the round's pairing.
pub fn explains(t: &Tournament, articles: &[&str]) {
    use crate::systems::{Edition, System};
    crate::test_trf::explains(
        System::Rating1992,
        Edition::Y1992,
        t,
        articles,
        Naming::Exact,
    );
}

pub fn ctx_of(t: &Tournament) -> Ctx {
    Ctx::new(t, &RoundState::new(t)).expect("context")
}

/// Eight players after a first round won by the top half: 1-5, 6-2, 3-7, 8-4 (white first). Winners
/// 1 and 3 prefer black, 2 and 4 white; losers 5 and 7 prefer white, 6 and 8 black (all strong, A.7.b).
pub fn eight_after_round_one() -> Trf {
    Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
        .round(&[(1, 5, '1'), (6, 2, '0'), (3, 7, '1'), (8, 4, '0')], &[])
        .line("XXR 5")
}
