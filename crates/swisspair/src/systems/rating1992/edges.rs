//! The edges of the oracle's matching (`oracle.rs`): the kind and the weight of the pairing each pair of
//! vertices stands for, under the vertices' roles, the scope and the criteria in force.
//!
//! A matching of a score bracket of thousands of players asks for millions of weights each time the roles
//! change, so everything a weight needs is kept per vertex — the player's colours as B.2 allows them and as
//! A.7 prefers them, the score, what the float criteria in force (B.5, B.6) make of the player, whether the
//! player must be paired and whether the matching must cover them — and refreshed only when the vertex's role
//! or the criteria change; which pairs B.1 bars (a game played, a forbidden pair) is one bit matrix, filled
//! once from the players' lists. A weight is then a few comparisons, without a search.

use super::criteria::Floats;
use super::players::Ctx;
use super::roles::{Member, Role, Scope, Side};
use crate::score::Score;
use crate::tournament::Colour;

/// The weights are integers of separate bit ranges, in this order of priority (highest first):
///
/// * `base`: `Global` scope, every pairing at all (every player of the group and of the lowest bracket
///   below it is matched);
/// * `must`: the players who must be matched (see [`Scope`]);
/// * `pair`: the pairings of the part being paired (p) and of the remainder;
/// * `mdp_conflict`, `conflict`: the fewest pairings that cannot fulfil both colour preferences (B.4), of
///   the players moved down first, then of the remainder;
/// * `focus`: the earliest S2 partner for the one S1 player whose partner is being chosen (D.1).
///
/// Each range is one bit wider than the largest count it sums, so that the optimum's counts can be read
/// back exactly: `bits` is 14 up to 8,192 vertices (the ranges of the first version, which are kept there),
/// and one more for each doubling beyond.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    bits: u32,
}

impl Layout {
    /// The narrowest ranges ever used: 14 bits, for up to 8,192 vertices.
    const MIN_BITS: u32 = 14;
    /// The widest ranges whose weights still fit the matching's `u128` (`5 bits + 2` bits at most, within the
    /// matching's limit of 126).
    const MAX_BITS: u32 = 24;

    /// The ranges for a matching of `count` vertices, `None` when its weights would not fit in 128 bits
    /// (more than [`Layout::max_vertices`] vertices).
    pub fn for_vertices(count: usize) -> Option<Layout> {
        let span = count.checked_next_power_of_two()?;
        let bits = (span.trailing_zeros() + 1).max(Self::MIN_BITS);
        (bits <= Self::MAX_BITS).then_some(Layout { bits })
    }

    /// The most vertices any layout holds.
    pub fn max_vertices() -> usize {
        1 << (Self::MAX_BITS - 1)
    }

    /// Positions below this get a focus bonus of their own (the group's size at most).
    fn span(self) -> u128 {
        1 << (self.bits - 1)
    }

    fn conflict(self) -> u128 {
        1 << self.bits
    }

    fn mdp_conflict(self) -> u128 {
        1 << (2 * self.bits)
    }

    fn pair(self) -> u128 {
        1 << (3 * self.bits)
    }

    fn must(self) -> u128 {
        1 << (4 * self.bits)
    }

    /// The `must` counts sum to twice the number of vertices: one bit more than the others.
    fn base(self) -> u128 {
        1 << (5 * self.bits + 1)
    }
}

/// The kind of pairing an edge stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A pairing of the part being paired.
    Part,
    /// A pairing within the remainder of a heterogeneous bracket.
    Remainder,
    /// A pairing below (or the bye).
    Plain,
}

const WHITE: u8 = 1;
const BLACK: u8 = 2;

fn colour_bit(c: Colour) -> u8 {
    match c {
        Colour::White => WHITE,
        Colour::Black => BLACK,
    }
}

/// One vertex: its player (`None` for the bye), its role, and what a weight needs of them.
#[derive(Clone, Copy, Debug)]
struct Vertex {
    player: Option<usize>,
    role: Role,
    score: Score,
    /// B.2: the colours the player may receive (`WHITE | BLACK` bits).
    allowed: u8,
    /// A.7: the colour preferred (a bit), or 0.
    preference: u8,
    /// B.1.b.
    bye_ok: bool,
    /// Under the criteria in force: must be paired in the group ([`Edges::must`]).
    must: bool,
    /// Must be matched for the configuration to be complete ([`Edges::required`]).
    required: bool,
    /// Receiving an upfloat would repeat one while B.5/B.6 are in force.
    up_repeats: bool,
}

/// The vertices of a matching and the weights of their pairs.
pub struct Edges<'c> {
    ctx: &'c Ctx,
    scope: Scope,
    layout: Layout,
    vertices: Vec<Vertex>,
    /// B.1.a and the forbidden pairs: bit `v % 64` of word `u * words + v / 64` (and the same bit of `v`'s
    /// row) set when either player's lists say that the players of `u` and `v` may not meet. (The
    /// tournament's checks make the lists agree, so this is [`Ctx::may_meet`]; read both ways, every
    /// weight is the same from either end, which the oracle relies on.)
    barred: Vec<u64>,
    words: usize,
    floats: Floats,
    /// The vertex whose earliest partner is sought, if any.
    focus: Option<usize>,
}

impl<'c> Edges<'c> {
    /// The vertices of `players` (distinct, each with `role`) and, with `bye`, one more for the bye;
    /// `vertex` maps every player index to its vertex (`usize::MAX` when not one).
    pub fn new(
        ctx: &'c Ctx,
        scope: Scope,
        layout: Layout,
        players: &[usize],
        vertex: &[usize],
        (role, bye): (Role, bool),
    ) -> Edges<'c> {
        let mut vertices: Vec<Vertex> = players
            .iter()
            .map(|&p| {
                let q = ctx.player(p);
                let allowed = [Colour::White, Colour::Black]
                    .into_iter()
                    .filter(|&c| q.may_receive(c))
                    .fold(0, |bits, c| bits | colour_bit(c));
                Vertex {
                    player: Some(p),
                    role,
                    score: q.score,
                    allowed,
                    preference: q.preference.colour.map_or(0, colour_bit),
                    bye_ok: q.bye_ok,
                    must: false,
                    required: false,
                    up_repeats: false,
                }
            })
            .collect();
        if bye {
            vertices.push(Vertex {
                player: None,
                role: Role::Bye,
                score: Score::ZERO,
                allowed: 0,
                preference: 0,
                bye_ok: false,
                must: false,
                required: false,
                up_repeats: false,
            });
        }
        let n = vertices.len();
        let words = n.div_ceil(64);
        let mut barred = vec![0u64; n * words];
        for (u, &p) in players.iter().enumerate() {
            for q in ctx.barred(p) {
                if let Some(&v) = vertex.get(q).filter(|&&v| v < n) {
                    for (x, y) in [(u, v), (v, u)] {
                        if let Some(word) = barred.get_mut(x * words + y / 64) {
                            *word |= 1 << (y % 64);
                        }
                    }
                }
            }
        }
        let mut edges = Edges {
            ctx,
            scope,
            layout,
            vertices,
            barred,
            words,
            floats: Floats::ALL,
            focus: None,
        };
        for v in 0..n {
            edges.derive(v);
        }
        edges
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.vertices.len()
    }

    pub fn ctx(&self) -> &'c Ctx {
        self.ctx
    }

    pub fn scope(&self) -> Scope {
        self.scope
    }

    /// The player of vertex `v` (`None` for the bye or out of range).
    pub fn player(&self, v: usize) -> Option<usize> {
        self.vertices.get(v).and_then(|x| x.player)
    }

    /// The role of vertex `v` (`Removed` out of range).
    pub fn role(&self, v: usize) -> Role {
        self.vertices.get(v).map_or(Role::Removed, |x| x.role)
    }

    /// Gives vertex `v` a new role; whether it changed.
    pub fn set_role(&mut self, v: usize, role: Role) -> bool {
        match self.vertices.get_mut(v) {
            Some(x) if x.role != role => {
                x.role = role;
                self.derive(v);
                true
            }
            _ => false,
        }
    }

    pub fn floats(&self) -> Floats {
        self.floats
    }

    /// Puts `floats` in force.
    pub fn set_floats(&mut self, floats: Floats) {
        if self.floats != floats {
            self.floats = floats;
            for v in 0..self.vertices.len() {
                self.derive(v);
            }
        }
    }

    pub fn focus(&self) -> Option<usize> {
        self.focus
    }

    pub fn set_focus(&mut self, focus: Option<usize>) {
        self.focus = focus;
    }

    /// Recomputes what the role and the criteria in force make of vertex `v`.
    fn derive(&mut self, v: usize) {
        let Some(&x) = self.vertices.get(v) else {
            return;
        };
        let (must, up_repeats) = match x.player {
            Some(p) => (
                match x.role {
                    Role::Member(m) => self.must(&m, p),
                    _ => false,
                },
                self.ctx.upfloat_repeats(p, self.floats),
            ),
            None => (false, false),
        };
        let required = match self.scope {
            Scope::Local => must,
            Scope::Global => true,
            Scope::Next { homogeneous } => match x.role {
                Role::Member(_) | Role::Leaving => true,
                Role::Outside => homogeneous,
                _ => false,
            },
        };
        if let Some(x) = self.vertices.get_mut(v) {
            x.must = must;
            x.required = required;
            x.up_repeats = up_repeats;
        }
    }

    /// Whether the member must be paired in the group: it is in S1, or moving it down would repeat a
    /// downfloat while B.5/B.6 are in force (its own remainder decides that in a heterogeneous bracket),
    /// or it is in the lowest bracket and may not receive the bye (B.1.b).
    fn must(&self, m: &Member, p: usize) -> bool {
        m.side == Side::S1
            || (m.resident
                && m.side != Side::Remainder
                && self.ctx.downfloat_repeats(p, self.floats))
            || (m.last && !self.ctx.player(p).bye_ok)
    }

    /// Whether vertex `v`, a member of the group, must be paired in it.
    pub fn must_vertex(&self, v: usize) -> bool {
        self.vertices.get(v).is_some_and(|x| x.must)
    }

    /// Whether vertex `v` must be matched for the configuration to be complete (see [`Scope`]).
    pub fn required(&self, v: usize) -> bool {
        self.vertices.get(v).is_some_and(|x| x.required)
    }

    /// Whether pairings outside the group's own may join players who both came from above or who both
    /// stay below (everybody below must be paired, or the next bracket is treated as homogeneous).
    fn pairs_below(&self) -> bool {
        matches!(
            self.scope,
            Scope::Global | Scope::Next { homogeneous: true }
        )
    }

    /// B.1 and B.2 ([`Ctx::legal`]) for the players of `u` and `v`.
    fn legal(&self, u: usize, x: &Vertex, v: usize, y: &Vertex) -> bool {
        let colours = (x.allowed & WHITE != 0 && y.allowed & BLACK != 0)
            || (x.allowed & BLACK != 0 && y.allowed & WHITE != 0);
        colours
            && x.player != y.player
            && self
                .barred
                .get(u * self.words + v / 64)
                .is_some_and(|word| word & (1 << (v % 64)) == 0)
    }

    /// B.5/B.6 for upfloats ([`Ctx::upfloat_ok`]): the lower-scored player would not repeat an upfloat.
    fn upfloat_ok(x: &Vertex, y: &Vertex) -> bool {
        match x.score.cmp(&y.score) {
            std::cmp::Ordering::Equal => true,
            std::cmp::Ordering::Less => !x.up_repeats,
            std::cmp::Ordering::Greater => !y.up_repeats,
        }
    }

    /// B.4: both prefer the same colour ([`Ctx::conflict`]).
    fn conflict(x: &Vertex, y: &Vertex) -> bool {
        x.preference != 0 && x.preference == y.preference
    }

    /// Whether the pairing of vertices `u` and `v` cannot fulfil both colour preferences.
    pub fn conflict_of(&self, u: usize, v: usize) -> bool {
        match (self.vertices.get(u), self.vertices.get(v)) {
            (Some(x), Some(y)) => x.player.is_some() && Self::conflict(x, y),
            _ => false,
        }
    }

    /// The kind of pairing the edge `u`–`v` stands for, if the criteria in force allow it.
    pub fn kind(&self, u: usize, v: usize) -> Option<Kind> {
        let (x, y) = (self.vertices.get(u)?, self.vertices.get(v)?);
        match (x.role, y.role) {
            (Role::Removed, _) | (_, Role::Removed) | (Role::Bye, Role::Bye) => None,
            (Role::Bye, _) => self.bye_kind(y),
            (_, Role::Bye) => self.bye_kind(x),
            (Role::Member(a), Role::Member(b)) => self.member_kind((u, x, &a), (v, y, &b)),
            (Role::Member(_), other) => self.member_outside((u, x), (v, y), other),
            (other, Role::Member(_)) => self.member_outside((v, y), (u, x), other),
            (Role::Outside, Role::Leaving) | (Role::Leaving, Role::Outside) => {
                self.legal(u, x, v, y).then_some(Kind::Plain)
            }
            (Role::Outside, Role::Outside) | (Role::Leaving, Role::Leaving) => {
                (self.pairs_below() && self.legal(u, x, v, y)).then_some(Kind::Plain)
            }
        }
    }

    /// The bye with the vertex `x`: the pairing-allocated bye needs B.1.b; the one left over in the next
    /// bracket does not.
    fn bye_kind(&self, x: &Vertex) -> Option<Kind> {
        x.player?;
        let may_leave = match x.role {
            Role::Outside | Role::Leaving => true,
            Role::Member(_) => !x.must,
            _ => false,
        };
        let allowed = match self.scope {
            Scope::Global => x.bye_ok,
            Scope::Next { homogeneous } => homogeneous,
            Scope::Local => false,
        };
        (may_leave && allowed).then_some(Kind::Plain)
    }

    /// A member `m` with a vertex `o` outside the group (`other` its role).
    fn member_outside(
        &self,
        (mv, m): (usize, &Vertex),
        (ov, o): (usize, &Vertex),
        other: Role,
    ) -> Option<Kind> {
        m.player?;
        o.player?;
        if m.must || !self.legal(mv, m, ov, o) {
            return None;
        }
        match other {
            Role::Outside => Some(Kind::Plain),
            Role::Leaving => self.pairs_below().then_some(Kind::Plain),
            _ => None,
        }
    }

    fn member_kind(
        &self,
        (u, x, a): (usize, &Vertex, &Member),
        (v, y, b): (usize, &Vertex, &Member),
    ) -> Option<Kind> {
        x.player?;
        y.player?;
        if !self.legal(u, x, v, y) {
            return None;
        }
        use Side::*;
        let part = matches!(
            (a.side, b.side),
            (Free, Free) | (S1, S2) | (S2, S1) | (S1, Remainder) | (Remainder, S1)
        );
        if part && Self::upfloat_ok(x, y) {
            return Some(Kind::Part);
        }
        if (a.side, b.side) == (Remainder, Remainder) {
            return Some(Kind::Remainder);
        }
        // Two players moved down, paired with each other below.
        let below = self.pairs_below() && !x.must && !y.must;
        below.then_some(Kind::Plain)
    }

    /// The weight of the edge `u`–`v` (0: no edge).
    pub fn weight(&self, u: usize, v: usize) -> u128 {
        let Some(kind) = self.kind(u, v) else {
            return 0;
        };
        let (Some(x), Some(y)) = (self.vertices.get(u), self.vertices.get(v)) else {
            return 0;
        };
        let l = self.layout;
        let pair = match kind {
            Kind::Part | Kind::Remainder => {
                let conflict = u128::from(Self::conflict(x, y));
                // The pairings of the players moved down come before the remainder's (B.4 with the
                // bracket's x for them).
                let in_remainder =
                    |z: &Vertex| matches!(z.role, Role::Member(m) if m.side == Side::Remainder);
                let mdp_part = kind == Kind::Part && (in_remainder(x) || in_remainder(y));
                let penalty = if mdp_part {
                    l.mdp_conflict()
                } else {
                    l.conflict()
                };
                let focus = if kind == Kind::Part {
                    self.focus_bonus(u, v)
                } else {
                    0
                };
                l.pair() - penalty * conflict + focus
            }
            Kind::Plain => 0,
        };
        match self.scope {
            Scope::Global => l.base() + pair,
            Scope::Local if pair == 0 => 0,
            Scope::Local | Scope::Next { .. } => {
                l.must() * (u128::from(x.required) + u128::from(y.required)) + pair
            }
        }
    }

    /// D.1's steer: the earlier the partner of the focused player, the more.
    fn focus_bonus(&self, u: usize, v: usize) -> u128 {
        let other = if self.focus == Some(u) {
            v
        } else if self.focus == Some(v) {
            u
        } else {
            return 0;
        };
        let span = self.layout.span();
        let position = match self.vertices.get(other).map(|x| x.role) {
            Some(Role::Member(m)) => u128::from(m.position).min(span),
            _ => span,
        };
        span - position
    }
}

#[cfg(test)]
mod tests {
    use super::Layout;

    #[test]
    fn the_first_ranges_are_kept_up_to_8192_vertices() {
        for count in [0, 1, 2, 100, 8191, 8192] {
            assert_eq!(Layout::for_vertices(count), Some(Layout { bits: 14 }));
        }
        let l = Layout { bits: 14 };
        assert_eq!(
            (
                l.span(),
                l.conflict(),
                l.mdp_conflict(),
                l.pair(),
                l.must(),
                l.base()
            ),
            (1 << 13, 1 << 14, 1 << 28, 1 << 42, 1 << 56, 1 << 71)
        );
    }

    #[test]
    fn wider_ranges_hold_what_a_larger_matching_sums() {
        assert_eq!(Layout::for_vertices(8193), Some(Layout { bits: 15 }));
        assert_eq!(Layout::for_vertices(10_000), Some(Layout { bits: 15 }));
        assert_eq!(Layout::for_vertices(16_385), Some(Layout { bits: 16 }));
        let max = Layout::max_vertices();
        assert_eq!(Layout::for_vertices(max), Some(Layout { bits: 24 }));
        assert_eq!(Layout::for_vertices(max + 1), None);
        for count in [2, 9_999, 10_000, 100_000, max] {
            let Some(l) = Layout::for_vertices(count) else {
                panic!("{count}");
            };
            let (n, pairs) = (count as u128, count as u128 / 2);
            // Every position has a bonus of its own, below one conflict.
            assert!(n <= l.span() && l.span() < l.conflict());
            // Each count, at its largest, stays below the next range.
            assert!(pairs * l.conflict() + l.span() < l.mdp_conflict());
            assert!(pairs * l.mdp_conflict() < l.pair());
            assert!(pairs * l.pair() < l.must());
            assert!(2 * n * l.must() < l.base());
            // The heaviest edge fits the matching's u128 (at most W::MAX >> 2).
            assert!(l.base() + 2 * l.must() + l.pair() + l.span() <= u128::MAX >> 2);
        }
    }
}
