use super::*;

fn pair_text(text: &str) -> String {
    let t = TeamTournament::from_bytes(text.as_bytes()).unwrap();
    pair(&t).unwrap().to_text()
}

fn one_board_teams(n: u32, rounds: &[&str]) -> String {
    let mut s = String::from("012 t\n152 W\n142 5\n192 FIDE_TEAM_TYPEA_MP_GP\n");
    for i in 1..=n {
        let cells = rounds.get(i as usize - 1).copied().unwrap_or("");
        s.push_str(&format!(
            "001 {i:>4}      P{i:<32} 2500                             0.0 {i:>4}{cells}\n"
        ));
    }
    for i in 1..=n {
        s.push_str(&format!("310 {i:<4}{:<65}{i:>4}\n", format!("Team{i}")));
    }
    s
}

#[test]
fn round_one_is_split_in_halves_with_colours_by_tpn_parity() {
    // 3.6.2: tops {1,2,3}, bottoms {4,5,6}; 4.3.1: odd TPN takes the initial colour.
    assert_eq!(pair_text(&one_board_teams(6, &[])), "3\n1 4\n5 2\n3 6\n");
}

#[test]
fn the_bye_goes_to_the_largest_tpn_among_equals() {
    // 3.4.4.
    assert_eq!(
        pair_text(&one_board_teams(7, &[])),
        "4\n1 4\n5 2\n3 6\n7 0\n"
    );
}
