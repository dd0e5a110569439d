// 'Grab a Box' (SPEC §2 plan picker, §4 plan card): three flip cards, one flipped at a time.
// Clicking a card selects and flips it; clicking the flipped card flips it back. 1m2 starts
// selected. The flip takes 0.6 s; with reduced motion the faces cross-fade instead.
import { useState } from "react";
import { Link } from "react-router";
import { paths } from "#app/lib/paths.ts";
import { DEFAULT_PLAN_ID, planCardPlants, plans, type Plan, type PlanId } from "./plans.ts";
import { planCardClass, PlanSummary, PopularBadge } from "./plan-summary.tsx";
import { TextList } from "#app/components/ui/text-list.tsx";

export function PlanPicker({ currency }: { currency: string }) {
  const [selected, setSelected] = useState<PlanId>(DEFAULT_PLAN_ID);
  const [flipped, setFlipped] = useState<PlanId | null>(null);
  const [announcement, setAnnouncement] = useState("");

  function toggle(plan: Plan) {
    setSelected(plan.id);
    if (flipped === plan.id) {
      setFlipped(null);
      setAnnouncement(`${plan.size} plan: showing the summary.`);
    } else {
      setFlipped(plan.id);
      setAnnouncement(`${plan.size} plan selected: showing what's included.`);
    }
  }

  return (
    <section id="plans" aria-labelledby="plans-title" className="bg-cream-deep py-20 sm:py-28">
      <div className="container-page">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="plans-title" className="text-4xl font-bold sm:text-5xl">
            Grab a Box
          </h2>
          <p className="mt-4 text-lg text-ink/80">
            Pick a size for your space. Tap a card to see the plants and supplies inside.
          </p>
        </div>
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
        <ul className="mt-12 grid gap-8 md:grid-cols-3 md:gap-6">
          {plans.map((plan) => (
            <li key={plan.id} className="h-full">
              <PlanCard
                plan={plan}
                currency={currency}
                selected={selected === plan.id}
                flipped={flipped === plan.id}
                onToggle={() => toggle(plan)}
              />
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center font-semibold text-leaf">Free Shipping on subscriptions</p>
        <p className="mt-3 text-center text-ink/80">
          Not sure which size?{" "}
          <Link
            to={paths.defineGarden}
            className="font-semibold text-leaf underline underline-offset-4"
          >
            Which box suits my space?
          </Link>
        </p>
      </div>
    </section>
  );
}

function PlanCard({
  plan,
  currency,
  selected,
  flipped,
  onToggle,
}: {
  plan: Plan;
  currency: string;
  selected: boolean;
  flipped: boolean;
  onToggle: () => void;
}) {
  const { shown, more } = planCardPlants(plan);
  const backId = `plan-${plan.id.replace(".", "-")}-back`;
  return (
    <div
      data-plan={plan.id}
      // Pressed before hydration, the card flips once it has hydrated (ADR 030).
      data-replay={`plan-${plan.id}`}
      data-selected={selected}
      data-flipped={flipped}
      onClick={(e) => {
        // The whole card flips on click; links on the back keep their own behaviour.
        if ((e.target as HTMLElement).closest("a, button")) return;
        onToggle();
      }}
      className={`plan-card relative h-full cursor-pointer rounded-3xl [perspective:1400px] ${
        selected ? "ring-4 ring-leaf ring-offset-4 ring-offset-cream-deep" : ""
      }`}
    >
      <PopularBadge plan={plan} />
      <div className="plan-card-inner grid h-full w-full">
        {/* Front */}
        <div
          className={`plan-card-face plan-card-front ${planCardClass} [grid-area:1/1]`}
          aria-hidden={flipped}
          inert={flipped}
        >
          <PlanSummary plan={plan} currency={currency}>
            <button
              type="button"
              onClick={onToggle}
              aria-expanded={flipped}
              aria-controls={backId}
              aria-pressed={selected}
              className="btn-secondary mt-auto w-full"
            >
              See what's included
              <span className="sr-only"> in the {plan.size} plan</span>
            </button>
          </PlanSummary>
        </div>
        {/* Back */}
        <div
          id={backId}
          className="plan-card-face plan-card-back flex flex-col rounded-3xl bg-leaf-dark p-7 text-cream shadow-md [grid-area:1/1]"
          aria-hidden={!flipped}
          inert={!flipped}
        >
          <h3 className="font-serif text-2xl font-bold">What's in the {plan.size} box</h3>
          <h4 className="mt-4 text-sm font-semibold tracking-widest text-sprout uppercase">
            Plants
          </h4>
          <ul className="mt-1 space-y-0.5">
            {shown.map((p) => (
              <li key={p}>{p}</li>
            ))}
            {more > 0 && <li className="font-semibold text-sun">+ {more} more varieties</li>}
          </ul>
          <FeatureList title="Included" items={plan.detailedFeatures.included} />
          <FeatureList title="Extras" items={plan.detailedFeatures.extras} />
          <div className="mt-auto flex flex-col gap-2 pt-4">
            <Link
              to={`/waitlist?plan=${encodeURIComponent(plan.id)}`}
              className="btn bg-sun text-ink hover:bg-cream"
            >
              Select This Plan
              <span className="sr-only"> ({plan.size})</span>
            </Link>
            <button
              type="button"
              onClick={onToggle}
              className="btn text-cream underline-offset-4 hover:underline"
            >
              Back to summary
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}

function FeatureList({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <>
      <h4 className="mt-3 text-sm font-semibold tracking-widest text-sprout uppercase">{title}</h4>
      <TextList className="mt-1 space-y-0.5 text-sm" items={items} />
    </>
  );
}
