// The waitlist: contacts (SPEC §3 contacts), their consent records (Unsolicited Electronic
// Messages Act: what they agreed to, when, from where), launch notifications per region, and
// referrals: who brought whom through their share link (issue 22, ADR 037), and launch waves (ADR 041).
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

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
    /**
     * The personal share code of /r/{code}: 8 characters of a base32 alphabet from crypto random,
     * no e-mail in it. Contacts from before referrals get one the first time it is shown.
     */
    referralCode: text("referral_code").unique(),
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

export type ReferralStatus = "pending" | "counted" | "refused" | "void";

/**
 * One row a friend who joined through someone's link (ADR 037). The friend is unique: a friend
 * counts once, for the first link. Pending until the friend confirms; then counted, or refused
 * with a reason (self, disposable, farm). An admin may void a counted one (fraud) with a reason.
 */
export const referrals = pgTable(
  "referrals",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    referrerId: uuid("referrer_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    friendId: uuid("friend_id")
      .notNull()
      .unique()
      .references(() => contacts.id, { onDelete: "cascade" }),
    status: text("status").$type<ReferralStatus>().notNull().default("pending"),
    /** Why it was refused or voided. */
    reason: text("reason"),
    /** The connection the friend joined from (a farm is many through one link from one). */
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    voidedBy: text("voided_by"),
  },
  (t) => [
    index("referrals_referrer_idx").on(t.referrerId, t.status),
    index("referrals_farm_idx").on(t.referrerId, t.ip, t.createdAt),
    check("referrals_status_check", sql`${t.status} in ('pending', 'counted', 'refused', 'void')`),
  ],
);

/**
 * A launch wave (issue 22, ADR 041): an admin invites the next `spots` people of a region's queue,
 * as many as packing can take, each with a claim link that holds their spot for a while.
 */
export const launchWaves = pgTable(
  "launch_waves",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    region: text("region").notNull(),
    spots: integer("spots").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("launch_waves_region_idx").on(t.region, t.createdAt),
    check("launch_waves_spots_check", sql`${t.spots} > 0`),
  ],
);

/**
 * One invitation of a wave to one contact. A spot freed by an expired invitation goes to the next
 * person once: the new row names the one it replaces, and that is unique.
 */
export const waveInvitations = pgTable(
  "wave_invitations",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    waveId: uuid("wave_id")
      .notNull()
      .references(() => launchWaves.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    /** The region's queue it came from (the wave's region), for the not-yet-invited check. */
    region: text("region").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    expiredAt: timestamp("expired_at", { withTimezone: true }),
    /** The expired invitation whose spot this one took; null for the wave's first invitations. */
    replacesId: uuid("replaces_id").unique(),
  },
  (t) => [
    uniqueIndex("wave_invitations_wave_contact_idx").on(t.waveId, t.contactId),
    uniqueIndex("wave_invitations_region_contact_idx").on(t.region, t.contactId),
    index("wave_invitations_open_idx")
      .on(t.expiresAt)
      .where(sql`claimed_at is null and expired_at is null`),
  ],
);
