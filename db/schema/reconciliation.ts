// The daily reconciliation of our charges and refunds against the payment provider's own records
// (issue 36, ADR 065): one run per New Zealand day and provider, and every difference it found.
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

/** What a difference is: ours not at the provider, the provider's not ours, or not the same. */
export type ReconciliationKind =
  "ours_not_at_provider" | "provider_not_ours" | "amount_mismatch" | "status_mismatch";

export const reconciliationRuns = pgTable(
  "reconciliation_runs",
  {
    /** The New Zealand date reconciled. */
    day: date("day").notNull(),
    /** "stripe", or "demo" (no Stripe keys: it reconciles against its own records). */
    provider: text("provider").notNull(),
    ranAt: timestamp("ran_at", { withTimezone: true }).notNull().defaultNow(),
    ourCharges: integer("our_charges").notNull(),
    providerCharges: integer("provider_charges").notNull(),
    ourRefunds: integer("our_refunds").notNull(),
    providerRefunds: integer("provider_refunds").notNull(),
    differences: integer("differences").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.provider] })],
);

export const reconciliationDifferences = pgTable(
  "reconciliation_differences",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    day: date("day").notNull(),
    provider: text("provider").notNull(),
    /** "charge" or "refund". */
    record: text("record").$type<"charge" | "refund">().notNull(),
    kind: text("kind").$type<ReconciliationKind>().notNull(),
    /** The provider's payment reference (a PaymentIntent id). */
    reference: text("reference").notNull(),
    /** Ours: "order 1042", "gift …"; null when we have no record of it. */
    ours: text("ours"),
    /** Cents, as we recorded it and as the provider did. */
    ourAmount: integer("our_amount"),
    providerAmount: integer("provider_amount"),
    ourStatus: text("our_status"),
    providerStatus: text("provider_status"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("reconciliation_differences_day_idx").on(t.day, t.provider),
    check("reconciliation_differences_record", sql`${t.record} in ('charge', 'refund')`),
    check(
      "reconciliation_differences_kind",
      sql`${t.kind} in ('ours_not_at_provider', 'provider_not_ours', 'amount_mismatch', 'status_mismatch')`,
    ),
  ],
);
