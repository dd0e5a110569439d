// Mutation testing of the guard modules (issue 17). `npm run bench -- mutation` runs it niced and
// prints the score per file; `npx stryker run` works too. The guards and their tests are listed in
// bench/mutation/guards.ts.
import { guardRanges } from "./bench/mutation/guards.ts";

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  // The PGlite project only (the bench runs without TEST_DATABASE_URL), in forks as `npm test`
  // runs, with the quick guard tests first.
  vitest: { configFile: "bench/mutation/vitest.config.ts", related: true, pool: "forks" },
  coverageAnalysis: "perTest",
  mutate: guardRanges(),
  // The guard tests (GUARD_TESTS) are chosen in bench/mutation/vitest.config.ts, not with
  // `testFiles`: with that option Stryker activates a module-load ("static") mutant at run time,
  // too late, and reports it survived whatever the tests say.
  // Two workers, each one vitest fork: the machine has two cores and other work on it.
  concurrency: 2,
  // A test file opens its own database and hashes passwords: slow starts are not timeouts.
  timeoutMS: 60_000,
  timeoutFactor: 2,
  dryRunTimeoutMinutes: 30,
  ignorePatterns: ["build", ".data", ".react-router", "bench/results", "coverage"],
  reporters: ["progress", "html", "json"],
  htmlReporter: { fileName: "bench/results/mutation/index.html" },
  jsonReporter: { fileName: "bench/results/mutation/report.json" },
  thresholds: { high: 95, low: 80, break: 80 },
};
