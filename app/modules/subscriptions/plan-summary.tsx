// One plan card's face, the same wherever plans show (the home page's flip cards, /product): what
// the plan is, its size and monthly price, varieties, who it suits and its features, and the line
// that tells a plan from a kit. The card around it (and its button) is the page's.
import type { ReactNode } from "react";
import { formatMoney } from "#app/lib/money.ts";
import { POPULAR_PLAN_ID, type Plan } from "./plans.ts";

/** Says which is which beside the kits (catalog/product-card.tsx has the kit's line). */
export const PLAN_LINE = "A plan: a box each month, opening region by region.";

/** Narrower padding under 360 px and 260 px (a phone at 200 %), so the price keeps its line. */
export const planCardClass =
  "flex min-w-0 flex-col rounded-3xl bg-white p-4 shadow-md min-[260px]:p-5 min-[360px]:p-7";

export function PopularBadge({ plan }: { plan: Plan }) {
  if (plan.id !== POPULAR_PLAN_ID) return null;
  return (
    <span className="absolute -top-3 left-1/2 z-20 -translate-x-1/2 rounded-full bg-clay-dark px-4 py-1 text-sm font-bold whitespace-nowrap text-white shadow">
      Most Popular
    </span>
  );
}

export function PlanSummary({
  plan,
  currency,
  heading: Heading = "h3",
  children,
}: {
  plan: Plan;
  currency: string;
  heading?: "h2" | "h3";
  /** The card's action, kept at the bottom. */
  children: ReactNode;
}) {
  return (
    <>
      <p className="text-sm font-semibold tracking-widest text-leaf uppercase">
        {plan.description}
      </p>
      <Heading className="mt-2 font-serif text-3xl font-bold min-[360px]:text-4xl">
        {plan.size}
      </Heading>
      {/* The price wraps before it is cut off: its own line at 200 % on a phone (WCAG 1.4.4). */}
      <p className="mt-3 flex flex-wrap items-baseline gap-x-1.5" data-testid="plan-price">
        <span className="text-2xl font-bold whitespace-nowrap min-[260px]:text-3xl min-[360px]:text-4xl">
          {formatMoney(plan.price, currency)}
        </span>
        <span className="text-ink/70"> per month</span>
      </p>
      <p className="mt-2 text-sm font-medium text-leaf-dark">{PLAN_LINE}</p>
      <dl className="mt-4 space-y-1 text-ink/85">
        <div className="flex gap-2">
          <dt className="font-semibold">Varieties:</dt>
          <dd>{plan.plantVarieties} plant varieties</dd>
        </div>
        <div className="flex gap-2">
          <dt className="font-semibold">Best for:</dt>
          <dd>{plan.bestFor}</dd>
        </div>
      </dl>
      <ul className="mt-5 mb-6 space-y-2">
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2">
            <CheckIcon />
            {f}
          </li>
        ))}
      </ul>
      {children}
    </>
  );
}

function CheckIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 20 20"
      aria-hidden="true"
      className="mt-0.5 shrink-0 text-leaf"
    >
      <path
        d="M4 10.5 8 14l8-8"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
