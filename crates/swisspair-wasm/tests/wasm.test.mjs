// Tests of the WebAssembly module under Node's own test runner (node --test): run ./build.sh first.
// The pairings are compared with the command line's: SWISSPAIR_BIN names the `swisspair` binary (by
// default the repository's target/release/swisspair); without it those tests are skipped (under CI they
// fail).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, existsSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import init, { pair, check, convert, generate, beforeRound, version } from "../pkg/swisspair_wasm.js";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..", "..");
const example = readFileSync(join(repo, "examples", "club-16p-round5.trf"), "utf8");
const bin = process.env.SWISSPAIR_BIN ?? join(repo, "target", "release", "swisspair");
const haveCli = existsSync(bin);
const cliSkip = haveCli ? false : (process.env.CI ? false : `no swisspair binary at ${bin}`);

await init({ module_or_path: readFileSync(join(here, "..", "pkg", "swisspair_wasm_bg.wasm")) });

function cli(...args) {
  if (!haveCli) throw new Error(`no swisspair binary at ${bin} (set SWISSPAIR_BIN)`);
  return execFileSync(bin, args, { encoding: "utf8" });
}

test("pairs the bundled example", () => {
  const round = pair(example, { system: "dutch", edition: "2017" });
  assert.equal(round.system, "dutch");
  assert.equal(round.edition, 2017);
  assert.equal(round.round, 5);
  assert.equal(round.bye, null);
  assert.deepEqual(
    round.boards.map((b) => [b.board, b.white.start_number, b.black.start_number]),
    [[1, 5, 4], [2, 3, 1], [3, 9, 2], [4, 12, 8], [5, 10, 11], [6, 14, 13], [7, 16, 15]],
  );
  assert.equal(round.boards[0].white.name, "Test0005 Player0005");
  assert.equal(pair(example, { edition: 2026 }).edition, 2026);
  assert.equal(pair(example).edition, 2017);
  assert.match(version(), /^\d+\.\d+\.\d+/);
});

test("the example as the command line pairs it, every system", { skip: cliSkip }, () => {
  const file = join(repo, "examples", "club-16p-round5.trf");
  for (const system of ["dutch", "dubov", "lim", "rating1992"]) {
    const expected = JSON.parse(cli(`--${system}`, file, "-p", "--format", "json"));
    assert.deepEqual(pair(example, { system }), expected, system);
  }
});

test("every round of 20 reference tournaments as the command line", { skip: cliSkip }, () => {
  const folder = join(repo, "tests", "data", "dutch");
  const files = readdirSync(folder).filter((f) => f.endsWith(".trf")).sort().slice(0, 20);
  assert.equal(files.length, 20);
  const dir = mkdtempSync(join(tmpdir(), "swisspair-wasm-"));
  let cases = 0;
  try {
    for (const name of files) {
      const text = readFileSync(join(folder, name), "utf8");
      const rounds = check(text, {}).rounds;
      for (let round = 1; round <= rounds; round++) {
        const cut = beforeRound(text, round);
        const cutFile = join(dir, "cut.json");
        writeFileSync(cutFile, cut);
        const expected = JSON.parse(cli("--dutch", cutFile, "-p", "--format", "json"));
        assert.deepEqual(pair(cut, { system: "dutch" }), expected, `${name} round ${round}`);
        cases++;
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.ok(cases > 100, `${cases} cases`);
});

test("errors are thrown as objects with the line", () => {
  const broken = example.replace("001    2 ", "001    x ");
  assert.throws(() => pair(broken, {}), (e) => {
    assert.equal(e.kind, "invalid");
    assert.equal(e.line, 3);
    assert.match(e.field, /starting number/);
    assert.ok(e.message.length > 0);
    return true;
  });
  assert.throws(() => pair(example, { system: "monrad" }), (e) => e.line === null && e.field === "system");
  assert.throws(() => pair('{"players": [{"start_number": 1, "rating": "x"}]}', {}), (e) => e.line === 1 && e.field === "JSON");
  for (const garbage of ["", "\u0000", "001", "{", "XXR 5\n"]) {
    assert.throws(() => pair(garbage, {}), (e) => e.kind === "invalid", JSON.stringify(garbage));
  }
  assert.throws(() => pair(example, 42), (e) => e.kind === "invalid");
});

test("check, generate and convert", () => {
  const text = generate({ system: "dutch", config: "PlayersNumber=20\nRoundsNumber=5\n", seed: 3 });
  assert.equal(text, generate({ system: "dutch", config: "PlayersNumber=20\nRoundsNumber=5\n", seed: 3 }));
  // The generated file names no edition: the 2017 default re-paired it, and the report says so.
  const report = check(text, { system: "dutch" });
  assert.match(report.edition_notice, /the 2017 edition of the Dutch rules \(the default\)/);
  delete report.edition_notice;
  assert.deepEqual(report, { system: "dutch", edition: 2017, rounds: 5, differences: [] });
  assert.deepEqual(check(text, { system: "dutch", edition: 2017 }), report);
  const doc = convert(example, {});
  assert.equal(JSON.parse(doc).total_rounds, 6);
  assert.deepEqual(pair(doc, {}), pair(example, {}));
  assert.equal(convert(convert(doc, {}), { to: "json" }), doc);
});

test("the module for embedding refuses team tournaments (no panic)", () => {
  const text = readFileSync(join(repo, "tests", "data", "team", "sharly", "team_round2.trf"), "utf8");
  assert.throws(() => pair(text, {}), (e) => e.kind === "invalid");
  assert.throws(() => pair(example, { system: "team" }), (e) => e.kind === "invalid");
  assert.throws(() => check(example, { system: "team" }), (e) => e.kind === "invalid");
  assert.throws(() => generate({ system: "team" }), (e) => e.kind === "invalid");
});
