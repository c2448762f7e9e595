//! `-p`: pair the next round, write the pairs (text or `--format json`), the checklist (`-l`) and the
//! answers to `--explain` and `--why`.

use super::Input;
use crate::cli::Cli;
use crate::failure::Failure;
use crate::files;
use std::path::{Path, PathBuf};
use swisspair::notices::Purpose;
use swisspair::{Edition, Tournament};

/// `-p`: pairs the next round of `input` and writes what `outputs` asks for. When it fails, a pairs
/// file left by an earlier run is emptied.
pub fn run(input: &Input<'_>, outputs: &Outputs<'_>) -> Result<(), Failure> {
    let result = pair_round(input, outputs);
    if let (Err(failure), Some(path)) = (&result, outputs.pairs) {
        // A caller that does not look at the exit code must not read an earlier run's pairs. When no
        // valid pairing exists, bbpPairings leaves an empty OUTPUT (it opens it before pairing): so
        // does swisspair, so that a caller that reads it then finds it.
        if files::empty_stale(path, input.path, failure.code == 1) {
            eprintln!(
                "swisspair: {}: emptied (no pairs: it held the pairs of an earlier run)",
                path.display()
            );
        }
    }
    result
}

/// `-p`: pair the next round; the checklist too, also when no valid pairing exists.
fn pair_round(input: &Input<'_>, outputs: &Outputs<'_>) -> Result<(), Failure> {
    let Outputs {
        pairs: output,
        checklist,
        questions,
        json,
    } = *outputs;
    let (system, path) = (input.system, input.path);
    let tournament = input.read(Purpose::Pair)?;
    if let Some(total) = tournament.total_rounds {
        if tournament.rounds_played >= total {
            return Err(Failure::usage(format!(
                "{}: all {total} rounds are paired — use -c to check them, or raise XXR/142 to pair another round",
                path.display()
            )));
        }
    }
    let edition = input.edition(&tournament)?;
    let (pairing, explanation) = if questions.asked() {
        match system.explain_in(edition, &tournament) {
            Ok((p, e)) => (Ok(p), Some(e)),
            Err(e) => (Err(e), None),
        }
    } else {
        (system.pair_in(edition, &tournament), None)
    };
    if let Some(explanation) = &explanation {
        questions.answer(explanation, &tournament, edition, json)?;
    }
    if let Some(list) = checklist {
        // The state under the edition that paired the round (its floats and bye eligibility).
        let text = swisspair::check::checklist(system, edition, &tournament, pairing.as_ref().ok());
        files::write_atomically(list, text.as_bytes())?;
    }
    let pairing = pairing.map_err(|e| Failure::from_error(path, &e))?;
    let text = if json {
        swisspair::Round::new(&tournament, system, edition, &pairing)
            .noting_edition(&tournament, system, input.requested)
            .to_json()
            .map_err(|e| Failure::from_error(path, &e))?
    } else {
        pairing.to_engine_output(&tournament)
    };
    match output {
        Some(path) => files::write_atomically(path, text.as_bytes()),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

/// What `-p` writes besides reading: the pairs (a file, or standard output), the checklist, the
/// answers to `--explain` and `--why`.
#[derive(Clone, Copy)]
pub struct Outputs<'a> {
    pub pairs: Option<&'a Path>,
    pub checklist: Option<&'a Path>,
    pub questions: &'a Questions,
    /// `--format json`: the pairing as JSON instead of the engines' text.
    pub json: bool,
}

/// `--explain [FILE]` and `--why N[,M]`: what to say about the round paired.
pub struct Questions {
    explain: Option<Option<PathBuf>>,
    why: Option<(u32, Option<u32>)>,
}

impl Questions {
    pub fn new(cli: &Cli) -> Result<Questions, Failure> {
        let why = match cli.why.as_deref() {
            None => None,
            Some(text) => {
                let number = |s: &str| {
                    s.trim().parse::<u32>().map_err(|_| {
                        Failure::usage(format!(
                            "--why {text}: a starting number, or two separated by a comma"
                        ))
                    })
                };
                let mut parts = text.split(',');
                let first = number(parts.next().unwrap_or_default())?;
                let second = parts.next().map(number).transpose()?;
                if parts.next().is_some() {
                    return Err(Failure::usage(format!(
                        "--why {text}: at most two starting numbers"
                    )));
                }
                Some((first, second))
            }
        };
        Ok(Questions {
            explain: cli.explain.clone(),
            why,
        })
    }

    /// `--explain` or `--why` was given.
    pub fn asked(&self) -> bool {
        self.explain.is_some() || self.why.is_some()
    }

    /// `--explain [FILE]`: `Some(None)` for standard error.
    pub fn explain(&self) -> Option<Option<&Path>> {
        self.explain.as_ref().map(|p| p.as_deref())
    }

    /// `--why N[,M]`.
    pub fn why(&self) -> Option<(u32, Option<u32>)> {
        self.why
    }

    fn answer(
        &self,
        explanation: &swisspair::explain::Explanation,
        t: &Tournament,
        edition: Edition,
        json: bool,
    ) -> Result<(), Failure> {
        let whole = || {
            if json {
                explanation.to_json()
            } else {
                explanation.render()
            }
        };
        match &self.explain {
            Some(Some(path)) => files::write_atomically(path, whole().as_bytes())?,
            Some(None) => eprint!("{}", whole()),
            None => {}
        }
        match self.why {
            Some((a, None)) => match explanation.render_player(a) {
                Some(text) => eprint!("{text}"),
                None => {
                    return Err(Failure::usage(format!(
                        "--why {a}: no player with that starting number"
                    )))
                }
            },
            Some((a, Some(b))) => {
                let state = swisspair::state::RoundState::with_edition(t, edition);
                eprint!("{}", explanation.why_not_paired(t, &state, a, b));
            }
            None => {}
        }
        Ok(())
    }
}
