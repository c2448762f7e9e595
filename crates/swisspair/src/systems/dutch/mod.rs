//! C.04.3, the FIDE (Dutch) system, in two editions: the 2017 text (`../rules`) and the text in force
//! since 1 February 2026.
//!
//! The round is paired bracket by bracket from the top score group down (2017 A.9: [`round_2017`];
//! 2026 article 3: [`round_2026`]). Each bracket holds the players moved down from the bracket above
//! (MDPs) and the residents of its score group, and is paired by [`bracket::pair_bracket`]: the best
//! candidate by the criteria (2017 section C, 2026 C1–C21), and among equally good ones the first in the
//! order of generation (2017 sections B and D, 2026 article 4), which both editions share. The players it
//! leaves unpaired move down. The colours of every pair follow 2017 section E / 2026 5.2 ([`colours`]),
//! also shared.

mod bracket;
mod colours;
mod completion;
mod criteria;
mod explain;
mod round_2017;
mod round_2026;
pub(crate) mod transposition;
mod weights;

use crate::error::{Error, Result};
use crate::pairing::{Game, Pairing};
use crate::score::Score;
use crate::sorting::sort_by_key;
use crate::state::{PlayerState, RoundState};
use crate::systems::Edition;
use crate::tournament::Tournament;
use colours::Side;

/// A.2: the players of the round in pairing order (score, then pairing number), and the pairing
/// numbers E.5 uses.
pub struct Ranking {
    /// Available players, highest ranked first.
    pub order: Vec<usize>,
    /// Position of each player in `order` (`usize::MAX` when not available).
    pub rank: Vec<usize>,
    /// 2017 E.5 / 2026 5.2.5's pairing number: the position, counting from 1, in the initial order
    /// (starting numbers) among the players who have entered the tournament — paired in an earlier
    /// round or taking part in this one. A player absent from every round so far, this one included,
    /// is a late entry who has not arrived: C.04.2 gives late entries their pairing numbers when they
    /// join, so he has none yet and the players after him move up. This is what both reference
    /// engines do (in round 1 it skips the absent players, so that colours alternate board by board);
    /// see `tests/dutch_articles.rs`, `e5_pairing_numbers_skip_players_not_yet_entered`.
    pub pairing_number: Vec<u32>,
}

impl Ranking {
    pub fn new(state: &RoundState) -> Ranking {
        let mut order: Vec<usize> = state.available().collect();
        // Players are indexed by starting number already, so this is the initial-ranking order.
        let mut pairing_number: Vec<u32> = vec![0; state.players.len()];
        let mut next = 0;
        for p in &state.players {
            if p.available || p.paired_before {
                next += 1;
                pairing_number[p.player] = next;
            }
        }
        // A.2: score, then pairing number.
        sort_by_key(&mut order, |&p| {
            (
                std::cmp::Reverse(state.players[p].pairing_score),
                state.players[p].start_number,
            )
        });
        let mut rank = vec![usize::MAX; state.players.len()];
        for (i, &p) in order.iter().enumerate() {
            rank[p] = i;
        }
        Ranking {
            order,
            rank,
            pairing_number,
        }
    }
}

/// How the round procedure paired a bracket (2017 A.9, 2026 article 3), for the explanation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// The last bracket, with the pairing-allocated bye if any.
    Last,
    /// Every player paired within the bracket, nothing left for the following one.
    Alone,
    /// With its downfloaters chosen for the following bracket (2017 C.7, 2026 C8).
    WithNext,
    /// 2017 A.9: the Penultimate Pairing Bracket (its downfloaters could not complete the round).
    Penultimate,
    /// 2017 A.9: the Collapsed Last Bracket.
    CollapsedLast,
    /// 2026 C5: the bracket of the lowest score a bye receiver can have, paired with everybody below.
    WithBye,
    /// 2026 C4: paired with every player still to be paired, to keep the round completable.
    WithEveryone,
}

/// What the round procedure did with one bracket (player indices).
#[derive(Clone, Debug)]
pub struct BracketRecord {
    pub residents: Vec<usize>,
    pub mdps: Vec<usize>,
    pub route: Route,
    pub pairs: Vec<(usize, usize)>,
    /// Left unpaired: moved down, or the bye.
    pub left: Vec<usize>,
    /// 2026 C9 was applied.
    pub c9: bool,
    /// What decided the pairing against the bracket's initial candidate.
    pub decision: Vec<bracket::Decision>,
}

impl BracketRecord {
    /// Keeps the record of a bracket when the round is being explained (nothing otherwise).
    fn keep(
        ctx: &Context<'_>,
        records: &mut Vec<BracketRecord>,
        bracket: &bracket::Bracket,
        route: Route,
        result: &bracket::BracketPairing,
    ) {
        if ctx.explain {
            records.push(BracketRecord::new(bracket, route, result));
        }
    }

    fn new(bracket: &bracket::Bracket, route: Route, result: &bracket::BracketPairing) -> Self {
        let mdps = bracket.mdps.min(bracket.players.len());
        BracketRecord {
            residents: bracket.players.get(mdps..).unwrap_or_default().to_vec(),
            mdps: bracket.players.get(..mdps).unwrap_or_default().to_vec(),
            route,
            pairs: result.pairs.clone(),
            left: result.floaters.clone(),
            c9: bracket.c9,
            decision: result.decision.clone(),
        }
    }
}

/// A round's pairs (player indices), the receiver of the pairing-allocated bye, and, when the round is
/// explained, how each bracket was paired.
pub struct RoundPairing {
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
    pub brackets: Vec<BracketRecord>,
}

/// A round-pairing as it is built, bracket by bracket from the top (2017 A.9, 2026 article 3): the
/// pairs so far, the players moved down to the next bracket, and the brackets' records.
#[derive(Default)]
struct Progress {
    pairs: Vec<(usize, usize)>,
    mdps: Vec<usize>,
    records: Vec<BracketRecord>,
}

impl Progress {
    /// Bracket `k` of the score groups `groups` (highest first): the moved-down players, then the
    /// residents, to be paired completely; the following score group, and all the lower ones. No bye.
    fn bracket(&mut self, groups: &[Vec<usize>], k: usize) -> bracket::Bracket {
        let mut players = std::mem::take(&mut self.mdps);
        let mdps = players.len();
        players.extend(groups.get(k).into_iter().flatten().copied());
        bracket::Bracket {
            mdps,
            players,
            next: groups.get(k + 1).cloned().unwrap_or_default(),
            lower: groups.iter().skip(k + 2).flatten().copied().collect(),
            next_is_last: false,
            bye: false,
            complete: true,
            only_without_floaters: false,
            c9: false,
        }
    }

    /// Keeps a bracket's pairs (and its record, when the round is explained); returns the players it
    /// left unpaired.
    fn keep(
        &mut self,
        ctx: &Context<'_>,
        bracket: &bracket::Bracket,
        route: Route,
        result: bracket::BracketPairing,
    ) -> Vec<usize> {
        BracketRecord::keep(ctx, &mut self.records, bracket, route, &result);
        self.pairs.extend(result.pairs);
        result.floaters
    }

    /// The round-pairing: the player left after the last bracket receives the bye.
    fn finish(self) -> RoundPairing {
        RoundPairing {
            pairs: self.pairs,
            bye: self.mdps.first().copied(),
            brackets: self.records,
        }
    }
}

/// What every part of the Dutch system reads.
pub struct Context<'a> {
    pub tournament: &'a Tournament,
    pub state: &'a RoundState,
    pub ranking: &'a Ranking,
    /// The edition of the rules.
    pub edition: Edition,
    /// 2026 C5: the lowest score the receiver of the pairing-allocated bye can have (when the round has
    /// a bye); only players of at most this score may receive it.
    pub bye_score: Option<Score>,
    /// "One point" of A.8's artificial value.
    pub one_point: Score,
    /// Find the transpositions of large remainders on the players' kinds where they allow it (the
    /// result is the same; turned off in tests that check exactly that).
    pub kinds_for_transpositions: bool,
    /// Record, per bracket, what decided its pairing (for the explanation; costs a little).
    pub explain: bool,
}

impl Context<'_> {
    /// True for the 2026 edition.
    fn since_2026(&self) -> bool {
        self.edition.is_2026()
    }

    /// Whether `p` may receive the pairing-allocated bye: 2017 C.2 / 2026 C2, and in 2026 C5 (a score
    /// no higher than the lowest a receiver can have).
    fn may_get_bye(&self, p: &PlayerState) -> bool {
        p.bye_eligible() && self.bye_score.is_none_or(|s| p.pairing_score <= s)
    }

    fn side(&self, player: usize) -> Side<'_> {
        Side {
            state: &self.state.players[player],
            pairing_number: self.ranking.pairing_number[player],
        }
    }

    /// E: the colours of a pair, and the rule that gave them.
    fn game(&self, a: usize, b: usize) -> (Game, colours::ColourRule) {
        let (higher, lower) = if self.ranking.rank[a] < self.ranking.rank[b] {
            (a, b)
        } else {
            (b, a)
        };
        let (colour, rule) = colours::allocate(
            self.side(higher),
            self.side(lower),
            self.state.initial_colour,
        );
        let game = Game::with_colour(higher, lower, colour);
        (game, rule)
    }
}

/// Pairs the next round of `tournament` under `edition`.
pub fn pair(tournament: &Tournament, state: &RoundState, edition: Edition) -> Result<Pairing> {
    pair_with(tournament, state, edition, true)
}

/// Pairs the next round, finding transpositions on the players' kinds where possible or not.
pub fn pair_with(
    tournament: &Tournament,
    state: &RoundState,
    edition: Edition,
    kinds_for_transpositions: bool,
) -> Result<Pairing> {
    pair_then(
        tournament,
        state,
        edition,
        kinds_for_transpositions,
        false,
        |_, _, pairing| pairing,
    )
}

/// Pairs the next round and says why: the brackets as the round procedure paired them, the colour
/// rule of every pair, the bye.
pub fn pair_explained(
    tournament: &Tournament,
    state: &RoundState,
    edition: Edition,
) -> Result<(Pairing, crate::explain::Explanation)> {
    pair_then(
        tournament,
        state,
        edition,
        true,
        true,
        |ctx, round, pairing| {
            let explanation = explain::explain(ctx, round, &pairing);
            (pairing, explanation)
        },
    )
}

/// Pairs the next round and hands the context, the round procedure's record and the pairing to `then`.
fn pair_then<R>(
    tournament: &Tournament,
    state: &RoundState,
    edition: Edition,
    kinds_for_transpositions: bool,
    explain: bool,
    then: impl FnOnce(&Context<'_>, &RoundPairing, Pairing) -> R,
) -> Result<R> {
    let ranking = Ranking::new(state);
    let mut ctx = Context {
        tournament,
        state,
        ranking: &ranking,
        edition,
        bye_score: None,
        one_point: Score::points(1),
        kinds_for_transpositions,
        explain,
    };
    // 2017 A.3 / 2026 1.2: score groups, highest first.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &p in &ranking.order {
        let score = state.players[p].pairing_score;
        match groups.last_mut() {
            Some(g)
                if g.first()
                    .is_some_and(|&q| state.players[q].pairing_score == score) =>
            {
                g.push(p)
            }
            _ => groups.push(vec![p]),
        }
    }
    let round = if edition.is_2026() {
        round_2026::pair_round(&mut ctx, &groups)?
    } else {
        round_2017::pair_round(&ctx, &groups)?
    };
    let mut pairing = Pairing {
        games: round.pairs.iter().map(|&(a, b)| ctx.game(a, b).0).collect(),
        bye: round.bye,
    };
    pairing.games.shrink_to_fit();
    Ok(then(&ctx, &round, pairing))
}

/// Pairs a bracket that always has a pairing (it is asked for no early stop).
fn pair_bracket(ctx: &Context<'_>, bracket: &bracket::Bracket) -> Result<bracket::BracketPairing> {
    bracket::pair_bracket(ctx, bracket)?
        .ok_or_else(|| Error::Internal("a bracket without an early stop stopped early".into()))
}
