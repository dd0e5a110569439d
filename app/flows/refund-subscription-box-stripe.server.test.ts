// An admin's refund of a box the renewal charged through Stripe (ADR 035), against the local fake
// of Stripe's API: the answer says the money goes back to the card, and the order's refund job
// refunds that box's PaymentIntent at Stripe, once.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { boxes, orders } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { refundOrderPaymentJob } from "#app/modules/orders/refund-order-payment.server.ts";
import { sendOrderUpdateJob } from "#app/modules/orders/send-order-update.server.ts";
import { stripeSavedCards } from "#app/modules/payments/stripe-saved-cards.server.ts";
import { runRenewals } from "#app/modules/subscriptions/renew-subscriptions.server.ts";
import { sendBoxEmailJob } from "#app/modules/subscriptions/send-box-email.server.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { TEST_CARDS } from "#tests/setup/stripe-api.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { refundSubscriptionBox } from "./refund-subscription-box.server.ts";

const jobs = [sendBoxEmailJob, refundOrderPaymentJob, sendOrderUpdateJob];
const env = testServices({
  stripe: true,
  queues: jobs as never,
});

test("a box paid through Stripe is refunded at Stripe, once", async () => {
  const setup = await stripeSavedCards.setUpCard({
    owner: { email: "aroha@example.nz", name: "Aroha" },
    idempotencyKey: "subscribe:refund-test",
    metadata: { purpose: "subscribe" },
  });
  env.stripe.confirmSetupIntent(setup.setupIntentId, TEST_CARDS.visa);
  const card = await stripeSavedCards.finishCardSetup(setup.setupIntentId);
  if (card.status !== "saved") throw new Error(`expected a saved card, got ${card.status}`);
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
