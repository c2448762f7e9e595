//! The explanation of a Lim round: the score groups in the order they were paired (2.2), each with its
//! transfers (2.3, 3.2–3.5, 3.9, 3.10), the floaters it received (3.6–3.8), its scrutiny and exchanges
//! (2.4, 4), its second scrutiny for colours (5.2, 5.7) and the last-round exception (6); the pairings
//! 2.6 cracked for the median group; the colour rule of every pair (5, 7.2) and the bye (1.1, 7.1).
//! Everything here reads the record the round procedure kept ([`RoundRecord`]); nothing is re-computed
//! by another method.

use super::context::Context;
use super::explain_group::{number, numbers, score_of, Words};
use super::record::{ByeRecord, RoundRecord};
use crate::explain::{colour_word, Explanation, Reason};
use crate::pairing::Pairing;
use crate::systems::System;
use crate::tournament::Colour;

/// The explanation of the round that produced `pairing`.
pub fn explain(ctx: &Context<'_>, record: &RoundRecord, pairing: &Pairing) -> Explanation {
    let mut out = Explanation::new(
        System::Lim,
        System::Lim.default_edition(),
        ctx.tournament,
        ctx.state,
        pairing,
    );
    round_notes(ctx, record, &mut out);
    if let Some(bye) = &record.bye {
        bye_reasons(ctx, bye, &mut out);
    }
    for (i, g) in record.groups.iter().enumerate() {
        let note = Words {
            ctx,
            record,
            label: i + 1,
        }
        .group(g, &mut out);
        out.brackets.push(note);
    }
    let round = ctx.state.round;
    for &(game, rule) in &record.colours {
        for (p, colour, other) in [
            (game.white, Colour::White, game.black),
            (game.black, Colour::Black, game.white),
        ] {
            if let Some(n) = out.player_mut(number(ctx, p)) {
                n.reasons.push(Reason::new(
                    rule.article(round),
                    format!(
                        "{} against {}: {}",
                        colour_word(colour),
                        number(ctx, other),
                        rule.text()
                    ),
                ));
            }
        }
    }
    out
}

/// 2.2 (8.1, 8.3 in round two; 7 in round one), and 6 in the last round.
fn round_notes(ctx: &Context<'_>, record: &RoundRecord, out: &mut Explanation) {
    let round = ctx.state.round;
    let median = score_of(ctx.median_twice());
    if round == 1 {
        out.notes.push(Reason::new(
            "7.2",
            "round one: the pairing list holds the players present, numbered from 1; the upper half \
             meets the lower half",
        ));
    } else {
        out.notes.push(Reason::new(
            "2.2",
            format!(
                "the Median Score-group has {median} points (half the rounds played): the groups above \
                 it are paired from the highest down, then the groups below it from the lowest up, and \
                 the median group last, downward"
            ),
        ));
    }
    if round == 2 {
        out.notes.push(Reason::new(
            "8.1",
            "round two: the players are arranged in groups of the same score",
        ));
        out.notes.push(Reason::new(
            "8.3",
            "pairing begins with the highest score group, continues with the lowest and finishes with \
             the median group",
        ));
    }
    if ctx.state.last_round {
        let in_force: Vec<String> = record
            .groups
            .iter()
            .filter(|g| ctx.last_round_exception(g.score_twice))
            .map(|g| score_of(g.score_twice).to_string())
            .collect();
        out.notes.push(Reason::new(
            "6",
            if in_force.is_empty() {
                "the last round: no score group pairs more completely with the colour limits lifted, so \
                 the exception is in force for none"
                    .to_string()
            } else {
                format!(
                    "the last round: players of equal score who have not met may be paired even beyond \
                     the colour limits, in the score groups of {} points, which pair more completely so",
                    in_force.join(", ")
                )
            },
        ));
    }
}

/// 1.1 (8.2), 7.1: why this player has the bye.
fn bye_reasons(ctx: &Context<'_>, bye: &ByeRecord, out: &mut Explanation) {
    let round = ctx.state.round;
    let mut reasons = Vec::new();
    if round == 1 {
        reasons.push(Reason::new(
            "7.1",
            "the number of players is odd: the lowest rated player in the pairing list who may receive \
             it has the pairing-allocated bye",
        ));
    } else {
        if round == 2 {
            reasons.push(Reason::new(
                "8.2",
                "the number of players is odd: the bye is awarded as in rule 1",
            ));
        }
        reasons.push(Reason::new(
            "1.1",
            "the pairing-allocated bye goes to the player with the lowest rank in the lowest score group \
             who may receive it",
        ));
    }
    if !bye.ineligible.is_empty() {
        reasons.push(Reason::new(
            "C.04.1.c",
            format!(
                "ranked below, {} may not receive it (a bye, or a point without playing, before)",
                numbers(ctx, &bye.ineligible)
            ),
        ));
    }
    if !bye.blocking.is_empty() {
        reasons.push(Reason::new(
            "C.04.1",
            format!(
                "ranked below, {}: with the bye to them the other players could not all be paired",
                numbers(ctx, &bye.blocking)
            ),
        ));
    }
    out.notes.push(Reason::new(
        if round == 1 { "7.1" } else { "1.1" },
        format!(
            "{} receives the pairing-allocated bye, before the score groups are paired",
            number(ctx, bye.player)
        ),
    ));
    if let Some(n) = out.player_mut(number(ctx, bye.player)) {
        n.reasons.extend(reasons);
    }
}
