// The arbiter's page: the round-by-round work of a Swiss tournament on swisspair's WebAssembly module.
// The module reads, pairs, explains, records and writes; this file only shows what it returns and keeps
// the work in the browser's local storage.
import init, * as sp from "./pkg/swisspair_wasm.js";

const KEY = "swisspair.page.v1";
const SYSTEMS = { dutch: "Dutch", dubov: "Dubov", lim: "Lim", rating1992: "rating-based (1992)", team: "Team Swiss (C.04.6)" };
const EDITIONS = { dutch: [["", "as the file says (default 2017)"], ["2017", "2017"], ["2026", "2026"]], dubov: [["", "default"]], lim: [["", "default"]], rating1992: [["", "default"]], team: [["", "2026"]] };
const TEAM_ROUNDS = { U: "PAB", F: "1 bye", H: "½ bye", Z: "absent" };
const RESULTS = ["", "1-0", "½-½", "0-1", "+-", "-+", "--"];
const BYES = { "": "plays", H: "½-point bye", F: "1-point bye", Z: "absent (0)", W: "withdrawn" };
const BYE_WORDS = { H: "½-point bye", F: "1-point bye", Z: "absent", U: "pairing-allocated bye", "-": "absent (forfeit)", "+": "forfeit win" };
const CELL_WORDS = { H: "½ bye", F: "1 bye", Z: "0 bye", U: "PAB", "-": "0 (−)", "+": "1 (+)" };
// The crosstable's matrix is drawn up to this many players or teams; the standings show every round.
const CROSSTABLE_LIMIT = 60;

// { name, doc (the tournament as JSON text), system, edition, pairing, results, lineups (per match of a
// team round: null, or { white, black } the members' starting numbers board by board), withdrawn, pairMs }
let state = null;
let ov = null; // the module's overview of the tournament
let tab = "standings";
let selected = null; // the player whose explanation is shown

const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
const fmt = (points) => (points % 1 ? `${Math.floor(points) || ""}½` : String(points));

function load() {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? "null");
  } catch {
    return null;
  }
}

function save() {
  try {
    if (state) localStorage.setItem(KEY, JSON.stringify(state));
    else localStorage.removeItem(KEY);
  } catch (e) {
    showError(`the browser did not keep the work (${e.message}): download it`);
  }
}

function options() {
  return state.edition ? { system: state.system, edition: state.edition } : { system: state.system };
}

/// An error of the module as the command line prints it: `FILE:LINE: field: message`.
function errorText(e, file) {
  if (e && typeof e === "object" && "text" in e) {
    return file ? `${file}:${e.line ? "" : " "}${e.text}` : e.text;
  }
  return String(e);
}

function showError(text) {
  $("error").hidden = !text;
  $("error").textContent = text ?? "";
}

function openText(name, text) {
  let system = $("system").value;
  try {
    // A team tournament (its FIDE_TEAM code) is paired by the team system whatever the menu says.
    if (sp.overview(text, { system }).system === "team") system = "team";
    const doc = sp.convert(text, { to: "json" });
    state = { name, doc, system, edition: "", pairing: null, results: [], withdrawn: [], pairMs: null };
  } catch (e) {
    showError(errorText(e, name));
    return;
  }
  showError(null);
  selected = null;
  tab = "standings";
  save();
  render();
}

function setTab(name) {
  tab = name;
  render();
}

function render() {
  const open = !!state;
  $("tournament").hidden = !open;
  $("drop-hint").hidden = open;
  if (!open) return;
  $("system").value = state.system;
  fillEditions();
  $("system").disabled = $("edition").disabled = !!state.pairing;
  try {
    ov = sp.overview(state.doc, options());
  } catch (e) {
    showError(errorText(e, state.name));
    return;
  }
  const total = ov.total_rounds ?? "?";
  const teams = !!ov.teams;
  document.body.classList.toggle("teams", teams);
  $("status").textContent = `${state.name} · ${teams ? `${ov.teams.length} teams` : `${ov.standings.length} players`} · ${ov.rounds_played} of ${total} rounds played · ` +
    (ov.finished ? "finished" : `round ${ov.next_round} to be paired`) +
    ` · ${SYSTEMS[ov.system]} system, ${ov.edition} edition`;
  $("warnings").innerHTML = ov.warnings.map((w) => `<li>warning: ${esc(w)}</li>`).join("");
  for (const b of document.querySelectorAll(".tabs button")) b.classList.toggle("active", b.dataset.tab === tab);
  for (const t of document.querySelectorAll(".tab")) t.hidden = t.id !== `tab-${tab}`;
  if (tab === "standings") (teams ? renderTeamStandings : renderStandings)();
  else if (tab === "round") renderRound();
  else if (tab === "crosstable") (teams ? renderTeamCrosstable : renderCrosstable)();
  else if (tab === "checklist") renderChecklist();
  if (tab === "check") $("check-result").innerHTML = "";
}

function fillEditions() {
  const list = EDITIONS[state.system];
  const select = $("edition");
  if (select.dataset.system !== state.system) {
    select.innerHTML = list.map(([v, label]) => `<option value="${v}">${label}</option>`).join("");
    select.dataset.system = state.system;
  }
  select.value = state.edition;
}

function cell(r) {
  if (!r || !r.result) return "";
  if (r.opponent) {
    const result = { "=": "½", D: "½", W: "1", L: "0" }[r.result] ?? r.result;
    return `${r.opponent}${r.colour ? r.colour[0] : "-"}${result}`;
  }
  return CELL_WORDS[r.result] ?? r.result;
}

/// The select of a player's (or team's) bye for the round to be paired: plays, ½, 1, 0, withdrawn.
function byeCell(n, announced) {
  if (ov.finished) return "";
  const code = state.withdrawn.includes(n) ? "W" : announced ?? "";
  const editable = !state.pairing;
  return `<td><select class="bye" data-player="${n}"${editable ? "" : " disabled"}>` +
    Object.entries(BYES).map(([v, label]) => `<option value="${v}"${v === code ? " selected" : ""}>${label}</option>`).join("") + `</select></td>`;
}

function renderStandings() {
  const rounds = ov.rounds_played;
  const head = `<tr><th class="num">Rank</th><th class="num">SNo</th><th>Name</th><th class="num">Rating</th><th>Fed</th><th class="num">Pts</th>` +
    Array.from({ length: rounds }, (_, i) => `<th>R${i + 1}</th>`).join("") +
    (ov.finished ? "" : `<th>Round ${ov.next_round}</th>`) + "</tr>";
  const rows = ov.standings.map((s) => {
    const bye = byeCell(s.start_number, s.next?.result);
    return `<tr class="player${s.start_number === selected ? " selected" : ""}" data-player="${s.start_number}"><td class="num">${s.rank}</td><td class="num">${s.start_number}</td>` +
      `<td class="name">${esc(s.title ? `${s.title} ${s.name}` : s.name)}</td><td class="num">${s.rating || ""}</td><td>${esc(s.federation)}</td><td class="num">${fmt(s.points)}</td>` +
      s.rounds.map((r) => `<td class="${r.colour ? r.colour[0] : ""}">${cell(r)}</td>`).join("") + bye + "</tr>";
  });
  $("standings").innerHTML = head + rows.join("");
}

/// A team tournament's standings: rank, TPN, team (its members as the title), match and game points,
/// each round's match (opponent, colour of the first board, match points) or bye, and the bye announced
/// for the round to be paired.
function renderTeamStandings() {
  const rounds = ov.rounds_played;
  const head = `<tr><th class="num">Rank</th><th class="num">TPN</th><th>Team</th><th class="num">MP</th><th class="num">GP</th>` +
    Array.from({ length: rounds }, (_, i) => `<th>R${i + 1}</th>`).join("") + (ov.finished ? "" : `<th>Round ${ov.next_round}</th>`) + "</tr>";
  const rows = ov.teams.map((t) => {
    const cells = t.rounds.map((r) => r.kind === "match"
      ? `<td class="${r.colour ? r.colour[0] : ""}">${r.opponent}${r.colour ? r.colour[0] : "-"} ${fmt(r.match_points)}</td>`
      : `<td>${TEAM_ROUNDS[r.kind] ?? r.kind}</td>`).join("");
    return `<tr class="team" data-team="${t.tpn}"><td class="num">${t.rank}</td><td class="num">${t.tpn}</td>` +
      `<td title="${esc(t.members.join(", "))}">${esc(t.name)}</td><td class="num">${fmt(t.match_points)}</td><td class="num">${fmt(t.game_points)}</td>` +
      cells + byeCell(t.tpn, t.next) + "</tr>";
  });
  $("standings").innerHTML = head + rows.join("");
}

/// A team round's match table: white team, black team (the team whose first board has White first), and
/// one result select per board (from the white team's side). Each team's first members play the boards
/// unless its lineup is changed: "Lineup…" opens a row with one select per board and team listing the
/// roster.
function renderMatches(p) {
  const teams = new Map(ov.teams.map((t) => [t.tpn, t]));
  const mp = (n) => fmt(teams.get(n)?.match_points ?? 0);
  const boards = ov.boards ?? 0;
  $("round-meta").textContent = `Round ${p.round} · ${p.boards.length} matches of ${boards} boards · paired by the ${SYSTEMS[p.system]} system, ${p.edition} edition` +
    (state.pairMs != null ? ` in ${state.pairMs.toFixed(0)} ms` : "") +
    ` · results from the white team's side; each team's first ${boards} members play, unless its lineup is changed`;
  if (!Array.isArray(state.results[0]) || state.results.length !== p.boards.length) state.results = p.boards.map(() => Array(boards).fill(""));
  if (!Array.isArray(state.lineups) || state.lineups.length !== p.boards.length) state.lineups = p.boards.map(() => null);
  const options = RESULTS.map((r) => `<option value="${r}">${r || "…"}</option>`).join("");
  // A team's member on a board of a match: a select listing its roster.
  const member = (i, side, tpn, j) => {
    const t = teams.get(tpn);
    const chosen = state.lineups[i]?.[side]?.[j];
    return `<select class="member" data-index="${i}" data-side="${side}" data-seat="${j}" title="board ${j + 1}, ${side} team (TPN ${tpn})">` +
      (t?.roster ?? []).map((n, k) => `<option value="${n}"${n === chosen ? " selected" : ""}>${n} ${esc(t.members[k] ?? "")}</option>`).join("") + "</select>";
  };
  const lineup = (b, i) => `<tr class="lineup" data-index="${i}"><td></td><td colspan="8" class="members">` +
    Array.from({ length: boards }, (_, j) => `<span class="board">board ${j + 1}: ${member(i, "white", b.white.start_number, j)} – ${member(i, "black", b.black.start_number, j)}</span>`).join("") +
    "</td></tr>";
  const rows = p.boards.map((b, i) =>
    `<tr data-board="${b.board}"><td class="num">${b.board}</td><td class="num">${b.white.start_number}</td><td>${esc(b.white.name)}</td><td class="num">${mp(b.white.start_number)}</td>` +
    `<td class="team-results">${Array.from({ length: boards }, (_, j) => `<select class="result" data-index="${i}" data-seat="${j}" title="board ${j + 1}">${options}</select>`).join("")}</td>` +
    `<td class="num">${b.black.start_number}</td><td>${esc(b.black.name)}</td><td class="num">${mp(b.black.start_number)}</td>` +
    `<td><button class="lineup" data-index="${i}">${state.lineups[i] ? "First members" : "Lineup…"}</button></td></tr>` +
    (state.lineups[i] ? lineup(b, i) : ""));
  $("boards").innerHTML = `<tr><th class="num">Match</th><th class="num">TPN</th><th>White team</th><th class="num">MP</th><th>Boards 1–${boards}</th><th class="num">TPN</th><th>Black team</th><th class="num">MP</th><th>Players</th></tr>` + rows.join("");
  for (const s of $("boards").querySelectorAll("select.result")) s.value = state.results[Number(s.dataset.index)]?.[Number(s.dataset.seat)] ?? "";
  $("pab").textContent = p.bye ? `Pairing-allocated bye: ${p.bye.start_number} ${p.bye.name}` : "No pairing-allocated bye.";
  const absent = ov.teams.filter((t) => t.absent_next).sort((a, b) => a.tpn - b.tpn)
    .map((t) => `${t.tpn} ${t.name} (${BYE_WORDS[t.next] ?? t.next})`);
  $("absent").textContent = absent.length ? `Not paired: ${absent.join(", ")}.` : "";
  $("record").disabled = !resultsComplete();
}

/// A match's lineup opened: each team's first members (as the module fields them by default).
function firstMembers(b) {
  const roster = (tpn) => (ov.teams.find((t) => t.tpn === tpn)?.roster ?? []).slice(0, ov.boards ?? 0);
  return { white: roster(b.white.start_number), black: roster(b.black.start_number) };
}

/// Every board (every board of every match, for teams) has a result.
function resultsComplete() {
  return state.results.flat().every((r) => !!r);
}

function byNumber() {
  return new Map(ov.standings.map((s) => [s.start_number, s]));
}

function renderRound() {
  const p = state.pairing;
  $("pair").disabled = !!p || ov.finished;
  $("pair").textContent = `Pair round ${ov.next_round}`;
  $("unpair").disabled = !p;
  $("explain-round").disabled = !p;
  const players = byNumber();
  if (!p) {
    $("round-meta").textContent = ov.finished ? `All ${ov.rounds_played} rounds are played.` : `Round ${ov.next_round} is not paired yet.`;
    $("boards").innerHTML = "";
    $("pab").textContent = "";
    $("absent").textContent = "";
    $("record").disabled = true;
    return;
  }
  if (ov.teams) {
    renderMatches(p);
    return;
  }
  $("round-meta").textContent = `Round ${p.round} · ${p.boards.length} boards · paired by the ${SYSTEMS[p.system]} system, ${p.edition} edition` +
    (state.pairMs != null ? ` in ${state.pairMs.toFixed(0)} ms` : "");
  const points = (n) => fmt(players.get(n)?.points ?? 0);
  const options = RESULTS.map((r) => `<option value="${r}">${r || "…"}</option>`).join("");
  const rows = p.boards.map((b, i) =>
    `<tr data-board="${b.board}"><td class="num">${b.board}</td><td class="num">${b.white.start_number}</td><td class="name" data-player="${b.white.start_number}">${esc(b.white.name)}</td><td class="num">${points(b.white.start_number)}</td>` +
    `<td><select class="result" data-index="${i}">${options}</select></td>` +
    `<td class="num">${b.black.start_number}</td><td class="name" data-player="${b.black.start_number}">${esc(b.black.name)}</td><td class="num">${points(b.black.start_number)}</td></tr>`);
  $("boards").innerHTML = `<tr><th class="num">Board</th><th class="num">SNo</th><th>White</th><th class="num">Pts</th><th>Result</th><th class="num">SNo</th><th>Black</th><th class="num">Pts</th></tr>` + rows.join("");
  const selects = $("boards").querySelectorAll("select.result");
  state.results.forEach((r, i) => { if (r) selects[i].value = r; });
  $("pab").textContent = p.bye ? `Pairing-allocated bye: ${p.bye.start_number} ${p.bye.name}` : "No pairing-allocated bye.";
  const absent = ov.standings.filter((s) => s.next).sort((a, b) => a.start_number - b.start_number)
    .map((s) => `${s.start_number} ${s.name} (${BYE_WORDS[s.next.result] ?? s.next.result})`);
  $("absent").textContent = absent.length ? `Not paired: ${absent.join(", ")}.` : "";
  $("record").disabled = !resultsComplete();
}

function renderCrosstable() {
  const players = [...ov.standings].sort((a, b) => a.start_number - b.start_number);
  if (players.length > CROSSTABLE_LIMIT) {
    $("crosstable").innerHTML = `<tr><td>The crosstable is drawn for up to ${CROSSTABLE_LIMIT} players; this tournament has ${players.length}: the standings show each round's opponent, colour and result.</td></tr>`;
    return;
  }
  const index = new Map(players.map((s, i) => [s.start_number, i]));
  const head = `<tr><th class="num">SNo</th><th>Name</th>${players.map((s) => `<th class="num">${s.start_number}</th>`).join("")}<th class="num">Pts</th></tr>`;
  const rows = players.map((s) => {
    const cells = players.map(() => "");
    const colours = players.map(() => "");
    for (const r of s.rounds) {
      const i = index.get(r.opponent);
      if (i === undefined) continue;
      cells[i] += { "1": "1", "=": "½", "0": "0", W: "1", D: "½", L: "0", "+": "+", "-": "−" }[r.result] ?? r.result;
      colours[i] = r.colour ? r.colour[0] : "";
    }
    return `<tr><td class="num">${s.start_number}</td><td>${esc(s.name)}</td>` +
      cells.map((c, i) => `<td class="num ${colours[i]}">${players[i].start_number === s.start_number ? "×" : c}</td>`).join("") +
      `<td class="num">${fmt(s.points)}</td></tr>`;
  });
  $("crosstable").innerHTML = head + rows.join("");
}

/// A team tournament's crosstable: team against team, each match's game points (the row's team first;
/// `f` a match not played, won or lost by forfeit), shaded by the colour of the row team's first board.
function renderTeamCrosstable() {
  const teams = [...ov.teams].sort((a, b) => a.tpn - b.tpn);
  if (teams.length > CROSSTABLE_LIMIT) {
    $("crosstable").innerHTML = `<tr><td>The crosstable is drawn for up to ${CROSSTABLE_LIMIT} teams; this tournament has ${teams.length}: the standings show each round's match.</td></tr>`;
    return;
  }
  const index = new Map(teams.map((t, i) => [t.tpn, i]));
  const head = `<caption>Game points of each match, the row's team first (f: not played, won or lost by forfeit); hover a cell for the round and the match points.</caption>` +
    `<tr><th class="num">TPN</th><th>Team</th>${teams.map((t) => `<th class="num">${t.tpn}</th>`).join("")}<th class="num">MP</th><th class="num">GP</th><th class="num">Rank</th></tr>`;
  const rows = teams.map((t) => {
    const met = teams.map(() => []);
    for (const e of t.encounters) met[index.get(e.opponent)]?.push(e);
    const cells = met.map((list, i) => {
      if (teams[i].tpn === t.tpn) return `<td class="num">×</td>`;
      const text = list.map((e) => `${fmt(e.game_points)}–${fmt(e.opponent_game_points)}${"+-".includes(e.result) ? "f" : ""}`).join(" ");
      const title = list.map((e) => `round ${e.round}: ${fmt(e.match_points)} MP${e.colour ? `, board 1 ${e.colour}` : ""}`).join("; ");
      const colour = list.at(-1)?.colour?.[0] ?? "";
      return `<td class="num ${colour}"${title ? ` title="${esc(title)}"` : ""}>${text}</td>`;
    });
    return `<tr><td class="num">${t.tpn}</td><td title="${esc(t.members.join(", "))}">${esc(t.name)}</td>${cells.join("")}` +
      `<td class="num">${fmt(t.match_points)}</td><td class="num">${fmt(t.game_points)}</td><td class="num">${t.rank}</td></tr>`;
  });
  $("crosstable").innerHTML = head + rows.join("");
}

function renderChecklist() {
  if (ov.finished) {
    $("checklist").innerHTML = "<tr><td>The tournament is finished: there is no round to pair.</td></tr>";
    return;
  }
  let list;
  try {
    list = sp.checklist(state.doc, options());
  } catch (e) {
    $("checklist").innerHTML = `<tr><td>${esc(errorText(e))}</td></tr>`;
    return;
  }
  if (list.system === "team") {
    // A team tournament's checklist as `swisspair --team -l` writes it.
    $("checklist").innerHTML = `<tr><td><pre id="team-checklist">${esc(list.text)}</pre></td></tr>`;
    return;
  }
  let group;
  const rows = [];
  for (const r of list.rows) {
    if (r.group !== group) {
      rows.push(`<tr class="group"><td colspan="${list.columns.length}">${r.group == null ? "not paired in this round" : `pairing score ${r.group}`}</td></tr>`);
      group = r.group;
    }
    rows.push(`<tr>${r.cells.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`);
  }
  $("checklist").innerHTML = `<caption>Round ${list.round}${list.last_round ? " (last round)" : ""} · ${SYSTEMS[list.system]} system, ${list.edition} edition · initial colour ${list.initial_colour}</caption>` +
    `<tr>${list.columns.map((c) => `<th>${esc(c)}</th>`).join("")}</tr>` + rows.join("");
}

function runCheck() {
  let report;
  try {
    report = sp.check(state.doc, options());
  } catch (e) {
    $("check-result").innerHTML = `<p class="error">${esc(errorText(e))}</p>`;
    return;
  }
  const head = `<p class="${report.differences.length ? "bad" : "ok"}" id="check-summary">${report.rounds} rounds re-paired by the ${SYSTEMS[report.system]} system, ${report.edition} edition: ` +
    `${report.differences.length} ${report.differences.length === 1 ? "round differs" : "rounds differ"}.</p>`;
  const key = (p) => `${p.white}-${p.black}`;
  const pair = (p) => (p.black ? `${p.white} – ${p.black}` : `${p.white} bye`);
  const tables = report.differences.map((d) => {
    const recorded = new Set(d.recorded.map(key));
    const paired = new Set(d.paired.map(key));
    const rows = [];
    for (let i = 0; i < Math.max(d.recorded.length, d.paired.length); i++) {
      const r = d.recorded[i], q = d.paired[i];
      rows.push(`<tr><td class="${r && !paired.has(key(r)) ? "diff" : ""}">${r ? pair(r) : ""}</td><td class="${q && !recorded.has(key(q)) ? "diff" : ""}">${q ? pair(q) : ""}</td></tr>`);
    }
    return `<h3>Round ${d.round}</h3>${d.error ? `<p class="error">${esc(d.error)}</p>` : ""}<table class="difference"><tr><th>recorded</th><th>swisspair</th></tr>${rows.join("")}</table>`;
  });
  $("check-result").innerHTML = head + tables.join("");
}

function pairRound() {
  delete document.body.dataset.paintedMs;
  const t0 = performance.now();
  let p;
  try {
    p = sp.pair(state.doc, options());
  } catch (e) {
    showError(errorText(e));
    return;
  }
  const t1 = performance.now();
  showError(null);
  state.pairing = p;
  state.results = p.boards.map(() => "");
  state.lineups = [];
  state.pairMs = t1 - t0;
  tab = "round";
  render();
  const t2 = performance.now();
  document.body.dataset.pairMs = (t1 - t0).toFixed(1);
  document.body.dataset.renderMs = (t2 - t1).toFixed(1);
  // Layout and paint: the frame after the table is drawn.
  requestAnimationFrame(() => setTimeout(() => { document.body.dataset.paintedMs = (performance.now() - t1).toFixed(1); }));
  save();
}

function recordRound() {
  try {
    let doc = ov.teams ? sp.addTeamRound(state.doc, state.pairing, state.results, state.lineups ?? []) : sp.addRound(state.doc, state.pairing, state.results);
    const next = sp.overview(doc, options());
    if (!next.finished) for (const n of state.withdrawn) doc = sp.announce(doc, n, "Z");
    state.doc = doc;
  } catch (e) {
    showError(errorText(e));
    return;
  }
  showError(null);
  state.pairing = null;
  state.results = [];
  state.lineups = [];
  state.pairMs = null;
  save();
  render();
}

function announce(player, code) {
  try {
    state.withdrawn = state.withdrawn.filter((n) => n !== player);
    if (code === "W") state.withdrawn.push(player);
    state.doc = sp.announce(state.doc, player, code === "W" ? "Z" : code);
  } catch (e) {
    showError(errorText(e));
  }
  save();
  render();
}

function ask(player, other) {
  const name = (n) => (ov.teams ? ov.teams.find((t) => t.tpn === n) : byNumber().get(n))?.name ?? "";
  const who = ov.teams ? "team" : "player";
  $("why").hidden = false;
  if (ov.finished) {
    $("why-title").textContent = "Why";
    $("why-text").textContent = "The tournament is finished: there is no round to explain.";
    return;
  }
  $("why-title").textContent = other
    ? `Why ${player} (${name(player)}) and ${other} (${name(other)}) are not paired in round ${ov.next_round}`
    : `Why: ${who} ${player} (${name(player)}) in round ${ov.next_round}`;
  try {
    $("why-text").textContent = sp.why(state.doc, player, other, options());
  } catch (e) {
    $("why-text").textContent = errorText(e);
  }
}

function download() {
  const what = $("download").value;
  $("download").value = "";
  if (!what || !state) return;
  const base = state.name.replace(/\.(trf|txt|json)$/i, "");
  let text, file;
  try {
    if (what === "pairs") {
      const p = state.pairing;
      if (!p) throw new Error("pair a round first: there is no pairing to download");
      text = `${p.boards.length + (p.bye ? 1 : 0)}\n` + p.boards.map((b) => `${b.white.start_number} ${b.black.start_number}\n`).join("") + (p.bye ? `${p.bye.start_number} 0\n` : "");
      file = `${base}-round${p.round}-pairs.txt`;
    } else {
      // A team tournament is written as read (its records kept), as TRF or as JSON.
      const o = { ...options(), to: state.system === "team" ? (what === "json" ? "json" : "trf") : what };
      text = sp.convert(state.doc, o);
      file = what === "json" ? `${base}.json` : what === "trf2026" ? `${base}-trf2026.trf` : `${base}.trf`;
    }
  } catch (e) {
    showError(errorText(e));
    return;
  }
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const a = Object.assign(document.createElement("a"), { href: url, download: file });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function readFile(file) {
  openText(file.name, await file.text());
}

function wire() {
  $("file").addEventListener("change", (e) => { const f = e.target.files[0]; if (f) readFile(f); e.target.value = ""; });
  document.addEventListener("dragover", (e) => { e.preventDefault(); document.body.classList.add("dragging"); });
  document.addEventListener("dragleave", () => document.body.classList.remove("dragging"));
  document.addEventListener("drop", (e) => {
    e.preventDefault();
    document.body.classList.remove("dragging");
    const f = e.dataTransfer?.files?.[0];
    if (f) readFile(f);
  });
  $("example").addEventListener("click", async () => openText("club-16p-round5.trf", await (await fetch("example.trf")).text()));
  $("new").addEventListener("click", () => { $("list-error").hidden = true; $("new-dialog").showModal(); });
  $("new-form").addEventListener("submit", (e) => {
    if (e.submitter?.value !== "create") return;
    try {
      const doc = sp.fromList($("list").value, Number($("rounds").value), $("initial").value === "white");
      state = { name: "tournament.trf", doc, system: $("new-system").value, edition: "", pairing: null, results: [], withdrawn: [], pairMs: null };
    } catch (err) {
      e.preventDefault();
      $("list-error").hidden = false;
      $("list-error").textContent = errorText(err, "list");
      return;
    }
    showError(null);
    tab = "standings";
    save();
    render();
  });
  $("system").addEventListener("change", () => { if (state) { state.system = $("system").value; state.edition = ""; save(); render(); } });
  $("edition").addEventListener("change", () => { if (state) { state.edition = $("edition").value; save(); render(); } });
  $("download").addEventListener("change", download);
  $("clear").addEventListener("click", () => {
    if (state && !confirm("Forget the tournament kept in this browser? (Download it first to keep it.)")) return;
    state = null;
    save();
    render();
  });
  for (const b of document.querySelectorAll(".tabs button")) b.addEventListener("click", () => setTab(b.dataset.tab));
  $("pair").addEventListener("click", pairRound);
  $("record").addEventListener("click", recordRound);
  $("check").addEventListener("click", runCheck);
  $("unpair").addEventListener("click", () => { state.pairing = null; state.results = []; state.lineups = []; save(); render(); });
  $("explain-round").addEventListener("click", () => {
    try {
      const e = sp.explain(state.doc, options());
      $("why").hidden = false;
      $("why-title").textContent = `Round ${e.round.round}: why it is paired so`;
      $("why-text").textContent = e.text;
    } catch (err) {
      showError(errorText(err));
    }
  });
  $("boards").addEventListener("change", (e) => {
    if (e.target.matches("select.member")) {
      const { index, side, seat } = e.target.dataset;
      state.lineups[Number(index)][side][Number(seat)] = Number(e.target.value);
      showError(null);
      save();
      return;
    }
    if (!e.target.matches("select.result")) return;
    const i = Number(e.target.dataset.index);
    if (e.target.dataset.seat !== undefined) state.results[i][Number(e.target.dataset.seat)] = e.target.value;
    else state.results[i] = e.target.value;
    $("record").disabled = !resultsComplete();
    save();
  });
  $("standings").addEventListener("change", (e) => {
    if (e.target.matches("select.bye")) announce(Number(e.target.dataset.player), e.target.value);
  });
  $("boards").addEventListener("click", (e) => {
    const button = e.target.closest("button.lineup");
    if (!button) return;
    const i = Number(button.dataset.index);
    state.lineups[i] = state.lineups[i] ? null : firstMembers(state.pairing.boards[i]);
    save();
    renderRound();
  });
  const clickPlayer = (e) => {
    if (e.target.closest("select")) return;
    const team = ov?.teams && e.target.closest("tr.team");
    if (team) {
      const n = Number(team.dataset.team);
      if (e.shiftKey && selected && selected !== n) return ask(selected, n);
      selected = n;
      for (const tr of $("standings").querySelectorAll("tr.team")) tr.classList.toggle("selected", Number(tr.dataset.team) === n);
      return ask(n);
    }
    const td = e.target.closest("td.name");
    if (!td) return;
    const n = Number(td.dataset.player ?? td.closest("tr").dataset.player);
    if (e.shiftKey && selected && selected !== n) {
      ask(selected, n);
      return;
    }
    selected = n;
    for (const tr of $("standings").querySelectorAll("tr.player")) tr.classList.toggle("selected", Number(tr.dataset.player) === n);
    ask(n);
  };
  $("standings").addEventListener("click", clickPlayer);
  $("boards").addEventListener("click", clickPlayer);
  $("why-ask").addEventListener("click", () => { const o = Number($("why-other").value); if (selected && o) ask(selected, o); });
  $("why-close").addEventListener("click", () => { $("why").hidden = true; });
}

try {
  await init();
} catch (e) {
  showError(`the WebAssembly module could not be loaded (${e.message ?? e}): serve web/dist with a static server, e.g. python3 -m http.server -d web/dist`);
  throw e;
}
window.swisspair = sp;
state = load();
wire();
render();
document.body.dataset.ready = "1";
