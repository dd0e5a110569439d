// A member's garden schedule on a real database: no saved plan, a saved plan with nothing placed,
// and a Christchurch member's tomatoes and radishes dated by the town's frosts (a member without a
// town follows their climate zone's months), from the day the plan was saved.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { gardens } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { insertMember } from "#tests/factories/members.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { parseIsoDate } from "#app/modules/guidance/new-zealand-date.ts";
import { emptyPlan, type GardenPlan } from "./garden.schema.ts";
import { getGardenSchedule } from "./get-garden-schedule.server.ts";
import { saveGarden } from "./save-garden.server.ts";

testServices();

const TODAY = parseIsoDate("2026-09-01");

async function savedPlan(userId: string, plan: GardenPlan, savedAt: string): Promise<void> {
  expect((await saveGarden({ userId, plan })).ok).toBe(true);
  await db()
    .update(gardens)
    .set({ updatedAt: new Date(savedAt) })
    .where(eq(gardens.userId, userId));
}

function planWith(...squares: string[][]): GardenPlan {
  const plan = emptyPlan("1m2");
  squares.forEach((square, i) => (plan.squares[i] = square));
  return plan;
}

test("no saved plan, and a saved plan with nothing placed", async () => {
  const id = await insertMember({}, { address: { city: "Christchurch", state: "Canterbury" } });
  expect(await getGardenSchedule({ userId: id, today: TODAY })).toEqual({ kind: "no-plan" });
  await savedPlan(id, emptyPlan("1m2"), "2026-08-20T00:00:00Z");
  const empty = await getGardenSchedule({ userId: id, today: TODAY });
  expect(empty.kind).toBe("nothing-planted");
  if (empty.kind === "nothing-planted") expect(empty.place.town?.name).toBe("Christchurch");
});

test("a Christchurch member's tomatoes go out after the town's last frost; radishes repeat", async () => {
  const id = await insertMember({}, { address: { city: "christchurch", state: "Canterbury" } });
  await savedPlan(id, planWith(["tomato"], ["radish"], [], ["tomato"]), "2026-08-20T02:00:00Z");
  const result = await getGardenSchedule({ userId: id, today: TODAY });
  if (result.kind !== "schedule") throw new Error(`expected a schedule, got ${result.kind}`);
  expect(result.plannedOn).toBe("2026-08-20");
  expect(result.plants).toEqual(["Tomato", "Radish"]);
  expect(result.place.frost).toEqual({ lastFrost: "10-25", firstFrost: "04-10" });
  const tomatoOut = result.tasks.filter((t) => t.kind === "plant-out" && t.plantId === "tomato");
  // Christchurch is in the cool-south zone (tomatoes out in November and December).
  expect(tomatoOut.map((t) => t.date)).toEqual(["2026-11-01"]);
  expect(result.tasks.some((t) => t.kind === "protect" && t.date === "2027-04-03")).toBe(true);
  expect(result.tasks.filter((t) => t.kind === "sow-again" && t.plantId === "radish").length).toBe(
    result.tasks.filter((t) => t.kind === "sow-again").length,
  );
  expect(result.tasks.filter((t) => t.kind === "sow-again").length).toBeGreaterThan(5);
  for (const t of result.tasks) expect(t.date >= "2026-09-01" && t.date < "2027-09-01").toBe(true);
});

test("a member without a town follows their climate zone's months, with no frost dates", async () => {
  const id = await insertMember();
  await savedPlan(id, planWith(["tomato"]), "2026-06-01T00:00:00Z");
  const result = await getGardenSchedule({ userId: id, today: TODAY });
  if (result.kind !== "schedule") throw new Error(`expected a schedule, got ${result.kind}`);
  expect(result.place.basis).toBe("zone");
  expect(result.tasks.filter((t) => t.kind === "protect")).toEqual([]);
  expect(result.tasks.find((t) => t.kind === "plant-out")?.date).toBe("2026-10-01");
});
