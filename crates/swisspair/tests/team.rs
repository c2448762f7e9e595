//! The Sharly fork's team test cases (`tests/data/team/sharly`), replayed: each pairs the next round of a
//! team tournament by C.04.6 and compares with the fork's expected output, or, where swisspair departs
//! from the fork, with the pairing the text gives (the reason beside it, and in docs/team.md).

use std::path::{Path, PathBuf};
use swisspair::systems::team::pair;
use swisspair::tournament::team::TeamTournament;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/team/sharly")
        .join(name)
}

fn paired(case: &str) -> String {
    let bytes = std::fs::read(data(&format!("{case}.trf"))).expect("test file");
    let t = TeamTournament::from_bytes(&bytes).unwrap_or_else(|e| panic!("{case}: {e}"));
    pair(&t).unwrap_or_else(|e| panic!("{case}: {e}")).to_text()
}

fn expected(case: &str) -> String {
    std::fs::read_to_string(data(&format!("{case}.expected"))).expect("expected file")
}

/// The cases paired as the fork pairs them, with the articles each exercises.
const AGREED: &[(&str, &str)] = &[
    (
        "team_162_absence",
        "162 absence symbol A; 3.6 split in halves; 4.3.1",
    ),
    (
        "team_240_bye",
        "240 a requested bye leaves the team out of the round",
    ),
    (
        "team_250_accel",
        "250 fictitious points make the scoregroups (1.3.1)",
    ),
    (
        "team_260_restriction",
        "260 teams that may not meet, as C1 (2.1.1)",
    ),
    (
        "team_299_all",
        "299 forfeit loss rescored for every team; 3.4.4",
    ),
    ("team_299_forfeit", "299 forfeit loss rescored; 3.4.2"),
    ("team_299_target", "299 for one named team; 3.4.2"),
    (
        "team_330_forfeit",
        "330 a whole team forfeited: a forfeit win for team 1",
    ),
    (
        "team_42_secondary",
        "4.2.2 the first-team by the secondary score",
    ),
    (
        "team_agg_gamepoints",
        "1.2 match points from game points; 4.3.8",
    ),
    (
        "team_board_forfeit_win",
        "a board won by forfeit in a match is a board won, not a PAB (1.4)",
    ),
    ("team_bye", "3.4.4 the PAB to the largest TPN; 3.6"),
    ("team_bye_lowscore", "3.4.2 the PAB to the lowest score"),
    ("team_c2_doublebye", "2.1.2 (C2) no second PAB; 3.4.1"),
    ("team_col_firstpref", "4.3.7 the first-team's preference"),
    (
        "team_col_initialB",
        "4.1, 4.3.1 with Black as the initial-colour",
    ),
    ("team_col_lasttwo", "1.7.1 Type A after two blacks; 4.3.2"),
    (
        "team_col_lowercd",
        "4.3.5 White to the lower colour difference (no preferences)",
    ),
    ("team_col_onepref", "4.3.2 the only preference granted"),
    (
        "team_col_oppositepref",
        "4.3.3 opposite preferences granted; 4.3.6",
    ),
    (
        "team_col_typeB_strong",
        "1.7.2 Type B; 4.3.4 the only strong preference",
    ),
    (
        "team_informative_score",
        "the members' points column is informative in team files",
    ),
    ("team_round1", "3.6.2 the first identifier; 4.3.1"),
    ("team_round2", "2.1.1 (C1); 4.3.8"),
    (
        "team_split6",
        "3.6.2 the first identifier in a bracket of six; 4.3.1",
    ),
    (
        "team_utf8_names",
        "310 columns counted in characters; 4.2.2",
    ),
];

#[test]
fn the_forks_cases_paired_alike() {
    for (case, article) in AGREED {
        assert_eq!(paired(case), expected(case), "{case} ({article})");
    }
}

/// The cases where the text gives another pairing than the fork's (see docs/team.md).
const DEPARTURES: &[(&str, &str, &str)] = &[
    (
        "team_c4_global",
        // Gacrux pairs the same.
        "3\n3 1\n4 6\n2 5\n",
        "C4 and C5 count the upfloaters of the top-scoregroup's bracket (2.3: 'to best pair all teams of \
         the top-scoregroup'); 3.5.4 takes the first set {3}; the fork minimises upfloaters over the round",
    ),
    (
        "team_299_blank",
        // Gacrux pairs the same.
        "3\n4 1\n5 3\n2 0\n",
        "team 4 (3 MP) alone at the top takes an upfloater of the next score (C5), the first set {1} \
         (3.5.4); the fork keeps 1-3 together, minimising upfloaters over the round",
    ),
    (
        "team_gp_primary",
        // Gacrux pairs the same.
        "3\n1 2\n3 6\n4 5\n",
        "the bracket of team 6 takes upfloater 3 (the first set of the highest score, 3.5.4); the fork \
         pairs by a round-wide order",
    ),
    (
        "team_pab_gamepoints",
        "3\n5 1\n2 3\n4 0\n",
        "team 5 (3 GP, its PAB worth 3 by 320) alone at the top: C5 takes an upfloater of the next score \
         (1 GP), the first set {1}; the fork floats team 2 (0 GP) to keep 1-3 together",
    ),
    (
        "team_c2_forfeit",
        "3\n2 3\n5 1\n4 0\n",
        "team 2 alone at the top: upfloaters 3 and 5 tie on C4-C6 (C7 does not apply in the last two \
         rounds), and 3.5.4 takes the first set {3}; the fork takes the round's first identifier",
    ),
];

#[test]
fn the_departures_follow_the_text() {
    for (case, ours, why) in DEPARTURES {
        assert_ne!(*ours, expected(case), "{case}: no longer a departure");
        assert_eq!(paired(case), *ours, "{case}: {why}");
    }
}

#[test]
fn every_case_is_replayed() {
    let listed: Vec<&str> = AGREED
        .iter()
        .map(|(c, _)| *c)
        .chain(DEPARTURES.iter().map(|(c, _, _)| *c))
        .collect();
    for entry in std::fs::read_dir(data("")).expect("data") {
        let name = entry
            .expect("entry")
            .file_name()
            .to_string_lossy()
            .to_string();
        if let Some(case) = name.strip_suffix(".expected") {
            assert!(listed.contains(&case), "{case} is not replayed");
        }
    }
}

/// `-c`: each round re-paired from the rounds before it. The fork's hand-made round 1 (1-2, 3-4) is
/// not the text's (3.6.2: 1-3 and 2-4; 4.3.1: the first-team 1, odd, takes the initial-colour White,
/// and 2, even, the opposite: 4-2).
#[test]
fn the_checker_re_pairs_each_round_from_the_rounds_before() {
    use swisspair::check::team::{check_teams, recorded_matches};
    let bytes = std::fs::read(data("team_round2.trf")).expect("test file");
    let (trf, t) = TeamTournament::read_bytes(&bytes).expect("read");
    assert_eq!(recorded_matches(&t, 1), vec![(1, 2), (3, 4)]);
    let report = check_teams(&trf, &t, |_, _| {}).expect("check");
    assert_eq!(report.rounds, 1);
    let [d] = report.differences.as_slice() else {
        panic!("one round differs: {report:?}");
    };
    assert_eq!((d.round, d.paired.clone()), (1, vec![(1, 3), (4, 2)]));
    // Round 2 as the file leaves it: the round before it is the whole file.
    assert_eq!(t.before_round(&trf, 2), {
        let mut same = t.clone();
        same.warnings.clear();
        same.total_rounds = Some(3);
        same
    });
}

/// A match forfeited by a whole team (330) is recorded with the record's colours (white team first).
#[test]
fn the_checker_reads_forfeited_matches() {
    use swisspair::check::team::recorded_matches;
    let bytes = std::fs::read(data("team_330_forfeit.trf")).expect("test file");
    let (trf, t) = TeamTournament::read_bytes(&bytes).expect("read");
    assert_eq!(recorded_matches(&t, 1), vec![(1, 2), (3, 4)]);
    assert_eq!(t.before_round(&trf, 1).rounds_played, 0);
}
