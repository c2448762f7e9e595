//! The explanation of a round (issue 14): it names the rules that decided.

use swisspair::explain::Outcome;
use swisspair::{Edition, System, Tournament};

fn example() -> Tournament {
    let text = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/club-16p-round5.trf"
    ))
    .expect("the example exists");
    Tournament::from_bytes(&text).expect("the example reads")
}

#[test]
fn the_example_is_explained_player_by_player() {
    let t = example();
    for edition in [Edition::Y2017, Edition::Y2026] {
        let (pairing, explanation) = System::Dutch.explain_in(edition, &t).expect("pairs");
        assert_eq!(pairing, System::Dutch.pair_in(edition, &t).expect("pairs"));
        println!("{}", explanation.render());
        for p in &explanation.players {
            let paired = !matches!(p.outcome, Outcome::NotPaired);
            assert!(!paired || !p.reasons.is_empty(), "{}", p.start_number);
        }
    }
}

/// Every round of the 300 tournaments of `tests/data/dutch` (and of the 2026 set) is explained
/// without error; the explanation's pairing is the one `pair_in` gives, and every player has one note.
#[test]
fn every_fixture_round_is_explained() {
    for (folder, edition) in [("dutch", Edition::Y2017), ("dutch2026", Edition::Y2026)] {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/data")
            .join(folder);
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .expect("fixtures")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "trf"))
            .collect();
        files.sort();
        let mut rounds = 0;
        let mut cited: Vec<String> = Vec::new();
        for path in &files {
            let t = Tournament::from_bytes(&std::fs::read(path).expect("reads")).expect("parses");
            for round in 1..=t.rounds_played {
                let before = swisspair::check::tournament_before(&t, round);
                let Ok(pairing) = System::Dutch.pair_in(edition, &before) else {
                    continue;
                };
                let (explained, explanation) = System::Dutch
                    .explain_in(edition, &before)
                    .expect("explains what it pairs");
                assert_eq!(explained, pairing, "{} round {round}", path.display());
                let mut numbers: Vec<u32> =
                    explanation.players.iter().map(|p| p.start_number).collect();
                numbers.dedup();
                assert_eq!(numbers.len(), before.players.len());
                for article in explanation.articles() {
                    if !cited.iter().any(|a| a == article) {
                        cited.push(article.to_string());
                    }
                }
                rounds += 1;
            }
        }
        assert!(rounds > 500, "{folder}: {rounds} rounds");
        // The generation of candidates is named: transpositions, exchanges, the MDPs paired.
        let wanted: [&str; 3] = if edition.is_2026() {
            ["4.2", "4.3", "4.4"]
        } else {
            ["D.1", "D.2", "D.3"]
        };
        for article in wanted {
            assert!(cited.iter().any(|a| a == article), "{folder}: {article}");
        }
    }
}
