// An admin's refund of a box the renewal charged through Stripe (ADR 035), against the local fake
// of Stripe's API: the answer says the money goes back to the card, and the order's refund job
// refunds that box's PaymentIntent at Stripe, once.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { boxes, orders } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { addCreditEntry, balanceOf } from "#app/modules/credits/credit-ledger.server.ts";
import { refundOrderPaymentJob } from "#app/modules/orders/refund-order-payment.server.ts";
import { sendOrderUpdateJob } from "#app/modules/orders/send-order-update.server.ts";
import { stripeSavedCards } from "#app/modules/payments/stripe-saved-cards.server.ts";
import { runRenewals } from "#app/modules/subscriptions/renewal/index.ts";
import { sendBoxEmailJob } from "#app/modules/subscriptions/send-box-email.server.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { savedStripeCard } from "#tests/factories/stripe-cards.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { refundSubscriptionBox } from "./refund-subscription-box.server.ts";

const jobs = [sendBoxEmailJob, refundOrderPaymentJob, sendOrderUpdateJob];
const env = testServices({
  stripe: true,
  queues: jobs as never,
});

test("a box paid through Stripe is refunded at Stripe, once", async () => {
  const card = await savedStripeCard(env.stripe, "aroha@example.nz");
  const { id } = await insertSubscription({
    overrides: {
      paymentProvider: "stripe",
      providerCustomerId: card.customerId,
      providerPaymentMethodId: card.paymentMethodId,
    },
  });
  await runRenewals({ now: new Date("2027-01-03T01:00:00Z"), provider: stripeSavedCards });
  const [box] = await db().select().from(boxes).where(eq(boxes.subscriptionId, id));
  expect(box).toMatchObject({ status: "charged" });
  const [order] = await db().select().from(orders).where(eq(orders.id, box!.orderId!));
  expect(order).toMatchObject({ paymentProvider: "stripe", status: "paid" });

  const refund = () =>
    refundSubscriptionBox({
      subscriptionId: id,
      boxId: box!.id,
      requestKey: "5b0a7f5e-0000-4000-8000-00000000cafe",
      adminEmail: "ops@example.com",
    });
  const done = await refund();
  expect(done).toMatchObject({ ok: true, changed: true });
  expect(done.ok && done.message).toBe(
    "Refunded US$39.99 for the box of the week starting Friday 8 January 2027: the money goes back to the card it was paid with.",
  );
  expect(await refund()).toMatchObject({ ok: true, changed: false });
  await drainQueue(jobs);
  expect(env.stripe.refunds.map((r) => r.payment_intent)).toEqual([order!.paymentReference]);
});

test("a Stripe subscription's box that credit paid in full is refunded as credit and never asked of Stripe", async () => {
  const card = await savedStripeCard(env.stripe, "mere@example.nz");
  const { id, userId } = await insertSubscription({
    overrides: {
      paymentProvider: "stripe",
      providerCustomerId: card.customerId,
      providerPaymentMethodId: card.paymentMethodId,
    },
  });
  await db().transaction((tx) =>
    addCreditEntry(tx, { userId, amount: 4000, kind: "goodwill", requestKey: crypto.randomUUID() }),
  );
  await runRenewals({ now: new Date("2027-01-03T01:00:00Z"), provider: stripeSavedCards });
  const [box] = await db().select().from(boxes).where(eq(boxes.subscriptionId, id));
  expect(box!.chargeReference).toMatch(/^credit:/);
  await drainQueue(jobs);
  const requestsBefore = env.stripe.requests.length;
  const done = await refundSubscriptionBox({
    subscriptionId: id,
    boxId: box!.id,
    requestKey: crypto.randomUUID(),
    adminEmail: "ops@example.com",
  });
  expect(done).toMatchObject({ ok: true, changed: true });
  await drainQueue(jobs);
  // No refund was asked of Stripe for it: no request to /v1/refunds since the box was charged.
  expect(env.stripe.requests.slice(requestsBefore).filter((r) => r.path === "/v1/refunds")).toEqual(
    [],
  );
  expect(await db().transaction((tx) => balanceOf(tx, userId))).toBe(4000);
});
