// The waitlist: contacts (SPEC §3 contacts), their consent records (Unsolicited Electronic
// Messages Act: what they agreed to, when, from where), and launch notifications per region.
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export interface ContactAddress {
  street?: string;
  suburb?: string;
  city?: string;
  /** The waitlist puts the region here (SPEC §3). */
  state?: string;
  zip?: string;
  country?: string;
  region?: string;
}

export interface GrowingSpace {
  kind?: string;
  sizeM2?: number;
  sunHours?: string;
}

export interface SurveyData {
  experience?: string;
  timePerWeek?: string;
  interests?: string[];
  completedAt?: string;
  recommendedPlan?: string;
}

export const contacts = pgTable(
  "contacts",
  {
    id: uuid("id").primaryKey(),
    email: text("email").notNull().unique(),
    phone: text("phone"),
    name: text("name"),
    address: jsonb("address").$type<ContactAddress>().notNull().default({}),
    region: text("region"),
    interests: jsonb("interests").$type<string[]>().notNull().default([]),
    growingSpace: jsonb("growing_space").$type<GrowingSpace>().notNull().default({}),
    surveyData: jsonb("survey_data").$type<SurveyData>().notNull().default({}),
    /** The plan picked on the home page's cards, if any. */
    plan: text("plan"),
    source: text("source").notNull().default("waitlist_page"),
    userId: text("user_id"),
    /** When the person first joined; kept through every later merge. */
    timestamp: timestamp("timestamp", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (t) => [
    index("contacts_region_idx").on(t.region),
    index("contacts_phone_idx").on(t.phone),
    index("contacts_timestamp_idx").on(t.timestamp),
  ],
);

export const contactConsents = pgTable(
  "contact_consents",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    /** What was agreed to, e.g. "waitlist_email". */
    purpose: text("purpose").notNull(),
    /** The exact words the person saw next to the button. */
    statement: text("statement").notNull(),
    /** The page it was given on. */
    source: text("source").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    givenAt: timestamp("given_at", { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [index("contact_consents_contact_idx").on(t.contactId)],
);

export const launchNotifications = pgTable("launch_notifications", {
  region: text("region").primaryKey(),
  requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
  requestedBy: text("requested_by").notNull(),
  recipients: integer("recipients").notNull().default(0),
  /** Set once every recipient's job is queued; until then the recipient count isn't known. */
  fannedOutAt: timestamp("fanned_out_at", { withTimezone: true }),
});
