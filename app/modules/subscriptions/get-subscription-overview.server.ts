// What /profile/subscription shows a member (issue 21): their subscription's status in words, the
// next charge (which box, when, how much), the plans they could change to and what each costs,
// the delivery address and week, the card, the offer their cancelling reason is met with, and the
// history of every change. Without a subscription: the plans and whether their region is open.
import { weekChangeRooms } from "./packing-capacity.server.ts";
import { ACCOUNT_DELETED_ENDED } from "./end-account-subscriptions.server.ts";
import { desc, eq } from "drizzle-orm";
import { subscriptionEvents } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { DELIVERY_WEEK_LABELS, formatBoxDate, type DeliveryWeek } from "./box-dates.ts";
import { saveOfferRefusal } from "./accept-cancel-offer.server.ts";
import { addressFormOf } from "./change-delivery-address.server.ts";
import { currentSubscription } from "./change-subscription.server.ts";
import {
  CANCEL_REASONS,
  cancelReasonSchema,
  offerFor,
  type CancelOffer,
  type CancelReason,
} from "./manage.schema.ts";
import { upcomingBoxOn, type SubscriptionRow } from "./box-contents.server.ts";
import { todayInNz } from "./member-calendar.ts";
import { boxSwapChoices, monthName, nextBoxOf, type InSeason } from "./next-box.server.ts";
import { resumeBox } from "./resume-subscription.server.ts";
import { balanceOf } from "#app/modules/credits/credit-ledger.server.ts";
import { findPlan, plans, prepaidBoxesLeft } from "./plans.ts";
import { isRegionOpen } from "./regions.server.ts";

/** How many history rows the page lists. */
export const HISTORY_LENGTH = 30;

const nzDateTime = new Intl.DateTimeFormat("en-NZ", {
  timeZone: "Pacific/Auckland",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** Words for the history rows the member's own changes didn't write (the engine's, admins'). */
function describe(type: string, data: Record<string, unknown>, currency: string): string {
  if (typeof data.message === "string" && data.message) return data.message;
  const money = (v: unknown) => (typeof v === "number" ? formatMoney(v, currency) : "");
  const box = typeof data.box === "string" ? formatBoxDate(data.box) : "";
  switch (type) {
    case "started":
      return `Subscription started${typeof data.firstBox === "string" ? `: first box in the week starting ${formatBoxDate(data.firstBox)}` : ""}.`;
    case "charged": {
      const paid = `Paid ${money(data.amount)}${box ? ` for the box of the week starting ${box}` : ""}`;
      if (typeof data.credit !== "number") return `${paid}.`;
      const card =
        typeof data.card === "number" && data.card > 0 ? ` and ${money(data.card)} by card` : "";
      return `${paid}: ${money(data.credit)} from your credit${card}.`;
    }
    case "box_skipped":
      return `Skipped the box of the week starting ${box}.`;
    case "box_unskipped":
      return `Put back the box of the week starting ${box}.`;
    case "box_item_swapped":
      return `Swapped an item in the box of the week starting ${box}.`;
    case "payment_failed":
      return `A payment didn't go through${box ? ` for the box of the week starting ${box}` : ""}.`;
    case "status":
      if (data.event === "prepaid_over")
        return `Your credit didn't cover the box of the week starting ${box} and no card was saved, so your subscription ended. Nothing was charged.`;
      if (data.event === "account_deleted") return ACCOUNT_DELETED_ENDED;
      return "Your subscription changed.";
    default:
      return "Your subscription changed.";
  }
}

const offerWords = (offer: CancelOffer, price: number, currency: string) => {
  switch (offer.kind) {
    case "smaller-plan": {
      const plan = findPlan(offer.plan)!;
      return {
        title: `Try the ${plan.size} plan instead`,
        text: `A smaller box for ${formatMoney(plan.price, currency)} a month instead of ${formatMoney(price, currency)}, from your next box.`,
        accept: `Switch to ${plan.size}`,
      };
    }
    case "pause":
      return {
        title: `Pause for ${offer.months} months instead`,
        text: "Nothing is charged or sent while you're away, and your deliveries resume by themselves.",
        accept: `Pause for ${offer.months} months`,
      };
    case "skip":
      return {
        title: "Skip your next box instead",
        text: "Nothing is charged or sent for it; the box after comes as usual.",
        accept: "Skip my next box",
      };
    case "discount":
      return {
        title: `${offer.percent}% off your next box`,
        text: `Your next box for ${formatMoney(Math.round((price * (100 - offer.percent)) / 100), currency)} instead of ${formatMoney(price, currency)}, and tell us what would make the boxes better.`,
        accept: `Take ${offer.percent}% off`,
      };
  }
};

/** The subscription's status in the member's words (their page, the home page's next box). */
export function subscriptionStatusText(
  sub: Pick<SubscriptionRow, "status" | "pausedUntil" | "currentPeriodEnd">,
  now = new Date(),
): string {
  return {
    active: "Active",
    paused: sub.pausedUntil
      ? `Paused until ${formatBoxDate(sub.pausedUntil)}`
      : "Paused: your last payment didn't go through",
    past_due: "Payment due: your last payment didn't go through",
    cancelled: `Cancelled: ends on ${formatBoxDate((sub.currentPeriodEnd > now ? sub.currentPeriodEnd.toISOString() : todayInNz(now)).slice(0, 10))}`,
    ended: "Ended",
  }[sub.status];
}

export async function getSubscriptionOverview(
  userId: string,
  options: {
    region?: string | null;
    cancelReason?: string | null;
    now?: Date;
    currency: string;
    /** Swaps offered only when they suit the box's month (garden's `boxItemInSeason`). */
    inSeason?: InSeason;
  },
) {
  const now = options.now ?? new Date();
  const money = (cents: number, currency = options.currency) => formatMoney(cents, currency);
  const sub = await currentSubscription(userId);
  if (!sub || sub.status === "ended") {
    const region = options.region ?? null;
    return {
      subscription: null,
      ended: sub ? { plan: findPlan(sub.plan)?.size ?? sub.plan } : null,
      region,
      regionOpen: region ? await isRegionOpen(region) : false,
      plans: plans.map((p) => ({
        id: p.id,
        size: p.size,
        price: money(p.price),
        description: p.description,
      })),
    };
  }
  const plan = findPlan(sub.plan);
  const running = sub.status === "active" || sub.status === "past_due";
  const [boxes, events] = await Promise.all([
    nextBoxOf(sub, now),
    db()
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.subscriptionId, sub.id))
      .orderBy(desc(subscriptionEvents.createdAt))
      .limit(HISTORY_LENGTH),
  ]);
  // The box on its way is paid for; the next box is the one the member can still skip or change.
  const onItsWay = boxes?.upcoming ? boxes : null;
  const next = boxes?.upcoming ?? boxes;
  const choices = await boxSwapChoices(sub, next, options.inSeason);
  const reason = cancelReasonSchema.safeParse(options.cancelReason);
  const offer = reason.success
    ? offerFor(reason.data, sub.plan, { discount: !(await saveOfferRefusal(db(), sub, now)) })
    : null;
  const status = subscriptionStatusText(sub, now);
  // Each week's first box under a change, and whether its packing day is full (issue 40).
  const rooms = await weekChangeRooms(sub);
  return {
    subscription: {
      status: sub.status,
      statusText: status,
      plan: { id: sub.plan, size: plan?.size ?? sub.plan, price: money(sub.price, sub.currency) },
      pausedUntil: sub.pausedUntil,
      resumesWith:
        sub.status === "paused" && sub.pausedUntil
          ? formatBoxDate(resumeBox(sub, now, true))
          : null,
      /** The box already paid for and on its way, if any. */
      paidBox: onItsWay && !onItsWay.skipped ? onItsWay.deliverOnLabel : null,
      /** The next box: its week, its cutoff (then it's charged), amount and contents. */
      nextBox:
        running && next
          ? {
              box: next.deliverOnLabel,
              cutoff: next.cutoffLabel,
              amount: money(next.amount, next.currency),
              gst: money(next.gst, next.currency),
              fullPrice: next.amount < sub.price ? money(sub.price, sub.currency) : null,
              contents: next.items.length
                ? next.items.map((i) => (i.quantity > 1 ? `${i.name} × ${i.quantity}` : i.name))
                : (plan?.detailedFeatures.included ?? []),
              locked: next.locked,
              skipped: next.skipped,
              /** Each item with what it may be swapped for (same size class), while it can change. */
              swaps: choices
                ? next.items.map((i) => ({
                    itemId: i.itemId,
                    name: i.name,
                    options: choices.get(i.itemId) ?? [],
                  }))
                : [],
              paid: next === boxes && !boxes.upcoming && next.status !== "scheduled",
              /** "December": the month the swaps suit. */
              month: monthName(next.deliverOn),
            }
          : null,
      changeFrom: formatBoxDate(upcomingBoxOn(sub)),
      plans: plans.map((p) => ({
        id: p.id,
        size: p.size,
        description: p.description,
        price: money(p.price, sub.currency),
        current: p.id === sub.plan,
      })),
      deliveryWeek: sub.deliveryWeek as DeliveryWeek,
      deliveryWeekLabel: DELIVERY_WEEK_LABELS[sub.deliveryWeek as DeliveryWeek],
      weeks: rooms.map((r) => ({
        week: r.week,
        firstBox: formatBoxDate(r.firstBox),
        full: r.full,
      })),
      address: addressFormOf(sub.address),
      cardLabel: sub.cardLabel ?? "Card",
      /** No card saved (a gift's prepaid subscription, ADR 043): what its credit still pays for. */
      prepaid: sub.providerPaymentMethodId
        ? null
        : await (async () => {
            const credit = await balanceOf(db(), userId);
            return { credit: money(credit), boxesLeft: prepaidBoxesLeft(credit, sub.price) };
          })(),
      cancelReasons: Object.entries(CANCEL_REASONS).map(([id, label]) => ({ id, label })),
      cancel: reason.success
        ? {
            reason: reason.data as CancelReason,
            offer: offer ? offerWords(offer, sub.price, sub.currency) : null,
          }
        : null,
      history: events.map((e) => ({
        id: e.id,
        at: nzDateTime.format(e.createdAt),
        atIso: e.createdAt.toISOString(),
        text: describe(e.type, e.data, sub.currency),
        by: e.actor === "member" ? "You" : e.actor === "system" ? "Patch" : "Our team",
      })),
    },
  };
}

export type SubscriptionOverview = Awaited<ReturnType<typeof getSubscriptionOverview>>;
