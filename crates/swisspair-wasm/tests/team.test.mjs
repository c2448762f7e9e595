// Team Swiss (C.04.6) through the module built with the `team` feature (build.sh --features team
// --out-dir pkg-team, as .ci/run builds it; the module for embedding leaves team tournaments out).
// Skipped when that module is missing, except under CI.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..", "..");
const pkg = process.env.SWISSPAIR_WASM_TEAM_PKG ?? join(here, "..", "pkg-team");
const haveModule = existsSync(join(pkg, "swisspair_wasm_bg.wasm"));
if (!haveModule && process.env.CI) throw new Error(`the team module is missing: ${pkg}`);
const moduleSkip = haveModule ? false : `no module built with --features team at ${pkg}`;
const example = readFileSync(join(repo, "examples", "club-16p-round5.trf"), "utf8");
const bin = process.env.SWISSPAIR_BIN ?? join(repo, "target", "release", "swisspair");
const cliSkip = moduleSkip || (existsSync(bin) || process.env.CI ? false : `no swisspair binary at ${bin}`);

let pair, check, generate, convert;
if (haveModule) {
  const m = await import(pathToFileURL(join(pkg, "swisspair_wasm.js")).href);
  await m.default({ module_or_path: readFileSync(join(pkg, "swisspair_wasm_bg.wasm")) });
  ({ pair, check, generate, convert } = m);
}

function cli(...args) {
  return execFileSync(bin, args, { encoding: "utf8" });
}

test("Team Swiss: pair, check, generate and convert with the system team", { skip: moduleSkip }, () => {
  const text = readFileSync(join(repo, "tests", "data", "team", "sharly", "team_round2.trf"), "utf8");
  for (const options of [{}, { system: "team", edition: 2026 }, { team_colours: "b", team_score: "gp" }]) {
    const round = pair(text, options);
    assert.equal(round.system, "team");
    assert.equal(round.edition, 2026);
    assert.deepEqual(round.boards.map((b) => [b.white.start_number, b.black.start_number]), [[3, 1], [4, 2]]);
  }
  assert.throws(() => pair(text, { team_colours: "c" }), (e) => e.kind === "invalid");
  assert.throws(() => pair(example, { system: "team" }), (e) => e.kind === "invalid");
  const generated = generate({ system: "team", config: "PlayersNumber=8\nRoundsNumber=4\n", seed: 5 });
  assert.deepEqual(check(generated, {}), { system: "team", edition: 2026, rounds: 4, differences: [] });
  const doc = convert(text, {});
  assert.equal(JSON.parse(doc).teams.length, 4);
  assert.deepEqual(pair(doc, {}), pair(text, {}));
  assert.equal(convert(convert(doc, {}), { to: "json" }), doc);
});

test("Team Swiss as the command line", { skip: cliSkip }, () => {
  const file = join(repo, "tests", "data", "team", "sharly", "team_round2.trf");
  assert.deepEqual(pair(readFileSync(file, "utf8"), {}), JSON.parse(cli("--team", file, "-p", "--format", "json")));
  const generated = join(repo, "tests", "data", "team", "generated", "team-10.trf");
  assert.deepEqual(check(readFileSync(generated, "utf8"), {}), JSON.parse(cli("--team", generated, "-c", "--format", "json")));
});
