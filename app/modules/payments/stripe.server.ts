// Stripe, when its keys are set: one PaymentIntent per order (idempotency key derived from the
// order id, so a retried submit never makes a second charge), confirmed in the browser by Stripe's
// Payment Element; card data never touches our server.
import Stripe from "stripe";
import { settings } from "#app/lib/env.server.ts";

let client: { key: string; stripe: Stripe } | undefined;

export function stripeEnabled(): boolean {
  return Boolean(settings().stripe);
}

/** The configured client; throws without Stripe keys. */
export function stripe(): Stripe {
  const config = settings().stripe;
  if (!config) throw new Error("Stripe is not configured");
  // Rebuilt when the key or the API address changes (tests swap settings between files).
  const key = `${config.secretKey} ${config.apiUrl ?? ""}`;
  if (client?.key !== key)
    client = { key, stripe: new Stripe(config.secretKey, apiAddress(config.apiUrl)) };
  return client.stripe;
}

/** STRIPE_API_URL as the library's host, port and protocol; none means api.stripe.com. */
function apiAddress(apiUrl: string | undefined): Stripe.StripeConfig | undefined {
  if (!apiUrl) return undefined;
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

export async function createPaymentIntent(order: {
  id: string;
  number: number;
  total: number;
  currency: string;
  email: string;
}): Promise<{ id: string; clientSecret: string }> {
  return createPayment({
    amount: order.total,
    currency: order.currency,
    email: order.email,
    description: `Patch order #${order.number}`,
    metadata: { orderId: order.id, orderNumber: String(order.number) },
    idempotencyKey: `order-${order.id}-payment-intent`,
  });
}

/**
 * A PaymentIntent the browser confirms with the Payment Element, for anything paid for once: a
 * shop order, a gift box (ADR 043). The key makes a retried request the same intent.
 */
export async function createPayment(payment: {
  amount: number;
  currency: string;
  email: string;
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}): Promise<{ id: string; clientSecret: string }> {
  const intent = await stripe().paymentIntents.create(
    {
      amount: payment.amount,
      currency: payment.currency.toLowerCase(),
      automatic_payment_methods: { enabled: true },
      receipt_email: payment.email,
      description: payment.description,
      metadata: payment.metadata,
    },
    { idempotencyKey: payment.idempotencyKey },
  );
  if (!intent.client_secret) throw new Error("Stripe returned no client secret");
  return { id: intent.id, clientSecret: intent.client_secret };
}

/** The client secret of an existing intent, for a retried submit. */
export async function paymentIntentSecret(id: string): Promise<string | null> {
  const intent = await stripe().paymentIntents.retrieve(id);
  return intent.client_secret;
}

export async function retrieveStripePayment(
  id: string,
  { cancelIfOpen = false } = {},
): Promise<"succeeded" | "processing" | "open" | "canceled" | "unknown"> {
  if (!stripeEnabled()) return "unknown";
  const intent = await stripe().paymentIntents.retrieve(id);
  if (intent.status === "succeeded") return "succeeded";
  if (intent.status === "processing") return "processing";
  if (intent.status === "canceled") return "canceled";
  if (cancelIfOpen) {
    try {
      await stripe().paymentIntents.cancel(id, {}, { idempotencyKey: `cancel-${id}` });
      return "canceled";
    } catch {
      // It may have just succeeded; the webhook settles that case.
      return "unknown";
    }
  }
  return "open";
}

/** Verifies a webhook on its raw body; throws on a bad or missing signature. */
export function verifyStripeEvent(rawBody: string, signature: string | undefined): Stripe.Event {
  const config = settings().stripe;
  if (!config) throw new Error("Stripe is not configured");
  if (!signature) throw new Error("missing Stripe-Signature header");
  return Stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
}

/** Whether a refund gives money back: a Stripe payment, while Stripe is set up (the demo took none). */
export function providerRefunds(paymentProvider: string | null): boolean {
  return paymentProvider === "stripe" && stripeEnabled();
}

/** A queued refund's retries while Stripe can't be reached (orders' and gifts' alike). */
export const REFUND_JOB_RETRIES = { retryLimit: 10, retryDelaySeconds: 60 } as const;

/**
 * Refunds a PaymentIntent, in full or (given `amount`, in cents) in part (ADR 078); the key (an
 * order's by default, a gift's: ADR 049, one part refund's) makes a repeated call the same refund.
 */
export async function refundStripePayment(
  paymentIntentId: string,
  orderId: string,
  idempotencyKey = `order-${orderId}-refund`,
  amount?: number,
) {
  await stripe().refunds.create(
    { payment_intent: paymentIntentId, ...(amount === undefined ? {} : { amount }) },
    { idempotencyKey },
  );
}
