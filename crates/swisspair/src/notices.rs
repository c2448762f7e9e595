//! What a command assumes where the file is silent or asks for something swisspair does not apply:
//! warnings for standard error. They never change the pairing or the exit code.

use crate::rules::{Edition, System};
use crate::tournament::Tournament;

/// What the tournament is read for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Pair the next round (`-p`).
    Pair,
    /// Re-pair every round of the file (`-c`).
    Check,
    /// Take the players of a model tournament (`MODEL.trf -g`).
    Model,
}

/// The warnings for reading `t` for `purpose` with `system` (and `--edition`, when `requested`): the
/// remarks of the reader ([`Tournament::warnings`], the Baku acceleration a system record names among
/// them), then what the command assumes:
///
/// - no `XXR`/`142` (the total number of rounds): `-p` cannot know that the round is the last, so the
///   last-round rules (the Dutch system's topscorers, for one) cannot apply; `-c` takes the file's last
///   round as the tournament's last;
/// - no `XXC`/`152` (the initial colour) for `-p`: white is assumed;
/// - a system record (`192`, coded `092`) naming another system than the command's, or an edition the
///   command's `--edition` overrides.
pub fn warnings(
    t: &Tournament,
    system: System,
    requested: Option<Edition>,
    purpose: Purpose,
) -> Vec<String> {
    let mut out = t.warnings.clone();
    if purpose == Purpose::Model {
        return out;
    }
    if t.total_rounds.is_none() {
        out.push(match purpose {
            Purpose::Check => format!(
                "no XXR/142 record (the number of rounds): round {} is checked as the last round of the tournament (its last-round rules, such as topscorers, apply)",
                t.rounds_played
            ),
            _ => format!(
                "no XXR/142 record (the number of rounds): round {} is not known to be the last, so the last-round rules (such as topscorers) cannot apply",
                t.next_round()
            ),
        });
    }
    if purpose == Purpose::Pair && t.initial_colour.is_none() {
        out.push(
            "no XXC/152 record (the initial colour): the top player's colour in round 1 (E.5) is taken as white"
                .to_string(),
        );
    }
    if let Some(r) = &t.rules {
        if Some(r.system) != system.named() {
            out.push(format!(
                "{}: '{}' names another pairing system; paired with the {} system, as the command says (--{})",
                r.line,
                r.code,
                system.title(),
                system.name()
            ));
        } else if let (Some(year), Some(edition)) = (r.edition, requested) {
            if Edition::from_year(year) != Some(edition) {
                out.push(format!(
                    "{}: '{}' names the {year} edition; paired by the {edition} edition, as --edition says",
                    r.line, r.code
                ));
            }
        }
    }
    out
}
