// The .ics is checked with ical.js, an independent parser, the way a calendar app would read it.
import ICAL from "ical.js";
import { expect, test } from "vitest";
import { findPlan } from "#app/modules/subscriptions/plans.ts";
import { calendarFileName, exportPlantingCalendar } from "./export-planting-calendar.server.ts";
import { planGardenSessions } from "./plan-garden-sessions.server.ts";

const site = { siteUrl: "https://patch.example", brandName: "Patch" };

function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vtimezone = calendar.getFirstSubcomponent("vtimezone");
  if (vtimezone) ICAL.TimezoneService.register(vtimezone);
  const events = calendar.getAllSubcomponents("vevent").map((e) => new ICAL.Event(e));
  return { calendar, vtimezone, events };
}

const sessions = planGardenSessions("Auckland", findPlan("2m2")!, {
  year: 2027,
  month: 1,
  day: 1,
});
const ics = exportPlantingCalendar(sessions, site);

test("one event per session, each named, described and linked to its guide", () => {
  const { calendar, events } = parse(ics);
  expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
  expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe(
    "Patch planting calendar: Auckland, 2m²",
  );
  expect(events).toHaveLength(sessions.sessions.length);
  const first = events[0]!;
  expect(first.summary).toBe("Sow and plant for January");
  expect(first.uid).toBe("2027-01-02-sow-and-plant-warm-north-2m2@patch.example");
  expect(first.description).toContain("What to sow and plant this month in the warm north zone");
  expect(first.description).toContain("The 2 m² box");
  expect(first.description).toContain("https://patch.example/education/monthly/january");
  expect(first.description).toContain("https://patch.example/education/layouts#plan-2m2");
  expect(first.component.getFirstPropertyValue("url")).toBe(
    "https://patch.example/education/monthly/january",
  );
  expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
});

test("times are 9am in New Zealand, with a VTIMEZONE that knows summer time", () => {
  const { vtimezone, events } = parse(ics);
  expect(vtimezone?.getFirstPropertyValue("tzid")).toBe("Pacific/Auckland");
  expect(ics).toContain("DTSTART;TZID=Pacific/Auckland:20270102T090000");
  const january = events[0]!;
  for (const event of events) {
    expect(event.component.getFirstProperty("dtstart")?.getParameter("tzid")).toBe(
      "Pacific/Auckland",
    );
  }
  expect(january.startDate.zone.tzid).toBe("Pacific/Auckland");
  expect(january.startDate.hour).toBe(9);
  // 9am NZDT (+13) on 2 January is 20:00 UTC the day before…
  expect(january.startDate.toJSDate().toISOString()).toBe("2027-01-01T20:00:00.000Z");
  expect(january.endDate.toJSDate().toISOString()).toBe("2027-01-01T21:00:00.000Z");
  // …and 9am NZST (+12) on 5 June is 21:00 UTC the day before.
  const june = events.find((e) => e.summary === "Sow and plant for June")!;
  expect(june.startDate.toJSDate().toISOString()).toBe("2027-06-04T21:00:00.000Z");
  // The change-over weekends: NZDT starts on the last Sunday of September, ends on the first
  // Sunday of April.
  const zone = ICAL.TimezoneService.get("Pacific/Auckland")!;
  const offsetOn = (iso: string) => zone.utcOffset(ICAL.Time.fromDateTimeString(iso)) / 3600;
  expect(offsetOn("2027-09-25T12:00:00")).toBe(12);
  expect(offsetOn("2027-09-26T12:00:00")).toBe(13);
  expect(offsetOn("2027-04-03T12:00:00")).toBe(13);
  expect(offsetOn("2027-04-04T12:00:00")).toBe(12);
});

test("every event has a display reminder at 6pm the evening before", () => {
  const { events } = parse(ics);
  for (const event of events) {
    const alarms = event.component.getAllSubcomponents("valarm");
    expect(alarms).toHaveLength(1);
    const alarm = alarms[0]!;
    expect(alarm.getFirstPropertyValue("action")).toBe("DISPLAY");
    expect(alarm.getFirstPropertyValue("description")).toBe(`Tomorrow morning: ${event.summary}`);
    const trigger = alarm.getFirstPropertyValue("trigger") as InstanceType<typeof ICAL.Duration>;
    const start = event.startDate;
    const minutesBefore = -trigger.toSeconds() / 60;
    expect(start.hour * 60 + start.minute + 6 * 60, event.summary).toBe(minutesBefore);
  }
});

test("the stamp is in UTC and the feed asks to be refreshed daily", () => {
  expect(ics).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r$/m);
  expect(ics).toContain("REFRESH-INTERVAL;VALUE=DURATION:P1D");
  expect(ics).toContain("X-WR-TIMEZONE:Pacific/Auckland");
});

test("the download is named after the region and plan", () => {
  expect(calendarFileName("Hawke's Bay", "0.5m2")).toBe(
    "patch-planting-calendar-hawkes-bay-0.5m2.ics",
  );
});
