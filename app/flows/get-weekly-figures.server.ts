// The admin home's figures for this week against last week (issue 19): orders paid and their
// revenue, waitlist sign-ups and the regions they come from, and how many products on sale are
// low on stock. A week starts on Monday at midnight in New Zealand, as the shop's owner counts it.
// Gift sales (ADR 049) are their own figure: money taken for gifts paid in the week and not
// refunded. They are not added to revenue, which counts each box as it goes (a redeemed gift's
// boxes are orders paid by its credit), so a gift is never counted twice.
import { and, count, desc, eq, gte, lt, lte, notInArray, sql, sum } from "drizzle-orm";
import { contacts, gifts, orders, products } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { nzWallClock } from "#app/lib/nz-time.ts";
import { LOW_STOCK } from "#app/modules/catalog/catalog.schema.ts";
import {
  addDays,
  dayOfWeek,
  todayInNewZealand,
  type CalendarDate,
} from "#app/modules/guidance/new-zealand-date.ts";

/** The instant a New Zealand day begins (midnight there, whether NZST or NZDT). */
export function nzMidnight(date: CalendarDate): Date {
  return nzWallClock(date);
}

/** This week's Monday, last week's Monday and next Monday, as instants. */
export function nzWeeks(now: Date = new Date()) {
  const today = todayInNewZealand(now);
  // dayOfWeek: 0 Sunday … 6 Saturday; Monday starts the week.
  const monday = addDays(today, -((dayOfWeek(today) + 6) % 7));
  return {
    lastWeek: nzMidnight(addDays(monday, -7)),
    thisWeek: nzMidnight(monday),
    nextWeek: nzMidnight(addDays(monday, 7)),
    monday,
  };
}

/** Orders paid in a window, and what they brought in (refunded and cancelled ones left out). */
async function paidOrders(from: Date, to: Date) {
  const [row] = await db()
    .select({ orders: count(), revenue: sum(orders.total) })
    .from(orders)
    .where(
      and(
        gte(orders.paidAt, from),
        lt(orders.paidAt, to),
        notInArray(orders.status, ["refunded", "cancelled"]),
      ),
    );
  return { orders: row?.orders ?? 0, revenue: Number(row?.revenue ?? 0) };
}

/** Gifts paid in a window and not refunded since, and what they brought in. */
async function paidGifts(from: Date, to: Date) {
  const [row] = await db()
    .select({ gifts: count(), amount: sum(gifts.amount) })
    .from(gifts)
    .where(and(gte(gifts.paidAt, from), lt(gifts.paidAt, to), eq(gifts.status, "paid")));
  return { count: row?.gifts ?? 0, amount: Number(row?.amount ?? 0) };
}

async function signUps(from: Date, to: Date) {
  const [row] = await db()
    .select({ n: count() })
    .from(contacts)
    .where(and(gte(contacts.timestamp, from), lt(contacts.timestamp, to)));
  return row?.n ?? 0;
}

/** How many regions the home page lists by name. */
export const TOP_REGIONS = 5;

export async function getWeeklyFigures(now: Date = new Date()) {
  const { lastWeek, thisWeek, nextWeek, monday } = nzWeeks(now);
  const region = sql<string>`coalesce(${contacts.region}, 'No region given')`;
  const [
    ordersThisWeek,
    ordersLastWeek,
    waitlistThisWeek,
    waitlistLastWeek,
    regions,
    [low],
    giftsThisWeek,
    giftsLastWeek,
  ] = await Promise.all([
    paidOrders(thisWeek, nextWeek),
    paidOrders(lastWeek, thisWeek),
    signUps(thisWeek, nextWeek),
    signUps(lastWeek, thisWeek),
    db()
      .select({ region, signUps: count() })
      .from(contacts)
      .where(and(gte(contacts.timestamp, thisWeek), lt(contacts.timestamp, nextWeek)))
      .groupBy(region)
      .orderBy(desc(count()), region)
      .limit(TOP_REGIONS),
    db()
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.active, true), lte(products.stockQuantity, LOW_STOCK))),
    paidGifts(thisWeek, nextWeek),
    paidGifts(lastWeek, thisWeek),
  ]);
  return {
    weekOf: monday,
    orders: { thisWeek: ordersThisWeek.orders, lastWeek: ordersLastWeek.orders },
    revenue: { thisWeek: ordersThisWeek.revenue, lastWeek: ordersLastWeek.revenue },
    waitlist: { thisWeek: waitlistThisWeek, lastWeek: waitlistLastWeek, topRegions: regions },
    lowStock: low?.n ?? 0,
    gifts: {
      thisWeek: giftsThisWeek.amount,
      lastWeek: giftsLastWeek.amount,
      countThisWeek: giftsThisWeek.count,
    },
  };
}
export type WeeklyFigures = Awaited<ReturnType<typeof getWeeklyFigures>>;
