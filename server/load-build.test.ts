import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test } from "vitest";
import { buildLoadError } from "./load-build.ts";

// A real failed import, as Node reports it, of a bundle that imports a package nobody installed.
async function importError(source: string): Promise<{ error: unknown; path: string }> {
  const dir = mkdtempSync(join(tmpdir(), "patch-load-build-"));
  const path = join(dir, "index.js");
  writeFileSync(path, source);
  const error = await import(pathToFileURL(path).href).then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, path };
}

test("a package missing from a production install is named, not called a missing build", async () => {
  const { error, path } = await importError(`import "patch-no-such-package";\n`);
  const line = buildLoadError(error, path, true);
  expect(line).toContain(`imports the package "patch-no-such-package", which is not installed`);
  expect(line).toContain(`"dependencies"`);
  expect(line).not.toContain("npm run build");
});

test("a missing build says to build", () => {
  const path = join(tmpdir(), "patch-no-build", "index.js");
  expect(buildLoadError(new Error("whatever"), path, false)).toBe(
    `The server build is missing (${path}): run \`npm run build\` first`,
  );
});

test("any other failure is shown as itself", async () => {
  const { error, path } = await importError(`throw new Error("boom at load");\n`);
  expect(buildLoadError(error, path, true)).toMatch(
    /^The server build failed to load: Error: boom at load/,
  );
});
