//! Section B (pairing one bracket) and section D (the order in which candidates are generated).
//!
//! The best candidate of a bracket is found with a maximum-weight matching whose weights encode the
//! criteria C.4–C.19 ([`super::weights`]). Among the candidates that satisfy the criteria equally well,
//! B.8 takes the one generated first; which one that is follows from B.6/B.7 and D.1–D.3, and is fixed
//! here one choice at a time, in the order of the rules, by probing the matching with a small weight
//! change on one player's edges and re-solving incrementally:
//!
//! 1. D.3 — which MDPs are paired (S1 after MDP exchanges): the lexicographically smallest set of BSNs;
//! 2. D.1 — the MDP-pairing: each MDP of S1 in turn with the lowest possible BSN of S2;
//! 3. D.2.a/b — the remainder's exchange with fewest players and smallest BSN-sum difference (weights);
//! 4. D.2.c — keep in S1R, from the highest BSN down, only the players that cannot move to S2R;
//! 5. D.2.d — bring into S1R, from the lowest BSN up, the S2R players that can come;
//! 6. D.1 — the remainder's pairing: each player of S1R in turn with the lowest possible BSN of S2R.
//!
//! A candidate's S1 (after exchanges) is the set of the lower BSNs of its pairs: choosing the lower
//! member of every pair minimises both the number of players exchanged (D.2.a) and the BSN-sum
//! difference (D.2.b), so the earliest exchange producing a candidate is always that one.
//!
//! Both editions share this procedure (2026 article 4 orders candidates as D does, with the MDP sets of
//! 4.4 in D.3's order); the criteria differ in the weights. The parts, each calling only those after it:
//! [`procedure`] (the steps above), [`shortcuts`] (step 6 and whole brackets without probes, where the
//! players' kinds or the optimum's tight pairs decide), [`graph`] (the matching and the operations on
//! it), [`fields`] (what each pair is worth, criterion by criterion), [`plan`] (the graph's vertices
//! and the weight layout) and [`width`] (the matching at the width the weights need).

mod decision;
mod fields;
mod graph;
mod plan;
mod procedure;
mod shortcuts;
mod width;

use super::criteria::{
    self, downfloater_score_difference, float_repeats, pair_score_difference, Receives,
};
use super::transposition::{KindWeights, I256};
use super::weights::{
    bits, Field, FromLimbs, Layout, Levels, Wide, COLOUR_FIELDS, FIELD_COUNT, FLOAT_COUNT_FIELDS,
    FLOAT_SCORE_FIELDS,
};
use super::Context;
use crate::error::{Error, Result};
use crate::matching::safe_weight_bits;
use crate::score::Score;
use crate::state::Float;

/// A bracket to pair, with the players below it.
#[derive(Clone, Debug)]
pub struct Bracket {
    /// MDPs first, then residents, each in A.2 order: the BSN of `players[i]` is `i + 1`.
    pub players: Vec<usize>,
    /// How many of `players` are MDPs.
    pub mdps: usize,
    /// Residents of the following score group, for C.7; empty when C.7 does not apply (the PPB and the
    /// last bracket).
    pub next: Vec<usize>,
    /// With `complete`: every other player still to be paired.
    pub lower: Vec<usize>,
    /// `next` is the last score group: C.7 judges the following bracket as the last one, which must be
    /// complete, the pairing-allocated bye included (A.9).
    pub next_is_last: bool,
    /// With `complete` or `next_is_last`: the players still to be paired are odd in number, so one of
    /// them gets the bye.
    pub bye: bool,
    /// C.4 / A.9: the pairing must leave a complete round-pairing possible; the matching then holds
    /// every player still to be paired.
    pub complete: bool,
    /// Give up (return `None`) when the best pairing leaves somebody unpaired.
    pub only_without_floaters: bool,
    /// 2026 C9 applies: the bracket pairs all its players but one, who receives the pairing-allocated
    /// bye; the bye goes to the candidate with the fewest unplayed games.
    pub c9: bool,
}

impl Bracket {
    /// The graph holds a vertex for the pairing-allocated bye (2017 A.9: the last bracket includes
    /// it; 2026 C4–C5: so does a bracket paired with everybody still to be paired).
    fn has_bye_vertex(&self) -> bool {
        (self.complete || self.next_is_last) && self.bye
    }
}

/// What decided a bracket's pairing against its initial candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The initial candidate is perfect: accepted at once (2017 B.4, 2026 3.8).
    Perfect,
    /// The first candidate the absolute criteria allow was taken.
    Initial,
    /// The initial candidate would pair these two players, whom an absolute criterion keeps apart.
    Absolute(usize, usize),
    /// The pairing taken is better than the initial candidate, first by this criterion.
    Criterion(Field),
    /// Equal by the bracket's own criteria: the downfloaters were chosen for the following bracket
    /// (2017 C.7, 2026 C8).
    FollowingBracket,
    /// The players left unpaired were chosen over leaving this other player unpaired (the first
    /// candidate that leaves other players), first by this criterion.
    Floaters(usize, Field),
}

/// The pairing of a bracket.
#[derive(Clone, Debug, Default)]
pub struct BracketPairing {
    /// Pairs of player indices, higher BSN second.
    pub pairs: Vec<(usize, usize)>,
    /// Players left unpaired: the MDPs of the following bracket (or the bye in the last one).
    pub floaters: Vec<usize>,
    /// The pairs of the following bracket in the optimum the bracket's pairing was read from (its
    /// residents among themselves and with this bracket's floaters): how the following bracket can
    /// pair, not a choice made.
    pub next_pairs: Vec<(usize, usize)>,
    /// How many probes choosing among equal candidates took (a diagnostic).
    pub probes: usize,
    /// What decided the pairing against the initial candidate (only when the context asks for it).
    pub decision: Vec<Decision>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Role {
    Mdp,
    Resident,
    Next,
    Lower,
    Bye,
}

#[derive(Clone, Copy, Debug)]
struct Vertex {
    role: Role,
    /// Player index (unused for the bye).
    player: usize,
    /// 1-based BSN within the bracket (0 outside it).
    bsn: u32,
    /// Pairing score.
    score: Score,
    /// Fixed: must be paired within the bracket.
    must_pair: bool,
    /// Fixed: the partner in the bracket.
    partner: Option<usize>,
    /// In S1 once the exchanges are fixed (its partner comes from S2).
    in_s1: bool,
    /// In the remainder's original S2R (set once the MDP-pairing is fixed).
    in_s2r: bool,
    /// Position in the remainder (residents not paired with an MDP), counting from 1, once the
    /// MDP-pairing is fixed; 0 outside it. The remainder is numbered afresh for D.2, as the reference
    /// engine does.
    remainder_rank: u32,
}

impl Vertex {
    fn in_bracket(&self) -> bool {
        matches!(self.role, Role::Mdp | Role::Resident)
    }
}

/// What the probe field rewards while one choice is tested.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Probe {
    /// Reward `x` being paired in the bracket.
    InBracket,
    /// Reward `x` being paired with a higher BSN.
    Above,
    /// Penalise `x` being paired with a higher BSN.
    NotAbove,
    /// Reward `x`'s partner in the bracket the more, the lower its BSN.
    Graded,
}

/// Pairs a bracket; see the module documentation. With `SWISSPAIR_TRACE` set, prints to standard error
/// each bracket, its result, the time taken and the number of probes.
pub fn pair_bracket(ctx: &Context<'_>, bracket: &Bracket) -> Result<Option<BracketPairing>> {
    // The clock only when tracing: WebAssembly without a host (wasm32-unknown-unknown) has none.
    let started = std::env::var_os("SWISSPAIR_TRACE").map(|_| std::time::Instant::now());
    let result = pair_bracket_inner(ctx, bracket);
    if let Some(started) = started {
        trace(ctx, bracket, &result, started.elapsed());
    }
    result
}

fn trace(
    ctx: &Context<'_>,
    b: &Bracket,
    result: &Result<Option<BracketPairing>>,
    took: std::time::Duration,
) {
    let number = |p: usize| ctx.state.players.get(p).map_or(0, |s| s.start_number);
    let numbers = |v: &[usize]| v.iter().map(|&p| number(p)).collect::<Vec<_>>();
    let outcome = match result {
        Ok(Some(o)) => format!(
            "pairs {:?} floaters {:?} probes {}",
            o.pairs
                .iter()
                .map(|&(x, y)| (number(x), number(y)))
                .collect::<Vec<_>>(),
            numbers(&o.floaters),
            o.probes
        ),
        Ok(None) => "downfloaters: tried again with the following bracket".to_string(),
        Err(e) => format!("error: {e}"),
    };
    eprintln!(
        "bracket {:?} ({} MDPs; next {}, lower {}, complete {}) in {took:?}: {outcome}",
        numbers(&b.players),
        b.mdps,
        b.next.len(),
        b.lower.len(),
        b.complete
    );
}

fn pair_bracket_inner(ctx: &Context<'_>, bracket: &Bracket) -> Result<Option<BracketPairing>> {
    // An odd number of players cannot all be paired among themselves (without the bye's vertex).
    if bracket.only_without_floaters && bracket.players.len() % 2 == 1 && !bracket.has_bye_vertex()
    {
        return Ok(None);
    }
    if let Some(perfect) = perfect_initial_candidate(ctx, bracket) {
        return Ok(Some(perfect));
    }
    let plan = Plan::new(ctx, bracket);
    let bits = plan.layout.total_bits;
    if std::env::var_os("SWISSPAIR_TRACE").is_some() {
        eprintln!(
            "  matching: {} vertices, {}-bit weights, field widths {:?}",
            plan.vertices.len(),
            bits,
            plan.layout.widths()
        );
    }
    Solver::new(ctx, plan)?.run()
}

/// B.3/B.4: the first candidate of a homogeneous bracket (S1 = the first half, S2 = the rest, paired in
/// order) when it is perfect, i.e. it complies with C.1–C.3 and leaves nothing to improve in C.5–C.19:
/// it then comes first in the sequence and is accepted at once, without a matching. Checked only where
/// that is easy to prove: every player is paired (C.7 has no downfloaters to choose), or the bracket is
/// the last one and the player left out may take the bye without a repeated downfloat.
fn perfect_initial_candidate(ctx: &Context<'_>, b: &Bracket) -> Option<BracketPairing> {
    if b.mdps > 0 {
        return None;
    }
    let n = b.players.len();
    let half = n / 2;
    let last = b.complete && b.next.is_empty() && b.lower.is_empty();
    let floater = if n % 2 == 1 {
        b.players.last().copied()
    } else {
        None
    };
    if let Some(f) = floater {
        let p = ctx.state.players.get(f)?;
        // 2017 C.2, C.12, C.14; 2026 C2, C5, C14, C16.
        if !last
            || !ctx.may_get_bye(p)
            || p.float_back(1) == Float::Down
            || p.float_back(2) == Float::Down
        {
            return None;
        }
        // 2026 C9: nobody who could have the bye instead has played more games.
        if b.c9
            && b.players.iter().any(|&q| {
                ctx.state
                    .players
                    .get(q)
                    .is_some_and(|q| ctx.may_get_bye(q) && q.games_played > p.games_played)
            })
        {
            return None;
        }
    } else if b.complete && !last {
        return None;
    }
    let mut pairs = Vec::with_capacity(half);
    for i in 0..half {
        let (x, y) = (*b.players.get(i)?, *b.players.get(half + i)?);
        let (px, py) = (ctx.state.players.get(x)?, ctx.state.players.get(y)?);
        if !criteria::compatible(ctx.tournament, ctx.state, px, py) {
            return None;
        }
        // C.10 (and with it C.8, C.9, C.11): both colour preferences granted.
        if px.preference.colour.is_some() && px.preference.colour == py.preference.colour {
            return None;
        }
        pairs.push((x, y));
    }
    Some(BracketPairing {
        pairs,
        floaters: floater.into_iter().collect(),
        next_pairs: Vec::new(),
        probes: 0,
        decision: vec![Decision::Perfect],
    })
}

/// The graph's vertices and the weight layout, independent of the weight type.
struct Plan {
    vertices: Vec<Vertex>,
    layout: Layout,
    limbs: usize,
    /// 2026 edition.
    since_2026: bool,
    /// 2017: the score differences C.6 can meet (A.8); 2026: the scores C7 can meet (the higher score
    /// of each pair).
    bracket_levels: Levels,
    /// 2017: the score differences C.7 can meet in the following bracket; 2026: the scores C8 can meet.
    next_levels: Levels,
    /// 2017 C.16–C.19: the score differences that can occur; 2026 C18–C21: the scores. Also telling
    /// whether the float counts (C.12–C.15 / C14–C17) can count anybody.
    float_levels: [Levels; 4],
    /// Score of the lowest player of the bracket (A.8).
    lowest: Score,
    /// Score of the following score group (when there is one).
    next_score: Option<Score>,
    one_point: Score,
    bracket_size: u32,
    complete: bool,
    only_without_floaters: bool,
    /// 2026 C9 is in force in this bracket.
    c9: bool,
    /// D.2.b's field is filled (off while only D.2.a is decided, see [`Solver::run`]).
    exchange_sums: bool,
    /// The pairs an exchange would make are out of the graph, and D.2's fields with them (see
    /// [`Solver::pair_without_exchanges`]).
    exchanges_excluded: bool,
}

/// The kinds of the players of an assignment (see [`Solver::kind_model`]).
struct KindModel {
    /// The kind of each row (S1 in D.1 order, then the bye if any) and of each column (S2 in BSN order).
    row_kinds: Vec<usize>,
    column_kinds: Vec<usize>,
    /// How many rows and columns have each kind.
    counts: Vec<u64>,
    /// What a pair of two kinds is worth where two such players meet somewhere.
    weights: KindWeights,
    /// The same, only where a row of the first kind may meet a column of the second; `None` unless
    /// the kinds decide that (every such row may meet every such column, or none may).
    assignable: Option<KindWeights>,
}

struct Solver<'a> {
    ctx: &'a Context<'a>,
    plan: Plan,
    /// `alive[u * n + v]`: the edge exists (compatible and not excluded by a choice already fixed).
    alive: Vec<bool>,
    /// The matching at the width the plan's weights need.
    matching: Box<dyn width::EdgeMatching>,
    probe: Option<(usize, Probe)>,
    scratch: Wide,
    /// How many probes were solved (for the trace).
    probes: usize,
    /// `SWISSPAIR_TRACE`: when the last step ended, for the trace of each step's time.
    timer: Option<std::time::Instant>,
    /// Vertices whose edges in the matching are behind the plan's weights (see step 3 of
    /// [`Solver::run`]); brought up to date before the matching is changed again.
    stale: Vec<usize>,
    /// `SWISSPAIR_MATCHING_LOG=FILE`: every operation on the matching, for replaying it in benchmarks.
    log: Option<std::io::BufWriter<std::fs::File>>,
}

/// BSN of vertex `v` (vertices of the bracket come first, in BSN order).
fn bsn_of(v: usize) -> u32 {
    v as u32 + 1
}

/// The absolute criteria between two vertices of the graph.
fn compatible(ctx: &Context<'_>, a: &Vertex, b: &Vertex) -> bool {
    match (a.role, b.role) {
        (Role::Bye, Role::Bye) => false,
        (Role::Bye, _) => ctx.may_get_bye(&ctx.state.players[b.player]),
        (_, Role::Bye) => ctx.may_get_bye(&ctx.state.players[a.player]),
        // B.2: MDPs are paired with residents only.
        (Role::Mdp, Role::Mdp) => false,
        _ => criteria::compatible(
            ctx.tournament,
            ctx.state,
            &ctx.state.players[a.player],
            &ctx.state.players[b.player],
        ),
    }
}
