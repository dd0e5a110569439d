// Subscriptions as the tests need them: a member with a running subscription on the demo saved
// card, written straight to the table (starting one through /subscribe is tested on its own), with
// the dates a test chooses.
import { boxes, subscriptions, type BoxLine, type BoxStatus } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { cutoffOf, nextBoxDate, type DeliveryWeek } from "#app/modules/subscriptions/box-dates.ts";
import { findPlan, type PlanId } from "#app/modules/subscriptions/plans.ts";
import { testCard } from "./cards.ts";
import { insertMember } from "./members.ts";

type NewSubscription = typeof subscriptions.$inferInsert;

export interface SubscriptionFixture {
  plan?: PlanId;
  region?: string;
  week?: DeliveryWeek;
  /** The current period's box (paid at the start). */
  nextBoxOn?: string;
  /** "success" (4242) or "declinesLater" (0341). */
  card?: "success" | "declinesLater";
  now?: Date;
  overrides?: Partial<NewSubscription>;
}

/** Inserts a member and their subscription; answers both ids. */
export async function insertSubscription(
  fixture: SubscriptionFixture = {},
): Promise<{ id: string; userId: string }> {
  const plan = findPlan(fixture.plan ?? "1m2")!;
  const week = fixture.week ?? 2;
  const first = fixture.nextBoxOn ?? "2026-12-08";
  const now = fixture.now ?? new Date("2026-11-25T02:00:00Z");
  const userId = await insertMember({ name: "Aroha Ngata" });
  const id = crypto.randomUUID();
  await db()
    .insert(subscriptions)
    .values({
      id,
      idempotencyKey: crypto.randomUUID(),
      userId,
      email: `${userId}@example.nz`,
      name: "Aroha Ngata",
      plan: plan.id,
      price: plan.price,
      currency: "USD",
      region: fixture.region ?? "Auckland",
      address: {
        street: "12 Kowhai Road",
        suburb: "Grey Lynn",
        city: "Auckland",
        state: fixture.region ?? "Auckland",
        zip: "1021",
        country: "New Zealand",
        rural: false,
      },
      deliveryWeek: week,
      status: "active",
      currentPeriodStart: now,
      currentPeriodEnd: cutoffOf(nextBoxDate(first, week)),
      nextBoxOn: first,
      paymentProvider: "demo",
      providerCustomerId: `demo_cus_${id}`,
      providerPaymentMethodId:
        fixture.card === "declinesLater" ? "demo_pm_declines_later" : "demo_pm_success",
      cardLabel: fixture.card === "declinesLater" ? "Visa ending 0341" : "Visa ending 4242",
      createdAt: now,
      updatedAt: now,
      ...fixture.overrides,
    });
  return { id, userId };
}

/** What the /subscribe form sends for a week-2 1m² subscription in Auckland, paid by card 4242. */
export function subscribeInput(now: Date, overrides: Record<string, unknown> = {}) {
  return {
    idempotencyKey: crypto.randomUUID(),
    plan: "1m2",
    deliveryWeek: "2",
    address: {
      street: "12 Kowhai Road",
      suburb: "Grey Lynn",
      city: "Auckland",
      region: "Auckland",
      postcode: "1021",
      rural: false,
    },
    card: testCard("success", now),
    ...overrides,
  };
}

/** A box of a subscription on a day, in a status (a 1m² box in the warm north, cutoff that day). */
export async function insertBox(
  subscriptionId: string,
  deliverOn: string,
  status: BoxStatus,
  items: BoxLine[] = [],
) {
  const [made] = await db()
    .insert(boxes)
    .values({
      subscriptionId,
      deliverOn,
      cutoffAt: new Date(`${deliverOn}T00:00:00Z`),
      status,
      plan: "1m2",
      zone: "warm-north",
      items,
      amount: 5900,
      currency: "USD",
    })
    .returning();
  return made!;
}
