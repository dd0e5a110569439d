// /waitlist: the waitlist form with the plan chosen on the home page's cards. The action answers
// the form when it is posted before (or without) JavaScript.
import { isNzRegion } from "#app/lib/nz-regions.ts";
import { Link, useRouteLoaderData } from "react-router";
import { respond } from "#app/lib/respond.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { paths } from "#app/lib/paths.ts";
import { requestInfo } from "#app/lib/request-context.ts";
import { staticPageMeta } from "#app/lib/seo.ts";
import { findPlan } from "#app/modules/subscriptions/plans.ts";
import { listOpenRegions } from "#app/modules/subscriptions/regions.server.ts";
import { getCurrentUser } from "#app/modules/accounts/get-current-user.server.ts";
import { joinWaitlist } from "#app/modules/waitlist/join-waitlist.server.ts";
import { getInviter, inviterGreeting } from "#app/modules/waitlist/inviter.server.ts";
import { settings as siteSettings } from "#app/lib/env.server.ts";
import { shareUrl as shareUrlFor } from "#app/modules/waitlist/referral-code.server.ts";
import { referralCodeFrom } from "#app/modules/waitlist/referral-cookie.server.ts";
import { joinFormValues } from "#app/modules/waitlist/waitlist.schema.ts";
import { WaitlistForm, type WaitlistOutcome } from "#app/modules/waitlist/waitlist-form.tsx";
import type { loader as rootLoader } from "#app/root.tsx";
import { postcodeNote } from "#app/modules/subscriptions/plan-card-place.server.ts";
import type { Route } from "./+types/waitlist";
import { retryAfterHeader } from "#app/lib/retry-after-header.ts";

// A refused form keeps its Retry-After (app/lib/retry-after-header.ts).
export const headers = retryAfterHeader;

export const meta = staticPageMeta("/waitlist");

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const plan = findPlan(url.searchParams.get("plan"));
  const region = url.searchParams.get("region");
  // A friend's share link (issue 39, ADR 076): who invited them, and the inviter's region to start.
  const inviter = await getInviter(url.searchParams.get("invite"));
  // The same for everyone (the page may be kept and shared): the form offers 'Start my
  // subscription' once the region the person chooses is among them. A plan card's region
  // question sends a closed region here with it chosen (issue 39).
  return {
    planId: plan?.id ?? null,
    region: isNzRegion(region) ? region : (inviter?.region ?? ""),
    // A plan card's postcode chose this region (ADR 079): "9016 is in Otago".
    postcodeNote: isNzRegion(region) ? postcodeNote(url.searchParams, region) : null,
    openRegions: await listOpenRegions(),
    greeting: inviter ? inviterGreeting(inviter, siteSettings().brandName) : null,
    invitedRegion: !isNzRegion(region) ? (inviter?.region ?? null) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = joinFormValues(form);
  const pageField = form.get("page");
  const page =
    typeof pageField === "string" && pageField.startsWith("/")
      ? pageField.slice(0, 100)
      : "/waitlist";
  const { user } = await getCurrentUser(request);
  const result = await joinWaitlist(values, {
    ip: context.get(requestInfo).clientIp,
    memberEmail: user?.emailVerified ? user.email : null,
    userAgent: request.headers.get("user-agent"),
    page,
    referralCode: referralCodeFrom(request.headers.get("cookie")),
  });
  const outcome: WaitlistOutcome = result.ok
    ? {
        ok: true,
        message: result.message,
        surveyUrl: result.surveyUrl,
        shareUrl: result.referralCode ? shareUrlFor(result.referralCode) : undefined,
      }
    : {
        ok: false,
        message: result.message,
        fieldErrors: result.fieldErrors,
        values: { email: values.email, region: values.region },
      };
  // The failure's own status (400, 429 and 503 with Retry-After), its page with what was typed.
  return respond(request, result, { outcome });
}

export default function Waitlist({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const settings = root?.settings;
  const plan = findPlan(loaderData.planId);
  return (
    <section className="container-page grid gap-10 pt-28 pb-20 md:grid-cols-2 md:items-start md:pt-36">
      <div>
        {loaderData.greeting ? (
          <p
            className="mb-6 rounded-2xl bg-leaf/10 p-4 text-lg font-semibold text-leaf-dark"
            data-testid="invited-by"
          >
            {loaderData.greeting}.
            {loaderData.invitedRegion
              ? ` We've chosen ${loaderData.invitedRegion} for you, where they are: change it if you're somewhere else.`
              : null}
          </p>
        ) : null}
        {loaderData.postcodeNote ? (
          <p
            className="mb-6 rounded-2xl bg-leaf/10 p-4 text-lg font-semibold text-leaf-dark"
            data-testid="postcode-region"
          >
            {loaderData.postcodeNote}.
            {(loaderData.openRegions as readonly string[]).includes(loaderData.region)
              ? null
              : " We don't deliver there yet: join the waitlist and we'll tell you when we do."}
          </p>
        ) : null}
        <p className="font-semibold tracking-widest text-leaf uppercase">
          Coming Soon to Your Area
        </p>
        <h1 className="mt-2 text-4xl font-bold sm:text-5xl">Get Early Access</h1>
        <p className="mt-4 text-lg text-ink/80">
          Be notified when we launch in your region and get personalized growing tips.
        </p>
        {plan ? (
          <div
            className="mt-8 rounded-2xl border-2 border-leaf bg-white p-5"
            data-testid="chosen-plan"
          >
            <p className="text-sm font-semibold tracking-widest text-leaf uppercase">
              Your chosen plan
            </p>
            <p className="mt-1 font-serif text-2xl font-bold">
              {plan.size} · {formatMoney(plan.price, settings?.currency)} per month
            </p>
            <p className="text-ink/75">
              {plan.description}: {plan.plantVarieties} plant varieties, best for{" "}
              {plan.bestFor.toLowerCase()}.
            </p>
            <Link to="/#plans" className="mt-2 inline-block text-leaf underline underline-offset-4">
              Change plan
            </Link>
          </div>
        ) : (
          <p className="mt-8 text-ink/75">
            Not sure which box suits you?{" "}
            <Link to={paths.defineGarden} className="text-leaf underline underline-offset-4">
              Answer six questions about your space
            </Link>{" "}
            or{" "}
            <Link to="/#plans" className="text-leaf underline underline-offset-4">
              compare the plans
            </Link>
            .
          </p>
        )}
        <ul className="mt-8 space-y-2 text-ink/80">
          <li>· One e-mail when we launch in your region, and monthly growing tips.</li>
          <li>· No spam, and one-click unsubscribe in every e-mail.</li>
          <li>· Free shipping on subscriptions when we open.</li>
        </ul>
      </div>
      <WaitlistForm
        page={"/waitlist"}
        plan={plan?.id}
        emailPlaceholder={settings?.contactEmail ?? "you@example.co.nz"}
        surveyUrl={settings?.surveyUrl ?? "/define-garden"}
        outcome={actionData?.outcome}
        openRegions={loaderData.openRegions}
        region={loaderData.region}
      />
    </section>
  );
}
