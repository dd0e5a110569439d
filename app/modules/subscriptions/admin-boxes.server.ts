// /admin/boxes (issue 21): the contents editor (what a month's box holds in one climate zone for
// one plan, from the item catalogue) and packing for the next packing day: counts by plan and
// zone, the pick list of every item (also as CSV) and each box's label (name, address, contents).
// Packing reads the boxes the renewal charged for that day (ADR 032).
import { isNzRegion } from "#app/lib/nz-regions.ts";
import { packingDayWarnings } from "./packing-holidays.server.ts";
import { and, asc, eq, inArray } from "drizzle-orm";
import { boxContents, boxes, boxItems, subscriptions } from "#db/schema/index.ts";
import { CLIMATE_ZONES, type ClimateZoneId } from "#app/lib/climate-zones.ts";
import { db } from "#app/lib/db.server.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { z } from "#app/lib/zod.ts";
import { addDays, nzToday } from "./box-dates.ts";
import { contentsFor } from "./box-contents.server.ts";
import { plans, type PlanId } from "./plans.ts";

export const ADMIN_BOX_MESSAGES = {
  choose: "Choose a month, a climate zone and a plan.",
  item: "Choose items from the list.",
  quantity: "Each quantity must be a whole number from 1 to 20.",
  duplicate: "Each item can be listed once: change its quantity instead.",
  saved: "Box contents saved. Boxes already made keep what they had.",
  day: "Choose a packing day as a date, like 2027-01-08.",
} as const;

const ZONE_IDS = CLIMATE_ZONES.map((z) => z.id) as [ClimateZoneId, ...ClimateZoneId[]];
const PLAN_IDS = plans.map((p) => p.id) as [PlanId, ...PlanId[]];

export const boxSelectionSchema = z.object({
  month: z.coerce
    .number({ message: ADMIN_BOX_MESSAGES.choose })
    .int({ message: ADMIN_BOX_MESSAGES.choose })
    .min(1, { message: ADMIN_BOX_MESSAGES.choose })
    .max(12, { message: ADMIN_BOX_MESSAGES.choose }),
  zone: z.enum(ZONE_IDS, { message: ADMIN_BOX_MESSAGES.choose }),
  plan: z.enum(PLAN_IDS, { message: ADMIN_BOX_MESSAGES.choose }),
});
export type BoxSelection = z.infer<typeof boxSelectionSchema>;

export const saveBoxContentsSchema = boxSelectionSchema.extend({
  items: z
    .array(
      z.object({
        itemId: z
          .string({ message: ADMIN_BOX_MESSAGES.item })
          .regex(/^[a-z0-9-]{1,80}$/, { message: ADMIN_BOX_MESSAGES.item }),
        quantity: z.coerce
          .number({ message: ADMIN_BOX_MESSAGES.quantity })
          .int({ message: ADMIN_BOX_MESSAGES.quantity })
          .min(1, { message: ADMIN_BOX_MESSAGES.quantity })
          .max(20, { message: ADMIN_BOX_MESSAGES.quantity }),
      }),
    )
    .max(40, { message: ADMIN_BOX_MESSAGES.item })
    .refine((items) => new Set(items.map((i) => i.itemId)).size === items.length, {
      message: ADMIN_BOX_MESSAGES.duplicate,
    }),
});

/** The selection from a query string, or the first month, zone and plan. */
export function readBoxSelection(params: URLSearchParams, now = new Date()): BoxSelection {
  const parsed = boxSelectionSchema.safeParse({
    month: params.get("month") ?? Number(nzToday(now).slice(5, 7)),
    zone: params.get("zone") ?? "warm-north",
    plan: params.get("plan") ?? "1m2",
  });
  return parsed.success
    ? parsed.data
    : { month: Number(nzToday(now).slice(5, 7)), zone: "warm-north", plan: "1m2" };
}

/** One month × zone × plan's lines, and every active item to add. */
export async function getBoxContents(selection: BoxSelection) {
  const [lines, items] = await Promise.all([
    contentsFor(db(), selection.month, selection.zone, selection.plan),
    db()
      .select()
      .from(boxItems)
      .where(eq(boxItems.active, true))
      .orderBy(asc(boxItems.kind), asc(boxItems.name)),
  ]);
  return { selection, lines, items };
}

/** Replaces one month × zone × plan's contents. Boxes already made keep their snapshot. */
export async function saveBoxContents(raw: unknown, now = new Date()): Promise<Outcome> {
  const parsed = saveBoxContentsSchema.safeParse(raw);
  if (!parsed.success)
    return failure("invalid", parsed.error.issues[0]?.message ?? ADMIN_BOX_MESSAGES.choose);
  const { month, zone, plan, items } = parsed.data;
  return db().transaction(async (tx) => {
    if (items.length > 0) {
      const known = await tx
        .select({ id: boxItems.id })
        .from(boxItems)
        .where(
          inArray(
            boxItems.id,
            items.map((i) => i.itemId),
          ),
        );
      if (known.length !== items.length) return failure("invalid", ADMIN_BOX_MESSAGES.item);
    }
    await tx
      .delete(boxContents)
      .where(
        and(eq(boxContents.month, month), eq(boxContents.zone, zone), eq(boxContents.plan, plan)),
      );
    if (items.length > 0)
      await tx.insert(boxContents).values(
        items.map((i, position) => ({
          month,
          zone,
          plan,
          itemId: i.itemId,
          quantity: i.quantity,
          position,
          updatedAt: now,
        })),
      );
    return { ok: true as const, message: ADMIN_BOX_MESSAGES.saved };
  });
}

/** The next packing day from today (New Zealand): the next 1st, 8th, 15th or 22nd. */
export function nextPackingDay(now = new Date()): string {
  let day = nzToday(now);
  for (;;) {
    if ([1, 8, 15, 22].includes(Number(day.slice(8, 10)))) return day;
    day = addDays(day, 1);
  }
}

export const packingDaySchema = z.iso.date({ message: ADMIN_BOX_MESSAGES.day });

export interface PackingLabel {
  boxId: string;
  name: string;
  address: string[];
  plan: string;
  zone: string;
  contents: string[];
}

/** Everything to pack on a day: the paid boxes delivered that week. */
export async function getPackingList(day: string) {
  const rows = await db()
    .select({
      box: boxes,
      name: subscriptions.name,
      address: subscriptions.address,
      region: subscriptions.region,
    })
    .from(boxes)
    .innerJoin(subscriptions, eq(subscriptions.id, boxes.subscriptionId))
    .where(and(eq(boxes.deliverOn, day), inArray(boxes.status, ["charged", "packed", "shipped"])))
    .orderBy(asc(boxes.plan), asc(boxes.zone), asc(subscriptions.name));
  const counts = new Map<string, number>();
  const pick = new Map<string, { itemId: string; name: string; kind: string; quantity: number }>();
  const labels: PackingLabel[] = [];
  for (const { box, name, address: a } of rows) {
    const key = `${box.plan}|${box.zone}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    for (const item of box.items) {
      const line = pick.get(item.itemId) ?? { ...item, quantity: 0 };
      line.quantity += item.quantity;
      pick.set(item.itemId, line);
    }
    labels.push({
      boxId: box.id,
      name,
      address: [
        a.street,
        a.suburb,
        a.city,
        `${a.state} ${a.zip}`.trim(),
        a.rural ? "Rural delivery" : undefined,
      ].filter((l): l is string => Boolean(l)),
      plan: box.plan,
      zone: box.zone,
      contents: box.items.map((i) => (i.quantity > 1 ? `${i.name} × ${i.quantity}` : i.name)),
    });
  }
  const regions = [...new Set(rows.map((r) => r.region))].filter(isNzRegion);
  return {
    day,
    total: rows.length,
    /** Public holidays on the packing day, and regions' anniversary days in its delivery week. */
    warnings: packingDayWarnings(day, regions),
    counts: [...counts.entries()].map(([key, count]) => {
      const [plan, zone] = key.split("|") as [string, string];
      return { plan, zone, count };
    }),
    pickList: [...pick.values()].sort(
      (a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name),
    ),
    labels,
  };
}

/** A cell a spreadsheet won't run as a formula, quoted for CSV. */
function csvCell(value: string | number): string {
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The pick list as CSV (UTF-8 with a byte-order mark, so Excel reads macrons). */
export async function packingPickListCsv(day: string): Promise<string> {
  const list = await getPackingList(day);
  const lines = [
    ["Item", "Kind", "Quantity"],
    ...list.pickList.map((i) => [i.name, i.kind, i.quantity]),
  ];
  return `\uFEFF${lines.map((l) => l.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
