// Capacity per packing day (issue 40, ADR 077 addendum) beyond /subscribe, on a real database: a
// gift redeemed for a full week is refused in words and nothing is written; a running
// subscription's week change (the member's and the admin's) is refused for a week whose first
// packing day is full, the full weeks are marked on both pages, and a subscription's own week is
// never full for it (it doesn't count against itself).
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { creditEntries, gifts } from "#db/schema/index.ts";
import { seedDemoData } from "#db/seed-data.ts";
import { db } from "#app/lib/db.server.ts";
import { boxItemInSeason } from "#app/modules/garden/box-item-season.server.ts";
import { formatGiftCode } from "#app/modules/gifts/gift-code.ts";
import { giftCodeFor } from "#app/modules/gifts/gift-code.server.ts";
import { redeemGift } from "#app/modules/gifts/redeem-gift.server.ts";
import { sendGiftEmailJob } from "#app/modules/gifts/send-gift-email.server.ts";
import { adminChangeRequest } from "#app/modules/subscriptions/admin-change-request.server.ts";
import { rowOf } from "#tests/factories/subscription-reads.ts";
import { insertMember } from "#tests/factories/members.ts";
import { paidGiftId } from "#tests/factories/gifts.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { adminChangeOptions, makeAdminChange } from "./admin/admin-changes.server.ts";
import { formatBoxDate } from "./box-dates.ts";
import { changeDeliveryWeek } from "./change-delivery-week.server.ts";
import { getSubscriptionOverview } from "./get-subscription-overview.server.ts";
import {
  CAPACITY_MESSAGES,
  packingDayLoads,
  setPackingDayCapacity,
  weekChangeRooms,
} from "./packing-capacity.server.ts";
import { openRegion } from "./regions.server.ts";
import { sendSubscriptionChangeJob } from "./send-subscription-change.server.ts";
import { sendSubscriptionConfirmationJob } from "./send-subscription-confirmation.server.ts";

const jobs = [sendGiftEmailJob, sendSubscriptionConfirmationJob, sendSubscriptionChangeJob];
const env = testServices({ smtp: true, queues: jobs as never });

beforeAll(async () => {
  await seedDemoData(db(), env.database.settings);
});

// 25 November 2026, 3pm in Auckland: a week-2 subscription's box of 8 December is paid for; its
// next box (8 January 2027) can still move to another week.
const NOW = new Date("2026-11-25T02:00:00Z");
const key = () => crypto.randomUUID();
const full = (day: string) => setPackingDayCapacity({ day, capacity: 0 }, "ana@patch.nz", NOW);

test("a gift redeemed for a full week is refused in words, nothing written; a week with room starts it", async () => {
  await openRegion("Auckland", "test", NOW);
  // Week 2's first box from now is 8 December.
  await full("2026-12-08");
  const giftId = await paidGiftId(
    { recipientEmail: "mere@example.nz", buyerEmail: "hemi@example.nz" },
    NOW,
  );
  const code = formatGiftCode(giftCodeFor(giftId));
  const memberId = await insertMember({ name: "Mere Tane" });
  const member = {
    id: memberId,
    email: `${memberId}@example.nz`,
    name: "Mere Tane",
    emailVerified: true,
  };
  const where = (week: string) => ({
    code,
    deliveryWeek: week,
    address: {
      street: "3 Rimu Street",
      suburb: "",
      city: "Auckland",
      region: "Auckland",
      postcode: "1021",
      rural: false,
    },
  });
  const ip = { ip: "203.0.113.9", userAgent: "test" };
  const message = CAPACITY_MESSAGES.full("2026-12-08");
  expect(await redeemGift(where("2"), member, ip, NOW)).toEqual({
    ok: false,
    code: "conflict",
    message,
    fieldErrors: { deliveryWeek: message },
  });
  // Rolled back: the gift is not redeemed and no credit was written.
  const [gift] = await db().select().from(gifts).where(eq(gifts.id, giftId));
  expect(gift!.redeemedAt).toBeNull();
  expect(await db().select().from(creditEntries).where(eq(creditEntries.userId, memberId))).toEqual(
    [],
  );
  expect(await redeemGift(where("3"), member, ip, NOW)).toMatchObject({
    ok: true,
    as: "subscription",
  });
});

test("a member's week change to a full packing day is refused in words; the page marks that week", async () => {
  const { id, userId } = await insertSubscription({ week: 2, nextBoxOn: "2026-12-08" });
  // Week 3's box after the paid one is 15 January 2027.
  await full("2027-01-15");
  const rooms = await weekChangeRooms(await rowOf(id));
  // (The tests run in any order and other tests fill 1 January: weeks 2 to 4 are this test's.)
  expect(rooms.slice(1)).toEqual([
    { week: 2, firstBox: "2027-01-08", full: false },
    { week: 3, firstBox: "2027-01-15", full: true },
    { week: 4, firstBox: "2027-01-22", full: false },
  ]);
  const overview = await getSubscriptionOverview(userId, { now: NOW, currency: "USD" });
  expect(overview.subscription?.weeks).toEqual(
    rooms.map((r) => ({ week: r.week, firstBox: formatBoxDate(r.firstBox), full: r.full })),
  );

  const message = CAPACITY_MESSAGES.weekChangeFull("2027-01-15");
  expect(message).toBe(
    "The packing day of Friday 15 January 2027 is full, so the boxes can't move to that week. Please choose another delivery week: the weeks with room are shown.",
  );
  expect(
    await changeDeliveryWeek({ requestKey: key(), deliveryWeek: "3" }, { userId, now: NOW }),
  ).toEqual({
    ok: false,
    code: "conflict",
    message,
    fieldErrors: { deliveryWeek: message },
  });
  expect((await rowOf(id)).deliveryWeek).toBe(2);
  expect(
    await changeDeliveryWeek({ requestKey: key(), deliveryWeek: "4" }, { userId, now: NOW }),
  ).toMatchObject({ ok: true, changed: true });
  expect((await rowOf(id)).deliveryWeek).toBe(4);
});

test("a subscription's own week is never full for it: it doesn't count against itself", async () => {
  const { id } = await insertSubscription({ week: 1, nextBoxOn: "2026-12-01" });
  // Its next box's day (1 January 2027) holds one box: this subscription's own.
  await setPackingDayCapacity({ day: "2027-01-01", capacity: 1 }, "ana@patch.nz", NOW);
  const load = (await packingDayLoads(["2027-01-01"])).get("2027-01-01")!;
  expect(load).toMatchObject({ capacity: 1, left: 0 });
  expect((await packingDayLoads(["2027-01-01"], db(), id)).get("2027-01-01")).toMatchObject({
    booked: load.booked - 1,
  });
  const rooms = await weekChangeRooms(await rowOf(id));
  expect(rooms.find((r) => r.week === 1)).toEqual({ week: 1, firstBox: "2027-01-01", full: false });
});

test("the admin's week change is checked too: the full week marked, a post for it refused", async () => {
  const { id } = await insertSubscription({ week: 2, nextBoxOn: "2026-12-08" });
  await full("2027-01-01");
  const options = await adminChangeOptions(await rowOf(id), {
    now: NOW,
    inSeason: boxItemInSeason,
  });
  // (Other tests may fill other days: weeks 1 and 2 are this test's.)
  expect(options.weeks.slice(0, 2).map((w) => [w.week, w.full, w.current])).toEqual([
    [1, true, false],
    [2, false, true],
  ]);
  const who = await adminChangeRequest({ subscriptionId: id, adminEmail: "ops@example.com" });
  const form = new FormData();
  for (const [k, v] of Object.entries({ intent: "week", requestKey: key(), deliveryWeek: "1" }))
    form.set(k, v);
  const outcome = await makeAdminChange(
    "week",
    form,
    { ...who!, subscriptionId: id, adminId: "admin-ops", now: NOW },
    boxItemInSeason,
  );
  const message = CAPACITY_MESSAGES.weekChangeFull("2027-01-01");
  expect(outcome).toMatchObject({ ok: false, code: "conflict", message });
  expect((await rowOf(id)).deliveryWeek).toBe(2);
});
