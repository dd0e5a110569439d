import { expect, test } from "vitest";
import { batched } from "./batch.server.ts";

/** A batch runner that answers each item doubled, when told to, and records its calls. */
function slowDoubler() {
  const calls: number[][] = [];
  const release: (() => void)[] = [];
  const run = batched<number, number>(async (items) => {
    calls.push(items);
    await new Promise<void>((r) => release.push(r));
    return items.map((i) => i * 2);
  });
  const next = async () => {
    while (release.length === 0) await new Promise((r) => setImmediate(r));
    release.shift()!();
  };
  return { calls, run, next };
}

test("calls of one turn go together; calls made while a batch runs wait and go in the next", async () => {
  const { calls, run, next } = slowDoubler();
  const first = [run(1), run(2)];
  await next();
  expect(await Promise.all(first)).toEqual([2, 4]);
  expect(calls).toEqual([[1, 2]]);

  // While a batch is running, later calls don't start a second one: they gather for the next.
  const a = run(3);
  await new Promise((r) => setImmediate(r));
  const more = [run(4), run(5), run(6)];
  await new Promise((r) => setTimeout(r, 10));
  expect(calls).toEqual([[1, 2], [3]]);
  await next();
  expect(await a).toBe(6);
  await next();
  expect(await Promise.all(more)).toEqual([8, 10, 12]);
  expect(calls).toEqual([[1, 2], [3], [4, 5, 6]]);
});

test("a failed batch fails each of its callers, and the next batch still runs", async () => {
  let fail = true;
  const run = batched<number, number>(async (items) => {
    if (fail) throw new Error("database down");
    return items;
  });
  const failed = await Promise.allSettled([run(1), run(2)]);
  expect(failed.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  fail = false;
  expect(await run(3)).toBe(3);
});

test("an answer of the wrong length fails the batch rather than mixing answers up", async () => {
  const run = batched<number, number>(async () => [1]);
  const results = await Promise.allSettled([run(1), run(2)]);
  expect(results.every((r) => r.status === "rejected")).toBe(true);
});
