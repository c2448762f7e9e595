//! The explanation of a Dutch round: the brackets as the round procedure paired them (2017 A.9, 2026
//! article 3), the float each pair makes, the colour rule of every pair (2017 E, 2026 5.2) and the bye.
//! Everything here reads the record the round procedure kept ([`RoundPairing`]); nothing is re-computed
//! by another method.

use super::bracket::Decision;
use super::weights::Field;
use super::{BracketRecord, Context, RoundPairing, Route};
use crate::explain::{colour_word, BracketNote, Explanation, Reason};
use crate::pairing::Pairing;
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
