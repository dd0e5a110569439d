// The admin's changes on /admin/subscriptions/{id} beyond skip, pause and cancel (issue 40): plan
// (with the member's own confirmation of which swaps stay and which go), delivery address, delivery
// week, a swap in the next box, and a goodwill credit. Each is the member's own use-case for this
// subscription, parsed by its shared schema, made once per request key, with the admin named in
// the history and the member's change e-mail queued with it. Also what the page's forms offer.
import { formString } from "#app/modules/checkout/checkout.schema.ts";
import { formatMoney } from "#app/lib/money.ts";
import { upcomingBoxOn } from "#app/modules/subscriptions/box-contents.server.ts";
import { DELIVERY_WEEK_LABELS, formatBoxDate } from "#app/modules/subscriptions/box-dates.ts";
import { weekChangeRooms } from "#app/modules/subscriptions/packing-capacity.server.ts";
import type {
  ChangeOutcome,
  ChangeRequest,
  SubscriptionRow,
} from "#app/modules/subscriptions/change-subscription.server.ts";
import {
  addressFormOf,
  changeDeliveryAddress,
} from "#app/modules/subscriptions/change-delivery-address.server.ts";
import { changeDeliveryWeek } from "#app/modules/subscriptions/change-delivery-week.server.ts";
import {
  changeSubscriptionPlan,
  previewPlanChange,
  type PlanChangePreview,
} from "#app/modules/subscriptions/change-subscription-plan.server.ts";
import { addressFormValues } from "#app/modules/subscriptions/manage.schema.ts";
import {
  boxSwapChoices,
  monthName,
  nextBoxOf,
  type BoxChangeOutcome,
  type InSeason,
} from "#app/modules/subscriptions/next-box.server.ts";
import { plans } from "#app/modules/subscriptions/plans.ts";
import { swapNextBoxItem } from "#app/modules/subscriptions/swap-next-box-item.server.ts";
import type { AdminChangeIntent } from "#app/modules/subscriptions/admin-subscriptions.schema.ts";
import { grantSubscriptionCredit } from "./grant-subscription-credit.server.ts";

/** Who asks: the subscription's member with the admin as actor, and the admin's user id. */
export type AdminWho = Omit<ChangeRequest, "requestKey"> & {
  userId: string;
  subscriptionId: string;
  adminId: string;
};

/**
 * The change's own outcome; with a plan change that touches the member's swaps, `confirmPlan`
 * to confirm first (nothing changed yet).
 */
type AdminChange = (ChangeOutcome | BoxChangeOutcome) & { confirmPlan?: PlanChangePreview };

export async function makeAdminChange(
  intent: AdminChangeIntent,
  form: FormData,
  who: AdminWho,
  inSeason: InSeason,
): Promise<AdminChange> {
  const requestKey = formString(form, "requestKey");
  const { adminId, ...member } = who;
  switch (intent) {
    case "plan": {
      const plan = formString(form, "plan");
      const preview =
        formString(form, "confirm") === "yes"
          ? null
          : await previewPlanChange(who.userId, plan, who.now, who.subscriptionId);
      if (preview)
        return {
          ok: true,
          changed: false,
          subscriptionId: who.subscriptionId,
          message: "",
          confirmPlan: preview,
        };
      const outcome = await changeSubscriptionPlan(
        { requestKey, plan, confirmDrops: formString(form, "confirmDrops") },
        member,
      );
      // Swaps changed since the confirmation was shown: show it again, as it is now.
      const again =
        !outcome.ok &&
        outcome.code === "conflict" &&
        (await previewPlanChange(who.userId, plan, who.now, who.subscriptionId));
      return again ? { ...outcome, confirmPlan: again } : outcome;
    }
    case "address":
      return changeDeliveryAddress(addressFormValues(form), member);
    case "week":
      return changeDeliveryWeek(
        { requestKey, deliveryWeek: formString(form, "deliveryWeek") },
        member,
      );
    case "swap":
      return swapNextBoxItem(
        {
          itemId: formString(form, "itemId"),
          replacementId: formString(form, "replacementId"),
          requestKey,
        },
        { ...member, inSeason },
      );
    case "credit":
      return grantSubscriptionCredit(
        { amount: formString(form, "amount"), reason: formString(form, "reason"), requestKey },
        { ...member, adminId },
      );
  }
}

/** What the page's change forms offer for this subscription: plans, weeks, address, swaps. */
export async function adminChangeOptions(
  sub: SubscriptionRow,
  { now = new Date(), inSeason }: { now?: Date; inSeason: InSeason },
) {
  const boxes = await nextBoxOf(sub, now);
  // As on the member's page: the box on its way is paid for, the one after can still change.
  const next = boxes?.upcoming ?? boxes;
  const [choices, rooms] = await Promise.all([
    boxSwapChoices(sub, next, inSeason),
    weekChangeRooms(sub),
  ]);
  return {
    changeFrom: formatBoxDate(upcomingBoxOn(sub)),
    plans: plans.map((p) => ({
      id: p.id,
      size: p.size,
      price: formatMoney(p.price, sub.currency),
      current: p.id === sub.plan,
    })),
    weeks: rooms.map(({ week, firstBox, full }) => ({
      week,
      label: DELIVERY_WEEK_LABELS[week],
      /** The first box in that week, were the member to change to it now. */
      firstBox: formatBoxDate(firstBox),
      current: sub.deliveryWeek === week,
      /** Its packing day has no room (issue 40): shown, not selectable. */
      full,
    })),
    address: addressFormOf(sub.address),
    swapBox:
      next && choices
        ? {
            box: next.deliverOnLabel,
            cutoff: next.cutoffLabel,
            month: monthName(next.deliverOn),
            items: next.items.map((i) => ({
              itemId: i.itemId,
              name: i.name,
              options: choices.get(i.itemId) ?? [],
            })),
          }
        : null,
  };
}

export type AdminChangeOptions = Awaited<ReturnType<typeof adminChangeOptions>>;
