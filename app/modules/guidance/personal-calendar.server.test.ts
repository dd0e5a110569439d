// A member's own calendar feed on a real database: the secret address, the region and box size it
// follows, resetting it, and the .ics read back by ical.js (an independent parser).
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, expect, test } from "vitest";
import { contacts, profiles, users } from "#db/schema/index.ts";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import { db } from "#app/lib/db.server.ts";
import { migrateWaitlistContact } from "#app/modules/accounts/migrate-waitlist-contact.server.ts";
import {
  getPersonalCalendar,
  personalCalendarFeed,
  resetCalendarToken,
  setCalendarPlan,
} from "./personal-calendar.server.ts";

const SITE = "https://patch.test";
let t: TestDatabase;
let n = 0;

beforeAll(async () => {
  t = await openTestDatabase({ SITE_URL: SITE });
});
afterAll(async () => {
  await t.close();
});

async function member(address: Record<string, string> = {}): Promise<string> {
  const id = `user-${++n}`;
  await db()
    .insert(users)
    .values({ id, name: "Aroha", email: `aroha${n}@example.nz`, emailVerified: true });
  await db().insert(profiles).values({ id, address });
  return id;
}

const fileOf = (feedUrl: string) => feedUrl.split("/").pop();

function events(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return {
    name: calendar.getFirstPropertyValue("x-wr-calname"),
    events: calendar.getAllSubcomponents("vevent").map((e) => new ICAL.Event(e)),
  };
}

test("a member's feed has a long secret address and follows their region and box size", async () => {
  const id = await member({ state: "Otago", city: "Dunedin" });
  const calendar = await getPersonalCalendar(id);
  expect(calendar.region).toBe("Otago");
  expect(calendar.plan.id).toBe("1m2");
  expect(calendar.feedUrl).toMatch(/^https:\/\/patch\.test\/calendar\/feed\/[\w-]{43}\.ics$/);
  expect(calendar.subscribeUrl).toBe(calendar.feedUrl.replace("https:", "webcal:"));
  // Asking again keeps the same address.
  expect((await getPersonalCalendar(id)).feedUrl).toBe(calendar.feedUrl);

  const feed = await personalCalendarFeed(fileOf(calendar.feedUrl));
  if (feed.kind !== "calendar") throw new Error(`expected a calendar, got ${feed.kind}`);
  const read = events(feed.body);
  expect(read.name).toBe("Patch planting calendar: Otago, 1m²");
  expect(read.events.length).toBeGreaterThan(40);
  expect(read.events.some((e) => /cool south/i.test(e.description))).toBe(true);

  expect(await setCalendarPlan(id, { plan: "2m2" })).toEqual({ ok: true });
  const bigger = await personalCalendarFeed(fileOf(calendar.feedUrl));
  if (bigger.kind !== "calendar") throw new Error("expected a calendar");
  expect(events(bigger.body).name).toBe("Patch planting calendar: Otago, 2m²");
});

test("resetting makes the old address stop working at once", async () => {
  const id = await member({ state: "Northland" });
  const before = await getPersonalCalendar(id);
  await resetCalendarToken(id);
  const after = await getPersonalCalendar(id);
  expect(after.feedUrl).not.toBe(before.feedUrl);
  expect(await personalCalendarFeed(fileOf(before.feedUrl))).toEqual({ kind: "unknown" });
  expect((await personalCalendarFeed(fileOf(after.feedUrl))).kind).toBe("calendar");
});

test("no region yet, a bad box size, and addresses that were never given out", async () => {
  const id = await member();
  const calendar = await getPersonalCalendar(id);
  expect(calendar.region).toBeNull();
  expect(await personalCalendarFeed(fileOf(calendar.feedUrl))).toEqual({ kind: "needs-region" });
  expect(await setCalendarPlan(id, { plan: "10m2" })).toEqual({
    ok: false,
    code: "invalid",
    message: "Choose one of the three box sizes.",
  });
  for (const file of [undefined, "", "x.ics", `${"a".repeat(43)}.ics`, "../../etc/passwd"]) {
    expect(await personalCalendarFeed(file)).toEqual({ kind: "unknown" });
  }
});

test("the box picked on the waitlist becomes the member's calendar box", async () => {
  const id = await member();
  const [user] = await db().select().from(users).where(eq(users.id, id));
  await db().delete(profiles).where(eq(profiles.id, id));
  await db()
    .insert(contacts)
    .values({
      id: crypto.randomUUID(),
      email: user!.email,
      region: "Canterbury",
      address: { state: "Canterbury" },
      plan: "0.5m2",
    });
  await migrateWaitlistContact({ id, email: user!.email, name: user!.name });
  const calendar = await getPersonalCalendar(id);
  expect(calendar.region).toBe("Canterbury");
  expect(calendar.plan.id).toBe("0.5m2");
});
