//! The team system's explanation (`--team -p --explain`): recorded while it pairs, it never changes
//! the pairing (every round of the generated tournaments and the fork's cases, paired with and
//! without it), and it cites the article that decided each case.

mod common;

use std::path::{Path, PathBuf};
use swisspair::explain::Outcome;
use swisspair::systems::team::{explain, pair, why_not_paired};
use swisspair::tournament::team::TeamTournament;

fn read(path: &Path) -> (swisspair::trf::Trf, TeamTournament) {
    let bytes = std::fs::read(path).expect("file");
    TeamTournament::read_bytes(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn files(dir: &str) -> Vec<PathBuf> {
    common::data_files(&format!("team/{dir}"))
}

fn data(name: &str) -> PathBuf {
    common::data(&format!("team/{name}"))
}

/// Every team paired has its pair (3.6) and its colours (4.3.x) explained; the PAB its 3.4.
fn assert_complete(t: &TeamTournament, label: &str) {
    let (pairing, e) = explain(t).unwrap_or_else(|err| panic!("{label}: {err}"));
    assert_eq!(pair(t).ok(), Some(pairing.clone()), "{label}");
    for &(w, b) in &pairing.matches {
        for (team, opponent) in [(w, b), (b, w)] {
            let note = e.team(team).expect("team note");
            assert!(
                matches!(note.outcome, Outcome::Game { opponent: o, .. } if o == opponent),
                "{label}: {note:?}"
            );
            let articles: Vec<&str> = note.reasons.iter().map(|r| r.article.as_str()).collect();
            assert!(articles.contains(&"3.6"), "{label}: {articles:?}");
            assert!(
                articles.iter().any(|a| a.starts_with("4.3.")),
                "{label}: {articles:?}"
            );
        }
    }
    if let Some(b) = pairing.bye {
        let note = e.team(b).expect("team note");
        assert_eq!(note.outcome, Outcome::Bye, "{label}");
        assert!(note.reasons.iter().any(|r| r.article == "3.4"), "{label}");
    }
    let paired: usize = e.brackets.iter().map(|b| b.pairs.len()).sum();
    assert_eq!(paired, pairing.matches.len(), "{label}");
}

#[test]
fn explaining_never_changes_a_generated_round() {
    let mut rounds = 0;
    for path in files("generated") {
        let (trf, t) = read(&path);
        for round in 1..=t.rounds_played {
            let before = t.before_round(&trf, round);
            assert_complete(&before, &format!("{} round {round}", path.display()));
            rounds += 1;
        }
    }
    assert!(rounds >= 100, "{rounds} rounds");
}

#[test]
fn each_case_cites_its_article() {
    let cases = [
        ("team_round1", "4.3.1"),
        ("team_col_initialB", "4.3.1"),
        ("team_col_onepref", "4.3.2"),
        ("team_col_oppositepref", "4.3.3"),
        ("team_col_typeB_strong", "4.3.4"),
        ("team_col_lowercd", "4.3.5"),
        ("team_col_firstpref", "4.3.7"),
        ("team_agg_gamepoints", "4.3.8"),
        ("team_bye", "3.4"),
        ("team_bye_lowscore", "3.4"),
        ("team_c2_doublebye", "C2"),
        ("team_c4_global", "C5"),
        ("team_split6", "3.6.4"),
    ];
    for (case, article) in cases {
        let (_, t) = read(&data(&format!("sharly/{case}.trf")));
        assert_complete(&t, case);
        let (_, e) = explain(&t).expect("paired");
        assert!(
            e.articles().contains(&article),
            "{case}: {article} not in {:?}\n{}",
            e.articles(),
            e.render()
        );
    }
}

#[test]
fn every_case_of_the_fork_is_explained_with_the_same_pairing() {
    for path in files("sharly") {
        let (_, t) = read(&path);
        if pair(&t).is_ok() {
            assert_complete(&t, &path.display().to_string());
        }
    }
}

#[test]
fn why_two_teams_did_not_meet() {
    let (_, t) = read(&data("sharly/team_round2.trf"));
    let (_, e) = explain(&t).expect("paired");
    // Round 1 was 1-2 and 3-4; round 2 pairs 1-3 and 4-2.
    let text = why_not_paired(&t, &e, 1, 2);
    assert!(
        text.contains("[C1] they have already played each other"),
        "{text}"
    );
    assert_eq!(why_not_paired(&t, &e, 1, 3), "1 and 3 meet in round 2\n");
    let text = why_not_paired(&t, &e, 1, 4);
    assert!(
        text.contains("were not paired") && text.contains("different brackets (1 and 2)"),
        "{text}"
    );
}
