// Profiles (SPEC §3 profiles): one per user, id = the auth user's id.
import { boolean, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import type { GrowingSpace, SurveyData } from "./waitlist.ts";

export interface ProfileAddress {
  street?: string;
  suburb?: string;
  city?: string;
  /** The region, as the waitlist stores it (SPEC §3). */
  state?: string;
  zip?: string;
  country?: string;
  region?: string;
}

export interface ProfilePreferences {
  interests?: string[];
  growingSpace?: GrowingSpace;
  surveyData?: SurveyData;
  /** The member's box size (a plan id of the shared plan module), for their calendar feed. */
  plan?: string;
}

export const profiles = pgTable("profiles", {
  id: text("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  fullName: text("full_name"),
  phone: text("phone"),
  address: jsonb("address").$type<ProfileAddress>().notNull().default({}),
  preferences: jsonb("preferences").$type<ProfilePreferences>().notNull().default({}),
  climateZone: text("climate_zone").notNull().default("New Zealand"),
  onboardingCompleted: boolean("onboarding_completed").notNull().default(false),
  /** When the member switched off the monthly growing-tips e-mail; null while they get it. */
  tipsOptedOutAt: timestamp("tips_opted_out_at", { withTimezone: true }),
  /** When the member switched off "Your garden this month" (issue 23); null while they get it. */
  gardenEmailOptedOutAt: timestamp("garden_email_opted_out_at", { withTimezone: true }),
  /** The secret in the member's personal calendar feed URL; reset makes a new one. */
  calendarToken: text("calendar_token").unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
