import { defineConfig } from "vitest/config";

// Journeys a person takes, in Debian's Chromium, against the production build served by
// server/index.ts (started once by tests/e2e/global-setup.ts).
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["./tests/e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
    // On CI a journey that fails is run once more, as Playwright's own runner does by default: the
    // CI machine is shared and its speed changes from hour to hour, and a 30-second wait missed
    // under load is not a defect. Vitest still reports every retried test, and a test that fails
    // twice fails the run. Locally (no CI) a failure is a failure at once.
    retry: process.env.CI ? 1 : 0,
  },
});
