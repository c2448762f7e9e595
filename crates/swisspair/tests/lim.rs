//! The Lim system (C.04.4.3) on the reference engine's 300 Dutch tournaments: every round re-paired with
//! Lim keeps the absolute rules of the text — every present player paired once or given the one bye, no
//! rematch, no forbidden pair, no bye to a player who had one or a forfeit win, and the colour limits of
//! 2.1/5.1 a/b, which only 6 lifts (last round, players of equal score) — and a round is declared
//! impossible only when it is.

mod common;

use common::replay_dutch_fixtures;
use swisspair::matching::MatchingComputer;
use swisspair::state::{PlayerState, RoundState};
use swisspair::tournament::{Colour, Tournament};
use swisspair::{Pairing, System};

/// 5.1 a/b: `p` may receive `colour` (no third in a row, no three more of one colour).
fn colour_allowed(p: &PlayerState, colour: Colour) -> bool {
    let mut h = p.colours.clone();
    h.push(colour);
    let whites = h.iter().filter(|&&c| c == Colour::White).count() as i32;
    let difference = 2 * whites - h.len() as i32;
    let thrice = h.len() >= 3 && h[h.len() - 3..].iter().all(|&c| c == colour);
    difference.abs() <= 2 && !thrice
}

/// 2.1 (and 6): may `a` and `b` be paired at all?
fn legal(t: &Tournament, state: &RoundState, a: usize, b: usize) -> bool {
    let (pa, pb) = (&state.players[a], &state.players[b]);
    if pa.has_met(b) || t.is_forbidden(a, b, state.round) {
        return false;
    }
    let colours = (colour_allowed(pa, Colour::White) && colour_allowed(pb, Colour::Black))
        || (colour_allowed(pa, Colour::Black) && colour_allowed(pb, Colour::White));
    colours || (state.last_round && pa.pairing_score == pb.pairing_score)
}

/// The absolute rules for `pairing`.
fn check_invariants(t: &Tournament, state: &RoundState, pairing: &Pairing) -> Result<(), String> {
    let present: Vec<usize> = state.available().collect();
    let mut seen: Vec<usize> = pairing.players().collect();
    seen.sort_unstable();
    if seen != present {
        return Err(format!("players paired {seen:?}, present {present:?}"));
    }
    if pairing.bye.is_some() != (present.len() % 2 == 1) {
        return Err("a bye with an even number of players, or none with an odd one".into());
    }
    if let Some(b) = pairing.bye {
        if !state.players[b].bye_eligible() {
            return Err(format!("bye to player {}", t.players[b].start_number));
        }
    }
    for g in &pairing.games {
        let (w, b) = (&state.players[g.white], &state.players[g.black]);
        if w.has_met(g.black) {
            return Err(format!(
                "{} and {} meet again",
                w.start_number, b.start_number
            ));
        }
        if t.is_forbidden(g.white, g.black, state.round) {
            return Err(format!(
                "forbidden pair {} {}",
                w.start_number, b.start_number
            ));
        }
        let within = colour_allowed(w, Colour::White) && colour_allowed(b, Colour::Black);
        // 6: only in the last round, and only between players of equal score.
        let excepted = state.last_round && w.pairing_score == b.pairing_score;
        if !within && !excepted {
            return Err(format!(
                "colour limits: {} - {}",
                w.start_number, b.start_number
            ));
        }
    }
    Ok(())
}

/// Whether any pairing keeps the absolute rules (for rounds Lim declares impossible).
fn some_legal_pairing_exists(t: &Tournament, state: &RoundState) -> bool {
    let present: Vec<usize> = state.available().collect();
    let n = present.len();
    let size = n + n % 2;
    let mut m = MatchingComputer::<u64>::new(size).expect("small graph");
    for (i, &a) in present.iter().enumerate() {
        for (j, &b) in present.iter().enumerate().skip(i + 1) {
            if legal(t, state, a, b) {
                m.set_edge(i, j, 1).expect("edge");
            }
        }
        if n % 2 == 1 && state.players[a].bye_eligible() {
            m.set_edge(i, n, 1).expect("edge");
        }
    }
    m.solve();
    (0..size).all(|v| m.mate(v).is_some())
}

/// Every round of every tournament, re-paired with Lim.
#[test]
fn lim_keeps_the_absolute_rules_in_every_round() {
    let common::Replay {
        rounds,
        impossible,
        failures,
    } = replay_dutch_fixtures(System::Lim, check_invariants, some_legal_pairing_exists);
    assert_eq!(rounds, 2311);
    assert!(
        failures.is_empty(),
        "{} failures ({impossible} rounds impossible):\n{}",
        failures.len(),
        failures.join("\n")
    );
}
