// The admin's order changes: allowed transitions only, stock back on cancel, e-mails once.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { orders, products } from "../../../db/schema/index.ts";
import { buildProduct } from "../../../tests/factories/products";
import { startSmtp, type TestSmtp } from "../../../tests/setup/smtp";
import { openTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { db } from "../../lib/db.server";
import { closeMail } from "../../lib/mail.server";
import { createQueues, queue, startQueue, stopQueue } from "../../lib/queue.server";
import { updateProduct } from "../catalog/update-product.server";
import { placeOrder } from "../checkout/place-order.server";
import { changeOrderStatus } from "./change-order-status.server";
import { listCustomerOrders } from "./list-customer-orders.server";
import { orderJobs } from "./order-jobs.server";
import { refundOrderPayment, refundOrderPaymentJob } from "./refund-order-payment.server";
import { sendOrderUpdate, sendOrderUpdateJob } from "./send-order-update.server";

let t: TestDatabase;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await openTestDatabase({ SMTP_URL: smtp.url, SITE_URL: "https://patch.test" });
  await startQueue(t.handle, { connectionString: t.url });
  await createQueues(orderJobs);
});
afterAll(async () => {
  closeMail();
  await stopQueue();
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
});

async function paidOrder(email = "kiri@example.nz") {
  const p = buildProduct({ stockQuantity: 5, price: 2000 });
  await db().insert(products).values(p);
  const placed = await placeOrder({
    idempotencyKey: randomUUID(),
    name: "Kiri",
    email,
    address: { street: "3 Nīkau Place", city: "Napier", region: "Hawke's Bay", postcode: "4110" },
    shippingMethod: "standard",
    items: [{ productId: p.id, quantity: 2, price: 2000 }],
    card: { number: "4242424242424242", expiry: "01/40", cvc: "999" },
  });
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
    message: "Enter the courier's tracking number",
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
  const [mail] = await smtp.waitFor(1);
  expect(mail?.subject).toMatch(/is on its way$/);
  expect(mail?.text).toContain("NZP123456");
  expect(await changeOrderStatus(orderId, { status: "packed" })).toMatchObject({ ok: false });
  expect(await changeOrderStatus(orderId, { status: "delivered" })).toEqual({ ok: true });
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
