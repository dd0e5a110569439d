// Issue 39 §8: a member's calendar feed knows their subscription. Its box size is their plan's (and
// follows a plan change), and each coming box is in it: a delivery on its date and, while it can
// change, "Last day to change your box" ending at its cutoff. A skipped box, a paused stretch and
// boxes after a cancellation are not; a new delivery week moves them. Read back by Debian's
// python3-icalendar, a parser written apart from ours, from a file as a calendar app would.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { profiles } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { seedDemoData } from "#db/seed-data.ts";
import { parseIsoDate } from "#app/modules/guidance/new-zealand-date.ts";
import {
  CALENDAR_FOLLOWS_PLAN,
  getPersonalCalendar,
  setCalendarPlan,
} from "#app/modules/guidance/personal-calendar.server.ts";
import { cancelSubscription } from "#app/modules/subscriptions/cancel-subscription.server.ts";
import { changeDeliveryWeek } from "#app/modules/subscriptions/change-delivery-week.server.ts";
import { changeSubscriptionPlan } from "#app/modules/subscriptions/change-subscription-plan.server.ts";
import { pauseSubscription } from "#app/modules/subscriptions/pause-subscription.server.ts";
import { sendSubscriptionChangeJob } from "#app/modules/subscriptions/send-subscription-change.server.ts";
import { skipNextBox } from "#app/modules/subscriptions/skip-next-box.server.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { memberCalendarFeed } from "./member-calendar-feed.server.ts";

// The member's changes queue their confirmation e-mails.
const t = testServices({ queues: [sendSubscriptionChangeJob] as never });

beforeAll(async () => {
  await seedDemoData(db(), t.database.settings);
});

// 25 November 2026, 3 pm in Auckland: a week-2 subscription's paid box comes on 8 December; the
// box of 8 January can change until its cutoff, 3 January at 1 pm (00:00 UTC).
const NOW = new Date("2026-11-25T02:00:00Z");
const TODAY = parseIsoDate("2026-11-25");

/** A subscriber whose profile says Auckland and, for the calendar, a 0.5m² box. */
async function subscriber(plan: "1m2" | "2m2" = "1m2") {
  const sub = await insertSubscription({ plan, now: NOW });
  await db()
    .update(profiles)
    .set({ address: { city: "Auckland", state: "Auckland" }, preferences: { plan: "0.5m2" } })
    .where(eq(profiles.id, sub.userId));
  return sub;
}

const PYTHON = "/usr/bin/python3";
const READ_WITH_PYTHON = `
import json, sys, icalendar
calendar = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
def when(e, key):
    return e.decoded(key).isoformat() if key in e else None
print(json.dumps({
    "name": str(calendar.get("X-WR-CALNAME")),
    "events": [
        {"uid": str(e["UID"]), "summary": str(e["SUMMARY"]), "start": when(e, "DTSTART"),
         "end": when(e, "DTEND"), "description": str(e.get("DESCRIPTION", "")),
         "alarms": len(e.walk("VALARM"))}
        for e in calendar.walk("VEVENT")
    ],
}))`;

interface Read {
  name: string;
  events: {
    uid: string;
    summary: string;
    start: string;
    end: string | null;
    description: string;
    alarms: number;
  }[];
}

async function readFeed(userId: string, now = NOW): Promise<Read> {
  const { feedUrl } = await getPersonalCalendar(userId);
  const feed = await memberCalendarFeed({ file: feedUrl.split("/").pop(), today: TODAY, now });
  if (feed.kind !== "calendar") throw new Error(`expected a calendar, got ${feed.kind}`);
  const dir = mkdtempSync(join(tmpdir(), "patch-ics-"));
  try {
    const file = join(dir, "mine.ics");
    writeFileSync(file, feed.body);
    return JSON.parse(execFileSync(PYTHON, ["-c", READ_WITH_PYTHON, file], { encoding: "utf8" }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const deliveries = (read: Read) =>
  read.events.filter((e) => e.uid.startsWith("box-") && e.uid.includes("-delivery@"));
const cutoffs = (read: Read) =>
  read.events.filter((e) => e.uid.startsWith("box-") && e.uid.includes("-cutoff@"));
const who = (userId: string) => ({ userId, now: NOW });
const key = () => crypto.randomUUID();

test("the calendar's box size is the plan's, not a size saved before, and follows a plan change", async () => {
  const { userId } = await subscriber("1m2");
  const mine = await getPersonalCalendar(userId);
  expect(mine.plan.id).toBe("1m2");
  expect(mine.planFromSubscription).toBe(true);
  expect((await readFeed(userId)).name).toBe("Patch planting calendar: Auckland, 1m²");

  const changed = await changeSubscriptionPlan({ requestKey: key(), plan: "2m2" }, who(userId));
  expect(changed.ok).toBe(true);
  expect((await readFeed(userId)).name).toBe("Patch planting calendar: Auckland, 2m²");
  // A box size chosen for the calendar can't override the plan: it says where to change it.
  expect(await setCalendarPlan(userId, { plan: "0.5m2" })).toMatchObject({
    ok: false,
    message: CALENDAR_FOLLOWS_PLAN,
  });
  expect((await getPersonalCalendar(userId)).plan.id).toBe("2m2");
});

test("each coming box is a delivery on its date, and each changeable one a cutoff ending when it locks", async () => {
  const { id, userId } = await subscriber();
  const read = await readFeed(userId);
  const days = deliveries(read).map((e) => e.start);
  // The paid box of 8 December, then one a month through the year ahead.
  expect(days).toEqual([
    "2026-12-08",
    "2027-01-08",
    "2027-02-08",
    "2027-03-08",
    "2027-04-08",
    "2027-05-08",
    "2027-06-08",
    "2027-07-08",
    "2027-08-08",
    "2027-09-08",
    "2027-10-08",
    "2027-11-08",
  ]);
  const december = deliveries(read)[0]!;
  expect(december).toMatchObject({
    uid: `box-${id}-2026-12-08-delivery@patch.test`,
    summary: "Your 1m² box arrives this week",
    end: null,
    alarms: 1,
  });
  expect(december.description).toContain("the week starting Tuesday 8 December 2026");
  expect(december.description).toContain("https://patch.test/profile/subscription");

  // The paid box can't change any more: no cutoff for it. January's locks on 3 January at 1 pm.
  const cuts = cutoffs(read);
  expect(cuts).toHaveLength(11);
  expect(cuts[0]).toMatchObject({
    uid: `box-${id}-2027-01-08-cutoff@patch.test`,
    summary: "Last day to change your box",
    start: "2027-01-02T23:00:00+00:00",
    end: "2027-01-03T00:00:00+00:00",
    alarms: 1,
  });
  expect(cuts[0]!.description).toContain("Until Sunday 3 January at 1:00 pm (New Zealand time)");
  expect(cuts[0]!.description).toContain("the week starting Friday 8 January 2027");
  // The same UIDs on the next read: calendar apps update, not duplicate.
  expect((await readFeed(userId)).events.map((e) => e.uid)).toEqual(read.events.map((e) => e.uid));
  // The Saturday sessions are still there beside them.
  expect(read.events.filter((e) => !e.uid.startsWith("box-")).length).toBeGreaterThan(40);
});

test("a skipped box is neither a delivery nor a cutoff; the rest stay", async () => {
  const { userId } = await subscriber();
  expect((await skipNextBox({ requestKey: key() }, who(userId))).ok).toBe(true);
  const read = await readFeed(userId);
  expect(deliveries(read).map((e) => e.start)).not.toContain("2027-01-08");
  expect(cutoffs(read).some((e) => e.uid.includes("2027-01-08"))).toBe(false);
  expect(deliveries(read).map((e) => e.start)).toEqual(
    expect.arrayContaining(["2026-12-08", "2027-02-08"]),
  );
  expect(deliveries(read)).toHaveLength(11);
});

test("a pause shows no box until the one deliveries resume with", async () => {
  const { userId } = await subscriber();
  const paused = await pauseSubscription({ requestKey: key(), pauseFor: "2" }, who(userId));
  expect(paused.ok).toBe(true);
  const days = deliveries(await readFeed(userId)).map((e) => e.start);
  // The paid December box still comes; January and February are paused; March resumes.
  expect(days.slice(0, 2)).toEqual(["2026-12-08", "2027-03-08"]);
  expect(days).not.toContain("2027-01-08");
  expect(days).not.toContain("2027-02-08");
});

test("a new delivery week moves the boxes and their cutoffs; a cancellation leaves the paid box", async () => {
  const { id, userId } = await subscriber();
  expect((await changeDeliveryWeek({ requestKey: key(), deliveryWeek: "3" }, who(userId))).ok).toBe(
    true,
  );
  const read = await readFeed(userId);
  const days = deliveries(read).map((e) => e.start);
  expect(days[0]).toBe("2026-12-08");
  expect(days.slice(1).every((d) => d.endsWith("-15"))).toBe(true);
  expect(cutoffs(read)[0]).toMatchObject({
    uid: `box-${id}-2027-01-15-cutoff@patch.test`,
    end: "2027-01-10T00:00:00+00:00",
  });

  const other = await subscriber();
  expect(
    (await cancelSubscription({ requestKey: key(), reason: "other" }, who(other.userId))).ok,
  ).toBe(true);
  const after = await readFeed(other.userId);
  expect(deliveries(after).map((e) => e.start)).toEqual(["2026-12-08"]);
  expect(cutoffs(after)).toHaveLength(0);
});
