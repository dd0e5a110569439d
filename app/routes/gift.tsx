// /gift (issue 22, ADR 043): buy a gift box for someone else, from the shop. Anyone may buy (a
// signed-in member has their name and e-mail filled in); the demo card pays at once, or with
// Stripe keys the card goes into Stripe's Payment Element, which returns to /gift/sent.
import { randomUUID } from "node:crypto";
import { data, redirect, useRouteLoaderData } from "react-router";
import { settings } from "#app/lib/env.server.ts";
import { statusOf } from "#app/lib/outcome.ts";
import { paths } from "#app/lib/paths.ts";
import { requestInfo } from "#app/lib/request-context.ts";
import { retryAfterHeader } from "#app/lib/retry-after-header.ts";
import { staticPageMeta } from "#app/lib/seo.ts";
import { getCurrentUser } from "#app/modules/accounts/get-current-user.server.ts";
import { buyGift } from "#app/modules/gifts/buy-gift.server.ts";
import { GIFT_FORM_VALUES, GiftForm, type GiftOutcome } from "#app/modules/gifts/gift-form.tsx";
import { buyGiftFormValues, sendOnRange } from "#app/modules/gifts/gifts.schema.ts";
import { DEMO_NOTICE } from "#app/modules/payments/demo-payments.server.ts";
import { DEFAULT_PLAN_ID, findPlan } from "#app/modules/subscriptions/plans.ts";
import { listOpenRegions } from "#app/modules/subscriptions/regions.server.ts";
import { isNzRegion } from "#app/lib/nz-regions.ts";
import { regionForPostcode } from "#app/lib/nz-postcodes.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import type { Route } from "./+types/gift";

export const meta = staticPageMeta("/gift");

export const headers = retryAfterHeader;

export async function loader({ request }: Route.LoaderArgs) {
  const s = settings();
  const { user } = await getCurrentUser(request);
  const url = new URL(request.url);
  const plan = findPlan(url.searchParams.get("plan"));
  const region = url.searchParams.get("region");
  return {
    // Made for this page: a retried or doubled submit of it buys one gift.
    idempotencyKey: randomUUID(),
    planId: plan?.id ?? DEFAULT_PLAN_ID,
    payments: s.stripe ? "stripe" : s.isProduction ? "none" : "demo",
    demoNotice: DEMO_NOTICE,
    sendOn: sendOnRange(),
    buyer: { name: user?.fullName ?? "", email: user?.email ?? "" },
    openRegions: await listOpenRegions(),
    region: isNzRegion(region) ? region : "",
  } as const;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const { user } = await getCurrentUser(request);
  const posted = buyGiftFormValues(form);
  const result = await buyGift(posted, {
    ip: context.get(requestInfo).clientIp,
    userId: user?.id ?? null,
  });
  if (result.ok && result.status === "paid") throw redirect(paths.giftSent(result.giftId));
  if (result.ok)
    return data({
      payment: {
        giftId: result.giftId,
        clientSecret: result.clientSecret,
        publishableKey: result.publishableKey,
        amount: result.amount,
      },
    });
  const outcome: GiftOutcome = {
    message: result.message,
    declined: result.declined,
    fieldErrors: result.fieldErrors,
    // Their postcode kept, and the region it is in chosen on the form (ADR 079).
    place: placeAsPosted(posted.recipientRegion, posted.recipientPostcode),
    // Without JavaScript the page is drawn again from this answer: nothing typed is lost.
    values: Object.fromEntries(
      GIFT_FORM_VALUES.map((key) => [key, String(posted[key] ?? "").slice(0, 400)]),
    ),
  };
  // A declined card is an answer the page shows; anything refused says so with its status too.
  return data(
    { outcome },
    {
      status: result.declined ? 200 : statusOf(result),
      headers: result.retryAfter ? { "Retry-After": String(result.retryAfter) } : undefined,
    },
  );
}

function placeAsPosted(region = "", postcode = ""): { region: string; postcode: string } {
  const found = regionForPostcode(postcode);
  return {
    region: found.ok ? found.region : isNzRegion(region) ? region : "",
    postcode: postcode.slice(0, 20),
  };
}

export default function Gift({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <div className="container-page pt-28 pb-20 md:pt-36">
      <p className="font-semibold tracking-widest text-leaf uppercase">Gift a box</p>
      <h1 className="mt-2 text-4xl font-bold sm:text-5xl">Give someone a garden</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink/80">
        3, 6 or 12 months of monthly garden boxes: seasonal seedlings, seed, compost and the
        month&apos;s guide, delivered with free shipping. You pay once; we e-mail them a code on the
        day you choose, and it never renews onto their card.
      </p>
      <GiftForm
        {...loaderData}
        currency={root?.settings.currency ?? "USD"}
        outcome={actionData && "outcome" in actionData ? actionData.outcome : undefined}
        payment={actionData && "payment" in actionData ? actionData.payment : undefined}
      />
    </div>
  );
}
