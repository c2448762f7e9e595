//! The checklist of a round: the state the pairing used, one row per player, and the pairing made, for
//! an arbiter to see why (`-l`). It reads the state and the pairing; neither knows of it.

use crate::pairing::Pairing;
use crate::sorting::sort_by_key;
use crate::state::{Float, PlayerState, RoundState, Strength};
use crate::tournament::{Availability, Bye, Colour, Tournament};
use serde::Serialize;

/// The checklist as data: the columns, then one row per player (the players taking part by pairing
/// score, highest first, by starting number within a score group; then the players not paired in this
/// round), each cell as the text checklist writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChecklistTable {
    /// The round paired.
    pub round: usize,
    /// Whether it is the tournament's last round.
    pub last_round: bool,
    /// The top player's colour in round 1: `W` or `B`.
    pub initial_colour: char,
    /// The column names (`SNo`, `Pts`, `PScore`, `Colours`, `CD`, `Pref`, `Strength`, `Floats`, `Bye`,
    /// `Top`, `Cur`, `Opponents`).
    pub columns: Vec<String>,
    /// The rows.
    pub rows: Vec<ChecklistRow>,
}

/// One player's row of the checklist.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChecklistRow {
    /// The pairing score of the player's score group (`2.5`); `None` for a player not paired in this
    /// round.
    pub group: Option<String>,
    /// The cells, one per column.
    pub cells: Vec<String>,
}

/// The legend of the checklist's columns.
pub const LEGEND: &str = "SNo starting number; Pts score; PScore pairing score (with virtual points); Colours of the games \
played; CD colour difference (whites - blacks); Pref, Strength colour preference; Floats in the rounds \
before last and last (D down, U up); Bye may receive the pairing-allocated bye; Top topscorer (last \
round); Cur this round (opponent and colour, bye, or absent with the announced bye); Opponents met";

impl RoundState {
    /// The checklist as data ([`ChecklistTable`]): the state the pairing used, one row per player.
    /// `pairing` is the round's pairing, shown in the `Cur` column (opponent and colour, or `bye`);
    /// without one (no valid pairing exists) that column shows `-`.
    pub fn checklist_table(&self, t: &Tournament, pairing: Option<&Pairing>) -> ChecklistTable {
        let number = |i: usize| t.players.get(i).map_or(0, |q| q.start_number);
        // This round's opponent and colour, per player.
        let mut current: Vec<String> = vec!["-".to_string(); self.players.len()];
        if let Some(pairing) = pairing {
            for g in &pairing.games {
                if let Some(c) = current.get_mut(g.white) {
                    *c = format!("{}W", number(g.black));
                }
                if let Some(c) = current.get_mut(g.black) {
                    *c = format!("{}B", number(g.white));
                }
            }
            if let Some(c) = pairing.bye.and_then(|b| current.get_mut(b)) {
                *c = "bye".to_string();
            }
        }
        for (c, p) in current.iter_mut().zip(&t.players) {
            if let Availability::Absent(bye) = p.next_round {
                *c = format!("absent({})", bye_letter(bye));
            }
        }
        let columns: Vec<String> = [
            "SNo",
            "Pts",
            "PScore",
            "Colours",
            "CD",
            "Pref",
            "Strength",
            "Floats",
            "Bye",
            "Top",
            "Cur",
            "Opponents",
        ]
        .iter()
        .map(|h| h.to_string())
        .collect();
        let row = |p: &PlayerState| -> Vec<String> {
            let colours: String = p.colours.iter().map(|&c| colour_letter(Some(c))).collect();
            let floats: String = [p.float_back(2), p.float_back(1)]
                .iter()
                .map(|f| match f {
                    Float::Down => 'D',
                    Float::Up => 'U',
                    Float::None => '-',
                })
                .collect();
            let opponents: Vec<String> =
                p.opponents.iter().map(|&o| number(o).to_string()).collect();
            let yes_no = |b: bool| if b { "yes" } else { "no" }.to_string();
            vec![
                p.start_number.to_string(),
                p.score.to_string(),
                p.pairing_score.to_string(),
                dash_if_empty(colours),
                format!("{:+}", p.colour_difference),
                colour_letter(p.preference.colour).to_string(),
                strength_word(p.preference.strength).to_string(),
                floats,
                yes_no(p.bye_eligible()),
                yes_no(p.topscorer),
                current.get(p.player).cloned().unwrap_or_default(),
                dash_if_empty(opponents.join(" ")),
            ]
        };
        let mut taking_part: Vec<&PlayerState> =
            self.players.iter().filter(|p| p.available).collect();
        sort_by_key(&mut taking_part, |p| {
            (std::cmp::Reverse(p.pairing_score), p.start_number)
        });
        let absent: Vec<&PlayerState> = self.players.iter().filter(|p| !p.available).collect();
        let rows = taking_part
            .iter()
            .map(|p| ChecklistRow {
                group: Some(p.pairing_score.to_string()),
                cells: row(p),
            })
            .chain(absent.iter().map(|p| ChecklistRow {
                group: None,
                cells: row(p),
            }))
            .collect();
        ChecklistTable {
            round: self.round,
            last_round: self.last_round,
            initial_colour: colour_letter(Some(self.initial_colour)),
            columns,
            rows,
        }
    }

    /// The checklist: the state the pairing used, one row per player, for an arbiter to see why.
    ///
    /// A `#` line names the round, then a legend, then a table whose columns stay aligned: the players
    /// taking part grouped by pairing score (highest first, a blank line between score groups, by
    /// starting number within a group), then the players not paired in this round. `pairing` is the
    /// round's pairing, shown in the `Cur` column (opponent and colour, or `bye`); without one (no
    /// valid pairing exists) that column shows `-`.
    pub fn checklist(&self, t: &Tournament, pairing: Option<&Pairing>) -> String {
        self.checklist_table(t, pairing).render()
    }
}

impl ChecklistTable {
    /// The text of `-l`: a `#` line naming the round, the legend, the table with aligned columns.
    pub fn render(&self) -> String {
        // Right-aligned columns (numbers); the others are left-aligned.
        let right = [
            true, true, true, false, true, false, false, false, false, false, false,
        ];
        format!(
            "# round {}{}; initial colour {}\n# {LEGEND}\n\n{}",
            self.round,
            if self.last_round { " (last round)" } else { "" },
            self.initial_colour,
            aligned(&self.columns, &self.rows, &right)
        )
    }
}

/// A checklist's table: the column names, then the rows in aligned columns (`right`: the columns
/// aligned to the right), a blank line before each group of rows, `# not paired in this round` before
/// the rows of no group.
pub fn aligned(columns: &[String], rows: &[ChecklistRow], right: &[bool]) -> String {
    use std::fmt::Write as _;
    let mut widths: Vec<usize> = columns.iter().map(|h| h.chars().count()).collect();
    for r in rows {
        for (w, cell) in widths.iter_mut().zip(&r.cells) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: &[String]| -> String {
        let mut text = String::new();
        for (k, cell) in cells.iter().enumerate() {
            if k > 0 {
                text.push_str("  ");
            }
            let width = widths.get(k).copied().unwrap_or(0);
            if right.get(k).copied().unwrap_or(false) {
                let _ = write!(text, "{cell:>width$}");
            } else if k + 1 < cells.len() {
                let _ = write!(text, "{cell:<width$}");
            } else {
                text.push_str(cell);
            }
        }
        text.trim_end().to_string()
    };
    let mut out = String::new();
    let _ = writeln!(out, "{}", line(columns));
    let mut previous: Option<Option<&String>> = None;
    for r in rows {
        if previous != Some(r.group.as_ref()) {
            out.push('\n');
            if r.group.is_none() {
                let _ = writeln!(out, "# not paired in this round");
            }
        }
        previous = Some(r.group.as_ref());
        let _ = writeln!(out, "{}", line(&r.cells));
    }
    out
}

/// A cell's text, `-` when empty.
pub fn dash_if_empty(text: String) -> String {
    if text.is_empty() {
        "-".to_string()
    } else {
        text
    }
}

fn bye_letter(bye: Bye) -> char {
    match bye {
        Bye::PairingAllocated => 'U',
        Bye::Full => 'F',
        Bye::Half => 'H',
        Bye::Zero => 'Z',
        Bye::ForfeitWin => '+',
        Bye::ForfeitLoss => '-',
    }
}

fn strength_word(s: Strength) -> &'static str {
    match s {
        Strength::None => "-",
        Strength::Mild => "mild",
        Strength::Strong => "strong",
        Strength::Absolute => "absolute",
    }
}

/// `W`, `B`, or `-` for no colour.
pub fn colour_letter(c: Option<Colour>) -> char {
    match c {
        Some(Colour::White) => 'W',
        Some(Colour::Black) => 'B',
        None => '-',
    }
}
