// /subscribe?plan=0.5m2|1m2|2m2 (issue 21): start a monthly box. Members only (a visitor signs in
// or creates an account and comes back here with the plan kept); regions that aren't open yet are
// refused with a way onto their waitlist. The card is the demo provider's test card without Stripe
// keys; with them (ADR 035) the form becomes a SetupIntent, the card goes into Stripe's Payment
// Element, and Stripe sends the browser back here with ?setup_intent=…, where the subscription is
// completed (or found already completed by the webhook). A launch wave's claim link (ADR 041)
// arrives with ?region=, filled in when the member's saved address has no region; a region in
// waves is offered only to a member whose invitation there is claimed (ADR 060).
import { creditToUse } from "#app/modules/credits/credit-use.ts";
import { randomUUID } from "node:crypto";
import { data, Link, redirect, useRouteLoaderData } from "react-router";
import { settings } from "#app/lib/env.server.ts";
import { statusOf } from "#app/lib/outcome.ts";
import { paths } from "#app/lib/paths.ts";
import { staticPageMeta } from "#app/lib/seo.ts";
import { getProfile } from "#app/modules/accounts/get-profile.server.ts";
import { listHeldGifts } from "#app/modules/gifts/redeem-gift.server.ts";
import { requireUser } from "#app/modules/accounts/require-user.server.ts";
import { DEMO_NOTICE } from "#app/modules/payments/demo-payments.server.ts";
import { savedCardProvider } from "#app/modules/payments/saved-cards.server.ts";
import {
  type DELIVERY_WEEKS,
  type DeliveryWeek,
  formatBoxDate,
  soonestWeek,
} from "#app/modules/subscriptions/box-dates.ts";
import {
  soonestWeekWithRoom,
  weeksWithRoom,
} from "#app/modules/subscriptions/packing-capacity.server.ts";
import { DEFAULT_PLAN_ID, findPlan } from "#app/modules/subscriptions/plans.ts";
import {
  listOpenRegions,
  listRegionsFor,
  listWaveRegions,
} from "#app/modules/subscriptions/regions.server.ts";
import { carryContactCredit } from "#app/modules/waitlist/carry-contact-credit.server.ts";
import {
  completeStripeSubscription,
  startStripeSubscription,
} from "#app/modules/subscriptions/start-stripe-subscription.server.ts";
import { startSubscription } from "#app/modules/subscriptions/start-subscription.server.ts";
import {
  SUBSCRIBE_MESSAGES,
  subscribeFormValues,
} from "#app/modules/subscriptions/subscribe.schema.ts";
import {
  SubscribeForm,
  type SubscribeOutcome,
} from "#app/modules/subscriptions/subscribe-form.tsx";
import type { loader as rootLoader } from "#app/root.tsx";
import { isNzRegion } from "#app/lib/nz-regions.ts";
import { safeRedirect } from "#app/modules/accounts/accounts.schema.ts";
import { getCurrentUser } from "#app/modules/accounts/get-current-user.server.ts";
import { signUp } from "#app/modules/accounts/sign-up.server.ts";
import { socialProviders } from "#app/modules/accounts/start-social-sign-in.server.ts";
import { PlaceNote, SignUpToSubscribe } from "#app/shell/subscribe-sign-up.tsx";
import { planCardPlace } from "#app/modules/subscriptions/plan-card-place.server.ts";
import { answerIntents, startSocial } from "#app/modules/accounts/auth/auth-action.server.ts";
import type { Route } from "./+types/subscribe";

// Indexable, as /checkout is (ADR 057): a crawler has no session and sees the plans and the
// sign-up card any stranger sees; a member's own answer is private, no-store.
export const meta = staticPageMeta("/subscribe");

/** Where this page is, with what was chosen (the plan, the region): a sign-up comes back here. */
function herePath(url: URL): string {
  // A data request (/subscribe.data, ?_route=) stands for the page itself.
  const search = new URLSearchParams(url.search);
  search.delete("_route");
  const query = search.toString();
  const path = url.pathname.replace(/\.data$/, "");
  return safeRedirect(path + (query ? `?${query}` : ""), paths.subscribe());
}

/**
 * A region chosen on a plan card (issue 39) where we don't deliver, and no launch wave there: on
 * to its waitlist with the plan and the region kept.
 */
async function closedRegionWaitlist(url: URL, open: readonly string[]): Promise<string | null> {
  const region = url.searchParams.get("region");
  if (!isNzRegion(region) || open.includes(region)) return null;
  if ((await listWaveRegions()).includes(region)) return null;
  const plan = findPlan(url.searchParams.get("plan"));
  const postcode = url.searchParams.get("postcode");
  const query = new URLSearchParams({
    ...(plan ? { plan: plan.id } : {}),
    region,
    ...(postcode ? { postcode } : {}),
  });
  return `${paths.waitlist}?${query.toString()}`;
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const plan = findPlan(url.searchParams.get("plan"));
  // A postcode typed on a plan card (ADR 079): its region, or back to the cards to say why not.
  const place = planCardPlace(url);
  if (place.kind === "redirect") throw redirect(place.to);
  const placeNote = place.kind === "found" ? place.note : null;
  const { user } = await getCurrentUser(request);
  if (!user) {
    // A new visitor creates their account here, the plan on screen (issue 39): the confirmation
    // link brings them back to this page with it still chosen. No 'Please log in' toast.
    const toWaitlist = await closedRegionWaitlist(url, await listOpenRegions());
    if (toWaitlist) throw redirect(toWaitlist);
    return {
      signedOut: true as const,
      planId: plan?.id ?? DEFAULT_PLAN_ID,
      placeNote,
      redirectTo: herePath(url),
      providers: socialProviders(),
    };
  }
  const provider = savedCardProvider();
  // Back from Stripe's card form: finish the subscription (the webhook may have already).
  const setupIntent = url.searchParams.get("setup_intent");
  let returned: SubscribeOutcome | undefined;
  let attempt: Awaited<ReturnType<typeof completeStripeSubscription>>["attempt"];
  if (setupIntent && provider?.name === "stripe") {
    const result = await completeStripeSubscription(setupIntent, user);
    if (result.ok) throw redirect(paths.subscribeConfirmed(result.subscriptionId));
    returned = {
      message: result.message,
      declined: result.declined,
      pending: result.code === "pending",
    };
    attempt = result.attempt;
  }
  // The waitlist contact's referral credit comes with them (ADR 041) and pays the first box.
  const now = new Date();
  const [profile, openRegions, waveRegions, heldGifts, credit, rooms] = await Promise.all([
    getProfile(user.id),
    listRegionsFor(user.id),
    listWaveRegions(),
    listHeldGifts(user.id),
    carryContactCredit(user),
    // Each week's first packing day and whether it is full (ADR 077 addendum).
    weeksWithRoom(now),
  ]);
  const toWaitlist = await closedRegionWaitlist(url, openRegions);
  if (toWaitlist) throw redirect(toWaitlist);
  // A region in launch waves this member has no claimed spot in: said plainly when it's chosen.
  const regionNotes = Object.fromEntries(
    waveRegions
      .filter((r) => !openRegions.includes(r))
      .map((r) => [r, SUBSCRIBE_MESSAGES.regionByInvitation(r)]),
  );
  const a = profile.address;
  // From a launch wave's claim link (ADR 041): its region, when the saved address names none.
  const waveRegion = openRegions.find((r) => r === url.searchParams.get("region"));
  return {
    signedOut: false as const,
    placeNote,
    // Made for this page: a retried or doubled submit of it starts one subscription.
    idempotencyKey: randomUUID(),
    // A gift kept for a region (ADR 043) starts without a card, from the gift page.
    heldGift: heldGifts.length > 0,
    planId: attempt?.plan ?? plan?.id ?? DEFAULT_PLAN_ID,
    // The week with room that brings the first box soonest, unless a refused card's attempt
    // chose one.
    deliveryWeek: (attempt?.deliveryWeek ??
      soonestWeekWithRoom(rooms) ??
      soonestWeek(now, settings().boxCutoffDays)) as DeliveryWeek,
    fullWeeks: rooms.filter((r) => r.full).map((r) => r.week),
    payments: provider?.name ?? ("none" as const),
    credit,
    returned,
    demoNotice: DEMO_NOTICE,
    openRegions,
    regionNotes,
    firstBoxes: Object.fromEntries(rooms.map((r) => [r.week, formatBoxDate(r.firstBox)])) as Record<
      (typeof DELIVERY_WEEKS)[number],
      string
    >,
    // Back from a refused card: the address as sent; otherwise the member's saved one.
    address: attempt
      ? attempt.address
      : {
          street: a.street,
          suburb: a.suburb,
          city: a.city,
          region: a.region || a.state || waveRegion,
          postcode: a.zip || (place.kind === "found" ? place.postcode : ""),
        },
  };
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  // Signed out: the account made in place (its confirmation link returns here, issue 39).
  if (!(await getCurrentUser(request)).user) {
    return answerIntents(args, { "sign-up": signUp }, (posted) =>
      posted.intent === "social" ? startSocial(posted) : undefined,
    );
  }
  const user = await requireUser(request);
  const form = await request.formData();
  const values = subscribeFormValues(form);
  const member = { id: user.id, email: user.email, name: user.fullName ?? user.displayName };
  const result = settings().stripe
    ? await startStripeSubscription(values, member)
    : await startSubscription(values, member);
  if (result.ok && "setupIntentId" in result) {
    const plan = findPlan(values.plan) ?? findPlan(DEFAULT_PLAN_ID)!;
    const credit = creditToUse(await carryContactCredit(user), plan.price);
    return data({
      cardSetup: {
        clientSecret: result.clientSecret,
        publishableKey: result.publishableKey,
        planId: plan.id,
        price: plan.price - credit,
      },
    });
  }
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
  if (loaderData.signedOut) {
    return (
      <SignUpToSubscribe
        {...loaderData}
        currency={root?.settings.currency ?? "USD"}
        actionData={actionData}
      />
    );
  }
  const answer = actionData && "outcome" in actionData ? actionData : undefined;
  const setup = actionData && "cardSetup" in actionData ? actionData : undefined;
  return (
    <div className="container-page pt-28 pb-20 md:pt-36">
      <h1 className="text-4xl font-bold">Start your subscription</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink/80">
        Seasonal seedlings, seed, compost and the month&apos;s guide card, delivered to your door
        each month with free shipping. Skip, pause or cancel any time.
      </p>
      <PlaceNote note={loaderData.placeNote} />
      {loaderData.heldGift ? (
        <p className="mt-4 max-w-2xl rounded-xl bg-sun/20 p-4" data-testid="held-gift-note">
          You have a gift box waiting.{" "}
          <Link
            to={paths.giftRedeem()}
            className="font-semibold text-leaf-dark underline underline-offset-4"
          >
            Start your gift boxes
          </Link>{" "}
          without a card instead.
        </p>
      ) : null}
      <SubscribeForm
        {...loaderData}
        currency={root?.settings.currency ?? "USD"}
        outcome={answer ? answer.outcome : loaderData.returned}
        cardSetup={setup?.cardSetup}
      />
    </div>
  );
}
