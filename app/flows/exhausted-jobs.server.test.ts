// A job that uses up its retries writes one alert line (level error, alert: "job_exhausted", the
// queue and job id, nothing of its data) and shows on the admin home's notice, to retry or dismiss.
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { z } from "zod";
import { log } from "#app/lib/log.server.ts";
import {
  defineJob,
  JOB_EXHAUSTED_ALERT,
  queue,
  startQueue,
  startWorking,
  stopQueue,
} from "#app/lib/queue.server.ts";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import {
  actOnExhaustedJob,
  EXHAUSTED_JOB_MESSAGES,
  exhaustedJobs,
} from "./exhausted-jobs.server.ts";

let t: TestDatabase;
let failing = true;
const runs: number[] = [];
const flakyJob = defineJob({
  name: "test.always-fails",
  payload: z.object({ email: z.string() }),
  retryLimit: 1,
  retryDelaySeconds: 1,
  handle: async (_payload, { attempt }) => {
    runs.push(attempt);
    if (failing) throw new Error("The mail server said no to kea@example.nz");
  },
});

beforeAll(async () => {
  t = await openTestDatabase();
  await startQueue(t.handle, { connectionString: t.url });
  await startWorking([flakyJob as never], 1);
});
afterAll(async () => {
  await stopQueue();
  await t.close();
});

async function until<T>(check: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 200));
  }
}

test("the last failure alerts once, without personal data; the admin retries it, then dismisses it", async () => {
  const errors = vi.spyOn(log, "error");
  const warnings = vi.spyOn(log, "warn");
  const id = (await queue().send(flakyJob.name, { email: "kea@example.nz" }))!;
  const [listed] = await until(async () => {
    const jobs = await exhaustedJobs();
    return jobs.length > 0 ? jobs : undefined;
  });
  // Two tries: the first failure was retried (a warning), the second was the last.
  expect(runs).toEqual([0, 1]);
  expect(warnings.mock.calls.map((c) => c[1])).toContain("job failed; it will be retried");
  const alerts = errors.mock.calls.filter(
    (c) => (c[0] as { alert?: string }).alert === JOB_EXHAUSTED_ALERT,
  );
  expect(alerts).toHaveLength(1);
  expect(alerts[0]![0]).toEqual({
    alert: "job_exhausted",
    queue: "test.always-fails",
    jobId: id,
    attempts: 2,
  });
  expect(JSON.stringify(alerts[0])).not.toContain("kea@example.nz");
  expect(listed).toMatchObject({ id, queue: "test.always-fails", attempts: 2 });
  expect(listed!.error).toContain("The mail server said no");

  const admin = { id: "admin-1" };
  expect(
    await actOnExhaustedJob({ intent: "retry-job", queue: "x", jobId: "nope" }, admin),
  ).toMatchObject({
    ok: false,
    code: "invalid",
  });
  // Retried once the cause is fixed: it runs and leaves the notice.
  failing = false;
  expect(
    await actOnExhaustedJob({ intent: "retry-job", queue: flakyJob.name, jobId: id }, admin),
  ).toEqual({ ok: true, message: EXHAUSTED_JOB_MESSAGES.retried });
  await until(async () => (runs.length === 3 ? true : undefined));
  await until(async () => ((await exhaustedJobs()).length === 0 ? true : undefined));
  expect(
    await actOnExhaustedJob({ intent: "retry-job", queue: flakyJob.name, jobId: id }, admin),
  ).toMatchObject({ ok: false, code: "conflict" });

  // Another one fails for good, and is dismissed.
  failing = true;
  const second = (await queue().send(flakyJob.name, { email: "tui@example.nz" }))!;
  await until(async () => ((await exhaustedJobs()).length === 1 ? true : undefined));
  expect(
    await actOnExhaustedJob({ intent: "dismiss-job", queue: flakyJob.name, jobId: second }, admin),
  ).toEqual({ ok: true, message: EXHAUSTED_JOB_MESSAGES.dismissed });
  expect(await exhaustedJobs()).toEqual([]);
  expect(
    await actOnExhaustedJob({ intent: "dismiss-job", queue: flakyJob.name, jobId: second }, admin),
  ).toMatchObject({ ok: false, code: "conflict" });
}, 90_000);
