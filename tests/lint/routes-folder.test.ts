// app/routes/ holds route modules and nothing else: every file in it (tests aside) is named by a
// route(), index() or layout() in app/routes.ts. A page's parts live with their area
// (app/modules/<area>/), in app/components/ when feature-free, or in app/shell/ when they compose
// several areas (ARCHITECTURE.md "Folders").
import { readdirSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { expect, test } from "vitest";
import routes from "#app/routes.ts";

const root = path.resolve(import.meta.dirname, "../..");
const isTest = (file: string) => /\.test\.[cm]?[jt]sx?$/.test(file);

/** Every file a route config names, nested routes included, as paths under app/. */
function namedFiles(entries: readonly RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [entry.file, ...namedFiles(entry.children ?? [])]);
}

/** The files under app/routes/ (paths under app/, tests left out) that no route names. */
function unnamedFiles(files: readonly string[], named: readonly string[]): string[] {
  const routeFiles = new Set(named.map((file) => path.posix.normalize(file)));
  return files.filter((file) => !isTest(file) && !routeFiles.has(file)).sort();
}

function filesUnderRoutes(): string[] {
  return readdirSync(path.join(root, "app/routes"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.posix.join(
        "routes",
        path.relative(path.join(root, "app/routes"), path.join(entry.parentPath, entry.name)),
      ),
    );
}

test("every non-test file under app/routes is a route that app/routes.ts names", () => {
  const offenders = unnamedFiles(filesUnderRoutes(), namedFiles(routes));
  expect(
    offenders,
    `Not routes, so not in app/routes/ (move each to its area in app/modules/, to app/components/, ` +
      `or to app/shell/ if it composes areas; or name it in app/routes.ts):\n` +
      offenders.map((file) => `  app/${file}`).join("\n"),
  ).toEqual([]);
});

test("the check reads nested routes and names a file no route names", () => {
  const named = namedFiles([
    {
      path: "profile",
      file: "routes/profile/layout.tsx",
      children: [{ index: true, file: "routes/profile/details.tsx" }],
    },
  ]);
  expect(named).toEqual(["routes/profile/layout.tsx", "routes/profile/details.tsx"]);
  expect(
    unnamedFiles(
      [
        "routes/profile/layout.tsx",
        "routes/profile/details.tsx",
        "routes/profile/answer.ts",
        "routes/profile/details.test.ts",
      ],
      named,
    ),
  ).toEqual(["routes/profile/answer.ts"]);
});
