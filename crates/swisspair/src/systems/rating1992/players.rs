//! What the 1992 system reads about each player before a round: the order of A.2, the floats of A.4/A.5,
//! the colour preference of A.7, the colours B.2 still allows, whether B.1.b allows the bye, and the
//! exemption of the note to B for players with over 50% in the last round.

use super::trace::{self, Recorder, SearchNote};
use crate::error::{Error, Result};
use crate::score::Score;
use crate::sorting::{sort, sort_by};
use crate::state::{ColourPreference, Float, RoundState, Strength};
use crate::tournament::{Bye, Colour, Entry, Tournament};
use std::cmp::Reverse;

/// One player as the 1992 system sees them.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    /// Index in [`Tournament::players`].
    pub index: usize,
    pub start_number: u32,
    /// Score for pairing purposes (with the virtual points of the file, if any).
    pub score: Score,
    /// F.2/F.3: colours of the games actually played, oldest first (unplayed rounds left out).
    pub colours: Vec<Colour>,
    /// A.7.
    pub preference: ColourPreference,
    /// B.2: may receive white / black this round (index 0 = white, 1 = black).
    pub allowed: [bool; 2],
    /// A.4/A.5: the float of the previous round and of the round before it.
    pub floats: [Float; 2],
    /// B.1.b: may receive the bye.
    pub bye_ok: bool,
    /// Note to B (and A.7.a): over 50% of the maximum score when pairing the last round; B.2, B.5, B.6 and
    /// the absolute colour preference do not apply to this player.
    pub exempt: bool,
}

impl Player {
    /// Whether B.2 lets this player receive `colour`.
    pub fn may_receive(&self, colour: Colour) -> bool {
        match colour {
            Colour::White => self.allowed[0],
            Colour::Black => self.allowed[1],
        }
    }
}

/// The A.2 sort key: score, rating, title, name; the starting number only separates full namesakes.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct OrderKey {
    pub score: Reverse<Score>,
    pub rating: Reverse<u32>,
    pub title: u8,
    pub name_folded: String,
    pub name: String,
    pub start_number: u32,
}

/// A.2.c: the rank of a FIDE title, lower first. The text lists IGM-WGM-IM-WIM-FM-WFM; CM and WCM, created
/// after 1992, follow WFM in the same pattern (each title followed by its women's counterpart). The
/// one- and two-letter codes of older files (g, m, f, c, wg, wm, wf, wc) are read as the same titles;
/// anything else counts as no title.
pub fn title_rank(title: &str) -> u8 {
    match title.trim().to_ascii_uppercase().as_str() {
        "GM" | "IGM" | "G" => 0,
        "WGM" | "WG" => 1,
        "IM" | "M" => 2,
        "WIM" | "WM" => 3,
        "FM" | "F" => 4,
        "WFM" | "WF" => 5,
        "CM" | "C" => 6,
        "WCM" | "WC" => 7,
        _ => 8,
    }
}

/// A.7: the colour preference after the games played (`colours`, oldest first). `exempt`: A.7.a is not in
/// effect (a player with over 50% in the last round).
pub fn preference(colours: &[Colour], exempt: bool) -> ColourPreference {
    let Some(&last) = colours.last() else {
        // Before the first game there is no preference (the lot of A.7 decides E.5).
        return ColourPreference::NONE;
    };
    let difference = colour_difference(colours);
    let n = colours.len();
    let last_two_black = n >= 2 && colours[n - 2] == Colour::Black && last == Colour::Black;
    let last_two_same = n >= 2 && colours[n - 2] == last;
    let (colour, strength) = if !exempt && (difference.abs() > 1 || last_two_same) {
        // A.7.a: white when the difference is below zero or the last two games were black.
        let colour = if difference < 0 || last_two_black {
            Colour::White
        } else {
            Colour::Black
        };
        (colour, Strength::Absolute)
    } else if difference != 0 {
        // A.7.b.
        let colour = if difference < 0 {
            Colour::White
        } else {
            Colour::Black
        };
        (colour, Strength::Strong)
    } else {
        // A.7.c: alternate with respect to the previous game.
        (last.opposite(), Strength::Mild)
    };
    ColourPreference {
        colour: Some(colour),
        strength,
    }
}

/// A.7: whites minus blacks.
pub fn colour_difference(colours: &[Colour]) -> i32 {
    colours
        .iter()
        .map(|&c| if c == Colour::White { 1 } else { -1 })
        .sum()
}

/// B.2: whether a game with `colour` keeps the colour difference within ±2 and avoids a third equal
/// colour in a row.
pub fn colour_allowed(colours: &[Colour], colour: Colour) -> bool {
    let difference = colour_difference(colours) + if colour == Colour::White { 1 } else { -1 };
    let n = colours.len();
    let third = n >= 2 && colours[n - 1] == colour && colours[n - 2] == colour;
    difference.abs() <= 2 && !third
}

/// B.1.b: a player who received a point without playing — the pairing-allocated bye, a forfeit win, or
/// another unplayed round worth at least a win (a full-point bye) — shall not receive the bye. A half-point
/// or zero-point bye is not "a point" and does not bar it.
fn bye_allowed(t: &Tournament, entries: &[Entry]) -> bool {
    let win = t.points.win();
    !entries.iter().any(|e| match e {
        Entry::Played { .. } => false,
        Entry::Forfeit { won, .. } => *won,
        Entry::Bye(Bye::PairingAllocated | Bye::ForfeitWin) => true,
        Entry::Bye(_) => t.points.of_entry(e) >= win,
    })
}

/// A.4/A.5: the float of each round so far. A pairing of unequal scores gives the higher player a
/// downfloat and the lower one an upfloat; it is written on the pairing card when the pairing is made, so
/// a forfeited game counts like a played one. The pairing-allocated bye is a downfloat (A.5); other
/// rounds without an opponent (requested byes, absences) carry no float.
fn floats(t: &Tournament, running: &[Vec<Score>], player: usize) -> Vec<Float> {
    let Some(p) = t.players.get(player) else {
        return Vec::new();
    };
    let score = |who: usize, round: usize| running.get(who).and_then(|s| s.get(round)).copied();
    p.entries
        .iter()
        .enumerate()
        .map(|(k, e)| match e.opponent() {
            Some(o) => match (score(player, k), score(o, k)) {
                (Some(mine), Some(theirs)) if mine > theirs => Float::Down,
                (Some(mine), Some(theirs)) if mine < theirs => Float::Up,
                _ => Float::None,
            },
            None if *e == Entry::Bye(Bye::PairingAllocated) => Float::Down,
            None => Float::None,
        })
        .collect()
}

/// Everything the 1992 system reads, for the round being paired.
#[derive(Clone, Debug)]
pub struct Ctx {
    /// One per player of the tournament, same indices (absent players included, never paired).
    pub players: Vec<Player>,
    /// A.2: the players of this round, highest ranked first.
    pub order: Vec<usize>,
    /// Position of each player in `order` (`usize::MAX` when absent).
    pub rank: Vec<usize>,
    /// Opponents met in played games, sorted (B.1.a; F.2: unplayed games are no meeting).
    met: Vec<Vec<usize>>,
    /// Forbidden opponents this round (XXP / 260), sorted.
    forbidden: Vec<Vec<usize>>,
    /// E.5: the colour the lot of A.7 gives to the first player.
    pub initial_colour: Colour,
    /// The record of the decisions, when the round is explained (`None` otherwise).
    pub recorder: Recorder,
}

impl Ctx {
    /// Reads the tournament and its state before the round.
    pub fn new(t: &Tournament, state: &RoundState) -> Result<Ctx> {
        if state.players.len() != t.players.len() {
            return Err(Error::Internal(
                "round state and tournament disagree".into(),
            ));
        }
        let played = t.rounds_played;
        // Pairing score of every player before each round so far (A.4).
        let running: Vec<Vec<Score>> = t
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                (0..=played)
                    .map(|k| t.score_after(i, k) + p.acceleration_in(k + 1))
                    .collect()
            })
            .collect();
        let mut players = Vec::with_capacity(t.players.len());
        let mut keys = Vec::with_capacity(t.players.len());
        let mut met = Vec::with_capacity(t.players.len());
        for (i, (p, s)) in t.players.iter().zip(&state.players).enumerate() {
            let exempt = s.topscorer;
            let float_history = floats(t, &running, i);
            let back = |k: usize| {
                float_history
                    .len()
                    .checked_sub(k)
                    .and_then(|j| float_history.get(j))
                    .copied()
                    .unwrap_or(Float::None)
            };
            let allowed = if exempt {
                [true, true]
            } else {
                [
                    colour_allowed(&s.colours, Colour::White),
                    colour_allowed(&s.colours, Colour::Black),
                ]
            };
            players.push(Player {
                index: i,
                start_number: p.start_number,
                score: s.pairing_score,
                colours: s.colours.clone(),
                preference: preference(&s.colours, exempt),
                allowed,
                floats: [back(1), back(2)],
                bye_ok: bye_allowed(t, &p.entries),
                exempt,
            });
            keys.push(OrderKey {
                score: Reverse(s.pairing_score),
                rating: Reverse(p.rating),
                title: title_rank(&p.title),
                name_folded: p.name.to_lowercase(),
                name: p.name.clone(),
                start_number: p.start_number,
            });
            met.push(s.opponents.clone());
        }
        let mut forbidden = vec![Vec::new(); t.players.len()];
        for f in &t.forbidden {
            if (f.first_round..=f.last_round).contains(&state.round) && f.a != f.b {
                if let (Some(_), Some(_)) = (forbidden.get(f.a), forbidden.get(f.b)) {
                    forbidden[f.a].push(f.b);
                    forbidden[f.b].push(f.a);
                }
            }
        }
        let available: Vec<usize> = state.available().collect();
        Ok(Ctx::assemble(
            players,
            &keys,
            &available,
            met,
            forbidden,
            state.initial_colour,
        ))
    }

    /// Builds the context from its parts (`keys`, `met` and `forbidden` indexed like `players`).
    pub fn assemble(
        players: Vec<Player>,
        keys: &[OrderKey],
        available: &[usize],
        mut met: Vec<Vec<usize>>,
        mut forbidden: Vec<Vec<usize>>,
        initial_colour: Colour,
    ) -> Ctx {
        let mut order: Vec<usize> = available
            .iter()
            .copied()
            .filter(|&p| p < players.len())
            .collect();
        sort_by(&mut order, |&a, &b| keys.get(a).cmp(&keys.get(b)));
        order.dedup();
        let mut rank = vec![usize::MAX; players.len()];
        for (i, &p) in order.iter().enumerate() {
            rank[p] = i;
        }
        met.resize(players.len(), Vec::new());
        forbidden.resize(players.len(), Vec::new());
        for list in met.iter_mut().chain(forbidden.iter_mut()) {
            sort(list);
            list.dedup();
        }
        Ctx {
            players,
            order,
            rank,
            met,
            forbidden,
            initial_colour,
            recorder: None,
        }
    }

    /// The same context, recording the decisions taken with it (for the explanation).
    pub fn recording(mut self) -> Ctx {
        self.recorder = Some(Default::default());
        self
    }

    /// Applies `f` to the record of the search under way, when recording.
    pub fn note(&self, f: impl FnOnce(&mut SearchNote)) {
        trace::note(&self.recorder, f);
    }

    /// Whether the record is kept (to skip work done only for it).
    pub fn records(&self) -> bool {
        self.recorder.is_some()
    }

    /// B.1.a: `a` and `b` have met in a played game.
    pub fn has_met(&self, a: usize, b: usize) -> bool {
        self.met.get(a).is_some_and(|m| m.binary_search(&b).is_ok())
    }

    /// The players `p` may not meet by B.1.a or a forbidden pair (the lists [`Ctx::may_meet`] reads).
    pub fn barred(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        let met = self.met.get(p).into_iter().flatten();
        let forbidden = self.forbidden.get(p).into_iter().flatten();
        met.chain(forbidden).copied()
    }

    /// The player with index `p` (every index the system handles comes from `order`).
    pub fn player(&self, p: usize) -> &Player {
        &self.players[p]
    }

    /// A.2: the rank of `p` this round (0 = highest).
    pub fn rank_of(&self, p: usize) -> usize {
        self.rank.get(p).copied().unwrap_or(usize::MAX)
    }

    /// B.1.a and the forbidden pairs of the file: `a` and `b` may meet at all.
    pub fn may_meet(&self, a: usize, b: usize) -> bool {
        a != b
            && self
                .met
                .get(a)
                .is_some_and(|m| m.binary_search(&b).is_err())
            && self
                .forbidden
                .get(a)
                .is_some_and(|f| f.binary_search(&b).is_err())
    }

    /// B.1 and B.2 (absolute criteria): `a` and `b` may be paired, i.e. they may meet and one colouring of
    /// the game keeps both within B.2.
    pub fn legal(&self, a: usize, b: usize) -> bool {
        if !self.may_meet(a, b) {
            return false;
        }
        let (pa, pb) = (self.player(a), self.player(b));
        (pa.may_receive(Colour::White) && pb.may_receive(Colour::Black))
            || (pa.may_receive(Colour::Black) && pb.may_receive(Colour::White))
    }
}
