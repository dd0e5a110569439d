// Box items are stock (issue 40, ADR 077). Each box item has stock on hand, the sum of its ledger
// rows (box_stock_moves): stock received through /admin/stock (who, when, how many, a note) and
// stock taken off when a run is packed (one row per item per box, so a box's items leave once
// however often pack is pressed). What the coming packing days need is the forecast's items not
// yet packed (never stored twice), and an item runs short on the first packing day whose need,
// added up from today, passes what is on hand.
import { desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { boxes, boxItems, boxStockMoves, type BoxLine } from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { forecastWindow, getForecast, type ForecastDay } from "./forecast.server.ts";

/** The most one delivery can add: a typo guard (a seedling tray is hundreds, not millions). */
export const MAX_RECEIVE = 100_000;

export const receiveStockSchema = z.object({
  itemId: z.string({ error: "Choose the item." }).trim().min(1, "Choose the item."),
  quantity: z.coerce
    .number({ error: "Enter how many arrived, a whole number." })
    .int("Enter how many arrived, a whole number.")
    .min(1, "Enter how many arrived, 1 or more.")
    .max(MAX_RECEIVE, `Enter at most ${MAX_RECEIVE.toLocaleString("en-NZ")} at a time.`),
  note: z
    .string()
    .trim()
    .max(500, "Keep the note to 500 characters.")
    .optional()
    .transform((n) => (n ? n : null)),
  requestKey: z.uuid({ error: "Reload the page and try again." }),
});

/** Records stock received; the same form sent twice (its request key) records it once. */
export async function receiveStock(
  input: unknown,
  authorEmail: string,
): Promise<Outcome<{ repeated: boolean }>> {
  const parsed = receiveStockSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "form");
      fieldErrors[key] ??= issue.message;
    }
    return failure("invalid", Object.values(fieldErrors)[0]!, { fieldErrors });
  }
  const { itemId, quantity, note, requestKey } = parsed.data;
  const [item] = await db()
    .select({ id: boxItems.id })
    .from(boxItems)
    .where(eq(boxItems.id, itemId));
  if (!item)
    return failure("invalid", "That item is not a box item.", {
      fieldErrors: { itemId: "That item is not a box item." },
    });
  const inserted = await db()
    .insert(boxStockMoves)
    .values({ itemId, kind: "receive", quantity, note, authorEmail, requestKey })
    .onConflictDoNothing({ target: boxStockMoves.requestKey })
    .returning({ id: boxStockMoves.id });
  return { ok: true, repeated: inserted.length === 0 };
}

/**
 * Takes the packed boxes' items off the stock, inside the packing transaction. Called with the
 * boxes this transaction itself moved to packed; the (box, item) constraint makes a second call
 * for the same box add nothing.
 */
export async function takePackedOffStock(
  tx: Database,
  boxIds: string[],
  authorEmail: string | null,
) {
  if (boxIds.length === 0) return 0;
  const packed = await tx
    .select({ id: boxes.id, items: boxes.items })
    .from(boxes)
    .where(inArray(boxes.id, boxIds));
  const rows: (typeof boxStockMoves.$inferInsert)[] = [];
  for (const box of packed) {
    const byItem = new Map<string, number>();
    for (const line of box.items as BoxLine[])
      byItem.set(line.itemId, (byItem.get(line.itemId) ?? 0) + line.quantity);
    for (const [itemId, quantity] of byItem)
      if (quantity > 0)
        rows.push({ itemId, kind: "pack", quantity: -quantity, boxId: box.id, authorEmail });
  }
  let taken = 0;
  // In slices: a run of thousands of boxes stays well under PostgreSQL's parameter limit.
  for (let i = 0; i < rows.length; i += 1000) {
    const done = await tx
      .insert(boxStockMoves)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing({ target: [boxStockMoves.boxId, boxStockMoves.itemId] })
      .returning({ id: boxStockMoves.id });
    taken += done.length;
  }
  return taken;
}

export interface StockDay {
  day: string;
  /** Needed that day by boxes not packed yet. */
  need: number;
  /** The need of this day and every day before it less what is on hand, when that is more. */
  shortBy: number;
}

export interface StockLine {
  itemId: string;
  name: string;
  kind: string;
  active: boolean;
  onHand: number;
  /** Needed by the coming packing days' boxes not packed yet. */
  reserved: number;
  /** Free to use: on hand less reserved (below nothing when short). */
  available: number;
  /** The first packing day the item runs short, and by how much on that day. */
  firstShort: StockDay | null;
  days: StockDay[];
}

/** On hand by item: the sum of its ledger rows. */
export async function onHandByItem(): Promise<Map<string, number>> {
  const rows = await db()
    .select({
      itemId: boxStockMoves.itemId,
      n: sql<number>`coalesce(sum(${boxStockMoves.quantity}), 0)::int`,
    })
    .from(boxStockMoves)
    .groupBy(boxStockMoves.itemId);
  return new Map(rows.map((r) => [r.itemId, Number(r.n)]));
}

/** Every box item's stock against the forecast's coming packing days (the forecast's window). */
export async function getStock(
  window = forecastWindow(),
  forecast?: ForecastDay[],
): Promise<{ days: string[]; lines: StockLine[] }> {
  const [items, onHand, days] = await Promise.all([
    db()
      .select({
        id: boxItems.id,
        name: boxItems.name,
        kind: boxItems.kind,
        active: boxItems.active,
      })
      .from(boxItems),
    onHandByItem(),
    forecast ? Promise.resolve(forecast) : getForecast(window),
  ]);
  const lines = items.map((item): StockLine => {
    const have = onHand.get(item.id) ?? 0;
    let needed = 0;
    const perDay = days.map((d): StockDay => {
      const line = d.items.find((i) => i.itemId === item.id);
      const need = line ? line.quantity - line.packed : 0;
      needed += need;
      // Stock below nothing (more packed than was received) makes no day shorter than its need.
      return { day: d.day, need, shortBy: Math.max(0, needed - Math.max(have, 0)) };
    });
    const firstShort = perDay.find((d) => d.shortBy > 0) ?? null;
    return {
      itemId: item.id,
      name: item.name,
      kind: item.kind,
      active: item.active,
      onHand: have,
      reserved: needed,
      available: have - needed,
      firstShort,
      days: perDay,
    };
  });
  // Short items first (soonest first), then the rest by kind and name.
  lines.sort(
    (a, b) =>
      Number(!a.firstShort) - Number(!b.firstShort) ||
      (a.firstShort && b.firstShort ? a.firstShort.day.localeCompare(b.firstShort.day) : 0) ||
      a.kind.localeCompare(b.kind) ||
      a.name.localeCompare(b.name),
  );
  return { days: days.map((d) => d.day), lines };
}

/** Items that run short on some coming packing day, and the soonest such day. */
export function shortages(lines: readonly StockLine[]) {
  const short = lines.filter((l) => l.firstShort);
  const soonest = short.map((l) => l.firstShort!.day).sort()[0] ?? null;
  return { count: short.length, soonest };
}

/** The latest receipts: who, when, how many, the note. */
export async function recentReceipts(limit = 20) {
  return db()
    .select({
      id: boxStockMoves.id,
      itemId: boxStockMoves.itemId,
      name: boxItems.name,
      quantity: boxStockMoves.quantity,
      note: boxStockMoves.note,
      authorEmail: boxStockMoves.authorEmail,
      createdAt: boxStockMoves.createdAt,
    })
    .from(boxStockMoves)
    .innerJoin(boxItems, eq(boxItems.id, boxStockMoves.itemId))
    .where(eq(boxStockMoves.kind, "receive"))
    .orderBy(desc(boxStockMoves.createdAt))
    .limit(limit);
}
