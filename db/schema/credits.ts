// The one credits ledger (issue 22, ADR 040): every credit a member is given and every debit taken
// from it, one row each, never updated or deleted. A member's balance is the SUM of their rows.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/** Why a row is there: the first four add credit, the last two take it. */
export const CREDIT_KINDS = [
  "referral_milestone",
  "gift",
  "goodwill",
  "refunded_box",
  "applied_to_box",
  "taken_back",
] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

export const creditEntries = pgTable(
  "credit_entries",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Deleting an account (the member's right) takes its ledger with it. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Cents: positive a credit, negative a debit (a take-back of what was already spent: 0). */
    amount: integer("amount").notNull(),
    kind: text("kind").$type<CreditKind>().notNull(),
    note: text("note"),
    /** The admin's user id, or null for the system (referrals, the renewal). */
    createdBy: text("created_by"),
    /** Retrying the same request finds its row instead of adding another. */
    requestKey: text("request_key").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("credit_entries_user_idx").on(t.userId, t.createdAt),
    check(
      "credit_entries_kind",
      sql`${t.kind} in ('referral_milestone', 'gift', 'goodwill', 'refunded_box', 'applied_to_box', 'taken_back')`,
    ),
    // A credit adds, a debit takes: the sign follows the kind.
    check(
      "credit_entries_sign",
      sql`case when ${t.kind} = 'applied_to_box' then ${t.amount} < 0
               when ${t.kind} = 'taken_back' then ${t.amount} <= 0
               else ${t.amount} > 0 end`,
    ),
  ],
);
