// /subscribe for a visitor who isn't signed in (issue 39): the plan they chose stays on screen and
// they create their account right here. The confirmation e-mail's link (in this browser or any
// other) signs them in and brings them back to this page with the plan (and region) still chosen.
import { Link } from "react-router";
import { PlanSummary, planCardClass } from "#app/modules/subscriptions/plan-summary.tsx";
import { findPlan, DEFAULT_PLAN_ID } from "#app/modules/subscriptions/plans.ts";
import { SignUpCard } from "#app/modules/accounts/auth/sign-up-card.tsx";

/** "1010 is in Auckland": the region a plan card's postcode found (issue 39, ADR 079). */
export function PlaceNote({ note }: { note: string | null }) {
  return note ? (
    <p
      className="mt-4 max-w-2xl rounded-xl bg-leaf/10 p-4 font-semibold text-leaf-dark"
      data-testid="postcode-region"
    >
      {note}.
    </p>
  ) : null;
}

export function SignUpToSubscribe({
  placeNote = null,
  planId,
  redirectTo,
  providers,
  currency,
  actionData,
}: {
  placeNote?: string | null;
  planId: string;
  redirectTo: string;
  providers: readonly string[];
  currency: string;
  actionData: unknown;
}) {
  const plan = findPlan(planId) ?? findPlan(DEFAULT_PLAN_ID)!;
  return (
    <div className="container-page pt-28 pb-20 md:pt-36">
      <h1 className="text-4xl font-bold">Start your subscription</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink/80">
        First, create your account. We&apos;ll e-mail you a link to confirm it, and it brings you
        straight back here with your plan still chosen.
      </p>
      <PlaceNote note={placeNote} />
      <div className="mt-8 grid gap-8 md:grid-cols-2 md:items-start">
        <section aria-labelledby="chosen-plan-title" className={planCardClass}>
          <h2
            id="chosen-plan-title"
            className="text-sm font-semibold tracking-widest text-leaf uppercase"
          >
            Your chosen plan
          </h2>
          <div className="mt-3 flex flex-col" data-testid="chosen-plan">
            <PlanSummary plan={plan} currency={currency}>
              <Link to="/#plans" className="font-semibold text-leaf underline underline-offset-4">
                Change plan
              </Link>
            </PlanSummary>
          </div>
        </section>
        <section aria-labelledby="create-account-title">
          <h2 id="create-account-title" className="text-2xl font-bold">
            Create an account
          </h2>
          <SignUpCard
            redirectTo={redirectTo}
            providers={providers}
            actionData={actionData}
            offerSignIn
          />
        </section>
      </div>
    </div>
  );
}
