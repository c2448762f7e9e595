//! Can the players not yet paired still all be paired? Asked when the bye is given (1.1, C.04.1: the
//! round is completed when it can be), before the median group is paired (2.6: "if the median
//! score-group cannot be paired") and at each step of pairing it.
//!
//! A maximum matching of the players still unpaired, over the pairs allowed (2.1, or 2.1 and 6 in the
//! last round), with a vertex for the bye when the number of players is odd. Pairs made leave the graph
//! and pairs undone come back; the matching is kept, and only the players left single are matched
//! again. The pairs are never listed (nearly every pair is allowed): [`Cardinality`] asks about a pair
//! when it looks at it.

use super::compatibility::colour_allowed;
use super::context::Context;
use crate::error::{Error, Result};
use crate::matching::Cardinality;
use crate::tournament::Colour;

/// The pairs a completion may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// 2.1 only: the colour limits kept.
    Compatible,
    /// 2.1, or 6 where it is in force.
    Legal,
}

const NONE: usize = usize::MAX;

/// What the relation reads of a player, copied once: a round of thousands of players asks about tens
/// of millions of pairs, and the graph is never listed (see [`Cardinality`]).
#[derive(Clone, Debug)]
struct Profile {
    /// 5.1 a/b: may he have white, black?
    white: bool,
    black: bool,
    /// Opponents met (indices, sorted).
    met: Vec<usize>,
    /// Twice his score, and whether 6 is in force for his score group.
    score_twice: i64,
    exception: bool,
    /// C.04.1: may he receive the bye?
    bye_eligible: bool,
}

#[derive(Clone)]
pub struct Completion {
    matching: Cardinality,
    /// The player of each vertex (the bye's vertex, when there is one, is the last).
    players: Vec<usize>,
    /// Vertex of each player (`NONE` when not in the round).
    vertex: Vec<usize>,
    profiles: Vec<Profile>,
    /// The forbidden pairs of the round (XXP, 260), as vertices, each (lower, higher), sorted.
    forbidden: Vec<(usize, usize)>,
    relation: Relation,
    /// The bye's vertex, when the number of players is odd.
    bye: Option<usize>,
}

impl Completion {
    /// All the players of the round; fails when they cannot all be paired (one receiving the bye).
    pub fn new(ctx: &Context<'_>, players: &[usize]) -> Result<Completion> {
        Completion::with(ctx, players, Relation::Legal)
    }

    /// `players`, with the pairs of `relation`; fails when they cannot all be paired (one receiving the
    /// bye when they are odd).
    pub fn with(ctx: &Context<'_>, players: &[usize], relation: Relation) -> Result<Completion> {
        let n = players.len();
        let bye = (n % 2 == 1).then_some(n);
        let size = n + usize::from(bye.is_some());
        let mut vertex = vec![NONE; ctx.state.players.len()];
        for (v, &p) in players.iter().enumerate() {
            if let Some(slot) = vertex.get_mut(p) {
                *slot = v;
            }
        }
        let profiles = players
            .iter()
            .map(|&p| {
                let state = ctx.player(p);
                Profile {
                    white: colour_allowed(state, Colour::White),
                    black: colour_allowed(state, Colour::Black),
                    met: state.opponents.clone(),
                    score_twice: ctx.score_twice(p),
                    exception: ctx.last_round_exception(ctx.score_twice(p)),
                    bye_eligible: state.bye_eligible(),
                }
            })
            .collect();
        let mut forbidden: Vec<(usize, usize)> = ctx
            .tournament
            .forbidden
            .iter()
            .filter_map(|f| {
                let (a, b) = (*vertex.get(f.a)?, *vertex.get(f.b)?);
                let in_round = (f.first_round..=f.last_round).contains(&ctx.state.round);
                (a != NONE && b != NONE && in_round).then_some((a.min(b), a.max(b)))
            })
            .collect();
        forbidden.sort_unstable();
        let mut c = Completion {
            matching: Cardinality::new(size),
            players: players.to_vec(),
            vertex,
            profiles,
            forbidden,
            relation,
            bye,
        };
        if !c.complete() {
            return Err(Error::NoValidPairing(
                "the players cannot all be paired within 2.1 (no rematch, colour limits of 5.1 a/b, forbidden pairs) with the bye to a player who may receive it"
                    .into(),
            ));
        }
        Ok(c)
    }

    /// Whether the vertices `i` and `j` may be matched: two players the relation allows (2.1, or 6),
    /// or a player who may receive the bye and the bye.
    fn allowed(&self, i: usize, j: usize) -> bool {
        let (Some(a), Some(b)) = (self.profiles.get(i), self.profiles.get(j)) else {
            let player = if Some(i) == self.bye { j } else { i };
            return self.profiles.get(player).is_some_and(|p| p.bye_eligible);
        };
        let player_j = self.players.get(j).copied().unwrap_or(NONE);
        let may_meet = a.met.binary_search(&player_j).is_err()
            && self.forbidden.binary_search(&(i.min(j), i.max(j))).is_err();
        let colours = (a.white && b.black) || (a.black && b.white);
        may_meet
            && (colours
                || (self.relation == Relation::Legal
                    && a.score_twice == b.score_twice
                    && a.exception))
    }

    fn vertex_of(&self, player: usize) -> Result<usize> {
        match self.vertex.get(player) {
            Some(&v) if v != NONE => Ok(v),
            _ => Err(Error::Internal(format!(
                "player index {player} is not in the round"
            ))),
        }
    }

    /// True when every vertex still unpaired has a partner.
    fn complete(&mut self) -> bool {
        let mut matching = std::mem::replace(&mut self.matching, Cardinality::new(0));
        let perfect = matching.perfect(&|i, j| self.allowed(i, j));
        self.matching = matching;
        perfect
    }

    /// Takes the vertices out when the others still complete; otherwise leaves everything as it was.
    fn try_remove(&mut self, taken: &[usize], released: &[usize]) -> Result<bool> {
        let before = self.matching.save();
        for &v in released {
            self.matching.restore(v);
        }
        for &v in taken {
            self.matching.remove(v);
        }
        if self.complete() {
            return Ok(true);
        }
        self.matching.load(before);
        Ok(false)
    }

    /// Gives `player` the bye when the others can still all be paired.
    pub fn try_bye(&mut self, player: usize) -> Result<bool> {
        let Some(bye) = self.bye else {
            return Ok(false);
        };
        let v = self.vertex_of(player)?;
        if !self.allowed(v, bye) {
            return Ok(false);
        }
        self.try_remove(&[v, bye], &[])
    }

    /// Takes the players out (they are paired elsewhere), whatever that leaves.
    pub fn remove_players(&mut self, players: &[usize]) -> Result<()> {
        for &p in players {
            let v = self.vertex_of(p)?;
            self.matching.remove(v);
        }
        Ok(())
    }

    /// Puts the players back (a pairing undone, 2.6), and tells whether everybody not yet paired can
    /// now be paired.
    pub fn release_players(&mut self, players: &[usize]) -> Result<bool> {
        for &p in players {
            let v = self.vertex_of(p)?;
            self.matching.restore(v);
        }
        Ok(self.complete())
    }

    /// Whether everybody not yet paired can be paired.
    pub fn is_complete(&mut self) -> bool {
        self.complete()
    }

    /// Makes the pairs `add` and undoes the pairs `remove` when the players still unpaired can all be
    /// paired afterwards; otherwise changes nothing and returns false.
    pub fn try_change(
        &mut self,
        add: &[(usize, usize)],
        remove: &[(usize, usize)],
    ) -> Result<bool> {
        let players = |pairs: &[(usize, usize)]| -> Vec<usize> {
            pairs.iter().flat_map(|&(a, b)| [a, b]).collect()
        };
        let (added, removed) = (players(add), players(remove));
        let mut taken = Vec::new();
        for p in added.iter().filter(|p| !removed.contains(p)) {
            taken.push(self.vertex_of(*p)?);
        }
        let mut released = Vec::new();
        for p in removed.iter().filter(|p| !added.contains(p)) {
            released.push(self.vertex_of(*p)?);
        }
        self.try_remove(&taken, &released)
    }
}

#[cfg(test)]
mod tests {
    use super::super::compatibility::{compatible, legal};
    use super::super::tests::Trf;
    use super::*;
    use crate::state::RoundState;

    /// The relation the completion reads from its copies is 2.1 (`compatible`), and with 6 `legal`:
    /// on every pair of six players after two rounds won by white, the last round with 6 in force for
    /// the groups of 2 and 0 points, a forbidden pair among them.
    #[test]
    fn the_relation_is_2_1_and_6() {
        let t = Trf::new(&[2400, 2300, 2200, 2100, 2000, 1900])
            .round(&[(1, 4, '1'), (2, 5, '1'), (3, 6, '1')], &[])
            .round(&[(1, 5, '1'), (2, 6, '1'), (4, 3, '1')], &[])
            .line("XXR 3")
            .line("XXP 3 5")
            .build();
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state).with_last_round_exception(vec![40, 0]);
        let players: Vec<usize> = (0..6).collect();
        for (relation, reference) in [
            (
                Relation::Compatible,
                compatible as fn(&Context<'_>, usize, usize) -> bool,
            ),
            (Relation::Legal, legal),
        ] {
            let c = Completion {
                relation,
                ..Completion::with(&ctx, &players, Relation::Legal).unwrap()
            };
            for a in 0..6 {
                for b in 0..6 {
                    if a != b {
                        assert_eq!(
                            c.allowed(a, b),
                            reference(&ctx, a, b),
                            "{a} {b} {relation:?}"
                        );
                    }
                }
            }
        }
    }

    /// 2.6: a pairing undone brings its players back; the test tells whether all can be paired again.
    #[test]
    fn removed_and_released_players() {
        let t = Trf::new(&[2400, 2300, 2200, 2100]).line("XXP 1 2").build();
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        let mut c = Completion::new(&ctx, &[0, 1, 2, 3]).unwrap();
        // 3-4 paired elsewhere leaves 1 and 2, a forbidden pair.
        c.remove_players(&[2, 3]).unwrap();
        assert!(!c.is_complete());
        assert!(c.release_players(&[2, 3]).unwrap());
    }

    /// 6: the relation the test uses: 2.1 alone, or 2.1 and 6.
    #[test]
    fn relation_compatible_or_legal() {
        let t = Trf::new(&[2400, 2300, 2200, 2100])
            .round(&[(1, 3, '1'), (2, 4, '1')], &[])
            .round(&[(1, 4, '1'), (2, 3, '1')], &[])
            .line("XXR 3")
            .build();
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state).with_last_round_exception(vec![40]);
        assert!(Completion::with(&ctx, &[0, 1], Relation::Compatible).is_err());
        assert!(Completion::with(&ctx, &[0, 1], Relation::Legal).is_ok());
    }

    /// Round 1 of four players, 3 and 4 forbidden to meet (XXP).
    fn four_with_a_forbidden_pair() -> crate::tournament::Tournament {
        Trf::new(&[2400, 2300, 2200, 2100]).line("XXP 3 4").build()
    }

    #[test]
    fn refuses_a_pair_that_strands_the_others_and_changes_nothing() {
        let t = four_with_a_forbidden_pair();
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        let mut c = Completion::new(&ctx, &[0, 1, 2, 3]).unwrap();
        // 1-2 would leave 3-4, a forbidden pair.
        assert!(!c.try_change(&[(0, 1)], &[]).unwrap());
        // 1-3 leaves 2-4; then 2-4 completes the round.
        assert!(c.try_change(&[(0, 2)], &[]).unwrap());
        assert!(c.try_change(&[(1, 3)], &[]).unwrap());
        // Exchanging opponents into 1-4 / 2-3 is fine, into 1-2 / 3-4 is not (3-4 is not even asked:
        // the completion only sees who is left, and nobody is).
        assert!(c.try_change(&[(0, 3), (1, 2)], &[(0, 2), (1, 3)]).unwrap());
    }

    #[test]
    fn the_bye_goes_only_where_the_rest_completes() {
        // Five players in round 1, 3 and 4 forbidden to meet: a bye to 1, 2 or 5 leaves 3 and 4 to
        // two different opponents; a bye to 3 or 4 also works.
        let t = Trf::new(&[2400, 2300, 2200, 2100, 2000])
            .line("XXP 1 2 3")
            .build();
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        let mut c = Completion::new(&ctx, &[0, 1, 2, 3, 4]).unwrap();
        // With 1, 2, 3 mutually forbidden, only 4 and 5 can meet them: two of the three need 4 and 5,
        // so the third must have the bye.
        assert!(!c.try_bye(4).unwrap());
        assert!(!c.try_bye(3).unwrap());
        assert!(c.try_bye(2).unwrap());
    }

    #[test]
    fn no_complete_pairing_is_no_valid_pairing() {
        let t = Trf::new(&[2400, 2300]).line("XXP 1 2").build();
        let state = RoundState::new(&t);
        let ctx = Context::new(&t, &state);
        assert!(matches!(
            Completion::new(&ctx, &[0, 1]),
            Err(Error::NoValidPairing(_))
        ));
    }
}
