// /subscribe for a visitor who isn't signed in (issue 39): the plan they chose stays on screen and
// they create their account right here. The confirmation e-mail's link (in this browser or any
// other) signs them in and brings them back to this page with the plan (and region) still chosen.
import { Link } from "react-router";
import { paths } from "#app/lib/paths.ts";
import { PlanSummary, planCardClass } from "#app/modules/subscriptions/plan-summary.tsx";
import { findPlan, DEFAULT_PLAN_ID } from "#app/modules/subscriptions/plans.ts";
import { AccountForm } from "./auth/account-form.tsx";
import { authHref } from "./auth/auth-paths.ts";
import { AuthCard, SocialButtons, useAuthAnswer } from "./auth/auth-ui.tsx";

export function SignUpToSubscribe({
  planId,
  redirectTo,
  providers,
  currency,
  actionData,
}: {
  planId: string;
  redirectTo: string;
  providers: readonly string[];
  currency: string;
  actionData: unknown;
}) {
  const plan = findPlan(planId) ?? findPlan(DEFAULT_PLAN_ID)!;
  const { answer, busy } = useAuthAnswer(actionData);
  const current = answer?.intent === "sign-up" ? answer : undefined;
  return (
    <div className="container-page pt-28 pb-20 md:pt-36">
      <h1 className="text-4xl font-bold">Start your subscription</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink/80">
        First, create your account. We&apos;ll e-mail you a link to confirm it, and it brings you
        straight back here with your plan still chosen.
      </p>
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
          <AuthCard done={current} backTo={authHref("sign-in", redirectTo)}>
            <AccountForm
              intent="sign-up"
              submit="Create Account"
              answer={current}
              redirectTo={redirectTo}
              busy={busy}
            />
          </AuthCard>
          <SocialButtons providers={providers} redirectTo={redirectTo} />
          <p className="mt-6 text-center text-ink/80">
            Already have an account?{" "}
            <Link
              to={`${paths.login}?redirectTo=${encodeURIComponent(redirectTo)}`}
              className="font-semibold text-leaf underline underline-offset-4"
            >
              Sign in
            </Link>
          </p>
        </section>
      </div>
    </div>
  );
}
