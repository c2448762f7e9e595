//! The team system's decisions in the words of C.04.6, recorded while it pairs ([`super::explain`]):
//! each function is called with what a step decided and adds its reasons to the explanation. Nothing
//! is decided here.

use super::bracket;
use super::bye::ByeChoice;
use super::colours::{Allocation, Rule};
use super::context::Context;
use super::standing::Standing;
use super::upfloaters::Selection;
use crate::explain::team::{TeamBracketNote, TeamExplanation, TeamNote};
use crate::explain::{colour_word, list, Outcome, Reason};
use crate::score::Score;
use crate::tournament::team::{ColourMode, PrimaryScore, TeamTournament};
use crate::tournament::Colour;

/// The TPN of team index `a`.
fn tpn(ctx: &Context, a: usize) -> u32 {
    ctx.standings.get(a).map_or(0, |s| s.tpn)
}

/// The TPNs of `teams`, ascending.
fn tpns(ctx: &Context, teams: impl IntoIterator<Item = usize>) -> Vec<u32> {
    let mut out: Vec<u32> = teams.into_iter().map(|a| tpn(ctx, a)).collect();
    out.sort_unstable();
    out
}

fn note(e: &mut TeamExplanation, ctx: &Context, a: usize, reason: Reason) {
    if let Some(n) = e.team_mut(tpn(ctx, a)) {
        n.reasons.push(reason);
    }
}

/// The round's rules, and a note per team (the absent teams not paired).
pub fn start(e: &mut TeamExplanation, t: &TeamTournament, ctx: &Context) {
    e.round = t.rounds_played + 1;
    let (primary, secondary) = match t.rules.primary {
        PrimaryScore::MatchPoints => ("match points", "game points"),
        PrimaryScore::GamePoints => ("game points", "match points"),
    };
    e.notes.push(Reason::new(
        "1.2",
        format!(
            "the score is {primary}; {secondary} {} the first-team (4.2.2)",
            if t.rules.secondary_for_colours {
                "decide"
            } else {
                "do not decide"
            }
        ),
    ));
    e.notes.push(Reason::new(
        "1.7",
        match t.rules.colours {
            ColourMode::TypeA => "Type A colour preferences (1.7.1)",
            ColourMode::TypeB => "Type B colour preferences, strong and mild (1.7.2)",
            ColourMode::None => "no colour preferences",
        },
    ));
    if ctx.last_two {
        e.notes.push(Reason::new(
            "2.3.4",
            "one of the last two rounds: C7 and C10 do not apply",
        ));
    }
    if t.acceleration.iter().any(|a| *a != Score::ZERO) {
        e.notes.push(Reason::new(
            "250",
            "fictitious points (acceleration) added to the scores of this round",
        ));
    }
    e.teams = t
        .teams
        .iter()
        .map(|team| TeamNote {
            tpn: team.tpn,
            name: team.name.clone(),
            outcome: Outcome::NotPaired,
            reasons: Vec::new(),
        })
        .collect();
    for &tpn in &t.absent_next {
        if let Some(n) = e.team_mut(tpn) {
            n.reasons.push(Reason::new(
                "3.3.1",
                "not paired: absent from this round (a bye requested, 240, or withdrawn)",
            ));
        }
    }
}

/// 3.4: the PAB, and the teams before it in 3.4's order.
pub fn bye(e: &mut TeamExplanation, ctx: &Context, choice: &ByeChoice) {
    let Some(team) = choice.team else {
        return;
    };
    let standing = |a: usize| ctx.standings.get(a);
    let played = |a: usize| standing(a).map_or(0, |s| s.matches_played);
    let score = ctx.score(team);
    let tied_score: Vec<usize> = choice
        .candidates
        .iter()
        .copied()
        .filter(|&a| a != team && ctx.score(a) == score && !choice.passed_over.contains(&a))
        .collect();
    let tied_played: Vec<usize> = tied_score
        .iter()
        .copied()
        .filter(|&a| played(a) == played(team))
        .collect();
    let mut why = format!(
        "{} receives the pairing-allocated bye: the lowest score among the teams that may (3.4.2: {score})",
        tpn(ctx, team)
    );
    if !tied_score.is_empty() {
        why.push_str(&format!(
            ", then the most matches played (3.4.3: {}, against {})",
            played(team),
            list(&tpns(ctx, tied_score.iter().copied()))
        ));
    }
    if !tied_played.is_empty() {
        why.push_str(&format!(
            ", then the largest TPN (3.4.4, against {})",
            list(&tpns(ctx, tied_played.iter().copied()))
        ));
    }
    let mut reasons = vec![Reason::new("3.4", why)];
    if !choice.barred.is_empty() {
        reasons.push(Reason::new(
            "C2",
            format!(
                "{} may not receive it: a PAB, a match won by forfeit or a full-point bye before",
                list(&tpns(ctx, choice.barred.iter().copied()))
            ),
        ));
    }
    if !choice.passed_over.is_empty() {
        reasons.push(Reason::new(
            "3.4.1",
            format!(
                "{} would come first but would leave the other teams no legal pairing (C1, C3)",
                list(&tpns(ctx, choice.passed_over.iter().copied()))
            ),
        ));
    }
    for &a in &choice.barred {
        note(
            e,
            ctx,
            a,
            Reason::new(
                "C2",
                "may not receive the PAB (had a PAB, a match won by forfeit or a full-point bye)",
            ),
        );
    }
    if let Some(n) = e.team_mut(tpn(ctx, team)) {
        n.outcome = Outcome::Bye;
        n.reasons.extend(reasons.iter().cloned());
    }
    e.notes.extend(reasons);
}

/// 3.5 and 3.6: one bracket, its upfloaters and its pairs.
pub fn bracket(
    e: &mut TeamExplanation,
    ctx: &Context,
    score: Score,
    teams: &[usize],
    selection: &Selection,
    pairs: &[(usize, usize)],
) {
    let ups = &selection.teams;
    let number = e.brackets.len() + 1;
    let mut order: Vec<usize> = ups.iter().copied().collect();
    order.sort_by_key(|&a| (std::cmp::Reverse(ctx.score(a)), a));
    let mut reasons = upfloater_reasons(ctx, &order, selection);
    let counts = bracket::counts(ctx, ups, pairs);
    let count = |k: usize| counts.get(k).copied().unwrap_or(0);
    reasons.push(Reason::new(
        "C8",
        format!(
            "{} colour preferences not fulfilled, the fewest possible",
            count(0)
        ),
    ));
    if ctx.colours == ColourMode::TypeB {
        reasons.push(Reason::new(
            "C9",
            format!(
                "{} strong colour preferences not fulfilled, the fewest possible",
                count(1)
            ),
        ));
    }
    if !ups.is_empty() && !ctx.last_two {
        reasons.push(Reason::new(
            "C10",
            format!(
                "{} upfloaters' opponents floated in the previous round, the fewest possible",
                count(2)
            ),
        ));
    }
    let identifier: Vec<u32> = pairs
        .iter()
        .map(|p| tpn(ctx, p.0))
        .chain(pairs.iter().map(|p| tpn(ctx, p.1)))
        .collect();
    reasons.push(Reason::new(
        "3.6.4",
        format!(
            "the first pairing in the order of its identifier (3.6.2: {}) that meets C1 and these counts",
            identifier
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        ),
    ));
    for &a in &order {
        note(
            e,
            ctx,
            a,
            Reason::new(
                "3.5",
                format!(
                    "upfloater from score {} into bracket {number} (score {score})",
                    ctx.score(a)
                ),
            ),
        );
    }
    for &(top, bottom) in pairs {
        for (a, b, member) in [(top, bottom, "top"), (bottom, top, "bottom")] {
            note(
                e,
                ctx,
                a,
                Reason::new(
                    "3.6",
                    format!(
                        "paired with {} in bracket {number} (score {score}), as the {member} member of the pair",
                        tpn(ctx, b)
                    ),
                ),
            );
        }
    }
    e.brackets.push(TeamBracketNote {
        score,
        residents: tpns(
            ctx,
            teams.iter().copied().filter(|&a| ctx.score(a) == score),
        ),
        upfloaters: order.iter().map(|&a| tpn(ctx, a)).collect(),
        pairs: pairs
            .iter()
            .map(|&(a, b)| (tpn(ctx, a), tpn(ctx, b)))
            .collect(),
        reasons,
    });
}

/// 3.5's reasons: the upfloaters in 3.5.3's order.
fn upfloater_reasons(ctx: &Context, order: &[usize], selection: &Selection) -> Vec<Reason> {
    if order.is_empty() {
        return vec![Reason::new(
            "C4",
            "no upfloater: the top-scoregroup is paired on its own (C1 and C3 hold for every team still to pair)",
        )];
    }
    let mut scores: Vec<(Score, usize)> = Vec::new();
    for &a in order {
        match scores.last_mut() {
            Some((s, n)) if *s == ctx.score(a) => *n += 1,
            _ => scores.push((ctx.score(a), 1)),
        }
    }
    let from: Vec<String> = scores
        .iter()
        .map(|(s, n)| format!("{n} of score {s}"))
        .collect();
    let mut reasons = vec![
        Reason::new(
            "C4",
            format!(
                "{} upfloater(s), the fewest with which the top-scoregroup and the teams below can all be paired (C1, C3)",
                order.len()
            ),
        ),
        Reason::new(
            "C5",
            format!("their scores as high as possible: {}", from.join(", ")),
        ),
    ];
    if let Some((next, needs)) = selection.next_needs.filter(|&(_, n)| n > 0) {
        let text = if needs == 1 {
            format!("the scoregroup of score {next} is left an odd number of teams, paired in its own bracket with one upfloater (C1, C3, C4 complied with there)")
        } else {
            format!("no set leaves the scoregroup of score {next} pairable with at most one upfloater: C6 is not complied with by any set and does not choose")
        };
        reasons.push(Reason::new("C6", text));
    }
    if !ctx.last_two {
        let floated = order.iter().filter(|&&a| ctx.floated_last(a)).count();
        reasons.push(Reason::new(
            "C7",
            format!("{floated} of them floated in the previous round, the fewest possible"),
        ));
    }
    reasons.push(Reason::new(
        "3.5.5",
        format!(
            "the first set in the order of 3.5.3 and 3.5.4 (descending score, then ascending TPN) that meets C4-C7: {{{}}}",
            list(&order.iter().map(|&a| tpn(ctx, a)).collect::<Vec<_>>())
        ),
    ));
    reasons
}

/// 4: a pair's colours and the rule of 4.3 that decided them.
pub fn colours(e: &mut TeamExplanation, ctx: &Context, allocation: &Allocation) {
    let Allocation {
        white,
        black,
        first,
        rule,
    } = *allocation;
    let other = if first == white { black } else { white };
    let (Some(f), Some(o)) = (ctx.standings.get(first), ctx.standings.get(other)) else {
        return;
    };
    let colour_of_first = if first == white {
        Colour::White
    } else {
        Colour::Black
    };
    let text = format!(
        "{} is the first-team (4.2); {}; {} has White",
        f.tpn,
        rule_text(rule, ctx.colours, f, o, colour_of_first),
        tpn(ctx, white)
    );
    for (a, b, colour) in [(white, black, Colour::White), (black, white, Colour::Black)] {
        if let Some(n) = e.team_mut(tpn(ctx, a)) {
            n.outcome = Outcome::Game {
                opponent: tpn(ctx, b),
                colour,
            };
            n.reasons.push(Reason::new(rule.article(), text.clone()));
        }
    }
}

fn preference_text(s: &Standing, mode: ColourMode) -> String {
    match s.preference {
        Some(p) => format!(
            "{}{}",
            match (mode, p.strong) {
                (ColourMode::TypeB, true) => "strong ",
                (ColourMode::TypeB, false) => "mild ",
                _ => "",
            },
            colour_word(p.colour)
        ),
        None => "none".to_string(),
    }
}

fn rule_text(rule: Rule, mode: ColourMode, f: &Standing, o: &Standing, colour: Colour) -> String {
    let pf = preference_text(f, mode);
    let both = format!("({}: {pf}; {}: {})", f.tpn, o.tpn, preference_text(o, mode));
    match rule {
        Rule::Initial if f.tpn % 2 == 1 => {
            "both teams have yet to play a match and the first-team's TPN is odd: it takes the initial-colour"
                .to_string()
        }
        Rule::Initial => {
            "both teams have yet to play a match and the first-team's TPN is even: it takes the opposite of the initial-colour"
                .to_string()
        }
        Rule::OnePreference => format!("only one team has a colour preference {both}, granted"),
        Rule::OppositePreferences => format!("opposite colour preferences {both}, both granted"),
        Rule::OneStrong => format!("only one strong colour preference {both}, granted"),
        Rule::LowerDifference => format!(
            "White to the lower colour difference ({}: {:+}; {}: {:+})",
            f.tpn, f.cd, o.tpn, o.cd
        ),
        Rule::Alternate => {
            "the colours alternate from the most recent match in which one had White and the other Black"
                .to_string()
        }
        Rule::FirstPreference => format!("the first-team's colour preference ({pf}) is granted"),
        Rule::FirstLast => format!(
            "the first-team's colour alternates from its last match ({})",
            colour_word(colour.opposite())
        ),
        Rule::OtherLast => format!(
            "the other team's colour alternates from its last match ({})",
            colour_word(colour)
        ),
    }
}

/// What bars teams `a` and `b` (TPNs) from meeting in the round to pair: an absence, C1, a forbidden
/// pair.
pub fn barred(t: &TeamTournament, a: u32, b: u32) -> Vec<Reason> {
    let mut out = Vec::new();
    if t.absent_next.contains(&a) || t.absent_next.contains(&b) {
        out.push(Reason::new(
            "3.3.1",
            "only the teams taking part in the round are paired",
        ));
    }
    let ctx = super::context(t);
    let (Some(ia), Some(ib)) = (super::index(a), super::index(b)) else {
        return out;
    };
    if ctx.standings.get(ia).is_some_and(|s| s.met.contains(&b)) {
        out.push(Reason::new("C1", "they have already played each other"));
    } else if !ctx.legal(ia, ib) && ia != ib && ib < ctx.standings.len() {
        out.push(Reason::new(
            "260",
            "the file forbids this pair in this round (260, XXP)",
        ));
    }
    out
}
