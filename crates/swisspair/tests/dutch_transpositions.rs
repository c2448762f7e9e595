//! D.1 (step 6 of the Dutch bracket): the transpositions of a large remainder found on the players'
//! kinds must be exactly those the probe-by-probe search finds. Every round of generated tournaments is
//! paired both ways, under both editions.

use swisspair::check::tournament_before;
use swisspair::generate::{generate_partial, Config};
use swisspair::state::RoundState;
use swisspair::systems::dutch;
use swisspair::{trf, Edition, System, Tournament};

fn tournament(players: usize, rounds: usize, seed: u64, extra: &str) -> Tournament {
    let config = Config::parse(&format!(
        "PlayersNumber={players}\nRoundsNumber={rounds}\n{extra}"
    ))
    .expect("config");
    // A small tournament may run out of legal pairings: its rounds until then still count.
    let (generated, _) = generate_partial(System::Dutch, &config, seed).expect("generated");
    Tournament::from_trf(&trf::parse(&trf::write(&generated)).expect("parses")).expect("reads")
}

fn compare(t: &Tournament) -> usize {
    let mut rounds = 0;
    for round in 1..=t.rounds_played {
        let before = tournament_before(t, round);
        for edition in [Edition::Y2017, Edition::Y2026] {
            let state = RoundState::with_edition(&before, edition);
            let fast = dutch::pair_with(&before, &state, edition, true).map(|p| p.games);
            let slow = dutch::pair_with(&before, &state, edition, false).map(|p| p.games);
            assert_eq!(
                format!("{fast:?}"),
                format!("{slow:?}"),
                "round {round} of a {}-player tournament, edition {edition}",
                t.players.len()
            );
        }
        rounds += 1;
    }
    rounds
}

#[test]
fn kinds_and_probes_give_the_same_pairings() {
    let mut rounds = 0;
    let options = [
        "",
        "ForfeitRate=20\nHalfPointByeRate=30\nDrawPercentage=50",
        "DrawPercentage=10\nRetiredRate=40",
        "ZeroPointByeRate=25\nDrawPercentage=40\nLateEntryRate=15",
    ];
    let sizes = [9usize, 20, 33, 41, 64, 77, 101, 150, 199, 230];
    for (i, players) in sizes.into_iter().enumerate() {
        for (j, extra) in options.iter().enumerate() {
            let seed = (i * options.len() + j) as u64 * 7919 + 17;
            rounds += compare(&tournament(players, 5 + (i + j) % 7, seed, extra));
        }
    }
    assert!(rounds > 250);
}
