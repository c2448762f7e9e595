//! What a pair is worth, criterion by criterion: the fields of an edge's weight (see
//! [`super::super::weights`]), for pairs in the bracket, with the following bracket and with the bye.

use super::*;

/// What [`Solver::fill_weight`] reads of a player besides his role, score and BSN (a topscorer's colours
/// aside, which come from his whole history): the colour preference and its strength, whether each float
/// would repeat one of the last two rounds (down 1, down 2, up 1, up 2), and, under 2026 C9, the games
/// he played.
pub(super) type WeightTraits = (
    Option<crate::tournament::Colour>,
    crate::state::Strength,
    [bool; 4],
    u32,
);

impl<'a> Solver<'a> {
    /// The [`WeightTraits`] of vertex `v`'s player; `None` for the bye.
    pub(super) fn weight_traits(&self, v: &Vertex) -> Option<WeightTraits> {
        if v.role == Role::Bye {
            return None;
        }
        let p = self.ctx.state.players.get(v.player)?;
        let down = float_repeats(p, Receives::Down);
        let up = float_repeats(p, Receives::Up);
        Some((
            p.preference.colour,
            p.preference.strength,
            [down.previous, down.two_before, up.previous, up.two_before],
            if self.plan.c9 { p.games_played } else { 0 },
        ))
    }

    pub(super) fn fill_weight(&self, w: &mut Wide, u: usize, v: usize) {
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
    pub(super) fn fill_bracket_pair(&self, w: &mut Wide, a: &Vertex, b: &Vertex) {
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
}
