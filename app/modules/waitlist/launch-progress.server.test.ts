// A launch's progress ends when its jobs have run, even when some recipients unsubscribed or were
// deleted after the fan-out and so never get a message. The jobs are worked by hand here, one step
// at a time, so no worker races the changes.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { contacts } from "#db/schema/index.ts";
import { sendRunIsGoing, sendRunProgress } from "#app/components/send-runs-table.tsx";
import { db } from "#app/lib/db.server.ts";
import { queue } from "#app/lib/queue.server.ts";
import { deleteContact } from "./admin-waitlist.server.ts";
import {
  launchFanOutJob,
  launchProgress,
  notifyRegionLaunch,
  sendLaunchEmailJob,
} from "./notify-region-launch.server.ts";
import { testServices } from "#tests/setup/test-services.ts";

const env = testServices({
  smtp: true,
  queues: [launchFanOutJob, sendLaunchEmailJob] as never,
});

async function contact(email: string) {
  const id = crypto.randomUUID();
  await db().insert(contacts).values({ id, email, region: "Gisborne", confirmedAt: new Date() });
  return id;
}

/** Runs the queued jobs of one kind as a worker would, completing each. */
async function work(job: typeof launchFanOutJob | typeof sendLaunchEmailJob) {
  const batch = await queue().fetch<never>(job.name, { batchSize: 50 });
  for (const j of batch) {
    await job.handle(job.payload.parse(j.data) as never, { jobId: j.id, attempt: 0 });
    await queue().complete(job.name, j.id);
  }
  return batch.length;
}

const gisborne = async () => (await launchProgress()).find((l) => l.region === "Gisborne")!;

test("people who leave after the fan-out are counted as skipped, and the progress stops", async () => {
  await contact("stays@example.nz");
  const leaves = await contact("leaves@example.nz");
  const erased = await contact("erased@example.nz");
  const sentThenErased = await contact("sent-then-erased@example.nz");
  expect(await notifyRegionLaunch("Gisborne", "admin@example.com")).toEqual({
    ok: true,
    started: true,
  });
  // Before the list is made: preparing, and going.
  let progress = await gisborne();
  expect(progress).toMatchObject({ fannedOutAt: null, pending: 1, sent: 0 });
  expect(sendRunIsGoing(progress)).toBe(true);
  expect(sendRunProgress(progress)).toBe("Preparing the list…");

  expect(await work(launchFanOutJob)).toBe(1);
  progress = await gisborne();
  expect(progress).toMatchObject({ recipients: 4, pending: 4, sent: 0, skipped: 0 });
  expect(sendRunIsGoing(progress)).toBe(true);

  // One message goes out, then its person is erased (their sent record goes with them); another
  // unsubscribes and one more is erased before their turn.
  const first = await queue().fetch<{ contactId: string }>(sendLaunchEmailJob.name, {
    batchSize: 50,
  });
  const mine = first.find((j) => j.data.contactId === sentThenErased)!;
  await sendLaunchEmailJob.handle(
    { contactId: sentThenErased, region: "Gisborne" },
    { jobId: mine.id, attempt: 0 },
  );
  await queue().complete(sendLaunchEmailJob.name, mine.id);
  const others = first.filter((j) => j !== mine).map((j) => j.id);
  // The others go back to the queue, as after a worker that stopped.
  await queue().cancel(sendLaunchEmailJob.name, others);
  await queue().resume(sendLaunchEmailJob.name, others);
  expect(await gisborne()).toMatchObject({ sent: 1, pending: 3 });
  expect(await deleteContact(sentThenErased)).toBe(true);
  await db().update(contacts).set({ unsubscribedAt: new Date() }).where(eq(contacts.id, leaves));
  expect(await deleteContact(erased)).toBe(true);
  progress = await gisborne();
  // The erased person's queued job went with them.
  expect(progress).toMatchObject({ sent: 0, pending: 2 });
  expect(sendRunIsGoing(progress)).toBe(true);

  expect(await work(sendLaunchEmailJob)).toBe(2);
  progress = await gisborne();
  expect(progress).toMatchObject({ recipients: 4, sent: 1, pending: 0, skipped: 3 });
  expect(sendRunIsGoing(progress)).toBe(false);
  expect(sendRunProgress(progress)).toBe("1 of 4 sent, 3 skipped");
  expect(env.smtp.messages.map((m) => m.to).sort()).toEqual([
    "sent-then-erased@example.nz",
    "stays@example.nz",
  ]);
});

test("without a count of pending jobs (the tips runs), a run goes until every message is sent", () => {
  const run = { fannedOutAt: new Date(), recipients: 2, sent: 1 };
  expect(sendRunIsGoing(run)).toBe(true);
  expect(sendRunIsGoing({ ...run, sent: 2 })).toBe(false);
  expect(sendRunIsGoing({ ...run, fannedOutAt: null })).toBe(true);
});
