//! The explanation of a Dutch round: the brackets as the round procedure paired them (2017 A.9, 2026
//! article 3), the float each pair makes, the colour rule of every pair (2017 E, 2026 5.2) and the bye.
//! Everything here reads the record the round procedure kept ([`RoundPairing`]); nothing is re-computed
//! by another method.

use super::bracket::Decision;
use super::weights::Field;
use super::{BracketRecord, Context, RoundPairing, Route};
use crate::explain::{colour_word, BracketNote, Explanation, Reason};
use crate::pairing::Pairing;
use crate::sorting::sort_by_key;
use crate::systems::System;

/// The explanation of the round `round` that produced `pairing`.
pub fn explain(ctx: &Context<'_>, round: &RoundPairing, pairing: &Pairing) -> Explanation {
    let mut out = Explanation::new(
        System::Dutch,
        ctx.edition,
        ctx.tournament,
        ctx.state,
        pairing,
    );
    let since_2026 = ctx.since_2026();
    let number = |p: usize| ctx.state.players.get(p).map_or(0, |s| s.start_number);
    if let (true, Some(score), Some(_)) = (since_2026, ctx.bye_score, round.bye) {
        out.notes.push(Reason::new(
            "C5",
            format!(
                "the pairing-allocated bye goes to a player of score {score} or less: the lowest score \
                 any receiver of the bye can have while the round stays complete"
            ),
        ));
    }
    for (k, record) in round.brackets.iter().enumerate() {
        let note = bracket_note(ctx, record, round.bye);
        let label = k + 1;
        for &p in &record.mdps {
            if let Some(n) = out.player_mut(number(p)) {
                n.reasons.push(Reason::new(
                    if since_2026 { "1.3" } else { "A.3" },
                    format!(
                        "moved down into bracket {label} (score {}) from a higher bracket",
                        note.score
                    ),
                ));
            }
        }
        for &(a, b) in &record.pairs {
            for (x, y) in [(a, b), (b, a)] {
                if let Some(n) = out.player_mut(number(x)) {
                    n.reasons
                        .push(Reason::new(route_article(record.route, since_2026), {
                            format!("paired with {} in bracket {label}", number(y))
                        }));
                }
            }
            float_reasons(ctx, &mut out, a, b);
            colour_reason(ctx, &mut out, a, b);
        }
        let structure = Structure::of(record);
        for (x, y, reason) in structure.pair_reasons(ctx) {
            for p in [x, y] {
                if let Some(n) = out.player_mut(number(p)) {
                    n.reasons.push(reason.clone());
                }
            }
        }
        for &p in &record.left {
            if round.bye == Some(p) {
                continue;
            }
            if let Some(n) = out.player_mut(number(p)) {
                n.reasons.push(Reason::new(
                    route_article(record.route, since_2026),
                    format!(
                        "left unpaired by bracket {label}: moves down to the following bracket"
                    ),
                ));
                for &d in &record.decision {
                    if let Decision::Floaters(..) = d {
                        if let Some(reason) = decision_reason(ctx, d, true) {
                            n.reasons.push(reason);
                        }
                    }
                }
            }
        }
        out.brackets.push(note);
    }
    if let Some(bye) = round.bye {
        let c9 = round.brackets.iter().any(|b| b.c9 && b.left.contains(&bye));
        if let Some(n) = out.player_mut(number(bye)) {
            n.reasons.push(if since_2026 {
                Reason::new(
                    "C2",
                    "may receive the pairing-allocated bye: has had none, and has not scored a win's \
                     points without playing in one round",
                )
            } else {
                Reason::new(
                    "C.2",
                    "may receive the pairing-allocated bye: has had neither one nor a forfeit win",
                )
            });
            if since_2026 {
                if let Some(score) = ctx.bye_score {
                    n.reasons.push(Reason::new(
                        "C5",
                        format!(
                            "has the lowest score a receiver of the bye can have ({score} or less)"
                        ),
                    ));
                }
            }
            if c9 {
                n.reasons.push(Reason::new(
                    "C9",
                    "of the players who could take the bye, has the fewest unplayed games",
                ));
            }
            n.reasons.push(Reason::new(
                if since_2026 { "3" } else { "A.9" },
                "left over by the last bracket: the odd player of the round receives the pairing-allocated \
                 bye",
            ));
        }
    }
    out
}

/// The note of one bracket.
fn bracket_note(ctx: &Context<'_>, record: &BracketRecord, bye: Option<usize>) -> BracketNote {
    let since_2026 = ctx.since_2026();
    let number = |p: usize| ctx.state.players.get(p).map_or(0, |s| s.start_number);
    let numbers = |v: &[usize]| v.iter().map(|&p| number(p)).collect::<Vec<u32>>();
    let score = record
        .residents
        .first()
        .or(record.mdps.first())
        .and_then(|&p| ctx.state.players.get(p))
        .map(|p| p.pairing_score)
        .unwrap_or_default();
    let mut reasons = Vec::new();
    if !record.mdps.is_empty() {
        reasons.push(Reason::new(
            if since_2026 { "1.3" } else { "A.3" },
            format!(
                "heterogeneous: {} player(s) moved down from higher brackets (MDPs) pair first",
                record.mdps.len()
            ),
        ));
    }
    let (article, text) = route_reason(record.route, since_2026);
    if record.pairs.is_empty() && record.residents.len() + record.mdps.len() == 1 {
        reasons.push(Reason::new(
            if since_2026 { "C6" } else { "C.5" },
            "a single player: no pair can be made, the player moves down",
        ));
    } else {
        reasons.push(Reason::new(article, text));
    }
    for &d in &record.decision {
        if let Some(reason) = decision_reason(ctx, d, !record.pairs.is_empty()) {
            reasons.push(reason);
        }
    }
    reasons.extend(Structure::of(record).bracket_reasons(ctx));
    if record.c9 {
        reasons.push(Reason::new(
            "C9",
            "the bracket pairs all its players but one, who receives the bye: the bye goes to the \
             candidate with the fewest unplayed games",
        ));
    }
    let first_taken = record
        .decision
        .iter()
        .any(|d| matches!(d, Decision::Initial | Decision::Perfect));
    if !record.pairs.is_empty() && !first_taken {
        reasons.push(if since_2026 {
            Reason::new(
                "3.8",
                "among the candidates equal by the criteria, the first in the order of generation \
                 (article 4: MDP sets, transpositions, exchanges)",
            )
        } else {
            Reason::new(
                "B.8",
                "among the candidates equal by the criteria, the first in the order of generation \
                 (section D: transpositions, exchanges)",
            )
        });
    }
    let left_for_bye = record.left.iter().any(|&p| Some(p) == bye);
    if left_for_bye {
        reasons.push(Reason::new(
            if since_2026 { "3" } else { "A.9" },
            format!(
                "{} is left over for the pairing-allocated bye",
                bye.map_or(0, number)
            ),
        ));
    }
    BracketNote {
        score,
        residents: numbers(&record.residents),
        moved_down: numbers(&record.mdps),
        pairs: record
            .pairs
            .iter()
            .map(|&(a, b)| (number(a), number(b)))
            .collect(),
        left: numbers(&record.left),
        reasons,
    }
}

/// The article under which the round procedure paired a bracket.
fn route_article(route: Route, since_2026: bool) -> &'static str {
    route_reason(route, since_2026).0
}

/// The article and sentence for how the round procedure paired a bracket.
fn route_reason(route: Route, since_2026: bool) -> (&'static str, &'static str) {
    match (route, since_2026) {
        (Route::Last, false) => (
            "A.9",
            "the last bracket: every remaining player is paired, the odd one receives the bye",
        ),
        (Route::Last, true) => (
            "3",
            "the last bracket: every remaining player is paired, the odd one receives the bye",
        ),
        (Route::Alone, false) => ("C.5", "every player of the bracket is paired within it"),
        (Route::Alone, true) => ("C6", "every player of the bracket is paired within it"),
        (Route::WithNext, false) => (
            "C.7",
            "the most pairs (C.5), the lowest score differences (C.6), the downfloaters chosen so that \
             the following bracket pairs best (C.7), then C.8-C.19",
        ),
        (Route::WithNext, true) => (
            "C8",
            "the most pairs (C6), the lowest downfloater scores (C7), the downfloaters chosen so that the \
             following bracket pairs best (C8), then C9-C21; every player below can still be paired (C4)",
        ),
        (Route::Penultimate, _) => (
            "C.4",
            "the Penultimate Pairing Bracket (A.9): the downfloaters of its best pairing could not complete the \
             round with the players below (C.4), so it is paired to let the round be completed",
        ),
        (Route::CollapsedLast, _) => (
            "A.9",
            "Collapsed Last Bracket: the players the Penultimate Pairing Bracket left and every remaining \
             player, paired as one bracket",
        ),
        (Route::WithBye, _) => (
            "C5",
            "the bracket of the pairing-allocated bye (the lowest score a receiver can have), paired with \
             every player below it (C4)",
        ),
        (Route::WithEveryone, _) => (
            "C4",
            "with only the following bracket in view, the round could not be completed, so the bracket \
             is paired with every player still to be paired",
        ),
    }
}

/// 2017 A.4 / 2026 1.4: the floats a pair of different scores makes.
fn float_reasons(ctx: &Context<'_>, out: &mut Explanation, a: usize, b: usize) {
    let (Some(pa), Some(pb)) = (ctx.state.players.get(a), ctx.state.players.get(b)) else {
        return;
    };
    if pa.pairing_score == pb.pairing_score {
        return;
    }
    let (high, low) = if pa.pairing_score > pb.pairing_score {
        (pa, pb)
    } else {
        (pb, pa)
    };
    let article = if ctx.since_2026() { "1.4" } else { "A.4" };
    if let Some(n) = out.player_mut(high.start_number) {
        n.reasons.push(Reason::new(
            article,
            format!(
                "downfloat: meets {} with a lower score ({} against {})",
                low.start_number, low.pairing_score, high.pairing_score
            ),
        ));
    }
    if let Some(n) = out.player_mut(low.start_number) {
        n.reasons.push(Reason::new(
            article,
            format!(
                "upfloat: meets {} with a higher score ({} against {})",
                high.start_number, high.pairing_score, low.pairing_score
            ),
        ));
    }
}

/// 2017 E / 2026 5.2: the rule that gave a pair its colours.
fn colour_reason(ctx: &Context<'_>, out: &mut Explanation, a: usize, b: usize) {
    let (game, rule) = ctx.game(a, b);
    let number = |p: usize| ctx.state.players.get(p).map_or(0, |s| s.start_number);
    let article = rule.article(ctx.since_2026());
    for (p, colour) in [
        (game.white, crate::tournament::Colour::White),
        (game.black, crate::tournament::Colour::Black),
    ] {
        let other = if p == game.white {
            game.black
        } else {
            game.white
        };
        if let Some(n) = out.player_mut(number(p)) {
            n.reasons.push(Reason::new(
                article,
                format!(
                    "{} against {}: {}",
                    colour_word(colour),
                    number(other),
                    rule.text()
                ),
            ));
        }
    }
}

/// Why the bracket's pairing is not its initial candidate (S1 against S2 in order), or that it is.
fn decision_reason(ctx: &Context<'_>, decision: Decision, any_pairs: bool) -> Option<Reason> {
    let since_2026 = ctx.since_2026();
    let number = |p: usize| ctx.state.players.get(p).map_or(0, |s| s.start_number);
    Some(match decision {
        Decision::Perfect => Reason::new(
            if since_2026 { "3.8" } else { "B.4" },
            "the initial candidate (S1 against S2 in order) is perfect and is accepted at once",
        ),
        Decision::Initial if any_pairs => Reason::new(
            if since_2026 { "3.8" } else { "B.8" },
            "the first candidate in the order of generation that the absolute criteria allow is the \
             best by the criteria",
        ),
        Decision::Initial => return None,
        Decision::Absolute(a, b) => {
            let pa = ctx.state.players.get(a)?;
            let (article, why) = if pa.has_met(b) {
                (if since_2026 { "C1" } else { "C.1" }, "they have met before")
            } else if ctx.tournament.is_forbidden(a, b, ctx.state.round) {
                ("XXP", "the file forbids the pair")
            } else {
                (
                    if since_2026 { "C3" } else { "C.3" },
                    "both have the same absolute colour preference",
                )
            };
            Reason::new(
                article,
                format!(
                    "the initial candidate (S1 against S2 in order) would pair {} with {}: {why}",
                    number(a),
                    number(b)
                ),
            )
        }
        Decision::Criterion(f) => Reason::new(
            criterion_article(f, since_2026),
            format!(
                "the pairing taken is better than the first candidate in the order of generation that \
                 the absolute criteria allow, first by this criterion: {}",
                criterion_text(f)
            ),
        ),
        Decision::Floaters(other, f) => Reason::new(
            criterion_article(f, since_2026),
            format!(
                "the players left unpaired are chosen over leaving {} unpaired instead, first by this \
                 criterion: {}",
                number(other),
                criterion_text(f)
            ),
        ),
        Decision::FollowingBracket => Reason::new(
            if since_2026 { "C8" } else { "C.7" },
            "as good as the first allowed candidate within the bracket; its downfloaters were chosen \
             so that the following bracket pairs best",
        ),
    })
}

/// The article of the criterion a weight field holds.
fn criterion_article(f: Field, since_2026: bool) -> &'static str {
    let (old, new) = match f {
        Field::Completion => ("C.4", "C4"),
        Field::Pairs => ("C.5", "C6"),
        Field::Psd => ("C.6", "C7"),
        Field::PairedScores => ("C.6", "C7"),
        Field::NextComplete | Field::NextPairs | Field::NextPsd | Field::NextPairedScores => {
            ("C.7", "C8")
        }
        Field::UnplayedGames => ("C9", "C9"),
        Field::TopscorerColourDifference => ("C.8", "C10"),
        Field::TopscorerColourRepeat => ("C.9", "C11"),
        Field::ColourPreference => ("C.10", "C12"),
        Field::StrongColourPreference => ("C.11", "C13"),
        Field::DownfloatRepeat1 => ("C.12", "C14"),
        Field::UpfloatRepeat1 => ("C.13", "C15"),
        Field::DownfloatRepeat2 => ("C.14", "C16"),
        Field::UpfloatRepeat2 => ("C.15", "C17"),
        Field::DownfloatScores1 => ("C.16", "C18"),
        Field::UpfloatScores1 => ("C.17", "C19"),
        Field::DownfloatScores2 => ("C.18", "C20"),
        Field::UpfloatScores2 => ("C.19", "C21"),
        Field::MustPair | Field::ExchangeCount | Field::ExchangeSum | Field::Probe => ("D", "4"),
    };
    if since_2026 {
        new
    } else {
        old
    }
}

/// What a criterion asks, in a few words.
fn criterion_text(f: Field) -> &'static str {
    match f {
        Field::Completion => "the round can still be completed",
        Field::Pairs => "more pairs",
        Field::Psd => "smaller score differences",
        Field::PairedScores => "lower downfloater scores",
        Field::NextComplete | Field::NextPairs | Field::NextPsd | Field::NextPairedScores => {
            "the following bracket pairs better"
        }
        Field::UnplayedGames => "the bye to the player with the fewest unplayed games",
        Field::TopscorerColourDifference => {
            "fewer topscorers (or opponents) with a colour difference beyond 2"
        }
        Field::TopscorerColourRepeat => {
            "fewer topscorers (or opponents) with the same colour three times running"
        }
        Field::ColourPreference => "more colour preferences granted",
        Field::StrongColourPreference => "more strong colour preferences granted",
        Field::DownfloatRepeat1 => "fewer downfloaters who had a downfloat the round before",
        Field::UpfloatRepeat1 => "fewer upfloaters who had an upfloat the round before",
        Field::DownfloatRepeat2 => "fewer downfloaters who had a downfloat two rounds before",
        Field::UpfloatRepeat2 => "fewer upfloaters who had an upfloat two rounds before",
        Field::DownfloatScores1 => {
            "smaller score differences for players who had a downfloat the round before"
        }
        Field::UpfloatScores1 => {
            "smaller score differences for players who had an upfloat the round before"
        }
        Field::DownfloatScores2 => {
            "smaller score differences for players who had a downfloat two rounds before"
        }
        Field::UpfloatScores2 => {
            "smaller score differences for players who had an upfloat two rounds before"
        }
        Field::MustPair | Field::ExchangeCount | Field::ExchangeSum | Field::Probe => {
            "the order of generation"
        }
    }
}

/// The candidate a bracket took, in the terms of its generation (2017 B.1–B.3, D; 2026 3, 4): the MDPs
/// paired (S1) and those left in the limbo, the MDP-pairing, and the remainder's S1R against S2R after
/// an exchange, if any. Read off the pairs taken: the lower BSN of each remainder pair is in S1R.
struct Structure {
    /// MDP pairs (MDP, resident), in MDP order.
    mdp_pairs: Vec<(usize, usize)>,
    /// MDPs not paired (the limbo).
    limbo: Vec<usize>,
    /// Remainder pairs (S1R, S2R), in S1R order.
    remainder_pairs: Vec<(usize, usize)>,
    /// The remainder's S1R before any exchange (its first players, as many as it makes pairs).
    original_s1r: Vec<usize>,
    /// The remainder in BSN order.
    remainder: Vec<usize>,
}

impl Structure {
    fn of(record: &BracketRecord) -> Structure {
        let bsn: Vec<usize> = record
            .mdps
            .iter()
            .chain(&record.residents)
            .copied()
            .collect();
        let position = |p: usize| bsn.iter().position(|&q| q == p).unwrap_or(usize::MAX);
        let partner = |p: usize| {
            record
                .pairs
                .iter()
                .find_map(|&(a, b)| (a == p).then_some(b).or((b == p).then_some(a)))
        };
        let mut mdp_pairs = Vec::new();
        let mut limbo = Vec::new();
        for &m in &record.mdps {
            match partner(m) {
                Some(r) => mdp_pairs.push((m, r)),
                None => limbo.push(m),
            }
        }
        let remainder: Vec<usize> = record
            .residents
            .iter()
            .copied()
            .filter(|r| !mdp_pairs.iter().any(|&(_, x)| x == *r))
            .collect();
        let mut remainder_pairs: Vec<(usize, usize)> = record
            .pairs
            .iter()
            .filter(|&&(a, b)| remainder.contains(&a) && remainder.contains(&b))
            .map(|&(a, b)| {
                if position(a) < position(b) {
                    (a, b)
                } else {
                    (b, a)
                }
            })
            .collect();
        sort_by_key(&mut remainder_pairs, |&(a, _)| position(a));
        let original_s1r = remainder
            .iter()
            .take(remainder_pairs.len())
            .copied()
            .collect();
        Structure {
            mdp_pairs,
            limbo,
            remainder_pairs,
            original_s1r,
            remainder,
        }
    }

    /// Who moved between S1R and S2R: (out of S1R, into S1R).
    fn exchange(&self) -> (Vec<usize>, Vec<usize>) {
        let s1r: Vec<usize> = self.remainder_pairs.iter().map(|&(a, _)| a).collect();
        let out = self
            .original_s1r
            .iter()
            .copied()
            .filter(|p| !s1r.contains(p))
            .collect();
        let into = s1r
            .iter()
            .copied()
            .filter(|p| !self.original_s1r.contains(p))
            .collect();
        (out, into)
    }

    fn bracket_reasons(&self, ctx: &Context<'_>) -> Vec<Reason> {
        let since_2026 = ctx.since_2026();
        let number = |p: usize| ctx.state.players.get(p).map_or(0, |s| s.start_number);
        let list = |v: &[usize]| {
            v.iter()
                .map(|&p| number(p).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut out = Vec::new();
        if !self.limbo.is_empty() && !self.mdp_pairs.is_empty() {
            out.push(Reason::new(
                if since_2026 { "4.4" } else { "D.3" },
                format!(
                    "MDPs paired in the bracket (S1): {}; left in the limbo: {}",
                    list(&self.mdp_pairs.iter().map(|&(m, _)| m).collect::<Vec<_>>()),
                    list(&self.limbo)
                ),
            ));
        }
        let (gone, come) = self.exchange();
        if !gone.is_empty() {
            out.push(Reason::new(
                if since_2026 { "4.3" } else { "D.2" },
                format!(
                    "the remainder's exchange: {} from S1R to S2R, {} from S2R to S1R",
                    list(&gone),
                    list(&come)
                ),
            ));
        }
        out
    }

    /// Each pair, (a, b, how the candidate's generation made it).
    fn pair_reasons(&self, ctx: &Context<'_>) -> Vec<(usize, usize, Reason)> {
        let since_2026 = ctx.since_2026();
        let number = |p: usize| ctx.state.players.get(p).map_or(0, |s| s.start_number);
        let article = if since_2026 { "4.2" } else { "D.1" };
        let mut out = Vec::new();
        for (i, &(m, r)) in self.mdp_pairs.iter().enumerate() {
            out.push((
                m,
                r,
                Reason::new(
                    article,
                    format!(
                        "MDP-pairing: {} (S1 row {}) against {} of S2",
                        number(m),
                        i + 1,
                        number(r)
                    ),
                ),
            ));
        }
        let (gone, _) = self.exchange();
        let s2r: Vec<usize> = self
            .remainder
            .iter()
            .copied()
            .filter(|p| !self.remainder_pairs.iter().any(|&(a, _)| a == *p))
            .collect();
        for (i, &(a, b)) in self.remainder_pairs.iter().enumerate() {
            let natural = s2r.get(i) == Some(&b);
            let how = match (gone.is_empty(), natural) {
                (true, true) => "as S1R and S2R stand in order",
                (true, false) => "by a transposition of S2R",
                (false, true) => "after the exchange, S1R and S2R in order",
                (false, false) => "after the exchange, by a transposition of S2R",
            };
            out.push((
                a,
                b,
                Reason::new(
                    article,
                    format!(
                        "{} (S1R row {}) against {} of S2R, {how}",
                        number(a),
                        i + 1,
                        number(b)
                    ),
                ),
            ));
        }
        out
    }
}
