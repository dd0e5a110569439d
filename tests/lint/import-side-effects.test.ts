// The browser build treats our own modules as doing nothing when imported (vite.config.ts,
// `moduleSideEffects`): a module imported only by a loader or an action, which React Router takes
// out of a route's browser copy, is then left out of the page with everything it imports (a
// shared schema, and with it zod). That holds only while no such module does something at its
// top level: a call, an `if`, a listener. This keeps it so; the few that must are named with why.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { expect, test } from "vitest";

const MAY_ACT: Record<string, string> = {
  "app/entry.client.tsx": "the browser's entry: it hydrates the page (entries are always kept)",
  "app/lib/zod.ts": "configures zod for the browser (no eval under our CSP); kept by its own rule",
  "app/lib/press-capture.ts": "an inline script, built on its own (vite.inline-script.ts)",
  "app/lib/deferred-boot.ts": "an inline script, built on its own (vite.inline-script.ts)",
  "app/lib/pglite-thread.worker.ts": "a worker thread's entry, never in the browser",
};

const DECLARATIONS = new Set([
  ts.SyntaxKind.ImportDeclaration,
  ts.SyntaxKind.ImportEqualsDeclaration,
  ts.SyntaxKind.ExportDeclaration,
  ts.SyntaxKind.ExportAssignment,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.EnumDeclaration,
  ts.SyntaxKind.ModuleDeclaration,
  ts.SyntaxKind.VariableStatement,
  ts.SyntaxKind.EmptyStatement,
]);

test("the browser's modules do nothing at their top level but declare", () => {
  const acting = readdirSync("app", { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .filter((e) => !/\.server\.tsx?$|\.test\.tsx?$|\.d\.ts$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => !(file in MAY_ACT))
    .flatMap((file) => {
      const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
      return source.statements
        .filter((s) => !DECLARATIONS.has(s.kind))
        .map((s) => {
          const { line } = source.getLineAndCharacterOfPosition(s.getStart(source));
          return `${file}:${line + 1}: ${s.getText(source).split("\n")[0]}`;
        });
    });
  expect(acting, "move it into a function, or name the file in MAY_ACT with why").toEqual([]);
});
