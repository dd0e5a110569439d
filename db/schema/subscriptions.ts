// Subscriptions (issue 21): which regions are open for them, each member's monthly box
// subscription, and the history of every change to one. A subscription's status only changes
// through the state machine in app/modules/subscriptions/subscription-status.ts (ADR 029).
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { OrderAddress } from "./shop.ts";

export type RegionStatus = "waitlist" | "waves" | "open";

/**
 * A region's state for subscriptions. A region without a row is waitlist-only; a launch wave puts
 * it in "waves" (only members with a claimed invitation subscribe there); opening it writes
 * "open" with who and when (the demo data opens Auckland).
 */
export const regions = pgTable("regions", {
  name: text("name").primaryKey(),
  status: text("status").$type<RegionStatus>().notNull().default("waitlist"),
  openedAt: timestamp("opened_at", { withTimezone: true }),
  openedBy: text("opened_by"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type SubscriptionStatus = "active" | "paused" | "past_due" | "cancelled" | "ended";

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Made by the subscribe page for each attempt: a retried submit finds the same row. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    userId: text("user_id").notNull(),
    /** Where the e-mails go: the member's address when they subscribed. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    plan: text("plan").notNull(),
    /** The plan's monthly price in cents when it was chosen, GST included (ADR 028). */
    price: integer("price").notNull(),
    currency: text("currency").notNull(),
    region: text("region").notNull(),
    address: jsonb("address").$type<OrderAddress>().notNull(),
    /** Which week of the month the box arrives in, 1 to 4. */
    deliveryWeek: integer("delivery_week").notNull(),
    status: text("status").$type<SubscriptionStatus>().notNull().default("active"),
    /** The paid period: the box in it is paid for; the renewal charges at its end. */
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    /** The next box's delivery week starts on this New Zealand date. */
    nextBoxOn: date("next_box_on").notNull(),
    /** A pause's last day (New Zealand date): deliveries resume after it; null when not paused. */
    pausedUntil: date("paused_until"),
    /** "demo" or "stripe". */
    paymentProvider: text("payment_provider").notNull(),
    /** Stripe's Customer id, or the demo provider's. */
    providerCustomerId: text("provider_customer_id"),
    /** The saved card: Stripe's PaymentMethod id, or the demo provider's. */
    providerPaymentMethodId: text("provider_payment_method_id"),
    /** The card as people recognise it, e.g. "Visa ending 4242". */
    cardLabel: text("card_label"),
    /**
     * The box items (seed and seedling ids) the member's accepted next-season garden plan grows
     * (issue 23, ADR 045): boxes made from then on prefer them within each line's kind and size
     * class. Null until a plan is accepted.
     */
    gardenItems: text("garden_items").array(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("subscriptions_user_idx").on(t.userId),
    index("subscriptions_status_idx").on(t.status),
    index("subscriptions_period_end_idx").on(t.currentPeriodEnd),
    // One running subscription per member: the account's subscription page shows one next box.
    uniqueIndex("subscriptions_one_running_per_user_idx")
      .on(t.userId)
      .where(sql`${t.status} in ('active', 'paused', 'past_due')`),
    check("subscriptions_delivery_week_range", sql`${t.deliveryWeek} between 1 and 4`),
    check("subscriptions_price_non_negative", sql`${t.price} >= 0`),
  ],
);

/**
 * Who a subscription is for, what it is and where it goes: the columns the admin's list and the
 * member's "download my data" both read first (two areas, ADR 025, so kept with the table).
 */
export const subscriptionSummaryColumns = {
  id: subscriptions.id,
  name: subscriptions.name,
  email: subscriptions.email,
  plan: subscriptions.plan,
  price: subscriptions.price,
  currency: subscriptions.currency,
  region: subscriptions.region,
};

/** Every change to a subscription, in order: the member's history and the admin's audit. */
export const subscriptionEvents = pgTable(
  "subscription_events",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    /** What happened, e.g. "started", "charged", "paused", "status". */
    type: text("type").notNull(),
    fromStatus: text("from_status").$type<SubscriptionStatus>(),
    toStatus: text("to_status").$type<SubscriptionStatus>(),
    /** Details: the amount and reference of a charge, the plan changed to, the reason given. */
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    /** "member", "admin:<email>", "system". */
    actor: text("actor").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("subscription_events_subscription_idx").on(t.subscriptionId, t.createdAt),
    // A box is paid once: every successful charge writes its "charged" row (record-box-charges),
    // so a second one for the same subscription and box is refused by the database, whatever the
    // code path or race that tried it.
    uniqueIndex("subscription_events_one_charge_per_box_idx")
      .on(t.subscriptionId, sql`(${t.data}->>'box')`)
      .where(sql`${t.type} = 'charged'`),
    // The cancel flow's save offer discounts a box once (accept-cancel-offer.server.ts keeps it
    // to once a year, under the subscription's lock; this holds whatever path wrote it).
    uniqueIndex("subscription_events_one_discount_per_box_idx")
      .on(t.subscriptionId, sql`(${t.data}->>'box')`)
      .where(sql`${t.type} = 'discount_given'`),
  ],
);
