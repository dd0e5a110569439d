// Buying a gift box with Stripe (ADR 043), through the official `stripe` library against the local
// fake of Stripe's API: the form makes one PaymentIntent keyed by the gift (a retried submit gets
// the same intent back), the buyer pays in the browser (the fake), and the gift is paid by
// whichever comes first of the page Stripe returns to and the signed payment_intent.succeeded
// webhook; the other, and a replayed event, find it done: its e-mails are queued once.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { gifts } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { handleStripeWebhook } from "#app/flows/handle-stripe-webhook.server.ts";
import { giftForm } from "#tests/factories/gifts.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { type FakeEvent } from "#tests/setup/stripe-api.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { buyGift } from "./buy-gift.server.ts";
import { sendGiftEmailJob } from "./send-gift-email.server.ts";
import { finishStripeGift } from "./settle-gift-payment.server.ts";
import { refundGift, refundGiftPayment, refundGiftPaymentJob } from "./refund-gift.server.ts";

const SECRET = "whsec_gifts_test";
const jobs = [sendGiftEmailJob, refundGiftPaymentJob];
const env = testServices({
  smtp: true,
  stripe: { webhookSecret: SECRET },
  queues: jobs as never,
});

const NOW = new Date("2026-11-25T02:00:00Z");
let addresses = 0;

async function startedGift() {
  const input = giftForm({ plan: "2m2", months: "6", message: undefined });
  const buyer = { ip: `198.51.100.${++addresses}` };
  const result = await buyGift(input, buyer, NOW);
  if (!result.ok || result.status !== "requires_payment") throw new Error("expected an intent");
  const [gift] = await db().select().from(gifts).where(eq(gifts.id, result.giftId));
  return {
    input,
    buyer,
    result,
    gift: gift!,
    intent: env.stripe.paymentIntents.get(gift!.paymentReference!)!,
  };
}

function succeeded(intentId: string, eventId = `evt_${crypto.randomUUID()}`): FakeEvent {
  return {
    id: eventId,
    object: "event",
    type: "payment_intent.succeeded",
    created: Math.floor(Date.now() / 1000),
    api_version: "2024-06-20",
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { ...env.stripe.paymentIntents.get(intentId)! } },
  };
}
const deliver = (event: FakeEvent) => {
  const { body, signature } = env.stripe.signed(event, SECRET);
  return handleStripeWebhook(body, signature);
};
const mailTo = (to: string) => env.smtp.messages.filter((m) => m.to === to);

test("one PaymentIntent per gift, for months × price, needing no card fields; a retry reuses it", async () => {
  const { input, buyer, result, gift, intent } = await startedGift();
  expect(result.clientSecret).toBe(intent.client_secret);
  expect(result.publishableKey).toBe("pk_test_fake");
  expect(intent).toMatchObject({
    amount: 6 * 6999,
    currency: "usd",
    metadata: { purpose: "gift", giftId: gift.id },
    receipt_email: input.buyerEmail,
  });
  expect(gift).toMatchObject({ status: "pending_payment", paymentProvider: "stripe" });
  const before = env.stripe.paymentIntents.size;
  expect(await buyGift(input, buyer, NOW)).toEqual(result);
  expect(env.stripe.paymentIntents.size).toBe(before);
  // Not paid at Stripe yet: the return page finds nothing to settle.
  expect(await finishStripeGift(gift.id)).toBe(false);
});

test("paid in the browser: the return page and the webhook settle it once, in either order", async () => {
  for (const returnFirst of [true, false]) {
    const { input, gift, intent } = await startedGift();
    env.stripe.succeed(intent.id);
    const event = succeeded(intent.id);
    if (returnFirst) expect(await finishStripeGift(gift.id)).toBe(true);
    expect(await deliver(event)).toMatchObject({ ok: true });
    expect(await deliver(event)).toMatchObject({ ok: true, duplicate: true });
    expect(await finishStripeGift(gift.id)).toBe(true);
    const [paid] = await db().select().from(gifts).where(eq(gifts.id, gift.id));
    expect(paid).toMatchObject({ status: "paid", paymentReference: intent.id });
    await drainQueue(jobs);
    expect(mailTo(input.buyerEmail)).toHaveLength(1);
    expect(mailTo(input.buyerEmail)[0]!.text).toContain("Paid US$419.94 (6 × US$69.99)");
    expect(mailTo(input.recipientEmail)).toHaveLength(1);
  }
});

test("a webhook event for a gift that isn't paid at Stripe changes nothing", async () => {
  const { gift, intent } = await startedGift();
  // A forged or stale copy saying succeeded: the intent is read from Stripe, which says otherwise.
  const event = succeeded(intent.id);
  (event.data.object as { status: string }).status = "succeeded";
  expect(await deliver(event)).toMatchObject({ ok: true });
  const [still] = await db().select().from(gifts).where(eq(gifts.id, gift.id));
  expect(still!.status).toBe("pending_payment");
});

test("an admin's refund gives a Stripe gift's money back once, under the gift's key (ADR 049)", async () => {
  const { input, gift, intent } = await startedGift();
  env.stripe.succeed(intent.id);
  expect(await finishStripeGift(gift.id)).toBe(true);
  const refunded = await refundGift({
    giftId: gift.id,
    input: { requestKey: crypto.randomUUID(), reason: "Ordered the wrong size" },
    admin: { email: "ops@example.com" },
  });
  expect(refunded).toMatchObject({ ok: true });
  await drainQueue(jobs);
  // The job again (a retry after a lost answer): Stripe's idempotency makes it the same refund.
  expect(await refundGiftPayment(gift.id)).toBe("refunded");
  const refunds = env.stripe.refunds.filter((r) => r.payment_intent === intent.id);
  expect(refunds).toEqual([expect.objectContaining({ amount: 6 * 6999 })]);
  expect(
    env.stripe.requests
      .filter((r) => r.path === "/v1/refunds" && r.body.payment_intent === intent.id)
      .map((r) => r.idempotencyKey),
  ).toEqual([`gift-${gift.id}-refund`, `gift-${gift.id}-refund`]);
  const mail = mailTo(input.buyerEmail).find((m) => m.subject.startsWith("Refund"));
  expect(mail!.text).toContain("US$419.94 is on its way back to the card you paid with.");
});
