import { and, eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { boxContents, boxes, subscriptionEvents } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { seedDemoData } from "#db/seed-data.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { boxItemInSeason } from "#app/modules/garden/box-item-season.server.ts";
import { BOX_MESSAGES } from "./boxes.schema.ts";
import { getSubscriptionOverview } from "./get-subscription-overview.server.ts";
import { getNextBox, listSwapOptions, skipBox, swapBoxItem, unskipBox } from "./next-box.server.ts";
import { sendSubscriptionChangeJob } from "./send-subscription-change.server.ts";
import { swapNextBoxItem } from "./swap-next-box-item.server.ts";

// A swap from the member's page queues its confirmation e-mail (swap-next-box-item.server.test.ts).
const t = testServices({ queues: [sendSubscriptionChangeJob] as never });

// 25 November 2026, 3pm in Auckland: a week-2 subscription's first box (8 December) is paid; the
// next renewal is for 8 January, locked and charged at its cutoff, 3 January.
const NOW = new Date("2026-11-25T02:00:00Z");
const AFTER_CUTOFF = new Date("2027-01-03T00:00:00Z");

beforeAll(async () => {
  await seedDemoData(db(), t.database.settings);
});

async function eventsOf(id: string) {
  return db().select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, id));
}

test("the demo data seeds every month × zone × plan's box from the guides, bigger plans holding more", async () => {
  const rows = await db().select().from(boxContents);
  const keys = new Set(rows.map((r) => `${r.month}/${r.zone}/${r.plan}`));
  expect(keys.size).toBe(12 * 3 * 3);
  const count = (plan: string) =>
    rows.filter((r) => r.month === 11 && r.zone === "warm-north" && r.plan === plan).length;
  expect(count("0.5m2")).toBeLessThan(count("1m2"));
  expect(count("1m2")).toBeLessThan(count("2m2"));
  // November's warm-north guide: "Plant kūmara tupu", "Plant tomatoes, capsicums…".
  const nov = rows.filter((r) => r.month === 11 && r.zone === "warm-north" && r.plan === "2m2");
  expect(nov.map((r) => r.itemId)).toEqual(
    expect.arrayContaining(["seedling-kumara", "seedling-tomato", "supply-compost"]),
  );
});

test("a new subscription's next box is its paid first box; the one after can still change", async () => {
  const { id, userId } = await insertSubscription();
  const next = await getNextBox(id, { userId, now: NOW });
  expect(next).toMatchObject({
    deliverOn: "2026-12-08",
    deliverOnLabel: "Tuesday 8 December 2026",
    status: "charged",
    locked: true,
    amount: 3999,
    gst: 522,
  });
  expect(next!.upcoming).toMatchObject({
    deliverOn: "2027-01-08",
    status: "scheduled",
    locked: false,
    skipped: false,
    amount: 3999,
  });
  expect(next!.upcoming!.cutoffAt.toISOString()).toBe("2027-01-03T00:00:00.000Z");
  expect(next!.upcoming!.items.length).toBeGreaterThan(0);
  // Reading writes nothing.
  expect(await db().select().from(boxes).where(eq(boxes.subscriptionId, id))).toEqual([]);
  // Once the first box's week has begun, the January box is the next.
  const later = await getNextBox(id, { userId, now: new Date("2026-12-10T00:00:00Z") });
  expect(later).toMatchObject({ deliverOn: "2027-01-08", locked: false });
  expect(later!.upcoming).toBeUndefined();
});

test("someone else's subscription, or a malformed id, has no next box", async () => {
  const { id } = await insertSubscription();
  expect(await getNextBox(id, { userId: "someone-else", now: NOW })).toBeNull();
  expect(await getNextBox("not-an-id", { now: NOW })).toBeNull();
  expect(await skipBox({ subscriptionId: id }, { userId: "someone-else", now: NOW })).toMatchObject(
    { ok: false, code: "not-found" },
  );
  expect(await skipBox({ subscriptionId: "nope" }, { now: NOW })).toMatchObject({
    ok: false,
    code: "invalid",
    message: BOX_MESSAGES.notFound,
  });
});

test("skipping before the cutoff skips the upcoming box, once; unskipping puts it back", async () => {
  const { id, userId } = await insertSubscription();
  const skipped = await skipBox({ subscriptionId: id }, { userId, now: NOW });
  expect(skipped).toMatchObject({
    ok: true,
    message: BOX_MESSAGES.skipped,
    box: { deliverOn: "2027-01-08", status: "skipped", skipped: true },
  });
  expect(await skipBox({ subscriptionId: id }, { userId, now: NOW })).toMatchObject({ ok: true });
  const next = await getNextBox(id, { userId, now: NOW });
  expect(next!.upcoming).toMatchObject({ status: "skipped", skipped: true, locked: false });

  const back = await unskipBox(
    { subscriptionId: id, deliverOn: "2027-01-08" },
    { userId, now: NOW },
  );
  expect(back).toMatchObject({ ok: true, box: { status: "scheduled" } });
  const types = (await eventsOf(id)).map((e) => e.type).sort();
  expect(types).toEqual(["box_skipped", "box_unskipped"]);
  const rows = await db().select().from(boxes).where(eq(boxes.subscriptionId, id));
  expect(rows).toHaveLength(1);
});

test("a later box on the schedule can be skipped ahead; a date off the schedule can't", async () => {
  const { id } = await insertSubscription();
  expect(
    await skipBox({ subscriptionId: id, deliverOn: "2027-02-08" }, { now: NOW }),
  ).toMatchObject({ ok: true, box: { deliverOn: "2027-02-08", status: "skipped" } });
  expect(
    await skipBox({ subscriptionId: id, deliverOn: "2027-02-09" }, { now: NOW }),
  ).toMatchObject({ ok: false, code: "not-found", message: BOX_MESSAGES.noBox });
  // The paid current box is not a box the member can change.
  expect(
    await skipBox({ subscriptionId: id, deliverOn: "2026-12-08" }, { now: NOW }),
  ).toMatchObject({ ok: false, code: "not-found" });
  expect(await skipBox({ subscriptionId: id, deliverOn: "8 Feb" }, { now: NOW })).toMatchObject({
    ok: false,
    code: "invalid",
  });
});

test("after the cutoff the box is locked: no skip, no swap, and the message names the cutoff", async () => {
  const { id } = await insertSubscription();
  const late = await skipBox({ subscriptionId: id }, { now: AFTER_CUTOFF });
  expect(late).toMatchObject({ ok: false, code: "conflict" });
  expect(late.ok ? "" : late.message).toContain("Sunday 3 January");
  const next = await getNextBox(id, { now: AFTER_CUTOFF });
  expect(next).toMatchObject({ deliverOn: "2027-01-08", locked: true });
});

test("a swap takes an item of the same size class, before the cutoff, and only then", async () => {
  const { id } = await insertSubscription();
  const next = await getNextBox(id, { now: NOW });
  const box = next!.upcoming!;
  const seed = box.items.find((i) => i.sizeClass === "seed-packet");
  const supply = box.items.find((i) => i.kind === "supply")!;
  expect(seed).toBeDefined();
  const options = await listSwapOptions(box.items, seed!.itemId);
  expect(options.length).toBeGreaterThan(0);
  expect(options.map((o) => o.id)).not.toContain(seed!.itemId);
  const swapped = await swapBoxItem(
    { subscriptionId: id, itemId: seed!.itemId, replacementId: options[0]!.id },
    { now: NOW },
  );
  expect(swapped).toMatchObject({ ok: true });
  if (!swapped.ok) return;
  expect(swapped.box.items.map((i) => i.itemId)).toContain(options[0]!.id);
  expect(swapped.box.items.map((i) => i.itemId)).not.toContain(seed!.itemId);
  expect(swapped.box.items).toHaveLength(box.items.length);

  // A seed packet for a supply: a different size class.
  const inBox = new Set(swapped.box.items.map((i) => i.itemId));
  const otherSeeds = ["seed-carrot", "seed-radish", "seed-melon", "seed-leek"];
  const seedNotInBox = otherSeeds.find((s) => !inBox.has(s))!;
  expect(
    await swapBoxItem(
      { subscriptionId: id, itemId: supply.itemId, replacementId: seedNotInBox },
      { now: NOW },
    ),
  ).toMatchObject({ ok: false, code: "invalid", message: BOX_MESSAGES.notSwappable });
  expect(
    await swapBoxItem(
      { subscriptionId: id, itemId: "seedling-nothing", replacementId: "seed-carrot" },
      { now: NOW },
    ),
  ).toMatchObject({ ok: false, message: BOX_MESSAGES.notInBox });
  expect(
    await swapBoxItem(
      { subscriptionId: id, itemId: "Robert'); drop table", replacementId: "seed-carrot" },
      { now: NOW },
    ),
  ).toMatchObject({ ok: false, code: "invalid" });
  expect(
    await swapBoxItem(
      { subscriptionId: id, itemId: options[0]!.id, replacementId: seed!.itemId },
      { now: AFTER_CUTOFF },
    ),
  ).toMatchObject({ ok: false, code: "conflict" });
  const [row] = await db()
    .select()
    .from(boxes)
    .where(and(eq(boxes.subscriptionId, id), eq(boxes.deliverOn, "2027-01-08")));
  expect(row!.items.map((i) => i.itemId)).toContain(options[0]!.id);
});

test("a cancelled subscription's boxes can't be changed, and it has no box after the paid one", async () => {
  const { id } = await insertSubscription({ overrides: { status: "cancelled" } });
  expect(await skipBox({ subscriptionId: id }, { now: NOW })).toMatchObject({
    ok: false,
    code: "conflict",
    message: BOX_MESSAGES.notRunning,
  });
  expect(await getNextBox(id, { now: NOW })).toMatchObject({ deliverOn: "2026-12-08" });
  expect(await getNextBox(id, { now: new Date("2026-12-10T00:00:00Z") })).toBeNull();
});

test("the member's page offers each item of the changeable box its swaps, and a swap from it lands in that box only for its owner", async () => {
  const { id, userId } = await insertSubscription();
  const overview = await getSubscriptionOverview(userId, {
    now: NOW,
    currency: "USD",
    inSeason: boxItemInSeason,
  });
  const next = overview.subscription!.nextBox!;
  expect(next.locked).toBe(false);
  const choice = next.swaps.find((s) => s.options.length > 0)!;
  expect(choice).toBeDefined();
  // Another member's swap acts on their own subscription only, never on this one's box.
  const stranger = await insertSubscription();
  await swapNextBoxItem(
    { itemId: choice.itemId, replacementId: choice.options[0]!.id },
    { userId: stranger.userId, now: NOW, inSeason: boxItemInSeason },
  );
  const untouched = await getNextBox(id, { userId, now: NOW });
  expect(untouched!.upcoming!.items.map((i) => i.itemId)).toContain(choice.itemId);
  const swapped = await swapNextBoxItem(
    { itemId: choice.itemId, replacementId: choice.options[0]!.id },
    { userId, now: NOW, inSeason: boxItemInSeason },
  );
  expect(swapped).toMatchObject({
    ok: true,
    message: BOX_MESSAGES.swapped(choice.name, choice.options[0]!.name),
  });
  const after = await getSubscriptionOverview(userId, {
    now: NOW,
    currency: "USD",
    inSeason: boxItemInSeason,
  });
  expect(after.subscription!.nextBox!.contents.join(" ")).toContain(choice.options[0]!.name);
  expect((await eventsOf(id)).map((e) => e.type)).toContain("box_item_swapped");
  // A hostile replacement id is refused in words, and after the cutoff nothing can be swapped.
  expect(
    await swapNextBoxItem(
      { itemId: choice.itemId, replacementId: "../etc" },
      { userId, now: NOW, inSeason: boxItemInSeason },
    ),
  ).toMatchObject({ ok: false, code: "invalid" });
  const locked = await getSubscriptionOverview(userId, {
    now: AFTER_CUTOFF,
    currency: "USD",
    inSeason: boxItemInSeason,
  });
  expect(locked.subscription!.nextBox!.swaps.every((s) => s.options.length === 0)).toBe(true);
  expect(
    await swapNextBoxItem(
      { itemId: choice.options[0]!.id, replacementId: choice.itemId },
      { userId: "no-such-member", now: NOW, inSeason: boxItemInSeason },
    ),
  ).toMatchObject({ ok: false, code: "not-found" });
});
