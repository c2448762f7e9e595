//! The relative criteria B.4–B.6 as a candidate pairing of one group meets them, and A.8's x.
//!
//! B.1 and B.2 (the absolute criteria) are [`super::players::Ctx::legal`]. B.3 (score differences as small
//! as possible) is what the procedure itself does — brackets from the top, the players moved down paired
//! first, the fewest players moved down (C.14) — and is not tested on candidates.

use super::players::Ctx;
use crate::state::Float;

/// Which float criteria are in force (C.9 drops B.6 then B.5 for downfloats, C.10 B.6 then B.5 for
/// upfloats).
///
/// The text never says that a criterion it drops comes back. swisspair reads the drops as steps of the
/// loop they belong to: C.11 (x raised) restarts at C.3 and C.14 (p lowered) at C.4, both before C.9 and
/// C.10, which then drop the criteria again one by one — as the same restarts bring back the original
/// S1 and S2 and the first transposition. So at each x, and at each p, every float criterion is in force
/// at first: among the pairings with one more colour conflict, one that repeats no float is preferred
/// (the relative criteria "should be fulfilled as much as possible"), while B.4 still ranks above B.5
/// and B.6 (they are dropped at a given x before x is raised).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Floats {
    pub b5_down: bool,
    pub b6_down: bool,
    pub b5_up: bool,
    pub b6_up: bool,
}

impl Floats {
    /// Every float criterion in force.
    pub const ALL: Floats = Floats {
        b5_down: true,
        b6_down: true,
        b5_up: true,
        b6_up: true,
    };
    /// None in force.
    pub const NONE: Floats = Floats {
        b5_down: false,
        b6_down: false,
        b5_up: false,
        b6_up: false,
    };
    /// The number of relaxation steps of C.9 and C.10 together.
    pub const STEPS: usize = 5;

    /// The criteria after `down` steps of C.9 (0, 1: B.6 dropped, 2: B.5 too) and `up` steps of C.10.
    pub fn after(down: usize, up: usize) -> Floats {
        Floats {
            b6_down: down < 1,
            b5_down: down < 2,
            b6_up: up < 1,
            b5_up: up < 2,
        }
    }

    /// The steps of C.9 (for downfloats) and C.10 (for upfloats) that give these criteria: 0 all in
    /// force, 1 B.6 dropped, 2 B.5 too.
    pub fn dropped(self) -> (usize, usize) {
        let steps = |b5: bool, b6: bool| match (b5, b6) {
            (true, true) => 0,
            (true, false) => 1,
            _ => 2,
        };
        (
            steps(self.b5_down, self.b6_down),
            steps(self.b5_up, self.b6_up),
        )
    }

    /// Step `step` of the sequence C.9 then C.10: 0 all in force; 1 without B.6 for downfloats; 2 without
    /// B.5 for downfloats too; 3 also without B.6 for upfloats; 4 without any.
    pub fn step(step: usize) -> Floats {
        Floats::after(step.min(2), step.saturating_sub(2))
    }
}

/// A.8: w and b count the players preferring white and black, q is half the group rounded up; x is the
/// larger count minus q, and never below zero.
pub fn x_of(ctx: &Ctx, players: &[usize]) -> usize {
    use crate::tournament::Colour;
    let count = |c: Colour| {
        players
            .iter()
            .filter(|&&p| ctx.player(p).preference.colour == Some(c))
            .count()
    };
    let (w, b) = (count(Colour::White), count(Colour::Black));
    let q = players.len().div_ceil(2);
    (if b > w { b } else { w }).saturating_sub(q)
}

impl Ctx {
    /// B.4: a pairing that cannot fulfil both colour preferences (both players prefer the same colour).
    pub fn conflict(&self, a: usize, b: usize) -> bool {
        let (ca, cb) = (
            self.player(a).preference.colour,
            self.player(b).preference.colour,
        );
        ca.is_some() && ca == cb
    }

    /// B.5/B.6 for upfloats: pairing `a` with `b` gives the lower-scored of them an upfloat (A.4); not
    /// allowed when that player had one in the previous round (B.5) or two rounds before (B.6) and the
    /// criterion is in force. Players with over 50% in the last round are exempt (note to B).
    pub fn upfloat_ok(&self, a: usize, b: usize, floats: Floats) -> bool {
        let (pa, pb) = (self.player(a), self.player(b));
        let lower = match pa.score.cmp(&pb.score) {
            std::cmp::Ordering::Equal => return true,
            std::cmp::Ordering::Less => pa,
            std::cmp::Ordering::Greater => pb,
        };
        !repeats(lower, Float::Up, floats.b5_up, floats.b6_up)
    }

    /// B.5/B.6 for upfloats: an upfloat given to `p` would repeat one of the previous round (B.5) or of two
    /// rounds before (B.6) while that criterion is in force.
    pub fn upfloat_repeats(&self, p: usize, floats: Floats) -> bool {
        repeats(self.player(p), Float::Up, floats.b5_up, floats.b6_up)
    }

    /// B.5/B.6 for downfloats: moving `p` down (or giving it the bye, A.5) repeats a downfloat of the
    /// previous round (B.5) or of two rounds before (B.6) while that criterion is in force.
    pub fn downfloat_repeats(&self, p: usize, floats: Floats) -> bool {
        repeats(self.player(p), Float::Down, floats.b5_down, floats.b6_down)
    }
}

fn repeats(p: &super::players::Player, float: Float, b5: bool, b6: bool) -> bool {
    !p.exempt && ((b5 && p.floats[0] == float) || (b6 && p.floats[1] == float))
}
