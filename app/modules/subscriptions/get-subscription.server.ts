// One member's subscription, for its confirmation page: only its owner sees it. With what its
// first box cost today: how much the member's credit paid and how much the card (ADR 040).
import { and, eq } from "drizzle-orm";
import { subscriptions } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { gstIncluded } from "#app/lib/gst.ts";
import { z } from "#app/lib/zod.ts";
import { DELIVERY_WEEK_LABELS, formatBoxDate, type DeliveryWeek } from "./box-dates.ts";
import { balanceOf } from "#app/modules/credits/credit-ledger.server.ts";
import { findPlan, prepaidBoxesLeft } from "./plans.ts";
import { findHistoryEvent } from "./subscription-history.server.ts";

export async function getMemberSubscription(id: unknown, userId: string) {
  const parsed = z.uuid().safeParse(id);
  if (!parsed.success) return null;
  const [sub] = await db()
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, parsed.data), eq(subscriptions.userId, userId)));
  if (!sub) return null;
  const plan = findPlan(sub.plan);
  return {
    id: sub.id,
    status: sub.status,
    planSize: plan?.size ?? sub.plan,
    contents: plan?.detailedFeatures.included ?? [],
    price: sub.price,
    gst: gstIncluded(sub.price),
    currency: sub.currency,
    firstBox: formatBoxDate(sub.nextBoxOn),
    deliveryWeek: DELIVERY_WEEK_LABELS[sub.deliveryWeek as DeliveryWeek],
    address: sub.address,
    cardLabel: sub.cardLabel,
    /** No card (a gift's prepaid subscription): how many more boxes the credit pays for. */
    prepaidBoxesLeft: sub.providerPaymentMethodId
      ? null
      : prepaidBoxesLeft(await balanceOf(db(), userId), sub.price),
    email: sub.email,
    firstCharge: await firstChargeOf(sub.id, sub.price),
  };
}

/** The first box's payment, from its (first) "charged" history row: credit and card, in cents. */
export async function firstChargeOf(
  subscriptionId: string,
  price: number,
): Promise<{ credit: number; card: number }> {
  const row = await findHistoryEvent(db(), subscriptionId, { type: "charged", pick: "first" });
  const credit = typeof row?.data.credit === "number" ? row.data.credit : 0;
  return { credit, card: price - credit };
}

export type MemberSubscription = NonNullable<Awaited<ReturnType<typeof getMemberSubscription>>>;
