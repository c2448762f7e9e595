//! Property tests: no input, however broken, makes the reader or the pairing panic; every refusal is a
//! typed error with the invalid-input exit code.

use proptest::prelude::*;
use swisspair::{trf, Error, System, Tournament};

const SMALL: &str = include_str!("../../../tests/data/dutch/dutch-9p-7r-s1127.trf");
const EXAMPLE: &str = include_str!("../../../examples/club-16p-round5.trf");

/// Reads, builds and (when valid) pairs `bytes`; panics only on a bug.
fn exercise(bytes: &[u8]) {
    match trf::parse_bytes(bytes).and_then(|t| Tournament::from_trf(&t)) {
        Ok(t) => {
            if t.players.len() <= 40 {
                match System::Dutch.pair(&t) {
                    Ok(p) => {
                        // Every player appears at most once.
                        let mut seen: Vec<usize> = p.players().collect();
                        seen.sort_unstable();
                        let n = seen.len();
                        seen.dedup();
                        assert_eq!(seen.len(), n, "a player paired twice");
                    }
                    Err(e) => assert!(!matches!(e, Error::Internal(_)), "internal error: {e}"),
                }
            }
        }
        Err(e) => {
            assert_eq!(e.exit_code(), 3, "{e}");
        }
    }
}

/// `text` with the points column (81-84) of every player record blanked.
fn without_points(text: &str) -> String {
    text.lines()
        .map(|l| {
            if l.starts_with("001") && l.len() > 84 {
                format!("{}    {}", &l[..80], &l[84..])
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// One edit of a text: overwrite, insert or delete characters, or duplicate/delete a line.
#[derive(Clone, Debug)]
enum Edit {
    Overwrite(usize, char),
    Insert(usize, char),
    Delete(usize, usize),
    DuplicateLine(usize),
    DeleteLine(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let chars = prop::sample::select(vec![
        ' ', '0', '1', '2', '5', '9', '=', '+', '-', 'w', 'b', 'W', 'B', 'H', 'U', 'Z', 'F', 'X',
        '.', '\n', '\r', 'é', '\u{0}',
    ]);
    prop_oneof![
        (any::<usize>(), chars.clone()).prop_map(|(i, c)| Edit::Overwrite(i, c)),
        (any::<usize>(), chars).prop_map(|(i, c)| Edit::Insert(i, c)),
        (any::<usize>(), 1usize..20).prop_map(|(i, n)| Edit::Delete(i, n)),
        any::<usize>().prop_map(Edit::DuplicateLine),
        any::<usize>().prop_map(Edit::DeleteLine),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let len = chars.len().max(1);
        match *e {
            Edit::Overwrite(i, c) => {
                if !chars.is_empty() {
                    let i = i % chars.len();
                    chars[i] = c;
                }
            }
            Edit::Insert(i, c) => chars.insert(i % (chars.len() + 1), c),
            Edit::Delete(i, n) => {
                let i = i % len;
                let end = (i + n).min(chars.len());
                if i < end {
                    chars.drain(i..end);
                }
            }
            Edit::DuplicateLine(i) | Edit::DeleteLine(i) => {
                let s: String = chars.iter().collect();
                let mut lines: Vec<&str> = s.split('\n').collect();
                let k = i % lines.len().max(1);
                if matches!(e, Edit::DuplicateLine(_)) {
                    if let Some(&l) = lines.get(k) {
                        lines.insert(k, l);
                    }
                } else if k < lines.len() {
                    lines.remove(k);
                }
                chars = lines.join("\n").chars().collect();
            }
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        exercise(&bytes);
    }

    #[test]
    fn random_record_like_lines_never_panic(lines in prop::collection::vec("(001|XXR|XXC|XXS|BBW|XXA|XXP|240|250|260|142|152|162|012)[ 0-9a-zA-Z.=+-]{0,120}", 0..12)) {
        exercise(lines.join("\n").as_bytes());
    }

    #[test]
    fn mutated_tournaments_never_panic(edits in prop::collection::vec(edit(), 1..6), which in 0..4u8) {
        let base = match which {
            0 => SMALL.to_string(),
            1 => EXAMPLE.to_string(),
            // Without the points column, most edits leave a tournament that can still be paired.
            2 => without_points(SMALL),
            _ => without_points(EXAMPLE),
        };
        exercise(apply(&base, &edits).as_bytes());
    }
}
