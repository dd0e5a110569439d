// Hashing off the main thread: real argon2id hashes that verify, wrong passwords that don't, many
// at once queued onto the hashing threads, and those threads really running at a lower priority.
import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { hashOffThread, verifyOffThread } from "./password-hashing.server.ts";

const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

test("hashes verify for the right password only, with the OWASP argon2id parameters", async () => {
  const hash = await hashOffThread("tui sing over the harbour", OPTIONS);
  expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  expect(await verifyOffThread(hash, "tui sing over the harbour")).toBe(true);
  expect(await verifyOffThread(hash, "tui sing over the harbor")).toBe(false);
  await expect(verifyOffThread("not a hash", "anything")).rejects.toThrow();
});

test("a burst of hashes queues onto the threads and every one comes back", async () => {
  const passwords = Array.from({ length: 8 }, (_, i) => `kowhai flowers number ${i}`);
  const hashes = await Promise.all(passwords.map((p) => hashOffThread(p, OPTIONS)));
  expect(new Set(hashes).size).toBe(8);
  const checks = await Promise.all(hashes.map((h, i) => verifyOffThread(h, passwords[i]!)));
  expect(checks).toEqual(Array(8).fill(true));
});

test.runIf(process.platform === "linux")(
  "the hashing thread runs 10 steps below the process (nice 10 in a normal start)",
  async () => {
    await hashOffThread("warm up the thread", OPTIONS);
    // Field 19 of /proc/<pid>/task/<tid>/stat is the thread's nice value (after the comm field).
    const niceValues = readdirSync("/proc/self/task").map((tid) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
    });
    // The main thread keeps the process's priority (0, unless started under `nice`); a hashing
    // thread runs 10 steps lower, as far as the lowest (19).
    const main = niceValues[0]!;
    expect(niceValues).toContain(Math.min(19, main + 10));
  },
);
