//! One score group, in the order of the text: the floaters from above first (chapter 8), then the
//! transfers up (7.1, 7.2), the floaters down (6.4), and the standard procedure with its colour
//! subgroups (7.3, 7.4, 6.2, 6.3).

use super::context::{Context, DueColours};
use super::journal::Journal;
use super::oracle::Oracle;
use super::{downfloat, floaters, standard, transfers};
use crate::error::Result;

/// What pairing a score group did besides its pairs.
#[derive(Debug, Default)]
pub struct Outcome {
    /// The floaters for the next group: those who came down and found nobody here, then those 6.4 floats.
    pub floaters: Vec<usize>,
    /// The players 6.4 floated down from this group.
    pub floated: Vec<usize>,
    /// The players transferred up to this group (7.1, 7.2).
    pub transferred: Vec<usize>,
}

/// Pairs score group `g` with the floaters `incoming` from above.
pub fn pair_group(
    ctx: &Context<'_>,
    oracle: &mut Oracle<'_, '_>,
    g: usize,
    incoming: Vec<usize>,
    pairs: &mut Vec<(usize, usize)>,
    due: &mut DueColours,
    journal: &mut Journal,
) -> Result<Outcome> {
    let residents: Vec<usize> = ctx
        .groups
        .get(g)
        .map(|group| oracle.unpaired(group))
        .unwrap_or_default();
    let incoming = oracle.unpaired(&incoming);
    journal.start_group(g, &residents, &incoming);
    if residents.is_empty() {
        if let Some(record) = journal.group() {
            record.left = incoming.clone();
        }
        // Every resident was transferred up, or has the bye: the floaters go on down.
        return Ok(Outcome {
            floaters: incoming,
            ..Outcome::default()
        });
    }
    // Chapter 8: the floaters first ("priority of floater-pairing"). 8.2 gives each floater the
    // highest-rated resident the rest of the round allows; the residents this leaves without an
    // opponent are 7.1's business, so 6.4's aim (criterion 2 of the oracle) does not judge these pairs.
    let first_pair = pairs.len();
    oracle.start_group(&[])?;
    let mut next = floaters::pair_floaters(ctx, oracle, &incoming, &residents, pairs, journal)?;
    oracle.start_group(&residents)?;
    // 7.1: players without a possible opponent in the group.
    let mut transferred = transfers::pair_islands(ctx, oracle, g, &residents, pairs, journal)?;
    // 7.2: an odd group.
    let mut open = oracle.unpaired(&residents);
    let odd = if open.len() % 2 == 1 {
        transfers::odd_group(ctx, oracle, g, &open, journal)?
    } else {
        None
    };
    transferred.extend(odd);
    // 6.4: those who still cannot be paired in the group float down — to the lower score group as the
    // transfers have left it.
    let down = downfloat::choose(ctx, oracle, g, &open, &transferred, journal)?;
    open.retain(|v| !down.contains(v));
    open.extend(odd);
    // 7.3, 7.4, 6.2, 6.3.
    standard::pair(ctx, oracle, &open, pairs, due, journal)?;
    next.extend(&down);
    if let Some(record) = journal.group() {
        record.pairs = pairs.get(first_pair..).unwrap_or_default().to_vec();
        record.left = next.clone();
    }
    Ok(Outcome {
        floaters: next,
        floated: down,
        transferred,
    })
}
