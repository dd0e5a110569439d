// Money invariants at volume (issue 36): `npm run bench -- money-properties`. Runs the property
// suite's random sequences (tests/integration/money-properties.test.ts: members' and admins'
// money operations, renewal runs and retries on a real database and the Stripe fake, six
// invariants checked after each) BENCH_SEQUENCES times (default 2,000) on PGlite, or on
// PostgreSQL with BENCH_PROJECT=postgres (TEST_DATABASE_URL, default the local test server), and
// prints how many sequences ran, how many broke an invariant and the smallest counterexample.
// The operations in the suite's KNOWN_OPEN stay out, as in CI, unless BENCH_ALL_OPERATIONS=1
// (to see what the random runs find of the defects still open). Niced: it is background work.
import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { setPriority } from "node:os";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { printTable } from "./lib.ts";

const SEQUENCES = Number(process.env.BENCH_SEQUENCES ?? 2000);
const PROJECT = process.env.BENCH_PROJECT === "postgres" ? "postgres" : "pglite";
const summary = join(tmpdir(), `money-properties-${process.pid}.json`);

setPriority(10);
const started = performance.now();
const code = await new Promise<number>((resolve) => {
  const child = spawn(
    "npx",
    [
      "vitest",
      "run",
      "tests/integration/money-properties.test.ts",
      "--project",
      PROJECT,
      "-t",
      "random sequences",
    ],
    {
      stdio: ["ignore", "inherit", "inherit"],
      env: {
        ...process.env,
        MONEY_PROPERTY_RUNS: String(SEQUENCES),
        MONEY_PROPERTY_SUMMARY: summary,
        MONEY_PROPERTY_ALL_OPERATIONS: process.env.BENCH_ALL_OPERATIONS === "1" ? "1" : "0",
        ...(PROJECT === "postgres" && {
          TEST_DATABASE_URL:
            process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
        }),
      },
    },
  );
  child.on("exit", (status) => resolve(status ?? 1));
});
const seconds = Math.round((performance.now() - started) / 1000);

let result: {
  ms: number;
  runs: number;
  sequences: number;
  failing: number;
  last: null | { violations: { invariant: string; detail: string }[]; log: string[] };
};
try {
  result = JSON.parse(readFileSync(summary, "utf8")) as typeof result;
} catch {
  console.error("The suite wrote no summary: it did not get as far as running a sequence.");
  process.exit(1);
} finally {
  rmSync(summary, { force: true });
}

const which = process.env.BENCH_ALL_OPERATIONS === "1" ? "every operation" : "KNOWN_OPEN left out";
printTable(`Money invariants, random sequences (${PROJECT}, ${which})`, [
  {
    "sequences asked": result.runs,
    "sequences run": result.sequences,
    "broke an invariant": result.failing,
    "elapsed s (with start-up)": seconds,
    "per sequence ms": result.sequences ? Math.round(result.ms / result.sequences) : "-",
  },
]);
if (result.last) {
  console.log("Smallest counterexample found:");
  for (const line of result.last.log) console.log(`  ${line}`);
  for (const v of result.last.violations) console.log(`  (${v.invariant}) ${v.detail}`);
}
process.exitCode = code === 0 && result.failing === 0 ? 0 : 1;
