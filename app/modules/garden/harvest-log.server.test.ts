// A member's harvest log on a real database: recording (checked against the library and the New
// Zealand date, nothing written when refused), newest first with the season's summary, deleting
// one's own entry (never another member's: not found, nothing changes), the data export, and the
// log going with the account.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { harvests, users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { exportMyData } from "#app/modules/accounts/export-my-data.server.ts";
import { insertMember } from "#tests/factories/members.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { deleteHarvest } from "./delete-harvest.server.ts";
import { getHarvestLog } from "./get-harvest-log.server.ts";
import { HARVEST_MESSAGES } from "./harvest-log.ts";
import { recordHarvest } from "./record-harvest.server.ts";

testServices();

const TODAY = "2027-01-20";
const form = (fields: Record<string, string> = {}) => ({
  plantId: "cherry-tomato",
  pickedOn: TODAY,
  amount: "handful",
  grams: "",
  note: "",
  ...fields,
});
const countOf = async (userId: string) =>
  (await db().select().from(harvests).where(eq(harvests.userId, userId))).length;

test("records pickings and lists them newest first with the season's summary", async () => {
  const userId = await insertMember();
  const record = (fields: Record<string, string>) =>
    recordHarvest({ userId, form: form(fields), today: TODAY });
  expect(await record({ pickedOn: "2027-01-02" })).toMatchObject({
    ok: true,
    message: HARVEST_MESSAGES.recorded,
  });
  await record({ pickedOn: "2027-01-18", amount: "grams", grams: "450", note: "Sweet  " });
  await record({ plantId: "radish", pickedOn: "2026-12-01", amount: "bowlful" });
  await record({ plantId: "radish", pickedOn: "2026-06-01", amount: "basket" }); // last season

  const log = await getHarvestLog({ userId, today: TODAY });
  expect(log.entries.map((e) => [e.plantId, e.pickedOn])).toEqual([
    ["cherry-tomato", "2027-01-18"],
    ["cherry-tomato", "2027-01-02"],
    ["radish", "2026-12-01"],
    ["radish", "2026-06-01"],
  ]);
  expect(log.entries[0]).toMatchObject({ amount: "grams", grams: 450, note: "Sweet" });
  expect(log.summary.season.name).toBe("2026–27");
  expect(log.summary.plants).toEqual([
    {
      plantId: "cherry-tomato",
      pickings: 2,
      counts: { few: 0, handful: 1, bowlful: 0, basket: 0 },
      grams: 450,
    },
    {
      plantId: "radish",
      pickings: 1,
      counts: { few: 0, handful: 0, bowlful: 1, basket: 0 },
      grams: 0,
    },
  ]);
  // Another member's log is their own.
  expect((await getHarvestLog({ userId: await insertMember(), today: TODAY })).entries).toEqual([]);
});

test("a refused picking says why beside its field and writes nothing", async () => {
  const userId = await insertMember();
  const cases: [Record<string, string>, string, string][] = [
    [{ plantId: "triffid" }, "plantId", HARVEST_MESSAGES.plant],
    [{ pickedOn: "2027-01-21" }, "pickedOn", HARVEST_MESSAGES.future],
    [{ pickedOn: "2025-01-19" }, "pickedOn", HARVEST_MESSAGES.tooOld],
    [{ amount: "grams", grams: "lots" }, "grams", HARVEST_MESSAGES.grams],
    [{ note: "n".repeat(501) }, "note", HARVEST_MESSAGES.note],
    [{ note: "bad\u0000byte" }, "note", "This has hidden characters"],
  ];
  for (const [fields, field, message] of cases) {
    const result = await recordHarvest({ userId, form: form(fields), today: TODAY });
    expect(result.ok, JSON.stringify(fields)).toBe(false);
    if (!result.ok) {
      expect(result.code).toBe("invalid");
      expect(result.fieldErrors?.[field]).toContain(message);
    }
  }
  expect(await countOf(userId)).toBe(0);
});

test("a member deletes their own picking; another member's is not found and stays", async () => {
  const aroha = await insertMember();
  const mere = await insertMember();
  const mine = await recordHarvest({ userId: aroha, form: form(), today: TODAY });
  const theirs = await recordHarvest({ userId: mere, form: form(), today: TODAY });
  if (!mine.ok || !theirs.ok) throw new Error("expected both recorded");

  expect(await deleteHarvest({ userId: aroha, harvestId: theirs.id })).toMatchObject({
    ok: false,
    code: "not-found",
  });
  expect(await deleteHarvest({ userId: aroha, harvestId: "not-a-uuid" })).toMatchObject({
    ok: false,
    code: "not-found",
  });
  expect(await countOf(mere)).toBe(1);

  expect(await deleteHarvest({ userId: aroha, harvestId: mine.id })).toEqual({
    ok: true,
    message: HARVEST_MESSAGES.deleted,
  });
  expect(await countOf(aroha)).toBe(0);
  expect(await deleteHarvest({ userId: aroha, harvestId: mine.id })).toMatchObject({
    code: "not-found",
  });
});

test("the data export holds the log, and the log goes with the account", async () => {
  const userId = await insertMember();
  await recordHarvest({
    userId,
    form: form({ amount: "grams", grams: "120", note: "First of the summer" }),
    today: TODAY,
  });
  const exported = await exportMyData(userId);
  expect(exported?.harvestLog).toEqual([
    expect.objectContaining({
      plantId: "cherry-tomato",
      pickedOn: TODAY,
      amount: "grams",
      grams: 120,
      note: "First of the summer",
    }),
  ]);
  expect(exported?.boxSeedlingsPlaced).toEqual([]);

  await db().delete(users).where(eq(users.id, userId));
  expect(await countOf(userId)).toBe(0);
});
