// The checkout page's action refuses what its schema refuses, before anything is reserved: a card
// number that fails the Luhn check, an expiry in the past, a CVC of the wrong length, a phone that
// isn't one. Each is a 400 whose body carries the message the page shows beside the field, and
// the product's stock is untouched. The same order with good details is then placed, so the
// refusals are the details' doing and not a malformed request's.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, test } from "vitest";
import { products } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { requestInfo } from "#app/lib/request-context.ts";
import { MESSAGES } from "#app/modules/checkout/checkout.schema.ts";
import { getOrder } from "#app/modules/orders/get-order.server.ts";
import { expireOrderJob } from "#app/modules/orders/expire-order.server.ts";
import { sendOrderConfirmationJob } from "#app/modules/orders/send-order-confirmation.server.ts";
import { action } from "#app/routes/checkout.tsx";
import { futureExpiry, testCard } from "#tests/factories/cards.ts";
import { buildProduct } from "#tests/factories/products.ts";
import { testServices } from "#tests/setup/test-services.ts";

testServices({ smtp: true, queues: [expireOrderJob, sendOrderConfirmationJob] as never });

const SITE = "https://patch.test";
let buyers = 0;

/** Posts the checkout form as the browser does; a redirect (a paid order) comes back thrown. */
async function post(fields: Record<string, string>) {
  const context = new RouterContextProvider();
  context.set(requestInfo, {
    nonce: "",
    requestId: "test",
    clientIp: `203.0.113.${++buyers}`,
    sharedPage: false,
  });
  try {
    const result = (await action({
      request: new Request(`${SITE}/checkout`, {
        method: "POST",
        body: new URLSearchParams({ intent: "place", ...fields }),
      }),
      context,
      params: {},
    } as never)) as unknown as { data: { outcome: Record<string, unknown> }; init: ResponseInit };
    return { status: result.init.status ?? 200, outcome: result.data.outcome };
  } catch (thrown) {
    if (thrown instanceof Response)
      return {
        status: thrown.status,
        outcome: undefined,
        location: thrown.headers.get("Location"),
      };
    throw thrown;
  }
}

async function setUp() {
  const product = buildProduct({ price: 2500, stockQuantity: 4 });
  await db().insert(products).values(product);
  const good = testCard("success");
  const fields = {
    idempotencyKey: randomUUID(),
    items: JSON.stringify([{ productId: product.id, quantity: 1, price: 2500 }]),
    name: "Mere Tūhoe",
    email: "mere@example.nz",
    phone: "027 555 0199",
    street: "4 Rimu Road",
    city: "Whanganui",
    region: "Manawatu-Wanganui",
    postcode: "4500",
    shippingMethod: "standard",
    cardNumber: good.number,
    cardExpiry: good.expiry,
    cardCvc: good.cvc,
  };
  const stock = async () =>
    (await db().select().from(products).where(eq(products.id, product.id)))[0]?.stockQuantity;
  return { fields, stock };
}

test("a card the schema refuses is a 400 with the field's message; nothing is reserved", async () => {
  const { fields, stock } = await setUp();
  const now = new Date();
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
  const past = `${String(lastMonth.getUTCMonth() + 1).padStart(2, "0")}/${String(lastMonth.getUTCFullYear() % 100).padStart(2, "0")}`;
  for (const [change, field, message] of [
    [{ cardNumber: "4242 4242 4242 4241" }, "cardNumber", MESSAGES.cardNumberWrong],
    [{ cardExpiry: past }, "cardExpiry", MESSAGES.cardExpired],
    [{ cardCvc: "12" }, "cardCvc", MESSAGES.cardCvc],
  ] as const) {
    const answer = await post({ ...fields, ...change });
    expect(answer.status, field).toBe(400);
    expect(answer.outcome, field).toMatchObject({
      kind: "invalid",
      message: MESSAGES.failed,
      fieldErrors: { [field]: message },
    });
    // Only that field is named: the message shows once, beside it.
    expect(Object.keys(answer.outcome?.fieldErrors as object), field).toEqual([field]);
  }
  expect(await stock()).toBe(4);

  const paid = await post({ ...fields, cardExpiry: futureExpiry() });
  expect(paid.status).toBe(302);
  expect(await stock()).toBe(3);
});

test("a phone that isn't one is a 400 naming the phone; a good one goes through", async () => {
  const { fields, stock } = await setUp();
  const answer = await post({ ...fields, phone: "not a number" });
  expect(answer).toEqual({
    status: 400,
    outcome: { kind: "invalid", message: MESSAGES.failed, fieldErrors: { phone: MESSAGES.phone } },
  });
  expect(await stock()).toBe(4);
  const paid = await post(fields);
  expect(paid.status).toBe(302);
  expect(await stock()).toBe(3);
  // Kept for the courier in one form, as the admin's order page shows it.
  const orderId = new URL(String(paid.location), SITE).searchParams.get("order");
  expect((await getOrder(String(orderId)))?.phone).toBe("+64275550199");
});
