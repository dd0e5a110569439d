// Shipping a packing day's run in bulk (issue 40, ADR 074): the day's paid boxes marked packed
// at once (boxes and their orders, in one transaction); the courier's booking file made from them
// (CSV in the courier's bulk-upload layout: one small adapter per courier in COURIERS, so another
// courier is one more entry); and the courier's tracking file read back, each row's reference
// (our order number) finding its box's order, which is marked shipped with the tracking number
// through the orders' own change (its e-mail to the member carries the number and the courier's
// tracking link, the courier kept on the order) and the box with
// it. Importing the same file twice ships nothing twice: an order already shipped is counted as
// such and left alone.
import { and, eq, inArray } from "drizzle-orm";
import { boxes, orders, subscriptions, type OrderAddress } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { changeOrderStatus } from "#app/modules/orders/change-order-status.server.ts";
import { courierTracking, type CourierTracking } from "#app/modules/orders/couriers.ts";
import { takePackedOffStock } from "#app/modules/subscriptions/box-stock.server.ts";

export interface RunParcel {
  boxId: string;
  orderId: string;
  /** Our order number: the reference on the label and in the courier's tracking file. */
  reference: string;
  name: string;
  email: string;
  phone: string | null;
  address: OrderAddress;
  plan: string;
  orderStatus: string;
  trackingNumber: string | null;
}

/** A courier's adapter: who it is and its tracking page (modules/orders/couriers.ts), its files. */
export interface Courier extends CourierTracking {
  /** The booking file's columns and one parcel's cells. */
  booking: { header: string[]; row: (p: RunParcel) => (string | number)[] };
  /** The tracking file's column names for our reference and the courier's tracking number. */
  tracking: { reference: string; number: string };
}

/** Rough parcel sizes by plan, for the booking file: kilograms and centimetres. */
const PARCEL: Record<string, { kg: number; cm: [number, number, number] }> = {
  "0.5m2": { kg: 3, cm: [40, 30, 20] },
  "1m2": { kg: 5, cm: [50, 40, 25] },
  "2m2": { kg: 9, cm: [60, 45, 30] },
};
const parcel = (plan: string) => PARCEL[plan] ?? PARCEL["1m2"]!;

export const COURIERS: Courier[] = [
  {
    ...courierTracking("nz-post"),
    booking: {
      header: [
        "Reference",
        "Receiver Name",
        "Receiver Email",
        "Receiver Phone",
        "Address Line 1",
        "Suburb",
        "City",
        "Postcode",
        "Country",
        "Rural Delivery",
        "Description",
        "Weight (kg)",
        "Length (cm)",
        "Width (cm)",
        "Height (cm)",
      ],
      row: (p) => [
        p.reference,
        p.name,
        p.email,
        p.phone ?? "",
        p.address.street,
        p.address.suburb ?? "",
        p.address.city,
        p.address.zip,
        "NZ",
        p.address.rural ? "Y" : "N",
        `Live plants: ${p.plan} grow box`,
        parcel(p.plan).kg,
        ...parcel(p.plan).cm,
      ],
    },
    tracking: { reference: "Reference", number: "Tracking Number" },
  },
  {
    ...courierTracking("nz-couriers"),
    booking: {
      header: [
        "Consignee Reference",
        "Consignee Name",
        "Consignee Street",
        "Consignee Suburb",
        "Consignee Town",
        "Consignee Postcode",
        "Consignee Phone",
        "Consignee Email",
        "Rural",
        "Items",
        "Weight",
        "Instructions",
      ],
      row: (p) => [
        p.reference,
        p.name,
        p.address.street,
        p.address.suburb ?? "",
        p.address.city,
        p.address.zip,
        p.phone ?? "",
        p.email,
        p.address.rural ? "Y" : "N",
        1,
        parcel(p.plan).kg,
        "Live plants: keep upright, leave in shade",
      ],
    },
    tracking: { reference: "Consignee Reference", number: "Ticket Number" },
  },
];

export const findCourier = (id: unknown) => COURIERS.find((c) => c.id === id);

/** The day's run: its paid boxes (charged, packed or shipped) with their orders. */
export async function listRun(day: string): Promise<RunParcel[]> {
  const rows = await db()
    .select({
      boxId: boxes.id,
      orderId: orders.id,
      number: orders.number,
      name: orders.name,
      email: orders.email,
      phone: orders.phone,
      address: orders.address,
      plan: boxes.plan,
      orderStatus: orders.status,
      trackingNumber: orders.trackingNumber,
    })
    .from(boxes)
    .innerJoin(orders, eq(orders.id, boxes.orderId))
    .innerJoin(subscriptions, eq(subscriptions.id, boxes.subscriptionId))
    .where(and(eq(boxes.deliverOn, day), inArray(boxes.status, ["charged", "packed", "shipped"])))
    .orderBy(orders.number);
  return rows.map(({ number, ...r }) => ({ ...r, reference: String(number) }));
}

/**
 * Every charged box of the day, and its paid order, marked packed in one transaction, and the
 * boxes' items taken off the box-item stock with them (ADR 077). A racing press waits on the
 * boxes' rows and then finds them packed, so it takes nothing off; the ledger's (box, item)
 * constraint holds that line too.
 */
export async function markRunPacked(
  day: string,
  adminEmail: string | null = null,
): Promise<{ packed: number }> {
  return db().transaction(async (tx) => {
    const packed = await tx
      .update(boxes)
      .set({ status: "packed", updatedAt: new Date() })
      .where(and(eq(boxes.deliverOn, day), eq(boxes.status, "charged")))
      .returning({ id: boxes.id, orderId: boxes.orderId });
    await takePackedOffStock(
      tx,
      packed.map((b) => b.id),
      adminEmail,
    );
    const ids = packed.map((b) => b.orderId).filter((id): id is string => Boolean(id));
    if (ids.length)
      await tx
        .update(orders)
        .set({ status: "packed", updatedAt: new Date() })
        .where(and(inArray(orders.id, ids), eq(orders.status, "paid")));
    return { packed: packed.length };
  });
}

/** A cell a spreadsheet won't run as a formula, quoted for CSV. */
function csvCell(value: string | number): string {
  if (typeof value === "number") return String(value);
  let s = value;
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The courier's booking file for the day's boxes not shipped yet. */
export async function bookingCsv(day: string, courier: Courier): Promise<string> {
  const run = (await listRun(day)).filter((p) => p.orderStatus !== "shipped");
  const rows = [courier.booking.header, ...run.map(courier.booking.row)];
  return `${rows.map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/** RFC 4180 CSV: quoted fields with doubled quotes, CRLF or LF line ends, a byte-order mark. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const s = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && s[i + 1] === "\n") i++;
      row.push(cell);
      if (row.some((c) => c !== "")) rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  row.push(cell);
  if (row.some((c) => c !== "")) rows.push(row);
  return rows;
}

export interface TrackingImport {
  shipped: number;
  alreadyShipped: number;
  /** References that are no box of this day's run. */
  unknown: string[];
  /** Rows without a usable tracking number, by reference. */
  invalid: string[];
  /** When the file itself can't be read: the columns it lacks. */
  error?: string;
}

/** Boxes shipped at once by a tracking import: fewer than the pool's connections. */
const SHIP_CONCURRENCY = 4;

/** The order shipped with its number (its e-mail queued), then its box, in one transaction. */
async function shipParcel(parcel: RunParcel, number: string, courier: Courier): Promise<boolean> {
  return db().transaction(async (tx) => {
    const changed = await changeOrderStatus(
      parcel.orderId,
      { status: "shipped", trackingNumber: number, courier: courier.id },
      { tx },
    );
    if (!changed.ok) return false;
    await tx
      .update(boxes)
      .set({ status: "shipped", updatedAt: new Date() })
      .where(eq(boxes.id, parcel.boxId));
    return true;
  });
}

/** Reads the courier's tracking file and ships each box it names, with its number. */
export async function importTracking(
  day: string,
  courier: Courier,
  text: string,
): Promise<TrackingImport> {
  const result: TrackingImport = { shipped: 0, alreadyShipped: 0, unknown: [], invalid: [] };
  const [header, ...rows] = parseCsv(text);
  const refAt = header?.indexOf(courier.tracking.reference) ?? -1;
  const numAt = header?.indexOf(courier.tracking.number) ?? -1;
  if (refAt < 0 || numAt < 0)
    return {
      ...result,
      error: `The file needs the columns "${courier.tracking.reference}" and "${courier.tracking.number}" (${courier.name}'s tracking export).`,
    };
  const run = new Map((await listRun(day)).map((p) => [p.reference, p]));
  const toShip: { parcel: RunParcel; number: string }[] = [];
  for (const row of rows) {
    const reference = (row[refAt] ?? "").trim().replace(/^#/, "");
    const number = (row[numAt] ?? "").trim();
    const parcel = run.get(reference);
    if (!parcel) result.unknown.push(reference);
    else if (parcel.orderStatus === "shipped") result.alreadyShipped++;
    else if (!/^[A-Za-z0-9-]{4,60}$/.test(number)) result.invalid.push(reference);
    else toShip.push({ parcel, number });
  }
  // Each box in its own short transaction, a few at once (each locks only its own order): the
  // same reference twice in a file finds its order shipped the second time.
  let next = 0;
  const worker = async () => {
    while (next < toShip.length) {
      const { parcel, number } = toShip[next++]!;
      if (await shipParcel(parcel, number, courier)) result.shipped++;
      else result.alreadyShipped++;
    }
  };
  await Promise.all(Array.from({ length: SHIP_CONCURRENCY }, worker));
  return result;
}
