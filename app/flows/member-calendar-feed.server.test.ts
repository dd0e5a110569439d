// A member's calendar feed with their garden schedule, on a real database and read back by ical.js
// (an independent parser): the saved plan's jobs are all-day events beside the Saturday sessions,
// their UIDs the same on the next read, and a member without a plan gets only the sessions.
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { expect, test } from "vitest";
import { gardens } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { emptyPlan } from "#app/modules/garden/garden.schema.ts";
import { saveGarden } from "#app/modules/garden/save-garden.server.ts";
import { parseIsoDate } from "#app/modules/guidance/new-zealand-date.ts";
import { getPersonalCalendar } from "#app/modules/guidance/personal-calendar.server.ts";
import { insertMember } from "#tests/factories/members.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { memberCalendarFeed } from "./member-calendar-feed.server.ts";

testServices();

const TODAY = parseIsoDate("2026-09-01");
const fileOf = (feedUrl: string) => feedUrl.split("/").pop();

async function readFeed(userId: string) {
  const { feedUrl } = await getPersonalCalendar(userId);
  const feed = await memberCalendarFeed({ file: fileOf(feedUrl), today: TODAY });
  if (feed.kind !== "calendar") throw new Error(`expected a calendar, got ${feed.kind}`);
  const calendar = new ICAL.Component(ICAL.parse(feed.body));
  return calendar.getAllSubcomponents("vevent").map((e) => new ICAL.Event(e));
}

test("the saved plan's jobs are all-day events with stable UIDs, beside the Saturday sessions", async () => {
  const id = await insertMember({}, { address: { city: "Christchurch", state: "Canterbury" } });
  const plan = emptyPlan("1m2");
  plan.squares[0] = ["tomato"];
  plan.squares[1] = ["radish"];
  expect((await saveGarden({ userId: id, plan })).ok).toBe(true);
  await db()
    .update(gardens)
    .set({ updatedAt: new Date("2026-08-20T02:00:00Z") })
    .where(eq(gardens.userId, id));

  const events = await readFeed(id);
  const garden = events.filter((e) => e.uid.startsWith("garden-"));
  const sessions = events.filter((e) => !e.uid.startsWith("garden-"));
  expect(sessions.length).toBeGreaterThan(40);
  expect(garden.length).toBeGreaterThan(20);

  const plantOut = garden.find((e) => e.summary === "Plant out Tomato");
  expect(plantOut?.uid).toBe("garden-plant-out-tomato-2026-11-01@patch.test");
  expect(plantOut?.startDate.isDate).toBe(true);
  expect(plantOut?.startDate.toString()).toBe("2026-11-01");
  expect(plantOut?.description).toContain("a week after the average last frost here");
  expect(plantOut?.description).toContain("https://patch.test/garden");
  const alarm = plantOut?.component.getFirstSubcomponent("valarm");
  expect(alarm?.getFirstPropertyValue("trigger")?.toString()).toBe("-PT6H");

  const frost = garden.find((e) => e.summary === "Protect Tomato from frost");
  expect(frost?.startDate.toString()).toBe("2027-04-03");
  expect(garden.filter((e) => e.summary === "Sow more Radish").length).toBeGreaterThan(5);
  // Every UID once, and the same ones on the next read: calendar apps update, not duplicate.
  const uids = garden.map((e) => e.uid);
  expect(new Set(uids).size).toBe(uids.length);
  expect((await readFeed(id)).filter((e) => e.uid.startsWith("garden-")).map((e) => e.uid)).toEqual(
    uids,
  );
});

test("a member without a saved plan gets the Saturday sessions only", async () => {
  const id = await insertMember({}, { address: { state: "Otago" } });
  const events = await readFeed(id);
  expect(events.length).toBeGreaterThan(40);
  expect(events.some((e) => e.uid.startsWith("garden-"))).toBe(false);
});
