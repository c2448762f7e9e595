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
///   command's `--edition` overrides;
/// - the Dutch system's 2017 edition applied because neither `--edition` nor a system record chose an
///   edition ([`DefaultEdition`]), also for the model of `-g`.
pub fn warnings(
    t: &Tournament,
    system: System,
    requested: Option<Edition>,
    purpose: Purpose,
) -> Vec<String> {
    let mut out = t.warnings.clone();
    let default_edition = DefaultEdition::of(t, system, requested);
    if purpose == Purpose::Model {
        out.extend(default_edition.map(|d| d.warning(purpose)));
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
    out.extend(default_edition.map(|d| d.warning(purpose)));
    out
}

/// The edition a system's rules were applied in for want of a choice, when FIDE-rated events need a
/// newer one: without `--edition` (or the bindings' edition) and without a system record (`092`/`192`)
/// naming an edition, the Dutch system pairs by its 2017 text, the default (what callers of
/// bbpPairings 5 and JaVaFo expect), while every FIDE-rated event since 1 February 2026 is paired by
/// the 2026 text. Said, never changing the pairing: on standard error by the command line, in the
/// result's `edition_notice` by the API and the bindings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DefaultEdition {
    /// The system.
    pub system: System,
    /// The edition applied: the system's default.
    pub applied: Edition,
    /// The edition in force since 1 February 2026.
    pub current: Edition,
}

impl DefaultEdition {
    /// `Some` when `system` pairs `t` by its default edition because neither `requested` nor the
    /// file's system record names one, and that edition is older than the one in force since
    /// 1 February 2026 (the Dutch system only: the other systems have one edition each).
    pub fn of(
        t: &Tournament,
        system: System,
        requested: Option<Edition>,
    ) -> Option<DefaultEdition> {
        let applied = system.default_edition();
        let current = system.editions().iter().copied().find(|e| e.is_2026())?;
        if applied == current || system.edition_chosen(t, requested) {
            return None;
        }
        Some(DefaultEdition {
            system,
            applied,
            current,
        })
    }

    /// The system record that names the current edition (`192 FIDE_DUTCH_2026`).
    fn record(&self) -> String {
        format!(
            "192 FIDE_{}_{}",
            self.system.name().to_ascii_uppercase(),
            self.current
        )
    }

    /// What the applied edition does for `purpose`.
    fn done(&self, purpose: Purpose) -> &'static str {
        match purpose {
            Purpose::Pair => "pairs the round",
            Purpose::Check => "re-pairs the rounds",
            Purpose::Model => "pairs the generated rounds",
        }
    }

    /// The warning of the command line (after `FILE: `) for `purpose`: `no system record (092/192)
    /// names the edition of the Dutch rules: the 2017 edition (the default) pairs the round; ...`.
    pub fn warning(&self, purpose: Purpose) -> String {
        format!(
            "no system record (092/192) names the edition of the {} rules: the {} edition (the default) {}; FIDE-rated events since 1 February 2026 are paired by the {} edition, which --edition {} or a {} record chooses",
            self.system.title(),
            self.applied,
            self.done(purpose),
            self.current,
            self.current,
            self.record()
        )
    }

    /// The note of a result (`edition_notice` of the pairing and of the checker's report, for the API
    /// and the bindings) for `purpose`.
    pub fn note(&self, purpose: Purpose) -> String {
        format!(
            "no edition was requested and no system record (092/192) names one: the {} edition of the {} rules (the default) {}; FIDE-rated events since 1 February 2026 are paired by the {} edition: request edition {}, or name it in the file ({})",
            self.applied,
            self.system.title(),
            self.done(purpose),
            self.current,
            self.current,
            self.record()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_trf::Trf;

    /// Four players after a round, with the extra `records`.
    fn four(records: &[&str]) -> Tournament {
        let trf = Trf::new(&[2400, 2300, 2200, 2100])
            .round(&[(1, 3, '1'), (4, 2, '=')], &[])
            .line("XXR 5")
            .line("XXC white1");
        records.iter().fold(trf, |t, r| t.line(r)).build()
    }

    /// Issue 25: the Dutch system's 2017 edition, applied because neither the request nor the file
    /// chose an edition, is said once, for -p, -c and a model of -g; never when one was chosen, nor
    /// for the systems of one edition.
    #[test]
    fn the_default_edition_is_said_when_nothing_chose_it() {
        let t = four(&[]);
        let said = DefaultEdition::of(&t, System::Dutch, None).expect("said");
        assert_eq!(
            (said.applied, said.current),
            (Edition::Y2017, Edition::Y2026)
        );
        assert_eq!(
            said.warning(Purpose::Pair),
            "no system record (092/192) names the edition of the Dutch rules: the 2017 edition (the default) pairs the round; FIDE-rated events since 1 February 2026 are paired by the 2026 edition, which --edition 2026 or a 192 FIDE_DUTCH_2026 record chooses"
        );
        assert!(said.note(Purpose::Check).contains("re-pairs the rounds"));
        assert!(said.note(Purpose::Pair).contains("request edition 2026"));
        for purpose in [Purpose::Pair, Purpose::Check, Purpose::Model] {
            let all = warnings(&t, System::Dutch, None, purpose);
            assert_eq!(all, vec![said.warning(purpose)], "{purpose:?}");
            assert!(warnings(&t, System::Dutch, Some(Edition::Y2017), purpose).is_empty());
        }
        // The file chooses with a system record naming an edition; one without a year chooses none.
        for record in [
            "192 FIDE_DUTCH_2017",
            "092 FIDE_DUTCH_2026",
            "192 FIDE_DUTCH_2025",
        ] {
            assert_eq!(
                DefaultEdition::of(&four(&[record]), System::Dutch, None),
                None
            );
        }
        assert!(DefaultEdition::of(&four(&["192 FIDE_DUTCH"]), System::Dutch, None).is_some());
        // A record of another system chooses no Dutch edition.
        assert!(DefaultEdition::of(&four(&["192 FIDE_DUBOV"]), System::Dutch, None).is_some());
        for system in [System::Dubov, System::Lim, System::Rating1992] {
            assert_eq!(DefaultEdition::of(&t, system, None), None, "{system:?}");
        }
    }
}
