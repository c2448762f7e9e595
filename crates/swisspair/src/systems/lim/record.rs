//! The record a Lim round keeps of its decisions, as the procedure takes them, for an explanation
//! (issue 14): per score group its players, transfers (2.3), floaters paired (3.6–3.8), scrutiny (2.4,
//! 4) and colour exchanges (5.2, 5.7); the pairings 2.6 cracked; the bye (1.1, 7.1). Kept only when the
//! round is explained ([`super::context::Context::explains`]); the explanation words it.

use super::colours::{ColourRule, Pair};
use super::context::Direction;
use super::exchanges::Step;
use super::incoming::FloaterNote;
use super::second_scrutiny::ColourExchange;
use super::transfers::{ParityFloater, Transfer};
use crate::pairing::Game;

/// Where a score group stands against the median (2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Above,
    Median,
    Below,
}

/// One event of a group's scrutiny (3.6–3.8, 2.4, 4), in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// 3.8: a floater meets a player of his order, or (3.1, 3.5) finds none and floats on.
    Floater(FloaterNote),
    /// 2.4, 4: a step of the scrutiny (a floater's exchange with an earlier row among them).
    Step(Step),
}

/// One score group as it was paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupRecord {
    pub place: Place,
    pub score_twice: i64,
    pub direction: Direction,
    /// Its own players, by pairing number.
    pub residents: Vec<usize>,
    /// The floaters transferred into it (from above, from below, or cracked by 2.6).
    pub incoming: Vec<usize>,
    /// 2.3 a–c.
    pub transfers: Vec<(usize, Transfer)>,
    /// 2.3 d.
    pub parity: Option<ParityFloater>,
    /// 3.6, 3.7: the floaters it received, in the order they are paired.
    pub floater_order: Vec<usize>,
    /// 3.8, 2.4, 4: the scrutiny, in order.
    pub events: Vec<Event>,
    /// 5.2, 5.7.
    pub colour_exchanges: Vec<ColourExchange>,
    /// 6: the colour limits were lifted between players of equal score to pair it.
    pub lifted: bool,
    /// 6: the exception was in force, the group was paired again with the limits lifted, and that did
    /// not pair more.
    pub lift_not_better: bool,
    /// The pairs it made.
    pub pairs: Vec<(usize, usize)>,
    /// The players it transferred to the next group.
    pub left: Vec<usize>,
}

/// A pairing 2.6 cracked for the median group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Crack {
    pub pair: Pair,
    /// From the higher score groups (its players join as floaters from above).
    pub from_higher: bool,
    /// The floaters from above and from below when it was cracked.
    pub down: usize,
    pub up: usize,
    /// The side 2.6 named had no pairing left, so the other side's was cracked.
    pub other_side: bool,
}

/// The pairing-allocated bye (1.1, 7.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByeRecord {
    pub player: usize,
    /// Ranked below him but may not receive it (C.04.1: a bye or a point without playing before).
    pub ineligible: Vec<usize>,
    /// Ranked below him and may receive it, but the others could not all be paired without them.
    pub blocking: Vec<usize>,
}

/// The whole round.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundRecord {
    pub bye: Option<ByeRecord>,
    /// In the order paired: above the median (highest first), below (lowest first), the median group.
    pub groups: Vec<GroupRecord>,
    /// 2.6, in the order cracked.
    pub cracks: Vec<Crack>,
    /// Each game with the rule of 5 (7.2) that gave its colours.
    pub colours: Vec<(Game, ColourRule)>,
}
