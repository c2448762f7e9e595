//! The checklist of a round: the state the pairing used, one row per player, and the pairing made, for
//! an arbiter to see why (`-l`). It reads the state and the pairing; neither knows of it.

use crate::pairing::Pairing;
use crate::score::Score;
use crate::sorting::sort_by_key;
use crate::state::{Float, PlayerState, RoundState, Strength};
use crate::tournament::{Availability, Bye, Colour, Tournament};

impl RoundState {
    /// The checklist: the state the pairing used, one row per player, for an arbiter to see why.
    ///
    /// A `#` line names the round, then a legend, then a table whose columns stay aligned: the players
    /// taking part grouped by pairing score (highest first, a blank line between score groups, by
    /// starting number within a group), then the players not paired in this round. `pairing` is the
    /// round's pairing, shown in the `Cur` column (opponent and colour, or `bye`); without one (no
    /// valid pairing exists) that column shows `-`.
    pub fn checklist(&self, t: &Tournament, pairing: Option<&Pairing>) -> String {
        use std::fmt::Write as _;
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
        let header: Vec<String> = [
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
        // Right-aligned columns (numbers); the others are left-aligned.
        let right = [
            true, true, true, false, true, false, false, false, false, false, false,
        ];
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
                if colours.is_empty() {
                    "-".to_string()
                } else {
                    colours
                },
                format!("{:+}", p.colour_difference),
                colour_letter(p.preference.colour).to_string(),
                strength_word(p.preference.strength).to_string(),
                floats,
                yes_no(p.bye_eligible()),
                yes_no(p.topscorer),
                current.get(p.player).cloned().unwrap_or_default(),
                if opponents.is_empty() {
                    "-".to_string()
                } else {
                    opponents.join(" ")
                },
            ]
        };
        let mut taking_part: Vec<&PlayerState> =
            self.players.iter().filter(|p| p.available).collect();
        sort_by_key(&mut taking_part, |p| {
            (std::cmp::Reverse(p.pairing_score), p.start_number)
        });
        let absent: Vec<&PlayerState> = self.players.iter().filter(|p| !p.available).collect();
        // Each row with its group: the pairing score of a player taking part, `None` for the others.
        let rows: Vec<(Option<Score>, Vec<String>)> = taking_part
            .iter()
            .map(|p| (Some(p.pairing_score), row(p)))
            .chain(absent.iter().map(|p| (None, row(p))))
            .collect();
        let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
        for (_, r) in &rows {
            for (w, cell) in widths.iter_mut().zip(r) {
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
        let _ = writeln!(
            out,
            "# round {}{}; initial colour {}",
            self.round,
            if self.last_round { " (last round)" } else { "" },
            colour_letter(Some(self.initial_colour))
        );
        let _ = writeln!(
            out,
            "# SNo starting number; Pts score; PScore pairing score (with virtual points); Colours of the games \
played; CD colour difference (whites - blacks); Pref, Strength colour preference; Floats in the rounds \
before last and last (D down, U up); Bye may receive the pairing-allocated bye; Top topscorer (last \
round); Cur this round (opponent and colour, bye, or absent with the announced bye); Opponents met"
        );
        out.push('\n');
        let _ = writeln!(out, "{}", line(&header));
        let mut previous: Option<Option<Score>> = None;
        for (group, r) in &rows {
            if previous != Some(*group) {
                out.push('\n');
                if group.is_none() {
                    let _ = writeln!(out, "# not paired in this round");
                }
            }
            previous = Some(*group);
            let _ = writeln!(out, "{}", line(r));
        }
        out
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

fn colour_letter(c: Option<Colour>) -> char {
    match c {
        Some(Colour::White) => 'W',
        Some(Colour::Black) => 'B',
        None => '-',
    }
}
