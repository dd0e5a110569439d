// A refund returns what paid: a box the member's credit paid (in full, as a gift's prepaid box is,
// or in part) gives that credit back as one 'refunded_box' row keyed by the box, and only the card
// part goes back to the card. Both parts are in the subscription's history and in the member's
// refund e-mail; a second refund of the box adds nothing.
import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { boxes, creditEntries, subscriptionEvents } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { addCreditEntry, balanceOf } from "#app/modules/credits/credit-ledger.server.ts";
import { refundOrderPaymentJob } from "#app/modules/orders/refund-order-payment.server.ts";
import { sendOrderUpdateJob } from "#app/modules/orders/send-order-update.server.ts";
import { REFUND_MESSAGES } from "#app/modules/subscriptions/record-box-refund.server.ts";
import { runRenewals } from "#app/modules/subscriptions/renewal/index.ts";
import { sendBoxEmailJob } from "#app/modules/subscriptions/send-box-email.server.ts";
import { seedDemoData } from "#db/seed-data.ts";
import { chargeLedger } from "#tests/factories/charge-ledger.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { refundSubscriptionBox } from "./refund-subscription-box.server.ts";

const jobs = [sendBoxEmailJob, refundOrderPaymentJob, sendOrderUpdateJob];
const env = testServices({ smtp: true, queues: jobs as never, emptyBeforeEach: true });

// The factory's week-2 subscription (US$39.99) has its January box charged at 3 January 2027.
const AFTER_CUTOFF = new Date("2027-01-03T01:00:00Z");

beforeEach(async () => {
  await seedDemoData(db(), env.database.settings);
});

async function give(userId: string, amount: number) {
  await db().transaction((tx) =>
    addCreditEntry(tx, {
      userId,
      amount,
      kind: "goodwill",
      requestKey: crypto.randomUUID(),
      now: new Date("2026-12-01T00:00:00Z"),
    }),
  );
}

/** A subscription whose January box the renewal charged, `credit` cents of it from credit. */
async function boxPaidWith(credit: number) {
  const sub = await insertSubscription();
  await give(sub.userId, credit);
  const cards = chargeLedger();
  await runRenewals({ now: AFTER_CUTOFF, provider: cards });
  const [box] = await db().select().from(boxes).where(eq(boxes.subscriptionId, sub.id));
  expect(box).toMatchObject({ status: "charged", amount: 3999 });
  await drainQueue(jobs);
  env.smtp.messages.length = 0;
  return { ...sub, box: box!, cards };
}

const refund = (subscriptionId: string, boxId: string) =>
  refundSubscriptionBox({
    subscriptionId,
    boxId,
    requestKey: crypto.randomUUID(),
    adminEmail: "ops@example.com",
  });

const refundRows = (userId: string) =>
  db()
    .select()
    .from(creditEntries)
    .where(eq(creditEntries.userId, userId))
    .then((rows) => rows.filter((r) => r.kind === "refunded_box"));

test("a box credit paid in full gives the credit back once, and the card nothing", async () => {
  const { id, userId, box, cards } = await boxPaidWith(5000);
  expect(cards.paid()).toHaveLength(0);
  expect(await db().transaction((tx) => balanceOf(tx, userId))).toBe(5000 - 3999);

  const done = await refund(id, box.id);
  expect(done).toMatchObject({ ok: true, changed: true });
  expect(done.ok && done.message).toBe(
    "Refunded US$39.99 for the box of the week starting Friday 8 January 2027: US$39.99 back as credit on the account.",
  );
  expect(await db().transaction((tx) => balanceOf(tx, userId))).toBe(5000);
  expect(await refundRows(userId)).toMatchObject([
    { amount: 3999, requestKey: `refunded_box:${box.id}` },
  ]);
  const [event] = (await db().select().from(subscriptionEvents)).filter(
    (e) => e.type === "box_refunded",
  );
  expect(event!.data).toMatchObject({ boxId: box.id, amount: 3999, credit: 3999, card: 0 });

  // A second refund of the same box (another press, another key) adds nothing.
  expect(await refund(id, box.id)).toMatchObject({ ok: false, message: REFUND_MESSAGES.already });
  expect(await db().transaction((tx) => balanceOf(tx, userId))).toBe(5000);
  expect(await refundRows(userId)).toHaveLength(1);

  await drainQueue(jobs);
  const [mail] = env.smtp.messages.filter((m) => m.to === `${userId}@example.nz`);
  expect(mail!.text).toContain("US$39.99 is back as credit on your account");
  expect(mail!.text).not.toContain("on your card");
});

test("a box paid partly by credit gives the credit part back as credit and the card part to the card", async () => {
  const { id, userId, box, cards } = await boxPaidWith(1000);
  expect(cards.paid().map((p) => p.charge.amount)).toEqual([2999]);
  expect(await db().transaction((tx) => balanceOf(tx, userId))).toBe(0);

  const done = await refund(id, box.id);
  expect(done.ok && done.message).toBe(
    "Refunded US$39.99 for the box of the week starting Friday 8 January 2027: US$10.00 back as credit on the account, and US$29.99 to the card it was paid with. Demo payments took no money, so the card part is marked refunded in our records only.",
  );
  expect(await db().transaction((tx) => balanceOf(tx, userId))).toBe(1000);
  const [event] = (await db().select().from(subscriptionEvents)).filter(
    (e) => e.type === "box_refunded",
  );
  expect(event!.data).toMatchObject({ credit: 1000, card: 2999 });

  await drainQueue(jobs);
  const [mail] = env.smtp.messages.filter((m) => m.to === `${userId}@example.nz`);
  expect(mail!.text).toContain("US$10.00 is back as credit on your account");
  expect(mail!.text).toContain("US$29.99 goes back to your card");
});
