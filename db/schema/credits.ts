// The one credits ledger (issue 22, ADR 040): every credit a member is given and every debit taken
// from it, one row each, never updated or deleted. A member's balance is the SUM of their rows.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
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

/**
 * A referral milestone's credit, one row per waitlist contact and milestone for ever (ADR 061): the
 * ledger rows go with a deleted account, this row stays, so a new account with the contact's
 * address finds the milestone already given. `held` is whether its credit stands (a void below
 * the milestone takes it back; counted back up, it is earned again and `times` counts the
 * earnings, which name the ledger keys referral:<contact>:<friends>:<times>). No foreign key to
 * the contact: it outlives the contact too.
 */
export const referralMilestoneGrants = pgTable(
  "referral_milestone_grants",
  {
    contactId: uuid("contact_id").notNull(),
    /** The milestone: this many counted friends. */
    friends: integer("friends").notNull(),
    /** The account it was last granted to; null once that account is deleted. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    amount: integer("amount").notNull(),
    held: boolean("held").notNull().default(true),
    times: integer("times").notNull().default(1),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.friends] }),
    check("referral_milestone_grants_amount", sql`${t.amount} > 0`),
    check("referral_milestone_grants_times", sql`${t.times} >= 1`),
  ],
);
