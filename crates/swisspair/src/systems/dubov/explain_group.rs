//! The words for one score group of the journal: the floaters of chapter 8, the transfers of 7.1 and 7.2
//! (within 2.5), the floats of 6.4, and the standard procedure (6.2, 6.3, 7.3, 7.4, 2.6), each for the
//! group and for the players concerned. Only what the journal recorded is told.

use super::context::Context;
use super::history::{History, Move};
use super::journal::{FloaterRecord, GroupRecord, Row, StandardRecord, TransferRecord};
use super::order::black_order;
use crate::explain::{colour_word, BracketNote, Explanation, Reason};
use crate::score::Score;
use crate::tournament::Colour;

/// The starting number of entrant `v`.
pub fn number(ctx: &Context<'_>, v: usize) -> u32 {
    ctx.entrants.get(v).map_or(0, |e| e.start_number)
}

/// The starting numbers of `players`, as a list for a sentence.
pub fn numbers(ctx: &Context<'_>, players: &[usize]) -> String {
    let v: Vec<u32> = players.iter().map(|&p| number(ctx, p)).collect();
    crate::explain::list(&v)
}

/// Adds a reason to the note of entrant `v` (once: a reason already given is not repeated).
pub fn say(ctx: &Context<'_>, out: &mut Explanation, v: usize, reason: Reason) {
    if let Some(n) = out.player_mut(number(ctx, v)) {
        if !n.reasons.contains(&reason) {
            n.reasons.push(reason);
        }
    }
}

/// The score of score group `g`.
pub fn group_score(ctx: &Context<'_>, g: usize) -> Score {
    ctx.groups
        .get(g)
        .and_then(|group| group.first())
        .and_then(|&v| ctx.entrants.get(v))
        .map(|e| e.score)
        .unwrap_or_default()
}

/// The score of entrant `v`.
fn score_of(ctx: &Context<'_>, v: usize) -> Score {
    ctx.entrants.get(v).map(|e| e.score).unwrap_or_default()
}

/// The note of the score group `record` (label `label`, 1 for the first), with the reasons of its
/// players added to `out`.
pub fn group_note(
    ctx: &Context<'_>,
    history: &History,
    record: &GroupRecord,
    label: usize,
    out: &mut Explanation,
) -> BracketNote {
    let score = group_score(ctx, record.group);
    let mut reasons = Vec::new();
    if record.residents.is_empty() {
        reasons.push(Reason::new(
            "8.2",
            "every player of the score group was transferred up or has the bye: the floaters that came \
             down go on to the next score group (a choice)",
        ));
    }
    for &f in &record.incoming {
        say(
            ctx,
            out,
            f,
            Reason::new(
                "6.4",
                format!(
                    "came down to score group {label} (score {score}) as a floater, treated by chapter 8"
                ),
            ),
        );
    }
    if !record.floaters.is_empty() {
        let order: Vec<usize> = record.floaters.iter().map(|f| f.floater).collect();
        reasons.push(Reason::new(
            "8.1",
            format!(
                "the floaters that came down are paired first, in the order of 8.1 (those due White and \
                 those due Black by 6.2, alternately from the highest \"white\" one): {}",
                numbers(ctx, &order)
            ),
        ));
    }
    for f in &record.floaters {
        floater(ctx, f, out, &mut reasons);
    }
    for t in &record.islands {
        transfer(ctx, history, t, "7.1", out, &mut reasons);
    }
    if let Some(t) = &record.odd {
        transfer(ctx, history, t, "7.2", out, &mut reasons);
    }
    floats(ctx, record, label, out, &mut reasons);
    if let Some(s) = record
        .standard
        .as_ref()
        .filter(|s| !(s.whites.is_empty() && s.blacks.is_empty()))
    {
        standard(ctx, s, out, &mut reasons);
    }
    let mut unique: Vec<Reason> = Vec::with_capacity(reasons.len());
    for r in reasons {
        if !unique.contains(&r) {
            unique.push(r);
        }
    }
    let reasons = unique;
    BracketNote {
        score,
        residents: record.residents.iter().map(|&v| number(ctx, v)).collect(),
        moved_down: record.incoming.iter().map(|&v| number(ctx, v)).collect(),
        pairs: record
            .pairs
            .iter()
            .map(|&(a, b)| (number(ctx, a), number(ctx, b)))
            .collect(),
        left: record.left.iter().map(|&v| number(ctx, v)).collect(),
        reasons,
    }
}

/// Chapter 8: one floater, paired (8.2) or passed on.
pub fn floater(
    ctx: &Context<'_>,
    f: &FloaterRecord,
    out: &mut Explanation,
    reasons: &mut Vec<Reason>,
) {
    let refused = if f.refused.is_empty() {
        String::new()
    } else {
        format!(
            "; before him in that order, {} would have left the rest of the round impossible to \
             complete (9)",
            numbers(ctx, &f.refused)
        )
    };
    let Some(r) = f.opponent else {
        let text = format!(
            "floater {} may meet nobody here that the round allows: he goes on down to the next score \
             group (a choice){refused}",
            number(ctx, f.floater)
        );
        reasons.push(Reason::new("8.2", text.clone()));
        say(ctx, out, f.floater, Reason::new("8.2", text));
        return;
    };
    let (ef, er) = (ctx.entrants.get(f.floater), ctx.entrants.get(r));
    let opposite = match (ef.and_then(|e| e.side()), er.and_then(|e| e.side())) {
        (Some(a), Some(b)) => a != b,
        _ => false,
    };
    let text = format!(
        "floater {} meets {}: of the players he may meet, {}the highest R ({}), then the lowest ARO{refused}",
        number(ctx, f.floater),
        number(ctx, r),
        if opposite {
            "one with the opposite due colour, "
        } else {
            ""
        },
        er.map_or(0, |e| e.rating),
    );
    reasons.push(Reason::new("8.2", text.clone()));
    say(ctx, out, f.floater, Reason::new("8.2", text.clone()));
    say(ctx, out, r, Reason::new("8.2", text));
    say(
        ctx,
        out,
        r,
        Reason::new(
            "2.5",
            "meeting a floater who came down to his score group is no transfer to a higher score group",
        ),
    );
}

/// 7.1 or 7.2: one transfer, or why none was made; 2.5's bars.
fn transfer(
    ctx: &Context<'_>,
    history: &History,
    t: &TransferRecord,
    article: &str,
    out: &mut Explanation,
    reasons: &mut Vec<Reason>,
) {
    let wanted = t.wanted.map_or(String::new(), |c| {
        format!("if possible due {}, ", colour_word(c))
    });
    let why = match t.island {
        Some(p) => format!(
            "{} may meet no other unpaired player of his score group",
            number(ctx, p)
        ),
        None => "the score group has an odd number of players".to_string(),
    };
    if !t.barred.is_empty() {
        reasons.push(Reason::new(
            "2.5",
            format!(
                "{} could be paired in the group but may not be transferred to a higher score group in \
                 this round",
                numbers(ctx, &t.barred)
            ),
        ));
        for &b in &t.barred {
            say(ctx, out, b, Reason::new("2.5", barred(ctx, history, b)));
        }
    }
    let refused = if t.refused.is_empty() {
        String::new()
    } else {
        format!(
            "; {} before him would not have let more of the group be paired, or would have left the \
             round impossible to complete (9)",
            numbers(ctx, &t.refused)
        )
    };
    let Some(x) = t.transferred else {
        let tried = if t.refused.is_empty() {
            String::new()
        } else {
            format!(" (tried: {})", numbers(ctx, &t.refused))
        };
        reasons.push(Reason::new(
            article,
            format!(
                "{why}; no transfer from below lets more of its players be paired in it, or keeps the \
                 round completable{tried}"
            ),
        ));
        return;
    };
    let e = ctx.entrants.get(x);
    let text = format!(
        "{why}: {} (score {}, R {}) is transferred up from the next possible lower score group — of the \
         players who fit, {wanted}the highest R, then the lowest ARO{refused}",
        number(ctx, x),
        score_of(ctx, x),
        e.map_or(0, |e| e.rating),
    );
    reasons.push(Reason::new(article, text.clone()));
    say(ctx, out, x, Reason::new(article, text.clone()));
    let player = e.map_or(usize::MAX, |e| e.player);
    let allowed = if ctx.state.last_round {
        "may be transferred to a higher score group: 2.5 does not limit the last round".to_string()
    } else {
        format!(
            "may be transferred to a higher score group in this round: not transferred in the previous \
             round, and transferred {} time(s) before, fewer than the limit",
            history.transfers_before(player, ctx.state.round)
        )
    };
    say(ctx, out, x, Reason::new("2.5", allowed));
    if let Some(p) = t.island {
        say(ctx, out, p, Reason::new(article, text));
    }
}

/// Why 2.5 bars entrant `v` from a transfer in this round, from the moves of the earlier rounds.
fn barred(ctx: &Context<'_>, history: &History, v: usize) -> String {
    let round = ctx.state.round;
    let player = ctx.entrants.get(v).map_or(usize::MAX, |e| e.player);
    let last = round.checked_sub(1).map(|r| history.of(player, r));
    if last == Some(Move::Transferred) {
        format!(
            "may not be transferred to a higher score group in this round: he was in round {} (not two \
             times running)",
            round - 1
        )
    } else {
        format!(
            "may not be transferred to a higher score group in this round: already transferred {} times \
             (at most three times in a tournament of fewer than 10 rounds, four in a longer one)",
            history.transfers_before(player, round)
        )
    }
}

/// 6.4: the players floated down, and why they.
fn floats(
    ctx: &Context<'_>,
    record: &GroupRecord,
    label: usize,
    out: &mut Explanation,
    reasons: &mut Vec<Reason>,
) {
    if record.floated.is_empty() {
        return;
    }
    let down: Vec<usize> = record.floated.iter().map(|f| f.player).collect();
    reasons.push(Reason::new(
        "6.4",
        format!(
            "not every player can be paired within the score group: {} float(s) down to the next lower \
             score group",
            numbers(ctx, &down)
        ),
    ));
    if !record.not_floated.is_empty() {
        reasons.push(Reason::new(
            "6.4",
            format!(
                "floating {} (ahead in 6.4's order) would have paired fewer players of the group, or \
                 left the round impossible to complete",
                numbers(ctx, &record.not_floated)
            ),
        ));
    }
    for f in &record.floated {
        let category = match (f.was_floater, f.can_pair_below) {
            (false, true) => "first preference: not a floater before, can be paired below",
            (false, false) => "second preference: not a floater before, cannot be paired below",
            (true, true) => "third preference: a floater before, can be paired below",
            (true, false) => "fourth preference: a floater before, cannot be paired below",
        };
        say(
            ctx,
            out,
            f.player,
            Reason::new(
                "6.4",
                format!(
                    "floats down from score group {label}: {category}; within it the lowest R, then the \
                     higher ARO (a choice)"
                ),
            ),
        );
    }
}

/// 6.2, 7.3, 7.4, 2.6 and 6.3.
fn standard(
    ctx: &Context<'_>,
    s: &StandardRecord,
    out: &mut Explanation,
    reasons: &mut Vec<Reason>,
) {
    let undecided = |list: &[usize]| -> Vec<usize> {
        let mut list: Vec<usize> = list
            .iter()
            .copied()
            .filter(|&v| ctx.entrants.get(v).is_some_and(|e| e.side().is_none()))
            .collect();
        black_order(ctx, &mut list);
        list
    };
    let (undecided_whites, undecided_blacks) = (undecided(&s.whites), undecided(&s.blacks));
    // In the order `subgroups::split` placed them: the highest R first.
    let mut undecided = [undecided_whites.as_slice(), undecided_blacks.as_slice()].concat();
    black_order(ctx, &mut undecided);
    reasons.push(Reason::new(
        "6.2",
        format!(
            "colour subgroups: due White {}; due Black {}",
            numbers(ctx, &s.whites),
            numbers(ctx, &s.blacks)
        ),
    ));
    if !undecided.is_empty() {
        reasons.push(Reason::new(
            "6.2",
            format!(
                "no due colour yet (no game played), by decreasing R: {}; each, the highest R first, \
                 joins the smaller subgroup, the black one when both are equal (a choice): to the whites \
                 {}, to the blacks {}",
                numbers(ctx, &undecided),
                numbers(ctx, &undecided_whites),
                numbers(ctx, &undecided_blacks)
            ),
        ));
    }
    if let Some(b) = &s.balance {
        let (article, text) = match b.from {
            Colour::White => (
                "7.3",
                "the whites exceed the blacks: the whites with the lowest ARO (then the higher R) move to \
                 the blacks, and are due Black (chapter 3)",
            ),
            Colour::Black => (
                "7.4",
                "the blacks exceed the whites: the blacks with the highest ARO (then the lower R) move to \
                 the whites, and are due White (chapter 3)",
            ),
        };
        let line = format!("{text}: {}", numbers(ctx, &b.moved));
        reasons.push(Reason::new(article, line.clone()));
        for &v in &b.moved {
            say(ctx, out, v, Reason::new(article, line.clone()));
        }
        if !b.kept.is_empty() {
            let kept = format!(
                "kept in their subgroup (ahead in that order, but the other colour would break 2.3 or \
                 2.4): {}",
                numbers(ctx, &b.kept)
            );
            reasons.push(Reason::new("2.6", kept.clone()));
            for &v in &b.kept {
                say(ctx, out, v, Reason::new("2.6", kept.clone()));
            }
        }
    }
    reasons.push(Reason::new(
        "6.2",
        format!(
            "the \"white\" column by increasing ARO (then the lower R): {}; the \"black\" column by \
             decreasing R (then the higher ARO): {}",
            numbers(ctx, &s.white_column),
            numbers(ctx, &s.black_column)
        ),
    ));
    if s.checked {
        reasons.push(Reason::new(
            "9",
            "6.3 as written would have left the rest of the round impossible to complete: it was applied \
             again with each pair checked against the rest of the round",
        ));
    }
    for &row in &s.rows {
        row_reason(ctx, row, out, reasons);
    }
}

/// How one pair of 6.2/6.3 came about.
fn row_reason(ctx: &Context<'_>, row: Row, out: &mut Explanation, reasons: &mut Vec<Reason>) {
    let n = |v: usize| number(ctx, v);
    let (article, text, players) = match row {
        Row::Column { white, black } => (
            "6.2",
            format!("{}-{}: the white and the black of the same row", n(white), n(black)),
            [white, black],
        ),
        Row::LowerBlack {
            white,
            black,
            instead,
        } => (
            "6.3",
            format!(
                "{}-{}: {} may not meet {}, the black of his row ({}): he takes the first black of the \
                 lower rows he may meet, and {} takes the row {} left (the two rows exchange their \
                 blacks, a choice)",
                n(white),
                n(black),
                n(white),
                n(instead),
                obstacle(ctx, white, instead),
                n(instead),
                n(black)
            ),
            [white, black],
        ),
        Row::BlackAbove { white, black } => (
            "6.3",
            format!(
                "{}-{}: no black of the lower rows is left for {}; {} lost his white of a row above to \
                 another white and is taken (a choice)",
                n(white),
                n(black),
                n(white),
                n(black)
            ),
            [white, black],
        ),
        Row::Exchange {
            white,
            black,
            other,
            other_black,
        } => (
            "6.3",
            format!(
                "{}-{}: {} may meet no black of his row or the lower rows, so a row above is changed: he \
                 takes its black {}, whose white {} takes {} instead",
                n(white),
                n(black),
                n(white),
                n(black),
                n(other),
                n(other_black)
            ),
            [white, black],
        ),
        Row::Whites { white, other } => (
            "6.3",
            format!(
                "{}-{}: {} may meet none of the blacks, so he meets another \"white\"",
                n(white),
                n(other),
                n(white)
            ),
            [white, other],
        ),
        Row::Blacks { black, other } => (
            "6.3",
            format!(
                "{}-{}: blacks left without a white meet each other in the order of their column",
                n(black),
                n(other)
            ),
            [black, other],
        ),
    };
    if let Row::Exchange {
        other, other_black, ..
    } = row
    {
        say(ctx, out, other, Reason::new(article, text.clone()));
        say(ctx, out, other_black, Reason::new(article, text.clone()));
    }
    if article != "6.2" {
        reasons.push(Reason::new(article, text.clone()));
    }
    for v in players {
        say(ctx, out, v, Reason::new(article, text.clone()));
    }
}

/// Why `a` and `b` could not meet: the limitation, or the rest of the round.
fn obstacle(ctx: &Context<'_>, a: usize, b: usize) -> &'static str {
    let met = match (ctx.entrants.get(a), ctx.entrants.get(b)) {
        (Some(ea), Some(eb)) => ctx
            .state
            .players
            .get(ea.player)
            .is_some_and(|p| p.has_met(eb.player)),
        _ => false,
    };
    if met {
        "2.1: they have played each other"
    } else if !ctx.pairable(a, b) {
        "2.3/2.4 or a forbidden pair"
    } else {
        "the rest of the round could not have been completed (9)"
    }
}
