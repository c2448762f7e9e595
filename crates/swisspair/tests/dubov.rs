//! The Dubov system (C.04.4.1) on the reference engine's 300 Dutch tournaments: round 1 equals the Dutch
//! round 1 (chapter 5), and every round re-paired with Dubov keeps the absolute rules of the text.

mod common;

use common::{colours_allowed, data_files, had_point_without_playing, read, replay_dutch_fixtures};
use swisspair::check::tournament_before;
use swisspair::matching::MatchingComputer;
use swisspair::state::RoundState;
use swisspair::tournament::{Colour, Tournament};
use swisspair::{Pairing, System};

/// Chapter 5: "identical results as the procedures used within the other FIDE Swiss Systems".
#[test]
fn dubov_round_one_equals_the_dutch_round_one() {
    let files = data_files("dutch");
    assert_eq!(files.len(), 300);
    for path in files {
        let t = tournament_before(&read(&path), 1);
        let dubov = System::Dubov.pair(&t).expect("Dubov pairs round 1");
        let dutch = System::Dutch.pair(&t).expect("Dutch pairs round 1");
        assert_eq!(dubov, dutch, "{}", path.display());
    }
}

/// 2.3/2.4 for a game with `colour`; a history from other rules that leaves neither colour may take the
/// colour that brings the colour difference towards zero.
fn keeps_limits(history: &[Colour], colour: Colour) -> bool {
    if colours_allowed(history, colour) {
        return true;
    }
    let whites = history.iter().filter(|&&c| c == Colour::White).count() as i32;
    let difference = 2 * whites - history.len() as i32;
    !colours_allowed(history, colour.opposite()) && (colour == Colour::White) == (difference < 0)
}

/// The absolute rules (2.1–2.4, forbidden pairs, one pairing per present player) for `pairing`.
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
        if had_point_without_playing(t, b) {
            return Err(format!("2.2: bye to player {}", t.players[b].start_number));
        }
    }
    for g in &pairing.games {
        let (w, b) = (&state.players[g.white], &state.players[g.black]);
        if w.has_met(g.black) {
            return Err(format!(
                "2.1: {} and {} meet again",
                w.start_number, b.start_number
            ));
        }
        if t.is_forbidden(g.white, g.black, state.round) {
            return Err(format!(
                "forbidden pair {} {}",
                w.start_number, b.start_number
            ));
        }
        if !keeps_limits(&w.colours, Colour::White) || !keeps_limits(&b.colours, Colour::Black) {
            return Err(format!("2.3/2.4: {} - {}", w.start_number, b.start_number));
        }
    }
    Ok(())
}

/// Whether any pairing keeps the absolute rules (for rounds Dubov declares impossible).
fn some_legal_pairing_exists(t: &Tournament, state: &RoundState) -> bool {
    let present: Vec<usize> = state.available().collect();
    let n = present.len();
    let size = n + n % 2;
    let mut m = MatchingComputer::<u64>::new(size).expect("small graph");
    for (i, &a) in present.iter().enumerate() {
        for (j, &b) in present.iter().enumerate().skip(i + 1) {
            let (pa, pb) = (&state.players[a], &state.players[b]);
            let colours = (keeps_limits(&pa.colours, Colour::White)
                && keeps_limits(&pb.colours, Colour::Black))
                || (keeps_limits(&pa.colours, Colour::Black)
                    && keeps_limits(&pb.colours, Colour::White));
            if !pa.has_met(b) && !t.is_forbidden(a, b, state.round) && colours {
                m.set_edge(i, j, 1).expect("edge");
            }
        }
        if n % 2 == 1 && !had_point_without_playing(t, a) && !state.players[a].had_pairing_bye {
            m.set_edge(i, n, 1).expect("edge");
        }
    }
    m.solve();
    (0..size).all(|v| m.mate(v).is_some())
}

/// Every round of every tournament, re-paired with Dubov: the absolute rules hold, and a round is
/// declared impossible only when it is.
#[test]
fn dubov_every_round_keeps_the_absolute_rules() {
    let common::Replay {
        rounds,
        impossible,
        failures,
    } = replay_dutch_fixtures(System::Dubov, check_invariants, some_legal_pairing_exists);
    assert_eq!(rounds, 2311);
    eprintln!("{rounds} rounds re-paired, {impossible} without any legal pairing");
    assert!(
        failures.is_empty(),
        "{} failures ({impossible} rounds impossible):\n{}",
        failures.len(),
        failures.join("\n")
    );
}
