// An admin refunds a paid subscription box against the real database: the box's order (made by
// the renewal) becomes refunded through the shop's refund, which queues the provider's refund and
// the member's e-mail; the subscription's history records it once with the admin's name. An unpaid
// box, another subscription's box, a second refund and a malformed id are refused with 4xx words.
import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { boxes, orders, subscriptionEvents } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { statusOf } from "#app/lib/outcome.ts";
import { refundOrderPaymentJob } from "#app/modules/orders/refund-order-payment.server.ts";
import { sendOrderUpdateJob } from "#app/modules/orders/send-order-update.server.ts";
import { REFUND_MESSAGES } from "#app/modules/subscriptions/record-box-refund.server.ts";
import { runRenewals } from "#app/modules/subscriptions/renew-subscriptions.server.ts";
import { sendBoxEmailJob } from "#app/modules/subscriptions/send-box-email.server.ts";
import { sendSubscriptionChangeJob } from "#app/modules/subscriptions/send-subscription-change.server.ts";
import { seedDemoData } from "#db/seed-data.ts";
import { chargeLedger } from "#tests/factories/charge-ledger.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { refundSubscriptionBox } from "./refund-subscription-box.server.ts";

const jobs = [
  sendBoxEmailJob,
  refundOrderPaymentJob,
  sendOrderUpdateJob,
  sendSubscriptionChangeJob,
];
const env = testServices({ smtp: true, queues: jobs as never, emptyBeforeEach: true });

// The factory's week-2 subscription's January box is charged at its cutoff, 3 January 2027.
const AFTER_CUTOFF = new Date("2027-01-03T01:00:00Z");
const ADMIN = "ops@patch.nz";
const key = () => crypto.randomUUID();

beforeEach(async () => {
  await seedDemoData(db(), env.database.settings);
});

/** A subscription whose January box the renewal has charged; answers it and that box. */
async function paidBox() {
  const sub = await insertSubscription();
  await runRenewals({ now: AFTER_CUTOFF, provider: chargeLedger() });
  const [box] = await db().select().from(boxes).where(eq(boxes.subscriptionId, sub.id));
  expect(box).toMatchObject({ status: "charged", deliverOn: "2027-01-08" });
  expect(box!.orderId).toBeTruthy();
  return { ...sub, box: box! };
}

const refund = (subscriptionId: string, boxId: string, requestKey = key()) =>
  refundSubscriptionBox({ subscriptionId, boxId, requestKey, adminEmail: ADMIN });

test("a paid box is refunded through its order and recorded once with the admin's name", async () => {
  const { id, userId, box } = await paidBox();
  await drainQueue(jobs);
  env.smtp.messages.length = 0;
  const requestKey = key();
  const done = await refund(id, box.id, requestKey);
  expect(done).toMatchObject({ ok: true, changed: true });
  expect(done.ok && done.message).toBe(
    "Refunded US$39.99 for the box of the week starting Friday 8 January 2027. Demo payments took no money, so this is marked refunded in our records only.",
  );
  const [order] = await db().select().from(orders).where(eq(orders.id, box.orderId!));
  expect(order).toMatchObject({ status: "refunded", kind: "subscription box" });
  const refunds = (await db().select().from(subscriptionEvents)).filter(
    (e) => e.type === "box_refunded",
  );
  expect(refunds).toHaveLength(1);
  expect(refunds[0]).toMatchObject({
    subscriptionId: id,
    actor: `admin:${ADMIN}`,
    data: { boxId: box.id, amount: 3999, order: box.orderId, moneyReturned: false },
  });

  // The same submit again (a reload): the first answer, nothing more.
  expect(await refund(id, box.id, requestKey)).toMatchObject({ ok: true, changed: false });
  // A new press on a refunded box: refused in words.
  const again = await refund(id, box.id);
  expect(again).toMatchObject({ ok: false, message: REFUND_MESSAGES.already });
  expect(statusOf(again)).toBe(409);

  // The member hears once, from the order's refund e-mail (not a second subscription e-mail).
  await drainQueue(jobs);
  const mails = env.smtp.messages.filter((m) => m.to === `${userId}@example.nz`);
  expect(mails).toHaveLength(1);
});

test("an unpaid box, another subscription's box and malformed ids are refused with 4xx, changing nothing", async () => {
  const { id, box } = await paidBox();
  const other = await insertSubscription();
  expect(await refund(other.id, box.id)).toMatchObject({ ok: false, code: "not-found" });
  expect(await refund("not-a-uuid", box.id)).toMatchObject({ ok: false, code: "not-found" });
  expect(await refund(crypto.randomUUID(), box.id)).toMatchObject({ ok: false, code: "not-found" });

  await db().update(boxes).set({ status: "scheduled" }).where(eq(boxes.id, box.id));
  const unpaid = await refund(id, box.id);
  expect(unpaid).toMatchObject({ ok: false, code: "conflict", message: REFUND_MESSAGES.notPaid });
  expect(statusOf(unpaid)).toBe(409);

  const [order] = await db().select().from(orders).where(eq(orders.id, box.orderId!));
  expect(order!.status).toBe("paid");
  expect(
    (await db().select().from(subscriptionEvents)).filter((e) => e.type === "box_refunded"),
  ).toEqual([]);
});
