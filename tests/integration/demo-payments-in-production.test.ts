// Production never takes the demo payment provider: without Stripe keys nothing is reserved or
// charged, checkout says card payments aren't available, and the test cards pay for nothing.
import { testCard } from "#tests/factories/cards.ts";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { orders, products } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { setSettings } from "#app/lib/env.server.ts";
import { createQueues, startQueue, stopQueue } from "#app/lib/queue.server.ts";
import { PLACE_MESSAGES, placeOrder } from "#app/flows/place-order.server.ts";
import { expireOrderJob } from "#app/modules/orders/expire-order.server.ts";
import { sendOrderConfirmationJob } from "#app/modules/orders/send-order-confirmation.server.ts";
import { loader as checkoutLoader } from "#app/routes/checkout.tsx";
import { buildProduct } from "#tests/factories/products.ts";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";

const SITE = "https://patch.test";
let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase({
    APP_ENV: "production",
    SITE_URL: SITE,
    AUTH_SECRET: "a-production-like-secret-of-enough-length-0123",
    ADMIN_EMAILS: "admin@example.com,ops@example.com,grow@example.com",
    MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), "patch-prod-mail-")),
  });
  await startQueue(t.handle, { connectionString: t.url });
  await createQueues([expireOrderJob, sendOrderConfirmationJob] as never);
});
afterAll(async () => {
  await stopQueue();
  await t.close();
});

const GOOD_CARD = testCard("success");
const BUYER = { ip: "198.51.100.8" };

function order(productId: string, price: number) {
  return {
    idempotencyKey: randomUUID(),
    name: "Aroha Ngata",
    email: "aroha@example.nz",
    address: {
      street: "12 Kōwhai Street",
      suburb: "Hamilton East",
      city: "Hamilton",
      region: "Waikato",
      postcode: "3216",
      rural: false,
    },
    shippingMethod: "standard",
    items: [{ productId, quantity: 1, price }],
    card: GOOD_CARD,
  };
}

test("production without Stripe keys refuses the demo provider's test card and reserves nothing", async () => {
  expect(t.settings.isProduction).toBe(true);
  expect(t.settings.stripe).toBeUndefined();
  const kit = buildProduct({ price: 14900, stockQuantity: 4 });
  await db().insert(products).values(kit);

  const ordersBefore = await db().select().from(orders);
  const result = await placeOrder(order(kit.id, kit.price), BUYER);
  expect(result).toEqual({ ok: false, code: "unavailable", message: PLACE_MESSAGES.noPayments });
  const [row] = await db().select().from(products).where(eq(products.id, kit.id));
  expect(row?.stockQuantity).toBe(4);
  // Whatever the other test (in a shuffled order) placed before, this one made no order.
  expect(await db().select().from(orders)).toEqual(ordersBefore);

  // The checkout page offers no card form, demo or otherwise.
  const page = (await checkoutLoader({ request: new Request(`${SITE}/checkout`) } as never)) as {
    data: { payments: string };
  };
  expect(page.data.payments).toBe("none");
});

test("the same order outside production goes to the demo provider and is paid", async () => {
  setSettings({ ...t.settings, isProduction: false, appEnv: "development" });
  try {
    const kit = buildProduct({ price: 2500, stockQuantity: 2 });
    await db().insert(products).values(kit);
    const result = await placeOrder(order(kit.id, kit.price), BUYER);
    expect(result).toMatchObject({ ok: true, status: "paid" });
  } finally {
    setSettings(t.settings);
  }
});
