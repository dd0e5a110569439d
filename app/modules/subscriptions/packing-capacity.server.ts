// Capacity per packing day (issue 40, ADR 077 addendum). A packing day packs at most its capacity
// of boxes: the PACKING_DAY_CAPACITY setting, or the day's own (an admin's, on /admin/forecast).
// What a day has booked is counted as the forecast counts its boxes: each running subscription of
// that delivery week whose next box is on or before the day (less a paused month), or the box
// already made for it (not skipped or unpaid), and a paid box whose subscription has since stopped.
// A new subscription takes a place on its first box's day under that day's lock, inside the
// transaction that charges and writes it, so two subscribes racing for the last place never both
// get it; a launch wave is never made bigger than its first packing day has room for.
import { sql } from "drizzle-orm";
import { packingDayCapacities } from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { z } from "#app/lib/zod.ts";
import {
  DELIVERY_WEEKS,
  firstBoxDate,
  formatBoxDate,
  nextBoxDate,
  nzToday,
  type DeliveryWeek,
} from "./box-dates.ts";
import { PACKING_DAYS_OF_MONTH } from "./forecast.server.ts";

export interface PackingDayLoad {
  day: string;
  /** Boxes coming on the day (as the forecast counts them). */
  booked: number;
  capacity: number;
  /** Places left (none below nothing: a day over its capacity has none). */
  left: number;
  /** Whether the day has its own capacity (else the setting's). */
  own: boolean;
}

export const CAPACITY_MESSAGES = {
  full: (day: string) =>
    `The packing day of ${formatBoxDate(day)} is full. Please choose another delivery week: the weeks with room are shown.`,
  weekChangeFull: (day: string) =>
    `The packing day of ${formatBoxDate(day)} is full, so the boxes can't move to that week. Please choose another delivery week: the weeks with room are shown.`,
  allFull: "Every packing day this month is full. Please try again in a few days.",
  waveTooBig: (day: string, left: number) =>
    left === 0
      ? `The first packing day of this wave, ${formatBoxDate(day)}, is full: no wave can start until it has room.`
      : `The first packing day of this wave, ${formatBoxDate(day)}, has room for ${left} more ${left === 1 ? "box" : "boxes"}: a wave can have at most ${left} ${left === 1 ? "spot" : "spots"}.`,
} as const;

/**
 * Booked and capacity for each of `days` (packing days, YYYY-MM-DD), in one query. `excluding`: a
 * subscription left out of the count (one changing its week doesn't count against itself).
 */
export async function packingDayLoads(
  days: readonly string[],
  tx: Database = db(),
  excluding: string | null = null,
): Promise<Map<string, PackingDayLoad>> {
  if (days.length === 0) return new Map();
  const other = excluding ? sql`s.id <> ${excluding}::uuid` : sql`true`;
  const result = (await tx.execute(sql`
    select d.day::text as day, c.capacity,
      (select count(*)::int from subscriptions s
        where s.status in ('active', 'paused', 'past_due') and ${other}
          and s.delivery_week = (extract(day from d.day)::int + 6) / 7
          and s.next_box_on <= d.day
          and not (s.status = 'paused' and s.paused_until is not null and d.day <= s.paused_until)
          and not exists (select 1 from boxes b
                          where b.subscription_id = s.id and b.deliver_on = d.day))
      + (select count(*)::int from boxes b join subscriptions s on s.id = b.subscription_id
          where b.deliver_on = d.day and ${other}
            and (b.status in ('charged', 'packed', 'shipped')
              or (b.status in ('scheduled', 'locked', 'payment_failed')
                  and s.status in ('active', 'paused', 'past_due')))) as booked
    from unnest(string_to_array(${days.join(",")}, ',')::date[]) as d(day)
    left join packing_day_capacities c on c.day = d.day`)) as unknown as {
    rows: { day: string; capacity: number | null; booked: number | string }[];
  };
  const fallback = settings().packingDayCapacity;
  return new Map(
    result.rows.map((r) => {
      const capacity = r.capacity ?? fallback;
      const booked = Number(r.booked);
      return [
        r.day,
        {
          day: r.day,
          booked,
          capacity,
          left: Math.max(0, capacity - booked),
          own: r.capacity !== null,
        },
      ];
    }),
  );
}

/** Held until the caller's transaction ends: one place-taking on a day at a time. */
async function lockPackingDay(tx: Database, day: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`packing-day:${day}`}, 0))`);
}

/**
 * Inside the transaction that writes a new subscription, before its charge: the first box's day
 * locked and its load read. A refusal when the day is full; otherwise the lock is held until the
 * subscription (and its box) is committed, so the next subscribe for the day counts it.
 */
export async function takePackingPlace(tx: Database, day: string): Promise<string | null> {
  await lockPackingDay(tx, day);
  return packingDayRefusal(day, tx);
}

/** What to say when `day` has no place left; null when it has room. */
export async function packingDayRefusal(day: string, tx: Database = db()): Promise<string | null> {
  const load = (await packingDayLoads([day], tx)).get(day);
  return load && load.left > 0 ? null : CAPACITY_MESSAGES.full(day);
}

/**
 * A running subscription moving to another week: the new week's first box's day locked (until the
 * change is committed) and its room read, the subscription itself not counted. The refusal's words
 * when that day is full; null when it has room.
 */
export async function takeWeekChangePlace(
  tx: Database,
  day: string,
  subscriptionId: string,
): Promise<string | null> {
  await lockPackingDay(tx, day);
  const load = (await packingDayLoads([day], tx, subscriptionId)).get(day);
  return load && load.left > 0 ? null : CAPACITY_MESSAGES.weekChangeFull(day);
}

/**
 * For a running subscription's week change: each week's first box were it to change now (the
 * month after the box on its way), and whether that day is full. Its own week is never full.
 */
export async function weekChangeRooms(
  sub: { id: string; nextBoxOn: string; deliveryWeek: number },
  tx: Database = db(),
): Promise<WeekRoom[]> {
  const firsts = DELIVERY_WEEKS.map((week) => ({
    week,
    firstBox: nextBoxDate(sub.nextBoxOn, week),
  }));
  const loads = await packingDayLoads(
    firsts.map((f) => f.firstBox),
    tx,
    sub.id,
  );
  return firsts.map<WeekRoom>((f) => ({
    ...f,
    full: f.week !== sub.deliveryWeek && (loads.get(f.firstBox)?.left ?? 1) === 0,
  }));
}

export interface WeekRoom {
  week: DeliveryWeek;
  firstBox: string;
  full: boolean;
}

/** Each delivery week's first box from now, and whether its packing day is full. */
export async function weeksWithRoom(now = new Date(), cutoffDays = settings().boxCutoffDays) {
  const firsts = DELIVERY_WEEKS.map((week) => ({
    week,
    firstBox: firstBoxDate(week, now, cutoffDays),
  }));
  const loads = await packingDayLoads(firsts.map((f) => f.firstBox));
  return firsts.map<WeekRoom>((f) => ({ ...f, full: (loads.get(f.firstBox)?.left ?? 1) === 0 }));
}

/** The week with room whose first box comes soonest (null when every week's day is full). */
export function soonestWeekWithRoom(rooms: readonly WeekRoom[]): DeliveryWeek | null {
  const open = rooms.filter((r) => !r.full).sort((a, b) => a.firstBox.localeCompare(b.firstBox));
  return open[0]?.week ?? null;
}

/**
 * A launch wave's first packing day: the soonest first box any of its invited could get, and the
 * places it has left. Read under the caller's lock (the region's waves).
 */
export async function waveFirstDayRoom(tx: Database, now = new Date()): Promise<PackingDayLoad> {
  const cutoffDays = settings().boxCutoffDays;
  const day = DELIVERY_WEEKS.map((w) => firstBoxDate(w, now, cutoffDays)).sort()[0]!;
  return (await packingDayLoads([day], tx)).get(day)!;
}

export const setCapacitySchema = z.object({
  day: z
    .string({ message: "Choose a packing day." })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Choose a packing day." })
    .refine(
      (d) =>
        !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) &&
        (PACKING_DAYS_OF_MONTH as readonly number[]).includes(Number(d.slice(8))),
      { message: "Packing days are the 1st, 8th, 15th and 22nd of a month." },
    ),
  capacity: z.coerce
    .number({ message: "Say how many boxes the day can pack, like 200." })
    .int({ message: "Say how many boxes the day can pack, like 200." })
    .min(0, { message: "A capacity can't be below 0 boxes." })
    .max(1_000_000, { message: "A capacity can be at most 1,000,000 boxes." }),
});

/** An admin sets a packing day's own capacity (a day already past can't be changed). */
export async function setPackingDayCapacity(
  raw: unknown,
  adminEmail: string,
  now = new Date(),
): Promise<Outcome<{ day: string }>> {
  const parsed = setCapacitySchema.safeParse(raw);
  if (!parsed.success) return failure("invalid", parsed.error.issues[0]!.message);
  const { day, capacity } = parsed.data;
  if (day < nzToday(now)) return failure("invalid", "That packing day has passed.");
  await db()
    .insert(packingDayCapacities)
    .values({ day, capacity, setBy: adminEmail, updatedAt: now })
    .onConflictDoUpdate({
      target: packingDayCapacities.day,
      set: { capacity, setBy: adminEmail, updatedAt: now },
    });
  return {
    ok: true,
    day,
    message: `${formatBoxDate(day)} can now pack ${capacity} ${capacity === 1 ? "box" : "boxes"}.`,
  };
}
