// /subscribe?plan=0.5m2|1m2|2m2 (issue 21): start a monthly box. Members only (a visitor signs in
// or creates an account and comes back here with the plan kept); regions that aren't open yet are
// refused with a way onto their waitlist. The card is the demo provider's until Stripe's saved
// cards land (ADR 029).
import { randomUUID } from "node:crypto";
import { data, redirect, useRouteLoaderData } from "react-router";
import { settings } from "#app/lib/env.server.ts";
import { statusOf } from "#app/lib/outcome.ts";
import { paths } from "#app/lib/paths.ts";
import { staticPageMeta } from "#app/lib/seo.ts";
import { getProfile } from "#app/modules/accounts/get-profile.server.ts";
import { requireUser } from "#app/modules/accounts/require-user.server.ts";
import { DEMO_NOTICE } from "#app/modules/payments/demo-payments.server.ts";
import { savedCardProvider } from "#app/modules/payments/saved-cards.server.ts";
import {
  DELIVERY_WEEKS,
  firstBoxDate,
  formatBoxDate,
} from "#app/modules/subscriptions/box-dates.ts";
import { DEFAULT_PLAN_ID, findPlan } from "#app/modules/subscriptions/plans.ts";
import { listOpenRegions } from "#app/modules/subscriptions/regions.server.ts";
import { startSubscription } from "#app/modules/subscriptions/start-subscription.server.ts";
import { subscribeFormValues } from "#app/modules/subscriptions/subscribe.schema.ts";
import {
  SubscribeForm,
  type SubscribeOutcome,
} from "#app/modules/subscriptions/subscribe-form.tsx";
import type { loader as rootLoader } from "#app/root.tsx";
import type { Route } from "./+types/subscribe";

export const meta = staticPageMeta("/subscribe", { robots: "noindex" });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const plan = findPlan(new URL(request.url).searchParams.get("plan"));
  const [profile, openRegions] = await Promise.all([getProfile(user.id), listOpenRegions()]);
  const a = profile.address;
  const now = new Date();
  return {
    // Made for this page: a retried or doubled submit of it starts one subscription.
    idempotencyKey: randomUUID(),
    planId: plan?.id ?? DEFAULT_PLAN_ID,
    payments: savedCardProvider() ? ("demo" as const) : ("none" as const),
    demoNotice: DEMO_NOTICE,
    openRegions,
    firstBoxes: Object.fromEntries(
      DELIVERY_WEEKS.map((w) => [w, formatBoxDate(firstBoxDate(w, now, settings().boxCutoffDays))]),
    ) as Record<(typeof DELIVERY_WEEKS)[number], string>,
    address: {
      street: a.street,
      suburb: a.suburb,
      city: a.city,
      region: a.region ?? a.state,
      postcode: a.zip,
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const values = subscribeFormValues(form);
  const result = await startSubscription(values, {
    id: user.id,
    email: user.email,
    name: user.fullName ?? user.displayName,
  });
  if (result.ok) throw redirect(paths.subscribeConfirmed(result.subscriptionId));
  const outcome: SubscribeOutcome = {
    message: result.message,
    declined: result.declined,
    fieldErrors: result.fieldErrors,
  };
  // A declined card is an answer the page shows; a refused form says so with its status too.
  return data({ outcome }, { status: result.declined ? 200 : statusOf(result) });
}

export default function Subscribe({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <div className="container-page pt-28 pb-20 md:pt-36">
      <h1 className="text-4xl font-bold">Start your subscription</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink/80">
        Seasonal seedlings, seed, compost and the month&apos;s guide card, delivered to your door
        each month with free shipping. Skip, pause or cancel any time.
      </p>
      <SubscribeForm
        {...loaderData}
        currency={root?.settings.currency ?? "USD"}
        outcome={actionData?.outcome}
      />
    </div>
  );
}
