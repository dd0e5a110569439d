import { expect, test } from "vitest";
import { getEducationHub, searchEducation } from "./get-education-hub.server.ts";

const november = { year: 2026, month: 11, day: 22 };

test("every article by topic and all twelve months, this month marked", () => {
  const hub = getEducationHub(null, november);
  expect(hub.results).toBeUndefined();
  expect(hub.topics.map((t) => t.topic)).toEqual([
    "Getting started",
    "Your box",
    "Soil",
    "Crops",
    "Pests",
  ]);
  expect(hub.topics.flatMap((t) => t.articles)).toHaveLength(6);
  expect(hub.months.map((m) => m.slug).join(" ")).toBe(
    "january february march april may june july august september october november december",
  );
  expect(hub.currentMonth).toBe("november");
});

test("a query returns matches, and none is an empty list rather than no search", () => {
  expect(getEducationHub("  strawberries ", november).query).toBe("strawberries");
  expect(getEducationHub("strawberries", november).results!.length).toBeGreaterThan(0);
  expect(getEducationHub("xylophone", november).results).toEqual([]);
  expect(getEducationHub("   ", november).results).toBeUndefined();
});

test("the search alone answers as the hub does, and a long query is cut, not refused", () => {
  expect(searchEducation(" slugs ")).toEqual({
    query: "slugs",
    results: getEducationHub("slugs", november).results,
  });
  expect(searchEducation(null)).toEqual({ query: "", results: undefined });
  const long = searchEducation(`garlic ${"x".repeat(300)}`);
  expect(long.query).toHaveLength(100);
  expect(long.results).toEqual([]);
});
