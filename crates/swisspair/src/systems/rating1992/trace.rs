//! The record the procedure keeps of its decisions, for the explanation (`explain.rs`): filled only when
//! a round is explained (the context then holds a [`Trace`]), as the search takes each decision — the
//! level at which a group was paired (p, x, the float criteria in force), the exchange and
//! transposition of the candidate taken, and why C.6's initial candidate was not. Player indices
//! throughout. This file reads nothing else of the system.

use std::cell::RefCell;

/// Why the initial candidate of C.6 (S1 against S2 in order, every criterion in force, x of A.8) is not
/// the pairing: the first criterion it breaks, in the order the procedure checks them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// B.1.a: the two have met.
    Met(usize, usize),
    /// The file forbids the pair.
    Forbidden(usize, usize),
    /// B.2: no colouring keeps both within the colour limits.
    Colours(usize, usize),
    /// B.5 (`back` 0) or B.6 (`back` 1) for upfloats: the lower of the pair had that upfloat.
    Upfloat { player: usize, back: usize },
    /// B.4: more pairings not fulfilling both colour preferences than x.
    Budget { conflicts: usize, x: usize },
    /// B.5 (`back` 0) or B.6 (`back` 1) for downfloats: a resident left unpaired had that downfloat.
    Downfloat { player: usize, back: usize },
    /// B.1.b: the player left unpaired in the lowest bracket may not receive the bye.
    Bye(usize),
    /// The lowest bracket would leave more than one player unpaired.
    Unpaired,
}

/// The candidate a search took within its level: the subgroups after the exchange of D.2 and whether
/// S2 was transposed (D.1).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CandidateNote {
    /// The players exchanged: from S1 to S2, and from S2 to S1 (both empty: the original subgroups).
    pub from_s1: Vec<usize>,
    pub from_s2: Vec<usize>,
    /// Its place in D.2's order (0: the original subgroups).
    pub exchange: usize,
    /// Beyond the search bound: the subgroups of the matching's own candidate.
    pub bound: bool,
    /// The pairs are not S1 against S2 in order: a transposition of S2 (D.1).
    pub transposed: bool,
}

/// The level at which a group (a bracket, its players moved down, or its remainder) was paired.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelNote {
    /// Players in the group.
    pub players: usize,
    /// The pairings A.6 asks (p before C.14) and those made.
    pub p0: usize,
    pub p: usize,
    /// A.8's x of the group, x after C.14 lowered it, and the budget taken (C.11 raised it).
    pub x: usize,
    pub x_start: usize,
    pub budget: usize,
    /// Float criteria dropped: C.9's steps for downfloats (1: B.6, 2: B.5 too), C.10's for upfloats.
    pub down: usize,
    pub up: usize,
    pub candidate: Option<CandidateNote>,
}

/// What one search of a bracket recorded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchNote {
    /// C.6's initial candidate met every criterion and was taken without a search.
    pub natural: bool,
    /// Why the initial candidate was not taken.
    pub fault: Option<Fault>,
    /// The group treated as homogeneous (A.3).
    pub group: Option<LevelNote>,
    /// Heterogeneous: the pairing of the players moved down, and of the remainder.
    pub moved_down: Option<LevelNote>,
    pub remainder: Option<LevelNote>,
    /// C.14: p reached zero, the whole bracket moves down.
    pub all_moved_down: bool,
    /// The lowest bracket, heterogeneous, whose players moved down could not be paired: paired as one
    /// homogeneous bracket (C.13, C.14).
    pub joined_as_one: bool,
    /// The candidate the last successful search of a level took (moved into its level note).
    pub candidate: Option<CandidateNote>,
}

/// What the round procedure did to a bracket beyond pairing it on its own (C.12, C.13).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundEvent {
    /// C.12: this bracket was paired again so that the next one allows its p pairings.
    C12Repaired,
    /// C.12: paired again after the previous bracket's pairing was changed; it applied because this
    /// player, moved down, had no opponent (C.1), or (`None`) because the p pairings of the players
    /// moved down could not be made.
    C12Again { without_opponent: Option<usize> },
    /// C.12 applied (as for `C12Again`), but no pairing of the previous bracket allowed this one its p
    /// pairings.
    C12NoAlternative { without_opponent: Option<usize> },
    /// C.13: the penultimate bracket paired again so that the lowest can be paired.
    C13Repaired,
    /// C.13: this many brackets above were joined to the lowest one.
    C13Joined(usize),
    /// C.13: the lowest bracket, paired after C.13.
    C13Lowest,
}

/// The record of a round being explained.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// The search under way.
    pub current: SearchNote,
}

/// The context's hold on the record: `None` on the ordinary path, where nothing is recorded.
pub type Recorder = Option<RefCell<Trace>>;

/// Applies `f` to the search under way, when recording.
pub fn note(recorder: &Recorder, f: impl FnOnce(&mut SearchNote)) {
    if let Some(cell) = recorder {
        f(&mut cell.borrow_mut().current);
    }
}

/// Starts the record of a new search.
pub fn begin(recorder: &Recorder) {
    note(recorder, |n| *n = SearchNote::default());
}

/// Takes the record of the search just finished.
pub fn take(recorder: &Recorder) -> Option<Box<SearchNote>> {
    recorder
        .as_ref()
        .map(|cell| Box::new(std::mem::take(&mut cell.borrow_mut().current)))
}
