// The admin's order changes: allowed transitions only (every pair tried, with its effect on the
// stock), stock back on cancel, e-mails once, and order ids checked before any lookup.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { orders, products, type OrderStatus } from "#db/schema/index.ts";
import { testCard } from "#tests/factories/cards.ts";
import { checkoutInput } from "#tests/factories/checkout-input.ts";
import { buildProduct } from "#tests/factories/products.ts";
import { stripeSettings } from "#tests/setup/stripe-api.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { testSettings } from "#tests/setup/test-database.ts";
import { db } from "#app/lib/db.server.ts";
import { setSettings } from "#app/lib/env.server.ts";
import { queue } from "#app/lib/queue.server.ts";
import { updateProduct } from "#app/modules/catalog/update-product.server.ts";
import { placeOrder } from "#app/flows/place-order.server.ts";
import { changeOrderStatus } from "./change-order-status.server.ts";
import { nextStatuses, STATUS_LABELS } from "./order-status.ts";
import { expireOrder } from "./expire-order.server.ts";
import { getOrder } from "./get-order.server.ts";
import { listCustomerOrders } from "./list-customer-orders.server.ts";
import { orderJobs } from "./order-jobs.server.ts";
import { refundOrderPayment, refundOrderPaymentJob } from "./refund-order-payment.server.ts";
import { sendOrderUpdate, sendOrderUpdateJob } from "./send-order-update.server.ts";

// Orders are paid with the demo card; one test switches the shop to the fake Stripe.
const env = testServices({
  smtp: true,
  stripe: { pointSettings: false },
  queues: orderJobs,
});

let addresses = 0;
const someone = () => ({ ip: `198.18.${Math.floor(++addresses / 250)}.${addresses % 250}` });

function kiriOrder(productId: string, email = "kiri@example.nz") {
  return checkoutInput(
    { productId, price: 2000, quantity: 2 },
    {
      name: "Kiri",
      email,
      address: { street: "3 Nīkau Place", city: "Napier", region: "Hawke's Bay", postcode: "4110" },
    },
  );
}

async function paidOrder(email = "kiri@example.nz") {
  const p = buildProduct({ stockQuantity: 5, price: 2000 });
  await db().insert(products).values(p);
  const placed = await placeOrder(
    { ...kiriOrder(p.id!, email), card: testCard("success") },
    someone(),
  );
  if (!placed.ok) throw new Error("expected a paid order");
  return { orderId: placed.orderId, productId: p.id! };
}

const stock = async (id: string) =>
  (await db().select().from(products).where(eq(products.id, id)))[0]!.stockQuantity;

test("packed, then shipped with a tracking number (e-mailed once), then delivered", async () => {
  const { orderId } = await paidOrder();
  expect(await changeOrderStatus(orderId, { status: "packed" })).toEqual({ ok: true });
  expect(await changeOrderStatus(orderId, { status: "shipped" })).toEqual({
    ok: false,
    code: "invalid",
    message: "Enter the courier's tracking number",
    fieldErrors: { trackingNumber: "Enter the courier's tracking number" },
  });
  expect(
    await changeOrderStatus(orderId, { status: "shipped", trackingNumber: "NZP123456" }),
  ).toEqual({ ok: true });
  const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
  expect(row).toMatchObject({ status: "shipped", trackingNumber: "NZP123456" });
  const jobs = await queue().findJobs(sendOrderUpdateJob.name, { data: { orderId } });
  expect(jobs).toHaveLength(1);
  expect(await sendOrderUpdate({ orderId, status: "shipped" })).toBe("sent");
  expect(await sendOrderUpdate({ orderId, status: "shipped" })).toBe("already-sent");
  const [mail] = await env.smtp.waitFor(1);
  expect(mail?.subject).toMatch(/is on its way$/);
  expect(mail?.text).toContain("NZP123456");
  expect(await changeOrderStatus(orderId, { status: "packed" })).toMatchObject({ ok: false });
  expect(await changeOrderStatus(orderId, { status: "delivered" })).toEqual({ ok: true });
});

test("a shop order shipped with its courier: the e-mail links to that courier's tracking page", async () => {
  const { orderId } = await paidOrder("tui@example.nz");
  // A courier that isn't one of ours is refused in words, by the field.
  expect(
    await changeOrderStatus(orderId, {
      status: "shipped",
      trackingNumber: "CP123456",
      courier: "carrier-pigeon",
    }),
  ).toMatchObject({ ok: false, code: "invalid", fieldErrors: { courier: "Choose the courier." } });
  expect(
    await changeOrderStatus(orderId, {
      status: "shipped",
      trackingNumber: "LP 0012/NZ",
      courier: "nz-couriers",
    }),
  ).toEqual({ ok: true });
  const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
  expect(row).toMatchObject({ courier: "nz-couriers", trackingNumber: "LP 0012/NZ" });
  expect(await sendOrderUpdate({ orderId, status: "shipped" })).toBe("sent");
  const [mail] = await env.smtp.waitForTo("tui@example.nz", 1);
  // The number is made safe for the address (a space and a slash).
  const link = "https://www.nzcouriers.co.nz/tools/track?track=LP%200012%2FNZ";
  expect(mail!.text).toContain(`Track it with NZ Couriers: ${link}`);
  expect(mail!.text).toContain("Tracking number: LP 0012/NZ (NZ Couriers)");
  expect(mail!.html).toContain(`href="${link}"`);
});

test("a shop order shipped with another courier: the number, and no link", async () => {
  const { orderId } = await paidOrder("rewi@example.nz");
  expect(
    await changeOrderStatus(orderId, { status: "shipped", trackingNumber: "XYZ9876", courier: "" }),
  ).toEqual({ ok: true });
  expect(await sendOrderUpdate({ orderId, status: "shipped" })).toBe("sent");
  const [mail] = await env.smtp.waitForTo("rewi@example.nz", 1);
  expect(mail!.text).toContain("Tracking number: XYZ9876.");
  expect(mail!.text).not.toContain("Track it with");
});

test("cancelling a paid order puts its stock back once and queues the refund and the e-mail", async () => {
  const { orderId, productId } = await paidOrder();
  expect(await stock(productId)).toBe(3);
  expect(await changeOrderStatus(orderId, { status: "cancelled" })).toEqual({ ok: true });
  expect(await stock(productId)).toBe(5);
  expect(await changeOrderStatus(orderId, { status: "cancelled" })).toMatchObject({ ok: false });
  expect(await stock(productId)).toBe(5);
  expect(await queue().findJobs(refundOrderPaymentJob.name, { data: { orderId } })).toHaveLength(1);
  // The demo provider took no money: nothing to refund.
  expect(await refundOrderPayment(orderId)).toBe("skipped");
  expect(await queue().findJobs(sendOrderUpdateJob.name, { data: { orderId } })).toHaveLength(1);
});

test("a guest's orders are listed for the member with that e-mail", async () => {
  await paidOrder("Member@Example.nz");
  const list = await listCustomerOrders("member@example.NZ");
  expect(list).toHaveLength(1);
  expect(list[0]).toMatchObject({ status: "paid" });
});

const STATUSES = Object.keys(STATUS_LABELS) as OrderStatus[];

/**
 * What an admin may change each status to, and what that does to the shelf (units of an order of
 * two). Written out here, not read from the code's own table, so a change to either is noticed.
 * An unpaid order holds its stock until cancelled; a declined one gave it back when it failed;
 * goods that never left come back on cancel or refund; goods that left (shipped, delivered) don't.
 */
const ALLOWED: Record<OrderStatus, Partial<Record<OrderStatus, number>>> = {
  pending_payment: { cancelled: +2 },
  payment_failed: { cancelled: 0 },
  expired: {},
  paid: { packed: 0, shipped: 0, cancelled: +2, refunded: +2 },
  packed: { shipped: 0, cancelled: +2, refunded: +2 },
  shipped: { delivered: 0, refunded: 0 },
  delivered: { refunded: 0 },
  cancelled: {},
  refunded: {},
};

const TRACKING = { trackingNumber: "NZP123456" };

test("the admin's status menu offers exactly the allowed changes, none from a closed order", () => {
  for (const from of STATUSES)
    expect([...nextStatuses(from)].sort(), from).toEqual(Object.keys(ALLOWED[from]).sort());
});

/** An order of two units (of five) brought to `status` the way a real one gets there. */
async function orderIn(status: OrderStatus) {
  const p = buildProduct({ stockQuantity: 5, price: 2000 });
  await db().insert(products).values(p);
  const productId = p.id!;
  if (status === "pending_payment") {
    // Only a card provider that confirms later (Stripe) leaves an order waiting for payment.
    setSettings(
      testSettings({
        DATABASE_URL: env.database.url,
        SMTP_URL: env.database.settings.smtpUrl ?? "",
        SITE_URL: "https://patch.test",
        ...stripeSettings(env.stripe),
      }),
    );
    try {
      // Each from its own buyer: one buyer may only have three unpaid orders at once.
      const placed = await placeOrder(
        kiriOrder(productId, `kiri.${addresses}@example.nz`),
        someone(),
      );
      if (!placed.ok) throw new Error("expected an unpaid order");
      return { orderId: placed.orderId, productId };
    } finally {
      setSettings(env.database.settings);
    }
  }
  if (status === "payment_failed" || status === "expired") {
    const placed = await placeOrder(
      { ...kiriOrder(productId), card: testCard("declined") },
      someone(),
    );
    if (placed.ok || placed.code !== "declined") throw new Error("expected a declined order");
    if (status === "expired")
      expect(await expireOrder(placed.orderId, new Date(Date.now() + 31 * 60_000))).toBe("expired");
    return { orderId: placed.orderId, productId };
  }
  const placed = await placeOrder(
    { ...kiriOrder(productId), card: testCard("success") },
    someone(),
  );
  if (!placed.ok) throw new Error("expected a paid order");
  const orderId = placed.orderId;
  const path: Record<string, OrderStatus[]> = {
    paid: [],
    packed: ["packed"],
    shipped: ["shipped"],
    delivered: ["shipped", "delivered"],
    cancelled: ["cancelled"],
    refunded: ["refunded"],
  };
  for (const step of path[status]!)
    expect(await changeOrderStatus(orderId, { status: step, ...TRACKING })).toEqual({ ok: true });
  return { orderId, productId };
}

for (const from of STATUSES) {
  for (const to of STATUSES) {
    const effect = ALLOWED[from][to];
    const name =
      effect === undefined
        ? `${from} → ${to} is refused and changes nothing`
        : `${from} → ${to} is allowed${effect ? `, and ${effect} units go back on the shelf` : ", and the stock stays as it is"}`;
    test(name, async () => {
      const { orderId, productId } = await orderIn(from);
      const [before] = await db().select().from(orders).where(eq(orders.id, orderId));
      expect(before?.status).toBe(from);
      const stockBefore = await stock(productId);

      const result = await changeOrderStatus(orderId, { status: to, ...TRACKING });

      const [after] = await db().select().from(orders).where(eq(orders.id, orderId));
      if (effect === undefined) {
        expect(result).toMatchObject({ ok: false });
        expect(after?.status).toBe(from);
        expect(await stock(productId)).toBe(stockBefore);
      } else {
        expect(result).toEqual({ ok: true });
        expect(after?.status).toBe(to);
        expect(await stock(productId)).toBe(stockBefore + effect);
      }
    });
  }
}

test("an order id that isn't one (36 dashes, junk, a UUID we don't have) is simply not found", async () => {
  const { orderId } = await paidOrder();
  for (const id of [
    "-".repeat(36),
    "",
    "not-an-order",
    "00000000-0000-0000-0000-00000000000g",
    `${orderId}x`,
    `{${orderId}}`,
    randomUUID(),
  ]) {
    expect(await getOrder(id), id).toBeNull();
    expect(await changeOrderStatus(id, { status: "cancelled" }), id).toEqual({
      ok: false,
      message: "That order doesn't exist.",
      code: "not-found",
    });
  }
  expect((await getOrder(orderId))?.id).toBe(orderId);
  expect((await getOrder(orderId.toUpperCase()))?.id).toBe(orderId);
});

test("admins edit price in dollars, stock, words and whether it is on sale", async () => {
  const p = buildProduct();
  await db().insert(products).values(p);
  expect(
    await updateProduct(p.id!, {
      price: "24.90",
      stockQuantity: "7",
      summary: "New summary",
      description: "New description",
      active: false,
    }),
  ).toEqual({ ok: true });
  const [row] = await db().select().from(products).where(eq(products.id, p.id!));
  expect(row).toMatchObject({ price: 2490, stockQuantity: 7, active: false });
  expect(
    await updateProduct(p.id!, {
      price: "abc",
      stockQuantity: "-1",
      summary: "x",
      description: "y",
      active: true,
    }),
  ).toMatchObject({ ok: false, message: "Enter a price like 24.90" });
  expect(
    await updateProduct(p.id!, {
      price: "1",
      stockQuantity: "-1",
      summary: "x",
      description: "y",
      active: true,
    }),
  ).toMatchObject({ ok: false, message: "Stock can't be negative" });
});
