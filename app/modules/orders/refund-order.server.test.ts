// Refunds that ask first (issue 40): the admin's refund names the amount they confirmed and a
// reason; it refunds once however often the confirmation is sent (the page's request key), records
// one history note with who, the amount and why, queues one provider refund and one e-mail, puts
// stock back only when the goods never left, and refuses a changed amount, a missing reason, an
// order already refunded and a subscription box (whose credit part its own refund returns).
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { adminNotes, orders, products } from "#db/schema/index.ts";
import { testCard } from "#tests/factories/cards.ts";
import { checkoutInput } from "#tests/factories/checkout-input.ts";
import { buildProduct } from "#tests/factories/products.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { db } from "#app/lib/db.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { queue } from "#app/lib/queue.server.ts";
import { placeOrder } from "#app/flows/place-order.server.ts";
import { changeOrderStatus } from "./change-order-status.server.ts";
import { orderJobs } from "./order-jobs.server.ts";
import { refundOrderPaymentJob } from "./refund-order-payment.server.ts";
import { refundOrder, refundPreview } from "./refund-order.server.ts";
import { sendOrderUpdateJob } from "./send-order-update.server.ts";

testServices({ queues: orderJobs });

let addresses = 0;
const someone = () => ({ ip: `198.19.${Math.floor(++addresses / 250)}.${addresses % 250}` });

async function paidOrder() {
  const p = buildProduct({ stockQuantity: 5, price: 2000 });
  await db().insert(products).values(p);
  const placed = await placeOrder(
    {
      ...checkoutInput(
        { productId: p.id!, price: 2000, quantity: 2 },
        {
          name: "Mere",
          email: `mere-${crypto.randomUUID()}@example.nz`,
          address: { street: "4 Rātā Street", city: "Nelson", region: "Nelson", postcode: "7010" },
        },
      ),
      card: testCard("success"),
    },
    someone(),
  );
  if (!placed.ok) throw new Error("expected a paid order");
  const [order] = await db().select().from(orders).where(eq(orders.id, placed.orderId));
  return { order: order!, productId: p.id! };
}

const stock = async (id: string) =>
  (await db().select().from(products).where(eq(products.id, id)))[0]!.stockQuantity;
const notesOn = (orderId: string) =>
  db().select().from(adminNotes).where(eq(adminNotes.subjectId, orderId));
const key = () => crypto.randomUUID();

test("the confirmation names the amount, the stock coming back and who is e-mailed", async () => {
  const { order } = await paidOrder();
  expect(await refundPreview(order.id)).toMatchObject({
    ok: true,
    amount: order.total,
    email: order.email,
    stockBack: 2,
  });
  await changeOrderStatus(order.id, { status: "shipped", trackingNumber: "NZP0001" });
  expect(await refundPreview(order.id)).toMatchObject({ ok: true, stockBack: 0 });
});

test("a confirmed refund happens once however often it is sent, with one note of who, what and why", async () => {
  const { order, productId } = await paidOrder();
  const input = { amount: String(order.total), reason: "Basil arrived wilted", requestKey: key() };
  const first = await refundOrder(order.id, input, "aroha@patch.nz");
  expect(first).toMatchObject({ ok: true });
  expect(await refundOrder(order.id, input, "aroha@patch.nz")).toMatchObject({ ok: true });
  const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
  expect(row!.status).toBe("refunded");
  expect(await stock(productId)).toBe(5);
  const notes = await notesOn(order.id);
  expect(notes).toHaveLength(1);
  expect(notes[0]).toMatchObject({ subjectType: "order", authorEmail: "aroha@patch.nz" });
  expect(notes[0]!.body).toContain("Basil arrived wilted");
  expect(notes[0]!.body).toContain(formatMoney(order.total, order.currency));
  const data = { data: { orderId: order.id } };
  expect(await queue().findJobs(refundOrderPaymentJob.name, data)).toHaveLength(1);
  expect(await queue().findJobs(sendOrderUpdateJob.name, data)).toHaveLength(1);
  // Another confirmation (another key) of the refunded order is refused, and adds nothing.
  expect(
    await refundOrder(order.id, { ...input, requestKey: key() }, "tama@patch.nz"),
  ).toMatchObject({ ok: false, code: "conflict" });
  expect(await notesOn(order.id)).toHaveLength(1);
});

test("a refund whose amount is not the order's, or without a reason, changes nothing", async () => {
  const { order } = await paidOrder();
  const wrong = await refundOrder(
    order.id,
    { amount: String(order.total + 1), reason: "Wilted", requestKey: key() },
    "aroha@patch.nz",
  );
  expect(wrong).toMatchObject({ ok: false, code: "conflict" });
  const noReason = await refundOrder(
    order.id,
    { amount: String(order.total), reason: "  ", requestKey: key() },
    "aroha@patch.nz",
  );
  expect(noReason).toMatchObject({ ok: false, code: "invalid" });
  expect(
    await refundOrder(
      order.id,
      { amount: "forty", reason: "x", requestKey: key() },
      "aroha@patch.nz",
    ),
  ).toMatchObject({ ok: false, code: "invalid" });
  const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
  expect(row!.status).toBe("paid");
  expect(await notesOn(order.id)).toHaveLength(0);
});

test("a subscription box is refunded from its subscription, not here", async () => {
  const { order } = await paidOrder();
  await db().update(orders).set({ kind: "subscription box" }).where(eq(orders.id, order.id));
  expect(await refundPreview(order.id)).toMatchObject({ ok: false, code: "conflict" });
  expect(
    await refundOrder(
      order.id,
      { amount: String(order.total), reason: "Wilted", requestKey: key() },
      "aroha@patch.nz",
    ),
  ).toMatchObject({ ok: false, code: "conflict" });
});

test("two confirmations sent at once refund once", async () => {
  const { order } = await paidOrder();
  const [a, b] = await Promise.all([
    refundOrder(
      order.id,
      { amount: String(order.total), reason: "Twice", requestKey: key() },
      "aroha@patch.nz",
    ),
    refundOrder(
      order.id,
      { amount: String(order.total), reason: "Twice", requestKey: key() },
      "tama@patch.nz",
    ),
  ]);
  expect([a, b].filter((o) => o.ok)).toHaveLength(1);
  expect(await notesOn(order.id)).toHaveLength(1);
  const data = { data: { orderId: order.id } };
  expect(await queue().findJobs(refundOrderPaymentJob.name, data)).toHaveLength(1);
});
