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
use crate::matching::{safe_weight_bits, MatchingComputer, Weight};
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
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    let started = std::time::Instant::now();
    let result = pair_bracket_inner(ctx, bracket);
    if std::env::var_os("SWISSPAIR_TRACE").is_some() {
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
    macro_rules! run {
        ($w:ty) => {
            Solver::<$w>::new(ctx, plan)?.run()
        };
    }
    if bits <= safe_weight_bits::<u64>() {
        run!(u64)
    } else if bits <= safe_weight_bits::<u128>() {
        run!(u128)
    } else if bits <= safe_weight_bits::<bnum::BUint<4>>() {
        run!(bnum::BUint<4>)
    } else if bits <= safe_weight_bits::<bnum::BUint<8>>() {
        run!(bnum::BUint<8>)
    } else if bits <= safe_weight_bits::<bnum::BUint<16>>() {
        run!(bnum::BUint<16>)
    } else if bits <= safe_weight_bits::<bnum::BUint<64>>() {
        run!(bnum::BUint<64>)
    } else {
        Err(Error::size_limit(
            None,
            "pairing",
            format!("a bracket needs {bits}-bit weights"),
        ))
    }
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

/// The bracket's scores with how many players have each, lowest first.
fn score_counts(ctx: &Context<'_>, players: &[usize]) -> Vec<(Score, u64)> {
    let mut counts: Vec<(Score, u64)> = Vec::new();
    for &p in players {
        let s = ctx.state.players[p].pairing_score;
        match counts.iter_mut().find(|(t, _)| *t == s) {
            Some((_, c)) => *c += 1,
            None => counts.push((s, 1)),
        }
    }
    counts.sort_unstable();
    counts
}

/// 2017 C.16, C.17, C.18, C.19: the score differences that can occur in each — a downfloater's own
/// difference or a pair's, for players who had the same float the round before (C.16, C.17) or two
/// rounds before (C.18, C.19) — with how often.
fn float_levels_2017(
    ctx: &Context<'_>,
    b: &Bracket,
    scores: &[(Score, u64)],
    lowest: Score,
) -> [Levels; 4] {
    let mut terms: [Vec<(Score, u64)>; 4] = Default::default();
    for &x in &b.players {
        let px = &ctx.state.players[x];
        let s = px.pairing_score;
        let down = float_repeats(px, Receives::Down);
        let up = float_repeats(px, Receives::Up);
        for (i, hit) in [(0, down.previous), (2, down.two_before)] {
            if hit {
                terms[i].push((downfloater_score_difference(s, lowest, ctx.one_point), 1));
                // Paired with a lower score, x downfloats.
                terms[i].extend(
                    scores
                        .iter()
                        .filter(|(t, _)| *t < s)
                        .map(|&(t, _)| (s - t, 1)),
                );
            }
        }
        for (i, hit) in [(1, up.previous), (3, up.two_before)] {
            if hit {
                // Paired with a higher score, x upfloats.
                terms[i].extend(
                    scores
                        .iter()
                        .filter(|(t, _)| *t > s)
                        .map(|&(t, _)| (t - s, 1)),
                );
            }
        }
    }
    terms.map(Levels::new)
}

/// 2026 C18–C21: the scores that can occur in each — the score of a paired player who had a downfloat
/// one (C18) or two (C20) rounds before; the score of the MDP a player meets who had an upfloat one
/// (C19) or two (C21) rounds before — with how often. Empty where nobody had such a float.
fn float_levels_2026(ctx: &Context<'_>, b: &Bracket, pair_scores: &[(Score, u64)]) -> [Levels; 4] {
    let mut terms: [Vec<(Score, u64)>; 4] = Default::default();
    for &x in &b.players {
        let px = &ctx.state.players[x];
        let down = float_repeats(px, Receives::Down);
        let up = float_repeats(px, Receives::Up);
        for (i, hit) in [(0, down.previous), (2, down.two_before)] {
            if hit {
                terms[i].push((px.pairing_score, 1));
            }
        }
        for (i, hit) in [(1, up.previous), (3, up.two_before)] {
            // The field rewards every pair but the repeated upfloats, at the level of the pair's
            // higher score: it can meet every pair's higher score.
            if hit && terms[i].is_empty() {
                terms[i].extend_from_slice(pair_scores);
            }
        }
    }
    terms.map(Levels::new)
}

/// Whether 2026 C18–C21 can tell apart candidates that C14–C17 (and C7) find equal: C18/C20 when an
/// MDP had the downfloat (the residents' scores are all the same, so for them the counts decide);
/// C19/C21 when a resident had the upfloat and the MDPs have different scores (with one MDP score,
/// the count of repeated upfloats decides).
fn float_scores_vary_2026(ctx: &Context<'_>, b: &Bracket) -> [bool; 4] {
    let (mdps, residents) = b.players.split_at(b.mdps.min(b.players.len()));
    let floats = |p: usize, float: Receives| float_repeats(&ctx.state.players[p], float);
    let mdp_down_1 = mdps.iter().any(|&p| floats(p, Receives::Down).previous);
    let mdp_down_2 = mdps.iter().any(|&p| floats(p, Receives::Down).two_before);
    let mdp_scores_differ = mdps
        .windows(2)
        .any(|w| ctx.state.players[w[0]].pairing_score != ctx.state.players[w[1]].pairing_score);
    let resident_up_1 = residents.iter().any(|&p| floats(p, Receives::Up).previous);
    let resident_up_2 = residents
        .iter()
        .any(|&p| floats(p, Receives::Up).two_before);
    [
        mdp_down_1,
        mdp_scores_differ && resident_up_1,
        mdp_down_2,
        mdp_scores_differ && resident_up_2,
    ]
}

impl Plan {
    fn new(ctx: &Context<'_>, b: &Bracket) -> Plan {
        let since_2026 = ctx.since_2026();
        let score = |p: usize| ctx.state.players[p].pairing_score;
        let mut vertices = Vec::new();
        for (i, &p) in b.players.iter().enumerate() {
            vertices.push(Vertex {
                role: if i < b.mdps {
                    Role::Mdp
                } else {
                    Role::Resident
                },
                player: p,
                bsn: i as u32 + 1,
                score: score(p),
                must_pair: false,
                partner: None,
                in_s1: false,
                in_s2r: false,
                remainder_rank: 0,
            });
        }
        let outside = |role, p: usize| Vertex {
            role,
            player: p,
            bsn: 0,
            score: score(p),
            must_pair: false,
            partner: None,
            in_s1: false,
            in_s2r: false,
            remainder_rank: 0,
        };
        vertices.extend(b.next.iter().map(|&p| outside(Role::Next, p)));
        if b.complete {
            vertices.extend(b.lower.iter().map(|&p| outside(Role::Lower, p)));
        }
        if (b.complete || b.next_is_last) && b.bye {
            vertices.push(Vertex {
                role: Role::Bye,
                player: usize::MAX,
                bsn: 0,
                score: Score::ZERO,
                must_pair: false,
                partner: None,
                in_s1: false,
                in_s2r: false,
                remainder_rank: 0,
            });
        }
        if b.mdps == 0 {
            // A homogeneous bracket is its own remainder; it usually pairs half its players, which makes
            // S1R the first half (B.2). The exchange fields (D.2.a/b) then go in the first weights.
            let half = b.players.len() / 2;
            for (i, v) in vertices.iter_mut().take(b.players.len()).enumerate() {
                v.remainder_rank = i as u32 + 1;
                v.in_s2r = i >= half;
            }
        }
        let one_point = ctx.one_point;
        let lowest = b
            .players
            .iter()
            .map(|&p| score(p))
            .min()
            .unwrap_or(Score::ZERO);
        let next_score = b.next.first().map(|&p| score(p));
        let n = vertices.len() as u64;
        let matching_bits = bits(n / 2 + 1);
        let bracket_scores = score_counts(ctx, &b.players);
        let residents = b.next.len() as u64;
        let (bracket_levels, next_levels, float_levels) = if since_2026 {
            // C7: the higher score of each pair — an MDP's (at most one pair each) or the residents'.
            let pair_scores: Vec<(Score, u64)> = bracket_scores
                .iter()
                .map(|&(s, c)| (s, if s == lowest { c / 2 + 1 } else { c }))
                .collect();
            // C8: the following bracket pairs its residents among themselves and with this bracket's
            // floaters.
            let mut next_terms = Vec::new();
            if let Some(s) = next_score {
                next_terms.push((s, residents / 2 + 1));
                next_terms.extend(bracket_scores.iter().map(|&(t, c)| (t, c.min(residents))));
            }
            (
                Levels::new(pair_scores.clone()),
                Levels::new(next_terms),
                float_levels_2026(ctx, b, &pair_scores),
            )
        } else {
            // A.8's differences, with how many times each can occur: every player as a downfloater,
            // and the pairs between score groups.
            let mut psd = Vec::new();
            for (i, &(x, cx)) in bracket_scores.iter().enumerate() {
                psd.push((downfloater_score_difference(x, lowest, one_point), cx));
                psd.push((Score::ZERO, cx / 2));
                for &(y, cy) in &bracket_scores[i + 1..] {
                    psd.push((pair_score_difference(x, y), cx.min(cy)));
                }
            }
            let mut next_psd = Vec::new();
            if let Some(s) = next_score {
                next_psd.push((Score::ZERO, residents / 2));
                next_psd.push((one_point, residents));
                for &(x, cx) in &bracket_scores {
                    next_psd.push((downfloater_score_difference(x, s, one_point), cx));
                    next_psd.push((pair_score_difference(x, s), cx.min(residents)));
                }
            }
            (
                Levels::new(psd),
                Levels::new(next_psd),
                float_levels_2017(ctx, b, &bracket_scores, lowest),
            )
        };
        let mut widths = [0u32; FIELD_COUNT];
        // Fields counted on the bracket's pairs: at most half the bracket of them.
        let bracket_pairs = b.players.len() as u64 / 2 + 1;
        let count = |per_edge: u64| bits(per_edge * bracket_pairs);
        if b.complete {
            widths[Field::Completion as usize] = matching_bits;
        } else if b.next_is_last {
            widths[Field::NextComplete as usize] = matching_bits;
        }
        widths[Field::Pairs as usize] = matching_bits;
        let homogeneous = bracket_scores.len() == 1;
        if !homogeneous {
            // With equal scores the PSD (2026: the paired scores) is fixed by the number of pairs
            // (C.5 / C6).
            let field = if since_2026 {
                Field::PairedScores
            } else {
                Field::Psd
            };
            widths[field as usize] = bracket_levels.width(1);
        }
        if next_score.is_some() {
            widths[Field::NextPairs as usize] =
                bits((b.players.len() + b.next.len()) as u64 / 2 + 1);
            let field = if since_2026 {
                Field::NextPairedScores
            } else {
                Field::NextPsd
            };
            widths[field as usize] = next_levels.width(1);
        }
        if b.c9 {
            let most = b
                .players
                .iter()
                .map(|&p| u64::from(ctx.state.players[p].games_played))
                .max()
                .unwrap_or(0);
            widths[Field::UnplayedGames as usize] = bits(most + 1);
        }
        let topscorers = b.players.iter().any(|&p| ctx.state.players[p].topscorer);
        if topscorers {
            widths[Field::TopscorerColourDifference as usize] = count(2);
            widths[Field::TopscorerColourRepeat as usize] = count(2);
        }
        widths[Field::ColourPreference as usize] = count(1);
        widths[Field::StrongColourPreference as usize] = count(1);
        // The float counts only where somebody can repeat a float; the score fields only where they
        // can differ between candidates with the same counts.
        for (i, f) in FLOAT_COUNT_FIELDS.into_iter().enumerate() {
            if !float_levels[i].values().is_empty() {
                widths[f as usize] = count(3);
            }
        }
        let scores_vary = if since_2026 {
            float_scores_vary_2026(ctx, b)
        } else {
            float_levels.each_ref().map(|l| l.values().len() > 1)
        };
        for (i, f) in FLOAT_SCORE_FIELDS.into_iter().enumerate() {
            if scores_vary[i] {
                widths[f as usize] = float_levels[i].width(bits(bracket_pairs));
            }
        }
        widths[Field::MustPair as usize] = count(2);
        widths[Field::ExchangeCount as usize] = count(1);
        widths[Field::ExchangeSum as usize] = count(b.players.len() as u64 + 1);
        // The probe: 1 on every matched edge, up to the bracket size more on one of them.
        widths[Field::Probe as usize] = bits(n / 2 + b.players.len() as u64 + 3);
        let layout = Layout::new(&widths);
        let limbs = (layout.total_bits as usize).div_ceil(64) + 1;
        Plan {
            vertices,
            layout,
            limbs,
            since_2026,
            bracket_levels,
            next_levels,
            float_levels,
            lowest,
            next_score,
            one_point,
            bracket_size: b.players.len() as u32,
            complete: b.complete,
            only_without_floaters: b.only_without_floaters,
            c9: b.c9,
            exchange_sums: true,
            exchanges_excluded: false,
        }
    }
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

struct Solver<'a, W: Weight + FromLimbs> {
    ctx: &'a Context<'a>,
    plan: Plan,
    /// `alive[u * n + v]`: the edge exists (compatible and not excluded by a choice already fixed).
    alive: Vec<bool>,
    matching: MatchingComputer<W>,
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

impl<'a, W: Weight + FromLimbs> Solver<'a, W> {
    fn new(ctx: &'a Context<'a>, plan: Plan) -> Result<Self> {
        let n = plan.vertices.len();
        let mut alive = vec![false; n * n];
        for u in 0..n {
            for v in u + 1..n {
                let ok = compatible(ctx, &plan.vertices[u], &plan.vertices[v]);
                alive[u * n + v] = ok;
                alive[v * n + u] = ok;
            }
        }
        let scratch = Wide::zero(plan.limbs);
        let solver = Solver {
            ctx,
            plan,
            alive,
            matching: MatchingComputer::new(n)
                .map_err(|e| Error::Internal(format!("matching: {e}")))?,
            probe: None,
            probes: 0,
            timer: std::env::var_os("SWISSPAIR_TRACE").map(|_| std::time::Instant::now()),
            stale: Vec::new(),
            scratch,
            log: std::env::var_os("SWISSPAIR_MATCHING_LOG").and_then(|path| {
                use std::io::Write;
                let file = std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .ok()?;
                let mut log = std::io::BufWriter::new(file);
                let _ = writeln!(log, "n {n}");
                Some(log)
            }),
        };
        Ok(solver)
    }

    /// Gives the matching every edge.
    fn build_edges(&mut self) -> Result<()> {
        let n = self.n();
        for u in 0..n {
            for v in u + 1..n {
                if self.alive[u * n + v] {
                    let w = self.weight(u, v)?;
                    self.set_edge(u, v, w)?;
                }
            }
        }
        Ok(())
    }

    fn n(&self) -> usize {
        self.plan.vertices.len()
    }

    fn is_alive(&self, u: usize, v: usize) -> bool {
        self.alive.get(u * self.n() + v).copied().unwrap_or(false)
    }

    fn set_edge(&mut self, u: usize, v: usize, w: W) -> Result<()> {
        if let Some(log) = &mut self.log {
            use std::io::Write;
            let _ = writeln!(log, "e {u} {v} {w:?}");
        }
        self.matching
            .set_edge(u, v, w)
            .map_err(|e| Error::Internal(format!("matching: {e}")))
    }

    fn solve(&mut self) -> Result<()> {
        if let Some(log) = &mut self.log {
            use std::io::Write;
            let _ = writeln!(log, "s");
        }
        self.matching.solve();
        Ok(())
    }

    fn mate(&self, v: usize) -> Option<usize> {
        self.matching.mate(v)
    }

    /// The weight of edge `u`–`v` under the choices made so far.
    fn weight(&mut self, u: usize, v: usize) -> Result<W> {
        let mut w = std::mem::replace(&mut self.scratch, Wide::zero(0));
        w.clear();
        self.fill_weight(&mut w, u, v);
        let result = W::from_limbs(&w.limbs)
            .ok_or_else(|| Error::Internal("edge weight does not fit its type".into()));
        self.scratch = w;
        result
    }

    fn fill_weight(&self, w: &mut Wide, u: usize, v: usize) {
        let plan = &self.plan;
        let l = &plan.layout;
        let (a, b) = (&plan.vertices[u], &plan.vertices[v]);
        l.add(w, Field::Completion, 1, 0);
        l.add(w, Field::NextComplete, 1, 0);
        // The probe field: 1 on every edge, changed on the edges of the player being probed.
        let mut probe_value = 1u64;
        if let Some((x, kind)) = self.probe {
            if x == u || x == v {
                let (me, other) = if x == u { (a, b) } else { (b, a) };
                if other.in_bracket() {
                    probe_value = match kind {
                        Probe::InBracket => 2,
                        Probe::Above if other.bsn > me.bsn => 2,
                        Probe::NotAbove if other.bsn > me.bsn => 0,
                        Probe::Graded => 2 + u64::from(plan.bracket_size + 1 - other.bsn),
                        _ => 1,
                    };
                }
            }
        }
        l.add(w, Field::Probe, probe_value, 0);
        let one = plan.one_point;
        if plan.c9 && (a.role == Role::Bye || b.role == Role::Bye) {
            // 2026 C9: the bye to the candidate with the fewest unplayed games, i.e. the most games
            // played (the receiver's score is C5's, the same for every candidate who can have it).
            let receiver = if a.role == Role::Bye { b } else { a };
            let played = self
                .ctx
                .state
                .players
                .get(receiver.player)
                .map_or(0, |p| p.games_played);
            l.add(w, Field::UnplayedGames, u64::from(played), 0);
        }
        match (a.in_bracket(), b.in_bracket()) {
            (true, true) => self.fill_bracket_pair(w, a, b),
            (true, false) | (false, true) => {
                let (f, g) = if a.in_bracket() { (a, b) } else { (b, a) };
                if let (Role::Next, Some(s)) = (g.role, plan.next_score) {
                    // 2017 C.7, 2026 C8: the floater f is paired in the following bracket.
                    l.add(w, Field::NextPairs, 1, 0);
                    let levels = &plan.next_levels;
                    if plan.since_2026 {
                        // C8: the score paired there is the floater's.
                        l.add(w, Field::NextPairedScores, 1, levels.shift(f.score));
                    } else {
                        let f_ = Field::NextPsd;
                        l.add(
                            w,
                            f_,
                            1,
                            levels.shift(downfloater_score_difference(f.score, s, one)),
                        );
                        l.add(w, f_, 1, levels.shift(one));
                        l.sub(w, f_, 1, levels.shift(pair_score_difference(f.score, s)));
                    }
                }
            }
            (false, false) => {
                if let (Role::Next, Role::Next, Some(s)) = (a.role, b.role, plan.next_score) {
                    // 2017 C.7, 2026 C8: a pair of residents of the following bracket.
                    l.add(w, Field::NextPairs, 1, 0);
                    if plan.since_2026 {
                        l.add(w, Field::NextPairedScores, 1, plan.next_levels.shift(s));
                    } else {
                        l.add(w, Field::NextPsd, 2, plan.next_levels.shift(one));
                        l.sub(w, Field::NextPsd, 1, plan.next_levels.shift(Score::ZERO));
                    }
                }
            }
        }
    }

    /// The fields of a pair within the bracket.
    fn fill_bracket_pair(&self, w: &mut Wide, a: &Vertex, b: &Vertex) {
        let plan = &self.plan;
        let l = &plan.layout;
        let ctx = self.ctx;
        let one = plan.one_point;
        // 2017 C.5, 2026 C6.
        l.add(w, Field::Pairs, 1, 0);
        let sd = pair_score_difference(a.score, b.score);
        if plan.since_2026 {
            // C7: the pair's higher score is paired, not floated down.
            l.add(
                w,
                Field::PairedScores,
                1,
                plan.bracket_levels.shift(a.score.max(b.score)),
            );
        } else {
            // C.6 (A.8): the pair's difference replaces the two downfloaters' differences.
            let fa = downfloater_score_difference(a.score, plan.lowest, one);
            let fb = downfloater_score_difference(b.score, plan.lowest, one);
            l.add(w, Field::Psd, 1, plan.bracket_levels.shift(fa));
            l.add(w, Field::Psd, 1, plan.bracket_levels.shift(fb));
            l.sub(w, Field::Psd, 1, plan.bracket_levels.shift(sd));
            // C.7: players paired here are not downfloaters of the following bracket.
            if let Some(s) = plan.next_score {
                for x in [a, b] {
                    let d = downfloater_score_difference(x.score, s, one);
                    l.add(w, Field::NextPsd, 1, plan.next_levels.shift(d));
                }
            }
        }
        // 2017 C.8–C.11, 2026 C10–C13 (with the colours 2017 E / 2026 5.2 would give).
        let (hi, lo) = if a.bsn < b.bsn { (a, b) } else { (b, a) };
        let counts = criteria::colour_counts(
            ctx.side(hi.player),
            ctx.side(lo.player),
            ctx.state.initial_colour,
        );
        for (f, (cap, c)) in COLOUR_FIELDS.into_iter().zip([
            (2, counts.topscorer_difference),
            (2, counts.topscorer_repeat),
            (1, counts.preference),
            (1, counts.strong_preference),
        ]) {
            l.add(w, f, cap - u64::from(c), 0);
        }
        // Floats (2017 C.12–C.19, 2026 C14–C21). A player left unpaired downfloats; in a pair of
        // different scores the higher one downfloats and the lower one upfloats (2017 A.4, 2026 1.4).
        let ps = |v: &Vertex| &ctx.state.players[v.player];
        let mut counts = [1u64; 4]; // down 1, up 1, down 2, up 2: each with a constant 1 per pair
        let mut sd_terms: [Vec<(bool, Score)>; 4] = Default::default(); // 2017: (saved, difference)
        for x in [a, b] {
            // Not a downfloater any more: the penalties it would have had as one are saved.
            let r = float_repeats(ps(x), Receives::Down);
            let fx = downfloater_score_difference(x.score, plan.lowest, one);
            if r.previous {
                counts[0] += 1;
                sd_terms[0].push((true, fx));
            }
            if r.two_before {
                counts[2] += 1;
                sd_terms[2].push((true, fx));
            }
        }
        // 2026 C19/C21: whether the pair's lower player repeats an upfloat.
        let mut up_repeat = [false; 4];
        if a.score != b.score {
            let (high, low) = if a.score > b.score { (a, b) } else { (b, a) };
            let down = float_repeats(ps(high), Receives::Down);
            let up = float_repeats(ps(low), Receives::Up);
            up_repeat = [false, up.previous, false, up.two_before];
            for (i, hit) in [down.previous, up.previous, down.two_before, up.two_before]
                .into_iter()
                .enumerate()
            {
                if hit {
                    counts[i] -= 1;
                    sd_terms[i].push((false, sd));
                }
            }
        }
        for (f, c) in FLOAT_COUNT_FIELDS.into_iter().zip(counts) {
            l.add(w, f, c, 0);
        }
        for (i, f) in FLOAT_SCORE_FIELDS.into_iter().enumerate() {
            let levels = &plan.float_levels[i];
            if plan.since_2026 {
                if i % 2 == 0 {
                    // C18/C20: a player who had a downfloat and is paired here does not float down
                    // again (an MDP's score counts, as the reference engine counts it).
                    for x in [a, b] {
                        let r = float_repeats(ps(x), Receives::Down);
                        if (i == 0 && r.previous) || (i == 2 && r.two_before) {
                            l.add(w, f, 1, levels.shift(x.score));
                        }
                    }
                } else if !up_repeat[i] {
                    // C19/C21: every pair but those whose lower player repeats an upfloat, at the
                    // level of the MDP's score (the pair's higher score).
                    l.add(w, f, 1, levels.shift(a.score.max(b.score)));
                }
                continue;
            }
            l.add(w, f, 1, levels.top());
            for &(plus, d) in &sd_terms[i] {
                if plus {
                    l.add(w, f, 1, levels.shift(d));
                } else {
                    l.sub(w, f, 1, levels.shift(d));
                }
            }
        }
        // Fixed choices.
        l.add(
            w,
            Field::MustPair,
            u64::from(a.must_pair) + u64::from(b.must_pair),
            0,
        );
        if a.remainder_rank > 0 && b.remainder_rank > 0 && !plan.exchanges_excluded {
            // D.2.a: pairs made only of original S2R players need an exchange.
            l.add(
                w,
                Field::ExchangeCount,
                1 - u64::from(a.in_s2r && b.in_s2r),
                0,
            );
            // D.2.b: S1 after the exchange is the set of lower BSNs; minimise its sum.
            if plan.exchange_sums {
                let lower = a.remainder_rank.min(b.remainder_rank);
                l.add(
                    w,
                    Field::ExchangeSum,
                    u64::from(plan.bracket_size + 1 - lower),
                    0,
                );
            }
        }
    }

    /// Recomputes the weights of every edge of `x`.
    fn refresh(&mut self, x: usize) -> Result<()> {
        for y in 0..self.n() {
            if y != x && self.is_alive(x, y) {
                let w = self.weight(x, y)?;
                self.set_edge(x, y, w)?;
            }
        }
        Ok(())
    }

    /// `SWISSPAIR_TRACE`: prints how long the step that just ended took.
    fn lap(&mut self, step: &str) {
        if let Some(t) = &mut self.timer {
            eprintln!(
                "  {step}: {:?} (probes so far {})",
                t.elapsed(),
                self.probes
            );
            *t = std::time::Instant::now();
        }
    }

    /// Brings the matching's edges of the stale vertices up to the plan's weights.
    fn flush_stale(&mut self) -> Result<()> {
        for v in std::mem::take(&mut self.stale) {
            self.refresh(v)?;
        }
        Ok(())
    }

    /// D.2.a when the optimum found exchanges somebody: is there an equally good candidate that
    /// exchanges nobody? The remainder is solved afresh without the pairs an exchange would make
    /// (within S1R, within S2R); when that is as good on every criterion, no exchange is needed and
    /// those pairs stay out (every candidate left pairs S1R with S2R, so D.2's fields order nothing).
    /// Otherwise everything is put back and `false` returned. Much faster than letting the matching
    /// weigh exchanges: the remainder's pairs then only meet across S1R and S2R.
    fn pair_without_exchanges(&mut self, remainder: &[usize], pairs: usize) -> Result<bool> {
        self.plan.exchanges_excluded = true;
        let from = self.plan.layout.offset_index(Field::ExchangeCount as usize);
        let best = self.matched_total();
        let n = self.n();
        let mut removed = Vec::new();
        for (i, &u) in remainder.iter().enumerate() {
            for (j, &v) in remainder.iter().enumerate().skip(i + 1) {
                if (i < pairs) == (j < pairs) && self.is_alive(u, v) {
                    removed.push((u, v));
                }
            }
        }
        // Set afresh: removing that many edges one by one from a solved matching costs more.
        self.matching.reset();
        for &(u, v) in &removed {
            self.alive[u * n + v] = false;
            self.alive[v * n + u] = false;
            self.set_edge(u, v, W::ZERO)?;
        }
        self.solve()?;
        let found = self.matched_total();
        let equal = (from..best.limbs.len() as u32 * 64)
            .step_by(128)
            .all(|bit| best.bits_from(bit) == found.bits_from(bit));
        if equal {
            return Ok(true);
        }
        self.plan.exchanges_excluded = false;
        for &(u, v) in &removed {
            self.alive[u * n + v] = true;
            self.alive[v * n + u] = true;
            let w = self.weight(u, v)?;
            self.set_edge(u, v, w)?;
        }
        Ok(false)
    }

    /// The total weight of the current optimum's pairs.
    fn matched_total(&mut self) -> Wide {
        let mut total = Wide::zero(self.plan.limbs);
        let mut w = Wide::zero(self.plan.limbs);
        for u in 0..self.n() {
            if let Some(v) = self.mate(u).filter(|&v| v > u) {
                w.clear();
                self.fill_weight(&mut w, u, v);
                for (i, &limb) in w.limbs.iter().enumerate() {
                    total.add(limb, i as u32 * 64);
                }
            }
        }
        total
    }

    /// Removes the edges of `x` to the players for which `drop` holds.
    fn remove_edges(&mut self, x: usize, drop: impl Fn(&Vertex) -> bool) -> Result<()> {
        self.flush_stale()?;
        let n = self.n();
        for y in 0..n {
            if y != x && self.is_alive(x, y) && drop(&self.plan.vertices[y]) {
                self.alive[x * n + y] = false;
                self.alive[y * n + x] = false;
                self.set_edge(x, y, W::ZERO)?;
            }
        }
        Ok(())
    }

    /// Solves with the probe `kind` on `x` and returns `x`'s partner in the bracket then; the probe is
    /// removed again (the next read of the matching re-solves).
    fn probe(&mut self, x: usize, kind: Probe) -> Result<Option<usize>> {
        self.flush_stale()?;
        self.probes += 1;
        self.probe = Some((x, kind));
        self.refresh(x)?;
        let partner = self.mate_in_bracket(x);
        self.probe = None;
        self.refresh(x)?;
        Ok(partner)
    }

    /// `x`'s partner in the bracket in the current optimum (solving first if anything changed).
    fn mate_in_bracket(&mut self, x: usize) -> Option<usize> {
        if !self.matching.is_solved() {
            let _ = self.solve();
        }
        self.mate(x).filter(|&y| self.plan.vertices[y].in_bracket())
    }

    fn fix_must_pair(&mut self, x: usize) -> Result<()> {
        self.flush_stale()?;
        self.plan.vertices[x].must_pair = true;
        self.refresh(x)
    }

    /// Keeps only the edge `x`–`y` of `x`.
    fn fix_partner(&mut self, x: usize, y: usize) -> Result<()> {
        self.flush_stale()?;
        let n = self.n();
        for (a, b) in [(x, y), (y, x)] {
            for z in 0..n {
                if z != a && z != b && self.is_alive(a, z) {
                    self.alive[a * n + z] = false;
                    self.alive[z * n + a] = false;
                    self.set_edge(a, z, W::ZERO)?;
                }
            }
            self.plan.vertices[a].partner = Some(b);
        }
        self.fix_must_pair(x)
    }

    fn run(mut self) -> Result<Option<BracketPairing>> {
        if self.ctx.kinds_for_transpositions {
            if let Some(pairing) = self.pair_by_kinds() {
                return Ok(Some(pairing));
            }
        }
        self.lap("start");
        self.build_edges()?;
        self.lap("edges");
        self.solve()?;
        self.lap("solve");
        let n = self.n();
        if self.plan.complete && (0..n).any(|v| self.mate(v).is_none()) {
            return Err(Error::NoValidPairing(
                "the players left cannot all be paired without breaking an absolute criterion (C.1–C.3)"
                    .into(),
            ));
        }
        let size = self.plan.bracket_size as usize;
        if self.plan.only_without_floaters && (0..size).any(|v| self.mate_in_bracket(v).is_none()) {
            return Ok(None);
        }
        let mdps: Vec<usize> = (0..size)
            .filter(|&v| self.plan.vertices[v].role == Role::Mdp)
            .collect();
        // 1. D.3: the paired MDPs form the lexicographically smallest set of BSNs.
        let mut paired_mdps = Vec::new();
        for &m in &mdps {
            let paired = match self.mate_in_bracket(m) {
                Some(_) => true,
                None => self.probe(m, Probe::InBracket)?.is_some(),
            };
            if paired {
                self.remove_edges(m, |y| !y.in_bracket())?;
                self.fix_must_pair(m)?;
                paired_mdps.push(m);
            } else {
                self.remove_edges(m, Vertex::in_bracket)?;
            }
        }
        // 2. D.1: each MDP of S1, in order, with the lowest BSN possible.
        let mut partners = Vec::new();
        for &m in &paired_mdps {
            partners.push(self.choose_lowest_partner(m)?);
        }
        self.lap("MDPs");
        // 3. The remainder and its original S1R / S2R (B.2, B.7).
        let remainder: Vec<usize> = (0..size)
            .filter(|&v| self.plan.vertices[v].role == Role::Resident && !partners.contains(&v))
            .collect();
        let mut remainder_pairs = 0;
        for &v in &remainder {
            if self.mate_in_bracket(v).is_some_and(|m| m > v) {
                remainder_pairs += 1;
            }
        }
        // The weights already hold D.2.a/b for a homogeneous bracket that pairs as many as half of its
        // players (see `Plan::new`); otherwise they are set now.
        let guessed = remainder.iter().enumerate().all(|(i, &v)| {
            let vertex = &self.plan.vertices[v];
            vertex.remainder_rank == i as u32 + 1 && vertex.in_s2r == (i >= remainder_pairs)
        });
        if !guessed {
            for (i, &v) in remainder.iter().enumerate() {
                let vertex = &mut self.plan.vertices[v];
                vertex.remainder_rank = i as u32 + 1;
                vertex.in_s2r = i >= remainder_pairs;
            }
            if remainder_pairs > 0 {
                // D.2.a first: D.2.b's sums only order candidates that exchange somebody (without an
                // exchange, S1R's sum is the same in every candidate), and they make the weights of
                // a large remainder so varied that the matching takes long to settle.
                self.plan.exchange_sums = false;
                let exchanges_nobody = remainder[..remainder_pairs]
                    .iter()
                    .all(|&v| self.mate_in_bracket(v).is_some_and(|m| m > v));
                if exchanges_nobody {
                    // The optimum stays optimal with D.2.a in the weights (no candidate does better
                    // on it, and nothing above it changed): the matching is told only when it is
                    // asked again, which the transpositions found without probes never do.
                    self.stale = remainder.clone();
                } else if !self.pair_without_exchanges(&remainder, remainder_pairs)? {
                    for &v in &remainder {
                        self.refresh(v)?;
                    }
                }
            }
        }
        let (s1r, s2r) = remainder.split_at(remainder_pairs);
        // The number of players exchanged is the same in every candidate still in the running (D.2.a
        // is a field of the weights): once that many are found, the others stay where they are.
        let paired_above =
            |this: &mut Self, v: usize| this.mate_in_bracket(v).is_some_and(|m| m > v);
        let mut exchanged = 0;
        for &s in s1r {
            if !paired_above(&mut self, s) {
                exchanged += 1;
            }
        }
        if exchanged > 0 && !self.plan.exchange_sums {
            // D.2.b: the exchange's sums, now that there is one.
            self.plan.exchange_sums = true;
            for &v in &remainder {
                self.refresh(v)?;
            }
        }
        // 4. D.2.c: move from S1R to S2R the highest BSNs possible.
        let mut moved = 0;
        for (i, &s) in s1r.iter().enumerate().rev() {
            if moved == exchanged {
                break;
            }
            // The players left to look at must all move when no fewer remain than are still needed.
            let forced = i < exchanged - moved;
            let above = !forced
                && match self.mate_in_bracket(s) {
                    Some(y) if y > s => self.probe(s, Probe::NotAbove)?.is_some_and(|y| y > s),
                    _ => false,
                };
            if !above {
                moved += 1;
                self.remove_edges(s, |y| y.in_bracket() && y.bsn > bsn_of(s))?;
            }
        }
        // 5. D.2.d: move from S2R to S1R the lowest BSNs possible.
        let mut moved = 0;
        for (i, &y) in s2r.iter().enumerate() {
            if moved == exchanged {
                break;
            }
            let forced = s2r.len() - i <= exchanged - moved;
            let above = forced
                || match self.mate_in_bracket(y) {
                    Some(z) if z > y => true,
                    _ => self.probe(y, Probe::Above)?.is_some_and(|z| z > y),
                };
            if above {
                moved += 1;
                self.remove_edges(y, |z| !z.in_bracket() || z.bsn < bsn_of(y))?;
                self.fix_must_pair(y)?;
            }
        }
        self.lap("exchanges");
        // 6. D.1: each player of the new S1R, in order, with the lowest BSN possible.
        let lower_members: Vec<usize> = remainder
            .iter()
            .copied()
            .filter(|&v| self.mate_in_bracket(v).is_some_and(|m| m > v))
            .collect();
        for &v in &lower_members {
            self.plan.vertices[v].in_s1 = true;
        }
        if exchanged == 0 && self.ctx.kinds_for_transpositions {
            let found = self.transpose_by_kinds(&remainder, &lower_members);
            self.lap("transpositions");
            if let Some(pairing) = found {
                return Ok(Some(pairing));
            }
        }
        for v in lower_members {
            self.choose_lowest_partner(v)?;
        }
        self.lap("probes");
        Ok(Some(self.bracket_pairing()))
    }

    /// The players' kinds (see [`super::transposition`]) for an assignment of `s1` (in D.1 order) to
    /// `s2` (in BSN order), with the bye vertex `bye`, if any, as the last row of S1 (whoever is left
    /// over takes it). A kind is all that `fill_bracket_pair` reads of a player when nobody is a
    /// topscorer. `None` when the kinds do not decide a pair's worth: a topscorer (C.8, C.9 are counted
    /// pair by pair), too many kinds, or a rematch or forbidden pair that singles somebody out.
    fn kind_model(&mut self, s1: &[usize], s2: &[usize], bye: Option<usize>) -> Option<KindModel> {
        const MOST_KINDS: usize = 48;
        if self.plan.layout.total_bits > safe_weight_bits::<u128>() {
            return None;
        }
        let members: Vec<usize> = s1.iter().chain(s2).copied().collect();
        let ctx = self.ctx;
        let ps = |v: &Vertex| &ctx.state.players[v.player];
        if members
            .iter()
            .any(|&v| ps(&self.plan.vertices[v]).topscorer)
        {
            return None;
        }
        let kind_key = |v: &Vertex| {
            let p = ps(v);
            let down = float_repeats(p, Receives::Down);
            let up = float_repeats(p, Receives::Up);
            (
                v.score,
                p.preference.colour,
                p.preference.strength,
                [down.previous, down.two_before, up.previous, up.two_before],
                v.must_pair,
                bye.is_some() && ctx.may_get_bye(p),
                // 2026 C9 reads the games played on the bye's edges.
                if self.plan.c9 { p.games_played } else { 0 },
            )
        };
        let mut keys = Vec::new();
        let mut of = vec![usize::MAX; self.n()];
        let mut representative = Vec::new();
        for &v in &members {
            let key = kind_key(&self.plan.vertices[v]);
            of[v] = match keys.iter().position(|k| *k == key) {
                Some(i) => i,
                None => {
                    if keys.len() == MOST_KINDS {
                        return None;
                    }
                    keys.push(key);
                    representative.push(v);
                    keys.len() - 1
                }
            };
        }
        if let Some(b) = bye {
            of[b] = keys.len();
            representative.push(b);
        }
        let kinds = representative.len();
        // Which kinds meet somewhere, and whether S1–S2 pairs of two kinds are all possible or none.
        let mut meet = vec![vec![false; kinds]; kinds];
        let mut across = vec![vec![(0usize, 0usize); kinds]; kinds]; // (possible, all)
        let rows: Vec<usize> = s1.iter().copied().chain(bye).collect();
        let mut in_rows = vec![false; self.n()];
        for &v in &rows {
            in_rows[v] = true;
        }
        let everyone: Vec<usize> = rows.iter().chain(s2).copied().collect();
        for (i, &u) in everyone.iter().enumerate() {
            for &v in &everyone[i + 1..] {
                let (ku, kv) = (of[u], of[v]);
                let alive = self.is_alive(u, v);
                if alive {
                    meet[ku][kv] = true;
                    meet[kv][ku] = true;
                }
                if in_rows[u] != in_rows[v] {
                    let (r, c) = if in_rows[u] { (ku, kv) } else { (kv, ku) };
                    across[r][c].1 += 1;
                    across[r][c].0 += usize::from(alive);
                }
            }
        }
        // A pair's worth: the fields above the fixed choices (C.5–C.19 and what comes before).
        let shift = self.plan.layout.offset_index(Field::MustPair as usize);
        let mut weights: KindWeights = vec![vec![None; kinds]; kinds];
        let mut assignable: KindWeights = vec![vec![None; kinds]; kinds];
        let mut decided = true;
        for a in 0..kinds {
            for b in 0..kinds {
                if !meet[a][b] {
                    continue;
                }
                let mut w = std::mem::replace(&mut self.scratch, Wide::zero(0));
                w.clear();
                self.fill_weight(&mut w, representative[a], representative[b]);
                let value = u128::from_limbs(&w.limbs).map(|x| (x >> shift) as i128);
                self.scratch = w;
                weights[a][b] = Some(value?);
                let (possible, all) = across[a][b];
                decided &= possible == 0 || possible == all;
                if possible > 0 {
                    assignable[a][b] = weights[a][b];
                }
            }
        }
        let mut counts = vec![0u64; kinds];
        for &v in &everyone {
            counts[of[v]] += 1;
        }
        Some(KindModel {
            row_kinds: rows.iter().map(|&v| of[v]).collect(),
            column_kinds: s2.iter().map(|&v| of[v]).collect(),
            counts,
            weights,
            assignable: decided.then_some(assignable),
        })
    }

    /// B.8 for a homogeneous bracket whose pairs the kinds decide, without a matching: when the best
    /// assignment of S1 to S2 (B.2; the bye, if any, to whoever of S2 is left) is as good as the best
    /// pairing of the bracket could possibly be, no exchange is needed (D.2.a) and the candidate is the
    /// first best transposition (D.1). `None` when that cannot be shown this way.
    fn pair_by_kinds(&mut self) -> Option<BracketPairing> {
        let size = self.plan.bracket_size as usize;
        let n = self.n();
        let bye = (size..n).find(|&v| self.plan.vertices[v].role == Role::Bye);
        let residents_only = (0..size).all(|v| self.plan.vertices[v].role == Role::Resident);
        if !residents_only || n != size + usize::from(bye.is_some()) || n % 2 == 1 {
            return None;
        }
        if bye.is_some() && self.plan.only_without_floaters {
            return None;
        }
        let members: Vec<usize> = (0..size).collect();
        let (s1, s2) = members.split_at(size / 2);
        let model = self.kind_model(s1, s2, bye)?;
        // Every pairing of the bracket counts each pair twice on the kinds against themselves: half
        // that transportation bounds every pairing; the assignment is best when it reaches the bound.
        let bound = super::transposition::best_total(&model.counts, &model.counts, &model.weights)?;
        let mut rows = vec![0u64; model.counts.len()];
        let mut columns = vec![0u64; model.counts.len()];
        for &k in &model.row_kinds {
            rows[k] += 1;
        }
        for &k in &model.column_kinds {
            columns[k] += 1;
        }
        let assignable = model.assignable.as_ref()?;
        let assignment = super::transposition::best_total(&rows, &columns, assignable)?;
        if 2 * assignment != bound {
            return None;
        }
        let partners = super::transposition::first_best_assignment(
            &model.row_kinds,
            &model.column_kinds,
            assignable,
        )?;
        let rows: Vec<usize> = s1.iter().copied().chain(bye).collect();
        self.assign(&partners, &rows, s2, &[])
    }

    /// What each row–column pair is worth (the fields above the fixed choices, less what every pair
    /// has in common), `None` where the two may not meet; `None` overall when the part that differs
    /// between pairs is too wide for exact sums.
    fn pair_values(&mut self, rows: &[usize], columns: &[usize]) -> Option<Vec<Option<i128>>> {
        const VALUE_BITS: u32 = 100;
        let shift = self.plan.layout.offset_index(Field::MustPair as usize);
        let total = self.plan.layout.total_bits;
        let mut values = Vec::with_capacity(rows.len() * columns.len());
        let mut common: Option<Vec<u128>> = None;
        let mut w = std::mem::replace(&mut self.scratch, Wide::zero(0));
        let mut ok = true;
        'rows: for &a in rows {
            for &b in columns {
                if !self.is_alive(a, b) {
                    values.push(None);
                    continue;
                }
                w.clear();
                self.fill_weight(&mut w, a, b);
                let high: Vec<u128> = (shift + VALUE_BITS..total.max(shift + VALUE_BITS) + 1)
                    .step_by(128)
                    .map(|from| w.bits_from(from))
                    .collect();
                if *common.get_or_insert_with(|| high.clone()) != high {
                    ok = false;
                    break 'rows;
                }
                let low = w.bits_from(shift) & ((1u128 << VALUE_BITS) - 1);
                values.push(Some(low as i128));
            }
        }
        self.scratch = w;
        ok.then_some(values)
    }

    /// Step 6 on the kinds when S1R and S2R stay as they are (no exchange) and the remainder is paired
    /// completely (but for the bye): every assignment of S1R to S2R is then a candidate, and the first
    /// of the best ones is found without probes: on the kinds alone when they decide who may meet whom,
    /// otherwise from the current optimum along its tight pairs.
    fn transpose_by_kinds(&mut self, remainder: &[usize], s1: &[usize]) -> Option<BracketPairing> {
        let s2: Vec<usize> = remainder
            .iter()
            .copied()
            .filter(|v| !s1.contains(v))
            .collect();
        let bye = match s2.len().checked_sub(s1.len())? {
            0 => None,
            1 => {
                let left = s2
                    .iter()
                    .copied()
                    .find(|&v| self.mate_in_bracket(v).is_none())?;
                match self
                    .mate(left)
                    .filter(|&b| self.plan.vertices[b].role == Role::Bye)
                {
                    Some(bye) => Some(bye),
                    // The player left over floats into the following bracket (C.7 / C8).
                    None => return self.transpose_with_floater(remainder, s1, &s2, left),
                }
            }
            _ => return None,
        };
        let rows: Vec<usize> = s1.iter().copied().chain(bye).collect();
        let model = self.kind_model(s1, &s2, bye);
        let partners = match model
            .as_ref()
            .and_then(|m| m.assignable.as_ref().map(|a| (m, a)))
        {
            Some((model, assignable)) => super::transposition::first_best_assignment(
                &model.row_kinds,
                &model.column_kinds,
                assignable,
            )?,
            None => {
                // Pairs singled out (rematches, forbidden pairs, topscorers): start from the optimum.
                let mut position = vec![usize::MAX; self.n()];
                for (i, &v) in s2.iter().enumerate() {
                    position[v] = i;
                }
                let optimal: Vec<usize> = rows
                    .iter()
                    .map(|&a| self.mate(a).map_or(usize::MAX, |m| position[m]))
                    .collect();
                let values = self.pair_values(&rows, &s2)?;
                let columns = s2.len();
                super::transposition::first_best_from(&optimal, |r, c| values[r * columns + c])?
            }
        };
        let others: Vec<usize> = (0..self.plan.bracket_size as usize)
            .filter(|v| !remainder.contains(v))
            .collect();
        self.assign(&partners, &rows, &s2, &others)
    }

    /// Bits `shift..` of edge `u`–`v`'s weight, as a signed number (`None` when wider than 255 bits).
    fn high_value(&mut self, u: usize, v: usize, shift: u32) -> Option<I256> {
        let mut w = std::mem::replace(&mut self.scratch, Wide::zero(0));
        w.clear();
        self.fill_weight(&mut w, u, v);
        let (low, high, beyond) = (
            w.bits_from(shift),
            w.bits_from(shift + 128),
            w.bits_from(shift + 256),
        );
        self.scratch = w;
        if beyond != 0 || high >> 127 != 0 {
            return None;
        }
        let digits = [
            low as u64,
            (low >> 64) as u64,
            high as u64,
            (high >> 64) as u64,
        ];
        Some(bnum::BUint::<4>::from_digits(digits).cast_signed())
    }

    /// Step 6 when the remainder pairs all of S1R and one S2R player is left over to float into the
    /// following bracket (2017 C.7, 2026 C8), without probes. Which S2R player floats matters to the
    /// following bracket only through whom he may meet there, so what the following bracket is worth
    /// with each of them is found on a matching of that bracket alone (its residents and this
    /// bracket's other floaters), once per distinct set of possible opponents, each from the last by
    /// one augmentation. The floater is then a last row of the assignment (D.1: whoever S1R leaves
    /// over floats), and the first best assignment is read off the current optimum along its tight
    /// pairs. `None` when that cannot be done here (the caller probes instead).
    fn transpose_with_floater(
        &mut self,
        remainder: &[usize],
        s1: &[usize],
        s2: &[usize],
        left: usize,
    ) -> Option<BracketPairing> {
        let n = self.n();
        let size = self.plan.bracket_size as usize;
        if self.plan.next_score.is_none()
            || self.plan.complete
            || self
                .plan
                .vertices
                .iter()
                .any(|v| matches!(v.role, Role::Bye | Role::Lower))
        {
            return None;
        }
        let shift = self.plan.layout.offset_index(Field::MustPair as usize);
        // The following bracket: its residents, and the floaters of this bracket outside the remainder.
        let residents: Vec<usize> = (size..n)
            .filter(|&v| self.plan.vertices[v].role == Role::Next)
            .collect();
        let mut members = residents.clone();
        for v in 0..size {
            if !remainder.contains(&v) && self.mate_in_bracket(v).is_none() {
                members.push(v);
            }
        }
        let slot = members.len();
        let mut next = MatchingComputer::<W>::new(slot + 1).ok()?;
        for (i, &a) in members.iter().enumerate() {
            for (j, &b) in members.iter().enumerate().skip(i + 1) {
                if self.is_alive(a, b) {
                    let w = self.weight(a, b).ok()?;
                    next.set_edge(i, j, w).ok()?;
                }
            }
        }
        // What the following bracket is worth with each S2R player added, by whom he may meet there.
        let mut worth: std::collections::BTreeMap<Vec<bool>, I256> = Default::default();
        let mut float_values = Vec::with_capacity(s2.len());
        for &z in s2 {
            let signature: Vec<bool> = residents.iter().map(|&y| self.is_alive(z, y)).collect();
            if let Some(&value) = worth.get(&signature) {
                float_values.push(value);
                continue;
            }
            self.add_to_next(&mut next, &members, &residents, z)?;
            let mut value = I256::ZERO;
            for (a, b) in next.pairs() {
                let (a, b) = (*members.get(a).unwrap_or(&z), *members.get(b).unwrap_or(&z));
                value += self.high_value(a, b, shift)?;
            }
            worth.insert(signature, value);
            float_values.push(value);
        }
        // The optimum's assignment: S1R to the S2R players they meet, the float row to the one left.
        let mut position = vec![usize::MAX; n];
        for (i, &v) in s2.iter().enumerate() {
            position[v] = i;
        }
        let mut optimal: Vec<usize> = Vec::with_capacity(s1.len() + 1);
        for &a in s1 {
            optimal.push(*position.get(self.mate(a)?)?);
        }
        optimal.push(*position.get(left)?);
        let mut values: Vec<Option<I256>> = Vec::with_capacity(s1.len() * s2.len());
        for &a in s1 {
            for &b in s2 {
                values.push(if self.is_alive(a, b) {
                    Some(self.high_value(a, b, shift)?)
                } else {
                    None
                });
            }
        }
        let columns = s2.len();
        let rows = s1.len();
        // The values relative to the least (they order assignments the same), as i128 when they fit
        // with room for sums (much faster), otherwise as 256-bit numbers.
        let least = values
            .iter()
            .flatten()
            .chain(&float_values)
            .copied()
            .min()
            .unwrap_or(I256::ZERO);
        let narrow = |x: I256| i128::try_from(x - least).ok().filter(|&y| y < 1i128 << 100);
        let small: Option<(Vec<Option<i128>>, Vec<i128>)> = (|| {
            let values = values
                .iter()
                .map(|v| v.map(narrow).map_or(Some(None), |x| x.map(Some)))
                .collect::<Option<Vec<_>>>()?;
            let floats = float_values
                .iter()
                .map(|&v| narrow(v))
                .collect::<Option<_>>()?;
            Some((values, floats))
        })();
        let partners = match &small {
            Some((values, floats)) => super::transposition::first_best_from(&optimal, |r, c| {
                if r == rows {
                    floats.get(c).copied()
                } else {
                    values.get(r * columns + c).copied().flatten()
                }
            })?,
            None => super::transposition::first_best_from(&optimal, |r, c| {
                if r == rows {
                    float_values.get(c).copied()
                } else {
                    values.get(r * columns + c).copied().flatten()
                }
            })?,
        };
        let floater = *s2.get(*partners.last()?)?;
        let row_vertices: Vec<usize> = s1.iter().copied().chain([usize::MAX]).collect();
        let others: Vec<usize> = (0..size).filter(|v| !remainder.contains(v)).collect();
        let mut pairing = self.assign(&partners, &row_vertices, s2, &others)?;
        // The following bracket as it pairs with this floater.
        self.add_to_next(&mut next, &members, &residents, floater)?;
        pairing.next_pairs = next
            .pairs()
            .into_iter()
            .map(|(a, b)| {
                let player =
                    |x: usize| self.plan.vertices[*members.get(x).unwrap_or(&floater)].player;
                (player(a), player(b))
            })
            .collect();
        Some(pairing)
    }

    /// Puts `z` in the spare last vertex of the following bracket's matching `next` (whose other
    /// vertices are `members`) with its edges to `residents`, and solves.
    fn add_to_next(
        &mut self,
        next: &mut MatchingComputer<W>,
        members: &[usize],
        residents: &[usize],
        z: usize,
    ) -> Option<()> {
        let slot = members.len();
        next.isolate_vertex(slot).ok()?;
        for (i, &y) in residents.iter().enumerate() {
            if self.is_alive(z, y) {
                let w = self.weight(z, y).ok()?;
                next.set_edge(slot, i, w).ok()?;
            }
        }
        next.solve();
        Some(())
    }

    /// The bracket's pairing from an assignment of `rows` to `columns` (`partners`: the position of each
    /// row's column);
    /// `others` (players of the bracket outside both) keep their mates of the current optimum.
    fn assign(
        &mut self,
        partners: &[usize],
        rows: &[usize],
        columns: &[usize],
        others: &[usize],
    ) -> Option<BracketPairing> {
        let size = self.plan.bracket_size as usize;
        let mut mates: Vec<Option<usize>> = vec![None; size];
        for &v in others {
            mates[v] = self.mate_in_bracket(v);
        }
        for (&a, &position) in rows.iter().zip(partners) {
            let b = *columns.get(position)?;
            if a < size {
                mates[a] = Some(b);
                mates[b] = Some(a);
            }
        }
        // In the order `bracket_pairing` gives.
        let mut out = BracketPairing {
            probes: self.probes,
            ..BracketPairing::default()
        };
        let mut floating = vec![false; self.n()];
        for (v, mate) in mates.into_iter().enumerate() {
            match mate {
                Some(m) if m > v => out
                    .pairs
                    .push((self.plan.vertices[v].player, self.plan.vertices[m].player)),
                Some(_) => {}
                None => {
                    floating[v] = true;
                    out.floaters.push(self.plan.vertices[v].player);
                }
            }
        }
        out.next_pairs = self.next_pairs(&floating);
        Some(out)
    }

    /// The pairs of the following bracket in the current optimum: its residents among themselves and
    /// with the bracket's floaters (`floating`, by vertex).
    fn next_pairs(&mut self, floating: &[bool]) -> Vec<(usize, usize)> {
        if !self.matching.is_solved() {
            let _ = self.solve();
        }
        let mut pairs = Vec::new();
        for v in 0..self.n() {
            if self.plan.vertices[v].role != Role::Next {
                continue;
            }
            if let Some(m) = self.mate(v) {
                let other = &self.plan.vertices[m];
                let counts = match other.role {
                    Role::Next => m > v,
                    Role::Mdp | Role::Resident => floating.get(m).copied().unwrap_or(false),
                    _ => false,
                };
                if counts {
                    pairs.push((self.plan.vertices[v].player, other.player));
                }
            }
        }
        pairs
    }

    /// The bracket's pairs and floaters in the current optimum.
    fn bracket_pairing(&mut self) -> BracketPairing {
        let mut out = BracketPairing {
            probes: self.probes,
            ..BracketPairing::default()
        };
        let mut floating = vec![false; self.n()];
        for (v, floats) in floating
            .iter_mut()
            .enumerate()
            .take(self.plan.bracket_size as usize)
        {
            match self.mate_in_bracket(v) {
                Some(m) if m > v => out
                    .pairs
                    .push((self.plan.vertices[v].player, self.plan.vertices[m].player)),
                Some(_) => {}
                None => {
                    *floats = true;
                    out.floaters.push(self.plan.vertices[v].player);
                }
            }
        }
        out.next_pairs = self.next_pairs(&floating);
        out
    }

    /// Pairs `x` with the lowest BSN it can have in an equally good candidate, fixes that, and returns
    /// the partner.
    fn choose_lowest_partner(&mut self, x: usize) -> Result<usize> {
        let current = self.mate_in_bracket(x);
        // The lowest BSN still free to be `x`'s partner (a higher one than `x`).
        let lowest_possible = (x + 1..self.plan.bracket_size as usize).find(|&y| {
            let v = &self.plan.vertices[y];
            self.is_alive(x, y) && !v.in_s1 && v.partner.is_none_or(|p| p == x)
        });
        let partner = if current.is_some() && current == lowest_possible {
            current
        } else {
            self.probe(x, Probe::Graded)?
        };
        match partner {
            Some(y) => {
                self.fix_partner(x, y)?;
                Ok(y)
            }
            None => Err(Error::Internal(format!(
                "player {} lost its partner while the bracket was being fixed",
                self.plan.vertices[x].player
            ))),
        }
    }
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
