// No source file under app/ is over 400 lines unless it earns it: a long file is cut along its own
// seams (a shell, a hook, one component per step; one file per engine or step) so it can be read
// in one sitting. The few that earn their length are named here, each with why; one that no
// longer needs its place is reported too, so the list only shrinks.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";

const MAX_LINES = 400;

const EARNED: Record<string, string> = {
  "app/modules/garden/garden-schedule.ts":
    "pure: a member's dated garden jobs for 12 months from their plants, climate and frost dates",
  "app/flows/place-order.server.ts":
    "one money transaction: stock taken, prices read, order and lines written, expiry queued",
  "app/modules/gifts/redeem-gift.server.ts":
    "one money transaction: a gift's credit and its subscription or held place, under one row lock",
};

const sourceFiles = execFileSync("git", ["ls-files", "app/**"], { encoding: "utf8" })
  .split("\n")
  .filter((f) => /\.(ts|tsx|js|mjs)$/.test(f) && !/\.test\.(ts|tsx)$/.test(f));

/** Lines as `wc -l` counts them. */
function lineCount(file: string): number {
  try {
    return readFileSync(file, "utf8").split("\n").length - 1;
  } catch {
    return 0; // listed but deleted in the work tree
  }
}

test(`every source file under app/ is at most ${MAX_LINES} lines, or earns its length`, () => {
  expect(sourceFiles.length).toBeGreaterThan(100);
  const over = sourceFiles
    .filter((f) => !(f in EARNED))
    .map((f) => ({ file: f, lines: lineCount(f) }))
    .filter((f) => f.lines > MAX_LINES)
    .map((f) => `${f.file}: ${f.lines} lines`);
  expect(over).toEqual([]);
});

test("each earned exemption is still a file over the limit", () => {
  const stale = Object.keys(EARNED).filter((f) => lineCount(f) <= MAX_LINES);
  expect(stale).toEqual([]);
});
