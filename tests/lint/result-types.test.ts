// A use-case answers the shared `Outcome` (app/lib/outcome.ts), mapped to HTTP by one `respond()`:
// no hand-made result type beside it. The exported `…Result` types left are not use-case answers
// (a search hit, a rate limit's count, the mailer's receipt, a job's status word, a read model),
// each named here with why; a new one fails this test, and one that goes must leave the list, so
// it only shrinks.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";

const KEPT: Record<string, string> = {
  GardenScheduleResult: "a read model: the member's dated garden jobs, or why there are none yet",
  ExpireResult: "a job's status word: what the order-expiry job found",
  PaidResult: "a job's status word: what marking an order paid found",
  DeliveryResult: "a job's status word: sent, already sent or suppressed",
  ReferralCreditResult: "a ledger step's report: the credit granted and held",
  MigrationResult: "a job's status word: what moving a waitlist contact to an account found",
  SearchResult: "a search hit on the education hub, not an answer",
  RateLimitResult: "a limiter's count and wait",
  SendResult: "the mailer's receipt from the SMTP server",
};

const sources = execFileSync("git", ["ls-files", "app/**"], { encoding: "utf8" })
  .split("\n")
  .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.(ts|tsx)$/.test(f));

test("no use-case exports a hand-made result type beside Outcome", () => {
  const found: string[] = [];
  for (const file of sources) {
    let text = "";
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue; // listed but deleted in the work tree
    }
    for (const m of text.matchAll(/^export (?:type|interface) (\w+Result)\b/gm)) found.push(m[1]!);
  }
  expect(found.filter((name) => !(name in KEPT)).sort()).toEqual([]);
  expect(Object.keys(KEPT).filter((name) => !found.includes(name))).toEqual([]);
  expect(found.length).toBeLessThanOrEqual(10);
});
