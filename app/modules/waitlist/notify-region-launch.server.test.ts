import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { notifications } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import {
  launchFanOutJob,
  launchProgress,
  notifyRegionLaunch,
  sendLaunchEmailJob,
} from "./notify-region-launch.server.ts";
import { insertContact } from "#tests/factories/contacts.ts";
import { expectAllSent } from "#tests/setup/send-runs.ts";
import { testServices } from "#tests/setup/test-services.ts";

const jobs = [launchFanOutJob, sendLaunchEmailJob];

// A launch goes to everyone confirmed in the region: each test starts from an empty database.
const env = testServices({
  smtp: true,
  workers: jobs as never,
  emptyBeforeEach: true,
});

test("a launch e-mails every confirmed, subscribed contact in the region once, however often it is pressed", async () => {
  const ids = await Promise.all([
    insertContact("one@example.nz", "Otago", { confirmed: true }),
    insertContact("two@example.nz", "Otago", { confirmed: true }),
    insertContact("three@example.nz", "Otago", { confirmed: true }),
  ]);
  await insertContact("unconfirmed@example.nz", "Otago");
  await insertContact("gone@example.nz", "Otago", { confirmed: true, unsubscribed: true });
  await insertContact("elsewhere@example.nz", "Southland", { confirmed: true });

  expect(await notifyRegionLaunch("Otago", "admin@example.com")).toEqual({
    ok: true,
    started: true,
  });
  expect(await notifyRegionLaunch("Otago", "ops@example.com")).toEqual({
    ok: true,
    started: false,
  });
  expect(await notifyRegionLaunch("Mordor", "admin@example.com")).toMatchObject({ ok: false });

  await drainQueue(jobs);
  expect(env.smtp.messages.map((m) => m.to).sort()).toEqual([
    "one@example.nz",
    "three@example.nz",
    "two@example.nz",
  ]);
  const mail = env.smtp.messages[0]!;
  expect(mail.subject).toBe("Patch has launched in Otago!");
  expect(mail.headers["list-unsubscribe"]).toContain("/api/unsubscribe?token=");

  // A worker that re-runs a recipient's job (as after a crash) sends nothing more.
  await sendLaunchEmailJob.handle(
    { contactId: ids[0]!, region: "Otago" },
    { jobId: "x", attempt: 1 },
  );
  await launchFanOutJob.handle({ region: "Otago" }, { jobId: "y", attempt: 1 });
  await drainQueue(jobs);
  expect(env.smtp.messages).toHaveLength(3);

  const [progress] = await launchProgress();
  expectAllSent(progress, { region: "Otago", requestedBy: "admin@example.com", recipients: 3 });
});

/** A worker's claim, made `at`, on the launch e-mail to a contact. */
async function claimLaunchEmail(claim: { id: string; region: string; email: string; at: Date }) {
  await db()
    .insert(notifications)
    .values({
      idempotencyKey: `launch:${claim.region}:${claim.id}`,
      channel: "email",
      template: "waitlist-launch",
      recipient: claim.email,
      status: "sending",
      claimedAt: claim.at,
    });
}

test("a send claimed by a worker that died is taken over after the lease, once", async () => {
  const id = await insertContact("crashed@example.nz", "Nelson", { confirmed: true });
  // A worker claimed this message two minutes ago and never finished.
  await claimLaunchEmail({
    id,
    region: "Nelson",
    email: "crashed@example.nz",
    at: new Date(Date.now() - 3 * 60_000),
  });
  const before = env.smtp.messages.length;
  await sendLaunchEmailJob.handle({ contactId: id, region: "Nelson" }, { jobId: "z", attempt: 1 });
  await sendLaunchEmailJob.handle({ contactId: id, region: "Nelson" }, { jobId: "z", attempt: 2 });
  await drainQueue(jobs);
  expect(env.smtp.messages.length - before).toBe(1);
  const [row] = await db()
    .select()
    .from(notifications)
    .where(eq(notifications.idempotencyKey, `launch:Nelson:${id}`));
  expect(row?.status).toBe("sent");
});

test("a live claim held by another worker is not sent twice", async () => {
  const id = await insertContact("busy@example.nz", "Tasman", { confirmed: true });
  await claimLaunchEmail({ id, region: "Tasman", email: "busy@example.nz", at: new Date() });
  await expect(
    sendLaunchEmailJob.handle({ contactId: id, region: "Tasman" }, { jobId: "w", attempt: 1 }),
  ).rejects.toThrow(/being sent by another worker/);
});
