// Capacity per packing day (ADR 077 addendum) on a real database: a day's booked boxes are the
// forecast's; a week whose first packing day is full is shown full and refused in words, and the
// next week with room is offered; an admin's capacity for a day is used over the setting; a
// launch wave can't invite more than its first packing day has room for; and subscribes racing
// for a day's last place never both get it (on PostgreSQL too, where they truly run at once).
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { startLaunchWave } from "#app/modules/waitlist/start-launch-wave.server.ts";
import { sendWaveInvitationJob } from "#app/modules/waitlist/wave-invitations.server.ts";
import { insertContact } from "#tests/factories/contacts.ts";
import { insertMember } from "#tests/factories/members.ts";
import { futureExpiry } from "#tests/factories/cards.ts";
import { insertBox, insertSubscription, subscribeInput } from "#tests/factories/subscriptions.ts";
import { load, signedIn, submit, subscribeFields } from "#tests/setup/subscribe-route.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { DELIVERY_WEEKS, firstBoxDate, formatBoxDate, soonestWeek } from "./box-dates.ts";
import { forecastWindow, getForecast } from "./forecast.server.ts";
import {
  CAPACITY_MESSAGES,
  packingDayLoads,
  setPackingDayCapacity,
  soonestWeekWithRoom,
  weeksWithRoom,
} from "./packing-capacity.server.ts";
import { openRegion } from "./regions.server.ts";
import { sendSubscriptionConfirmationJob } from "./send-subscription-confirmation.server.ts";
import { startSubscription } from "./start-subscription.server.ts";

testServices({
  emptyBeforeEach: true,
  queues: [sendSubscriptionConfirmationJob, sendWaveInvitationJob] as never,
  settings: { PACKING_DAY_CAPACITY: "2" },
});

// 25 November 2026, 3pm in Auckland: week 1's first box is 1 December, week 2's 8 December.
const NOW = new Date("2026-11-25T02:00:00Z");

async function member(name = "Aroha Ngata") {
  const id = await insertMember({ name });
  return { id, email: `${id}@example.nz`, name };
}

const subscribe = async (week: number, who?: { id: string; email: string; name: string }) =>
  startSubscription(
    subscribeInput(NOW, { deliveryWeek: String(week) }),
    who ?? (await member()),
    NOW,
  );

test("a packing day's booked boxes are the forecast's: skips, pauses and stopped ones counted alike", async () => {
  await insertSubscription({ week: 2, nextBoxOn: "2026-12-08" });
  // Paused through December: from January only.
  await insertSubscription({
    week: 2,
    nextBoxOn: "2026-12-08",
    overrides: { status: "paused", pausedUntil: "2026-12-08" },
  });
  const skipped = await insertSubscription({ week: 2, nextBoxOn: "2026-12-08" });
  await insertBox(skipped.id, "2026-12-08", "skipped");
  // Cancelled after its box was paid: the paid box still goes; a scheduled one doesn't.
  const paid = await insertSubscription({ week: 3, nextBoxOn: "2026-12-15" });
  await insertBox(paid.id, "2026-12-15", "charged");
  const gone = await insertSubscription({ week: 3, nextBoxOn: "2026-12-15" });
  await insertBox(gone.id, "2026-12-15", "scheduled");
  await db()
    .update(subscriptions)
    .set({ status: "cancelled" })
    .where(eq(subscriptions.id, paid.id));
  await db()
    .update(subscriptions)
    .set({ status: "cancelled" })
    .where(eq(subscriptions.id, gone.id));
  await insertSubscription({ week: 1, nextBoxOn: "2027-01-01" });

  const forecast = await getForecast(forecastWindow(NOW));
  const loads = await packingDayLoads(forecast.map((d) => d.day));
  expect(forecast.map((d) => [d.day, loads.get(d.day)!.booked])).toEqual(
    forecast.map((d) => [d.day, d.boxes]),
  );
  // By hand: 8 December has the active one and the skipped one's place is free; January has all
  // three of week 2; 15 December the paid box of the cancelled one.
  expect(loads.get("2026-12-08")).toMatchObject({ booked: 1, capacity: 2, left: 1, own: false });
  expect(loads.get("2027-01-08")!.booked).toBe(3);
  expect(loads.get("2026-12-15")!.booked).toBe(1);
  expect(loads.get("2027-01-15")!.booked).toBe(0);
  expect(loads.get("2027-01-01")!.booked).toBe(1);
});

test("a full week is marked and refused in words; the next week with room is offered", async () => {
  await openRegion("Auckland", "test", NOW);
  await insertSubscription({ week: 1, nextBoxOn: "2026-12-01" });
  await insertSubscription({ week: 1, nextBoxOn: "2026-12-01" });
  const rooms = await weeksWithRoom(NOW, 5);
  expect(rooms).toEqual([
    { week: 1, firstBox: "2026-12-01", full: true },
    { week: 2, firstBox: "2026-12-08", full: false },
    { week: 3, firstBox: "2026-12-15", full: false },
    { week: 4, firstBox: "2026-12-22", full: false },
  ]);
  // Week 1 would have come soonest: week 2 is offered instead.
  expect(soonestWeekWithRoom(rooms)).toBe(2);

  const who = await member();
  const refused = await subscribe(1, who);
  const full = CAPACITY_MESSAGES.full("2026-12-01");
  expect(full).toBe(
    "The packing day of Tuesday 1 December 2026 is full. Please choose another delivery week: the weeks with room are shown.",
  );
  expect(refused).toEqual({
    ok: false,
    code: "conflict",
    message: full,
    fieldErrors: { deliveryWeek: full },
  });
  expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, who.id))).toEqual(
    [],
  );
  expect(await subscribe(2, who)).toMatchObject({ ok: true, created: true });
  expect((await weeksWithRoom(NOW, 5)).every((r) => !r.full || r.week === 1)).toBe(true);
  expect(soonestWeekWithRoom(rooms.map((r) => ({ ...r, full: true })))).toBeNull();
});

test("an admin's capacity for a day is used over the setting, and checked in words", async () => {
  await openRegion("Auckland", "test", NOW);
  await insertSubscription({ week: 2, nextBoxOn: "2026-12-08" });
  await insertSubscription({ week: 2, nextBoxOn: "2026-12-08" });
  expect(await subscribe(2)).toMatchObject({ ok: false, code: "conflict" });
  expect(
    await setPackingDayCapacity({ day: "2026-12-08", capacity: "3" }, "ana@patch.nz", NOW),
  ).toEqual({
    ok: true,
    day: "2026-12-08",
    message: "Tuesday 8 December 2026 can now pack 3 boxes.",
  });
  expect((await packingDayLoads(["2026-12-08"])).get("2026-12-08")).toMatchObject({
    booked: 2,
    capacity: 3,
    own: true,
  });
  expect(await subscribe(2)).toMatchObject({ ok: true, created: true });
  expect(await subscribe(2)).toMatchObject({ ok: false, code: "conflict" });

  const set = (day: string, capacity: unknown) =>
    setPackingDayCapacity({ day, capacity }, "ana@patch.nz", NOW);
  expect(await set("2026-12-09", 5)).toMatchObject({
    ok: false,
    message: "Packing days are the 1st, 8th, 15th and 22nd of a month.",
  });
  expect(await set("2026-12-08", -1)).toMatchObject({
    ok: false,
    message: "A capacity can't be below 0 boxes.",
  });
  expect(await set("2026-12-08", "lots")).toMatchObject({
    ok: false,
    message: "Say how many boxes the day can pack, like 200.",
  });
  expect(await set("2026-11-22", 5)).toMatchObject({
    ok: false,
    message: "That packing day has passed.",
  });
});

test("subscribes racing for a day's last place: exactly one gets it", async () => {
  await openRegion("Auckland", "test", NOW);
  await setPackingDayCapacity({ day: "2026-12-08", capacity: 1 }, "ana@patch.nz", NOW);
  const members = await Promise.all(["Mere", "Tama", "Hine", "Rewi"].map((n) => member(n)));
  const results = await Promise.all(members.map((m) => subscribe(2, m)));
  expect(results.filter((r) => r.ok)).toHaveLength(1);
  expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.message)).toEqual(
    Array(3).fill(CAPACITY_MESSAGES.full("2026-12-08")),
  );
  expect((await packingDayLoads(["2026-12-08"])).get("2026-12-08")).toMatchObject({
    booked: 1,
    left: 0,
  });
  expect(await db().select().from(subscriptions)).toHaveLength(1);
});

test("a launch wave can't have more spots than its first packing day has room for", async () => {
  for (const name of ["ana", "ben", "cat"])
    await insertContact(`${name}@example.nz`, "Otago", { confirmed: true });
  const start = (spots: number) =>
    startLaunchWave({ input: { region: "Otago", spots }, createdBy: "ana@patch.nz", now: NOW });
  await insertSubscription({ week: 1, nextBoxOn: "2026-12-01" });
  // 1 December, the soonest first box from now, has one place of its two left.
  const tooBig = CAPACITY_MESSAGES.waveTooBig("2026-12-01", 1);
  expect(tooBig).toBe(
    "The first packing day of this wave, Tuesday 1 December 2026, has room for 1 more box: a wave can have at most 1 spot.",
  );
  expect(await start(2)).toEqual({
    ok: false,
    code: "conflict",
    message: tooBig,
    fieldErrors: { spots: tooBig },
  });
  expect(await start(1)).toMatchObject({ ok: true, invited: 1 });
  await insertSubscription({ week: 1, nextBoxOn: "2026-12-01" });
  expect(await start(1)).toMatchObject({
    ok: false,
    message:
      "The first packing day of this wave, Tuesday 1 December 2026, is full: no wave can start until it has room.",
  });
});

test("the subscribe page marks the full week, offers the soonest with room, and refuses a post for it", async () => {
  // The page works from the real clock: the week that would come soonest today is made full.
  const now = new Date();
  await openRegion("Otago", "test", now);
  const soonest = soonestWeek(now, 5);
  const day = firstBoxDate(soonest, now, 5);
  await setPackingDayCapacity({ day, capacity: 0 }, "ana@patch.nz", now);
  const cookie = await signedIn("wiremu@example.nz", "Wiremu");
  const page = await load(cookie, "");
  if (page instanceof Response) throw new Error("expected the page");
  expect(page.fullWeeks).toEqual([soonest]);
  expect(page.deliveryWeek).not.toBe(soonest);
  const rest = DELIVERY_WEEKS.filter((w) => w !== soonest).map((w) => firstBoxDate(w, now, 5));
  expect(firstBoxDate(page.deliveryWeek, now, 5)).toBe(rest.sort()[0]);
  expect(page.firstBoxes[soonest]).toBe(formatBoxDate(day));

  const { answer } = await submit(cookie, {
    ...subscribeFields(crypto.randomUUID(), "Otago"),
    deliveryWeek: String(soonest),
    cardNumber: "4242 4242 4242 4242",
    cardExpiry: futureExpiry(now),
    cardCvc: "123",
  });
  expect(answer?.init?.status).toBe(409);
  expect(answer?.data).toMatchObject({
    outcome: {
      message: CAPACITY_MESSAGES.full(day),
      fieldErrors: { deliveryWeek: CAPACITY_MESSAGES.full(day) },
    },
  });
  expect(await db().select().from(subscriptions)).toEqual([]);
});
