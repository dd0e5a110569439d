// What a coach sees beside a thread (issue 41, ADR 071): the member's plan and region, their town
// and its frost dates, their garden plan (the square asked about marked), the last three boxes'
// contents, their harvest log and the reminders sent to them this month. Read only; never their
// card, password or two-factor data (the subscription's card label is not read either).
import { and, desc, eq, gte, inArray, like, notInArray, sql } from "drizzle-orm";
import {
  boxes,
  harvests,
  notifications,
  profiles,
  subscriptions,
  type BoxLine,
} from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import {
  findGrowingPlace,
  type GrowingPlace,
} from "#app/modules/garden/find-growing-place.server.ts";
import { readableDay } from "#app/modules/garden/garden-rules.ts";
import { BOX_GRIDS } from "#app/modules/garden/garden.schema.ts";
import { getGarden } from "#app/modules/garden/get-garden.server.ts";
import { loadPlantLibrary } from "#app/modules/garden/plant-library.server.ts";
import { findPlan } from "#app/modules/subscriptions/plans.ts";

export interface MemberContext {
  plan: { size: string; status: string } | null;
  region: string | null;
  town: {
    name: string;
    basis: GrowingPlace["basis"];
    lastFrost: string | null;
    firstFrost: string | null;
    why: string;
  };
  garden: {
    columns: number;
    rows: number;
    size: string;
    /** Plant names in each square, row by row from the north-west corner. */
    squares: string[][];
    asked: number | null;
  } | null;
  boxes: { deliverOn: string; status: string; items: BoxLine[] }[];
  harvests: { pickedOn: string; plant: string; amount: string }[];
  harvestTotal: number;
  remindersThisMonth: { sentAt: Date; template: string }[];
}

const REMINDER_NAMES: Record<string, string> = {
  "sms-reminder-weekly": "Weekly reminder text",
  "sms-reminder-monthly": "Monthly reminder text",
  "garden-month": "“Your garden this month” e-mail",
};

export function reminderName(template: string): string {
  return REMINDER_NAMES[template] ?? template;
}

/** The first of this month in New Zealand, as an instant. */
function startOfNzMonth(now: Date): Date {
  const [y, m] = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Pacific/Auckland",
    year: "numeric",
    month: "2-digit",
  })
    .format(now)
    .split("-")
    .map(Number);
  // Midnight on the 1st in Auckland: 12 or 13 hours before UTC midnight; the later bound is safe.
  return new Date(Date.UTC(y!, m! - 1, 1) - 13 * 3_600_000);
}

export async function memberContext(input: {
  userId: string;
  gardenSquare: number | null;
  now?: Date;
}): Promise<MemberContext> {
  const now = input.now ?? new Date();
  const { userId } = input;
  const [[subscription], [profile], garden, boxRows, harvestRows, [harvestCount], reminders] =
    await Promise.all([
      db()
        .select({
          id: subscriptions.id,
          plan: subscriptions.plan,
          status: subscriptions.status,
          region: subscriptions.region,
          address: subscriptions.address,
        })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(
          sql`case when ${subscriptions.status} in ('active', 'paused', 'past_due') then 0 else 1 end`,
          desc(subscriptions.createdAt),
        )
        .limit(1),
      db().select({ address: profiles.address }).from(profiles).where(eq(profiles.id, userId)),
      getGarden(userId),
      db()
        .select({ deliverOn: boxes.deliverOn, status: boxes.status, items: boxes.items })
        .from(boxes)
        .innerJoin(subscriptions, eq(subscriptions.id, boxes.subscriptionId))
        .where(
          and(eq(subscriptions.userId, userId), notInArray(boxes.status, ["scheduled", "skipped"])),
        )
        .orderBy(desc(boxes.deliverOn))
        .limit(3),
      db()
        .select({
          pickedOn: harvests.pickedOn,
          plantId: harvests.plantId,
          amount: harvests.amount,
          grams: harvests.grams,
        })
        .from(harvests)
        .where(eq(harvests.userId, userId))
        .orderBy(desc(harvests.pickedOn), desc(harvests.createdAt))
        .limit(10),
      db()
        .select({ n: sql<number>`count(*)::int` })
        .from(harvests)
        .where(eq(harvests.userId, userId)),
      db()
        .select({ sentAt: notifications.sentAt, template: notifications.template })
        .from(notifications)
        .where(
          and(
            eq(notifications.resourceType, "user"),
            eq(notifications.resourceId, userId),
            eq(notifications.status, "sent"),
            gte(notifications.sentAt, startOfNzMonth(now)),
            sql`(${like(notifications.template, "sms-reminder%")} or ${inArray(notifications.template, ["garden-month"])})`,
          ),
        )
        .orderBy(desc(notifications.sentAt))
        .limit(20),
    ]);
  const library = new Map(loadPlantLibrary().map((p) => [p.id, p.name]));
  const address = subscription?.address ?? profile?.address ?? {};
  const region = subscription?.region ?? profile?.address.region ?? profile?.address.state ?? null;
  const place = findGrowingPlace({ city: address.city, region });
  const plan = garden.plan;
  const grid = plan ? BOX_GRIDS[plan.boxSize] : null;
  return {
    plan: subscription
      ? {
          size: findPlan(subscription.plan)?.size ?? subscription.plan,
          status: subscription.status,
        }
      : null,
    region,
    town: {
      name: place.town?.name ?? place.zone.name,
      basis: place.basis,
      lastFrost: place.frost?.lastFrost ? readableDay(place.frost.lastFrost) : null,
      firstFrost: place.frost?.firstFrost ? readableDay(place.frost.firstFrost) : null,
      why: place.why,
    },
    garden:
      plan && grid
        ? {
            columns: grid.columns,
            rows: grid.rows,
            size: grid.size,
            squares: plan.squares.map((ids) => ids.map((id) => library.get(id) ?? id)),
            asked:
              input.gardenSquare !== null && input.gardenSquare < plan.squares.length
                ? input.gardenSquare
                : null,
          }
        : null,
    boxes: boxRows,
    harvests: harvestRows.map((h) => ({
      pickedOn: h.pickedOn,
      plant: library.get(h.plantId) ?? h.plantId,
      amount: h.amount === "grams" ? `${h.grams ?? 0} g` : h.amount,
    })),
    harvestTotal: harvestCount?.n ?? 0,
    remindersThisMonth: reminders.flatMap((r) =>
      r.sentAt ? [{ sentAt: r.sentAt, template: r.template }] : [],
    ),
  };
}
