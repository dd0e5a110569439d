// A comment that cites "issue N" or "SPEC §n" must lead somewhere a reader of this repository can
// follow: "issue N" to its section in docs/history.md, "SPEC §n" (or "§n" of the spec) to its part
// in docs/requirements.md. And no page a person sees names an internal decision record (an ADR):
// the words of a page are for customers and admins, not for the team.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";

const sourceFiles = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], {
  encoding: "utf8",
})
  .split("\n")
  .filter((f) => /\.(ts|tsx|js|mjs|sql|sh)$/.test(f) && !f.startsWith("docs/"))
  .filter((f) => {
    try {
      readFileSync(f);
      return true;
    } catch {
      return false; // listed but deleted in the work tree
    }
  });

function headings(file: string, pattern: RegExp): Set<string> {
  return new Set(
    [...readFileSync(file, "utf8").matchAll(pattern)].map((m) => m[1]!).filter(Boolean),
  );
}
const ISSUES = headings("docs/history.md", /^## Issue (\d+)$/gm);
const PARTS = headings("docs/requirements.md", /^## §(\d+) /gm);

/** Every "issue N" (also "issues N, M and K") and "SPEC §n" a file cites, with where. */
function citations(file: string): { issue: string[]; part: string[] } {
  const text = readFileSync(file, "utf8");
  const issue: string[] = [];
  for (const m of text.matchAll(/\bissues? (\d+(?:(?:, | and | or |\/)\d+)*)/gi))
    issue.push(...m[1]!.split(/, | and | or |\//));
  const part = [...text.matchAll(/(?<!RFC \d+ )(?:SPEC )?§(\d+)/g)].map((m) => m[1]!);
  return { issue, part };
}

test("every 'issue N' and 'SPEC §n' in the code resolves to docs/history.md or docs/requirements.md", () => {
  const unresolved: string[] = [];
  for (const file of sourceFiles) {
    const { issue, part } = citations(file);
    for (const n of new Set(issue)) if (!ISSUES.has(n)) unresolved.push(`${file}: issue ${n}`);
    for (const n of new Set(part)) if (!PARTS.has(n)) unresolved.push(`${file}: §${n}`);
  }
  expect(unresolved).toEqual([]);
  expect(ISSUES.size).toBeGreaterThan(10);
  expect(PARTS.size).toBe(9);
});

/** A module's text with its comments taken out: what can end up on a page. */
function withoutComments(source: string): string {
  return source
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, "")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

test("no page a person sees names an ADR", () => {
  const pages = sourceFiles.filter(
    (f) => f.endsWith(".tsx") && f.startsWith("app/") && !/\.test\.tsx$/.test(f),
  );
  const naming = pages.filter((f) => /\bADRs? \d+/.test(withoutComments(readFileSync(f, "utf8"))));
  expect(naming).toEqual([]);
});
