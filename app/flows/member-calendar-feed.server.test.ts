// A member's calendar feed with their garden schedule, on a real database and read back by ical.js
// (an independent parser): the saved plan's jobs are all-day events beside the Saturday sessions,
// their UIDs the same on the next read, and a member without a plan gets only the sessions.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ICAL from "ical.js";
import { expect, test } from "vitest";
import { parseIsoDate } from "#app/modules/guidance/new-zealand-date.ts";
import { getPersonalCalendar } from "#app/modules/guidance/personal-calendar.server.ts";
import { insertSavedGarden } from "#tests/factories/gardens.ts";
import { insertMember } from "#tests/factories/members.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { memberCalendarFeed } from "./member-calendar-feed.server.ts";

testServices();

const TODAY = parseIsoDate("2026-09-01");
const fileOf = (feedUrl: string) => feedUrl.split("/").pop();

async function feedText(userId: string): Promise<string> {
  const { feedUrl } = await getPersonalCalendar(userId);
  const feed = await memberCalendarFeed({ file: fileOf(feedUrl), today: TODAY });
  if (feed.kind !== "calendar") throw new Error(`expected a calendar, got ${feed.kind}`);
  return feed.body;
}

async function readFeed(userId: string) {
  const calendar = new ICAL.Component(ICAL.parse(await feedText(userId)));
  return calendar.getAllSubcomponents("vevent").map((e) => new ICAL.Event(e));
}

/** Debian's python3-icalendar, a second parser written apart from ical.js (not the pyenv one). */
const PYTHON = "/usr/bin/python3";
const READ_WITH_PYTHON = `
import json, sys, icalendar
calendar = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
print(json.dumps([
    {"uid": str(e["UID"]), "summary": str(e["SUMMARY"]), "start": e.decoded("DTSTART").isoformat(),
     "alarms": len(e.walk("VALARM"))}
    for e in calendar.walk("VEVENT")
]))`;

/** The feed as Python's icalendar reads it from a file, as a calendar app would. */
function readWithPython(
  body: string,
): { uid: string; summary: string; start: string; alarms: number }[] {
  const dir = mkdtempSync(join(tmpdir(), "patch-ics-"));
  try {
    const file = join(dir, "garden.ics");
    writeFileSync(file, body);
    return JSON.parse(execFileSync(PYTHON, ["-c", READ_WITH_PYTHON, file], { encoding: "utf8" }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("the saved plan's jobs are all-day events with stable UIDs, beside the Saturday sessions", async () => {
  const id = await insertMember({}, { address: { city: "Christchurch", state: "Canterbury" } });
  await insertSavedGarden(id, ["tomato", "radish"]);

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

test("Python's icalendar reads the same events, summaries and all-day dates as ical.js", async () => {
  const id = await insertMember({}, { address: { city: "Christchurch", state: "Canterbury" } });
  await insertSavedGarden(id, ["tomato", "buttercrunch-lettuce"], { boxSize: "0.5m2" });

  const body = await feedText(id);
  const python = readWithPython(body);
  const ical = (await readFeed(id)).map((e) => ({
    uid: e.uid,
    summary: e.summary,
    start: e.startDate.toString(),
  }));
  expect(python.length).toBe(ical.length);
  expect(python.map(({ uid, summary }) => ({ uid, summary }))).toEqual(
    ical.map(({ uid, summary }) => ({ uid, summary })),
  );
  // The garden's jobs are all-day: a bare date to both parsers, the same day.
  const garden = python.filter((e) => e.uid.startsWith("garden-"));
  expect(garden.map((e) => e.start)).toEqual(
    ical.filter((e) => e.uid.startsWith("garden-")).map((e) => e.start),
  );
  expect(garden.every((e) => /^\d{4}-\d{2}-\d{2}$/.test(e.start))).toBe(true);
  expect(garden.length).toBeGreaterThan(10);
  expect(garden.find((e) => e.summary === "Plant out Tomato")).toMatchObject({
    uid: "garden-plant-out-tomato-2026-11-01@patch.test",
    start: "2026-11-01",
    alarms: 1,
  });
  expect(garden.find((e) => e.summary === "Protect Tomato from frost")?.start).toBe("2027-04-03");
});
