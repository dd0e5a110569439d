// The linter keeps the one-way module graph (ADR 025): shown failing on a forbidden import, on an
// area importing against the direction, and on two files that import each other.
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, "eslint.config.js") });
// Linting needs no database: run once, not again in the PostgreSQL project.
const lintTest = test.skipIf(process.env.TEST_DB === "postgres");
const timeout = 180_000;

async function ruleIds(code: string, file: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => m.ruleId);
}

lintTest(
  "lib importing a route is refused",
  async () => {
    const code = 'import { meta } from "#app/routes/home.tsx";\n\nexport const probe = meta;\n';
    expect(await ruleIds(code, "app/lib/module-graph-probe.ts")).toContain(
      "import-x/no-restricted-paths",
    );
  },
  timeout,
);

lintTest(
  "an area importing against the direction is refused, and with it is allowed",
  async () => {
    // The catalogue imports the cart; the cart never imports the catalogue.
    const against =
      'import { LOW_STOCK } from "#app/modules/catalog/catalog.schema.ts";\n\nexport const probe = LOW_STOCK;\n';
    expect(await ruleIds(against, "app/modules/cart/module-graph-probe.ts")).toContain(
      "import-x/no-restricted-paths",
    );
    const along =
      'import { cartQuantity } from "#app/modules/cart/cart-store.ts";\n\nexport const probe = cartQuantity;\n';
    expect(await ruleIds(along, "app/modules/catalog/module-graph-probe.ts")).toEqual([]);
  },
  timeout,
);

lintTest(
  "the app importing the server is refused",
  async () => {
    const code = 'import { createApp } from "#server/app.ts";\n\nexport const probe = createApp;\n';
    expect(await ruleIds(code, "app/routes/module-graph-probe.ts")).toContain(
      "import-x/no-restricted-paths",
    );
  },
  timeout,
);

const cycleDir = path.join(root, "app", `module-graph-cycle-${process.pid}`);
afterAll(() => rm(cycleDir, { recursive: true, force: true }));

lintTest(
  "two files that import each other are a cycle",
  async () => {
    await mkdir(cycleDir, { recursive: true });
    const a = path.join(cycleDir, "a.ts");
    const b = path.join(cycleDir, "b.ts");
    await writeFile(a, 'import { b } from "./b.ts";\n\nexport const a = () => b();\n');
    await writeFile(b, 'import { a } from "./a.ts";\n\nexport const b = (): unknown => a;\n');
    try {
      const results = await eslint.lintFiles([a, b]);
      for (const result of results) {
        expect(result.messages.map((m) => m.ruleId)).toContain("import-x/no-cycle");
      }
      expect(results).toHaveLength(2);
    } finally {
      await rm(cycleDir, { recursive: true, force: true });
    }
  },
  timeout,
);
