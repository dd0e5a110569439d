// /profile/subscription (issue 21): the member's monthly box. 'Your next box', skip it, pause and
// resume deliveries, change plan, delivery address or week, update the card, cancel (one reason,
// one matching offer, 'No thanks, cancel' one press away) and the history of every change. Each
// form posts one intent to this page's action, which calls that change's use-case; every form
// works without JavaScript. The cancelling reason is a GET form, so the offer is a page of its own
// (?cancel=reason) that a reload or the back button keeps; its answer is said at the top. "Your
// credit" shows the member's credit and its history (ADR 040).
import { noindexMeta } from "#app/lib/seo.ts";
import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { settings } from "#app/lib/env.server.ts";
import { statusOf } from "#app/lib/outcome.ts";
import { getProfile } from "#app/modules/accounts/get-profile.server.ts";
import { requireUser } from "#app/modules/accounts/require-user.server.ts";
import { DEMO_NOTICE } from "#app/modules/payments/demo-payments.server.ts";
import { savedCardProvider } from "#app/modules/payments/saved-cards.server.ts";
import { acceptCancelOffer } from "#app/modules/subscriptions/accept-cancel-offer.server.ts";
import { cancelSubscription } from "#app/modules/subscriptions/cancel-subscription.server.ts";
import type { ChangeOutcome } from "#app/modules/subscriptions/change-subscription.server.ts";
import { changeDeliveryAddress } from "#app/modules/subscriptions/change-delivery-address.server.ts";
import { changeDeliveryWeek } from "#app/modules/subscriptions/change-delivery-week.server.ts";
import {
  changeSubscriptionPlan,
  previewPlanChange,
} from "#app/modules/subscriptions/change-subscription-plan.server.ts";
import { boxItemInSeason } from "#app/modules/garden/box-item-season.server.ts";
import { getSubscriptionOverview } from "#app/modules/subscriptions/get-subscription-overview.server.ts";
import { getMemberCredit } from "#app/modules/credits/get-credit-balance.server.ts";
import { formString } from "#app/modules/checkout/checkout.schema.ts";
import { addressFormValues, cardFormValues } from "#app/modules/subscriptions/manage.schema.ts";
import { pauseSubscription } from "#app/modules/subscriptions/pause-subscription.server.ts";
import { resumeSubscription } from "#app/modules/subscriptions/resume-subscription.server.ts";
import type { BoxChangeOutcome } from "#app/modules/subscriptions/next-box.server.ts";
import { skipNextBox } from "#app/modules/subscriptions/skip-next-box.server.ts";
import { swapNextBoxItem } from "#app/modules/subscriptions/swap-next-box-item.server.ts";
import { unskipNextBox } from "#app/modules/subscriptions/unskip-next-box.server.ts";
import { undoCancelSubscription } from "#app/modules/subscriptions/undo-cancel-subscription.server.ts";
import { updateSubscriptionCard } from "#app/modules/subscriptions/update-subscription-card.server.ts";
import type { Route } from "./+types/subscription";
import type { Answer } from "#app/modules/accounts/profile/answer.ts";
import { unknownIntent } from "#app/modules/accounts/profile/answer.ts";
import { AnswerMessage, Section, useAnswer } from "#app/modules/accounts/profile/profile-ui.tsx";
import { CancelPanel, HistoryPanel } from "#app/shell/profile/subscription-cancel.tsx";
import { CardPanel, DeliveryPanel } from "#app/shell/profile/subscription-delivery.tsx";
import { CreditPanel } from "#app/shell/profile/subscription-credit.tsx";
import {
  ChangePlanPanel,
  NextBoxPanel,
  NoSubscription,
  PausePanel,
} from "#app/shell/profile/subscription-panels.tsx";

export const meta = () => noindexMeta("Your subscription");

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const [profile, credit] = await Promise.all([getProfile(user.id), getMemberCredit(user.id)]);
  const overview = await getSubscriptionOverview(user.id, {
    region: profile.address.region ?? profile.address.state ?? null,
    cancelReason: url.searchParams.get("cancel"),
    currency: settings().currency,
    inSeason: boxItemInSeason,
  });
  return {
    ...overview,
    credit,
    // Made for this page view: a retried or doubled submit of any of its forms changes once.
    requestKey: randomUUID(),
    payments: savedCardProvider() ? ("demo" as const) : ("none" as const),
    demoNotice: DEMO_NOTICE,
  };
}

/** The outcome of a change as the page's answer; a refusal keeps its status (400, 404, 409). */
function answerOf(intent: string, outcome: ChangeOutcome | BoxChangeOutcome) {
  const body: Answer = outcome.ok
    ? { intent, ok: true, message: outcome.message }
    : { intent, ok: false, message: outcome.message, fieldErrors: outcome.fieldErrors };
  return data<Answer>(body, { status: statusOf(outcome) });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = formString(form, "intent") ?? "";
  const who = { userId: user.id };
  const requestKey = formString(form, "requestKey");
  switch (intent) {
    case "pause":
      return answerOf(
        intent,
        await pauseSubscription(
          { requestKey, pauseFor: formString(form, "pauseFor"), until: formString(form, "until") },
          who,
        ),
      );
    case "skip":
      return answerOf(intent, await skipNextBox({ requestKey }, who));
    case "unskip":
      return answerOf(intent, await unskipNextBox({ requestKey }, who));
    case "swap":
      return answerOf(
        intent,
        await swapNextBoxItem(
          { itemId: formString(form, "itemId"), replacementId: formString(form, "replacementId") },
          { ...who, inSeason: boxItemInSeason },
        ),
      );
    case "resume":
      return answerOf(intent, await resumeSubscription({ requestKey }, who));
    case "plan": {
      // A change that touches the member's swaps is confirmed first, naming what stays and what
      // goes; the confirmation posts back the swaps it showed dropped (issue 39).
      const plan = formString(form, "plan");
      const confirmed = formString(form, "confirm") === "yes";
      const preview = confirmed ? null : await previewPlanChange(user.id, plan);
      if (preview) return data<Answer>({ intent, ok: true, confirmPlan: preview });
      const outcome = await changeSubscriptionPlan(
        { requestKey, plan, confirmDrops: formString(form, "confirmDrops") },
        who,
      );
      const again =
        !outcome.ok && outcome.code === "conflict" && (await previewPlanChange(user.id, plan));
      if (again)
        return data<Answer>(
          { intent, ok: false, message: outcome.message, confirmPlan: again },
          { status: statusOf(outcome) },
        );
      return answerOf(intent, outcome);
    }
    case "week":
      return answerOf(
        intent,
        await changeDeliveryWeek(
          { requestKey, deliveryWeek: formString(form, "deliveryWeek") },
          who,
        ),
      );
    case "address":
      return answerOf(intent, await changeDeliveryAddress(addressFormValues(form), who));
    case "card":
      return answerOf(intent, await updateSubscriptionCard(cardFormValues(form), who));
    case "keep":
      return answerOf(intent, await undoCancelSubscription({ requestKey }, who));
    case "cancel":
      return answerOf(
        intent,
        await cancelSubscription({ requestKey, reason: formString(form, "reason") }, who),
      );
    case "offer":
      return answerOf(
        intent,
        await acceptCancelOffer({ requestKey, reason: formString(form, "reason") }, who),
      );
    default:
      return unknownIntent(intent);
  }
}

/** Intents whose own form shows its refusal beside its fields. */
const PANEL_INTENTS = new Set(["pause", "plan", "address", "week", "card"]);

export default function ProfileSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const { busyIntent, forIntent } = useAnswer(actionData);
  const sub = loaderData.subscription;
  if (!sub)
    return (
      <>
        <NoSubscription
          plans={loaderData.plans}
          region={loaderData.region}
          regionOpen={loaderData.regionOpen}
          ended={loaderData.ended}
        />
        <CreditPanel credit={loaderData.credit} />
      </>
    );
  const key = loaderData.requestKey;
  // Once the offer is answered (taken, or 'No thanks, cancel'), the page goes back to the
  // subscription with the answer at the top, though the address still names the reason.
  const answered =
    (actionData?.intent === "offer" || actionData?.intent === "cancel") && actionData.ok;
  const cancel = answered ? null : sub.cancel;
  return (
    <>
      <Section id="your-subscription" title="Your subscription">
        {/* Every change is confirmed here; a refusal is said here unless its form says it. */}
        <AnswerMessage answer={actionData} errors={!PANEL_INTENTS.has(actionData?.intent ?? "")} />
        <NextBoxPanel sub={sub} requestKey={key} busyIntent={busyIntent} />
      </Section>
      {cancel ? (
        <CancelPanel sub={sub} cancel={cancel} requestKey={key} busyIntent={busyIntent} />
      ) : null}
      {sub.status === "cancelled" ? null : (
        <>
          <PausePanel
            sub={sub}
            requestKey={key}
            busyIntent={busyIntent}
            answer={forIntent("pause")}
          />
          <ChangePlanPanel
            sub={sub}
            requestKey={key}
            busyIntent={busyIntent}
            answer={forIntent("plan")}
          />
          <DeliveryPanel
            sub={sub}
            requestKey={key}
            busyIntent={busyIntent}
            addressAnswer={forIntent("address")}
            weekAnswer={forIntent("week")}
          />
          <CardPanel
            sub={sub}
            requestKey={key}
            busyIntent={busyIntent}
            answer={forIntent("card")}
            payments={loaderData.payments}
            demoNotice={loaderData.demoNotice}
          />
          {cancel ? null : <CancelPanel sub={sub} cancel={null} requestKey={key} />}
        </>
      )}
      <CreditPanel credit={loaderData.credit} />
      <HistoryPanel history={sub.history} />
    </>
  );
}
