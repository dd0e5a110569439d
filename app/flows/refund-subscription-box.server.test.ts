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
import { listCustomerOrders } from "#app/modules/orders/list-customer-orders.server.ts";
import { getAdminSubscription } from "#app/modules/subscriptions/get-admin-subscription.server.ts";
import { getSubscriptionOverview } from "#app/modules/subscriptions/get-subscription-overview.server.ts";
import { REFUND_MESSAGES } from "#app/modules/subscriptions/record-box-refund.server.ts";
import { openRegion } from "#app/modules/subscriptions/regions.server.ts";
import { runRenewals } from "#app/modules/subscriptions/renewal/index.ts";
import { sendBoxEmailJob } from "#app/modules/subscriptions/send-box-email.server.ts";
import { sendSubscriptionChangeJob } from "#app/modules/subscriptions/send-subscription-change.server.ts";
import { sendSubscriptionConfirmationJob } from "#app/modules/subscriptions/send-subscription-confirmation.server.ts";
import { startSubscription } from "#app/modules/subscriptions/start-subscription.server.ts";
import { seedDemoData } from "#db/seed-data.ts";
import { chargeLedger } from "#tests/factories/charge-ledger.ts";
import { insertMember } from "#tests/factories/members.ts";
import { insertSubscription, subscribeInput } from "#tests/factories/subscriptions.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { refundSubscriptionBox } from "./refund-subscription-box.server.ts";

const jobs = [
  sendBoxEmailJob,
  refundOrderPaymentJob,
  sendOrderUpdateJob,
  sendSubscriptionChangeJob,
  sendSubscriptionConfirmationJob,
];
const env = testServices({ smtp: true, queues: jobs as never, emptyBeforeEach: true });

// The factory's week-2 subscription's January box is charged at its cutoff, 3 January 2027.
const AFTER_CUTOFF = new Date("2027-01-03T01:00:00Z");
const ADMIN = "ops@example.com";
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

test("the first box, paid when the subscription starts, has its order as a renewal's box does: in the member's orders and history, and refunded the same way", async () => {
  const now = new Date("2026-11-25T02:00:00Z");
  await openRegion("Auckland", "test", now);
  const userId = await insertMember({ name: "Mere Tane" });
  const member = { id: userId, email: `${userId}@example.nz`, name: "Mere Tane" };
  const input = subscribeInput(now);
  const started = await startSubscription(input, member, now);
  expect(started).toMatchObject({ ok: true, created: true });
  if (!started.ok) return;
  // A retried submit charges and records nothing twice.
  expect(await startSubscription(input, member, now)).toMatchObject({ ok: true, created: false });

  const made = await db()
    .select()
    .from(boxes)
    .where(eq(boxes.subscriptionId, started.subscriptionId));
  expect(made).toHaveLength(1);
  const box = made[0]!;
  expect(box).toMatchObject({
    deliverOn: "2026-12-08",
    status: "charged",
    amount: 3999,
    attempts: 1,
  });
  expect(box.chargeReference).toBeTruthy();
  const [order] = await db().select().from(orders).where(eq(orders.id, box.orderId!));
  expect(order).toMatchObject({
    kind: "subscription box",
    status: "paid",
    total: 3999,
    userId,
    paymentReference: box.chargeReference,
  });
  expect((await listCustomerOrders(member.email)).map((o) => o.id)).toEqual([order!.id]);
  const charged = (await db().select().from(subscriptionEvents)).filter(
    (e) => e.subscriptionId === started.subscriptionId && e.type === "charged",
  );
  expect(charged).toHaveLength(1);
  expect(charged[0]!.data).toMatchObject({ box: "2026-12-08", amount: 3999, order: order!.id });
  const overview = await getSubscriptionOverview(userId, { now, currency: "USD" });
  expect(overview.subscription!.history.map((h) => h.text)).toContain(
    "Paid US$39.99 for the box of the week starting Tuesday 8 December 2026.",
  );

  const admin = await getAdminSubscription({ id: started.subscriptionId });
  expect(admin!.boxes.find((b) => b.id === box.id)).toMatchObject({ refundable: true });
  const done = await refund(started.subscriptionId, box.id);
  expect(done).toMatchObject({ ok: true, changed: true });
  const [after] = await db().select().from(orders).where(eq(orders.id, box.orderId!));
  expect(after!.status).toBe("refunded");
  expect(
    (await getAdminSubscription({ id: started.subscriptionId }))!.boxes.find(
      (b) => b.id === box.id,
    ),
  ).toMatchObject({ status: "refunded", refundable: false });
});
