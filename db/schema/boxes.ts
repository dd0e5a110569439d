// Subscription boxes (issue 21, ADR 032): the items admins can put in boxes, what goes in each
// month's box by climate zone and plan (seeded from the monthly guides' planting lists, edited at
// /admin/boxes), and one box per subscription per delivery: its date, cutoff, status, the items it
// holds (a snapshot, so later edits to the contents table never change a box already made), what
// it costs and the order the renewal made for it.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { orders } from "./shop.ts";
import { subscriptions } from "./subscriptions.ts";

export type BoxItemKind = "seedling" | "seed" | "supply";
/** A swap keeps the box's shape: an item is swapped only for one of the same size class. */
export type BoxItemSizeClass = "small-seedling" | "large-seedling" | "seed-packet" | "supply";

export const boxItems = pgTable(
  "box_items",
  {
    /** A readable slug, e.g. "seedling-tomato". */
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    kind: text("kind").$type<BoxItemKind>().notNull(),
    sizeClass: text("size_class").$type<BoxItemSizeClass>().notNull(),
    /** Retired items stay for old boxes but are offered for nothing new. */
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("box_items_kind", sql`${t.kind} in ('seedling', 'seed', 'supply')`),
    check(
      "box_items_size_class",
      sql`${t.sizeClass} in ('small-seedling', 'large-seedling', 'seed-packet', 'supply')`,
    ),
  ],
);

/** What a month's box holds in one climate zone for one plan. */
export const boxContents = pgTable(
  "box_contents",
  {
    /** 1 (January) to 12. */
    month: integer("month").notNull(),
    /** A climate zone id (app/lib/climate-zones.ts). */
    zone: text("zone").notNull(),
    /** A plan id: 0.5m2, 1m2 or 2m2. */
    plan: text("plan").notNull(),
    itemId: text("item_id")
      .notNull()
      .references(() => boxItems.id),
    quantity: integer("quantity").notNull().default(1),
    /** The order items are listed in. */
    position: integer("position").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.zone, t.plan, t.itemId] }),
    check("box_contents_month_range", sql`${t.month} between 1 and 12`),
    check("box_contents_quantity_range", sql`${t.quantity} between 1 and 20`),
  ],
);

export type BoxStatus =
  | "scheduled"
  | "skipped"
  | "locked"
  | "charged"
  | "payment_failed"
  | "unpaid"
  | "packed"
  | "shipped";

/** One item in a box as it was when the box was made or last changed. */
/** A claimed card charge as the provider is asked it (ADR 064): no idempotency key, it is the claim's. */
export interface ClaimedCharge {
  customerId: string;
  paymentMethodId: string;
  /** Cents the card pays (the box's amount less the credit held). */
  amount: number;
  currency: string;
  description: string;
}

export interface BoxLine {
  itemId: string;
  name: string;
  kind: BoxItemKind;
  sizeClass: BoxItemSizeClass;
  quantity: number;
}

export const boxes = pgTable(
  "boxes",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    /** The box's delivery week starts (and it is packed) on this New Zealand date: its period. */
    deliverOn: date("deliver_on").notNull(),
    /** Until this moment the member may skip it or swap items; then it locks and is charged. */
    cutoffAt: timestamp("cutoff_at", { withTimezone: true }).notNull(),
    status: text("status").$type<BoxStatus>().notNull().default("scheduled"),
    plan: text("plan").notNull(),
    zone: text("zone").notNull(),
    items: jsonb("items").$type<BoxLine[]>().notNull(),
    /** Cents, GST included (ADR 028). */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /** The shop order (kind "subscription box") the renewal made for it. */
    orderId: uuid("order_id").references(() => orders.id),
    /** The provider's reference for the payment that paid it. */
    chargeReference: text("charge_reference"),
    /**
     * Charge attempts so far: the first, the scheduled retries and any the member started by
     * updating their card. Each attempt has its own idempotency key, numbered by this.
     */
    attempts: integer("attempts").notNull().default(0),
    /** Scheduled retries used (at 1, 3, 5 and 7 days); after the fourth the box goes unpaid. */
    retries: integer("retries").notNull().default(0),
    /** When the next retry of a failed payment is due; null when none is. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    lastError: text("last_error"),
    /** When the e-mail three days before the charge was queued. */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    chargedAt: timestamp("charged_at", { withTimezone: true }),
    /**
     * A charge claimed (ADR 064): set, with the key and attempt below, in a short transaction
     * BEFORE the provider is called, and cleared when its outcome is recorded. A claimed box is
     * never claimed again by another run until its claim is stale; a restart resumes it with the
     * same idempotency key, so the provider answers the first charge, never a second.
     */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    /** The claimed charge's idempotency key, recorded before the provider call. */
    claimKey: text("claim_key"),
    /** Which attempt the claim is (1 the first; it becomes `attempts` when recorded). */
    claimAttempt: integer("claim_attempt"),
    /** Why it was claimed: the renewal's first charge, a scheduled retry or the member's. */
    claimKind: text("claim_kind").$type<"renewal" | "retry" | "member">(),
    /** Cents of the member's credit held for this claim: not spendable elsewhere meanwhile. */
    creditHeld: integer("credit_held").notNull().default(0),
    /**
     * The claimed charge exactly as the provider is asked it (customer, card, amount, currency,
     * description), written with the key: a resume asks the same again, so a card or plan changed
     * meanwhile never makes Stripe refuse the replayed key (idempotency_error) and strand the box.
     */
    claimCharge: jsonb("claim_charge").$type<ClaimedCharge>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("boxes_subscription_period_idx").on(t.subscriptionId, t.deliverOn),
    index("boxes_deliver_on_status_idx").on(t.deliverOn, t.status),
    index("boxes_retry_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'payment_failed'`),
    check(
      "boxes_status",
      sql`${t.status} in ('scheduled', 'skipped', 'locked', 'charged', 'payment_failed', 'unpaid', 'packed', 'shipped')`,
    ),
    check("boxes_amount_non_negative", sql`${t.amount} >= 0`),
    index("boxes_claimed_idx")
      .on(t.claimedAt)
      .where(sql`${t.claimedAt} is not null`),
  ],
);

export type StockMoveKind = "receive" | "pack";

/**
 * Box-item stock as a ledger (issue 40, ADR 077): stock received (positive, by an admin with a
 * note) and stock taken off when a box is packed (negative, one row per item per box). On hand is
 * the sum of an item's rows; what coming packing days need is worked out from the forecast and
 * never stored. A box's items leave the stock once: (box, item) is unique, so a second press or a
 * second admin packing at once cannot take them off again.
 */
export const boxStockMoves = pgTable(
  "box_stock_moves",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    itemId: text("item_id")
      .notNull()
      .references(() => boxItems.id),
    kind: text("kind").$type<StockMoveKind>().notNull(),
    /** Positive for stock received, negative for stock packed into a box. */
    quantity: integer("quantity").notNull(),
    /** The box packed (for "pack" rows; null once the box itself is deleted with its account). */
    boxId: uuid("box_id").references(() => boxes.id, { onDelete: "set null" }),
    note: text("note"),
    /** The admin who received the stock or packed the run. */
    authorEmail: text("author_email"),
    /** The receive form's request key: a form sent twice records the stock once. */
    requestKey: text("request_key").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("box_stock_moves_box_item_idx").on(t.boxId, t.itemId),
    index("box_stock_moves_item_idx").on(t.itemId),
    check("box_stock_moves_kind", sql`${t.kind} in ('receive', 'pack')`),
    check(
      "box_stock_moves_sign",
      sql`(${t.kind} = 'receive' and ${t.quantity} > 0 and ${t.boxId} is null) or (${t.kind} = 'pack' and ${t.quantity} < 0)`,
    ),
    check("box_stock_moves_note_length", sql`${t.note} is null or char_length(${t.note}) <= 500`),
  ],
);

/**
 * A packing day's own capacity (ADR 077 addendum): how many boxes that day can pack, set by an
 * admin on /admin/forecast. A day without a row takes the PACKING_DAY_CAPACITY setting.
 */
export const packingDayCapacities = pgTable(
  "packing_day_capacities",
  {
    day: date("day").primaryKey(),
    capacity: integer("capacity").notNull(),
    /** The admin who set it. */
    setBy: text("set_by"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("packing_day_capacities_non_negative", sql`${t.capacity} >= 0`)],
);
