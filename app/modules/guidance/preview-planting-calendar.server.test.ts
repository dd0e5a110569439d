import { expect, test } from "vitest";
import { findPlan } from "#app/modules/subscriptions/plans.ts";
import { previewPlantingCalendar } from "./preview-planting-calendar.server.ts";

test("the subscribe, download and paste addresses, and what comes next", () => {
  const preview = previewPlantingCalendar(
    { region: "Hawke's Bay", plan: findPlan("1m2")! },
    "https://patch.nz",
    { year: 2027, month: 6, day: 1 },
  );
  expect(preview.feedUrl).toBe("https://patch.nz/calendar.ics?region=Hawke%27s+Bay&plan=1m2");
  expect(preview.subscribeUrl).toBe("webcal://patch.nz/calendar.ics?region=Hawke%27s+Bay&plan=1m2");
  expect(preview.downloadPath).toBe("/calendar.ics?region=Hawke%27s+Bay&plan=1m2&download=1");
  expect(preview.zone.name).toBe("Temperate");
  expect(preview.zone.neighbours).not.toContain("Hawke's Bay");
  expect(preview.upcoming[0]).toMatchObject({
    date: "2027-06-05",
    time: "9am",
    summary: "Sow and plant for June",
  });
  expect(preview.upcoming).toHaveLength(6);
});
