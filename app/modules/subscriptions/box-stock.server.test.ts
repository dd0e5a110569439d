// Box-item stock on a real database (ADR 077): stock received is a ledger row with who, when and
// a note, once per form however often it is sent; what coming packing days need comes from the
// forecast's boxes not yet packed, and the first day an item runs short says by how much; packing
// a run takes each box's items off once, however many presses race, and a second take for the
// same box is stopped by the (box, item) constraint itself. Figures worked out by hand.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { boxItems, boxStockMoves, type BoxLine, type BoxStatus } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { markRunPacked } from "#app/flows/ship-packing-run.server.ts";
import { insertBox, insertSubscription } from "#tests/factories/subscriptions.ts";
import { testServices } from "#tests/setup/test-services.ts";
import {
  getStock,
  onHandByItem,
  receiveStock,
  recentReceipts,
  shortages,
  takePackedOffStock,
} from "./box-stock.server.ts";
import { forecastWindow } from "./forecast.server.ts";

testServices({ emptyBeforeEach: true });

const WINDOW = forecastWindow(new Date("2026-12-02T02:00:00Z"));
const BASIL = {
  id: "seedling-basil",
  name: "Basil seedlings",
  kind: "seedling",
  sizeClass: "small-seedling",
} as const;
const CARROT = {
  id: "seed-carrot",
  name: "Carrot seeds",
  kind: "seed",
  sizeClass: "seed-packet",
} as const;
const line = (i: typeof BASIL | typeof CARROT, quantity: number): BoxLine => ({
  itemId: i.id,
  name: i.name,
  kind: i.kind,
  sizeClass: i.sizeClass,
  quantity,
});

async function box(deliverOn: string, status: BoxStatus, items: BoxLine[]) {
  const { id: subscriptionId } = await insertSubscription({ nextBoxOn: deliverOn });
  return insertBox(subscriptionId, deliverOn, status, items);
}

const receive = (itemId: string, quantity: unknown, requestKey = crypto.randomUUID()) =>
  receiveStock(
    { itemId, quantity, note: "Kahikatea Nursery delivery", requestKey },
    "ana@patch.nz",
  );

const lineOf = async (itemId: string) =>
  (await getStock(WINDOW)).lines.find((l) => l.itemId === itemId)!;

test("stock received is a ledger row with who and a note, once per form sent", async () => {
  await db().insert(boxItems).values([BASIL, CARROT]);
  const key = crypto.randomUUID();
  expect(await receive(BASIL.id, "40", key)).toEqual({ ok: true, repeated: false });
  expect(await receive(BASIL.id, "40", key)).toEqual({ ok: true, repeated: true });
  expect(await receive(BASIL.id, 5)).toEqual({ ok: true, repeated: false });
  expect((await onHandByItem()).get(BASIL.id)).toBe(45);
  const receipts = await recentReceipts();
  expect(receipts).toHaveLength(2);
  expect(receipts[0]).toMatchObject({
    name: "Basil seedlings",
    authorEmail: "ana@patch.nz",
    note: "Kahikatea Nursery delivery",
  });
  expect(receipts.map((r) => r.quantity).sort()).toEqual([40, 5]);
  expect((await lineOf(CARROT.id)).onHand).toBe(0);
});

test("a receipt that can't be right is refused in words and records nothing", async () => {
  await db().insert(boxItems).values([BASIL]);
  for (const [input, field] of [
    [{ itemId: BASIL.id, quantity: "0", requestKey: crypto.randomUUID() }, "quantity"],
    [{ itemId: BASIL.id, quantity: "2.5", requestKey: crypto.randomUUID() }, "quantity"],
    [{ itemId: BASIL.id, quantity: "lots", requestKey: crypto.randomUUID() }, "quantity"],
    [{ itemId: BASIL.id, quantity: "1000001", requestKey: crypto.randomUUID() }, "quantity"],
    [{ itemId: "", quantity: "3", requestKey: crypto.randomUUID() }, "itemId"],
    [{ itemId: "seedling-nothing", quantity: "3", requestKey: crypto.randomUUID() }, "itemId"],
    [{ itemId: BASIL.id, quantity: "3", requestKey: "not-a-key" }, "requestKey"],
    [
      { itemId: BASIL.id, quantity: "3", note: "x".repeat(501), requestKey: crypto.randomUUID() },
      "note",
    ],
  ] as const) {
    const result = await receiveStock(input, "ana@patch.nz");
    expect(result.ok, JSON.stringify(input)).toBe(false);
    if (!result.ok) expect(Object.keys(result.fieldErrors ?? {})).toContain(field);
  }
  expect(await db().select().from(boxStockMoves)).toEqual([]);
});

test("reserved is the coming boxes not yet packed; short by day, added up from today", async () => {
  await db().insert(boxItems).values([BASIL, CARROT]);
  await receive(BASIL.id, 5);
  await receive(CARROT.id, 10);
  // 8 December: three charged boxes and one to be charged; a skipped box needs nothing.
  for (const status of ["charged", "charged", "charged", "scheduled"] as const)
    await box("2026-12-08", status, [line(BASIL, 2), line(CARROT, 1)]);
  await box("2026-12-08", "skipped", [line(BASIL, 2)]);
  // 15 December: one box of basil.
  await box("2026-12-15", "charged", [line(BASIL, 3)]);
  const basil = await lineOf(BASIL.id);
  expect(basil).toMatchObject({ onHand: 5, reserved: 11, available: -6 });
  expect(basil.firstShort).toEqual({ day: "2026-12-08", need: 8, shortBy: 3 });
  expect(basil.days.find((d) => d.day === "2026-12-15")).toEqual({
    day: "2026-12-15",
    need: 3,
    shortBy: 6,
  });
  const carrot = await lineOf(CARROT.id);
  expect(carrot).toMatchObject({ onHand: 10, reserved: 4, available: 6, firstShort: null });
  const { lines } = await getStock(WINDOW);
  expect(lines[0]!.itemId).toBe(BASIL.id);
  expect(shortages(lines)).toEqual({ count: 1, soonest: "2026-12-08" });
});

test("racing pack presses take each box's items off the stock once", async () => {
  await db().insert(boxItems).values([BASIL, CARROT]);
  await receive(BASIL.id, 20);
  await receive(CARROT.id, 20);
  // Two lines of basil in one box are one ledger row of their sum.
  for (let i = 0; i < 4; i++)
    await box("2026-12-08", "charged", [line(BASIL, 2), line(CARROT, 1), line(BASIL, 1)]);
  await box("2026-12-15", "charged", [line(BASIL, 2)]);
  expect((await lineOf(BASIL.id)).reserved).toBe(14);
  const results = await Promise.all([
    markRunPacked("2026-12-08", "ana@patch.nz"),
    markRunPacked("2026-12-08", "wiremu@patch.nz"),
    markRunPacked("2026-12-08", "ana@patch.nz"),
  ]);
  expect(results.reduce((n, r) => n + r.packed, 0)).toBe(4);
  expect(await markRunPacked("2026-12-08")).toEqual({ packed: 0 });
  const basil = await lineOf(BASIL.id);
  // 20 received less 4 boxes of 3; what 15 December needs is still reserved.
  expect(basil).toMatchObject({ onHand: 8, reserved: 2, available: 6 });
  expect((await lineOf(CARROT.id)).onHand).toBe(16);
  const moves = await db().select().from(boxStockMoves).where(eq(boxStockMoves.kind, "pack"));
  expect(moves).toHaveLength(8);
  expect(new Set(moves.map((m) => `${m.boxId}|${m.itemId}`)).size).toBe(8);
  expect(
    moves.every((m) => m.authorEmail === "ana@patch.nz" || m.authorEmail === "wiremu@patch.nz"),
  ).toBe(true);
});

test("the ledger itself refuses a box's items taken off twice", async () => {
  await db().insert(boxItems).values([BASIL]);
  await receive(BASIL.id, 10);
  const made = await box("2026-12-08", "packed", [line(BASIL, 2)]);
  const takes = await Promise.all([
    db().transaction((tx) => takePackedOffStock(tx, [made.id], "ana@patch.nz")),
    db().transaction((tx) => takePackedOffStock(tx, [made.id], "wiremu@patch.nz")),
  ]);
  expect(takes.sort()).toEqual([0, 1]);
  expect((await onHandByItem()).get(BASIL.id)).toBe(8);
  // Not by the code's care alone: a plain second insert is refused by the unique index.
  await expect(
    db()
      .insert(boxStockMoves)
      .values({ itemId: BASIL.id, kind: "pack", quantity: -2, boxId: made.id }),
  ).rejects.toThrow();
  // And a pack row can't add stock, nor a receipt take it.
  await expect(
    db().insert(boxStockMoves).values({ itemId: BASIL.id, kind: "pack", quantity: 2 }),
  ).rejects.toThrow();
  await expect(
    db().insert(boxStockMoves).values({ itemId: BASIL.id, kind: "receive", quantity: -2 }),
  ).rejects.toThrow();
});

test("more packed than received is on hand below nothing, but no day is short beyond its need", async () => {
  await db().insert(boxItems).values([BASIL]);
  await box("2026-12-08", "charged", [line(BASIL, 2)]);
  await markRunPacked("2026-12-08");
  expect(await lineOf(BASIL.id)).toMatchObject({ onHand: -2, reserved: 0, firstShort: null });
  await box("2026-12-15", "charged", [line(BASIL, 3)]);
  expect((await lineOf(BASIL.id)).firstShort).toEqual({ day: "2026-12-15", need: 3, shortBy: 3 });
});
