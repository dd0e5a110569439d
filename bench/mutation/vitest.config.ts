// The project's Vitest setup as Stryker runs it: the focused `*.guards.test.ts` files first, then
// the other test files from the smallest up. Each mutant stops at its first failing test, so the
// quick files usually decide it before a long journey file starts (Vitest's own order is the
// slowest first).
import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, mergeConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
// The root config is not under a "#…" import: the one import that climbs out of its folder.
// eslint-disable-next-line no-restricted-imports
import base from "../../vitest.config.ts";
import { GUARD_TESTS } from "#bench/mutation/guards.ts";

class QuickTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => (f.moduleId.endsWith(".guards.test.ts") ? 0 : 1);
    const size = (f: TestSpecification) => statSync(f.moduleId).size;
    return [...files].sort((a, b) => rank(a) - rank(b) || size(a) - size(b));
  }
}

const config = mergeConfig(
  base,
  defineConfig({
    test: {
      root: fileURLToPath(new URL("../..", import.meta.url)),
      sequence: { sequencer: QuickTestsFirst },
    },
  }),
);
// Only the guard tests, chosen here rather than with Stryker's `testFiles`: given that option,
// Stryker 10 turns a mutant made when a module loads (a schema, a message) into a run-time one,
// which is never switched on, so every such mutant "survived" (stryker.config.mjs). mergeConfig
// would add to the base list, so the list is replaced.
config.test!.include = GUARD_TESTS;
export default config;
