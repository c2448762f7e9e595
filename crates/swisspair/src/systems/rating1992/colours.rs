//! Section E: the colours of a pair, E.1–E.5 in descending priority, among the colourings that B.2 (an
//! absolute criterion) allows; [`allocate`] also says which rule decided.

use super::players::Ctx;
use crate::pairing::Game;
use crate::tournament::Colour;

/// The rule that gave a pair its colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourRule {
    /// E.1: both colour preferences granted (a player without one is content with either colour).
    BothPreferences,
    /// E.2: the stronger colour preference granted.
    StrongerPreference,
    /// E.3: colours alternated to the most recent round in which they differed (F.3: rounds without
    /// a game left out).
    Alternation,
    /// E.4: the higher-ranked player's colour preference granted.
    HigherRankedPreference,
    /// E.5: the first-round rule (odd and even numbers of S1) and the colour drawn.
    PairingNumber,
    /// B.2: the rules' colouring would break B.2, the other one is taken.
    ColourLimits,
}

impl ColourRule {
    /// The article.
    pub fn article(self) -> &'static str {
        match self {
            ColourRule::BothPreferences => "E.1",
            ColourRule::StrongerPreference => "E.2",
            ColourRule::Alternation => "E.3",
            ColourRule::HigherRankedPreference => "E.4",
            ColourRule::PairingNumber => "E.5",
            ColourRule::ColourLimits => "B.2",
        }
    }

    /// What the rule did, in a sentence.
    pub fn text(self) -> &'static str {
        match self {
            ColourRule::BothPreferences => "both colour preferences are granted",
            ColourRule::StrongerPreference => {
                "both prefer the same colour: the stronger preference is granted"
            }
            ColourRule::Alternation => {
                "equal preferences: colours alternate from the most recent round in which the two had \
                 different colours (rounds without a game left out, F.3)"
            }
            ColourRule::HigherRankedPreference => {
                "equal preferences and histories: the higher-ranked player's preference is granted"
            }
            ColourRule::PairingNumber => {
                "no preference or history decides: by the place of the higher-ranked player in the A.2 \
                 order, odd places the colour drawn, even places the other"
            }
            ColourRule::ColourLimits => {
                "the colouring of E.1-E.5 would break the colour limits, so the other one is given"
            }
        }
    }
}

/// The game of `a` and `b` with its colours.
pub fn game(ctx: &Ctx, a: usize, b: usize) -> Game {
    game_with_rule(ctx, a, b).0
}

/// The game of `a` and `b` with its colours, and the rule that gave them.
pub fn game_with_rule(ctx: &Ctx, a: usize, b: usize) -> (Game, ColourRule) {
    let (higher, lower) = if ctx.rank_of(a) <= ctx.rank_of(b) {
        (a, b)
    } else {
        (b, a)
    };
    let (colour, rule) = allocate(ctx, higher, lower);
    let game = Game::with_colour(higher, lower, colour);
    (game, rule)
}

/// The colour the higher-ranked player `h` receives against `l`, and the rule that gave it.
pub fn allocate(ctx: &Ctx, h: usize, l: usize) -> (Colour, ColourRule) {
    let (colour, rule) = by_rules(ctx, h, l);
    // B.2 is absolute: E chooses among the colourings it allows. For players it binds, an absolute
    // preference is the only colour allowed and E.1/E.2 grant it already; this only guards the case.
    let fits = |c: Colour| ctx.player(h).may_receive(c) && ctx.player(l).may_receive(c.opposite());
    if !fits(colour) && fits(colour.opposite()) {
        (colour.opposite(), ColourRule::ColourLimits)
    } else {
        (colour, rule)
    }
}

/// E.1–E.5 as written.
fn by_rules(ctx: &Ctx, h: usize, l: usize) -> (Colour, ColourRule) {
    let (ph, pl) = (ctx.player(h), ctx.player(l));
    let (wh, wl) = (ph.preference, pl.preference);
    match (wh.colour, wl.colour) {
        // E.1: grant both colour preferences (a player without one is content with either colour).
        (Some(ch), Some(cl)) if ch != cl => return (ch, ColourRule::BothPreferences),
        (Some(ch), None) => return (ch, ColourRule::BothPreferences),
        (None, Some(cl)) => return (cl.opposite(), ColourRule::BothPreferences),
        // E.2: grant the stronger colour preference.
        (Some(c), Some(_)) if wh.strength != wl.strength => {
            let colour = if wh.strength > wl.strength {
                c
            } else {
                c.opposite()
            };
            return (colour, ColourRule::StrongerPreference);
        }
        _ => {}
    }
    // E.3: alternate the colours to the most recent round in which they played with different colours;
    // F.3: rounds without a game played are left out, the histories aligned on their latest games.
    for (a, b) in ph.colours.iter().rev().zip(pl.colours.iter().rev()) {
        if a != b {
            return (a.opposite(), ColourRule::Alternation);
        }
    }
    // E.4: grant the colour preference of the higher ranked player.
    if let Some(c) = wh.colour {
        return (c, ColourRule::HigherRankedPreference);
    }
    // E.5: in the first round the players of S1 alternate: the odd-numbered get the colour drawn by lot
    // for the first player (A.7), the even-numbered the other. Numbers are positions in this round's
    // A.2 order, so colours alternate from board to board; later rounds reaching E.5 (two players
    // without any game played) use the same rule.
    let colour = if ctx.rank_of(h) & 1 == 0 {
        ctx.initial_colour
    } else {
        ctx.initial_colour.opposite()
    };
    (colour, ColourRule::PairingNumber)
}
