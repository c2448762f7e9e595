//! The explanation of a round of the 1992 system: the brackets as the round procedure paired them
//! (A.3, A.6, C.1, C.12–C.14), the criteria it relaxed on the way (C.9–C.11, C.14), the transposition or
//! exchange of the candidate taken (D.1, D.2) or why C.6's initial candidate was not taken (B.1–B.6),
//! the floats (A.4), the colour rule of every pair (E) and the bye (A.5, B.1.b, F.4). Everything here
//! reads the record the procedure kept (`trace.rs`, [`Paired`]); nothing is re-computed by another
//! method.

use super::bracket::{moved_down_count, Paired};
use super::colours::ColourRule;
use super::players::Ctx;
use super::trace::{CandidateNote, Fault, LevelNote, RoundEvent, SearchNote};
use crate::explain::{colour_word, BracketNote, Explanation, Reason};
use crate::pairing::{Game, Pairing};
use crate::state::RoundState;
use crate::systems::{Edition, System};
use crate::tournament::{Colour, Tournament};

/// What the round procedure did, for the explanation.
pub struct Round<'a> {
    /// The brackets in the order they were paired, as they stand at the end of the round.
    pub brackets: &'a [Paired],
    /// Each pair's game and the rule of E that gave its colours.
    pub colours: &'a [(Game, ColourRule)],
    pub bye: Option<usize>,
}

/// The explanation of the round that produced `pairing`.
pub fn explain(
    ctx: &Ctx,
    t: &Tournament,
    state: &RoundState,
    round: &Round<'_>,
    pairing: &Pairing,
) -> Explanation {
    let mut out = Explanation::new(System::Rating1992, Edition::Y1992, t, state, pairing);
    out.notes.push(Reason::new(
        "A.2",
        "the players are ranked by score, rating, FIDE title and name; S1 and S2 (A.6), the transpositions \
         and exchanges (D) and the numbers of E.5 follow this order",
    ));
    if state.round == 1 {
        out.notes.push(Reason::new(
            "F.4",
            "before round one all players are in one homogeneous score bracket in A.2 order: the highest \
             of S1 meets the highest of S2, and so on; with an odd number the lowest ranked receives the \
             bye",
        ));
    }
    if !pairing.games.is_empty() {
        out.notes.push(Reason::new(
            "F.1",
            "the boards are sorted by the score of the higher player of each pair, then the sum of both \
             scores, then the A.2 rank of the higher player",
        ));
    }
    for &p in &ctx.order {
        if ctx.players.get(p).is_some_and(|q| q.exempt) {
            if let Some(n) = out.player_mut(number(ctx, p)) {
                n.reasons.push(Reason::new(
                    "Note to B",
                    "over 50% in the last round: B.2, B.5 and B.6 do not apply to this player, nor \
                     the absolute colour preference of A.7.a",
                ));
            }
        }
    }
    for (k, paired) in round.brackets.iter().enumerate() {
        let note = bracket_note(ctx, paired, round.bye);
        player_reasons(ctx, &mut out, paired, k + 1, round.bye, note.score);
        out.brackets.push(note);
    }
    for &(game, rule) in round.colours {
        colour_reasons(ctx, &mut out, game, rule);
    }
    if let Some(bye) = round.bye {
        bye_reasons(ctx, &mut out, bye, state.round == 1);
    }
    out
}

fn number(ctx: &Ctx, p: usize) -> u32 {
    ctx.players.get(p).map_or(0, |q| q.start_number)
}

fn score_of(ctx: &Ctx, p: usize) -> crate::score::Score {
    ctx.players
        .get(p)
        .map_or(crate::score::Score::ZERO, |q| q.score)
}

fn numbers(ctx: &Ctx, players: &[usize]) -> String {
    let v: Vec<String> = players
        .iter()
        .map(|&p| number(ctx, p).to_string())
        .collect();
    v.join(", ")
}

/// The note of one bracket.
fn bracket_note(ctx: &Ctx, paired: &Paired, bye: Option<usize>) -> BracketNote {
    let score = paired.group.score;
    let all: Vec<usize> = paired
        .group
        .players
        .iter()
        .chain(&paired.forced)
        .copied()
        .collect();
    let residents: Vec<usize> = all
        .iter()
        .copied()
        .filter(|&p| score_of(ctx, p) == score)
        .collect();
    let incoming: Vec<usize> = all
        .iter()
        .copied()
        .filter(|&p| score_of(ctx, p) > score)
        .collect();
    let mut reasons = Vec::new();
    let n = paired.group.players.len();
    let mdps = moved_down_count(ctx, &paired.group);
    if !paired.forced.is_empty() {
        reasons.push(Reason::new(
            "C.1",
            format!(
                "{}: no opponent in the bracket without breaking B.1 or B.2, so moved down to the next \
                 bracket at once",
                numbers(ctx, &paired.forced)
            ),
        ));
    }
    if mdps == 0 {
        reasons.push(Reason::new(
            "A.3",
            "homogeneous: its players have equal scores; S1 holds the higher half (A.6)",
        ));
    } else if 2 * mdps >= n {
        reasons.push(Reason::new(
            "A.3",
            format!(
                "{mdps} of its {n} players were moved down from higher brackets: at least half, so it is \
                 treated as homogeneous; S1 holds the higher half (A.6)"
            ),
        ));
    } else {
        reasons.push(Reason::new(
            "A.3",
            format!(
                "heterogeneous: {mdps} player(s) moved down from higher brackets form S1 (A.6) and are \
                 paired first; the residents left form a remainder paired as a homogeneous group"
            ),
        ));
    }
    for &event in &paired.events {
        event_reasons(ctx, event, !paired.pairs.is_empty(), &mut reasons);
    }
    if let Some(note) = paired.note.as_deref() {
        search_reasons(ctx, note, paired.group.players.is_empty(), &mut reasons);
    }
    let left: Vec<usize> = paired
        .moved_down
        .iter()
        .copied()
        .filter(|p| !paired.forced.contains(p))
        .collect();
    if let Some(b) = bye.filter(|b| paired.moved_down.contains(b) && paired.group.last) {
        reasons.push(Reason::new(
            "A.5",
            format!(
                "{} is left unpaired in the lowest bracket and receives the bye",
                number(ctx, b)
            ),
        ));
    } else if !left.is_empty() {
        reasons.push(Reason::new(
            "A.3",
            format!(
                "{} remain(s) unpaired and move(s) down to the next bracket",
                numbers(ctx, &left)
            ),
        ));
    }
    BracketNote {
        score,
        residents: residents.iter().map(|&p| number(ctx, p)).collect(),
        moved_down: incoming.iter().map(|&p| number(ctx, p)).collect(),
        pairs: paired
            .pairs
            .iter()
            .map(|&(a, b)| (number(ctx, a), number(ctx, b)))
            .collect(),
        left: paired.moved_down.iter().map(|&p| number(ctx, p)).collect(),
        reasons,
    }
}

/// What C.12 and C.13 did to the bracket (`pairs`: whether it made any).
fn event_reasons(ctx: &Ctx, event: RoundEvent, pairs: bool, reasons: &mut Vec<Reason>) {
    let trigger = |without_opponent: Option<usize>, reasons: &mut Vec<Reason>| {
        match without_opponent {
        Some(p) => reasons.push(Reason::new(
            "C.1",
            format!(
                "{}, moved down into this bracket, has no opponent in it without breaking B.1 or B.2: \
                 C.12 applies",
                number(ctx, p)
            ),
        )),
        None => reasons.push(Reason::new(
            "C.12",
            "heterogeneous, and its p pairings of players moved down cannot be made whatever x and the \
             float criteria (C.11 has run out): C.12 applies",
        )),
    }
    };
    match event {
        RoundEvent::C12Repaired => reasons.push(Reason::new(
            "C.12",
            "the next bracket could not make its p pairings: this bracket's pairing was undone, and its \
             first pairing that moves another player down and lets the next bracket make its p pairings \
             is accepted",
        )),
        RoundEvent::C12Again { without_opponent } => {
            trigger(without_opponent, reasons);
            reasons.push(Reason::new(
                "C.12",
                "the previous bracket's pairing was undone and another accepted, which lets this bracket \
                 make its p pairings; this bracket is then paired again",
            ));
        }
        RoundEvent::C12NoAlternative { without_opponent } => {
            trigger(without_opponent, reasons);
            reasons.push(Reason::new(
                "C.12",
                "no other pairing of the previous bracket lets this one make its p pairings: its pairing \
                 stands (a player moved down without an opponent moves further down, C.1's third case)",
            ));
        }
        RoundEvent::C13Repaired if !pairs => reasons.push(Reason::new(
            "C.13",
            "the lowest bracket could not be paired: this, the penultimate bracket, has no pairing with \
             p > 0 that allows it, so p becomes zero and its players join the lowest bracket",
        )),
        RoundEvent::C13Repaired => reasons.push(Reason::new(
            "C.13",
            "the lowest bracket could not be paired: the pairing of this, the penultimate bracket, was \
             undone, and its first pairing (C.14 lowering p) that allows the lowest bracket to be paired \
             is accepted",
        )),
        RoundEvent::C13Joined(k) => reasons.push(Reason::new(
            "C.13",
            format!(
                "no pairing of the penultimate bracket with p > 0 allowed the lowest bracket to be paired: \
                 {k} bracket(s) above joined to it into a new lowest bracket"
            ),
        )),
        RoundEvent::C13Lowest => reasons.push(Reason::new(
            "C.13",
            "the lowest bracket, paired after C.13 changed the bracket(s) above it",
        )),
    }
}

/// What the search of the bracket recorded: the initial candidate, the levels, the candidate taken.
fn search_reasons(ctx: &Ctx, note: &SearchNote, paired_nothing: bool, reasons: &mut Vec<Reason>) {
    if note.natural {
        if paired_nothing {
            return;
        }
        reasons.push(Reason::new(
            "C.6",
            "the initial candidate, S1 against S2 in order, meets B.1, B.2 and the relative criteria \
             (B.4-B.6): accepted",
        ));
        return;
    }
    if let Some(fault) = note.fault {
        reasons.push(fault_reason(ctx, fault));
    }
    if note.joined_as_one {
        reasons.push(Reason::new(
            "C.14",
            "the lowest bracket: no player moved down into it can be paired with a resident (p = 0), so \
             it is paired as one homogeneous bracket (C.13)",
        ));
    }
    if note.all_moved_down {
        reasons.push(Reason::new(
            "C.14",
            "p reached zero: no pairing can be made, the whole bracket is moved down to the next one",
        ));
    }
    for (what, level) in [
        ("the bracket", &note.group),
        ("the bracket, for its players moved down", &note.moved_down),
        ("the remainder", &note.remainder),
    ] {
        if let Some(level) = level {
            level_reasons(ctx, what, level, reasons);
        }
    }
}

/// Why C.6's initial candidate was not taken.
fn fault_reason(ctx: &Ctx, fault: Fault) -> Reason {
    let n = |p: usize| number(ctx, p);
    let initial = "the initial candidate (C.6: S1 against S2 in order) is not the pairing";
    match fault {
        Fault::Met(a, b) => Reason::new(
            "B.1.a",
            format!("{initial}: {} and {} have met before", n(a), n(b)),
        ),
        Fault::Forbidden(a, b) => Reason::new(
            "XXP",
            format!("{initial}: the file forbids {} against {}", n(a), n(b)),
        ),
        Fault::Colours(a, b) => Reason::new(
            "B.2",
            format!(
                "{initial}: no colouring of {} against {} keeps both within the colour limits",
                n(a),
                n(b)
            ),
        ),
        Fault::Upfloat { player, back } => Reason::new(
            if back == 0 { "B.5" } else { "B.6" },
            format!(
                "{initial}: {} would receive an upfloat, as {}",
                n(player),
                if back == 0 {
                    "in the previous round"
                } else {
                    "two rounds before"
                }
            ),
        ),
        Fault::Budget { conflicts, x } => Reason::new(
            "B.4",
            format!(
                "{initial}: {conflicts} of its pairings cannot fulfil both colour preferences, more than \
                 x = {x} (A.8)"
            ),
        ),
        Fault::Downfloat { player, back } => Reason::new(
            if back == 0 { "B.5" } else { "B.6" },
            format!(
                "{initial}: it leaves {} unpaired, a downfloat as {}",
                n(player),
                if back == 0 {
                    "in the previous round"
                } else {
                    "two rounds before"
                }
            ),
        ),
        Fault::Bye(p) => Reason::new(
            "B.1.b",
            format!(
                "{initial}: it leaves {} unpaired in the lowest bracket, who has already received a point \
                 without playing and may not receive the bye",
                n(p)
            ),
        ),
        Fault::Unpaired => Reason::new(
            "A.5",
            format!("{initial}: it leaves more than one player of the lowest bracket unpaired"),
        ),
    }
}

/// The level at which a group was paired: p (C.14), x (A.8, C.11), the float criteria (C.9, C.10), and
/// the candidate taken (D.1, D.2).
fn level_reasons(ctx: &Ctx, what: &str, level: &LevelNote, reasons: &mut Vec<Reason>) {
    reasons.push(Reason::new(
        "A.8",
        format!(
            "{what}: x = {} over its {} players (the pairings that may leave a colour preference \
             unfulfilled)",
            level.x, level.players
        ),
    ));
    if level.p < level.p0 {
        reasons.push(Reason::new(
            "C.14",
            format!(
                "{what}: no candidate with {} pairings meets B.1 and B.2 (and, in the lowest bracket, \
                 leaves the bye only), so p is lowered to {}{}",
                level.p0,
                level.p,
                if level.x_start < level.x {
                    format!(" and x to {}", level.x_start)
                } else {
                    String::new()
                }
            ),
        ));
    }
    if level.budget > level.x_start {
        reasons.push(Reason::new(
            "C.11",
            format!(
                "{what}: no candidate with at most {} pairing(s) not fulfilling both colour preferences \
                 meets the criteria, so x is raised to {}",
                level.x_start, level.budget
            ),
        ));
    }
    if level.down > 0 {
        reasons.push(Reason::new(
            "C.9",
            format!(
                "{what}: no candidate meets {} for downfloats: dropped",
                if level.down == 1 {
                    "B.6"
                } else {
                    "B.6 and B.5"
                }
            ),
        ));
    }
    if level.up > 0 {
        reasons.push(Reason::new(
            "C.10",
            format!(
                "{what}: no candidate meets {} for upfloats: dropped",
                if level.up == 1 { "B.6" } else { "B.6 and B.5" }
            ),
        ));
    }
    reasons.push(Reason::new(
        "B.4",
        format!(
            "{what}: the pairing taken is the first candidate, in the order of D.2 and D.1, with at most \
             x = {} pairing(s) not fulfilling both colour preferences that meets B.1, B.2 and the float \
             criteria in force",
            level.budget
        ),
    ));
    if let Some(c) = &level.candidate {
        candidate_reasons(ctx, what, c, reasons);
    }
}

fn candidate_reasons(ctx: &Ctx, what: &str, c: &CandidateNote, reasons: &mut Vec<Reason>) {
    if c.bound {
        reasons.push(Reason::new(
            "D.2",
            format!(
                "{what}: none of the first {} exchanges gives a candidate; the subgroups of the matching's \
                 own candidate are taken (the search bound)",
                c.exchange
            ),
        ));
    } else if c.exchange > 0 {
        reasons.push(Reason::new(
            "D.2",
            format!(
                "{what}: S1 and S2 as they stand give no candidate; exchange number {} of D.2 (C.8) \
                 moves {} from S1 to S2 and {} from S2 to S1, both reordered by A.2",
                c.exchange,
                numbers(ctx, &c.from_s1),
                numbers(ctx, &c.from_s2)
            ),
        ));
    }
    if c.transposed {
        reasons.push(Reason::new(
            "D.1",
            format!(
                "{what}: S1 against S2 in order gives no candidate; the first transposition of S2 in the \
                 order of D.1 that does is taken (C.7)"
            ),
        ));
    }
}

/// The article under which a pair of the bracket was made: its part's candidate.
fn pair_article(note: Option<&SearchNote>, moved_down_pair: bool) -> &'static str {
    let Some(note) = note else {
        return "C.6";
    };
    let level = if moved_down_pair {
        note.moved_down.as_ref()
    } else {
        note.group.as_ref().or(note.remainder.as_ref())
    };
    match level.and_then(|l| l.candidate.as_ref()) {
        Some(c) if c.transposed => "D.1",
        Some(c) if c.exchange > 0 || c.bound => "D.2",
        _ => "C.6",
    }
}

/// Each player's part in the bracket: moved down into it, paired, floated, left unpaired.
fn player_reasons(
    ctx: &Ctx,
    out: &mut Explanation,
    paired: &Paired,
    label: usize,
    bye: Option<usize>,
    score: crate::score::Score,
) {
    let from_above = |p: usize| score_of(ctx, p) > score;
    for &p in paired.group.players.iter().chain(&paired.forced) {
        if from_above(p) {
            if let Some(n) = out.player_mut(number(ctx, p)) {
                n.reasons.push(Reason::new(
                    "A.3",
                    format!(
                        "moved down into bracket {label} (score {score}) from a higher bracket"
                    ),
                ));
            }
        }
    }
    for &p in &paired.forced {
        if let Some(n) = out.player_mut(number(ctx, p)) {
            n.reasons.push(Reason::new(
                "C.1",
                format!(
                    "no opponent in bracket {label} without breaking B.1 or B.2: moved down at once"
                ),
            ));
        }
    }
    let note = paired.note.as_deref();
    let heterogeneous = {
        let m = moved_down_count(ctx, &paired.group);
        m > 0 && 2 * m < paired.group.players.len()
    };
    for &(a, b) in &paired.pairs {
        let article = pair_article(note, heterogeneous && (from_above(a) || from_above(b)));
        for (x, y) in [(a, b), (b, a)] {
            if let Some(n) = out.player_mut(number(ctx, x)) {
                n.reasons.push(Reason::new(
                    article,
                    format!("paired with {} in bracket {label}", number(ctx, y)),
                ));
            }
        }
        float_reasons(ctx, out, a, b);
    }
    for &p in &paired.moved_down {
        if Some(p) == bye || paired.forced.contains(&p) {
            continue;
        }
        if let Some(n) = out.player_mut(number(ctx, p)) {
            n.reasons.push(Reason::new(
                "A.3",
                format!("left unpaired by bracket {label}: moved down to the next bracket"),
            ));
        }
    }
}

/// A.4: the floats a pair of unequal scores makes.
fn float_reasons(ctx: &Ctx, out: &mut Explanation, a: usize, b: usize) {
    let (sa, sb) = (score_of(ctx, a), score_of(ctx, b));
    if sa == sb {
        return;
    }
    let (high, low) = if sa > sb { (a, b) } else { (b, a) };
    let (sh, sl) = (score_of(ctx, high), score_of(ctx, low));
    if let Some(n) = out.player_mut(number(ctx, high)) {
        n.reasons.push(Reason::new(
            "A.4",
            format!(
                "downfloat: meets {} with a lower score ({sl} against {sh})",
                number(ctx, low)
            ),
        ));
    }
    if let Some(n) = out.player_mut(number(ctx, low)) {
        n.reasons.push(Reason::new(
            "A.4",
            format!(
                "upfloat: meets {} with a higher score ({sh} against {sl})",
                number(ctx, high)
            ),
        ));
    }
}

/// E: the rule that gave a pair its colours.
fn colour_reasons(ctx: &Ctx, out: &mut Explanation, game: Game, rule: ColourRule) {
    for (p, other, colour) in [
        (game.white, game.black, Colour::White),
        (game.black, game.white, Colour::Black),
    ] {
        if let Some(n) = out.player_mut(number(ctx, p)) {
            n.reasons.push(Reason::new(
                rule.article(),
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

/// A.5, B.1.b (and F.4 in round one): the bye.
fn bye_reasons(ctx: &Ctx, out: &mut Explanation, bye: usize, first_round: bool) {
    let Some(n) = out.player_mut(number(ctx, bye)) else {
        return;
    };
    n.reasons.push(Reason::new(
        "B.1.b",
        "may receive the bye: has not received a point without playing (a bye or a forfeit win)",
    ));
    if first_round {
        n.reasons.push(Reason::new(
            "F.4",
            "round one with an odd number of players: the lowest ranked player receives the bye",
        ));
    }
    n.reasons.push(Reason::new(
        "A.5",
        "left unpaired in the lowest bracket: receives the bye (no opponent, no colour, one point; it \
         counts as a downfloat)",
    ));
}
