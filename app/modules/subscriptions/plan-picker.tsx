// 'Grab a Box' (SPEC §2 plan picker, §4 plan card): three flip cards, one flipped at a time.
// Clicking a card selects and flips it; clicking the flipped card flips it back. 1m2 starts
// selected. The flip takes 0.6 s; with reduced motion the faces cross-fade instead.
// Issue 39: the picker asks where to deliver first, and each card's 'Subscribe' is a GET of
// /subscribe with the plan and region: where we deliver, the subscription starts there (a visitor
// creates their account in place); elsewhere /subscribe sends them to the waitlist with the region
// chosen. A postcode may stand for the region (ADR 079). The spec's 'Select This Plan' (to /waitlist) stays on the back.
import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { regionForPostcode } from "#app/lib/nz-postcodes.ts";
import { PlanPlaceField } from "./plan-place-field.tsx";
import { paths } from "#app/lib/paths.ts";
import { DEFAULT_PLAN_ID, planCardPlants, plans, type Plan, type PlanId } from "./plans.ts";
import { planCardClass, PlanSummary, PopularBadge } from "./plan-summary.tsx";
import { TextList } from "#app/components/ui/text-list.tsx";

/** Where we deliver now, in words ('Auckland', 'Auckland and Otago', 'A, B and C'). */
export function regionList(regions: readonly string[]): string {
  if (regions.length <= 1) return regions.join("");
  return `${regions.slice(0, -1).join(", ")} and ${regions.at(-1)}`;
}

export function PlanPicker({
  currency,
  openRegions = [],
  refused = null,
}: {
  currency: string;
  openRegions?: readonly string[];
  refused?: { postcode: string; error: string } | null;
}) {
  const [selected, setSelected] = useState<PlanId>(DEFAULT_PLAN_ID);
  const [flipped, setFlipped] = useState<PlanId | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [regionError, setRegionError] = useState("");
  const regionSelect = useRef<HTMLSelectElement>(null);
  const postcodeInput = useRef<HTMLInputElement>(null);
  // Back from /subscribe with a postcode it couldn't place: the postcode and why.
  const [postcode, setPostcode] = useState(refused?.postcode ?? "");
  const [postcodeError, setPostcodeError] = useState(refused?.error ?? "");

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
        <Form
          method="get"
          action="/subscribe"
          onSubmit={(event) => {
            // Where comes first: a postcode we can't place, or nothing chosen, is said beside it.
            if (postcode.trim()) {
              const found = regionForPostcode(postcode);
              if (found.ok) return;
              event.preventDefault();
              setPostcodeError(found.message);
              postcodeInput.current?.focus();
              return;
            }
            if (regionSelect.current?.value) return;
            event.preventDefault();
            setRegionError(
              "Choose your region or enter your postcode first, so we can tell you if we deliver there.",
            );
            regionSelect.current?.focus();
          }}
        >
          <PlanPlaceField
            regionSelect={regionSelect}
            postcodeInput={postcodeInput}
            regionError={regionError}
            onRegionChange={() => setRegionError("")}
            postcode={postcode}
            onPostcode={(typed) => {
              setPostcode(typed);
              setPostcodeError("");
              setRegionError("");
              // A postcode we can place chooses its region too.
              const found = regionForPostcode(typed);
              if (found.ok && regionSelect.current) regionSelect.current.value = found.region;
            }}
            postcodeError={postcodeError}
            note={
              openRegions.length > 0
                ? `We deliver to ${regionList(openRegions)} now. Anywhere else, join the waitlist and we'll tell you when we open there.`
                : "We're not delivering yet: join the waitlist and we'll tell you when we open in your region."
            }
          />
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
        </Form>
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
  const card = useRef<HTMLDivElement>(null);
  const backHeading = useRef<HTMLHeadingElement>(null);
  const includedButton = useRef<HTMLButtonElement>(null);
  const wasFlipped = useRef(flipped);
  // The face that held focus turns inert as the card flips: focus goes to the face now shown
  // (its heading, or 'See what's included' on the way back) instead of dropping to the page
  // (issue 39, WCAG 2.4.3). Only when focus was on this card, or was just lost by the flip.
  useEffect(() => {
    if (wasFlipped.current === flipped) return;
    wasFlipped.current = flipped;
    const active = document.activeElement;
    if (active && active !== document.body && !card.current?.contains(active)) return;
    (flipped ? backHeading.current : includedButton.current)?.focus({ preventScroll: true });
  }, [flipped]);
  return (
    <div
      ref={card}
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
            <div className="mt-auto flex flex-col gap-2">
              <button type="submit" name="plan" value={plan.id} className="btn-primary w-full">
                Subscribe
                <span className="sr-only"> to the {plan.size} plan</span>
              </button>
              <button
                type="button"
                ref={includedButton}
                onClick={onToggle}
                aria-expanded={flipped}
                aria-controls={backId}
                aria-pressed={selected}
                className="btn-secondary w-full"
              >
                See what's included
                <span className="sr-only"> in the {plan.size} plan</span>
              </button>
            </div>
          </PlanSummary>
        </div>
        {/* Back */}
        <div
          id={backId}
          className="plan-card-face plan-card-back flex flex-col rounded-3xl bg-leaf-dark p-4 text-cream min-[260px]:p-5 min-[360px]:p-7 shadow-md [grid-area:1/1]"
          aria-hidden={!flipped}
          inert={!flipped}
        >
          <h3
            ref={backHeading}
            tabIndex={-1}
            className="rounded font-serif text-2xl font-bold focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-sun"
          >
            What's in the {plan.size} box
          </h3>
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
