// The chase list on a real database, with the real SMTP server: declined box payments still to be
// paid (not paid or given up ones), soonest retry first, with attempts and the next retry; the
// card-update reminder goes once per failed attempt however often it is pressed, and again after
// the next failed retry; a paid box is no longer chased.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { boxes, type BoxStatus } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { queue } from "#app/lib/queue.server.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { CHASE_MESSAGES, listFailedPayments, sendCardReminder } from "./chase-list.server.ts";
import { sendBoxEmail, sendBoxEmailJob, type BoxEmailPayload } from "./send-box-email.server.ts";

const env = testServices({ smtp: true, queues: [sendBoxEmailJob] as never, emptyBeforeEach: true });

async function box(status: BoxStatus, nextAttemptAt: Date | null, attempts = 1) {
  const { id } = await insertSubscription({ nextBoxOn: "2026-12-08" });
  const [row] = await db()
    .insert(boxes)
    .values({
      subscriptionId: id,
      deliverOn: "2026-12-08",
      cutoffAt: new Date("2026-12-03T00:00:00Z"),
      status,
      plan: "1m2",
      zone: "warm-north",
      items: [
        {
          itemId: "seedling-basil",
          name: "Basil seedlings",
          kind: "seedling",
          sizeClass: "small-seedling",
          quantity: 2,
        },
      ],
      amount: 5900,
      currency: "USD",
      attempts,
      retries: attempts - 1,
      nextAttemptAt,
      lastError: status === "payment_failed" ? "Your card was declined." : null,
    })
    .returning();
  return row!;
}

/** Works the queued reminder jobs as the worker would. */
async function sendQueued(boxId: string) {
  const jobs = await queue().findJobs(sendBoxEmailJob.name, { data: { boxId } });
  for (const job of jobs) await sendBoxEmail(job.data as BoxEmailPayload);
  return jobs.length;
}

test("declined payments still to be paid, soonest retry first", async () => {
  const later = await box("payment_failed", new Date("2026-12-06T00:00:00Z"), 2);
  const sooner = await box("payment_failed", new Date("2026-12-04T00:00:00Z"));
  await box("charged", null);
  await box("unpaid", null, 5);
  const rows = await listFailedPayments();
  expect(rows.map((r) => r.boxId)).toEqual([sooner.id, later.id]);
  expect(rows[1]).toMatchObject({
    amount: 5900,
    attempts: 2,
    nextAttemptAt: new Date("2026-12-06T00:00:00Z"),
    lastError: "Your card was declined.",
    remindedAt: null,
    remindedThisAttempt: false,
  });
});

test("a reminder goes once per failed attempt, however often it is pressed", async () => {
  const b = await box("payment_failed", new Date("2026-12-04T00:00:00Z"));
  const first = await sendCardReminder({ boxId: b.id });
  expect(first.ok).toBe(true);
  expect(await sendCardReminder({ boxId: b.id })).toMatchObject({
    ok: false,
    message: CHASE_MESSAGES.already,
  });
  expect(await sendQueued(b.id)).toBe(1);
  const [mail] = await env.smtp.waitFor(1);
  expect(mail!.subject).toBe("A reminder: your 1m² box is waiting for payment");
  expect(mail!.text).toContain("Update your card");
  expect(await sendCardReminder({ boxId: b.id })).toMatchObject({ ok: false });
  const [row] = await listFailedPayments();
  expect(row).toMatchObject({ remindedThisAttempt: true });
  expect(row!.remindedAt).toBeInstanceOf(Date);

  // The next retry failed too: another reminder may go.
  await db().update(boxes).set({ attempts: 2, retries: 1 }).where(eq(boxes.id, b.id));
  expect((await sendCardReminder({ boxId: b.id })).ok).toBe(true);
  await sendQueued(b.id);
  await env.smtp.waitFor(2);
  expect(env.smtp.messages).toHaveLength(2);
});

test("a box paid since, or a box that isn't one, is not chased", async () => {
  const b = await box("charged", null);
  expect(await sendCardReminder({ boxId: b.id })).toMatchObject({
    ok: false,
    message: CHASE_MESSAGES.gone,
  });
  expect(await sendCardReminder({ boxId: "not-a-box" })).toMatchObject({
    ok: false,
    code: "invalid",
  });
  expect(await sendCardReminder({ boxId: crypto.randomUUID() })).toMatchObject({
    ok: false,
    code: "not-found",
  });
});
