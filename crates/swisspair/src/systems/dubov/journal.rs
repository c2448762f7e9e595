//! The record of a round's decisions, kept as the procedure takes them when the round is to be explained
//! (issue 14); `explain` words it. When not explaining the journal is off and records nothing: the
//! procedure's steps then do no more than they would without it.
//!
//! Players are named by their index in the round's entrants (`Context::entrants`).

use crate::tournament::Colour;

/// The decisions of one round, or nothing when off.
#[derive(Debug, Default)]
pub struct Journal {
    on: bool,
    /// Chapter 4: the bye.
    pub bye: Option<ByeRecord>,
    /// The score groups in the order they were paired.
    pub groups: Vec<GroupRecord>,
    /// The floaters left after the last score group, paired with each other (8.1, 8.2).
    pub leftovers: Vec<FloaterRecord>,
}

/// Chapter 4 and 2.2: who received the bye and whom the choice passed over.
#[derive(Debug, Default)]
pub struct ByeRecord {
    pub chosen: usize,
    /// The score group of the chosen player (index in `Context::groups`).
    pub group: usize,
    /// The lower score groups that could not give the bye (none of their players could take it).
    pub skipped_groups: Vec<usize>,
    /// Players of the chosen group and the lower groups whom 2.2 bars.
    pub barred: Vec<usize>,
    /// Players before the chosen one in chapter 4's order to whom the bye would have left the round
    /// impossible to complete.
    pub refused: Vec<usize>,
    /// The colour most of the chosen group is due, which decides among equal ratings.
    pub dominating: Option<Colour>,
}

/// One score group.
#[derive(Debug, Default)]
pub struct GroupRecord {
    /// Index in `Context::groups`.
    pub group: usize,
    /// Its players still unpaired when its turn came (not transferred up, not the bye).
    pub residents: Vec<usize>,
    /// The floaters that came down to it.
    pub incoming: Vec<usize>,
    /// Chapter 8: the floaters, in the order of 8.1.
    pub floaters: Vec<FloaterRecord>,
    /// 7.1: the islands and their transfers.
    pub islands: Vec<TransferRecord>,
    /// 7.2: the transfer for an odd group.
    pub odd: Option<TransferRecord>,
    /// 6.4: the players floated down.
    pub floated: Vec<FloatRecord>,
    /// 6.4: players before them in its order whose float would have paired fewer players.
    pub not_floated: Vec<usize>,
    /// 6.2, 6.3, 7.3, 7.4.
    pub standard: Option<StandardRecord>,
    /// Every pair the group made (chapter 8, 7.1, 6.3).
    pub pairs: Vec<(usize, usize)>,
    /// The players it passed on down.
    pub left: Vec<usize>,
}

/// Chapter 8: one floater.
#[derive(Debug, Default)]
pub struct FloaterRecord {
    pub floater: usize,
    /// The opponent of 8.2, or none: the floater goes on down.
    pub opponent: Option<usize>,
    /// Candidates before the opponent in 8.2's order that would have left the round impossible to
    /// complete.
    pub refused: Vec<usize>,
}

/// 7.1 or 7.2: one transfer (or the attempt).
#[derive(Debug, Default)]
pub struct TransferRecord {
    /// 7.1: the player with no possible opponent in the group.
    pub island: Option<usize>,
    /// The player transferred, if any.
    pub transferred: Option<usize>,
    /// The colour the transfer should be due.
    pub wanted: Option<Colour>,
    /// Players below who fit but whom 2.5 bars from a transfer.
    pub barred: Vec<usize>,
    /// Candidates before the one taken whose transfer would not pair more of the group, or would leave
    /// the round impossible to complete.
    pub refused: Vec<usize>,
}

/// 6.4: one floater and his category.
#[derive(Debug, Default)]
pub struct FloatRecord {
    pub player: usize,
    pub was_floater: bool,
    pub can_pair_below: bool,
}

/// 6.2, 6.3, 7.3, 7.4: the standard procedure.
#[derive(Debug, Default)]
pub struct StandardRecord {
    /// The subgroups of 6.2 before the balance.
    pub whites: Vec<usize>,
    pub blacks: Vec<usize>,
    /// 7.3 (whites moved to the blacks) or 7.4 (blacks moved to the whites).
    pub balance: Option<Balance>,
    /// The columns of 6.2 after 7.3/7.4, in order.
    pub white_column: Vec<usize>,
    pub black_column: Vec<usize>,
    /// How each pair came about, in order.
    pub rows: Vec<Row>,
    /// 6.3 as written would have left the round impossible to complete: it ran again with each pair
    /// checked against the rest of the round.
    pub checked: bool,
}

/// 7.3 or 7.4.
#[derive(Debug)]
pub struct Balance {
    /// The colour of the subgroup the players were moved from.
    pub from: Colour,
    pub moved: Vec<usize>,
    /// Players ahead of the moved ones in the order of 7.3/7.4 whom 2.6 keeps in their subgroup.
    pub kept: Vec<usize>,
}

/// How 6.2/6.3 made one pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    /// 6.2: the white of a row meets the black of the row.
    Column { white: usize, black: usize },
    /// 6.3: the white of a row meets a black of the lower rows, not the black of his row (`instead`).
    LowerBlack {
        white: usize,
        black: usize,
        instead: usize,
    },
    /// A black whose white took another white, offered to a following white.
    BlackAbove { white: usize, black: usize },
    /// 6.3: a coincidence no lower row resolves: the row above changes; `white` takes `black`, the black
    /// of that row, whose white `other` takes `other_black`, the black of the row of `white`.
    Exchange {
        white: usize,
        black: usize,
        other: usize,
        other_black: usize,
    },
    /// 6.3: a white who may meet no black meets another white.
    Whites { white: usize, other: usize },
    /// Blacks left without a white meet each other in column order.
    Blacks { black: usize, other: usize },
}

impl Journal {
    /// A journal that records nothing.
    pub fn off() -> Journal {
        Journal::default()
    }

    /// A journal that records the round.
    pub fn on() -> Journal {
        Journal {
            on: true,
            ..Journal::default()
        }
    }

    /// Whether the round is being recorded.
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// Starts the record of a score group.
    pub fn start_group(&mut self, group: usize, residents: &[usize], incoming: &[usize]) {
        if self.on {
            self.groups.push(GroupRecord {
                group,
                residents: residents.to_vec(),
                incoming: incoming.to_vec(),
                ..GroupRecord::default()
            });
        }
    }

    /// The record of the score group being paired (none when off).
    pub fn group(&mut self) -> Option<&mut GroupRecord> {
        if self.on {
            self.groups.last_mut()
        } else {
            None
        }
    }
}
