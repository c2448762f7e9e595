//! The roles of the vertices of the oracle's matching (`oracle.rs`, `edges.rs`): which players a matching
//! holds and what it asks of them (the scope), and where each player stands.

/// Which players the matching holds, and what it asks of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Only the group being paired.
    Local,
    /// C.12: the group (the previous score bracket), the players it moves down at once (C.1) and the
    /// residents of the next score bracket (the current one of C.12). Every player of the group is paired
    /// in it or moved down and paired in the next bracket, so that that bracket "allows p pairings":
    /// when it is heterogeneous (fewer than half of its players moved down, A.3), each player moved down
    /// meets a resident (S1 against S2, A.6); when it is treated as homogeneous, its players are all
    /// paired but one when they are odd in number.
    Next { homogeneous: bool },
    /// C.13: every player of the group and of the lowest bracket below it, and the bye when they are
    /// odd in number: the lowest bracket can then be paired.
    Global,
}

/// Where a player of the group stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Not yet split (any two may be paired): the test for a whole level, over every exchange.
    Free,
    /// In S1: must be paired with a player of S2.
    S1,
    /// In S2 of a homogeneous group: paired with S1 or moved down.
    S2,
    /// In S2 of a heterogeneous bracket: paired with S1, or in the remainder.
    Remainder,
}

/// A player of the group being paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Member {
    pub side: Side,
    /// Has the score of the bracket (not moved down from above): moving them down is a downfloat.
    pub resident: bool,
    /// Position in the group's A.2 order (D.1's order of S2).
    pub position: u32,
    /// In the lowest bracket: whoever is left unpaired receives the bye.
    pub last: bool,
}

/// A vertex's role.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Not to be paired (already paired, or not in this matching).
    Removed,
    /// A player of a lower bracket (`Next` scope: a resident of the next bracket).
    Outside,
    /// `Global` scope: the pairing-allocated bye; `Next` scope, next bracket treated as homogeneous with
    /// an odd number of players: the one of them left unpaired.
    Bye,
    /// A player moved down from the group at once (C.1), to be paired below.
    Leaving,
    /// A player of the group being paired.
    Member(Member),
}
