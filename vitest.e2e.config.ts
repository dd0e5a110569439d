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
  },
});
