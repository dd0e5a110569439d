// A member's own calendar feed (issue 7): /calendar/feed/{token}.ics follows the region in their
// profile and their box size: their subscription's plan while they have one (issue 39: a plan
// change changes the calendar), else the box size they saved here. The token is the only key to it (calendar apps can't sign in), so it
// is long and random, and resetting it makes the old address stop working at once.
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { profiles, type ProfilePreferences } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { settings } from "#app/lib/env.server.ts";
import { isNzRegion, type NzRegion } from "#app/lib/nz-regions.ts";
import { DEFAULT_PLAN_ID, findPlan, plans, type Plan } from "#app/modules/subscriptions/plans.ts";
import { getMemberPlanId } from "#app/modules/subscriptions/get-member-plan.server.ts";
import { exportPlantingCalendar, type CalendarJob } from "./export-planting-calendar.server.ts";
import { planGardenSessions } from "./plan-garden-sessions.server.ts";

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const newToken = () => randomBytes(32).toString("base64url");

export const calendarPlanSchema = z.object({
  plan: z.enum(plans.map((p) => p.id) as [string, ...string[]], {
    message: "Choose one of the three box sizes.",
  }),
});

export interface PersonalCalendar {
  region: NzRegion | null;
  plan: Plan;
  /** The plan is the member's subscription's (not a box size chosen for the calendar). */
  planFromSubscription: boolean;
  /** https address, to paste into Google Calendar. */
  feedUrl: string;
  /** webcal:// address: opens the calendar app with a subscription. */
  subscribeUrl: string;
}

function regionOf(address: { state?: string; region?: string }): NzRegion | null {
  if (isNzRegion(address.state)) return address.state;
  if (isNzRegion(address.region)) return address.region;
  return null;
}

/** The box size a member's calendar follows: their subscription's plan, else the one saved here. */
async function calendarPlanOf(
  userId: string,
  preferences: ProfilePreferences,
): Promise<{ plan: Plan; fromSubscription: boolean }> {
  const subscribed = findPlan(await getMemberPlanId(userId));
  if (subscribed) return { plan: subscribed, fromSubscription: true };
  return {
    plan: findPlan(preferences.plan) ?? (findPlan(DEFAULT_PLAN_ID) as Plan),
    fromSubscription: false,
  };
}

function feedPath(token: string): string {
  return `/calendar/feed/${token}.ics`;
}

/** The member's feed, making its token the first time it is asked for. */
export async function getPersonalCalendar(userId: string): Promise<PersonalCalendar> {
  const [row] = await db()
    .select({
      token: profiles.calendarToken,
      address: profiles.address,
      preferences: profiles.preferences,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (!row) throw new Error("getPersonalCalendar: the profile must exist first");
  let token = row.token;
  if (!token) {
    // Two tabs at once both see no token; only one write lands, and both read it back.
    await db()
      .update(profiles)
      .set({ calendarToken: sql`coalesce(${profiles.calendarToken}, ${newToken()})` })
      .where(eq(profiles.id, userId));
    const [again] = await db()
      .select({ token: profiles.calendarToken })
      .from(profiles)
      .where(eq(profiles.id, userId));
    token = again?.token ?? null;
  }
  if (!token) throw new Error("getPersonalCalendar: the token could not be made");
  const siteUrl = settings().siteUrl;
  const { plan, fromSubscription } = await calendarPlanOf(userId, row.preferences);
  return {
    region: regionOf(row.address),
    plan,
    planFromSubscription: fromSubscription,
    feedUrl: `${siteUrl}${feedPath(token)}`,
    subscribeUrl: `${siteUrl.replace(/^https?:/, "webcal:")}${feedPath(token)}`,
  };
}

/** A new secret: the old address stops working at once. */
export async function resetCalendarToken(userId: string): Promise<void> {
  await db()
    .update(profiles)
    .set({ calendarToken: newToken(), updatedAt: new Date() })
    .where(eq(profiles.id, userId));
}

export const CALENDAR_FOLLOWS_PLAN =
  "Your calendar follows your subscription's box size. Change your plan under My box and your calendar changes with it.";

export async function setCalendarPlan(userId: string, input: unknown): Promise<Outcome> {
  const parsed = calendarPlanSchema.safeParse(input);
  if (!parsed.success) {
    return failure("invalid", parsed.error.issues[0]?.message ?? "Choose a box size.");
  }
  const [row] = await db()
    .select({ preferences: profiles.preferences })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (!row) return failure("not-found", "Your profile could not be found.");
  if (await getMemberPlanId(userId)) return failure("conflict", CALENDAR_FOLLOWS_PLAN);
  const preferences: ProfilePreferences = { ...row.preferences, plan: parsed.data.plan };
  await db()
    .update(profiles)
    .set({ preferences, updatedAt: new Date() })
    .where(eq(profiles.id, userId));
  return { ok: true };
}

export type PersonalFeed =
  | { kind: "calendar"; body: string; fileName: string }
  | { kind: "needs-region" }
  | { kind: "unknown" };

export interface PersonalFeedOptions {
  /** The member's own dated jobs to add (their garden schedule: app/flows/member-calendar-feed). */
  jobsFor?: (userId: string) => Promise<readonly CalendarJob[]>;
}

/** The .ics for a feed address's file part ("{token}.ics"); unknown and reset tokens find nothing. */
export async function personalCalendarFeed(
  file: string | undefined,
  options: PersonalFeedOptions = {},
): Promise<PersonalFeed> {
  const token = file?.replace(/\.ics$/, "");
  if (!token || !TOKEN_PATTERN.test(token)) return { kind: "unknown" };
  const [row] = await db()
    .select({ id: profiles.id, address: profiles.address, preferences: profiles.preferences })
    .from(profiles)
    .where(eq(profiles.calendarToken, token));
  if (!row) return { kind: "unknown" };
  const region = regionOf(row.address);
  if (!region) return { kind: "needs-region" };
  const { plan } = await calendarPlanOf(row.id, row.preferences);
  const { siteUrl, brandName } = settings();
  const jobs = (await options.jobsFor?.(row.id)) ?? [];
  return {
    kind: "calendar",
    body: exportPlantingCalendar(planGardenSessions(region, plan), { siteUrl, brandName }, jobs),
    fileName: `${brandName.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-my-garden-calendar.ics`,
  };
}
