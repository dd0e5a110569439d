// Accepting next season's plan on a real database: the saved plan becomes the rotated one with this
// season's as its memory, a second press changes nothing, a stale or forged suggestion is refused,
// and the member's next box made afterwards carries the plan's crops in place of others of the
// same size class.
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { boxes, subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { seedDemoData } from "#db/seed-data.ts";
import { contentsFor, inSeasonFor } from "#app/modules/subscriptions/box-contents.server.ts";
import { getNextBox } from "#app/modules/subscriptions/next-box.server.ts";
import { insertMember } from "#tests/factories/members.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { testServices } from "#tests/setup/test-services.ts";
import {
  acceptNextSeason,
  boxItemsFor,
  NEXT_SEASON_MESSAGES,
} from "./accept-next-season.server.ts";
import { BOX_SEEDLING_PLANTS } from "./box-seedlings.ts";
import { rotationWarnings } from "./garden-rules.ts";
import { emptyPlan } from "./garden.schema.ts";
import { getGarden } from "./get-garden.server.ts";
import { squaresBasis } from "./next-season.ts";
import { loadPlantLibrary } from "./plant-library.server.ts";
import { saveGarden } from "./save-garden.server.ts";

const t = testServices();
const NOW = new Date("2026-11-25T02:00:00Z");

beforeAll(async () => {
  await seedDemoData(db(), t.database.settings);
});

test("accepting saves the rotated plan once; a stale or forged suggestion is refused", async () => {
  const userId = await insertMember({ name: "Mere" });
  const plan = emptyPlan("1m2");
  plan.squares[0] = ["tomato"];
  plan.squares[1] = ["buttercrunch-lettuce"];
  plan.squares[4] = ["dwarf-beans"];
  expect((await saveGarden({ userId, plan })).ok).toBe(true);
  const basis = squaresBasis(plan.squares);

  expect(await acceptNextSeason({ userId, basis: "<script>" })).toMatchObject({
    ok: false,
    code: "invalid",
  });
  expect(await acceptNextSeason({ userId, basis: "0123456789abcdef" })).toMatchObject({
    ok: false,
    code: "conflict",
    message: NEXT_SEASON_MESSAGES.changed,
  });

  const first = await acceptNextSeason({ userId, basis });
  // No subscription: the plan is saved, no boxes to follow it.
  expect(first).toEqual({ ok: true, boxes: 0, message: NEXT_SEASON_MESSAGES.accepted });
  const saved = (await getGarden(userId)).plan!;
  expect(saved.lastSeason).toEqual(plan.squares);
  expect(saved.squares).not.toEqual(plan.squares);
  expect(saved.squares.flat().sort()).toEqual(plan.squares.flat().sort());
  expect(
    rotationWarnings(
      { columns: 3, rows: 3, squares: saved.squares },
      saved.lastSeason,
      loadPlantLibrary(),
    ),
  ).toEqual([]);

  // Pressed again (or retried after a lost answer): the same plan, not rotated a second time.
  expect(await acceptNextSeason({ userId, basis })).toMatchObject({ ok: true });
  expect((await getGarden(userId)).plan).toEqual(saved);

  const stranger = await insertMember({ name: "Nobody" });
  expect(await acceptNextSeason({ userId: stranger, basis })).toMatchObject({
    ok: false,
    code: "not-found",
  });
});

test("the next box made after accepting carries the plan's crops, same size class and price", async () => {
  const { id, userId } = await insertSubscription({ now: NOW });
  // The upcoming box is January's, warm north (Auckland), 1 m². Pick a crop January sends the
  // warm north in some plan but not in this member's box, that the library has...
  const [box, inSeason] = await db().transaction(async (tx) => [
    await contentsFor(tx, 1, "warm-north", "1m2"),
    await inSeasonFor(tx, 1, "warm-north"),
  ]);
  const inBox = new Set(box.map((l) => l.itemId));
  // ...and of a size class the box has a seedling line of, for it to take the place of.
  const plantOf = (itemId: string) => BOX_SEEDLING_PLANTS[itemId.replace(/^seed-/, "seedling-")];
  const extra = inSeason.filter(
    (l) =>
      l.kind !== "supply" &&
      !inBox.has(l.itemId) &&
      plantOf(l.itemId) &&
      box.some((b) => b.kind === l.kind && b.sizeClass === l.sizeClass),
  );
  expect(extra.length).toBeGreaterThan(0);
  const wantedLine = extra[0]!;
  const plan = emptyPlan("1m2");
  plan.squares[0] = [plantOf(wantedLine.itemId)!];
  expect((await saveGarden({ userId, plan })).ok).toBe(true);

  const before = await getNextBox(id, { userId, now: NOW });
  expect(before!.upcoming!.items.map((i) => i.itemId)).not.toContain(wantedLine.itemId);

  expect(await acceptNextSeason({ userId, basis: squaresBasis(plan.squares) })).toMatchObject({
    ok: true,
    boxes: 1,
  });
  const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.id, id));
  expect(sub!.gardenItems).toEqual(boxItemsFor([[plantOf(wantedLine.itemId)!]]).sort());

  const after = await getNextBox(id, { userId, now: NOW });
  const items = after!.upcoming!.items;
  expect(items.map((i) => i.itemId)).toContain(wantedLine.itemId);
  // One line of the same size class gave way; the box holds as many lines, at the same price.
  expect(items).toHaveLength(before!.upcoming!.items.length);
  expect(after!.upcoming!.amount).toBe(before!.upcoming!.amount);
  const sizes = (lines: typeof items) => lines.map((l) => l.sizeClass).sort();
  expect(sizes(items)).toEqual(sizes(before!.upcoming!.items));
  // The box row itself is made with those contents when the renewal comes to it.
  expect(await db().select().from(boxes).where(eq(boxes.deliverOn, "2027-01-08"))).toEqual([]);
});
