//! `-g` when a round of the generated tournament has no legal pairing: exit code 1, the rounds paired
//! so far written to the output (so the case can be studied), and a message naming the round and the
//! absolute rule that blocks it.

mod common;

use common::{path, read, run, stderr, Scratch};

#[test]
fn a_round_without_legal_pairing_keeps_the_rounds_so_far() {
    let dir = Scratch::new("generate", "blocked");
    // Ten players cannot play nine rounds of the Dutch system without a rematch for some seeds.
    let config = dir.file("config.txt", "PlayersNumber=10\nRoundsNumber=9\n");
    let out = dir.join("out.trf");
    let mut stopped = None;
    for seed in 1..40u64 {
        let seed_text = seed.to_string();
        let run = run(&[
            "--dutch",
            "-g",
            path(&config),
            "-o",
            path(&out),
            "-s",
            &seed_text,
        ]);
        if run.status.code() == Some(1) {
            stopped = Some(stderr(&run));
            break;
        }
        assert_eq!(run.status.code(), Some(0), "seed {seed}");
    }
    let message = stopped.expect("some seed reaches a round without a legal pairing");
    assert!(message.contains("cannot be paired"), "{message}");
    assert!(message.contains("blocked by"), "{message}");
    let round: usize = message
        .split("round ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .and_then(|r| r.parse().ok())
        .expect("the message names the round");
    // The file holds the rounds before it, and swisspair reads it and agrees there is no pairing.
    let text = read(&out);
    let t = swisspair::Tournament::from_bytes(text.as_bytes()).expect("it reads back");
    assert_eq!(t.next_round(), round);
    assert!(swisspair::System::Dutch.pair(&t).is_err());
}
