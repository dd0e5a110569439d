// The inbox's figures from known rows (issue 41): this week's questions (since Monday in New
// Zealand), the median and 90th percentile of their time to a first answer (percentile_cont, as
// PostgreSQL and PGlite both compute it), overdue now, each by topic; last week's rows don't count.
import { expect, test } from "vitest";
import { insertCoachThread } from "#tests/factories/coaching.ts";
import { insertMember } from "#tests/factories/members.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { coachFigures, durationWords, nzWeekStart } from "./coach-figures.server.ts";

testServices({ emptyBeforeEach: true });

// Thursday 3 December 2026, 10:00 in Auckland (NZDT, UTC+13); the week began Monday 30 November.
const now = new Date("2026-12-02T21:00:00Z");
const at = (iso: string) => new Date(iso);

test("the week starts Monday 00:00 New Zealand time", () => {
  expect(nzWeekStart(now).toISOString()).toBe("2026-11-29T11:00:00.000Z");
});

test("this week's questions, median and 90th percentile to a first answer, overdue now, by topic", async () => {
  const member = await insertMember();
  // Five answered this week after 1, 2, 3, 4 and 10 hours (pests ×3, watering ×2).
  const hours = [1, 2, 3, 4, 10];
  for (const [i, h] of hours.entries()) {
    const asked = at(`2026-12-0${1 + (i % 2)}T00:00:00Z`);
    await insertCoachThread(member, {
      state: "answered",
      topic: i < 3 ? "pests" : "watering",
      waitingSince: asked,
      createdAt: asked,
      firstAnsweredAt: new Date(asked.getTime() + h * 3_600_000),
    });
  }
  // Waiting this week: one overdue (sowing), one not yet due (harvest).
  await insertCoachThread(member, {
    topic: "sowing",
    waitingSince: at("2026-12-01T01:00:00Z"),
    dueAt: at("2026-12-02T01:00:00Z"),
  });
  await insertCoachThread(member, {
    topic: "harvest",
    waitingSince: at("2026-12-02T20:00:00Z"),
    dueAt: at("2026-12-03T20:00:00Z"),
  });
  // Last week's: answered (not counted) and one still waiting, overdue (counted as overdue only).
  await insertCoachThread(member, {
    state: "answered",
    waitingSince: at("2026-11-20T00:00:00Z"),
    firstAnsweredAt: at("2026-11-25T00:00:00Z"),
  });
  await insertCoachThread(member, {
    topic: "other",
    waitingSince: at("2026-11-27T00:00:00Z"),
    dueAt: at("2026-11-28T00:00:00Z"),
  });

  const f = await coachFigures(now);
  expect(f.all).toEqual({
    asked: 7,
    answered: 5,
    medianSeconds: 3 * 3600,
    p90Seconds: 7.6 * 3600,
    overdue: 2,
  });
  // pests: 1, 2, 3 h → median 2 h, p90 2.8 h; watering: 4, 10 h → median 7 h, p90 9.4 h.
  expect(f.byTopic.pests).toMatchObject({ asked: 3, medianSeconds: 2 * 3600, overdue: 0 });
  expect(f.byTopic.pests.p90Seconds).toBeCloseTo(2.8 * 3600, 6);
  expect(f.byTopic.watering).toMatchObject({ asked: 2, medianSeconds: 7 * 3600 });
  expect(f.byTopic.watering.p90Seconds).toBeCloseTo(9.4 * 3600, 6);
  expect(f.byTopic.sowing).toEqual({
    asked: 1,
    answered: 0,
    medianSeconds: null,
    p90Seconds: null,
    overdue: 1,
  });
  expect(f.byTopic.other).toEqual({
    asked: 0,
    answered: 0,
    medianSeconds: null,
    p90Seconds: null,
    overdue: 1,
  });
  expect(f.byTopic.harvest).toMatchObject({ asked: 1, overdue: 0 });
});

test("durations in words", () => {
  expect(durationWords(null)).toBe("—");
  expect(durationWords(45 * 60)).toBe("45 min");
  expect(durationWords(3.5 * 3600)).toBe("3.5 h");
  expect(durationWords(60 * 3600)).toBe("2.5 days");
});
