import { beforeAll, expect, test } from "vitest";
import { db } from "#app/lib/db.server.ts";
import { seedDemoData } from "#db/seed-data.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { insertMember } from "#tests/factories/members.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { getMemberHome } from "./get-member-home.server.ts";
import { skipBox } from "./next-box.server.ts";

const t = testServices();

// 25 November 2026, 3pm in Auckland: a week-2 subscription's first box (8 December) is paid and
// on its way; the next, 8 January, can change until 3 January at 1 pm.
const NOW = new Date("2026-11-25T02:00:00Z");

beforeAll(async () => {
  await seedDemoData(db(), t.database.settings);
});

test("a member's home shows the box on its way, the next box, its cutoff and what is in it", async () => {
  const { userId } = await insertSubscription();
  const home = await getMemberHome(userId, NOW);
  expect(home.subscription).toMatchObject({
    plan: "1m²",
    status: "Active",
    attention: false,
    onItsWay: "Tuesday 8 December 2026",
    next: {
      box: "Friday 8 January 2027",
      cutoff: "Sunday 3 January at 1:00 pm",
      skipped: false,
      locked: false,
    },
  });
  expect(home.subscription!.next!.contents.length).toBeGreaterThan(0);
});

test("a skipped next box says so; a paused subscription has no next box and asks for a look", async () => {
  const skipped = await insertSubscription();
  expect(
    await skipBox({ subscriptionId: skipped.id }, { userId: skipped.userId, now: NOW }),
  ).toMatchObject({ ok: true });
  expect((await getMemberHome(skipped.userId, NOW)).subscription?.next).toMatchObject({
    box: "Friday 8 January 2027",
    skipped: true,
  });

  const paused = await insertSubscription({
    overrides: { status: "paused", pausedUntil: "2027-03-08" },
  });
  const home = await getMemberHome(paused.userId, NOW);
  expect(home.subscription).toMatchObject({
    status: "Paused until Monday 8 March 2027",
    attention: true,
    next: null,
  });
});

test("a member without a subscription gets none, and nothing of anyone else's", async () => {
  await insertSubscription();
  const userId = await insertMember({ name: "Mere Tane" });
  expect(await getMemberHome(userId, NOW)).toEqual({ subscription: null });
});
