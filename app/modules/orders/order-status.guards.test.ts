// Every status change an admin can ask for, from every status (issue 17): which are allowed, when
// stock goes back on the shelf, and which changes queue a refund and an e-mail to the customer.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { orderItems, orders, products, type OrderStatus } from "#db/schema/index.ts";
import { buildProduct } from "#tests/factories/products.ts";
import { db } from "#app/lib/db.server.ts";
import { queue } from "#app/lib/queue.server.ts";
import { changeOrderStatus } from "./change-order-status.server.ts";
import { STATUS_LABELS } from "./order-status.ts";
import { orderJobs } from "./order-jobs.server.ts";
import { refundOrderPaymentJob } from "./refund-order-payment.server.ts";
import { sendOrderUpdateJob } from "./send-order-update.server.ts";
import { testServices } from "#tests/setup/test-services.ts";

testServices({ queues: orderJobs });

const STATUSES = Object.keys(STATUS_LABELS) as OrderStatus[];

// What the shop allows (issue 6): unpaid orders can only be cancelled; paid ones move forward or
// are cancelled or refunded; once shipped, only delivery or a refund; ended orders stay ended.
const ALLOWED: Record<OrderStatus, OrderStatus[]> = {
  pending_payment: ["cancelled"],
  payment_failed: ["cancelled"],
  expired: [],
  paid: ["packed", "shipped", "cancelled", "refunded"],
  packed: ["shipped", "cancelled", "refunded"],
  shipped: ["delivered", "refunded"],
  delivered: ["refunded"],
  cancelled: [],
  refunded: [],
};

const PAID = ["paid", "packed", "shipped", "delivered", "refunded"];

/** An order in the given status for 2 of a product with 5 left on the shelf. */
async function orderIn(status: OrderStatus, extra: Partial<typeof orders.$inferInsert> = {}) {
  const product = buildProduct({ stockQuantity: 5 });
  await db().insert(products).values(product);
  const [order] = await db()
    .insert(orders)
    .values({
      idempotencyKey: randomUUID(),
      status,
      name: "Kiri",
      email: "kiri@example.nz",
      address: {
        street: "3 Nīkau Place",
        city: "Napier",
        state: "Hawke's Bay",
        zip: "4110",
        country: "New Zealand",
        rural: false,
      },
      shippingMethod: "standard",
      currency: "USD",
      subtotal: 2000,
      shipping: 900,
      gst: 435,
      total: 3335,
      paymentProvider: "demo",
      expiresAt: new Date(Date.now() + 30 * 60_000),
      paidAt: PAID.includes(status) ? new Date() : null,
      ...extra,
    })
    .returning();
  await db().insert(orderItems).values({
    orderId: order!.id,
    productId: product.id!,
    name: product.name,
    unitPrice: 1000,
    quantity: 2,
    lineTotal: 2000,
  });
  return { orderId: order!.id, productId: product.id! };
}

const read = async (orderId: string) =>
  (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;
const stock = async (id: string) =>
  (await db().select().from(products).where(eq(products.id, id)))[0]!.stockQuantity;
const jobs = async (name: string, orderId: string) =>
  (await queue().findJobs(name, { data: { orderId } })).map((j) => j.data);

test("from every status, exactly the allowed changes go through", async () => {
  for (const from of STATUSES) {
    for (const to of STATUSES) {
      const { orderId } = await orderIn(from);
      const result = await changeOrderStatus(orderId, { status: to, trackingNumber: "NZP123456" });
      const allowed = ALLOWED[from].includes(to);
      expect(result, `${from} -> ${to}`).toEqual(
        allowed
          ? { ok: true }
          : {
              ok: false,
              code: "conflict",
              message: `An order that is ${from} can't become ${to}.`,
            },
      );
      expect((await read(orderId)).status, `${from} -> ${to}`).toBe(allowed ? to : from);
    }
  }
});

test("stock goes back when the goods never left: cancelled, or refunded before shipping", async () => {
  const returned: [OrderStatus, OrderStatus][] = [
    ["pending_payment", "cancelled"],
    ["payment_failed", "cancelled"],
    ["paid", "cancelled"],
    ["packed", "cancelled"],
    ["paid", "refunded"],
    ["packed", "refunded"],
  ];
  const kept: [OrderStatus, OrderStatus][] = [
    ["shipped", "refunded"],
    ["delivered", "refunded"],
    ["paid", "packed"],
    ["paid", "shipped"],
    ["shipped", "delivered"],
  ];
  for (const [from, to] of [...returned, ...kept]) {
    const { orderId, productId } = await orderIn(from);
    const before = new Date();
    expect(await changeOrderStatus(orderId, { status: to, trackingNumber: "NZP123456" })).toEqual({
      ok: true,
    });
    const back = returned.some(([f, s]) => f === from && s === to);
    expect(await stock(productId), `${from} -> ${to}`).toBe(back ? 7 : 5);
    const row = await read(orderId);
    expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    if (back) expect(row.stockReleasedAt, `${from} -> ${to}`).toEqual(row.updatedAt);
    else expect(row.stockReleasedAt, `${from} -> ${to}`).toBeNull();
  }
});

test("stock already given back is never given back twice", async () => {
  // A paid order whose hold was let go (a decline, then a late success: ADR 021) can still be
  // cancelled; releasing its stock again adds nothing.
  const { orderId, productId } = await orderIn("paid", { stockReleasedAt: new Date() });
  expect(await changeOrderStatus(orderId, { status: "cancelled" })).toEqual({ ok: true });
  expect(await stock(productId)).toBe(5);
  expect((await read(orderId)).status).toBe("cancelled");
});

test("a paid order's cancel or refund queues the refund; the customer hears of shipping, cancelling and refunds", async () => {
  const cases: [OrderStatus, OrderStatus, { refund: boolean; mail: boolean }][] = [
    ["paid", "packed", { refund: false, mail: false }],
    ["paid", "shipped", { refund: false, mail: true }],
    ["shipped", "delivered", { refund: false, mail: false }],
    ["paid", "cancelled", { refund: true, mail: true }],
    ["delivered", "refunded", { refund: true, mail: true }],
    // Never paid: nothing to refund and nothing to tell.
    ["pending_payment", "cancelled", { refund: false, mail: false }],
    ["payment_failed", "cancelled", { refund: false, mail: false }],
  ];
  for (const [from, to, expected] of cases) {
    const { orderId } = await orderIn(from);
    await changeOrderStatus(orderId, { status: to, trackingNumber: "NZP123456" });
    expect(await jobs(refundOrderPaymentJob.name, orderId), `${from} -> ${to}`).toEqual(
      expected.refund ? [{ orderId }] : [],
    );
    expect(await jobs(sendOrderUpdateJob.name, orderId), `${from} -> ${to}`).toEqual(
      expected.mail ? [{ orderId, status: to }] : [],
    );
  }
});

test("shipping needs the courier's tracking number, and only shipping records it", async () => {
  const { orderId } = await orderIn("paid");
  const missing = {
    ok: false,
    code: "invalid",
    message: "Enter the courier's tracking number",
    fieldErrors: { trackingNumber: "Enter the courier's tracking number" },
  };
  expect(await changeOrderStatus(orderId, { status: "shipped" })).toEqual(missing);
  expect(await changeOrderStatus(orderId, { status: "shipped", trackingNumber: " NZP " })).toEqual(
    missing,
  );
  expect(
    (await changeOrderStatus(orderId, { status: "shipped", trackingNumber: "N".repeat(61) })).ok,
  ).toBe(false);
  expect((await read(orderId)).status).toBe("paid");
  expect(await changeOrderStatus(orderId, { status: "shipped", trackingNumber: " NZP1 " })).toEqual(
    { ok: true },
  );
  expect(await read(orderId)).toMatchObject({ status: "shipped", trackingNumber: "NZP1" });

  const other = await orderIn("paid");
  expect(
    await changeOrderStatus(other.orderId, { status: "packed", trackingNumber: "NZP999" }),
  ).toEqual({ ok: true });
  expect((await read(other.orderId)).trackingNumber).toBeNull();
  const long = await orderIn("paid");
  expect(
    await changeOrderStatus(long.orderId, { status: "shipped", trackingNumber: "N".repeat(60) }),
  ).toEqual({ ok: true });
});

test("an unknown status or order changes nothing and says why", async () => {
  const { orderId } = await orderIn("paid");
  const unknown = await changeOrderStatus(orderId, { status: "lost" });
  expect(unknown.ok).toBe(false);
  expect((await read(orderId)).status).toBe("paid");
  expect(await changeOrderStatus(randomUUID(), { status: "packed" })).toEqual({
    ok: false,
    message: "That order doesn't exist.",
    code: "not-found",
  });
});
