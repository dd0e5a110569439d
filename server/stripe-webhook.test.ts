// The Stripe webhook's HTTP mount: raw-body signature check, and no Origin header needed.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, expect, test } from "vitest";
import { orders } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { setSettings } from "#app/lib/env.server.ts";
import { openTestDatabase, testSettings, type TestDatabase } from "#tests/setup/test-database.ts";
import { createApp } from "./app.ts";

const SECRET = "whsec_http_test_secret";
let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase({
    STRIPE_SECRET_KEY: "sk_test_not_used_here",
    STRIPE_PUBLISHABLE_KEY: "pk_test_not_used_here",
    STRIPE_WEBHOOK_SECRET: SECRET,
  });
});
afterAll(async () => {
  await t.close();
});

test("POST /api/webhooks/stripe verifies the raw body and needs no Origin header", async () => {
  const app = createApp({ settings: t.settings });
  // An event for an order we don't have: accepted (Stripe stops retrying), recorded, no effect.
  const body = JSON.stringify({
    id: `evt_${randomUUID().replace(/-/g, "")}`,
    object: "event",
    type: "payment_intent.succeeded",
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: "pi_x", object: "payment_intent", metadata: { orderId: randomUUID() } } },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET });
  const bad = await app.request("/api/webhooks/stripe", {
    method: "POST",
    body,
    headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=bad" },
  });
  expect(bad.status).toBe(400);
  const ok = await app.request("/api/webhooks/stripe", {
    method: "POST",
    body,
    headers: { "content-type": "application/json", "stripe-signature": signature },
  });
  expect(ok.status).toBe(200);
  expect(await ok.json()).toEqual({ received: true, duplicate: false });
  expect(await db().select().from(orders).where(eq(orders.paymentReference, "pi_x"))).toEqual([]);
});

test("without Stripe keys the webhook is not there", async () => {
  const plain = testSettings({ DATABASE_URL: t.url });
  setSettings(plain);
  try {
    const res = await createApp({ settings: plain }).request("/api/webhooks/stripe", {
      method: "POST",
      body: "{}",
    });
    expect(res.status).toBe(404);
  } finally {
    setSettings(t.settings);
  }
});
