//! The explanation of a Dubov round (issue 14): the journal the procedure kept while pairing, in the words
//! of the text and with its article numbers — chapter 1's values of each player, the bye (4, 2.2), each
//! score group (`explain_group`: 8, 7.1, 7.2, 2.5, 6.4, 6.2, 7.3, 7.4, 2.6, 6.3) and the colour rule of
//! every pair (chapter 3, 2.3/2.4). Nothing is worked out again by another method: the colours are
//! those of chapter 3's function, which says which rule decided.

use super::colours::Rule;
use super::context::{Context, DueColours};
use super::entrant::limits_against;
use super::explain_group::{floater, group_note, group_score, number, numbers, say};
use super::history::History;
use super::journal::{ByeRecord, Journal};
use crate::explain::{colour_word, BracketNote, Explanation, Reason};
use crate::pairing::Pairing;
use crate::state::RoundState;
use crate::systems::{Edition, System};
use crate::tournament::{Colour, Tournament};

/// The explanation of a round after the first, from the journal the procedure kept.
pub fn explain(
    ctx: &Context<'_>,
    t: &Tournament,
    history: &History,
    journal: &Journal,
    pairing: &Pairing,
    due: &DueColours,
) -> Explanation {
    let mut out = Explanation::new(System::Dubov, Edition::Y1997, t, ctx.state, pairing);
    out.notes.push(Reason::new(
        "9",
        "the text pairs greedily from the top score group; each decision (the bye, a transfer, a \
         floater, a pair) was kept only where the rest of the round could still be completed (9: \
         \"proceed wisely\"), the text's own order deciding among those",
    ));
    for v in 0..ctx.entrants.len() {
        player_values(ctx, v, &mut out);
    }
    if let Some(bye) = &journal.bye {
        bye_reasons(ctx, bye, &mut out);
    }
    // Score groups with nobody left to pair (all transferred up, or the bye) and no floaters are left out.
    let groups = journal
        .groups
        .iter()
        .filter(|g| !(g.residents.is_empty() && g.incoming.is_empty()));
    for record in groups {
        let label = out.brackets.len() + 1;
        let note = group_note(ctx, history, record, label, &mut out);
        for &(a, b) in &record.pairs {
            colour_reason(ctx, a, b, due, &mut out);
        }
        out.brackets.push(note);
    }
    if !journal.leftovers.is_empty() {
        let mut reasons = vec![Reason::new(
            "8.1",
            "the floaters left after the last score group meet each other: each in the order of 8.1 with \
             the first other in the order of 8.2 (a choice)",
        )];
        let mut pairs = Vec::new();
        let mut floaters = Vec::new();
        for f in &journal.leftovers {
            floater(ctx, f, &mut out, &mut reasons);
            floaters.push(f.floater);
            if let Some(r) = f.opponent {
                floaters.push(r);
                pairs.push((f.floater, r));
                colour_reason(ctx, f.floater, r, due, &mut out);
            }
        }
        let score = journal
            .groups
            .last()
            .map(|g| group_score(ctx, g.group))
            .unwrap_or_default();
        out.brackets.push(BracketNote {
            score,
            residents: Vec::new(),
            moved_down: floaters.iter().map(|&v| number(ctx, v)).collect(),
            pairs: pairs
                .iter()
                .map(|&(a, b)| (number(ctx, a), number(ctx, b)))
                .collect(),
            left: Vec::new(),
            reasons,
        });
    }
    out
}

/// Chapter 1's values of a player, and the colour limits (2.3, 2.4) that bind him in this round.
fn player_values(ctx: &Context<'_>, v: usize, out: &mut Explanation) {
    let Some(e) = ctx.entrants.get(v) else {
        return;
    };
    let due = e
        .due
        .map_or("none yet (no game played)", |c| colour_word(c));
    say(
        ctx,
        out,
        v,
        Reason::new(
            "1",
            format!(
                "score {}, R {}, ARO {}, due colour {due}",
                e.score, e.rating, e.aro
            ),
        ),
    );
    for colour in [Colour::White, Colour::Black] {
        if e.may(colour) {
            continue;
        }
        let mut articles = limits_against(ctx.colours(v), e.colour_difference, colour);
        if articles.is_empty() {
            // A history from other rules that leaves neither colour: the one that brings the colour
            // difference back towards zero is allowed (a choice).
            articles.push("2.3");
        }
        for article in articles {
            let why = if article == "2.4" {
                "it would be the same colour three times in a row"
            } else {
                "the difference of whites and blacks would pass 2"
            };
            say(
                ctx,
                out,
                v,
                Reason::new(
                    article,
                    format!("may not have {} in this round: {why}", colour_word(colour)),
                ),
            );
        }
    }
}

/// Chapter 4 and 2.2.
fn bye_reasons(ctx: &Context<'_>, bye: &ByeRecord, out: &mut Explanation) {
    let v = bye.chosen;
    let Some(e) = ctx.entrants.get(v) else {
        return;
    };
    let score = group_score(ctx, bye.group);
    let mut text = format!(
        "the number of players is odd: the bye goes to the player of the lowest score group ({score}) \
         with the lowest R ({})",
        e.rating
    );
    if let Some(c) = bye.dominating {
        text += &format!(
            "; among equal R, one due the dominating colour of the group ({})",
            colour_word(c)
        );
    }
    text += ", then the higher ARO";
    if !bye.skipped_groups.is_empty() {
        let scores: Vec<String> = bye
            .skipped_groups
            .iter()
            .map(|&g| group_score(ctx, g).to_string())
            .collect();
        text += &format!(
            "; the lower score group(s) {} had nobody who could take it",
            scores.join(", ")
        );
    }
    if !bye.refused.is_empty() {
        text += &format!(
            "; {} before him would have left the round impossible to complete (9)",
            numbers(ctx, &bye.refused)
        );
    }
    out.notes.push(Reason::new("4", text.clone()));
    say(ctx, out, v, Reason::new("4", text));
    say(
        ctx,
        out,
        v,
        Reason::new(
            "2.2",
            "may receive the bye: has received no point without playing (a half-point bye is none)",
        ),
    );
    if !bye.barred.is_empty() {
        let barred = format!(
            "{} may not receive the bye: they received a point without playing (a bye, a forfeit win or a \
             full-point bye)",
            numbers(ctx, &bye.barred)
        );
        out.notes.push(Reason::new("2.2", barred.clone()));
        for &b in &bye.barred {
            say(ctx, out, b, Reason::new("2.2", barred.clone()));
        }
    }
}

/// Chapter 3 (or 2.3/2.4): the rule that gave the pair `a`–`b` its colours.
fn colour_reason(ctx: &Context<'_>, a: usize, b: usize, due: &DueColours, out: &mut Explanation) {
    let (game, rule) = ctx.game_with_rule(a, b, due);
    let article = match rule {
        Rule::Limits => limits_article(ctx, a, b),
        _ => rule.article(),
    };
    let (white, black) = if ctx.entrants.get(a).map(|e| e.player) == Some(game.white) {
        (a, b)
    } else {
        (b, a)
    };
    for (p, other, colour) in [(white, black, Colour::White), (black, white, Colour::Black)] {
        say(
            ctx,
            out,
            p,
            Reason::new(
                article,
                format!(
                    "{} against {}: {}",
                    colour_word(colour),
                    number(ctx, other),
                    rule.text()
                ),
            ),
        );
    }
}

/// The limit (2.3 or 2.4) that left a pair one way round only.
fn limits_article(ctx: &Context<'_>, a: usize, b: usize) -> &'static str {
    for v in [a, b] {
        if let Some(e) = ctx.entrants.get(v) {
            for colour in [Colour::White, Colour::Black] {
                if !e.may(colour) {
                    if let Some(&article) =
                        limits_against(ctx.colours(v), e.colour_difference, colour).first()
                    {
                        return article;
                    }
                }
            }
        }
    }
    "2.3"
}

/// The explanation of round 1 (chapter 5). `as_written`: chapter 5 paired it; otherwise the Dutch round 1
/// was taken where chapter 5 is silent.
pub fn round_one(
    t: &Tournament,
    state: &RoundState,
    pairing: &Pairing,
    as_written: bool,
) -> Explanation {
    let mut out = Explanation::new(System::Dubov, Edition::Y1997, t, state, pairing);
    let number = |p: usize| state.players.get(p).map_or(0, |s| s.start_number);
    out.notes.push(Reason::new(
        "5",
        if as_written {
            "the first round: the list is divided into two halves, the first of the upper half plays the \
             first of the lower half, and so on; the lot gives the first board its colours, which \
             alternate from board to board"
        } else {
            "chapter 5 is silent here (players with different scores, a forbidden pair on a board, or a \
             last player who may not receive the bye): its pairing is that of the other FIDE systems, \
             the Dutch system's first round"
        },
    ));
    for (board, g) in pairing.games.iter().enumerate() {
        for (p, o, c) in [
            (g.white, g.black, Colour::White),
            (g.black, g.white, Colour::Black),
        ] {
            let why = if as_written {
                format!(
                    " on board {}: upper half against lower half, the colours by lot for board 1 and \
                     alternating",
                    board + 1
                )
            } else {
                ": the Dutch system's first round".to_string()
            };
            if let Some(n) = out.player_mut(number(p)) {
                n.reasons.push(Reason::new(
                    "5",
                    format!("{} against {}{why}", colour_word(c), number(o)),
                ));
            }
        }
    }
    if !as_written {
        return out;
    }
    if let Some(n) = pairing.bye.and_then(|b| out.player_mut(number(b))) {
        n.reasons.push(Reason::new(
            "5",
            "the number of players is odd: the last player in the list gets the bye",
        ));
    }
    let players: Vec<usize> = state.available().collect();
    out.brackets.push(BracketNote {
        score: players
            .first()
            .and_then(|&p| state.players.get(p))
            .map(|p| p.pairing_score)
            .unwrap_or_default(),
        residents: players.iter().map(|&p| number(p)).collect(),
        moved_down: Vec::new(),
        pairs: pairing
            .games
            .iter()
            .map(|g| (number(g.white), number(g.black)))
            .collect(),
        left: pairing.bye.map(number).into_iter().collect(),
        reasons: vec![Reason::new(
            "5",
            "one score group: the upper half of the list against the lower half, board by board",
        )],
    });
    out
}
