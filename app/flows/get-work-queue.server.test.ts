// The admin home's work queue on a real database: each line counts only what it names (shop
// orders apart from boxes, the next packing day's boxes by whether they are charged, declined box
// payments with what they owe, gift e-mails due this week, wave invitations about to lapse, low
// stock, box items short for a coming packing day), the coming packing day against its capacity, and each links to the list that shows them.
import { expect, test } from "vitest";
import {
  boxes,
  boxItems,
  boxStockMoves,
  gifts,
  launchWaves,
  orders,
  products,
  waveInvitations,
  type BoxStatus,
  type OrderKind,
  type OrderStatus,
} from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { buildProduct } from "#tests/factories/products.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { insertContact } from "#tests/factories/contacts.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { setPackingDayCapacity } from "#app/modules/subscriptions/packing-capacity.server.ts";
import { getWorkQueue } from "./get-work-queue.server.ts";

testServices({ emptyBeforeEach: true });

// Wednesday 2 December 2026, 3 pm in New Zealand: the next packing day is Tuesday 8 December.
const NOW = new Date("2026-12-02T02:00:00Z");
const DAY = "2026-12-08";

let n = 0;
function order(status: OrderStatus, kind: OrderKind) {
  n++;
  return {
    idempotencyKey: `queue-${n}-${crypto.randomUUID()}`,
    status,
    kind,
    name: "Mere",
    email: `mere${n}@example.nz`,
    address: {
      street: "1 Kauri Road",
      city: "Whangārei",
      state: "Northland",
      zip: "0110",
      country: "NZ",
      rural: false,
    },
    shippingMethod: "standard",
    currency: "USD",
    subtotal: 4000,
    shipping: 0,
    gst: 522,
    total: 4000,
    paymentProvider: "demo",
    expiresAt: NOW,
    paidAt: status === "pending_payment" ? null : NOW,
  };
}

async function box(status: BoxStatus, deliverOn = DAY, amount = 5900, cutoffAt = NOW) {
  const { id } = await insertSubscription({ nextBoxOn: deliverOn });
  await db().insert(boxes).values({
    subscriptionId: id,
    deliverOn,
    cutoffAt,
    status,
    plan: "1m2",
    zone: "warm",
    items: [],
    amount,
    currency: "USD",
  });
}

const line = (q: Awaited<ReturnType<typeof getWorkQueue>>, id: string) =>
  q.items.find((i) => i.id === id)!;

test("an empty shop has nothing waiting, and every line still links to its list", async () => {
  const q = await getWorkQueue(NOW);
  expect(q.packingDay).toBe(DAY);
  expect(q.items.map((i) => i.count)).toEqual(q.items.map(() => 0));
  for (const i of q.items) expect(i.to).toMatch(/^\/admin\//);
});

test("shop orders to pack and to ship are counted apart from subscription boxes", async () => {
  await db()
    .insert(orders)
    .values([
      order("paid", "shop"),
      order("paid", "shop"),
      order("paid", "subscription box"),
      order("packed", "shop"),
      order("shipped", "shop"),
      order("pending_payment", "shop"),
    ]);
  const q = await getWorkQueue(NOW);
  expect(line(q, "orders-to-pack")).toMatchObject({
    count: 2,
    title: "shop orders to pack",
    to: "/admin/orders?status=paid&kind=shop",
  });
  expect(line(q, "orders-to-ship")).toMatchObject({
    count: 1,
    title: "shop order to ship",
    to: "/admin/orders?status=packed&kind=shop",
  });
});

test("the next packing day's boxes: charged ones to pack, the rest to be charged at the cutoff", async () => {
  const cutoff = new Date("2026-12-04T11:00:00Z");
  await box("charged");
  await box("charged");
  await box("packed");
  await box("scheduled", DAY, 5900, cutoff);
  await box("skipped");
  await box("charged", "2026-12-15");
  const q = await getWorkQueue(NOW);
  expect(line(q, "boxes-to-pack")).toMatchObject({
    count: 2,
    to: `/admin/boxes?day=${DAY}`,
  });
  expect(line(q, "boxes-to-charge").count).toBe(1);
  // 5 December, midnight in New Zealand (NZDT).
  expect(line(q, "boxes-to-charge").detail).toContain("5 Dec 2026");
});

test("failed payments to chase name what they owe, across packing days", async () => {
  await box("payment_failed", DAY, 5900);
  await box("payment_failed", "2026-12-01", 8900);
  await box("unpaid", "2026-11-01", 5900);
  const q = await getWorkQueue(NOW);
  expect(line(q, "payments-to-chase")).toMatchObject({
    count: 2,
    title: "failed payments to chase",
    to: "/admin/chase",
  });
  expect(line(q, "payments-to-chase").detail).toContain("$148.00");
});

test("gift e-mails due this week and not sent; wave invitations lapsing in two days; low stock", async () => {
  const gift = (sendOn: string, sent: boolean, status: "paid" | "pending_payment" = "paid") => ({
    idempotencyKey: crypto.randomUUID(),
    status,
    buyerName: "Hine",
    buyerEmail: "hine@example.nz",
    recipientName: "Tama",
    recipientEmail: "tama@example.nz",
    plan: "1m2",
    months: 3,
    monthlyPrice: 5900,
    amount: 17700,
    gst: 2309,
    currency: "USD",
    sendOn,
    codeHash: crypto.randomUUID(),
    paymentProvider: "demo",
    paidAt: status === "paid" ? NOW : null,
    sentAt: sent ? NOW : null,
  });
  await db()
    .insert(gifts)
    .values([
      gift("2026-12-02", false),
      gift("2026-12-08", false),
      gift("2026-12-09", false),
      gift("2026-12-03", true),
      gift("2026-12-03", false, "pending_payment"),
    ]);
  const [wave] = await db()
    .insert(launchWaves)
    .values({ region: "Otago", spots: 3, createdBy: "admin@example.nz" })
    .returning();
  const invite = async (expiresAt: Date, claimed = false) => {
    const contact = await insertContact(`${crypto.randomUUID()}@example.nz`, "Otago");
    await db()
      .insert(waveInvitations)
      .values({
        waveId: wave!.id,
        contactId: contact,
        region: "Otago",
        sentAt: NOW,
        expiresAt,
        claimedAt: claimed ? NOW : null,
      });
  };
  await invite(new Date(NOW.getTime() + 3_600_000));
  await invite(new Date(NOW.getTime() + 3_600_000), true);
  await invite(new Date(NOW.getTime() + 72 * 3_600_000));
  await db()
    .insert(products)
    .values([
      buildProduct({ stockQuantity: 2 }),
      buildProduct({ stockQuantity: 50 }),
      buildProduct({ stockQuantity: 1, active: false }),
    ]);
  const q = await getWorkQueue(NOW);
  expect(line(q, "gifts-to-send").count).toBe(2);
  expect(line(q, "waves-closing").count).toBe(1);
  expect(line(q, "low-stock")).toMatchObject({
    count: 1,
    title: "product low on stock",
    to: "/admin/products?show=low-stock",
  });
});

test("box items short for the coming month's packing days, not those with enough", async () => {
  const basil = {
    id: "seedling-basil",
    name: "Basil seedlings",
    kind: "seedling",
    sizeClass: "small-seedling",
  } as const;
  const carrot = {
    id: "seed-carrot",
    name: "Carrot seeds",
    kind: "seed",
    sizeClass: "seed-packet",
  } as const;
  await db().insert(boxItems).values([basil, carrot]);
  await db()
    .insert(boxStockMoves)
    .values([
      { itemId: basil.id, kind: "receive", quantity: 3 },
      { itemId: carrot.id, kind: "receive", quantity: 4 },
    ]);
  const lines = [basil, carrot].map((i) => ({
    itemId: i.id,
    name: i.name,
    kind: i.kind,
    sizeClass: i.sizeClass,
    quantity: 2,
  }));
  // Two boxes on the 8th: 4 basil wanted, 3 on hand; 4 carrot wanted, 4 on hand.
  for (let i = 0; i < 2; i++) {
    const { id } = await insertSubscription({ nextBoxOn: DAY });
    await db()
      .insert(boxes)
      .values({
        subscriptionId: id,
        deliverOn: DAY,
        cutoffAt: new Date("2026-12-03T00:00:00Z"),
        status: "charged",
        plan: "1m2",
        zone: "warm-north",
        items: lines,
        amount: 5900,
        currency: "USD",
      });
  }
  expect(line(await getWorkQueue(NOW), "box-stock-short")).toMatchObject({
    count: 1,
    title: "box item short for a packing day",
    to: "/admin/stock",
  });
  expect(line(await getWorkQueue(NOW), "box-stock-short").detail).toContain(DAY);
  await db().insert(boxStockMoves).values({ itemId: basil.id, kind: "receive", quantity: 1 });
  expect(line(await getWorkQueue(NOW), "box-stock-short").count).toBe(0);
});

test("the coming packing day's boxes against its capacity: room, nearly full, full and over, each linking to the forecast", async () => {
  const capacity = async (boxes: number) => {
    await setPackingDayCapacity({ day: DAY, capacity: boxes }, "ana@patch.nz", NOW);
    return (await getWorkQueue(NOW)).capacity;
  };
  for (let i = 0; i < 9; i++) await insertSubscription({ week: 2, nextBoxOn: DAY });
  expect(await capacity(20)).toEqual({
    day: DAY,
    booked: 9,
    capacity: 20,
    level: "room",
    text: "Packing day Tuesday 8 December 2026: 9 boxes booked of its capacity of 20.",
    to: `/admin/forecast?day=${DAY}`,
  });
  expect(await capacity(10)).toMatchObject({
    level: "near",
    text: "Packing day Tuesday 8 December 2026 is nearly full: 9 boxes booked of its capacity of 10.",
  });
  expect(await capacity(9)).toMatchObject({
    level: "full",
    text: "Packing day Tuesday 8 December 2026 is full: 9 boxes booked of its capacity of 9. New subscriptions go to other weeks.",
  });
  expect(await capacity(8)).toMatchObject({
    level: "over",
    text: "Packing day Tuesday 8 December 2026 is over capacity: 9 boxes booked for a capacity of 8. Raise its capacity or plan extra packing.",
  });
});
