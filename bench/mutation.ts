// Mutation score of the guard modules (issue 17): Stryker changes the guards one small edit at a
// time and runs the tests that cover each change; a change no test notices is a survivor, a hole
// where a regression would pass CI. Prints the score per file and overall, and every survivor.
//
//   npm run bench -- mutation                   every guard (stryker.config.mjs)
//   npm run bench -- mutation rate-limit        only the guards whose file name has "rate-limit"
//   npm run bench -- mutation --incremental     reuse the last run's results for unchanged code
//
// Runs on PGlite only, niced, with two workers. Needs no build.
import { readFileSync } from "node:fs";
import { setPriority } from "node:os";
import { relative } from "node:path";
import { Stryker } from "@stryker-mutator/core";
import type { MutantResult, PartialStrykerOptions } from "@stryker-mutator/api/core";
import { GUARDS, guardRanges } from "#bench/mutation/guards.ts";
import { printTable } from "./lib.ts";

const args = process.argv.slice(3);
const only = args.filter((a) => !a.startsWith("--"));
const incremental = args.includes("--incremental");

// Background work on a shared machine: every Stryker worker and vitest fork inherits this.
setPriority(10);
// The PostgreSQL project would double every run; mutants are judged on PGlite.
delete process.env.TEST_DATABASE_URL;

const options: PartialStrykerOptions = { configFile: "stryker.config.mjs" };
if (only.length > 0) {
  const chosen = GUARDS.filter((g) => only.some((part) => g.file.includes(part)));
  if (chosen.length === 0) {
    console.error(`No guard file matches ${only.join(", ")}. Guards:`);
    for (const g of GUARDS) console.error(`  ${g.file}`);
    process.exit(2);
  }
  options.mutate = guardRanges(chosen);
}
if (incremental) {
  options.incremental = true;
  options.incrementalFile = "bench/results/mutation/incremental.json";
}

const started = performance.now();
const results = await new Stryker(options).runMutationTest();
const minutes = (performance.now() - started) / 60_000;

interface Tally {
  killed: number;
  survived: number;
  noCoverage: number;
  timeout: number;
  other: number;
}
const empty = (): Tally => ({ killed: 0, survived: 0, noCoverage: 0, timeout: 0, other: 0 });
const score = (t: Tally) => {
  const detected = t.killed + t.timeout;
  const valid = detected + t.survived + t.noCoverage;
  return valid === 0 ? 100 : (100 * detected) / valid;
};
function count(t: Tally, m: MutantResult) {
  if (m.status === "Killed") t.killed++;
  else if (m.status === "Survived") t.survived++;
  else if (m.status === "NoCoverage") t.noCoverage++;
  else if (m.status === "Timeout") t.timeout++;
  else t.other++; // Ignored (a `Stryker disable` comment), compile or runtime errors: not scored.
}

const byFile = new Map<string, Tally>();
const total = empty();
for (const m of results) {
  const file = relative(process.cwd(), m.fileName);
  if (!byFile.has(file)) byFile.set(file, empty());
  count(byFile.get(file)!, m);
  count(total, m);
}

printTable(
  "Mutation score of the guard modules (killed + timed out) / (killed + timed out + survived + no coverage)",
  [
    ...[...byFile.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([file, t]) => ({ file, ...t, score: `${score(t).toFixed(1)} %` })),
    { file: "all guards", ...total, score: `${score(total).toFixed(1)} %` },
  ],
);

const sources = new Map<string, string[]>();
const lineOf = (file: string, line: number) => {
  if (!sources.has(file)) sources.set(file, readFileSync(file, "utf8").split("\n"));
  return sources.get(file)![line - 1]?.trim() ?? "";
};
const survivors = results
  .filter((m) => m.status === "Survived" || m.status === "NoCoverage")
  .map((m) => ({ ...m, file: relative(process.cwd(), m.fileName) }))
  .sort((a, b) => a.file.localeCompare(b.file) || a.location.start.line - b.location.start.line);
console.log(`\nSurvivors (${survivors.length}):`);
for (const m of survivors) {
  const where = `${m.file}:${m.location.start.line}`;
  const replacement = m.replacement.replace(/\s+/g, " ").slice(0, 100);
  console.log(
    `- ${where} ${m.mutatorName}${m.status === "NoCoverage" ? " (no test runs it)" : ""}`,
  );
  console.log(`    ${lineOf(m.file, m.location.start.line).slice(0, 110)}`);
  console.log(`    -> ${replacement}`);
}

const overall = score(total);
console.log(
  `\nMutation score ${overall.toFixed(1)} % over ${results.length} mutants in ${minutes.toFixed(1)} min` +
    ` (goal 95 %, at least 80 %). Report: bench/results/mutation/index.html`,
);
if (overall < 80) process.exitCode = 1;
