import { defineConfig } from "vitest/config";

// Unit and integration tests run against a real database: PGlite always, and PostgreSQL as a
// second project when TEST_DATABASE_URL is set (.ci/run sets it).
const projects = [
  { extends: true as const, test: { name: "pglite", env: { TEST_DB: "pglite" } } },
  ...(process.env.TEST_DATABASE_URL
    ? [{ extends: true as const, test: { name: "postgres", env: { TEST_DB: "postgres" } } }]
    : []),
];

export default defineConfig({
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "db/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "tests/lint/**/*.test.ts",
    ],
    environment: "node",
    setupFiles: ["./tests/setup/fail-on-console-error.ts"],
    globalSetup: ["./tests/setup/postgres-template.ts", "./tests/setup/pglite-template.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    // Files and the tests in each run in a random order, so no test leans on another's leftovers.
    // A failing order is repeated with --sequence.seed=<the seed printed at the start>.
    sequence: { shuffle: true },
    projects,
  },
});
