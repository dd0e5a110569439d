import { availableParallelism } from "node:os";
import { expect, test } from "vitest";
import { withPasswordSlot } from "./password-work.server.ts";

test("at most one password check per core runs at once; the rest wait their turn in order", async () => {
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const work = (i: number) =>
    withPasswordSlot(async () => {
      started.push(i);
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      return i;
    });
  const results = await Promise.all(Array.from({ length: 12 }, (_, i) => work(i)));
  expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i));
  expect(most).toBe(Math.min(12, availableParallelism()));
  expect(started).toEqual(Array.from({ length: 12 }, (_, i) => i));
});

test("a failed check frees its slot", async () => {
  const slots = availableParallelism();
  const failures = Array.from({ length: slots }, () =>
    withPasswordSlot(() => Promise.reject(new Error("wrong password"))).catch((e: Error) => e),
  );
  expect((await Promise.all(failures)).every((e) => e instanceof Error)).toBe(true);
  await expect(withPasswordSlot(async () => "next")).resolves.toBe("next");
});
