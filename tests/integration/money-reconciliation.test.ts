// The daily reconciliation (issue 36, ADR 065) against the local fake of Stripe's API: the fake
// keeps the provider's own records and answers the list endpoints as Stripe does (newest first,
// paged by starting_after), our records are orders as the shop and the renewal write them. A clean
// day lists no difference; each kind planted (ours not at Stripe, Stripe's not ours, an amount or a
// status that differ, for charges and for refunds) is listed once, and a run again replaces the
// day's earlier one.
import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { boxes, orders, reconciliationDifferences, reconciliationRuns } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { createPayment, refundStripePayment, stripe } from "#app/modules/payments/stripe.server.ts";
import { reconcileDay, stripeLedger } from "#app/modules/payments/reconcile-payments.server.ts";
import { nzToday } from "#app/modules/subscriptions/box-dates.ts";
import { addCreditEntry, balanceOf } from "#app/modules/credits/credit-ledger.server.ts";
import { refundOrderPaymentJob } from "#app/modules/orders/refund-order-payment.server.ts";
import { sendOrderUpdateJob } from "#app/modules/orders/send-order-update.server.ts";
import { stripeSavedCards } from "#app/modules/payments/stripe-saved-cards.server.ts";
import { refundSubscriptionBox } from "#app/flows/refund-subscription-box.server.ts";
import { runRenewals } from "#app/modules/subscriptions/renewal/index.ts";
import { sendBoxEmailJob } from "#app/modules/subscriptions/send-box-email.server.ts";
import { savedStripeCard } from "#tests/factories/stripe-cards.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { testServices } from "#tests/setup/test-services.ts";

const jobs = [sendBoxEmailJob, refundOrderPaymentJob, sendOrderUpdateJob];
const env = testServices({ stripe: true, emptyBeforeEach: true, queues: jobs as never });
const day = () => nzToday();

beforeEach(() => {
  env.stripe.paymentIntents.clear();
  env.stripe.refunds.length = 0;
  env.stripe.requests.length = 0;
});

/** A payment at Stripe, through our own call, paid in the browser when `paid`. */
async function intent(amount: number, paid = true): Promise<string> {
  const { id } = await createPayment({
    amount,
    currency: "USD",
    email: "buyer@example.nz",
    description: "Patch order",
    metadata: {},
    idempotencyKey: crypto.randomUUID(),
  });
  if (paid) env.stripe.succeed(id);
  return id;
}

/** Our record of a paid order (refunded, when the admin gave it back). */
async function order(reference: string, total: number, status: "paid" | "refunded" = "paid") {
  const now = new Date();
  const [row] = await db()
    .insert(orders)
    .values({
      idempotencyKey: crypto.randomUUID(),
      status,
      name: "Aroha Ngata",
      email: "aroha@example.nz",
      address: {
        street: "12 Kowhai Road",
        city: "Auckland",
        state: "Auckland",
        zip: "1021",
        country: "New Zealand",
        rural: false,
      },
      shippingMethod: "standard",
      currency: "USD",
      subtotal: total,
      shipping: 0,
      gst: 0,
      total,
      paymentProvider: "stripe",
      paymentReference: reference,
      expiresAt: now,
      paidAt: now,
    })
    .returning({ number: orders.number });
  return `order ${row!.number}`;
}

test("a clean day lists no difference, read through Stripe's list endpoints page by page", async () => {
  for (const amount of [3999, 5249, 6999, 2999]) await order(await intent(amount), amount);
  const refunded = await intent(4599);
  await order(refunded, 4599, "refunded");
  await refundStripePayment(refunded, "some-order");
  // Someone's checkout never paid: an open intent is no charge, and there is no order.
  await intent(1999, false);

  const run = await reconcileDay({ day: day(), ledger: stripeLedger(2) });
  expect(run).toMatchObject({
    provider: "stripe",
    ourCharges: 5,
    providerCharges: 5,
    ourRefunds: 1,
    providerRefunds: 1,
    differences: [],
  });
  // Six intents two a page: three pages, each after the last one seen.
  const lists = env.stripe.requests.filter(
    (r) => r.method === "GET" && r.path === "/v1/payment_intents",
  );
  expect(lists.map((r) => r.body.starting_after ?? null)).toEqual([
    null,
    expect.stringMatching(/^pi_/),
    expect.stringMatching(/^pi_/),
  ]);
  expect(await db().select().from(reconciliationDifferences)).toEqual([]);
  expect(await db().select().from(reconciliationRuns)).toEqual([
    expect.objectContaining({ day: day(), provider: "stripe", differences: 0, ourCharges: 5 }),
  ]);
});

test("every planted difference is listed once, of its kind; a run again replaces the day's", async () => {
  const fine = await intent(3999);
  await order(fine, 3999);
  // Ours, not at Stripe.
  const ghost = await order("pi_not_at_stripe", 3999);
  // Stripe's, not ours: a payment we have no record of, refunded there too.
  const stranger = await intent(6999);
  await stripe().refunds.create({ payment_intent: stranger });
  // The amount differs.
  const short = await intent(2999);
  const shortOrder = await order(short, 3999);
  // The status differs: we say paid, Stripe says it never was.
  const unpaid = await intent(5249, false);
  const unpaidOrder = await order(unpaid, 5249);
  // A refund of ours that Stripe never made.
  const notRefunded = await intent(4599);
  const notRefundedOrder = await order(notRefunded, 4599, "refunded");
  // A refund Stripe made of a payment we still call paid.
  const quietRefund = await intent(3599);
  const quietOrder = await order(quietRefund, 3599);
  await refundStripePayment(quietRefund, "quiet");
  // A refund of part of what we say we gave back.
  const partly = await intent(8999);
  const partlyOrder = await order(partly, 8999, "refunded");
  await stripe().refunds.create({ payment_intent: partly, amount: 1000 });

  const run = await reconcileDay({ day: day(), ledger: stripeLedger(3) });
  const listed = (differences: typeof run.differences) =>
    differences
      .map(
        (d) =>
          `${d.record} ${d.kind} ${d.reference} ${d.ours ?? "-"} ${d.ourAmount ?? "-"}/${d.providerAmount ?? "-"} ${d.ourStatus ?? "-"}/${d.providerStatus ?? "-"}`,
      )
      .sort();
  const expected = [
    `charge ours_not_at_provider pi_not_at_stripe ${ghost} 3999/- paid/-`,
    `charge provider_not_ours ${stranger} - -/6999 -/succeeded`,
    `charge amount_mismatch ${short} ${shortOrder} 3999/2999 paid/succeeded`,
    `charge status_mismatch ${unpaid} ${unpaidOrder} 5249/5249 paid/requires_payment_method`,
    `refund ours_not_at_provider ${notRefunded} ${notRefundedOrder} 4599/- refunded/-`,
    `refund provider_not_ours ${stranger} - -/6999 -/succeeded`,
    `refund status_mismatch ${quietRefund} ${quietOrder} 3599/3599 paid/succeeded`,
    `refund amount_mismatch ${partly} ${partlyOrder} 8999/1000 refunded/succeeded`,
  ].sort();
  expect(listed(run.differences)).toEqual(expected);
  expect(run.differences.some((d) => d.reference === fine)).toBe(false);
  // Stored for the admins' page, and a second run of the day replaces the first.
  await reconcileDay({ day: day(), ledger: stripeLedger() });
  const stored = await db()
    .select()
    .from(reconciliationDifferences)
    .where(eq(reconciliationDifferences.day, day()));
  expect(listed(stored)).toEqual(expected);
  expect(await db().select().from(reconciliationRuns)).toEqual([
    expect.objectContaining({ day: day(), provider: "stripe", differences: expected.length }),
  ]);
});

test("a day with nothing at either side is clean, and an earlier day's payments are not this day's", async () => {
  await order(await intent(3999), 3999);
  const run = await reconcileDay({ day: "2026-01-05", ledger: stripeLedger() });
  expect(run).toMatchObject({ ourCharges: 0, providerCharges: 0, differences: [] });
});

test("a box paid partly by credit and partly by card: Stripe's charge is held against the card part, not the box's total, and its refund likewise; no false difference", async () => {
  const card = await savedStripeCard(env.stripe, "mere@example.nz");
  const { id, userId } = await insertSubscription({
    overrides: {
      paymentProvider: "stripe",
      providerCustomerId: card.customerId,
      providerPaymentMethodId: card.paymentMethodId,
    },
  });
  // US$15 of credit towards the US$39.99 box: the card pays US$24.99.
  await db().transaction((tx) =>
    addCreditEntry(tx, { userId, amount: 1500, kind: "goodwill", requestKey: crypto.randomUUID() }),
  );
  const chargedAt = new Date("2027-01-03T01:00:00Z");
  await runRenewals({ now: chargedAt, provider: stripeSavedCards });
  const [box] = await db().select().from(boxes).where(eq(boxes.subscriptionId, id));
  expect(box).toMatchObject({ status: "charged", amount: 3999 });
  const [paid] = await db().select().from(orders).where(eq(orders.id, box!.orderId!));
  expect(paid).toMatchObject({ total: 3999, paymentProvider: "stripe" });
  expect(env.stripe.paymentIntents.get(paid!.paymentReference!)).toMatchObject({
    amount: 2499,
    status: "succeeded",
  });

  // The day we recorded it (the renewal's day) and the day Stripe made it (today) are both clean.
  const ours = await reconcileDay({ day: "2027-01-03", ledger: stripeLedger() });
  expect(ours).toMatchObject({ ourCharges: 1, differences: [] });
  const theirs = await reconcileDay({ day: day(), ledger: stripeLedger() });
  expect(theirs).toMatchObject({ providerCharges: 1, differences: [] });

  // The admin refunds the box: the credit part comes back as credit, the card part to the card.
  const refunded = await refundSubscriptionBox({
    subscriptionId: id,
    boxId: box!.id,
    requestKey: crypto.randomUUID(),
    adminEmail: "ops@example.com",
  });
  expect(refunded).toMatchObject({ ok: true, changed: true });
  await drainQueue(jobs);
  expect(env.stripe.refunds.map((r) => [r.payment_intent, r.amount])).toEqual([
    [paid!.paymentReference, 2499],
  ]);
  expect(await balanceOf(db(), userId)).toBe(1500);
  const after = await reconcileDay({ day: day(), ledger: stripeLedger() });
  expect(after).toMatchObject({ ourRefunds: 1, providerRefunds: 1, differences: [] });
});
