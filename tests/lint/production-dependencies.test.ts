// The image installs only "dependencies" (`npm ci --omit=dev`, ADR 067), so every package the
// running code imports must be one: the server bundle keeps node_modules imports external, and
// the migration runner and boot files run from source. A devDependency imported there starts fine
// on a developer's machine and crashes the production image (sharp did, issue 38).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { expect, test } from "vitest";

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

// Read at build time only, never by the running server.
const BUILD_TIME_ONLY = new Set(["app/routes.ts", "server/dev.ts"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** The package each runtime import names (type-only imports left out), e.g. "@img/x" or "zod". */
export function runtimePackages(source: string): string[] {
  const withoutTypeImports = source.replace(/^\s*(import|export)\s+type\b[^;]*;/gms, "");
  return ts
    .preProcessFile(withoutTypeImports, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((name) => !/^(\.|#|node:|virtual:|\/)/.test(name))
    .map((name) =>
      (name.startsWith("@") ? name.split("/").slice(0, 2) : name.split("/", 1)).join("/"),
    );
}

test("every package the running code imports is a production dependency", () => {
  const offending = ["app", "server", "db"]
    .flatMap(sourceFiles)
    .filter((file) => !BUILD_TIME_ONLY.has(file))
    .flatMap((file) =>
      runtimePackages(readFileSync(file, "utf8"))
        .filter((name) => !(name in pkg.dependencies))
        .map((name) => `${file} imports ${name}`),
    );
  expect(offending).toEqual([]);
});

test("the check sees static, dynamic and side-effect imports, and skips types and own modules", () => {
  expect(
    runtimePackages(
      [
        `import sharp, { type Metadata } from "sharp";`,
        `import type { Config } from "@react-router/dev/config";`,
        `import {\n  a,\n  b,\n} from "@scope/pkg/deep";`,
        `import "side-effect";`,
        `const m = await import("lazy-one");`,
        `import { x } from "#app/lib/x.ts";`,
        `import { y } from "./y.ts";`,
        `import { readFileSync } from "node:fs";`,
      ].join("\n"),
    ),
  ).toEqual(["sharp", "@scope/pkg", "side-effect", "lazy-one"]);
});
