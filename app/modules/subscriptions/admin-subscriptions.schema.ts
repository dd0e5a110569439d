// What /admin/subscriptions reads from its query and forms (issue 21, admin side): the list's
// search and filters, a subscription's id by its shape, the admin's actions, and the words for each
// status. Shared by the admin pages and the use-cases behind them.
import { optionalFilter, readListQuery } from "#app/lib/list-query.ts";
import { NZ_REGIONS, type NzRegion } from "#app/lib/nz-regions.ts";
import { freeText, z } from "#app/lib/zod.ts";
import { CANCEL_REASONS, PAUSE_MONTHS, type CancelReason } from "./manage.schema.ts";
import { plans, type PlanId } from "./plans.ts";
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from "./subscription-status.ts";

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: "Active",
  paused: "Paused",
  past_due: "Past due",
  cancelled: "Cancelled",
  ended: "Ended",
};

/** Rows on one page of the list. */
export const SUBSCRIPTIONS_PAGE_SIZE = 50;

const PLAN_IDS = plans.map((p) => p.id) as [PlanId, ...PlanId[]];

const optional = optionalFilter;

export const subscriptionListSchema = z.object({
  q: optional(freeText({ max: 100 })).transform((v) => v || undefined),
  status: optional(z.enum(SUBSCRIPTION_STATUSES)),
  plan: optional(z.enum(PLAN_IDS)),
  region: optional(z.enum(NZ_REGIONS as unknown as [NzRegion, ...NzRegion[]])),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type SubscriptionListQuery = z.infer<typeof subscriptionListSchema>;

/** The list's query from a URL's search parameters (absent or empty values dropped). */
export function readSubscriptionListQuery(params: URLSearchParams): SubscriptionListQuery {
  return readListQuery(subscriptionListSchema, params);
}

/** Subscription ids are UUIDs: anything else is "not found" before a query sees it. */
export const subscriptionIdSchema = z.uuid();

const requestKey = z.uuid({ message: "This form is out of date. Please reload the page." });

/** The admin's actions on one subscription, each a form with an `intent`. */
export const adminActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("skip"), requestKey }),
    z.object({
      intent: z.literal("pause"),
      requestKey,
      pauseFor: z.enum(PAUSE_MONTHS, { message: "Choose 1, 2 or 3 months." }),
    }),
    z.object({
      intent: z.literal("cancel"),
      requestKey,
      reason: z.enum(Object.keys(CANCEL_REASONS) as [CancelReason, ...CancelReason[]], {
        message: "Choose the member's reason.",
      }),
    }),
    z.object({
      intent: z.literal("refund"),
      requestKey,
      boxId: z.uuid({ message: "Choose a paid box to refund." }),
    }),
  ],
  { error: "Choose an action." },
);
export type AdminAction = z.infer<typeof adminActionSchema>;

/**
 * The admin's changes made through the member's own use-cases, each parsed there by its shared
 * schema (plan, address, week, swap) or by the credit's (issue 40).
 */
export const ADMIN_CHANGE_INTENTS = ["plan", "address", "week", "swap", "credit"] as const;
export type AdminChangeIntent = (typeof ADMIN_CHANGE_INTENTS)[number];

export const isAdminChange = (intent: string): intent is AdminChangeIntent =>
  (ADMIN_CHANGE_INTENTS as readonly string[]).includes(intent);
