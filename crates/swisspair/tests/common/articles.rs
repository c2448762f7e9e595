//! What the Dutch article suites share: a compact way to write a small tournament, and the check of a
//! case's pairing and of the explanation that names its article (issue 14).

use super::cases::{explains as explain_names, Naming, Trf};
use swisspair::{Edition, System, Tournament};

/// A player's past rounds, one compact cell per round (see [`Trf::compact`]): `"5w1 3b="`.
pub type Rounds = &'static str;

/// The TRF text of a tournament titled `title` of `total_rounds` rounds with initial colour `initial`
/// (`white1` or `black1`), the extra `records` (full lines, e.g. a point system) and a PAB worth `pab`
/// tenths of a point. Ratings fall with the starting number; points are computed from the results (a
/// win, a forfeit win and a full-point bye count one point, a draw and a half-point bye half a point).
pub fn trf_with(
    title: &str,
    total_rounds: u32,
    initial: &str,
    records: &str,
    pab: u32,
    players: &[Rounds],
) -> String {
    let trf = records
        .lines()
        .fold(Trf::compact(players).title(title), |t, record| {
            t.head(record)
        });
    trf.head(&format!("XXR {total_rounds}"))
        .head(&format!("XXC {initial}"))
        .pab(pab)
        .text()
}

/// How a suite checks its cases.
pub struct Case {
    pub edition: Edition,
    /// With `dump`: the folder's environment variable, and the suffix of the expected output's file.
    pub dump: (&'static str, &'static str),
    /// Check that the explanation names the case's article.
    pub explain: bool,
}

impl Case {
    /// Cases paired under `edition`, dumped by `dump`, their explanations checked when `explain`.
    pub fn new(edition: Edition, dump: (&'static str, &'static str), explain: bool) -> Case {
        Case {
            edition,
            dump,
            explain,
        }
    }
}

/// Pairs the next round of `text` under the case's edition and checks it against `games` (`(white,
/// black)` by starting number, compared as a set) and `bye`; with `DUMP_VARIABLE=DIR` set, writes the
/// case to `DIR/NAME.trf` and the expected engine output to `DIR/NAME.SUFFIX`. `name` is the case's
/// file name when dumped, and names the article it pins (see [`article_of`]).
pub fn check_case(case: &Case, name: &str, text: &str, games: &[(u32, u32)], bye: Option<u32>) {
    let (variable, suffix) = case.dump;
    if let Some(dir) = std::env::var_os(variable) {
        let dir = std::path::PathBuf::from(dir);
        std::fs::create_dir_all(&dir).expect("dump folder");
        std::fs::write(dir.join(format!("{name}.trf")), text).expect("dump trf");
        let mut expected = format!("{}\n", games.len() + usize::from(bye.is_some()));
        for (white, black) in games {
            expected.push_str(&format!("{white} {black}\n"));
        }
        if let Some(b) = bye {
            expected.push_str(&format!("{b} 0\n"));
        }
        std::fs::write(dir.join(format!("{name}.{suffix}")), expected).expect("dump expected");
    }
    let tournament = Tournament::from_bytes(text.as_bytes()).expect("the case reads");
    let pairing = System::Dutch
        .pair_in(case.edition, &tournament)
        .expect("the round pairs");
    if case.explain {
        explains(name, &tournament, case.edition);
    }
    let number = |i: usize| tournament.players[i].start_number;
    let mut got: Vec<(u32, u32)> = pairing
        .games
        .iter()
        .map(|g| (number(g.white), number(g.black)))
        .collect();
    got.sort_unstable();
    let mut want = games.to_vec();
    want.sort_unstable();
    let got_bye = pairing.bye.map(number);
    assert_eq!(
        (got, got_bye),
        (want, bye),
        "{name} ({} edition): pairs (white, black) and bye\n{text}",
        case.edition
    );
}

/// The article a case pins, from its name: `c10` is C.10, `e3` E.3, `floats_*` A.4 (2026: C10, 5.2.3,
/// 1.4). Other names (e.g. `pab_*`, the PAB's value) pin no single article.
pub fn article_of(name: &str, edition: Edition) -> Option<String> {
    if name.starts_with("floats") {
        return Some(if edition.is_2026() { "1.4" } else { "A.4" }.to_string());
    }
    let head: String = name.split('_').next()?.to_string();
    let (letter, number) = head.split_at(1);
    let number: u32 = number.parse().ok()?;
    Some(match (letter, edition.is_2026()) {
        ("c", false) => format!("C.{number}"),
        ("c", true) => format!("C{number}"),
        ("e", false) => format!("E.{number}"),
        ("e", true) => format!("5.2.{number}"),
        _ => return None,
    })
}

/// Issue 14: the explanation of the round names the article the case `name` pins.
pub fn explains(name: &str, t: &Tournament, edition: Edition) {
    if let Some(article) = article_of(name, edition) {
        explain_names(System::Dutch, edition, t, &[&article], Naming::Exact);
    }
}
