//! Can the players not yet paired still all be paired? Asked when the bye is given (1.1, C.04.1: the
//! round is completed when it can be), before the median group is paired (2.6: "if the median
//! score-group cannot be paired") and at each step of pairing it.
//!
//! A maximum matching of the players still unpaired, over the pairs allowed (2.1, or 2.1 and 6 in the
//! last round), with a vertex for the bye when the number of players is odd. Pairs made leave the graph
//! and pairs undone come back; the matching engine re-solves incrementally.

use super::compatibility::{compatible, legal};
use super::context::Context;
use crate::error::{Error, Result};
use crate::matching::{MatchingComputer, MatchingError, SmallWeight};

const NONE: usize = usize::MAX;

/// The pairs a completion may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// 2.1 only: the colour limits kept.
    Compatible,
    /// 2.1, or 6 where it is in force.
    Legal,
}

#[derive(Clone)]
pub struct Completion {
    matching: MatchingComputer<SmallWeight>,
    /// Vertex of each player (`NONE` when not in the round).
    vertex: Vec<usize>,
    /// The vertices each vertex may be matched with.
    partners: Vec<Vec<usize>>,
    /// Vertices not yet paired.
    present: Vec<bool>,
    /// The bye's vertex, when the number of players is odd.
    bye: Option<usize>,
}

fn internal(e: MatchingError) -> Error {
    Error::Internal(format!("matching: {e}"))
}

impl Completion {
    /// All the players of the round; fails when they cannot all be paired (one receiving the bye).
    pub fn new(ctx: &Context<'_>, players: &[usize]) -> Result<Completion> {
        Completion::with(ctx, players, Relation::Legal)
    }

    /// `players`, with the pairs of `relation`; fails when they cannot all be paired (one receiving the
    /// bye when they are odd).
    pub fn with(ctx: &Context<'_>, players: &[usize], relation: Relation) -> Result<Completion> {
        let allowed = |a: usize, b: usize| match relation {
            Relation::Compatible => compatible(ctx, a, b),
            Relation::Legal => legal(ctx, a, b),
        };
        let n = players.len();
        let bye = (n % 2 == 1).then_some(n);
        let size = n + usize::from(bye.is_some());
        let mut vertex = vec![NONE; ctx.state.players.len()];
        for (v, &p) in players.iter().enumerate() {
            if let Some(slot) = vertex.get_mut(p) {
                *slot = v;
            }
        }
        let mut partners = vec![Vec::new(); size];
        for (i, &a) in players.iter().enumerate() {
            for (j, &b) in players.iter().enumerate().skip(i + 1) {
                if allowed(a, b) {
                    partners[i].push(j);
                    partners[j].push(i);
                }
            }
            if let Some(bye) = bye {
                if ctx.player(a).bye_eligible() {
                    partners[i].push(bye);
                    partners[bye].push(i);
                }
            }
        }
        let mut c = Completion {
            matching: MatchingComputer::new(size).map_err(internal)?,
            vertex,
            partners,
            present: vec![false; size],
            bye,
        };
        c.restore_vertices(&(0..size).collect::<Vec<_>>())?;
        if !c.complete() {
            return Err(Error::NoValidPairing(
                "the players cannot all be paired within 2.1 (no rematch, colour limits of 5.1 a/b, forbidden pairs) with the bye to a player who may receive it"
                    .into(),
            ));
        }
        Ok(c)
    }

    fn vertex_of(&self, player: usize) -> Result<usize> {
        match self.vertex.get(player) {
            Some(&v) if v != NONE => Ok(v),
            _ => Err(Error::Internal(format!(
                "player index {player} is not in the round"
            ))),
        }
    }

    fn remove_vertices(&mut self, vertices: &[usize]) -> Result<()> {
        for &v in vertices {
            if let Some(slot) = self.present.get_mut(v) {
                *slot = false;
            }
            self.matching.isolate_vertex(v).map_err(internal)?;
        }
        Ok(())
    }

    fn restore_vertices(&mut self, vertices: &[usize]) -> Result<()> {
        for &v in vertices {
            if let Some(slot) = self.present.get_mut(v) {
                *slot = true;
            }
        }
        for &v in vertices {
            let partners = self.partners.get(v).cloned().unwrap_or_default();
            for w in partners {
                if self.present.get(w).copied().unwrap_or(false) {
                    self.matching.set_edge(v, w, 1).map_err(internal)?;
                }
            }
        }
        Ok(())
    }

    /// True when every vertex still unpaired has a partner.
    fn complete(&mut self) -> bool {
        self.matching.solve();
        self.present
            .iter()
            .enumerate()
            .all(|(v, &here)| !here || self.matching.mate(v).is_some())
    }

    /// Takes the vertices out when the others still complete; otherwise leaves everything as it was.
    fn try_remove(&mut self, taken: &[usize], released: &[usize]) -> Result<bool> {
        self.restore_vertices(released)?;
        self.remove_vertices(taken)?;
        if self.complete() {
            return Ok(true);
        }
        self.remove_vertices(released)?;
        self.restore_vertices(taken)?;
        Ok(false)
    }

    /// Gives `player` the bye when the others can still all be paired.
    pub fn try_bye(&mut self, player: usize) -> Result<bool> {
        let Some(bye) = self.bye else {
            return Ok(false);
        };
        let v = self.vertex_of(player)?;
        if !self.partners.get(v).is_some_and(|p| p.contains(&bye)) {
            return Ok(false);
        }
        self.try_remove(&[v, bye], &[])
    }

    /// Takes the players out (they are paired elsewhere), whatever that leaves.
    pub fn remove_players(&mut self, players: &[usize]) -> Result<()> {
        let mut vertices = Vec::new();
        for &p in players {
            vertices.push(self.vertex_of(p)?);
        }
        self.remove_vertices(&vertices)
    }

    /// Puts the players back (a pairing undone, 2.6), and tells whether everybody not yet paired can
    /// now be paired.
    pub fn release_players(&mut self, players: &[usize]) -> Result<bool> {
        let mut vertices = Vec::new();
        for &p in players {
            vertices.push(self.vertex_of(p)?);
        }
        self.restore_vertices(&vertices)?;
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
    use super::super::tests::Trf;
    use super::*;
    use crate::state::RoundState;

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
