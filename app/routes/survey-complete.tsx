// /survey-complete: the plan that fits the person's space, and why, worked out from their answers.
import { noindexMeta } from "#app/lib/seo.ts";
import { Link, useRouteLoaderData } from "react-router";
import { formatMoney } from "#app/lib/money.ts";
import { paths } from "#app/lib/paths.ts";
import { findPlan, planCardPlants } from "#app/modules/subscriptions/plans.ts";
import { readSurveyResult } from "#app/modules/waitlist/save-survey.server.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import type { Route } from "./+types/survey-complete";
import { TextList } from "#app/components/ui/text-list.tsx";

export const meta = () => noindexMeta("Your recommended box");

/**
 * The plan and its reasons are worked out here from the answers in the query (checked against the
 * survey's own choices), never read from it, and "saved" is believed only with its signature.
 */
export function loader({ request }: Route.LoaderArgs) {
  const result = readSurveyResult(new URL(request.url).searchParams);
  return {
    planId: result?.recommendation.plan ?? null,
    reasons: result?.recommendation.reasons ?? [],
    saved: result?.saved ?? false,
  };
}

export default function SurveyComplete({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const plan = findPlan(loaderData.planId);
  if (!plan) {
    return (
      <section className="container-page max-w-2xl pt-32 pb-24">
        <h1 className="text-4xl font-bold">Thanks for telling us about your space</h1>
        <p className="mt-4 text-lg text-ink/80">
          <Link to={paths.defineGarden} className="text-leaf underline">
            Take the survey
          </Link>{" "}
          to see which box fits you.
        </p>
      </section>
    );
  }
  const { shown, more } = planCardPlants(plan);
  return (
    <section className="container-page max-w-3xl pt-28 pb-20 sm:pt-36">
      <p className="font-semibold tracking-widest text-leaf uppercase">Your recommendation</p>
      <h1 className="mt-2 text-4xl font-bold sm:text-5xl">The {plan.size} box fits your space</h1>
      {loaderData.saved && (
        <p className="mt-3 text-ink/75">We've saved your answers to your waitlist entry.</p>
      )}
      <div
        className="mt-8 rounded-3xl bg-white p-6 shadow-md sm:p-8"
        data-testid="recommended-plan"
        data-plan={plan.id}
      >
        <p className="font-serif text-2xl font-bold">
          {plan.size} · {formatMoney(plan.price, root?.settings.currency)} per month
        </p>
        <p className="text-ink/75">
          {plan.description}: {plan.plantVarieties} varieties, best for {plan.bestFor.toLowerCase()}
          .
        </p>
        <h2 className="mt-6 text-xl font-bold">Why this one</h2>
        <TextList className="mt-2 list-disc space-y-1 pl-5" items={loaderData.reasons} />
        <h2 className="mt-6 text-xl font-bold">You'll grow things like</h2>
        <p className="mt-1">
          {shown.join(", ")}
          {more > 0 ? ` and ${more} more varieties.` : "."}
        </p>
        <Link to={`/waitlist?plan=${encodeURIComponent(plan.id)}`} className="btn-primary mt-8">
          Choose the {plan.size} plan
        </Link>
      </div>
    </section>
  );
}
