// A shipped box's seedlings feed the member's plan, on a real database: nothing is offered until
// the admin marks the box's order shipped (the real event, /admin/order), then the library plants
// among its seedlings are offered with the first empty squares; one press places them, saves the
// plan and they aren't offered again; a full plan says make room; another member sees none.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { boxes, gardens, orders, type BoxLine } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { exportMyData } from "#app/modules/accounts/export-my-data.server.ts";
import { changeOrderStatus } from "#app/modules/orders/change-order-status.server.ts";
import { orderJobs } from "#app/modules/orders/order-jobs.server.ts";
import { insertMember } from "#tests/factories/members.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { getBoxSeedlings } from "./get-box-seedlings.server.ts";
import { emptyPlan } from "./garden.schema.ts";
import { getGarden } from "./get-garden.server.ts";
import { PLACE_SEEDLINGS_MESSAGES, placeBoxSeedlings } from "./place-box-seedlings.server.ts";
import { saveGarden } from "./save-garden.server.ts";

testServices({ queues: orderJobs });

const TODAY = "2026-12-10";
const line = (itemId: string, kind: BoxLine["kind"], name = itemId): BoxLine => ({
  itemId,
  name,
  kind,
  sizeClass: kind === "seedling" ? "small-seedling" : kind === "seed" ? "seed-packet" : "supply",
  quantity: 1,
});
const ITEMS = [
  line("seedling-lettuce", "seedling"),
  line("seed-carrot", "seed"),
  line("seedling-parsley", "seedling"),
  line("supply-compost", "supply"),
];

/** A member's paid box (delivered that week) and its order, as the renewal leaves them. */
async function paidBox(deliverOn = "2026-12-08", items = ITEMS) {
  const sub = await insertSubscription({ plan: "0.5m2", nextBoxOn: deliverOn });
  const [order] = await db()
    .insert(orders)
    .values({
      idempotencyKey: crypto.randomUUID(),
      kind: "subscription box",
      status: "paid",
      name: "Aroha Ngata",
      email: `${sub.userId}@example.nz`,
      userId: sub.userId,
      address: {
        street: "12 Kowhai Road",
        city: "Auckland",
        state: "Auckland",
        zip: "1021",
        country: "New Zealand",
        rural: false,
      },
      shippingMethod: "subscription",
      currency: "USD",
      subtotal: 4900,
      shipping: 0,
      gst: 639,
      total: 4900,
      paymentProvider: "demo",
      expiresAt: new Date(),
      paidAt: new Date(),
    })
    .returning({ id: orders.id });
  const [box] = await db()
    .insert(boxes)
    .values({
      subscriptionId: sub.id,
      deliverOn,
      cutoffAt: new Date(`${deliverOn}T00:00:00Z`),
      status: "charged",
      plan: "0.5m2",
      zone: "warm-north",
      items,
      amount: 4900,
      currency: "USD",
      orderId: order!.id,
    })
    .returning({ id: boxes.id });
  return { userId: sub.userId, orderId: order!.id, boxId: box!.id };
}

const ship = async (orderId: string) =>
  expect(
    await changeOrderStatus(orderId, { status: "shipped", trackingNumber: "NZP123456" }),
  ).toEqual({ ok: true });

test("a box's seedlings are offered once its order ships, and one press places them", async () => {
  const { userId, orderId, boxId } = await paidBox();
  expect(await getBoxSeedlings({ userId, today: TODAY })).toEqual({ columns: 0, seedlings: [] });

  const plan = emptyPlan("0.5m2");
  plan.squares[0] = ["tomato"];
  expect((await saveGarden({ userId, plan })).ok).toBe(true);
  await ship(orderId);

  const offered = await getBoxSeedlings({ userId, today: TODAY });
  expect(offered).toEqual({
    columns: 3,
    seedlings: [
      { boxId, deliverOn: "2026-12-08", plantId: "buttercrunch-lettuce", square: 1 },
      { boxId, deliverOn: "2026-12-08", plantId: "italian-parsley", square: 2 },
    ],
  });
  // Another member sees nothing of it.
  const other = await insertMember();
  expect((await getBoxSeedlings({ userId: other, today: TODAY })).seedlings).toEqual([]);
  expect(await placeBoxSeedlings({ userId: other, today: TODAY })).toMatchObject({
    ok: false,
    message: PLACE_SEEDLINGS_MESSAGES.none,
  });

  expect(await placeBoxSeedlings({ userId, today: TODAY })).toMatchObject({
    ok: true,
    placed: 2,
    left: 0,
  });
  expect((await getGarden(userId)).plan?.squares).toEqual([
    ["tomato"],
    ["buttercrunch-lettuce"],
    ["italian-parsley"],
    [],
    [],
    [],
  ]);
  expect((await getBoxSeedlings({ userId, today: TODAY })).seedlings).toEqual([]);
  // A second press places nothing twice.
  expect(await placeBoxSeedlings({ userId, today: TODAY })).toMatchObject({
    ok: false,
    message: PLACE_SEEDLINGS_MESSAGES.none,
  });
  expect((await exportMyData(userId))?.boxSeedlingsPlaced).toEqual([
    expect.objectContaining({ boxId, plantId: "buttercrunch-lettuce", square: 1 }),
    expect.objectContaining({ boxId, plantId: "italian-parsley", square: 2 }),
  ]);
});

test("a member without a saved plan gets one; a full plan makes room first", async () => {
  const { userId, orderId } = await paidBox();
  await ship(orderId);
  // No saved plan: their subscription's box, empty, from the north-west corner.
  expect((await getBoxSeedlings({ userId, today: TODAY })).seedlings.map((s) => s.square)).toEqual([
    0, 1,
  ]);

  const full = emptyPlan("0.5m2");
  full.squares = full.squares.map((_, i) => (i === 4 ? [] : ["kale"]));
  expect((await saveGarden({ userId, plan: full })).ok).toBe(true);
  expect((await getBoxSeedlings({ userId, today: TODAY })).seedlings.map((s) => s.square)).toEqual([
    4,
    null,
  ]);
  expect(await placeBoxSeedlings({ userId, today: TODAY })).toMatchObject({
    ok: true,
    placed: 1,
    left: 1,
  });
  const rest = await getBoxSeedlings({ userId, today: TODAY });
  expect(rest.seedlings).toMatchObject([{ plantId: "italian-parsley", square: null }]);
  expect(await placeBoxSeedlings({ userId, today: TODAY })).toMatchObject({
    ok: false,
    message: PLACE_SEEDLINGS_MESSAGES.full,
  });
  const [row] = await db().select().from(gardens).where(eq(gardens.userId, userId));
  expect(row!.squares[4]).toEqual(["buttercrunch-lettuce"]);
});

test("boxes not shipped, or delivered more than 8 weeks ago, offer nothing", async () => {
  const old = await paidBox("2026-10-01");
  await ship(old.orderId);
  expect((await getBoxSeedlings({ userId: old.userId, today: TODAY })).seedlings).toEqual([]);
  // A box marked shipped itself counts too.
  const marked = await paidBox();
  expect((await getBoxSeedlings({ userId: marked.userId, today: TODAY })).seedlings).toEqual([]);
  await db().update(boxes).set({ status: "shipped" }).where(eq(boxes.id, marked.boxId));
  expect(
    (await getBoxSeedlings({ userId: marked.userId, today: TODAY })).seedlings.map(
      (s) => s.plantId,
    ),
  ).toEqual(["buttercrunch-lettuce", "italian-parsley"]);
});
