// Regions open for subscriptions on a real database, seeded exactly as `npm start` seeds it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { regions } from "#db/schema/index.ts";
import { seedDemoData } from "#db/seed-data.ts";
import { db } from "#app/lib/db.server.ts";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import { isRegionOpen, listOpenRegions, openRegion } from "./regions.server.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t.close();
});

test("the demo data opens Auckland only, however often it runs; opening is once, in NZ order", async () => {
  await seedDemoData(db(), t.settings);
  await seedDemoData(db(), t.settings);
  expect(await listOpenRegions()).toEqual(["Auckland"]);
  expect(await isRegionOpen("Auckland")).toBe(true);
  expect(await isRegionOpen("Wellington")).toBe(false);
  expect(await isRegionOpen("Atlantis")).toBe(false);

  const when = new Date("2026-11-25T02:00:00Z");
  expect(await openRegion("Southland", "admin@example.com", when)).toEqual({ opened: true });
  expect(await openRegion("Southland", "ops@example.com", new Date())).toEqual({ opened: false });
  const [row] = await db().select().from(regions).where(eq(regions.name, "Southland"));
  // The second press changed nothing: who opened it and when are the first's.
  expect(row).toMatchObject({ status: "open", openedBy: "admin@example.com", openedAt: when });
  expect(await listOpenRegions()).toEqual(["Auckland", "Southland"]);
});
