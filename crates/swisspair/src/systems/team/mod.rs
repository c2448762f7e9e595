//! C.04.6, the Swiss Team Pairing System (applied from 1 February 2026).
//!
//! 3.3.2: the pairing-allocated bye first (3.4, [`bye`]); then, until every team is paired, the
//! top-scoregroup with its upfloaters (3.5, [`upfloaters`]) forms a bracket that is paired (3.6,
//! [`bracket`]); then the colours (4, [`colours`]). What the system derives per team is
//! [`standing`]; the matching that decides each choice is [`completion`]. [`explain()`] pairs the same
//! way and records each decision with its article ([`explain`]).

mod bracket;
mod bye;
pub mod checklist;
mod colours;
mod completion;
mod context;
mod explain;
mod standing;
#[cfg(test)]
mod tests;
mod upfloaters;

use std::cmp::Reverse;
use std::collections::BTreeSet;

use crate::error::{Error, Result};
use crate::explain::team::TeamExplanation;
use crate::score::Score;
use crate::tournament::team::TeamTournament;
use context::Context;

/// A round's team pairing: matches as (white team, black team) TPNs in board order, and the PAB.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamPairing {
    /// (white, black): the first board's colours (1.6.1).
    pub matches: Vec<(u32, u32)>,
    /// The team receiving the pairing-allocated bye.
    pub bye: Option<u32>,
}

impl TeamPairing {
    /// The engines' text: the number of lines, a `white black` line per match, the PAB as `N 0`.
    pub fn to_text(&self) -> String {
        let mut out = format!("{}\n", self.matches.len() + usize::from(self.bye.is_some()));
        for (w, b) in &self.matches {
            out.push_str(&format!("{w} {b}\n"));
        }
        if let Some(t) = self.bye {
            out.push_str(&format!("{t} 0\n"));
        }
        out
    }
}

/// Pairs the tournament's next round.
pub fn pair(t: &TeamTournament) -> Result<TeamPairing> {
    run(t, None)
}

/// Pairs the tournament's next round as [`pair`] does, recording each decision with its article.
pub fn explain(t: &TeamTournament) -> Result<(TeamPairing, TeamExplanation)> {
    let mut notes = TeamExplanation::default();
    let pairing = run(t, Some(&mut notes))?;
    Ok((pairing, notes))
}

/// Why teams `a` and `b` (TPNs) did not meet in the round `explanation` explains.
pub fn why_not_paired(t: &TeamTournament, explanation: &TeamExplanation, a: u32, b: u32) -> String {
    explanation.why_not_paired(a, b, &explain::barred(t, a, b))
}

/// The round's context: the standings, the legal pairs.
fn context(t: &TeamTournament) -> Context {
    let standings = standing::standings(t);
    let forbidden = t
        .forbidden
        .iter()
        .filter_map(|&(a, b)| Some((index(a)?, index(b)?)))
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect::<BTreeSet<_>>();
    Context::new(
        standings,
        &forbidden,
        standing::is_last_two_rounds(t),
        t.rules.colours,
    )
}

/// The index of TPN `tpn`.
fn index(tpn: u32) -> Option<usize> {
    usize::try_from(tpn).ok().and_then(|x| x.checked_sub(1))
}

/// Pairs the next round; with `notes`, records why.
fn run(t: &TeamTournament, mut notes: Option<&mut TeamExplanation>) -> Result<TeamPairing> {
    let ctx = context(t);
    let absent: BTreeSet<usize> = t.absent_next.iter().filter_map(|&x| index(x)).collect();
    let present: Vec<usize> = (0..t.teams.len()).filter(|a| !absent.contains(a)).collect();
    let mut unpaired = present.clone();
    if let Some(e) = notes.as_deref_mut() {
        explain::start(e, t, &ctx);
    }
    // 3.4: the PAB first.
    let choice = bye::assign(&ctx, &unpaired)?;
    let bye = choice.team;
    if let Some(e) = notes.as_deref_mut() {
        explain::bye(e, &ctx, &choice);
    }
    unpaired.retain(|&a| Some(a) != bye);
    if !completion::pairable(&ctx, &unpaired) {
        return Err(Error::NoValidPairing(
            "the teams cannot all be paired without a rematch (C1, C3)".into(),
        ));
    }
    // 3.3.2: bracket after bracket from the top-scoregroup down.
    let mut pairs = Vec::new();
    while !unpaired.is_empty() {
        let top_score = unpaired
            .iter()
            .map(|&a| ctx.score(a))
            .max()
            .unwrap_or(Score::ZERO);
        // C6: the round's scoregroup below the top-scoregroup's.
        let following = present
            .iter()
            .map(|&a| ctx.score(a))
            .filter(|&s| s < top_score)
            .max();
        let selection = upfloaters::select(&ctx, &unpaired, following)?;
        let upfloaters = &selection.teams;
        let bracket: Vec<usize> = unpaired
            .iter()
            .copied()
            .filter(|&a| ctx.score(a) == top_score || upfloaters.contains(&a))
            .collect();
        let paired = bracket::pair(&ctx, &bracket, upfloaters)?;
        if let Some(e) = notes.as_deref_mut() {
            explain::bracket(e, &ctx, top_score, &bracket, &selection, &paired);
        }
        pairs.extend(paired);
        unpaired.retain(|a| !bracket.contains(a));
    }
    // 4: colours; the boards ordered by the pair's higher score, then its lower score, then TPN.
    let mut matches: Vec<(usize, usize)> = pairs
        .into_iter()
        .map(|(a, b)| {
            let colours =
                colours::allocate(&ctx, t.rules.secondary_for_colours, t.initial_colour, a, b);
            if let Some(e) = notes.as_deref_mut() {
                explain::colours(e, &ctx, &colours);
            }
            (colours.white, colours.black)
        })
        .collect();
    matches.sort_by_key(|&(w, b)| {
        let (sw, sb) = (ctx.score(w), ctx.score(b));
        (Reverse(sw.max(sb)), Reverse(sw.min(sb)), w.min(b))
    });
    let tpn = |a: usize| ctx.standings.get(a).map_or(0, |s| s.tpn);
    Ok(TeamPairing {
        matches: matches.into_iter().map(|(w, b)| (tpn(w), tpn(b))).collect(),
        bye: bye.map(tpn),
    })
}
