// Guidance by message (issue 7): text-message reminders for members, and the monthly growing-tips
// e-mail. Consent for texts is recorded as the Unsolicited Electronic Messages Act asks: what was
// agreed to, when, from where; a STOP reply or the profile switch ends it at once.
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

export const smsReminders = pgTable(
  "sms_reminders",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The verified number the reminders go to (E.164), copied at opt-in. */
    phone: text("phone").notNull(),
    /** "weekly" or "monthly". */
    frequency: text("frequency").notNull(),
    /** The exact words the person agreed to. */
    consentStatement: text("consent_statement").notNull(),
    consentSource: text("consent_source").notNull(),
    consentIp: text("consent_ip"),
    consentUserAgent: text("consent_user_agent"),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when reminders end; null while they run. */
    stoppedAt: timestamp("stopped_at", { withTimezone: true }),
    /** "sms_stop", "profile", "phone_changed". */
    stopSource: text("stop_source"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sms_reminders_phone_idx").on(t.phone)],
);

/** One row per month's growing-tips run, whether the schedule or an admin started it. */
export const growingTipsRuns = pgTable("growing_tips_runs", {
  /** "2026-12": the New Zealand month the tips are for. */
  month: text("month").primaryKey(),
  requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
  /** "schedule" or the admin's e-mail. */
  requestedBy: text("requested_by").notNull(),
  recipients: integer("recipients").notNull().default(0),
  /** Set once every recipient's job is queued. */
  fannedOutAt: timestamp("fanned_out_at", { withTimezone: true }),
});
