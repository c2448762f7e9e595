//! The graph of a bracket and the layout of its weights: which criteria need a field here and how wide,
//! and the score levels that make sums of scores (2026) or score differences (2017) compare as their
//! sorted lists do.

use super::*;
use crate::sorting::sort;

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
    sort(&mut counts);
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
    pub(super) fn new(ctx: &Context<'_>, b: &Bracket) -> Plan {
        let since_2026 = ctx.since_2026();
        let score = |p: usize| ctx.state.players[p].pairing_score;
        // A player's vertex: its role, and its BSN in the bracket (0 outside it).
        let vertex = |role, p: usize, bsn: u32| Vertex {
            role,
            player: p,
            bsn,
            score: score(p),
            must_pair: false,
            partner: None,
            in_s1: false,
            in_s2r: false,
            remainder_rank: 0,
        };
        let mut vertices = Vec::new();
        for (i, &p) in b.players.iter().enumerate() {
            let role = if i < b.mdps {
                Role::Mdp
            } else {
                Role::Resident
            };
            vertices.push(vertex(role, p, i as u32 + 1));
        }
        let outside = |role, p: usize| vertex(role, p, 0);
        vertices.extend(b.next.iter().map(|&p| outside(Role::Next, p)));
        if b.complete {
            vertices.extend(b.lower.iter().map(|&p| outside(Role::Lower, p)));
        }
        if b.has_bye_vertex() {
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
            // S1R the first half (B.2). D.2.a's field then goes in the first weights; D.2.b's sums
            // only once an exchange is needed (see `Solver::run`): they make every pair's weight
            // different, which slows the first solve of a large bracket down many times.
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
            exchange_sums: false,
            exchanges_excluded: false,
        }
    }
}
