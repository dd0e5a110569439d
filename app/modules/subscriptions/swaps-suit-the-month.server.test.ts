// Issue 39 §8, on a real database with the demo data: a member's swaps offer only what is in season
// for the box's month where they grow (the plant library's New Zealand months), nothing is chosen
// for them, and the server refuses an out-of-season or unchosen swap in words (400); a plan change
// keeps a swap that still fits the new box, names one it drops before the member confirms, and
// refuses to drop a swap the member wasn't shown.
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { boxes } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { statusOf } from "#app/lib/outcome.ts";
import { seedDemoData } from "#db/seed-data.ts";
import { boxItemInSeason } from "#app/modules/garden/box-item-season.server.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { contentsFor } from "./box-contents.server.ts";
import { BOX_MESSAGES } from "./boxes.schema.ts";
import { acceptCancelOffer } from "./accept-cancel-offer.server.ts";
import { changeSubscriptionPlan, previewPlanChange } from "./change-subscription-plan.server.ts";
import { getSubscriptionOverview } from "./get-subscription-overview.server.ts";
import { getNextBox } from "./next-box.server.ts";
import { sendSubscriptionChangeJob } from "./send-subscription-change.server.ts";
import { swapNextBoxItem } from "./swap-next-box-item.server.ts";

const t = testServices({ queues: [sendSubscriptionChangeJob] as never });

beforeAll(async () => {
  await seedDemoData(db(), t.database.settings);
});

// 25 November 2026 in Auckland: the week-2 box of 8 January 2027 (summer) can change until 3 January.
const SUMMER_NOW = new Date("2026-11-25T02:00:00Z");
// 25 May 2027: the box of 8 June 2027 (winter) can change until 3 June.
const WINTER_NOW = new Date("2027-05-25T02:00:00Z");
const winter = () =>
  insertSubscription({ nextBoxOn: "2027-05-08", now: new Date("2027-04-28T02:00:00Z") });

const overviewOf = (userId: string, now: Date) =>
  getSubscriptionOverview(userId, { now, currency: "USD", inSeason: boxItemInSeason });

test("a winter box offers only winter's items (no basil), and a summer box offers basil", async () => {
  const { userId } = await winter();
  const june = (await overviewOf(userId, WINTER_NOW)).subscription!.nextBox!;
  expect(june.month).toBe("June");
  const offered = june.swaps.flatMap((s) => s.options.map((o) => o.id));
  expect(offered.length).toBeGreaterThan(0);
  // Every offer suits June in Auckland's warm-north zone; basil, frost-tender, is not one.
  expect(offered.every((id) => boxItemInSeason(id, 6, "warm-north"))).toBe(true);
  expect(offered).not.toContain("seed-basil");
  expect(offered).not.toContain("seedling-tomato");

  const summer = await insertSubscription();
  const january = (await overviewOf(summer.userId, SUMMER_NOW)).subscription!.nextBox!;
  const summerOffers = january.swaps.flatMap((s) => s.options.map((o) => o.id));
  expect(summerOffers.every((id) => boxItemInSeason(id, 1, "warm-north"))).toBe(true);
  expect(summerOffers).toContain("seed-basil");
  // The same catalogue without the season offers more: the filter is what removes them.
  const unfiltered = await getSubscriptionOverview(userId, { now: WINTER_NOW, currency: "USD" });
  expect(
    unfiltered.subscription!.nextBox!.swaps.flatMap((s) => s.options.map((o) => o.id)),
  ).toContain("seed-basil");
});

test("the server refuses an out-of-season swap and an unchosen one with a 400 in words, writing nothing", async () => {
  const { id, userId } = await winter();
  const next = (await getNextBox(id, { userId, now: WINTER_NOW }))!;
  const box = next.upcoming ?? next;
  expect(box.deliverOn).toBe("2027-06-08");
  const seeds = box.items.find((i) => i.sizeClass === "seed-packet" && i.itemId !== "seed-basil")!;
  expect(seeds).toBeDefined();
  const who = { userId, now: WINTER_NOW, inSeason: boxItemInSeason };

  const basil = await swapNextBoxItem({ itemId: seeds.itemId, replacementId: "seed-basil" }, who);
  expect(basil).toMatchObject({
    ok: false,
    code: "invalid",
    message: BOX_MESSAGES.outOfSeason("Basil seeds", "June"),
  });
  expect(statusOf(basil)).toBe(400);

  for (const replacementId of [undefined, "", "   "]) {
    const none = await swapNextBoxItem({ itemId: seeds.itemId, replacementId }, who);
    expect(none).toMatchObject({ ok: false, message: BOX_MESSAGES.chooseReplacement });
    expect(statusOf(none)).toBe(400);
  }
  const after = (await getNextBox(id, { userId, now: WINTER_NOW }))!;
  expect(after.items.map((i) => i.itemId)).toEqual(box.items.map((i) => i.itemId));

  // An offered, in-season choice goes through.
  const june = (await overviewOf(userId, WINTER_NOW)).subscription!.nextBox!;
  const choice = june.swaps.find((s) => s.itemId === seeds.itemId)!;
  const ok = await swapNextBoxItem(
    { itemId: seeds.itemId, replacementId: choice.options[0]!.id },
    who,
  );
  expect(ok).toMatchObject({ ok: true });
});

/** A swap in the January box of a 1m² member: `leaving` out, an in-season item not in `plan`'s box in. */
async function swapFor(keepIn: "in" | "out", plan: "0.5m2" | "2m2") {
  const sub = await insertSubscription({ plan: "1m2" });
  const box = (await getNextBox(sub.id, { userId: sub.userId, now: SUMMER_NOW }))!.upcoming!;
  const target = await contentsFor(db(), 1, "warm-north", plan);
  const inTarget = (id: string) => target.some((l) => l.itemId === id);
  const overview = (await overviewOf(sub.userId, SUMMER_NOW)).subscription!.nextBox!;
  for (const s of overview.swaps) {
    if (inTarget(s.itemId) !== (keepIn === "in")) continue;
    const option = s.options.find((o) => !inTarget(o.id));
    if (!option) continue;
    const swapped = await swapNextBoxItem(
      { itemId: s.itemId, replacementId: option.id },
      { userId: sub.userId, now: SUMMER_NOW, inSeason: boxItemInSeason },
    );
    expect(swapped.ok).toBe(true);
    return { ...sub, box, from: s, to: option };
  }
  throw new Error(`no swap ${keepIn} the ${plan} box in January's contents`);
}

const itemsOf = async (subscriptionId: string, deliverOn: string) => {
  const rows = await db().select().from(boxes).where(eq(boxes.subscriptionId, subscriptionId));
  return rows.find((r) => r.deliverOn === deliverOn)!.items.map((i) => i.itemId);
};

test("a plan change keeps a swap that still fits the new box, and says so before and after", async () => {
  const { id, userId, box, from, to } = await swapFor("in", "2m2");
  const preview = await previewPlanChange(userId, "2m2", SUMMER_NOW);
  expect(preview).toMatchObject({
    size: "2m²",
    kept: [`${to.name} (instead of ${from.name})`],
    dropped: [],
    confirmDrops: "",
  });
  const changed = await changeSubscriptionPlan(
    { requestKey: crypto.randomUUID(), plan: "2m2" },
    { userId, now: SUMMER_NOW },
  );
  expect(changed).toMatchObject({ ok: true, changed: true });
  expect(changed.ok && changed.message).toContain(
    `Your swap stays in the new box: ${to.name} (instead of ${from.name}).`,
  );
  const items = await itemsOf(id, box.deliverOn);
  expect(items).toContain(to.id);
  expect(items).not.toContain(from.itemId);
  // The rest of the box is the 2m² plan's: bigger than the 1m² box was.
  expect(items.length).toBe((await contentsFor(db(), 1, "warm-north", "2m2")).length);
});

test("a plan change that drops a swap names it, is refused until confirmed, then drops only it", async () => {
  const { id, userId, box, from, to } = await swapFor("out", "0.5m2");
  const words = `${to.name} (instead of ${from.name})`;
  const preview = await previewPlanChange(userId, "0.5m2", SUMMER_NOW);
  expect(preview).toMatchObject({ size: "0.5m²", kept: [], dropped: [words] });
  expect(preview!.confirmDrops).toBe(`${box.deliverOn}:${from.itemId}:${to.id}`);

  // Posted without the confirmation (an old page, a crafted form): refused, nothing changed.
  const unconfirmed = await changeSubscriptionPlan(
    { requestKey: crypto.randomUUID(), plan: "0.5m2" },
    { userId, now: SUMMER_NOW },
  );
  expect(unconfirmed).toMatchObject({ ok: false, code: "conflict" });
  expect(statusOf(unconfirmed)).toBe(409);
  expect(unconfirmed.ok || unconfirmed.message).toContain(words);
  expect(await itemsOf(id, box.deliverOn)).toContain(to.id);
  expect((await getNextBox(id, { userId, now: SUMMER_NOW }))!.upcoming!.plan).toBe("1m2");

  const key = crypto.randomUUID();
  const confirmed = await changeSubscriptionPlan(
    { requestKey: key, plan: "0.5m2", confirmDrops: preview!.confirmDrops },
    { userId, now: SUMMER_NOW },
  );
  expect(confirmed).toMatchObject({ ok: true, changed: true });
  expect(confirmed.ok && confirmed.message).toContain(`so it's dropped: ${words}`);
  const items = await itemsOf(id, box.deliverOn);
  expect(items).not.toContain(to.id);
  expect(items).toEqual((await contentsFor(db(), 1, "warm-north", "0.5m2")).map((l) => l.itemId));
  // The confirmation sent again (a double click) answers as the first time.
  expect(
    await changeSubscriptionPlan(
      { requestKey: key, plan: "0.5m2", confirmDrops: preview!.confirmDrops },
      { userId, now: SUMMER_NOW },
    ),
  ).toMatchObject({ ok: true, changed: false });
});

test("without swaps there is nothing to confirm; the smaller-plan offer says which swap it drops", async () => {
  const plain = await insertSubscription();
  expect(await previewPlanChange(plain.userId, "2m2", SUMMER_NOW)).toBeNull();

  const { userId, from, to } = await swapFor("out", "0.5m2");
  const offer = await acceptCancelOffer(
    { requestKey: crypto.randomUUID(), reason: "too-expensive" },
    { userId, now: SUMMER_NOW },
  );
  expect(offer).toMatchObject({ ok: true });
  expect(offer.ok && offer.message).toContain(`${to.name} (instead of ${from.name})`);
});
