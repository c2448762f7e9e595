//! From TRF records to a checked [`Tournament`].

use super::{
    Availability, Bye, Colour, Entry, ForbiddenPair, Outcome, Player, PointSystem, ReadOptions,
    RulesRecord, Tournament,
};
use crate::error::{Error, Result};
use crate::score::Score;
use crate::sorting::{sort, sort_by_key};
use crate::trf::{
    ByeRequestKind, Cell, CellColour, InitialColour, PlayerRecord, Record, ResultCode, Trf,
};
use std::collections::BTreeMap;

pub(super) fn build(trf: &Trf, options: ReadOptions) -> Result<Tournament> {
    let mut warnings = trf.warnings.clone();
    let mut records: Vec<(usize, &PlayerRecord)> = trf.players().collect();
    // Duplicate starting numbers.
    let mut seen: BTreeMap<u32, usize> = BTreeMap::new();
    for &(line, p) in &records {
        if let Some(first) = seen.insert(p.start_number, line) {
            return Err(Error::invalid(
                Some(line),
                "starting number",
                format!(
                    "{} is already used by the player on line {first}",
                    p.start_number
                ),
            ));
        }
    }
    sort_by_key(&mut records, |(_, p)| p.start_number);
    let index: BTreeMap<u32, usize> = records
        .iter()
        .enumerate()
        .map(|(i, (_, p))| (p.start_number, i))
        .collect();

    let mut total_rounds = None;
    let mut initial_colour = None;
    let mut points = PointSystem::default();
    let mut tournament_type = None;
    // A coded 092 counts unless a 192 record names the system.
    let mut rules_192: Option<RulesRecord> = None;
    let mut rules_092: Option<RulesRecord> = None;
    let mut maxi = false;
    for line in &trf.lines {
        match &line.record {
            Record::TotalRounds(n) => total_rounds = Some(*n as usize),
            Record::InitialColour(InitialColour::White) => initial_colour = Some(Colour::White),
            Record::InitialColour(InitialColour::Black) => initial_colour = Some(Colour::Black),
            Record::InitialColour(InitialColour::Rank) => warnings.push(format!(
                "{}: XXC rank: accepted, no initial colour set",
                line.number
            )),
            Record::PointValues(values) => {
                for (k, v) in values {
                    points.set(*k, *v);
                }
            }
            Record::TournamentType(t) => {
                if t.to_ascii_uppercase().contains("TEAM") {
                    return Err(crate::trf::team_tournament(
                        line.number,
                        "192 tournament type",
                        format!("192 {t}"),
                    ));
                }
                tournament_type = Some(t.clone());
                if let Some(r) = RulesRecord::decode("192", t, line.number)? {
                    rules_192 = Some(r);
                }
            }
            Record::Other if line.text.starts_with("092") => {
                let text = line.text.get(3..).unwrap_or("");
                if let Some(r) = RulesRecord::decode("092", text, line.number)? {
                    rules_092 = Some(r);
                }
            }
            Record::MaxiTournament(on) => maxi = *on,
            _ => {}
        }
    }

    // The round to pair is the one after the last round in which anyone was paired.
    let rounds_played = records
        .iter()
        .map(|(_, p)| {
            p.rounds
                .iter()
                .rposition(|c| c.opponent.is_some() || c.result == ResultCode::PairingAllocatedBye)
                .map_or(0, |i| i + 1)
        })
        .max()
        .unwrap_or(0);
    if let Some(total) = total_rounds {
        if rounds_played > total {
            warnings.push(format!(
                "the file holds {rounds_played} rounds but the total number of rounds (XXR/142) is {total}"
            ));
        }
    }

    let mut players = Vec::with_capacity(records.len());
    // Per player, the rounds (0-based) written loosely: no opponent and `-` or no result code.
    let mut loose: Vec<Vec<usize>> = Vec::with_capacity(records.len());
    for &(line, p) in &records {
        let mut entries = Vec::with_capacity(rounds_played);
        let mut unmarked = Vec::new();
        for round in 1..=rounds_played {
            let cell = p.rounds.get(round - 1).copied().unwrap_or(Cell::BLANK);
            if cell.opponent.is_none()
                && matches!(cell.result, ResultCode::ForfeitLoss | ResultCode::Blank)
            {
                unmarked.push(round - 1);
            }
            entries.push(entry_of(cell, p.start_number, line, round, &index)?);
        }
        loose.push(unmarked);
        let next_round = match p.rounds.get(rounds_played) {
            Some(cell) if !cell.is_blank() => match bye_of(cell.result) {
                Some(bye) => Availability::Absent(bye),
                None => {
                    return Err(Error::invalid(
                        Some(line),
                        format!("round {}", rounds_played + 1),
                        format!(
                            "result '{}' in the round to be paired: only announced byes (H, F, Z) may be written there",
                            cell.result.to_char()
                        ),
                    ))
                }
            },
            _ => Availability::Available,
        };
        players.push(Player {
            start_number: p.start_number,
            line,
            name: p.name.clone(),
            title: p.title.clone(),
            sex: p.sex.clone(),
            rating: p.rating,
            federation: p.federation.clone(),
            fide_id: p.fide_id.clone(),
            birth: p.birth.clone(),
            declared_points: p.points,
            entries,
            next_round,
            acceleration: Vec::new(),
            adjustments: Vec::new(),
        });
    }

    check_symmetry(&players, rounds_played)?;
    check_one_bye_per_round(&players, rounds_played)?;

    // Announcements and restrictions from extension records.
    let mut forbidden = Vec::new();
    let mut abnormal = Vec::new();
    let next = rounds_played + 1;
    for line in &trf.lines {
        let at = Some(line.number);
        let lookup = |n: u32, field: &str| -> Result<usize> {
            index.get(&n).copied().ok_or_else(|| {
                Error::invalid(
                    at,
                    field,
                    format!("player {n} does not exist (no 001 record)"),
                )
            })
        };
        match &line.record {
            Record::Absent(list) => {
                for &n in list {
                    let i = lookup(n, "XXZ player")?;
                    set_absent(&mut players[i], Bye::Zero);
                }
            }
            Record::ByeRequest {
                kind,
                round,
                players: list,
            } if *round as usize == next => {
                let bye = match kind {
                    ByeRequestKind::Full => Bye::Full,
                    ByeRequestKind::Half => Bye::Half,
                    ByeRequestKind::Zero => Bye::Zero,
                };
                for &n in list {
                    let i = lookup(n, "240 player")?;
                    set_absent(&mut players[i], bye);
                }
            }
            Record::ByeRequest { players: list, .. } => {
                for &n in list {
                    lookup(n, "240 player")?;
                }
            }
            Record::Acceleration { player, points } => {
                let i = lookup(*player, "XXA player")?;
                let acc = &mut players[i].acceleration;
                if acc.len() < points.len() {
                    acc.resize(points.len(), Score::ZERO);
                }
                for (slot, p) in acc.iter_mut().zip(points) {
                    *slot += *p;
                }
            }
            Record::AccelerationRange(range) => {
                if range.rounds().is_empty() || range.players().is_empty() {
                    return Err(Error::invalid(
                        at,
                        "250 acceleration",
                        "a range ends before it starts",
                    ));
                }
                for p in players
                    .iter_mut()
                    .filter(|p| range.players().contains(&p.start_number))
                {
                    let last = range.last_round as usize;
                    if p.acceleration.len() < last {
                        p.acceleration.resize(last, Score::ZERO);
                    }
                    for slot in &mut p.acceleration[range.first_round as usize - 1..last] {
                        *slot += range.points;
                    }
                }
            }
            Record::AbnormalPoints(a) => {
                let players = a
                    .players
                    .iter()
                    .map(|&n| lookup(n, "299 player"))
                    .collect::<Result<Vec<_>>>()?;
                match a.points {
                    Some(points) => abnormal.push(Abnormal {
                        kind: a.kind,
                        points,
                        round: a.round.map(|r| r as usize),
                        players,
                    }),
                    None => warnings.push(format!(
                        "{}: 299: match points (columns 8-11) count in team tournaments only; the record is kept but changes no score",
                        line.number
                    )),
                }
            }
            Record::ForbiddenPairs(list) => {
                add_forbidden(&mut forbidden, list, 1, usize::MAX, &lookup, "XXP player")?;
            }
            Record::ProhibitedPairs {
                first_round,
                last_round,
                players: list,
            } => {
                if first_round > last_round {
                    return Err(Error::invalid(
                        at,
                        "260 rounds",
                        "the range ends before it starts",
                    ));
                }
                add_forbidden(
                    &mut forbidden,
                    list,
                    *first_round as usize,
                    *last_round as usize,
                    &lookup,
                    "260 player",
                )?;
            }
            _ => {}
        }
    }
    sort(&mut forbidden);
    forbidden.dedup();

    let rules = rules_192.or(rules_092);
    if let Some(r) = rules.as_ref().filter(|r| r.baku) {
        warnings.push(format!(
            "{}: '{}': Baku acceleration is not applied (give the virtual points in XXA or 250 records)",
            r.line, r.code
        ));
    }
    for (i, p) in players.iter_mut().enumerate() {
        p.adjustments = adjustments_of(i, &p.entries, &points, &abnormal);
    }
    let mut tournament = Tournament {
        players,
        rounds_played,
        total_rounds,
        initial_colour,
        points,
        forbidden,
        tournament_type,
        rules,
        maxi,
        warnings,
    };
    settle_points(&mut tournament, &loose, &abnormal, options)?;
    Ok(tournament)
}

fn set_absent(player: &mut Player, bye: Bye) {
    player.next_round = Availability::Absent(bye);
}

fn add_forbidden(
    out: &mut Vec<ForbiddenPair>,
    list: &[u32],
    first_round: usize,
    last_round: usize,
    lookup: &dyn Fn(u32, &str) -> Result<usize>,
    field: &str,
) -> Result<()> {
    let ids = list
        .iter()
        .map(|&n| lookup(n, field))
        .collect::<Result<Vec<_>>>()?;
    for (i, &a) in ids.iter().enumerate() {
        for &b in &ids[i + 1..] {
            if a != b {
                out.push(ForbiddenPair {
                    a: a.min(b),
                    b: a.max(b),
                    first_round,
                    last_round,
                });
            }
        }
    }
    Ok(())
}

/// The bye a result code without opponent stands for.
fn bye_of(result: ResultCode) -> Option<Bye> {
    Some(match result {
        ResultCode::PairingAllocatedBye => Bye::PairingAllocated,
        ResultCode::FullPointBye | ResultCode::Win | ResultCode::WinShort => Bye::Full,
        ResultCode::HalfPointBye | ResultCode::Draw | ResultCode::DrawShort => Bye::Half,
        ResultCode::ZeroPointBye | ResultCode::Blank | ResultCode::Loss | ResultCode::LossShort => {
            Bye::Zero
        }
        ResultCode::ForfeitWin => Bye::ForfeitWin,
        ResultCode::ForfeitLoss => Bye::ForfeitLoss,
    })
}

fn entry_of(
    cell: Cell,
    me: u32,
    line: usize,
    round: usize,
    index: &BTreeMap<u32, usize>,
) -> Result<Entry> {
    let field = || format!("round {round} opponent");
    let Some(opponent_number) = cell.opponent else {
        return Ok(Entry::Bye(bye_of(cell.result).unwrap_or(Bye::Zero)));
    };
    if opponent_number == me {
        return Err(Error::invalid(
            Some(line),
            field(),
            format!("player {me} is paired with themselves"),
        ));
    }
    let Some(&opponent) = index.get(&opponent_number) else {
        return Err(Error::invalid(
            Some(line),
            field(),
            format!(
                "player {me} meets player {opponent_number}, who does not exist (no 001 record)"
            ),
        ));
    };
    let colour = cell.colour.map(|c| match c {
        CellColour::White => Colour::White,
        CellColour::Black => Colour::Black,
    });
    let outcome = match cell.result {
        ResultCode::Win | ResultCode::WinShort => Outcome::Win,
        ResultCode::Draw | ResultCode::DrawShort => Outcome::Draw,
        ResultCode::Loss | ResultCode::LossShort => Outcome::Loss,
        ResultCode::ForfeitWin | ResultCode::ForfeitLoss => {
            return Ok(Entry::Forfeit {
                opponent,
                colour,
                won: cell.result == ResultCode::ForfeitWin,
            })
        }
        // The reader accepts only game codes with an opponent.
        other => {
            return Err(Error::invalid(
                Some(line),
                format!("round {round} result"),
                format!("'{}' with an opponent", other.to_char()),
            ))
        }
    };
    match colour {
        Some(colour) => Ok(Entry::Played {
            opponent,
            colour,
            outcome,
        }),
        None => Err(Error::invalid(
            Some(line),
            format!("round {round} colour"),
            format!("game against {opponent_number} has no colour"),
        )),
    }
}

fn code_of(entry: &Entry) -> char {
    match *entry {
        Entry::Played { outcome, .. } => match outcome {
            Outcome::Win => '1',
            Outcome::Draw => '=',
            Outcome::Loss => '0',
        },
        Entry::Forfeit { won: true, .. } => '+',
        Entry::Forfeit { won: false, .. } => '-',
        Entry::Bye(_) => ' ',
    }
}

fn colour_of(entry: &Entry) -> Option<Colour> {
    match *entry {
        Entry::Played { colour, .. } => Some(colour),
        Entry::Forfeit { colour, .. } => colour,
        Entry::Bye(_) => None,
    }
}

fn colour_name(c: Option<Colour>) -> &'static str {
    match c {
        Some(Colour::White) => "white",
        Some(Colour::Black) => "black",
        None => "no colour",
    }
}

/// A lists B in round k ⇒ B lists A in round k with the other colour and the complementary result.
fn check_symmetry(players: &[Player], rounds: usize) -> Result<()> {
    for p in players {
        for round in 1..=rounds {
            let Some(entry) = p.entries.get(round - 1) else {
                continue;
            };
            let Some(o) = entry.opponent() else { continue };
            let Some(other) = players.get(o) else {
                continue;
            };
            let back = other.entries.get(round - 1);
            let field = format!("round {round}");
            let here = format!(
                "player {} meets {} with {}",
                p.start_number,
                other.start_number,
                colour_name(colour_of(entry))
            );
            let Some(back) = back else { continue };
            if back.opponent().map(|x| players[x].start_number) != Some(p.start_number) {
                let there = match back.opponent() {
                    Some(x) => format!("meets {}", players[x].start_number),
                    None => "has no opponent".to_string(),
                };
                return Err(Error::invalid(
                    Some(p.line),
                    field,
                    format!(
                        "{here}, but player {} {there} in that round (line {})",
                        other.start_number, other.line
                    ),
                ));
            }
            let (c1, c2) = (colour_of(entry), colour_of(back));
            if c1.is_some() && c2.is_some() && c1 == c2 {
                return Err(Error::invalid(
                    Some(p.line),
                    field,
                    format!(
                        "{here}, and player {} also has {} (line {})",
                        other.start_number,
                        colour_name(c2),
                        other.line
                    ),
                ));
            }
            let (r1, r2) = (code_of(entry), code_of(back));
            let consistent = matches!(
                (r1, r2),
                ('1', '0') | ('0', '1') | ('=', '=') | ('+', '-') | ('-', '+') | ('-', '-')
            );
            if !consistent {
                return Err(Error::invalid(
                    Some(p.line),
                    field,
                    format!(
                        "player {} has result '{r1}' against {} but player {} has '{r2}' (line {})",
                        p.start_number, other.start_number, other.start_number, other.line
                    ),
                ));
            }
        }
    }
    Ok(())
}

fn check_one_bye_per_round(players: &[Player], rounds: usize) -> Result<()> {
    for round in 1..=rounds {
        let mut first: Option<&Player> = None;
        for p in players {
            if p.entries.get(round - 1) == Some(&Entry::Bye(Bye::PairingAllocated)) {
                if let Some(f) = first {
                    return Err(Error::invalid(
                        Some(p.line),
                        format!("round {round} result"),
                        format!(
                            "a second pairing-allocated bye (U) in round {round}: players {} (line {}) and {}",
                            f.start_number, f.line, p.start_number
                        ),
                    ));
                }
                first = Some(p);
            }
        }
    }
    Ok(())
}

/// A TRF-2026 `299` record with its players as indices.
struct Abnormal {
    /// The kind of result whose points it replaces; `None`: points added (a bonus or a penalty).
    kind: Option<char>,
    points: Score,
    /// 1-based; `None`: every round.
    round: Option<usize>,
    /// Empty: every player.
    players: Vec<usize>,
}

/// The `299` kind of a round: `W D L` for games played, `+ -` for forfeits, `F H Z` for byes; the
/// pairing-allocated bye has none.
fn kind_of(entry: &Entry) -> Option<char> {
    match *entry {
        Entry::Played { outcome, .. } => Some(match outcome {
            Outcome::Win => 'W',
            Outcome::Draw => 'D',
            Outcome::Loss => 'L',
        }),
        Entry::Forfeit { won: true, .. } | Entry::Bye(Bye::ForfeitWin) => Some('+'),
        Entry::Forfeit { won: false, .. } | Entry::Bye(Bye::ForfeitLoss) => Some('-'),
        Entry::Bye(Bye::Full) => Some('F'),
        Entry::Bye(Bye::Half) => Some('H'),
        Entry::Bye(Bye::Zero) => Some('Z'),
        Entry::Bye(Bye::PairingAllocated) => None,
    }
}

/// The most the points of one round may be moved by `299` records (a thousand points), so that no sum of
/// records overflows.
const MAX_ADJUSTMENT: i64 = 10_000;

/// What `299` records add to each round of player `player` (index) over the point system's value, as
/// TRF-2026 defines them (and bbpPairings applies them): a record with a kind of result gives that kind
/// another value — the most specific record counts (a named player before every player, a named round
/// before every round, a later record before an earlier one); a record without a kind adds its points
/// (a bonus, or a penalty when negative). A record for every round counts in every round played.
fn adjustments_of(
    player: usize,
    entries: &[Entry],
    points: &PointSystem,
    abnormal: &[Abnormal],
) -> Vec<Score> {
    if abnormal.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::with_capacity(entries.len());
    for (r, entry) in entries.iter().enumerate() {
        let applies = |a: &&Abnormal| {
            a.round.is_none_or(|round| round == r + 1)
                && (a.players.is_empty() || a.players.contains(&player))
        };
        let base = points.of_entry(entry);
        let kind = kind_of(entry);
        let mut best: Option<(u8, Score)> = None;
        for a in abnormal
            .iter()
            .filter(|a| a.kind.is_some() && a.kind == kind)
            .filter(applies)
        {
            let specificity = 2 * u8::from(!a.players.is_empty()) + u8::from(a.round.is_some());
            if best.is_none_or(|(b, _)| specificity >= b) {
                best = Some((specificity, a.points));
            }
        }
        let mut value = i64::from(best.map_or(base, |(_, v)| v).0);
        for a in abnormal.iter().filter(|a| a.kind.is_none()).filter(applies) {
            value = (value + i64::from(a.points.0)).clamp(-MAX_ADJUSTMENT, MAX_ADJUSTMENT);
        }
        let delta = (value - i64::from(base.0)).clamp(-MAX_ADJUSTMENT, MAX_ADJUSTMENT);
        out.push(Score(i32::try_from(delta).unwrap_or(0)));
    }
    out
}

/// The name of a bye a loosely written round is read as.
fn bye_name(bye: Bye) -> &'static str {
    match bye {
        Bye::Zero => "zero-point bye",
        Bye::Half => "half-point bye",
        Bye::Full => "full-point bye",
        Bye::PairingAllocated => "pairing-allocated bye",
        Bye::ForfeitWin => "forfeit win",
        Bye::ForfeitLoss => "forfeit loss",
    }
}

/// Round numbers (0-based indices) as a list: `rounds 4, 5` or `round 6`.
fn rounds_list(rounds: &[usize]) -> String {
    let list: Vec<String> = rounds.iter().map(|r| (r + 1).to_string()).collect();
    match list.len() {
        1 => format!("round {}", list.join("")),
        _ => format!("rounds {}", list.join(", ")),
    }
}

/// Remarks listed in one warning: the first few, then how many more.
fn summarise(items: &[String]) -> String {
    const SHOWN: usize = 6;
    let mut text = items
        .iter()
        .take(SHOWN)
        .cloned()
        .collect::<Vec<_>>()
        .join("; ");
    if items.len() > SHOWN {
        text.push_str(&format!("; and {} more", items.len() - SHOWN));
    }
    text
}

/// The points column must equal the score recomputed from the results (an announced bye for the round to
/// be paired may or may not be counted). Where it does not:
///
/// - rounds written loosely — no opponent and `-` or no result code, as the Irish Chess Union's and
///   lichess's exports write a round the player did not play — are read as the bye the points column
///   says they scored: all of a player's loose rounds as the same bye (zero, half or full point), the
///   first that makes the score equal the column. One warning for the file lists them.
/// - otherwise, with `--trust-results` the recomputed score counts (one warning for the file), and
///   without it the file is refused, naming the line and both numbers.
fn settle_points(
    t: &mut Tournament,
    loose: &[Vec<usize>],
    abnormal: &[Abnormal],
    options: ReadOptions,
) -> Result<()> {
    let mut read_as_byes: Vec<String> = Vec::new();
    let mut first_bye_line = None;
    let mut trusted: Vec<String> = Vec::new();
    let mut first_trusted_line = None;
    for i in 0..t.players.len() {
        let computed = t.score_after(i, t.rounds_played);
        let Some(p) = t.players.get(i) else { continue };
        let Some(declared) = p.declared_points else {
            continue;
        };
        let announced = match p.next_round {
            Availability::Absent(b) => Some(t.points.of_bye(b)),
            Availability::Available => None,
        };
        let accepts =
            |score: Score| score == declared || announced.is_some_and(|a| score + a == declared);
        if accepts(computed) {
            continue;
        }
        let cells = loose.get(i).map_or(&[][..], Vec::as_slice);
        if !cells.is_empty() {
            let reading = [Bye::Zero, Bye::Half, Bye::Full]
                .into_iter()
                .find_map(|bye| {
                    let mut entries = p.entries.clone();
                    for &r in cells {
                        if let Some(e) = entries.get_mut(r) {
                            *e = Entry::Bye(bye);
                        }
                    }
                    let adjustments = adjustments_of(i, &entries, &t.points, abnormal);
                    let score: Score = entries
                        .iter()
                        .enumerate()
                        .map(|(r, e)| {
                            t.points.of_entry(e)
                                + adjustments.get(r).copied().unwrap_or(Score::ZERO)
                        })
                        .sum();
                    accepts(score).then_some((bye, entries, adjustments))
                });
            if let Some((bye, entries, adjustments)) = reading {
                read_as_byes.push(format!(
                    "player {} (line {}) {}: {}",
                    p.start_number,
                    p.line,
                    rounds_list(cells),
                    bye_name(bye)
                ));
                first_bye_line.get_or_insert(p.line);
                if let Some(p) = t.players.get_mut(i) {
                    p.entries = entries;
                    p.adjustments = adjustments;
                }
                continue;
            }
        }
        if options.trust_results {
            trusted.push(format!(
                "player {} (line {}) has {declared}, the results {computed}",
                p.start_number, p.line
            ));
            first_trusted_line.get_or_insert(p.line);
            continue;
        }
        let (loose_note, what_to_do) = if cells.is_empty() {
            (String::new(), "correct the points column or the results")
        } else {
            (
                format!(
                    "; {} with no opponent and '-' or no result code: no bye read into them all makes up the difference",
                    rounds_list(cells)
                ),
                "write the bye of each of those rounds (0000 - H, F or Z)",
            )
        };
        return Err(Error::invalid(
            Some(p.line),
            "points (columns 81-84)",
            format!(
                "player {} has {declared} but the results add up to {computed}{loose_note} — {what_to_do}, or give --trust-results to use the results' score",
                p.start_number
            ),
        ));
    }
    if let Some(line) = first_bye_line {
        t.warnings.push(format!(
            "{line}: rounds without opponent written '-' or blank, read as the bye the points column says they scored: {}",
            summarise(&read_as_byes)
        ));
    }
    if let Some(line) = first_trusted_line {
        t.warnings.push(format!(
            "{line}: points (columns 81-84) differ from the results for {} player(s); the scores are recomputed from the results (--trust-results): {}",
            trusted.len(),
            summarise(&trusted)
        ));
    }
    Ok(())
}
