//! The explanation of one Lim score group, worded from its record ([`GroupRecord`]): who was in it and
//! came into it (2.2, 3.2, 2.6), its transfers (2.3, 3.2–3.5, 3.9, 3.10), the floaters it paired
//! (3.6–3.8), its scrutiny and exchanges (2.4, 4), its second scrutiny for colours (5.2, 5.7), the
//! last-round exception (6), the pairings cracked from it or for it (2.6); and each player's part.

use super::context::{Context, Direction};
use super::exchanges::Step;
use super::incoming::FloaterNote;
use super::record::{Event, GroupRecord, Place, RoundRecord};
use super::second_scrutiny::ColourExchange;
use super::transfers::{FloaterType, ParityFloater, Transfer};
use crate::explain::{colour_word, BracketNote, Explanation, Reason};
use crate::score::Score;

pub fn number(ctx: &Context<'_>, p: usize) -> u32 {
    ctx.state.players.get(p).map_or(0, |s| s.start_number)
}

pub fn numbers(ctx: &Context<'_>, players: &[usize]) -> String {
    let v: Vec<u32> = players.iter().map(|&p| number(ctx, p)).collect();
    crate::explain::list(&v)
}

pub fn score_of(score_twice: i64) -> Score {
    Score(i32::try_from(score_twice / 2).unwrap_or_default())
}

/// Words the record of one group.
pub struct Words<'w, 'a> {
    pub ctx: &'w Context<'a>,
    pub record: &'w RoundRecord,
    /// The group's place in the order paired, from 1.
    pub label: usize,
}

impl Words<'_, '_> {
    fn n(&self, p: usize) -> u32 {
        number(self.ctx, p)
    }

    fn pair(&self, (a, b): (usize, usize)) -> String {
        format!("{}-{}", self.n(a), self.n(b))
    }

    /// The pairs of the group that 2.6 cracked.
    fn cracked(&self, g: &GroupRecord) -> Vec<(usize, usize)> {
        if g.place == Place::Median {
            // The median group's pairs are its own, even when two players of a cracked pairing meet
            // again there.
            return Vec::new();
        }
        g.pairs
            .iter()
            .copied()
            .filter(|&(x, y)| {
                self.record.cracks.iter().any(|c| {
                    let (a, b) = c.pair.players;
                    (x, y) == (a, b) || (y, x) == (a, b)
                })
            })
            .collect()
    }

    pub fn group(&self, g: &GroupRecord, out: &mut Explanation) -> BracketNote {
        let score = score_of(g.score_twice);
        let mut reasons = Vec::new();
        // Why each player left, and how each pair was made, for the player notes.
        let mut left_why: Vec<(usize, Reason)> = Vec::new();
        let mut paired_why: Vec<(usize, usize, Reason)> = Vec::new();
        reasons.push(match g.place {
            Place::Above => Reason::new(
                "2.2",
                "above the median score: paired downward, after the groups above it; its floaters go \
                 down to the next lower group (3.2)",
            ),
            Place::Below => Reason::new(
                "2.2",
                "below the median score: paired upward, after the groups below it; its floaters go up \
                 to the next higher group (3.2)",
            ),
            Place::Median => Reason::new(
                "2.2",
                "the Median Score-group: paired last and downward, with the floaters from above and \
                 below; nobody floats out of it",
            ),
        });
        self.incoming(g, &mut reasons);
        for &(p, why) in &g.transfers {
            let r = Reason::new(
                why.article(),
                format!(
                    "{} has {}: transferred before the group is paired",
                    self.n(p),
                    match why {
                        Transfer::PlayedAll if g.residents.len() + g.incoming.len() == 1 => {
                            "nobody else in the group"
                        }
                        Transfer::PlayedAll => {
                            "no opponent in the group he has not played (or may meet)"
                        }
                        Transfer::ColourDifference => {
                            "two more of one colour and nobody in the group who lets him have a \
                             permissible colour"
                        }
                        Transfer::ColourTwice => {
                            "had the same colour twice and nobody in the group who lets him alternate"
                        }
                    }
                ),
            );
            left_why.push((p, r.clone()));
            reasons.push(r);
        }
        if let Some(f) = &g.parity {
            let rs = self.parity(g, f);
            left_why.extend(rs.iter().map(|r| (f.player, r.clone())));
            reasons.extend(rs);
        }
        self.floater_order(g, &mut reasons);
        self.scrutiny(g, &mut reasons, &mut left_why, &mut paired_why);
        for e in &g.colour_exchanges {
            match *e {
                ColourExchange::Made {
                    k,
                    instead_of,
                    opponent,
                    moved,
                } => {
                    let r = Reason::new(
                        "5.2",
                        format!(
                            "second scrutiny: {} and {} cannot both have the colour they are due; the \
                             first exchange in the order of 4 that gives them to {} and his opponent: he \
                             meets {}{}{}",
                            self.n(k),
                            self.n(instead_of),
                            self.n(k),
                            self.n(opponent),
                            moved.map_or(String::new(), |(x, y)| format!(
                                ", and {} meets {}",
                                self.n(x),
                                self.n(y)
                            )),
                            if self.ctx.maxi() {
                                " (the opponents exchanged are within 100 points, 5.7)"
                            } else {
                                ""
                            }
                        ),
                    );
                    paired_why.push((k, opponent, r.clone()));
                    if let Some((x, y)) = moved {
                        paired_why.push((x, y, r.clone()));
                    }
                    reasons.push(r);
                }
                ColourExchange::Refused {
                    k,
                    instead_of,
                    opponent,
                } => reasons.push(Reason::new(
                    "5.7",
                    format!(
                        "a maxi-tournament: {} and {} cannot both have their colours, but exchanging {} \
                         for {} would exchange players rated more than 100 points apart",
                        self.n(k),
                        self.n(instead_of),
                        self.n(instead_of),
                        self.n(opponent)
                    ),
                )),
            }
        }
        if g.lifted {
            reasons.push(Reason::new(
                "6",
                "the last round: paired with the colour limits lifted between players of equal score, \
                 which pairs more of the group",
            ));
        } else if g.lift_not_better {
            reasons.push(Reason::new(
                "6",
                "the last round: the exception is in force for the group, but lifting the colour limits \
                 pairs no more of it",
            ));
        }
        let cracked = self.cracked(g);
        for &(a, b) in &cracked {
            let r = Reason::new(
                "2.6",
                format!(
                    "its pairing {} is cracked for the blocked median group: both players move to it",
                    self.pair((a, b))
                ),
            );
            left_why.push((a, r.clone()));
            left_why.push((b, r.clone()));
            reasons.push(r);
        }
        if g.place == Place::Median {
            self.median(&mut reasons);
        }
        let pairs: Vec<(usize, usize)> = g
            .pairs
            .iter()
            .copied()
            .filter(|p| !cracked.contains(p))
            .collect();
        let mut left = g.left.clone();
        left.extend(cracked.iter().flat_map(|&(a, b)| [a, b]));
        // A player floated and brought back (4.4 a) did not leave in the end.
        left_why.retain(|(p, _)| left.contains(p));
        self.player_reasons(g, &pairs, &left_why, &paired_why, out);
        BracketNote {
            score,
            residents: g.residents.iter().map(|&p| self.n(p)).collect(),
            moved_down: g.incoming.iter().map(|&p| self.n(p)).collect(),
            pairs: pairs.iter().map(|&(a, b)| (self.n(a), self.n(b))).collect(),
            left: left.iter().map(|&p| self.n(p)).collect(),
            reasons,
        }
    }

    /// Who came into the group, and from where (3.1, 3.2, 2.6).
    fn incoming(&self, g: &GroupRecord, reasons: &mut Vec<Reason>) {
        let crack_players: Vec<usize> = self
            .record
            .cracks
            .iter()
            .flat_map(|c| [c.pair.players.0, c.pair.players.1])
            .collect();
        let (cracked, floated): (Vec<usize>, Vec<usize>) = g
            .incoming
            .iter()
            .partition(|p| g.place == Place::Median && crack_players.contains(p));
        let (down, up): (Vec<usize>, Vec<usize>) = floated
            .iter()
            .partition(|&&p| self.ctx.score_twice(p) > g.score_twice);
        if !down.is_empty() {
            reasons.push(Reason::new(
                "3.2",
                format!(
                    "floaters transferred down into it from higher groups: {}",
                    numbers(self.ctx, &down)
                ),
            ));
        }
        if !up.is_empty() {
            reasons.push(Reason::new(
                "3.2",
                format!(
                    "floaters transferred up into it from lower groups: {}",
                    numbers(self.ctx, &up)
                ),
            ));
        }
        if !cracked.is_empty() {
            reasons.push(Reason::new(
                "2.6",
                format!(
                    "the players of cracked pairings, as additional floaters: {}",
                    numbers(self.ctx, &cracked)
                ),
            ));
        }
    }

    /// 2.3 d with 3.2–3.5, 3.9, 3.10.
    fn parity(&self, g: &GroupRecord, f: &ParityFloater) -> Vec<Reason> {
        let p = self.n(f.player);
        let lowest = match g.direction {
            Direction::Downward => "lowest numbered",
            Direction::Upward => "highest numbered",
        };
        let mut out = vec![Reason::new(
            "2.3.d",
            format!("{p} is transferred to make the number of players in the group even"),
        )];
        let kind = match f.kind {
            FloaterType::D => "d: he has a compatible opponent in the adjacent group",
            FloaterType::C => "c: he has no compatible opponent in the adjacent group",
            FloaterType::B => {
                "b: he floated into this group and has a compatible opponent in the next"
            }
            FloaterType::A => {
                "a: he floated into this group and has no compatible opponent in the next"
            }
        };
        out.push(Reason::new(
            "3.9",
            if f.worst > f.kind {
                format!("a floater of type {kind}; others would have been of a type of more disadvantage")
            } else {
                format!("a floater of type {kind}")
            },
        ));
        match (f.kind, g.direction) {
            (FloaterType::D, Direction::Downward) => out.push(Reason::new(
                "3.3",
                "the lowest numbered player who has a compatible opponent in the lower group, after the \
                 opponents of the floaters before him",
            )),
            (FloaterType::D, Direction::Upward) => out.push(Reason::new(
                "3.4",
                "the highest numbered player who has a compatible opponent in the higher group, after \
                 the opponents of the floaters before him",
            )),
            (FloaterType::C, _) => out.push(Reason::new(
                "3.5",
                "no player of the group has a compatible opponent in the adjacent group: he floats on \
                 to a further group if need be",
            )),
            _ => {}
        }
        out.push(match (f.majority, f.evens_colours, f.maxi_limited) {
            (Some(c), true, _) => Reason::new(
                "3.2",
                format!(
                    "more players of the group are due {}: of them the {lowest} floats, which tends to \
                     equalise the players due each colour",
                    colour_word(c)
                ),
            ),
            (Some(c), false, true) => Reason::new(
                "3.2",
                format!(
                    "a maxi-tournament: no player due {} is within 100 points of the {lowest} player, \
                     so the {lowest} player floats",
                    colour_word(c)
                ),
            ),
            (Some(c), false, false) => Reason::new(
                "3.2",
                format!(
                    "no player due {} could float (3.9 first): the {lowest} player floats",
                    colour_word(c)
                ),
            ),
            (None, _, _) => Reason::new(
                "3.2",
                format!(
                    "as many players are due white as black: the {lowest} player floats"
                ),
            ),
        });
        if let Some(q) = f.instead_of {
            out.push(Reason::new(
                "3.10",
                format!(
                    "{} floated the round before and is not floated again: {p} floats instead",
                    self.n(q)
                ),
            ));
        }
        if f.floated_again {
            out.push(Reason::new(
                "3.10",
                format!(
                    "{p} floated the round before, but no other floater keeps the group's pairings \
                     without a floater of type a, b or c"
                ),
            ));
        }
        out
    }

    /// 3.6, 3.7: the floaters the group received, in the order they are paired.
    fn floater_order(&self, g: &GroupRecord, reasons: &mut Vec<Reason>) {
        if g.floater_order.is_empty() {
            return;
        }
        let came_down = |f: &usize| self.ctx.score_twice(*f) > g.score_twice;
        let down = g.floater_order.iter().any(came_down);
        let up = !g.floater_order.iter().all(came_down);
        let (article, text) = match (down, up, g.direction) {
            (true, true, Direction::Downward) => (
                "3.6.3",
                "the floaters from above are paired first (highest score, then highest numbered), then \
                 those from below (lowest score, then lowest numbered), then the other players",
            ),
            (true, true, Direction::Upward) => (
                "3.7.3",
                "the floaters from below are paired first (lowest score, then lowest numbered), then \
                 those from above, then the other players",
            ),
            (true, false, _) => (
                "3.6",
                "the floaters from above are paired first: the highest score first, then the highest \
                 numbered",
            ),
            _ => (
                "3.7",
                "the floaters from below are paired first: the lowest score first, then the lowest \
                 numbered",
            ),
        };
        reasons.push(Reason::new(
            article,
            format!("{text}: {}", numbers(self.ctx, &g.floater_order)),
        ));
    }

    /// 3.8: how a floater was paired, or (3.5) that he floats on.
    fn floater(
        &self,
        g: &GroupRecord,
        f: &FloaterNote,
        reasons: &mut Vec<Reason>,
        left_why: &mut Vec<(usize, Reason)>,
        paired_why: &mut Vec<(usize, usize, Reason)>,
    ) {
        let which = match g.direction {
            Direction::Downward => "highest numbered",
            Direction::Upward => "lowest numbered",
        };
        let name = self.n(f.floater);
        for &r in &f.refused {
            reasons.push(Reason::new(
                "2.6",
                format!(
                    "{name} does not meet {}: the players left in the median group could not all be \
                     paired then",
                    self.n(r)
                ),
            ));
        }
        let Some(o) = f.opponent else {
            let r = Reason::new(
                "3.5",
                format!(
                    "{name} finds no compatible opponent in the group, in spite of exchanges (3.1): he \
                     floats on"
                ),
            );
            left_why.push((f.floater, r.clone()));
            reasons.push(r);
            return;
        };
        let text = if f.maxi_kept {
            format!(
                "{name} meets {}: a maxi-tournament, and the players due the alternate colour are more \
                 than 100 points from the {which} compatible player",
                self.n(o)
            )
        } else if f.alternate {
            format!(
                "{name} meets {}, the {which} player available due the alternate colour",
                self.n(o)
            )
        } else if f.refused.is_empty() {
            format!(
                "{name} meets {}: no compatible player due the alternate colour is available, the \
                 {which} compatible one",
                self.n(o)
            )
        } else {
            format!(
                "{name} meets {}, the next compatible player in this order that leaves the others a \
                 pairing",
                self.n(o)
            )
        };
        let r = Reason::new("3.8", text);
        paired_why.push((f.floater, o, r.clone()));
        reasons.push(r);
    }

    /// 3.8, 2.4, 4.1–4.4: the scrutiny, in order.
    fn scrutiny(
        &self,
        g: &GroupRecord,
        reasons: &mut Vec<Reason>,
        left_why: &mut Vec<(usize, Reason)>,
        paired_why: &mut Vec<(usize, usize, Reason)>,
    ) {
        let mut introduced = false;
        let mut proposed = Vec::new();
        for event in &g.events {
            let step = match event {
                Event::Floater(f) => {
                    self.floater(g, f, reasons, left_why, paired_why);
                    continue;
                }
                Event::Step(step) => step.clone(),
            };
            // 4.1's order introduces the scrutiny of the group's own players (a floater's exchange,
            // and 4.4's evening after he floats, belong to 3.8's part).
            let k = match step {
                Step::Proposed { k, .. }
                | Step::Exchanged { k, .. }
                | Step::RowOpponent { k, .. }
                | Step::RowPlayer { k, .. }
                | Step::Floats { k } => Some(k),
                Step::ParityBack { .. } | Step::Companion { .. } => None,
            };
            if !introduced && k.is_some_and(|k| !g.floater_order.contains(&k)) {
                introduced = true;
                reasons.push(self.scrutiny_order(g));
            }
            let article = step.article();
            let text = match step {
                Step::Proposed { k, opponent } => {
                    proposed.push((k, opponent));
                    continue;
                }
                Step::Exchanged {
                    k,
                    opponent,
                    instead_of,
                    refused,
                } => {
                    let refused = instead_of.is_some() && refused.first() == instead_of.as_ref();
                    let not = match (instead_of, refused) {
                        (Some(i), true) => format!(
                            "his proposed opponent {} would leave players of the median group without \
                             an opponent",
                            self.n(i)
                        ),
                        (Some(i), false) => {
                            format!("his proposed opponent {} is not compatible (2.1)", self.n(i))
                        }
                        (None, _) => "he has no proposed opponent".to_string(),
                    };
                    paired_why.push((k, opponent, Reason::new(article, "")));
                    if let (Some(i), false) = (instead_of, refused) {
                        reasons.push(Reason::new(
                            "2.1",
                            format!(
                                "{} and {} are not compatible: {}",
                                self.n(k),
                                self.n(i),
                                self.incompatibility(k, i)
                            ),
                        ));
                        if self.ctx.player(k).has_met(i) {
                            reasons.push(Reason::new(
                                "2.5",
                                format!(
                                    "the proposed pairing {} would meet players who have played \
                                     each other: the lower numbered player is exchanged",
                                    self.pair((k, i))
                                ),
                            ));
                        }
                    }
                    format!(
                        "{}: {not}; he meets {} instead",
                        self.n(k),
                        self.n(opponent)
                    )
                }
                Step::RowOpponent {
                    k,
                    opponent,
                    row_player,
                    new_opponent,
                } => {
                    paired_why.push((k, opponent, Reason::new(article, "")));
                    paired_why.push((row_player, new_opponent, Reason::new(article, "")));
                    format!(
                        "{} finds no compatible opponent among the players not yet paired: he takes \
                         {}, the opponent of {}, who takes {} instead",
                        self.n(k),
                        self.n(opponent),
                        self.n(row_player),
                        self.n(new_opponent)
                    )
                }
                Step::RowPlayer {
                    k,
                    opponent,
                    returned,
                } => {
                    paired_why.push((k, opponent, Reason::new(article, "")));
                    format!(
                        "{} finds no compatible opponent among the players not yet paired: he takes \
                         {}, whose opponent {} is paired again",
                        self.n(k),
                        self.n(opponent),
                        self.n(returned)
                    )
                }
                Step::Floats { k } => {
                    let text = format!(
                        "{} has no compatible opponent in spite of exchanges that leave the players \
                         before him paired: he floats (3.1)",
                        self.n(k)
                    );
                    left_why.push((k, Reason::new(article, text.clone())));
                    text
                }
                Step::ParityBack { player } => format!(
                    "the group had an odd number: {}, floated to make it even, comes back instead",
                    self.n(player)
                ),
                Step::Companion { player } => {
                    let text = format!(
                        "the group was even: the lowest numbered player remaining, {}, floats too",
                        self.n(player)
                    );
                    left_why.push((player, Reason::new(article, text.clone())));
                    text
                }
            };
            reasons.push(Reason::new(article, text));
        }
        if !proposed.is_empty() {
            let shown: Vec<String> = proposed.iter().map(|&p| self.pair(p)).collect();
            reasons.push(Reason::new(
                "2.4",
                format!(
                    "proposed pairings confirmed as compatible: {}",
                    shown.join(", ")
                ),
            ));
            for (a, b) in proposed {
                paired_why.push((a, b, Reason::new("2.4", "")));
            }
        }
    }

    /// 4.1: how the group's own players are scrutinised.
    fn scrutiny_order(&self, g: &GroupRecord) -> Reason {
        match g.direction {
            Direction::Downward => Reason::new(
                "4.1.a",
                "top half against bottom half (2.4), scrutinised from the highest numbered player; the \
                 lower numbered player of a pairing is exchanged",
            ),
            Direction::Upward => Reason::new(
                "4.1.b",
                "top half against bottom half (2.4), scrutinised from the lowest numbered player; the \
                 higher numbered player of a pairing is exchanged",
            ),
        }
    }

    /// 2.1: why two players the scrutiny found incompatible are.
    fn incompatibility(&self, a: usize, b: usize) -> &'static str {
        let ctx = self.ctx;
        if ctx.player(a).has_met(b) {
            "they have played each other"
        } else if ctx.tournament.is_forbidden(a, b, ctx.state.round) {
            "the file forbids the pair"
        } else {
            "no colour allocation keeps both within the limits of 5.1 a/b"
        }
    }

    /// 2.6: the median group, blocked or not.
    fn median(&self, reasons: &mut Vec<Reason>) {
        if self.record.cracks.is_empty() {
            reasons.push(Reason::new(
                "2.6",
                "its players, with the floaters, can all be paired: no pairing of another group is \
                 cracked",
            ));
        }
        for c in &self.record.cracks {
            let side = if c.from_higher { "higher" } else { "lower" };
            let rule = if c.other_side {
                format!(" (the other side had no pairing left: the {side} group's)")
            } else if c.down > c.up {
                " (more floaters came from above than from below)".to_string()
            } else {
                " (no more floaters came from above than from below)".to_string()
            };
            reasons.push(Reason::new(
                "2.6",
                format!(
                    "the median group cannot be paired with {} floater(s) from above and {} from below: \
                     the next pairing of the {side} score group, {}, is cracked{rule}; its players join \
                     as floaters from {}",
                    c.down,
                    c.up,
                    self.pair(c.pair.players),
                    if c.from_higher { "above" } else { "below" }
                ),
            ));
        }
    }

    /// Each player's part in the group: where he came from, how he was paired, why he left.
    fn player_reasons(
        &self,
        g: &GroupRecord,
        pairs: &[(usize, usize)],
        left_why: &[(usize, Reason)],
        paired_why: &[(usize, usize, Reason)],
        out: &mut Explanation,
    ) {
        let score = score_of(g.score_twice);
        let label = self.label;
        let cracked = |p: usize| {
            g.place == Place::Median
                && self
                    .record
                    .cracks
                    .iter()
                    .any(|c| c.pair.players.0 == p || c.pair.players.1 == p)
        };
        for &p in &g.incoming {
            let (article, came) = if cracked(p) {
                ("2.6", "his pairing cracked, moved")
            } else if self.ctx.score_twice(p) > g.score_twice {
                ("3.2", "floated down")
            } else {
                ("3.2", "floated up")
            };
            if let Some(n) = out.player_mut(self.n(p)) {
                n.reasons.push(Reason::new(
                    article,
                    format!("{came} into score group {label} (score {score})"),
                ));
            }
        }
        if g.lifted {
            for &(a, b) in pairs {
                for x in [a, b] {
                    if let Some(n) = out.player_mut(self.n(x)) {
                        n.reasons.push(Reason::new(
                            "6",
                            "the last round: his group was paired with the colour limits lifted \
                             between players of equal score",
                        ));
                    }
                }
            }
        }
        for &(a, b) in pairs {
            let same = |&&(x, y, _): &&(usize, usize, Reason)| (x, y) == (a, b) || (x, y) == (b, a);
            let article = paired_why
                .iter()
                .rev()
                .find(same)
                .map_or("2.4", |(_, _, r)| r.article.as_str())
                .to_string();
            for (x, y) in [(a, b), (b, a)] {
                if let Some(n) = out.player_mut(self.n(x)) {
                    n.reasons.push(Reason::new(
                        article.clone(),
                        format!(
                            "paired with {} in score group {label} (score {score})",
                            self.n(y)
                        ),
                    ));
                }
            }
        }
        for (p, r) in left_why {
            if let Some(n) = out.player_mut(self.n(*p)) {
                n.reasons.push(Reason::new(
                    r.article.clone(),
                    format!("leaves score group {label} (score {score}): {}", r.text),
                ));
            }
        }
    }
}
