import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { z } from "zod";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import { db } from "./db.server.ts";
import { defineJob, enqueue, queue, startQueue, startWorking, stopQueue } from "./queue.server.ts";

let t: TestDatabase;
const handled: string[] = [];
const noteJob = defineJob({
  name: "test.note",
  payload: z.object({ note: z.string() }),
  retryLimit: 0,
  handle: async ({ note }) => {
    handled.push(note);
  },
});

beforeAll(async () => {
  t = await openTestDatabase();
  await startQueue(t.handle, { connectionString: t.url });
  await startWorking([noteJob]);
});
afterAll(async () => {
  await stopQueue();
  await t.close();
});

async function waitFor(check: () => boolean, ms = 15_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

test("a job enqueued in a committed transaction is worked", async () => {
  await db().transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    await enqueue(tx, noteJob, { note: "committed" });
  });
  await waitFor(() => handled.includes("committed"));
});

test("a job enqueued in a rolled-back transaction never exists", async () => {
  await expect(
    db().transaction(async (tx) => {
      await enqueue(tx, noteJob, { note: "rolled-back" });
      throw new Error("business write failed");
    }),
  ).rejects.toThrow("business write failed");
  const jobs = await queue().findJobs("test.note", { data: { note: "rolled-back" } });
  expect(jobs).toHaveLength(0);
});

test("payloads are validated before they are queued", async () => {
  await expect(
    db().transaction(async (tx) => {
      await enqueue(tx, noteJob, { note: 42 } as unknown as { note: string });
    }),
  ).rejects.toThrow();
});
