// Gift boxes (issue 22, ADR 043): 3, 6 or 12 months of a plan bought in the shop for someone
// else. One row a gift: what was bought and paid, who it is for and when their e-mail goes, the
// hash of its code (never the code itself), and who redeemed it, where, and as what.
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
  uuid,
} from "drizzle-orm/pg-core";
import type { OrderAddress } from "./shop.ts";
import { subscriptions } from "./subscriptions.ts";

/** `refunded`: paid, then given back by an admin before anyone redeemed it (ADR 049). */
export type GiftStatus = "pending_payment" | "payment_failed" | "paid" | "refunded";

/** What an admin did to a gift (ADR 049). */
export type GiftEventKind = "resend" | "change" | "refund";

/**
 * What redeeming made of it: a prepaid subscription (an open region), credit on a subscription
 * already running, or a waitlist spot with the credit held (a region not open yet).
 */
export type GiftRedemption = "subscription" | "credit" | "held";

export const gifts = pgTable(
  "gifts",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Made by the gift page for each attempt: a retried submit finds the same gift. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    status: text("status").$type<GiftStatus>().notNull().default("pending_payment"),
    buyerName: text("buyer_name").notNull(),
    buyerEmail: text("buyer_email").notNull(),
    /** The buyer's account when they were signed in. */
    buyerUserId: text("buyer_user_id"),
    recipientName: text("recipient_name").notNull(),
    recipientEmail: text("recipient_email").notNull(),
    message: text("message"),
    /**
     * The recipient's region as the buyer chose it before paying (ADR 076): where the redeem page
     * starts, and what the buyer was told (open now, or a held place and credit). Null for gifts
     * bought before it was asked.
     */
    recipientRegion: text("recipient_region"),
    plan: text("plan").notNull(),
    months: integer("months").notNull(),
    /** The plan's monthly price in cents when bought, GST included (ADR 028). */
    monthlyPrice: integer("monthly_price").notNull(),
    /** What the buyer paid: months × monthly price, GST included. */
    amount: integer("amount").notNull(),
    /** The GST included in `amount`. */
    gst: integer("gst").notNull(),
    currency: text("currency").notNull(),
    /** The New Zealand date the recipient's e-mail goes out (08:00 that day, or at once if today). */
    sendOn: date("send_on").notNull(),
    /** SHA-256 of the normalised code; the code is worked out from the id when it is sent. */
    codeHash: text("code_hash").notNull().unique(),
    /**
     * The code's last four characters, for an admin to find the gift a caller reads out (ADR
     * 049); the other 12 (60 bits) are never stored. Null for gifts bought before it was kept.
     */
    codeEnd: text("code_end"),
    /** "demo" or "stripe". */
    paymentProvider: text("payment_provider").notNull(),
    /** Stripe's PaymentIntent id, or the demo provider's reference. */
    paymentReference: text("payment_reference"),
    paymentError: text("payment_error"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** When an admin refunded it (status `refunded`). */
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /** When the recipient's e-mail with the code was sent. */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    redeemedBy: text("redeemed_by"),
    redeemedAs: text("redeemed_as").$type<GiftRedemption>(),
    redeemedRegion: text("redeemed_region"),
    /** The delivery address and week the recipient gave, kept for a held gift's start. */
    redeemedAddress: jsonb("redeemed_address").$type<OrderAddress>(),
    redeemedWeek: integer("redeemed_week"),
    /** The prepaid subscription it started (at once, or later for a held gift). */
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("gifts_redeemed_by_idx")
      .on(t.redeemedBy)
      .where(sql`${t.redeemedBy} is not null`),
    index("gifts_buyer_email_idx").on(t.buyerEmail),
    index("gifts_recipient_email_idx").on(t.recipientEmail),
    index("gifts_created_at_idx").on(t.createdAt),
    index("gifts_code_end_idx").on(t.codeEnd),
    index("gifts_payment_reference_idx").on(t.paymentReference),
    check("gifts_refunded_whole", sql`(${t.status} = 'refunded') = (${t.refundedAt} is not null)`),
    check("gifts_months", sql`${t.months} in (3, 6, 12)`),
    check("gifts_amount_positive", sql`${t.amount} > 0`),
    check(
      "gifts_status",
      sql`${t.status} in ('pending_payment', 'payment_failed', 'paid', 'refunded')`,
    ),
    check(
      "gifts_redeemed_as",
      sql`${t.redeemedAs} is null or ${t.redeemedAs} in ('subscription', 'credit', 'held')`,
    ),
    // Only a paid gift is redeemed, and a redeemed one says by whom and as what.
    check(
      "gifts_redeemed_whole",
      sql`(${t.redeemedAt} is null) = (${t.redeemedBy} is null)
          and (${t.redeemedAt} is null) = (${t.redeemedAs} is null)
          and (${t.redeemedAt} is null or ${t.status} = 'paid')`,
    ),
  ],
);

/**
 * What an admin did to a gift (ADR 049): re-sent the recipient's e-mail, changed its day or
 * recipient, or refunded it; who, when and why, and what changed. The request key (one a page
 * view) makes a doubled or retried submit the same act.
 */
export const giftEvents = pgTable(
  "gift_events",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    giftId: uuid("gift_id")
      .notNull()
      .references(() => gifts.id, { onDelete: "cascade" }),
    kind: text("kind").$type<GiftEventKind>().notNull(),
    requestKey: text("request_key").notNull().unique(),
    /** The admin's e-mail address. */
    by: text("by").notNull(),
    reason: text("reason").notNull(),
    /** What changed: the fields before and after (a change), or the refund's amount. */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("gift_events_gift_idx").on(t.giftId, t.createdAt),
    check("gift_events_kind", sql`${t.kind} in ('resend', 'change', 'refund')`),
  ],
);
