//! What the pairing systems derive per player before a round: score, colour history, colour difference and
//! preference, floats, opponents met, bye eligibility, topscorer status and ARO.
//!
//! Only played games count for colours (C.04.2: unplayed rounds are removed from the colour history as if
//! they came first); only played games count as meetings (C.04.1.b).

use crate::rules::Edition;
use crate::score::Score;
use crate::sorting::sort;
use crate::tournament::{Availability, Bye, Colour, Entry, Tournament};

/// A float in one round (Dutch 2017 A.4; 2026 1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Float {
    None,
    /// Played a lower-scored opponent, or did not play at all (2017: bye, forfeit, absence; 2026: only
    /// when the round scored more than a loss — a forfeit win, a full- or half-point bye, a PAB worth
    /// more than a loss).
    Down,
    /// Played a higher-scored opponent.
    Up,
}

/// Strength of a colour preference (Dutch A.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Strength {
    None,
    Mild,
    Strong,
    Absolute,
}

/// A colour preference: the colour wanted and how strongly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ColourPreference {
    pub colour: Option<Colour>,
    pub strength: Strength,
}

impl ColourPreference {
    pub const NONE: ColourPreference = ColourPreference {
        colour: None,
        strength: Strength::None,
    };

    /// A.6: from the colours of the games played, oldest first.
    pub fn from_history(colours: &[Colour]) -> ColourPreference {
        let whites = colours.iter().filter(|&&c| c == Colour::White).count() as i32;
        let difference = 2 * whites - colours.len() as i32;
        let last = colours.last().copied();
        let last_two_same =
            colours.len() >= 2 && colours[colours.len() - 2] == colours[colours.len() - 1];
        let Some(last) = last else {
            // A.6.d: players who did not play any games have no colour preference.
            return ColourPreference::NONE;
        };
        let (colour, strength) = if difference < -1 {
            (Colour::White, Strength::Absolute) // A.6.a
        } else if difference > 1 {
            (Colour::Black, Strength::Absolute) // A.6.a
        } else if last_two_same {
            (last.opposite(), Strength::Absolute) // A.6.a: same colour in the two latest games
        } else if difference == -1 {
            (Colour::White, Strength::Strong) // A.6.b
        } else if difference == 1 {
            (Colour::Black, Strength::Strong) // A.6.b
        } else {
            (last.opposite(), Strength::Mild) // A.6.c: alternate with respect to the previous game
        };
        ColourPreference {
            colour: Some(colour),
            strength,
        }
    }
}

/// A player's state before the round being paired.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerState {
    /// Index in [`Tournament::players`].
    pub player: usize,
    pub start_number: u32,
    pub rating: u32,
    /// Points scored so far.
    pub score: Score,
    /// Score plus the virtual points (XXA / 250) for this round: what the pairing uses.
    pub pairing_score: Score,
    /// Colours of the games played, oldest first (unplayed rounds left out).
    pub colours: Vec<Colour>,
    /// Whites minus blacks over games played.
    pub colour_difference: i32,
    pub preference: ColourPreference,
    /// Float of each round so far, round 1 first.
    pub floats: Vec<Float>,
    /// Opponents met in played games (indices), sorted.
    pub opponents: Vec<usize>,
    /// Received the pairing-allocated bye before.
    pub had_pairing_bye: bool,
    /// Scored a forfeit win before.
    pub had_forfeit_win: bool,
    /// May receive the pairing-allocated bye, under the edition's basic rules (C.04.1).
    pub bye_ok: bool,
    /// Was paired in an earlier round: a game, a forfeit, the pairing-allocated bye (or a forfeit win
    /// written without an opponent, which the reference engines read as a pairing).
    pub paired_before: bool,
    /// Takes part in this round.
    pub available: bool,
    /// A.7: in the last round, a score over 50% of the maximum possible.
    pub topscorer: bool,
    /// Sum and count of the ratings of the opponents actually played (for ARO).
    pub opponent_rating_sum: u64,
    pub games_played: u32,
}

impl PlayerState {
    /// C.04.1.d / Dutch C.2: may receive the pairing-allocated bye. Until 2026: not after a PAB or a
    /// forfeit win; since 2026 (Dutch C2): not after a PAB (whatever it was worth) nor after scoring, in
    /// one round and without playing, as many points as a win (a forfeit win, a full-point bye).
    pub fn bye_eligible(&self) -> bool {
        self.bye_ok
    }

    /// Has met `other` in a played game (C.04.1.b).
    pub fn has_met(&self, other: usize) -> bool {
        self.opponents.binary_search(&other).is_ok()
    }

    /// The float `rounds_back` rounds before the round being paired (1 = the previous round).
    pub fn float_back(&self, rounds_back: usize) -> Float {
        self.floats
            .len()
            .checked_sub(rounds_back)
            .and_then(|i| self.floats.get(i))
            .copied()
            .unwrap_or(Float::None)
    }

    /// The colour of the latest game played.
    pub fn last_colour(&self) -> Option<Colour> {
        self.colours.last().copied()
    }

    /// Average rating of the opponents actually played, rounded to the nearest integer (Dubov 1).
    pub fn aro(&self) -> Option<u32> {
        (self.games_played > 0).then(|| {
            let n = u64::from(self.games_played);
            ((self.opponent_rating_sum * 2 + n) / (2 * n)) as u32
        })
    }
}

/// Everything the systems need to pair one round.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundState {
    /// The edition of the rules the state is derived for (floats and bye eligibility depend on it).
    pub edition: Edition,
    /// The round being paired (1-based).
    pub round: usize,
    /// True when this is the tournament's final round (XXR known and reached).
    pub last_round: bool,
    /// One per player of the tournament, same indices.
    pub players: Vec<PlayerState>,
    /// The colour the top player received (or receives) in round 1 (E.5); white when the file is silent.
    pub initial_colour: Colour,
    /// The points of a win.
    pub win: Score,
}

impl RoundState {
    /// The state before the tournament's next round, under the rules in force until 2026.
    pub fn new(t: &Tournament) -> RoundState {
        RoundState::with_edition(t, Edition::Y2017)
    }

    /// The state before the tournament's next round, under `edition`'s definitions of floats and bye
    /// eligibility.
    pub fn with_edition(t: &Tournament, edition: Edition) -> RoundState {
        let since_2026 = edition.is_2026();
        let round = t.next_round();
        let last_round = t.total_rounds == Some(round);
        let win = t.points.win();
        // "More than a loss" (2026 1.4): above the points of a lost game.
        let loss = t.points.loss();
        // Pairing score before each past round, for the floats of A.4.b.
        let played = t.rounds_played;
        let mut running: Vec<Vec<Score>> = Vec::with_capacity(t.players.len());
        for (i, p) in t.players.iter().enumerate() {
            let mut scores = Vec::with_capacity(played + 1);
            let mut total = Score::ZERO;
            for k in 1..=played + 1 {
                scores.push(total + p.acceleration_in(k));
                if k <= p.entries.len() {
                    total += t.points_in(i, k);
                }
            }
            debug_assert_eq!(total, t.score_after(i, played));
            running.push(scores);
        }
        let players = t
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let colours: Vec<Colour> =
                    p.entries.iter().filter_map(Entry::played_colour).collect();
                let whites = colours.iter().filter(|&&c| c == Colour::White).count() as i32;
                let mut opponents: Vec<usize> = p
                    .entries
                    .iter()
                    .filter(|e| e.is_played())
                    .filter_map(Entry::opponent)
                    .collect();
                sort(&mut opponents);
                opponents.dedup();
                let floats = p
                    .entries
                    .iter()
                    .enumerate()
                    .map(|(k, e)| match e {
                        Entry::Played { opponent, .. } => {
                            let mine = running[i][k];
                            let theirs = running
                                .get(*opponent)
                                .and_then(|s| s.get(k))
                                .copied()
                                .unwrap_or(mine);
                            if mine > theirs {
                                Float::Down
                            } else if mine < theirs {
                                Float::Up
                            } else {
                                Float::None
                            }
                        }
                        // 2026 1.4.3/1.4.4: a player who scores more than a loss without playing
                        // (forfeit win, full- or half-point bye, a PAB worth more than a loss)
                        // receives a downfloat; a zero-point absence or a forfeit loss is no float.
                        e if since_2026 => {
                            if t.points.of_entry(e) > loss {
                                Float::Down
                            } else {
                                Float::None
                            }
                        }
                        // 2017 A.4.b: a player who does not play in a round (bye, forfeit, absence)
                        // receives a downfloat.
                        _ => Float::Down,
                    })
                    .collect();
                let had_pairing_bye = p.entries.contains(&Entry::Bye(Bye::PairingAllocated));
                let had_forfeit_win = p.entries.iter().any(|e| {
                    matches!(
                        e,
                        Entry::Forfeit { won: true, .. } | Entry::Bye(Bye::ForfeitWin)
                    )
                });
                let bye_ok = if since_2026 {
                    // 2026 C.04.1 / Dutch C2.
                    !had_pairing_bye
                        && !p
                            .entries
                            .iter()
                            .any(|e| !e.is_played() && t.points.of_entry(e) >= win)
                } else {
                    // C.04.1.d (2017 era) / Dutch C.2.
                    !had_pairing_bye && !had_forfeit_win
                };
                let score = t.score_after(i, played);
                let opponent_rating_sum = p
                    .entries
                    .iter()
                    .filter(|e| e.is_played())
                    .filter_map(Entry::opponent)
                    .map(|o| u64::from(t.players.get(o).map_or(0, |q| q.rating)))
                    .sum();
                PlayerState {
                    player: i,
                    start_number: p.start_number,
                    rating: p.rating,
                    score,
                    pairing_score: score + p.acceleration_in(round),
                    colour_difference: 2 * whites - colours.len() as i32,
                    preference: ColourPreference::from_history(&colours),
                    games_played: colours.len() as u32,
                    colours,
                    floats,
                    opponents,
                    had_pairing_bye,
                    had_forfeit_win,
                    bye_ok,
                    paired_before: p.entries.iter().any(|e| {
                        matches!(
                            e,
                            Entry::Played { .. }
                                | Entry::Forfeit { .. }
                                | Entry::Bye(Bye::PairingAllocated | Bye::ForfeitWin)
                        )
                    }),
                    available: p.next_round == Availability::Available,
                    // A.7: over 50% of the maximum possible score, when pairing the final round.
                    topscorer: last_round && score.0 * 2 > win.0 * played as i32,
                    opponent_rating_sum,
                }
            })
            .collect();
        RoundState {
            edition,
            round,
            last_round,
            players,
            initial_colour: t.initial_colour.unwrap_or(Colour::White),
            win,
        }
    }

    /// Indices of the players taking part in this round.
    pub fn available(&self) -> impl Iterator<Item = usize> + '_ {
        self.players
            .iter()
            .filter(|p| p.available)
            .map(|p| p.player)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};

    #[test]
    fn a6_preferences() {
        assert_eq!(ColourPreference::from_history(&[]), ColourPreference::NONE);
        let p = ColourPreference::from_history(&[W]);
        assert_eq!((p.colour, p.strength), (Some(B), Strength::Strong));
        let p = ColourPreference::from_history(&[W, B]);
        assert_eq!((p.colour, p.strength), (Some(W), Strength::Mild));
        let p = ColourPreference::from_history(&[B, W, W]);
        assert_eq!((p.colour, p.strength), (Some(B), Strength::Absolute));
        let p = ColourPreference::from_history(&[B, W, B, B, W]);
        assert_eq!((p.colour, p.strength), (Some(W), Strength::Strong));
        let p = ColourPreference::from_history(&[B, B, W, B]);
        assert_eq!((p.colour, p.strength), (Some(W), Strength::Absolute));
    }
}
