// The subscribe form (issue 21): plan, delivery address (the checkout's fields and rules), the
// delivery week, the card (the demo provider's test cards, or with Stripe a second step in Stripe's
// own card form, ADR 035) and the monthly price with its GST.
// It is a plain form: it works before JavaScript, and with it the price, the first box's date and
// a closed region's note follow the choices as they are made.
import { creditToUse } from "#app/modules/credits/credit-use.ts";
import { useState, type ReactNode } from "react";
import { Link, useNavigation } from "react-router";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { FormMessage } from "#app/components/ui/form-field.tsx";
import {
  addressFieldOf,
  NZ_POSTCODE_INPUT,
  RegionField,
} from "#app/components/ui/address-fields.tsx";
import { RadioCard } from "#app/components/ui/radio-card.tsx";
import { formatMoney } from "#app/lib/money.ts";
import { paths } from "#app/lib/paths.ts";
import { DemoCardFields } from "#app/modules/payments/demo-card-fields.tsx";
import { StripeCardSetup } from "#app/modules/payments/stripe-card-setup.tsx";
import { BoxOrderForm, BoxOrderSummary } from "./box-order-form.tsx";
import { DELIVERY_WEEK_LABELS, DELIVERY_WEEKS, type DeliveryWeek } from "./box-dates.ts";
import { findPlan, plans, type PlanId } from "./plans.ts";

/** A choice card of this form and the gift form (the plan, the delivery week). */
const CHOICE =
  "flex min-h-11 items-center gap-3 rounded-xl border border-ink/15 bg-white p-4 has-checked:border-leaf has-checked:ring-2 has-checked:ring-leaf has-disabled:border-dashed";

export interface SubscribeOutcome {
  message: string;
  /** The card was refused: said in the card's section. */
  declined?: boolean;
  /** Back from Stripe before the bank confirmed the card. */
  pending?: boolean;
  fieldErrors?: Record<string, string>;
}

/** With Stripe: the SetupIntent the card form confirms, for the plan the form chose. */
export interface CardSetupStep {
  clientSecret: string;
  publishableKey: string;
  planId: PlanId;
  price: number;
}

export interface SubscribeFormProps {
  idempotencyKey: string;
  planId: PlanId;
  /** The week chosen first (the one sent, when the form comes back). */
  deliveryWeek?: DeliveryWeek;
  currency: string;
  payments: "demo" | "stripe" | "none";
  demoNotice: string;
  openRegions: readonly string[];
  /** What to say for a region in launch waves this member has no claimed spot in. */
  regionNotes?: Record<string, string>;
  /** The first box's week start per delivery week, already written out. */
  firstBoxes: Record<DeliveryWeek, string>;
  /** Weeks whose first packing day is full (ADR 077 addendum): shown, not selectable. */
  fullWeeks?: readonly DeliveryWeek[];
  address: { street?: string; suburb?: string; city?: string; region?: string; postcode?: string };
  outcome?: SubscribeOutcome;
  cardSetup?: CardSetupStep;
  /** The member's credit in cents (ADR 040): it pays the first box before the card. */
  credit?: number;
}

const INPUT =
  "min-h-11 w-full rounded-xl border border-ink/20 bg-white px-4 py-2 text-base aria-invalid:border-clay-dark";

export function SubscribeForm(props: SubscribeFormProps) {
  const { currency, payments, demoNotice, openRegions, firstBoxes, outcome } = props;
  const errors = outcome?.fieldErrors ?? {};
  // Each message once: a declined card is said beside the card; anything else above the form.
  const formMessage = outcome && !outcome.declined ? outcome.message : null;
  const navigation = useNavigation().state;
  const [planId, setPlanId] = useState<PlanId>(props.planId);
  const [week, setWeek] = useState<DeliveryWeek>(props.deliveryWeek ?? 1);
  const [region, setRegion] = useState(props.address.region ?? "");
  const submitting = navigation === "submitting";
  const plan = findPlan(planId) ?? plans[1]!;
  const money = (cents: number) => formatMoney(cents, currency);
  const credit = creditToUse(props.credit ?? 0, plan.price);

  if (props.cardSetup) {
    const chosen = findPlan(props.cardSetup.planId) ?? plan;
    return (
      <StripeCardSetup
        publishableKey={props.cardSetup.publishableKey}
        clientSecret={props.cardSetup.clientSecret}
        returnUrl={paths.subscribe(chosen.id)}
        submitLabel={`Save card and pay ${money(props.cardSetup.price)}`}
      >
        <p>
          Your card goes straight to Stripe: we never see or store its number. We charge{" "}
          {money(props.cardSetup.price)} for your first {chosen.size} box today, then the same each
          month before your box is packed.
        </p>
      </StripeCardSetup>
    );
  }

  return (
    <BoxOrderForm idempotencyKey={props.idempotencyKey}>
      <div className="flex flex-col gap-8">
        <ErrorSummary errors={outcome?.fieldErrors} />
        {formMessage && !outcome?.fieldErrors ? (
          <FormMessage tone={outcome?.pending ? "success" : "error"}>{formMessage}</FormMessage>
        ) : null}

        <PlanChoices
          legend="Your plan"
          planId={planId}
          onPlan={setPlanId}
          money={money}
          error={errors.plan}
        />

        <DeliveryAddressFields
          address={props.address}
          errors={errors}
          openRegions={openRegions}
          region={region}
          onRegion={setRegion}
          closedNote={(closed) =>
            props.regionNotes?.[closed] ? (
              <>
                {props.regionNotes[closed]}{" "}
                <Link
                  to={`${paths.waitlist}?plan=${encodeURIComponent(planId)}`}
                  className="font-semibold text-leaf-dark underline underline-offset-4"
                >
                  Go to the waitlist
                </Link>
              </>
            ) : (
              <>
                We don&apos;t deliver monthly boxes to {closed} yet.{" "}
                <Link
                  to={`${paths.waitlist}?plan=${encodeURIComponent(planId)}`}
                  className="font-semibold text-leaf-dark underline underline-offset-4"
                >
                  Join the waitlist for {closed}
                </Link>{" "}
                and we&apos;ll e-mail you the day we open there.
              </>
            )
          }
        />
        <DeliveryWeekFields
          week={week}
          onWeek={setWeek}
          error={errors.deliveryWeek}
          firstBoxes={firstBoxes}
          fullWeeks={props.fullWeeks}
        />

        <fieldset className="flex min-w-0 flex-col gap-4">
          <legend className="mb-2 text-2xl font-bold">Card</legend>
          {payments === "demo" ? (
            <>
              <DemoCardFields
                notice={demoNotice}
                declined={outcome?.declined ? outcome.message : undefined}
                fieldProps={(name) => ({ id: name, name, error: errors[name] })}
              />
              <p className="text-sm text-ink/70">
                We keep this card for your monthly boxes and charge it before each one. You can skip
                a box, pause or cancel whenever you like.
              </p>
            </>
          ) : payments === "stripe" ? (
            <>
              {outcome?.declined ? (
                <p role="alert" className="font-semibold text-clay-dark">
                  {outcome.message}
                </p>
              ) : null}
              <p>
                Next you&apos;ll enter your card securely with Stripe. Your card goes straight to
                Stripe and never reaches our server. We keep it with Stripe for your monthly boxes
                and charge it before each one; you can skip a box, pause or cancel whenever you
                like.
              </p>
            </>
          ) : (
            <p role="alert">Card payments for subscriptions aren&apos;t available right now.</p>
          )}
        </fieldset>
      </div>

      <BoxOrderSummary
        id="summary-title"
        title="Your monthly box"
        item={{ label: `${plan.size} plan`, price: money(plan.price) }}
        total={{ label: "Price per month", cents: plan.price, testId: "monthly-price" }}
        money={money}
        payments={payments}
        submitting={submitting}
        submit={{ label: "Start my subscription", busy: "Starting your subscription..." }}
        note={
          credit > 0
            ? `Your credit pays ${money(credit)} of your first box, so today we charge ${money(plan.price - credit)}. After that it's ${money(plan.price)} each month before your box is packed.`
            : `Today we charge ${money(plan.price)} for your first box, then the same each month before your box is packed.`
        }
      >
        {credit > 0 ? (
          <dl className="mt-3 flex flex-col gap-2 border-t border-ink/10 pt-2">
            <div className="flex justify-between gap-4">
              <dt>Your credit</dt>
              <dd className="font-semibold" data-testid="credit-applied">
                −{money(credit)}
              </dd>
            </div>
            <div className="flex justify-between gap-4 font-bold">
              <dt>Card today</dt>
              <dd data-testid="card-today">{money(plan.price - credit)}</dd>
            </div>
          </dl>
        ) : null}
        <dl className="mt-3 border-t border-ink/10 pt-2">
          <dt className="text-sm font-semibold text-ink/75">First box arrives</dt>
          <dd data-testid="first-box">In the week starting {firstBoxes[week]}</dd>
        </dl>
      </BoxOrderSummary>
    </BoxOrderForm>
  );
}

/**
 * The delivery address a box goes to (the checkout's fields and rules), with a note when the
 * chosen region isn't open for boxes yet. Also the gift redeem page's (ADR 043).
 */
export function DeliveryAddressFields({
  address,
  errors,
  openRegions,
  region,
  onRegion,
  closedNote,
}: {
  address: SubscribeFormProps["address"];
  errors: Record<string, string>;
  openRegions: readonly string[];
  region: string;
  onRegion: (region: string) => void;
  /** What to say when the chosen region isn't open for boxes yet. */
  closedNote: (region: string) => ReactNode;
}) {
  const regionClosed = region !== "" && !openRegions.includes(region);
  const field = addressFieldOf<"street" | "suburb" | "city" | "postcode">(address, errors);
  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <legend className="mb-2 text-2xl font-bold">Delivery address</legend>
      <p className="-mt-2 text-sm text-ink/70">
        Monthly boxes go to regions we&apos;ve opened: {openRegions.join(", ") || "none yet"}.
      </p>
      {field("street", "Street address", "address-line1", { required: true })}
      <div className="grid gap-4 sm:grid-cols-2">
        {field("suburb", "Suburb (optional)", "address-line2")}
        {field("city", "Town or city", "address-level2", { required: true })}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <RegionField
          error={errors.region}
          required
          value={region}
          onChange={(e) => onRegion(e.target.value)}
          aria-invalid={errors.region || regionClosed ? true : undefined}
          aria-describedby={
            errors.region ? "region-error" : regionClosed ? "region-closed" : undefined
          }
          className={INPUT}
        />
        {field("postcode", "Postcode", "postal-code", { required: true, ...NZ_POSTCODE_INPUT })}
      </div>
      {regionClosed && !errors.region ? (
        <p id="region-closed" role="status" className="rounded-xl bg-sun/20 p-4">
          {closedNote(region)}
        </p>
      ) : null}
      <label className="flex min-h-11 items-start gap-3">
        <input type="checkbox" name="rural" className="mt-1 h-5 w-5 accent-leaf" />
        <span>This is a rural delivery address (RD)</span>
      </label>
    </fieldset>
  );
}

/** The week of the month a box arrives in. */
export function DeliveryWeekFields({
  week,
  onWeek,
  error,
  firstBoxes,
  fullWeeks = [],
}: {
  week: DeliveryWeek;
  onWeek: (week: DeliveryWeek) => void;
  error?: string;
  /** Each week's first box (formatted), printed on its option (issue 39). */
  firstBoxes?: Record<DeliveryWeek, string>;
  /** Weeks whose first packing day is full: marked and not selectable. */
  fullWeeks?: readonly DeliveryWeek[];
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-2 text-2xl font-bold">Delivery week</legend>
      <p className="-mt-1 text-sm text-ink/70">
        Your box arrives in the same week each month. You can change it later.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {DELIVERY_WEEKS.map((w) => (
          <RadioCard
            key={w}
            className={CHOICE}
            name="deliveryWeek"
            value={w}
            checked={week === w && !fullWeeks.includes(w)}
            disabled={fullWeeks.includes(w)}
            onChange={() => onWeek(w)}
          >
            <span className="flex flex-col">
              <span>{DELIVERY_WEEK_LABELS[w]}</span>
              {firstBoxes ? (
                <span className="text-sm font-normal text-ink/75">
                  {fullWeeks.includes(w)
                    ? `Full: the packing day of ${firstBoxes[w]} has no room left`
                    : `First box in the week of ${firstBoxes[w]}`}
                </span>
              ) : null}
            </span>
          </RadioCard>
        ))}
      </div>
      {error ? <p className="text-sm font-medium text-clay-dark">{error}</p> : null}
    </fieldset>
  );
}

/** The three plans as radio buttons with their monthly price: /subscribe and the gift form. */
export function PlanChoices({
  legend,
  planId,
  onPlan,
  money,
  error,
}: {
  legend: string;
  planId: PlanId;
  onPlan: (plan: PlanId) => void;
  money: (cents: number) => string;
  error?: string;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-2 text-2xl font-bold">{legend}</legend>
      {plans.map((p) => (
        <RadioCard
          key={p.id}
          // The price drops under the plan's words rather than reach past a narrow window.
          className={`${CHOICE} flex-wrap`}
          name="plan"
          value={p.id}
          checked={planId === p.id}
          onChange={() => onPlan(p.id)}
        >
          <span className="flex-1">
            <span className="block font-semibold">
              {p.size}: {p.description}
            </span>
            <span className="block text-sm text-ink/75">
              {p.plantVarieties} plant varieties, best for {p.bestFor.toLowerCase()}
            </span>
          </span>
          <span className="ml-auto font-semibold whitespace-nowrap">{money(p.price)}/month</span>
        </RadioCard>
      ))}
      {error ? <p className="text-sm font-medium text-clay-dark">{error}</p> : null}
    </fieldset>
  );
}
