// The admin home's work queue (issue 40): what must be done today and this week, each a count and
// a link to the list that shows those records. Shop orders to pack and to ship; the next packing
// day's boxes (charged and ready to pack, and those still to be charged at their cutoff); failed
// box payments to chase; gift e-mails due this week and not yet sent; launch-wave invitations
// that lapse in the next two days; products low on stock; box items short for the coming month's
// packing days (the stock against the forecast, ADR 077). Read-only; one query per line but that
// last, which is the forecast's three. Above them, the coming packing day's boxes against its
// capacity (ADR 077 addendum), a warning when it is nearly full or over.
import { and, count, eq, gt, inArray, isNull, lte, min, sum } from "drizzle-orm";
import {
  boxes,
  gifts,
  orders,
  products,
  waveInvitations,
  type BoxStatus,
} from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { paths } from "#app/lib/paths.ts";
import { LOW_STOCK } from "#app/modules/catalog/catalog.schema.ts";
import { nextPackingDay } from "#app/modules/subscriptions/admin-boxes.server.ts";
import { addDays, formatBoxDate, nzToday } from "#app/modules/subscriptions/box-dates.ts";
import { getStock, shortages } from "#app/modules/subscriptions/box-stock.server.ts";
import { forecastWindow } from "#app/modules/subscriptions/forecast.server.ts";
import {
  packingDayLoads,
  type PackingDayLoad,
} from "#app/modules/subscriptions/packing-capacity.server.ts";

/** How far ahead box-item stock is checked for the work queue: the coming month's packing days. */
const BOX_STOCK_MONTHS = 1;

export type WorkItemId =
  | "orders-to-pack"
  | "orders-to-ship"
  | "boxes-to-pack"
  | "boxes-to-charge"
  | "payments-to-chase"
  | "gifts-to-send"
  | "waves-closing"
  | "low-stock"
  | "box-stock-short";

export interface WorkItem {
  id: WorkItemId;
  count: number;
  /** What the count is of, in words that read after the number ("orders to pack"). */
  title: string;
  /** One line more: a deadline, an amount, or what the link shows. */
  detail: string;
  to: string;
}

/** How far ahead a lapsing wave invitation is worth a line. */
export const WAVE_CLOSING_HOURS = 48;

/** Box statuses that are ready for the packing table. */
const READY: BoxStatus[] = ["charged"];
/** Box statuses still to be charged at their cutoff. */
const TO_CHARGE: BoxStatus[] = ["scheduled", "locked"];

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** A packing day is nearly full from this share of its capacity booked. */
export const NEAR_CAPACITY = 0.9;

export interface CapacityLine {
  day: string;
  booked: number;
  capacity: number;
  level: "room" | "near" | "full" | "over";
  text: string;
  to: string;
}

/** The coming packing day's boxes against its capacity, in words, with how worried to be. */
export function capacityLine(load: PackingDayLoad): CapacityLine {
  const { day, booked, capacity } = load;
  const label = formatBoxDate(day);
  const boxes = `${booked} ${plural(booked, "box", "boxes")}`;
  const level =
    booked > capacity
      ? "over"
      : booked === capacity
        ? "full"
        : booked >= capacity * NEAR_CAPACITY
          ? "near"
          : "room";
  const text = {
    room: `Packing day ${label}: ${boxes} booked of its capacity of ${capacity}.`,
    near: `Packing day ${label} is nearly full: ${boxes} booked of its capacity of ${capacity}.`,
    full: `Packing day ${label} is full: ${boxes} booked of its capacity of ${capacity}. New subscriptions go to other weeks.`,
    over: `Packing day ${label} is over capacity: ${boxes} booked for a capacity of ${capacity}. Raise its capacity or plan extra packing.`,
  }[level];
  return { day, booked, capacity, level, text, to: `/admin/forecast?day=${day}` };
}

export async function getWorkQueue(now = new Date()) {
  const day = nextPackingDay(now);
  const today = nzToday(now);
  const weekEnd = addDays(today, 6);
  const lapse = new Date(now.getTime() + WAVE_CLOSING_HOURS * 3_600_000);
  const database = db();
  const shopOrders = (status: "paid" | "packed") =>
    database
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.kind, "shop"), eq(orders.status, status)));
  const [
    [toPack],
    [toShip],
    [ready],
    [toCharge],
    [failed],
    [giftsDue],
    [closing],
    [low],
    stock,
    loads,
  ] = await Promise.all([
    shopOrders("paid"),
    shopOrders("packed"),
    database
      .select({ n: count() })
      .from(boxes)
      .where(and(eq(boxes.deliverOn, day), inArray(boxes.status, READY))),
    database
      .select({ n: count(), cutoff: min(boxes.cutoffAt) })
      .from(boxes)
      .where(and(eq(boxes.deliverOn, day), inArray(boxes.status, TO_CHARGE))),
    database
      .select({ n: count(), amount: sum(boxes.amount) })
      .from(boxes)
      .where(eq(boxes.status, "payment_failed")),
    database
      .select({ n: count() })
      .from(gifts)
      .where(and(eq(gifts.status, "paid"), isNull(gifts.sentAt), lte(gifts.sendOn, weekEnd))),
    database
      .select({ n: count() })
      .from(waveInvitations)
      .where(
        and(
          isNull(waveInvitations.claimedAt),
          isNull(waveInvitations.expiredAt),
          gt(waveInvitations.expiresAt, now),
          lte(waveInvitations.expiresAt, lapse),
        ),
      ),
    database
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.active, true), lte(products.stockQuantity, LOW_STOCK))),
    getStock(forecastWindow(now, BOX_STOCK_MONTHS)),
    packingDayLoads([day]),
  ]);
  const boxShort = shortages(stock.lines);
  const n = (row: { n: number } | undefined) => Number(row?.n ?? 0);
  const cutoff = toCharge?.cutoff ? new Date(toCharge.cutoff) : null;
  const items: WorkItem[] = [
    {
      id: "orders-to-pack",
      count: n(toPack),
      title: plural(n(toPack), "shop order to pack", "shop orders to pack"),
      detail: "Paid and waiting to be packed.",
      to: `${paths.adminOrders}?status=paid&kind=shop`,
    },
    {
      id: "orders-to-ship",
      count: n(toShip),
      title: plural(n(toShip), "shop order to ship", "shop orders to ship"),
      detail: "Packed; enter the tracking number as each goes.",
      to: `${paths.adminOrders}?status=packed&kind=shop`,
    },
    {
      id: "boxes-to-pack",
      count: n(ready),
      title: plural(n(ready), "box to pack", "boxes to pack"),
      detail: `Charged for packing day ${day}.`,
      to: `/admin/boxes?day=${day}`,
    },
    {
      id: "boxes-to-charge",
      count: n(toCharge),
      title: plural(n(toCharge), "box still to be charged", "boxes still to be charged"),
      detail: cutoff
        ? `For packing day ${day}; charged at the cutoff, ${cutoff.toLocaleString("en-NZ", {
            timeZone: "Pacific/Auckland",
            dateStyle: "medium",
            timeStyle: "short",
          })}.`
        : `None waiting for packing day ${day}.`,
      to: `/admin/boxes?day=${day}`,
    },
    {
      id: "payments-to-chase",
      count: n(failed),
      title: plural(n(failed), "failed payment to chase", "failed payments to chase"),
      detail: `${formatMoney(Number(failed?.amount ?? 0), settings().currency)} owed on boxes whose charge was declined.`,
      to: "/admin/chase",
    },
    {
      id: "gifts-to-send",
      count: n(giftsDue),
      title: plural(n(giftsDue), "gift e-mail due this week", "gift e-mails due this week"),
      detail: "Paid gifts whose code e-mail goes out by the end of the week.",
      to: `${paths.adminGifts}?status=paid`,
    },
    {
      id: "waves-closing",
      count: n(closing),
      title: plural(n(closing), "wave invitation lapsing", "wave invitations lapsing"),
      detail: `Unclaimed, and their spot goes to the next person within ${WAVE_CLOSING_HOURS} hours.`,
      to: paths.adminWaitlist,
    },
    {
      id: "low-stock",
      count: n(low),
      title: plural(n(low), "product low on stock", "products low on stock"),
      detail: `On sale with ${LOW_STOCK} or fewer left.`,
      to: `${paths.adminProducts}?show=low-stock`,
    },
    {
      id: "box-stock-short",
      count: boxShort.count,
      title: plural(
        boxShort.count,
        "box item short for a packing day",
        "box items short for a packing day",
      ),
      detail: boxShort.soonest
        ? `Not enough on hand for the boxes of ${boxShort.soonest}; receive stock before then.`
        : "Enough on hand for the coming month's packing days.",
      to: "/admin/stock",
    },
  ];
  return { packingDay: day, capacity: capacityLine(loads.get(day)!), items };
}
