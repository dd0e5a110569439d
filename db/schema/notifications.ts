// Every message we send, keyed by an idempotency key, so a job that runs twice sends once (after
// Medusa's notification record).
import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    channel: text("channel").notNull(),
    template: text("template").notNull(),
    recipient: text("recipient").notNull(),
    /** pending → sending → sent, or failed (retried by its job). */
    status: text("status").notNull().default("pending"),
    resourceType: text("resource_type"),
    resourceId: text("resource_id"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    providerId: text("provider_id"),
    /** When a sender claimed it; a claim older than the lease is a crashed sender's. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("notifications_resource_idx").on(t.resourceType, t.resourceId)],
);

/**
 * Addresses we no longer send to (ADR 066): a hard bounce or a spam complaint reported by the
 * mail provider's webhook, or an admin's entry. One row per address (trimmed, lower case);
 * sendMail() checks it before every message. A redelivered webhook finds the row and changes
 * nothing; an admin removing the row lets mail go to the address again.
 */
export const emailSuppressions = pgTable("email_suppressions", {
  address: text("address").primaryKey(),
  /** "bounce" (the address doesn't take mail) or "complaint" (its owner marked us as spam). */
  reason: text("reason").notNull(),
  /** Where it came from: "postmark", "ses" or "admin". */
  source: text("source").notNull(),
  /** The provider's words (bounce type, description), for the admin page. */
  detail: text("detail"),
  /** The provider's id of the event (Postmark's bounce id, SNS's message id). */
  eventId: text("event_id"),
  /** When the provider says it happened. */
  occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
