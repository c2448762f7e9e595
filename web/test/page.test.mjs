// The arbiter's page tested as a person uses it: headless Chromium (Debian's /usr/bin/chromium, or
// CHROMIUM) driven by puppeteer-core, on web/dist (built by web/build.sh) served from 127.0.0.1.
// Pairings, explanations, errors and the files the page downloads are compared with the command line's
// (SWISSPAIR_BIN, by default target/release/swisspair). Screenshots go to SCREENSHOTS (default
// web/test/out). Run: (cd web/test && npm install --no-save puppeteer-core@24.9.0) then
// node --test web/test/.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFileSync, writeFileSync, mkdirSync, mkdtempSync, readdirSync, existsSync, rmSync } from "node:fs";
import { execFileSync, spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join, dirname, extname } from "node:path";
import { fileURLToPath } from "node:url";
import puppeteer from "puppeteer-core";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..");
const dist = join(repo, "web", "dist");
const bin = process.env.SWISSPAIR_BIN ?? join(repo, "target", "release", "swisspair");
const shots = process.env.SCREENSHOTS ?? join(here, "out");
const example = join(repo, "examples", "club-16p-round5.trf");
const work = mkdtempSync(join(tmpdir(), "swisspair-page-"));
const downloads = join(work, "downloads");
mkdirSync(downloads, { recursive: true });
mkdirSync(shots, { recursive: true });

let server, browser, page, origin;

function cli(args, options = {}) {
  const r = spawnSync(bin, args, { encoding: "utf8", ...options });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/// Standard error without the warnings (the page shows those above the tables).
function withoutWarnings(text) {
  return text.split("\n").filter((l) => !l.startsWith("swisspair: warning:")).join("\n");
}

/// What --why writes on standard error.
function why(...args) {
  return withoutWarnings(cli(["--dutch", example, "-p", "--why", ...args]).stderr);
}

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm", ".trf": "text/plain" };

before(async () => {
  assert.ok(existsSync(join(dist, "index.html")), "build the page first: bash web/build.sh");
  assert.ok(existsSync(bin), `no swisspair binary at ${bin}`);
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    const file = join(dist, path === "/" ? "index.html" : path);
    if (!file.startsWith(dist) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
  browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  page = await browser.newPage();
  await page.setViewport({ width: 1200, height: 800 });
  page.on("dialog", (d) => d.accept());
  page.on("pageerror", (e) => console.log("page error:", e.message));
  const cdp = await page.createCDPSession();
  await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloads });
  await page.goto(origin, { waitUntil: "load" });
  await page.waitForSelector("body[data-ready]");
});

after(async () => {
  await browser?.close();
  server?.close();
  rmSync(work, { recursive: true, force: true });
});

async function open(file) {
  const before = await page.$eval("#status", (e) => e.textContent);
  const input = await page.$("#file");
  await input.uploadFile(file);
  await page.waitForFunction(
    (b) => document.querySelector("#status").textContent !== b || !document.querySelector("#error").hidden,
    {},
    before,
  );
}

async function tab(name) {
  await page.click(`.tabs button[data-tab="${name}"]`);
}

/// The board table: [white, black] starting numbers per board, and the bye line.
async function boards() {
  return page.$$eval("#boards tr[data-board]", (rows) =>
    rows.map((r) => [Number(r.children[1].textContent), Number(r.children[5].textContent)]));
}

/// The engines' -p text of the board table and the PAB line.
async function pairsText() {
  const b = await boards();
  const pab = await page.$eval("#pab", (e) => e.textContent);
  const bye = /^Pairing-allocated bye: (\d+)/.exec(pab);
  return `${b.length + (bye ? 1 : 0)}\n` + b.map(([w, k]) => `${w} ${k}\n`).join("") + (bye ? `${bye[1]} 0\n` : "");
}

async function enterResults(seed) {
  const n = (await boards()).length;
  const results = ["1-0", "½-½", "0-1"];
  for (let i = 0; i < n; i++) {
    await page.select(`#boards select[data-index="${i}"]`, results[(i + seed) % 3]);
  }
}

/// A result in every board's select of every match, from `seed` on.
async function enterTeamResults(seed) {
  const results = ["1-0", "½-½", "0-1", "+-", "-+"];
  const selects = await page.$$("#boards select.result");
  assert.ok(selects.length > 0, "no result selects");
  for (const [k, s] of selects.entries()) await s.select(results[(k + seed) % results.length]);
}

async function download(what) {
  // One file at a time: the folder is emptied first (a second download of a name may replace the first).
  for (const f of readdirSync(downloads)) rmSync(join(downloads, f), { force: true });
  await page.select("#download", what);
  for (let i = 0; i < 100; i++) {
    const fresh = readdirSync(downloads).filter((f) => !f.endsWith(".crdownload"));
    if (fresh.length) return join(downloads, fresh[0]);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no download of ${what}`);
}

async function pairNext() {
  await tab("round");
  await page.click("#pair");
  await page.waitForSelector("#boards tr[data-board]");
}

test("opens the example and pairs it as the command line does", async () => {
  await open(example);
  const status = await page.$eval("#status", (e) => e.textContent);
  assert.match(status, /16 players · 4 of 6 rounds played · round 5 to be paired · Dutch system, 2017 edition/);
  const rows = await page.$$eval("#standings tr.player", (r) => r.length);
  assert.equal(rows, 16);
  await page.screenshot({ path: join(shots, "standings.png") });
  await pairNext();
  assert.equal(await pairsText(), cli(["--dutch", example, "-p"]).stdout);
  const absent = await page.$eval("#absent", (e) => e.textContent);
  assert.match(absent, /6 .*½-point bye.*7 .*absent/);
  await enterResults(0);
  await page.screenshot({ path: join(shots, "pairing.png") });
  // The whole round explained, as --explain.
  await page.click("#explain-round");
  await page.waitForFunction(() => !document.querySelector("#why").hidden);
  const explained = await page.$eval("#why-text", (e) => e.textContent);
  assert.equal(explained, withoutWarnings(cli(["--dutch", example, "-p", "--explain"]).stderr));
  await page.click("#why-close");
  // Every system, as the command line.
  for (const system of ["dubov", "lim", "rating1992"]) {
    await page.click("#unpair");
    await page.select("#system", system);
    await pairNext();
    assert.equal(await pairsText(), cli([`--${system}`, example, "-p"]).stdout, system);
  }
  await page.click("#unpair");
  await page.select("#system", "dutch");
  await page.select("#edition", "2026");
  await pairNext();
  assert.equal(await pairsText(), cli(["--dutch", "--edition", "2026", example, "-p"]).stdout, "Dutch 2026");
  await page.click("#unpair");
  await page.select("#edition", "");
});

test("a player's explanation, with the articles, as --why says it", async () => {
  await tab("standings");
  await page.click('#standings tr[data-player="5"] td.name');
  await page.waitForFunction(() => !document.querySelector("#why").hidden && document.querySelector("#why-text").textContent);
  const text = await page.$eval("#why-text", (e) => e.textContent);
  assert.match(text, /\[[A-E]\.\d+\]/, "article numbers");
  assert.equal(text, why("5"));
  await page.screenshot({ path: join(shots, "why.png") });
  await page.keyboard.down("Shift");
  await page.click('#standings tr[data-player="1"] td.name');
  await page.keyboard.up("Shift");
  const pair = await page.$eval("#why-text", (e) => e.textContent);
  assert.equal(pair, why("5,1"));
  await page.click("#why-close");
});

test("the checklist as -l writes it", async () => {
  await tab("checklist");
  await page.waitForSelector("#checklist tr");
  const cells = await page.$$eval("#checklist tr:not(.group)", (rows) =>
    rows.slice(1).map((r) => [...r.children].map((c) => c.textContent)));
  const list = join(work, "example.list");
  cli(["--dutch", example, "-p", join(work, "pairs.txt"), "-l", list]);
  const lines = readFileSync(list, "utf8").split("\n").filter((l) => /^\s*\d/.test(l));
  assert.equal(cells.length, 16);
  assert.deepEqual(cells.map((c) => c[0]), lines.map((l) => l.trim().split(/\s+/)[0]));
});

test("results entered, the next round paired, the TRF downloaded checks with swisspair -c", async () => {
  await pairNext();
  await enterResults(1);
  await page.click("#record");
  await page.waitForFunction(() => /5 of 6 rounds played/.test(document.querySelector("#status").textContent));
  await pairNext();
  assert.equal((await boards()).length, 8, "round 6: all 16 players");
  for (const what of ["trf16", "trf2026"]) {
    const file = await download(what);
    const report = cli(["--dutch", file, "-c"]);
    assert.equal(report.code, 0, report.stderr);
    assert.match(report.stdout, /^5 rounds checked, 0 differ$/m, `${what}: ${report.stdout}`);
    // The round paired in the page is the command line's pairing of the downloaded file.
    assert.equal(cli(["--dutch", file, "-p"]).stdout, await pairsText(), what);
  }
  const json = JSON.parse(readFileSync(await download("json"), "utf8"));
  assert.equal(json.players.length, 16);
  const pairs = readFileSync(await download("pairs"), "utf8");
  assert.equal(pairs, await pairsText());
  // The work is kept when the tab is closed.
  await page.reload({ waitUntil: "load" });
  await page.waitForSelector("body[data-ready]");
  await tab("round");
  assert.equal((await boards()).length, 8);
  await enterResults(2);
  await page.click("#record");
  await page.waitForFunction(() => /finished/.test(document.querySelector("#status").textContent));
  await tab("check");
  await page.click("#check");
  const summary = await page.$eval("#check-summary", (e) => e.textContent);
  assert.match(summary, /6 rounds re-paired .*: 0 rounds differ/);
  await tab("crosstable");
  assert.equal(await page.$$eval("#crosstable tr", (r) => r.length), 17);
  // The finished tournament downloaded as JSON opens again.
  const finished = await download("json");
  await open(finished);
  assert.match(await page.$eval("#status", (e) => e.textContent), /16 players · 6 of 6 rounds played · finished/);
});

test("a malformed file shows its line, as the command line", async () => {
  const broken = join(work, "broken.trf");
  writeFileSync(broken, readFileSync(example, "utf8").replace("001    3 ", "001    x "));
  await open(broken);
  const error = await page.$eval("#error", (e) => (e.hidden ? "" : e.textContent));
  const expected = cli(["--dutch", "broken.trf", "-p"], { cwd: work }).stderr.replace(/^swisspair: /, "").trim();
  assert.match(error, /^broken\.trf:4: /);
  assert.equal(error, expected);
});

test("a tournament of 9 pasted players played to the end", async () => {
  await page.click("#clear");
  await page.click("#new");
  const players = ["Anna Schmidt, 1850, GER", "Bela Nagy, 2010, HUN", "Carla Rossi, 2230, ITA", "Dina Roy, 1500, IND",
    "Emil Berg, 1610, SWE", "Fiona Lee, 1720, ENG", "Gustav Holm, 1990, NOR", "Hana Novak, 1655, CZE", "Ivo Petrov, 2100, BUL"];
  await page.$eval("#list", (e, v) => { e.value = v; }, players.join("\n"));
  await page.$eval("#rounds", (e) => { e.value = "5"; });
  await page.click("#create");
  await page.waitForFunction(() => /9 players · 0 of 5 rounds/.test(document.querySelector("#status").textContent));
  for (let round = 1; round <= 5; round++) {
    await pairNext();
    assert.match(await page.$eval("#pab", (e) => e.textContent), /^Pairing-allocated bye: \d+/);
    await enterResults(round);
    await page.click("#record");
    await page.waitForFunction((r) => document.querySelector("#status").textContent.includes(`${r} of 5 rounds played`), {}, round);
  }
  assert.match(await page.$eval("#status", (e) => e.textContent), /finished/);
  const file = await download("trf16");
  assert.match(cli(["--dutch", file, "-c"]).stdout, /^5 rounds checked, 0 differ$/m);
  // Paired by the Dutch system, checked by another: the rounds that differ, as -c lists them.
  for (const system of ["dubov", "lim", "rating1992"]) {
    await page.select("#system", system);
    await tab("check");
    await page.click("#check");
    const summary = await page.$eval("#check-summary", (e) => e.textContent);
    const differ = Number(/^5 rounds checked, (\d+) differ$/m.exec(cli([`--${system}`, file, "-c"]).stdout)[1]);
    assert.match(summary, new RegExp(`: ${differ} rounds? differs?\\.$`), system);
    const rounds = await page.$$eval("#check-result h3", (h) => h.length);
    assert.equal(rounds, differ, system);
    if (differ) assert.ok((await page.$$("#check-result td.diff")).length > 0, "differing pairs highlighted");
    if (differ && system === "dubov") await page.screenshot({ path: join(shots, "check.png") });
  }
  await page.select("#system", "dutch");
  await tab("standings");
  await page.screenshot({ path: join(shots, "nine-players.png") });
});

test("speed: a 1,000-player round paired under 0.5 s, its 500 boards rendered", async () => {
  const config = join(work, "big.cfg");
  writeFileSync(config, "PlayersNumber=1000\nRoundsNumber=5\n");
  const generated = join(work, "generated.trf");
  execFileSync(bin, ["--dutch", "-g", config, "-o", generated, "-s", "7"]);
  // The five rounds of a nine-round tournament: round 6 to be paired.
  const big = join(work, "big-1000.trf");
  writeFileSync(big, readFileSync(generated, "utf8").replace(/^XXR 5$/m, "XXR 9"));
  await page.click("#clear");
  await open(big);
  await tab("round");
  const start = Date.now();
  await page.click("#pair");
  await page.waitForFunction(() => document.querySelectorAll("#boards tr[data-board]").length === 500);
  await page.waitForSelector("body[data-painted-ms]");
  const wall = Date.now() - start;
  const pairMs = Number(await page.$eval("body", (b) => b.dataset.pairMs));
  const renderMs = Number(await page.$eval("body", (b) => b.dataset.renderMs));
  const paintedMs = Number(await page.$eval("body", (b) => b.dataset.paintedMs));
  console.log(`timing: 1,000 players, round 6 paired in the page in ${pairMs.toFixed(0)} ms; ` +
    `the board table of 500 boards built in ${renderMs.toFixed(0)} ms and painted ${paintedMs.toFixed(0)} ms after the pairing; ` +
    `click to painted table, seen from the test, ${wall} ms`);
  assert.equal(await pairsText(), cli(["--dutch", big, "-p"]).stdout);
  assert.ok(pairMs < 500, `pairing took ${pairMs} ms`);
  assert.ok(paintedMs < 1000, `rendering took ${paintedMs} ms`);
  // The tab answers at once after the table is shown.
  const t0 = Date.now();
  await page.select('#boards select[data-index="499"]', "1-0");
  console.log(`timing: a result entered on board 500 in ${Date.now() - t0} ms`);
});

test("a file dropped on the page, at phone width", async () => {
  await page.click("#clear");
  // Dropped on the page, as from a file manager.
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], "dropped.trf"));
    document.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
  }, readFileSync(example, "utf8"));
  await page.waitForFunction(() => document.querySelector("#status").textContent.startsWith("dropped.trf · 16 players"));
  await page.setViewport({ width: 390, height: 800, isMobile: true });
  await pairNext();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the page is ${overflow} px wider than the screen`);
  await page.screenshot({ path: join(shots, "phone.png") });
  await page.setViewport({ width: 1200, height: 800 });
});

test("Team Swiss: a team file's standings, its round paired and checked as swisspair --team", async () => {
  await page.click("#clear");
  const team = join(repo, "tests", "data", "team", "sharly", "team_round2.trf");
  await open(team);
  const status = await page.$eval("#status", (e) => e.textContent);
  assert.match(status, /team_round2\.trf · 4 teams · 1 of .* rounds played · round 2 to be paired · Team Swiss \(C\.04\.6\) system, 2026 edition/);
  assert.equal(await page.$eval("#system", (e) => e.value), "team");
  assert.equal(await page.$$eval("#standings tr.team", (r) => r.length), 4);
  await page.screenshot({ path: join(shots, "team-standings.png") });
  // The checklist as swisspair --team -p -l writes it; a team clicked: why, as --team --why N says.
  await tab("checklist");
  await page.waitForSelector("#team-checklist");
  const list = join(work, "team_round2.list");
  cli(["--team", team, "-p", "-l", list]);
  assert.equal(await page.$eval("#team-checklist", (e) => e.textContent), readFileSync(list, "utf8"));
  await tab("standings");
  await page.click('#standings tr.team[data-team="2"] td:nth-child(3)');
  await page.waitForFunction(() => !document.querySelector("#why").hidden);
  assert.equal(await page.$eval("#why-text", (e) => e.textContent), withoutWarnings(cli(["--team", team, "-p", "--why", "2"]).stderr));
  assert.match(await page.$eval("#why-title", (e) => e.textContent), /Why: team 2 \(Bravo\) in round 2/);
  await page.click("#why-close");
  await pairNext();
  assert.equal(await pairsText(), cli(["--team", team, "-p"]).stdout);
  const header = await page.$eval("#boards tr", (r) => r.textContent);
  assert.match(header, /White team.*Black team/);
  await page.screenshot({ path: join(shots, "team-round.png") });
  // The pairing downloaded as swisspair --team -p writes it.
  const pairs = await download("pairs");
  assert.equal(readFileSync(pairs, "utf8"), cli(["--team", team, "-p"]).stdout);
  // Every board's result entered (one select per board of each match), the round recorded, the next
  // round paired: the TRF downloaded re-pairs as recorded and pairs the next round as the page does.
  assert.equal(await page.$eval("#record", (e) => e.disabled), true);
  await enterTeamResults(0);
  await page.screenshot({ path: join(shots, "team-results.png") });
  await page.click("#record");
  await page.waitForFunction(() => /2 of 3 rounds played/.test(document.querySelector("#status").textContent));
  await pairNext();
  const recorded = await download("trf16");
  // The file's own round 1 is not C.04.6's (the fork's test input): the rounds recorded add no difference.
  const original = JSON.parse(cli(["--team", team, "-c", "--format", "json"]).stdout).differences;
  const check = JSON.parse(cli(["--team", recorded, "-c", "--format", "json"]).stdout);
  assert.equal(check.rounds, 2);
  assert.deepEqual(check.differences, original);
  assert.equal(await pairsText(), cli(["--team", recorded, "-p"]).stdout);
  await enterTeamResults(1);
  await page.click("#record");
  await page.waitForFunction(() => /3 of 3 rounds played/.test(document.querySelector("#status").textContent));
  const last = await download("trf16");
  const final = JSON.parse(cli(["--team", last, "-c", "--format", "json"]).stdout);
  assert.equal(final.rounds, 3);
  assert.deepEqual(final.differences, original);
  // A finished team tournament checked as swisspair --team -c.
  await page.click("#clear");
  const generated = join(repo, "tests", "data", "team", "generated", "team-10.trf");
  await open(generated);
  await tab("check");
  await page.click("#check");
  await page.waitForSelector("#check-summary");
  const summary = await page.$eval("#check-summary", (e) => e.textContent);
  const report = JSON.parse(cli(["--team", generated, "-c", "--format", "json"]).stdout);
  assert.equal(summary, `${report.rounds} rounds re-paired by the Team Swiss (C.04.6) system, 2026 edition: 0 rounds differ.`);
  // The tournament downloaded as TRF checks alike.
  const trf = await download("trf16");
  assert.deepEqual(JSON.parse(cli(["--team", trf, "-c", "--format", "json"]).stdout), report);
  await page.click("#clear");
});

test("Team Swiss: a team's bye and a withdrawal announced, a reserve in a lineup, the round explained, the crosstable", async () => {
  await page.click("#clear");
  // A generated team tournament (10 teams of 5 members for 4 boards, 5 rounds), its first 3 rounds.
  const config = join(work, "teams.cfg");
  writeFileSync(config, "PlayersNumber=10\nRoundsNumber=5\nTeamSize=4\n");
  const generated = join(work, "teams-generated.trf");
  execFileSync(bin, ["--team", "-g", config, "-o", generated, "-s", "3"]);
  const whole = join(work, "teams-generated.json");
  execFileSync(bin, ["convert", generated, whole]);
  const cut = JSON.parse(readFileSync(whole, "utf8"));
  // No pairing-allocated bye (320) nor forfeited match (330) to cut: the members' rounds say it all.
  assert.deepEqual(cut.other_lines.filter((l) => /^3[23]0/.test(l)), []);
  for (const p of cut.players) p.rounds = p.rounds.slice(0, 3);
  writeFileSync(whole, JSON.stringify(cut));
  const file = join(work, "teams.trf");
  execFileSync(bin, ["convert", whole, file]);
  assert.match(cli(["--team", file, "-c"]).stdout, /^3 rounds checked, 0 differ$/m);
  await open(file);
  assert.match(await page.$eval("#status", (e) => e.textContent), /^teams\.trf · 10 teams · 3 of 5 rounds played · round 4 to be paired/);
  // Team 4 asks for a half-point bye in round 4, team 7 withdraws.
  await page.select('#standings select.bye[data-player="4"]', "H");
  await page.select('#standings select.bye[data-player="7"]', "W");
  assert.equal(await page.$eval('#standings select.bye[data-player="4"]', (e) => e.value), "H");
  assert.equal(await page.$eval('#standings select.bye[data-player="7"]', (e) => e.value), "W");
  await pairNext();
  assert.match(await page.$eval("#absent", (e) => e.textContent), /^Not paired: 4 .*\(½-point bye\), 7 .*\(absent\)\.$/);
  const teamsPaired = (await boards()).flat();
  assert.equal(teamsPaired.length, 8);
  assert.ok(!teamsPaired.includes(4) && !teamsPaired.includes(7), `${teamsPaired}`);
  // The file downloaded holds the byes (240 records) and pairs as the page: swisspair --team -p.
  const announced = await download("trf16");
  const text = readFileSync(announced, "utf8");
  assert.match(text, /^240 H 004 +4$/m);
  assert.match(text, /^240 Z 004 +7$/m);
  assert.equal(await pairsText(), cli(["--team", announced, "-p"]).stdout);
  // The whole round explained, as --team -p --explain.
  await page.click("#explain-round");
  await page.waitForFunction(() => !document.querySelector("#why").hidden);
  assert.match(await page.$eval("#why-title", (e) => e.textContent), /^Round 4: why it is paired so$/);
  const explained = await page.$eval("#why-text", (e) => e.textContent);
  assert.match(explained, /\[3\.6\]/);
  assert.equal(explained, withoutWarnings(cli(["--team", announced, "-p", "--explain"]).stderr));
  await page.click("#why-close");
  // A reserve plays: the first match's white team fields its fifth member on board 4.
  await page.click('#boards button.lineup[data-index="0"]');
  await page.waitForSelector("#boards tr.lineup");
  const seat = '#boards select.member[data-index="0"][data-side="white"][data-seat="3"]';
  const roster = await page.$$eval(`${seat} option`, (o) => o.map((x) => Number(x.value)));
  assert.equal(roster.length, 5);
  assert.equal(await page.$eval(seat, (e) => Number(e.value)), roster[3]);
  await page.select(seat, String(roster[4]));
  // A lineup out of the roster's order is refused with the module's message.
  const second = '#boards select.member[data-index="0"][data-side="black"][data-seat="1"]';
  const black = await page.$$eval(`${second} option`, (o) => o.map((x) => x.value));
  await page.select(second, black[0]);
  await enterTeamResults(2);
  await page.click("#record");
  assert.match(await page.$eval("#error", (e) => e.textContent), /^match 1, lineup: player \d+ plays two boards for team \d+$/);
  await page.select(second, black[1]);
  await page.screenshot({ path: join(shots, "team-lineup.png") });
  await page.click("#record");
  await page.waitForFunction(() => /4 of 5 rounds played/.test(document.querySelector("#status").textContent));
  // The TRF downloaded re-pairs every round as recorded; the reserve played, the fourth member did not.
  const recorded = await download("trf16");
  const check = cli(["--team", recorded, "-c"]);
  assert.equal(check.code, 0, check.stderr);
  assert.match(check.stdout, /^4 rounds checked, 0 differ$/m);
  const doc = JSON.parse(readFileSync(await download("json"), "utf8"));
  const cell = (n) => doc.players.find((p) => p.start_number === n).rounds[3];
  assert.ok(cell(roster[4])?.opponent, "the reserve has a game in round 4");
  assert.ok(!cell(roster[3])?.result, "the fourth member sat out");
  // The half-point bye is in team 4's round; the team that withdrew stays out of round 5.
  await tab("standings");
  assert.equal(await page.$eval('#standings tr.team[data-team="4"] td:nth-child(9)', (e) => e.textContent), "½ bye");
  assert.equal(await page.$eval('#standings select.bye[data-player="7"]', (e) => e.value), "W");
  assert.equal(await page.$eval('#standings select.bye[data-player="4"]', (e) => e.value), "");
  await pairNext();
  assert.ok(!(await boards()).flat().includes(7));
  const round5 = await download("trf16");
  assert.match(readFileSync(round5, "utf8"), /^240 Z 005 +7$/m);
  assert.equal(await pairsText(), cli(["--team", round5, "-p"]).stdout);
  // The crosstable: team against team, each match's game points; as many as the standings' matches.
  await page.click("#unpair");
  await tab("standings");
  const matches = await page.$$eval('#standings tr.team[data-team="1"] td', (c) => c.filter((x) => /^\d+[wb-] \d/.test(x.textContent)).length);
  await tab("crosstable");
  assert.equal(await page.$$eval("#crosstable tr", (r) => r.length), 11);
  const row = await page.$$eval("#crosstable tr:nth-child(2) td", (c) => c.map((x) => x.textContent));
  assert.equal(row[0], "1");
  const cells = row.slice(2, 12).flatMap((c) => c.split(" ")).filter((c) => c);
  assert.ok(cells.every((c) => /^\d*½?–\d*½?f?$/.test(c)) || cells.includes("×"), `${cells}`);
  assert.equal(cells.filter((c) => c !== "×").length, matches);
  assert.ok(matches >= 3);
  await page.screenshot({ path: join(shots, "team-crosstable.png") });
  await page.click("#clear");
});
