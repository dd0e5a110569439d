// The gift box form (issue 22, ADR 043): which plan and for how long, who it is for, a message, the
// day their e-mail goes, who is buying, and the card (the demo provider's test cards, or with
// Stripe its Payment Element as a second step), with the GST-inclusive price as the choices are
// made. A plain form: it works before JavaScript, and with it the price follows the choices.
import { useState } from "react";
import { useNavigation } from "react-router";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { controlProps, FormField, FormMessage } from "#app/components/ui/form-field.tsx";
import { formatMoney } from "#app/lib/money.ts";
import { paths } from "#app/lib/paths.ts";
import { DemoCardFields } from "#app/modules/payments/demo-card-fields.tsx";
import { StripePayment } from "#app/modules/payments/stripe-payment.tsx";
import { findPlan, plans, type PlanId } from "#app/modules/subscriptions/plans.ts";
import { BoxOrderForm, BoxOrderSummary } from "#app/modules/subscriptions/box-order-form.tsx";
import { PlanChoices } from "#app/modules/subscriptions/subscribe-form.tsx";
import { GIFT_MONTHS, giftPrice, type GiftMonths } from "./gift-terms.ts";
import { RecipientRegion } from "./recipient-region.tsx";

export interface GiftOutcome {
  message: string;
  /** The card was refused: said beside the card. */
  declined?: boolean;
  fieldErrors?: Record<string, string>;
  /** Their region and postcode as posted (a postcode's region chosen for them, ADR 079). */
  place?: { region: string; postcode: string };
  /** What else was typed (never the card), so a refused form comes back as it was sent. */
  values?: Partial<Record<GiftFormValue, string>>;
}

/** The form's fields kept when it is refused: everything but the card. */
export const GIFT_FORM_VALUES = [
  "plan",
  "months",
  "recipientName",
  "recipientEmail",
  "message",
  "sendOn",
  "buyerName",
  "buyerEmail",
] as const;
export type GiftFormValue = (typeof GIFT_FORM_VALUES)[number];

/** With Stripe: the PaymentIntent the Payment Element confirms, for the gift just written. */
export interface GiftPaymentStep {
  giftId: string;
  clientSecret: string;
  publishableKey: string;
  amount: number;
}

export interface GiftFormProps {
  idempotencyKey: string;
  planId: PlanId;
  currency: string;
  payments: "demo" | "stripe" | "none";
  demoNotice: string;
  /** The send date's range, New Zealand dates (YYYY-MM-DD): today to about six months on. */
  sendOn: { min: string; max: string };
  buyer: { name: string; email: string };
  /** The regions we deliver to now: the recipient's region is said open or not before paying. */
  openRegions: readonly string[];
  /** The region chosen already (a link's, or the form as it was posted). */
  region?: string;
  outcome?: GiftOutcome;
  payment?: GiftPaymentStep;
}

const MESSAGE_HINT = "Up to 300 characters, sent with the code.";
const TEXTAREA =
  "min-h-28 rounded-xl border border-ink/20 bg-white px-4 py-2 text-base aria-invalid:border-clay-dark";
const CHOICE =
  "flex min-h-11 items-center gap-3 rounded-xl border border-ink/15 bg-white p-4 has-checked:border-leaf has-checked:ring-2 has-checked:ring-leaf";

/** The form's two people: what their fields say, and whether the browser may fill them in. */
const PEOPLE = {
  recipient: { words: "Their", autoComplete: false },
  buyer: { words: "Your", autoComplete: true },
} as const;

/** A person's two fields: the same limits for both people. */
const PERSON_FIELDS = [
  { part: "Name", key: "name", maxLength: 120 },
  { part: "Email", key: "email", type: "email", maxLength: 254 },
] as const;

/** A person's name and e-mail address, side by side: the recipient's, then the buyer's. */
function NameAndEmail({
  who,
  defaults,
  errors,
}: {
  who: keyof typeof PEOPLE;
  defaults?: { name: string; email: string };
  errors: Record<string, string | undefined>;
}) {
  const person = PEOPLE[who];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {PERSON_FIELDS.map((field) => (
        <FormField
          key={field.key}
          id={`${who}${field.part}`}
          name={`${who}${field.part}`}
          type={"type" in field ? field.type : undefined}
          label={`${person.words} ${field.key}`}
          required
          maxLength={field.maxLength}
          autoComplete={person.autoComplete ? field.key : "off"}
          defaultValue={defaults?.[field.key]}
          error={errors[`${who}${field.part}`]}
        />
      ))}
    </div>
  );
}

export function GiftForm(props: GiftFormProps) {
  const { currency, payments, outcome } = props;
  const errors = outcome?.fieldErrors ?? {};
  const formMessage = outcome && !outcome.declined ? outcome.message : null;
  const submitting = useNavigation().state === "submitting";
  const sent = outcome?.values ?? {};
  const [planId, setPlanId] = useState<PlanId>(
    findPlan(sent.plan ?? "") ? (sent.plan as PlanId) : props.planId,
  );
  const [months, setMonths] = useState<GiftMonths>(
    GIFT_MONTHS.find((m) => String(m) === sent.months) ?? 3,
  );
  const [region, setRegion] = useState(outcome?.place?.region ?? props.region ?? "");
  const regionOpen = region !== "" && props.openRegions.includes(region);
  const plan = findPlan(planId) ?? plans[1]!;
  const total = giftPrice(plan.price, months);
  const money = (cents: number) => formatMoney(cents, currency);

  if (props.payment)
    return (
      <StripePayment
        publishableKey={props.payment.publishableKey}
        clientSecret={props.payment.clientSecret}
        returnPath={paths.giftSent(props.payment.giftId)}
        submitLabel={`Pay ${money(props.payment.amount)}`}
      />
    );

  return (
    <BoxOrderForm idempotencyKey={props.idempotencyKey}>
      <div className="flex flex-col gap-8">
        <ErrorSummary errors={outcome?.fieldErrors} />
        {formMessage && !outcome?.fieldErrors ? (
          <FormMessage tone="error">{formMessage}</FormMessage>
        ) : null}

        <PlanChoices
          legend="The box"
          planId={planId}
          onPlan={setPlanId}
          money={money}
          error={errors.plan}
        />

        <fieldset className="flex min-w-0 flex-col gap-3">
          <legend className="mb-2 text-2xl font-bold">How long</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {GIFT_MONTHS.map((m) => (
              <label key={m} className={CHOICE}>
                <input
                  type="radio"
                  name="months"
                  value={m}
                  checked={months === m}
                  onChange={() => setMonths(m)}
                  className="h-5 w-5 accent-leaf"
                />
                <span>
                  <span className="block font-semibold">{m} months</span>
                  <span className="block text-sm text-ink/75">
                    {money(giftPrice(plan.price, m))}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {errors.months ? (
            <p className="text-sm font-medium text-clay-dark">{errors.months}</p>
          ) : null}
        </fieldset>

        <fieldset className="flex min-w-0 flex-col gap-4">
          <legend className="mb-2 text-2xl font-bold">Who it&apos;s for</legend>
          <NameAndEmail
            who="recipient"
            defaults={{ name: sent.recipientName ?? "", email: sent.recipientEmail ?? "" }}
            errors={errors}
          />
          <RecipientRegion
            region={region}
            onRegion={setRegion}
            postcode={outcome?.place?.postcode ?? ""}
            openRegions={props.openRegions}
            error={errors.recipientRegion}
            postcodeError={errors.recipientPostcode}
          />
          <FormField
            id="message"
            label="A message (optional)"
            error={errors.message}
            hint={MESSAGE_HINT}
          >
            <textarea
              {...controlProps("message", errors.message, MESSAGE_HINT)}
              defaultValue={sent.message}
              maxLength={300}
              className={TEXTAREA}
            />
          </FormField>
          <FormField
            id="sendOn"
            name="sendOn"
            type="date"
            label="When to e-mail them"
            required
            min={props.sendOn.min}
            max={props.sendOn.max}
            defaultValue={sent.sendOn || props.sendOn.min}
            error={errors.sendOn}
            hint="Today sends the e-mail with their code now; a later day sends it at 8 am New Zealand time. Up to 6 months ahead."
          />
        </fieldset>

        <fieldset className="flex min-w-0 flex-col gap-4">
          <legend className="mb-2 text-2xl font-bold">From you</legend>
          <p className="-mt-2 text-sm text-ink/70">We e-mail your receipt here.</p>
          <NameAndEmail
            who="buyer"
            defaults={{
              name: sent.buyerName ?? props.buyer.name,
              email: sent.buyerEmail ?? props.buyer.email,
            }}
            errors={errors}
          />
        </fieldset>

        <fieldset className="flex min-w-0 flex-col gap-4">
          <legend className="mb-2 text-2xl font-bold">Card</legend>
          {payments === "demo" ? (
            <DemoCardFields
              notice={props.demoNotice}
              declined={outcome?.declined ? outcome.message : undefined}
              fieldProps={(name) => ({ id: name, name, error: errors[name] })}
            />
          ) : payments === "stripe" ? (
            <p>
              Next you&apos;ll enter your card securely with Stripe. Your card goes straight to
              Stripe and never reaches our server.
            </p>
          ) : (
            <p role="alert">Card payments aren&apos;t available right now.</p>
          )}
        </fieldset>
      </div>

      <BoxOrderSummary
        id="gift-summary-title"
        title="Your gift"
        item={{ label: `${plan.size} box × ${months} months`, price: `${money(plan.price)} each` }}
        total={{ label: "Total", cents: total, testId: "gift-total" }}
        gstTestId="gift-gst"
        money={money}
        payments={payments}
        submitting={submitting}
        submit={{ label: "Buy gift", busy: "Buying your gift..." }}
        note={`Paid once, today. It never renews: their boxes stop after ${months} months unless they choose to carry on with their own card.${
          region && !regionOpen
            ? ` We don't deliver to ${region} yet: the gift waits as credit, with their place on the waitlist, until we do.`
            : ""
        }`}
      />
    </BoxOrderForm>
  );
}
