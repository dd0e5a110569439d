import { and, eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { boxContents } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { seedDemoData } from "#db/seed-data.ts";
import { chargeLedger } from "#tests/factories/charge-ledger.ts";
import { insertSubscription } from "#tests/factories/subscriptions.ts";
import { testServices } from "#tests/setup/test-services.ts";
import {
  ADMIN_BOX_MESSAGES,
  getBoxContents,
  getPackingList,
  nextPackingDay,
  packingPickListCsv,
  saveBoxContents,
} from "./admin-boxes.server.ts";
import { runRenewals } from "./renewal/index.ts";
import { sendBoxEmailJob } from "./send-box-email.server.ts";

const env = testServices({ queues: [sendBoxEmailJob] as never, emptyBeforeEach: true });

beforeEach(async () => {
  await seedDemoData(db(), env.database.settings);
});

const january = { month: 1, zone: "temperate", plan: "1m2" } as const;

test("an admin replaces a month × zone × plan's contents; nothing else changes", async () => {
  const others = await db().select().from(boxContents).where(eq(boxContents.plan, "2m2"));
  expect(
    await saveBoxContents({
      ...january,
      items: [
        { itemId: "seedling-tomato", quantity: "2" },
        { itemId: "supply-compost", quantity: 1 },
      ],
    }),
  ).toMatchObject({ ok: true, message: ADMIN_BOX_MESSAGES.saved });
  const { lines } = await getBoxContents(january);
  expect(lines.map((l) => [l.itemId, l.quantity])).toEqual([
    ["seedling-tomato", 2],
    ["supply-compost", 1],
  ]);
  expect(await db().select().from(boxContents).where(eq(boxContents.plan, "2m2"))).toEqual(others);
});

test("refused contents say why, and change nothing", async () => {
  const before = await db()
    .select()
    .from(boxContents)
    .where(and(eq(boxContents.month, 1), eq(boxContents.zone, "temperate")));
  const refuse = async (raw: unknown, message: string) =>
    expect(await saveBoxContents(raw)).toMatchObject({ ok: false, code: "invalid", message });
  await refuse({ ...january, month: 13, items: [] }, ADMIN_BOX_MESSAGES.choose);
  await refuse({ ...january, zone: "tropical", items: [] }, ADMIN_BOX_MESSAGES.choose);
  await refuse(
    { ...january, items: [{ itemId: "seedling-tomato", quantity: 0 }] },
    ADMIN_BOX_MESSAGES.quantity,
  );
  await refuse(
    { ...january, items: [{ itemId: "seedling-unicorn", quantity: 1 }] },
    ADMIN_BOX_MESSAGES.item,
  );
  await refuse(
    {
      ...january,
      items: [
        { itemId: "seed-carrot", quantity: 1 },
        { itemId: "seed-carrot", quantity: 2 },
      ],
    },
    ADMIN_BOX_MESSAGES.duplicate,
  );
  const after = await db()
    .select()
    .from(boxContents)
    .where(and(eq(boxContents.month, 1), eq(boxContents.zone, "temperate")));
  expect(after).toEqual(before);
});

test("packing for a day: counts by plan and zone, the pick list (and CSV), a label per paid box", async () => {
  await insertSubscription({ plan: "1m2", region: "Auckland" });
  await insertSubscription({ plan: "1m2", region: "Auckland" });
  await insertSubscription({ plan: "2m2", region: "Otago" });
  await insertSubscription({ plan: "0.5m2", card: "declinesLater" });
  await runRenewals({ now: new Date("2027-01-03T00:00:00Z"), provider: chargeLedger() });

  const list = await getPackingList("2027-01-08");
  expect(list.total).toBe(3);
  expect(list.counts).toEqual([
    { plan: "1m2", zone: "warm-north", count: 2 },
    { plan: "2m2", zone: "cool-south", count: 1 },
  ]);
  const compost = list.pickList.find((i) => i.itemId === "supply-compost");
  expect(compost?.quantity).toBe(3);
  expect(list.labels).toHaveLength(3);
  expect(list.labels[0]).toMatchObject({
    name: "Aroha Ngata",
    address: ["12 Kowhai Road", "Grey Lynn", "Auckland", "Auckland 1021"],
  });
  expect(list.labels[0]!.contents.length).toBeGreaterThan(0);

  const csv = await packingPickListCsv("2027-01-08");
  expect(csv.startsWith("\uFEFFItem,Kind,Quantity\r\n")).toBe(true);
  expect(csv).toContain("Compost top-up,supply,3\r\n");
  expect(list.warnings).toEqual([]); // Friday 8 January: a working day, no anniversary that week
  const newYear = await getPackingList("2027-01-01");
  expect(newYear.total).toBe(0);
  expect(newYear.warnings).toEqual([
    expect.stringMatching(/^Friday 1 January 2027 is New Year's Day, a public holiday/),
  ]);
});

test("the next packing day is today's or the next 1st, 8th, 15th or 22nd in New Zealand", () => {
  expect(nextPackingDay(new Date("2027-01-03T00:00:00Z"))).toBe("2027-01-08");
  // 8 January, 11pm UTC is 9 January in Auckland.
  expect(nextPackingDay(new Date("2027-01-08T11:30:00Z"))).toBe("2027-01-15");
  expect(nextPackingDay(new Date("2027-01-25T00:00:00Z"))).toBe("2027-02-01");
});
