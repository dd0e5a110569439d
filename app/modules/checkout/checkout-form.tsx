// The checkout's steps: contact, delivery address, shipping, payment, review. One <Form>; each
// step's fields are checked before moving on, and the server checks everything again. Totals on
// the review come from the server (the quote), never from the browser's arithmetic.
import {
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type ChangeEvent,
  type ReactNode,
} from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { formatMoney } from "#app/lib/money.ts";
import { paths } from "#app/lib/paths.ts";
import { NZ_POSTCODE_INPUT } from "#app/components/ui/address-fields.tsx";
import { RegionOptions } from "#app/components/ui/region-options.tsx";
import { CartChangesNotice } from "#app/modules/cart/cart-changes-notice.tsx";
import { cartSubtotal, useCart } from "#app/modules/cart/cart-store.ts";
import { useCartCheck } from "#app/modules/cart/use-cart-check.ts";
import type { CheckoutField } from "./checkout.schema.ts";
import type { CheckedField, FIELD_CHECKS } from "./checkout-checks.ts";
import { useCheckout } from "./checkout-store.ts";
import {
  FREE_STANDARD_FROM,
  RURAL_SURCHARGE,
  SHIPPING_METHODS,
  shippingCost,
  type Totals,
} from "./pricing.ts";
import { DemoCardFields } from "#app/modules/payments/demo-card-fields.tsx";
import { StripePayment } from "#app/modules/payments/stripe-payment.tsx";
import { TotalsRow } from "#app/components/ui/totals-row.tsx";
import type { FieldProps } from "#app/components/ui/form-field.tsx";
import { focusFirstError } from "#app/components/ui/focus-first-error.ts";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { RadioCard } from "#app/components/ui/radio-card.tsx";

export const STEPS = ["Contact", "Delivery address", "Shipping", "Payment", "Review"] as const;
const FIELD_STEP: Record<CheckoutField, number> = {
  name: 0,
  email: 0,
  phone: 1,
  street: 1,
  city: 1,
  region: 1,
  postcode: 1,
  items: 4,
  cardNumber: 3,
  cardExpiry: 3,
  cardCvc: 3,
};

// The fields' checks (the server's own schemas, so zod) load when the form is first touched (a
// field focused, a button pressed): zod is a sixth of the checkout's script and costs a phone
// ~60 ms to start, and nothing needs it before someone leaves a field or presses Continue (which
// waits for it). Loading it as the page settled put that work in the page's first seconds.
let checksLoading: Promise<Checks> | undefined;
type Checks = typeof FIELD_CHECKS;
function loadChecks(): Promise<Checks> {
  checksLoading ??= import("./checkout-checks.ts").then(
    (m) => m.FIELD_CHECKS,
    (): Checks => {
      // Not loaded (offline, a new deploy): the server's answer says what to fix instead.
      checksLoading = undefined;
      return new Proxy({} as Checks, { get: () => () => undefined });
    },
  );
  return checksLoading;
}
/** Each step's fields, checked on its Continue button, every message beside its field. */
const STEP_CHECKS: Partial<Record<number, CheckedField[]>> = {
  0: ["name", "email"],
  1: ["street", "city", "postcode", "region", "phone"],
  3: ["cardNumber", "cardExpiry", "cardCvc"],
};

export type CheckoutOutcome =
  | { kind: "invalid"; message: string; fieldErrors: Partial<Record<CheckoutField, string>> }
  | { kind: "cart-changed"; message: string }
  | { kind: "declined"; message: string }
  | { kind: "expired" | "unavailable" | "limited"; message: string }
  | { kind: "stripe"; orderId: string; clientSecret: string };

export interface CheckoutFormProps {
  currency: string;
  payments: "demo" | "stripe" | "none";
  publishableKey?: string;
  demoNotice: string;
  outcome?: CheckoutOutcome;
  /** The signed-in person, whose name and e-mail fill the contact step. */
  user?: { displayName: string; email: string } | null;
}

export function CheckoutForm({
  currency,
  payments,
  publishableKey,
  demoNotice,
  outcome,
  user,
}: CheckoutFormProps) {
  const items = useCart((s) => s.items);
  const checkout = useCheckout();
  const [step, setStep] = useState(0);
  const [hydrated, setHydrated] = useState(false);
  const { result, check, accept } = useCartCheck();
  const quote = useFetcher<{ totals?: Totals }>();
  const navigation = useNavigation();
  const placing = navigation.state !== "idle" && navigation.formData?.get("intent") === "place";
  const formRef = useRef<HTMLFormElement>(null);
  // The browser's own checks: a field it has looked at shows its answer (or none) instead of the
  // server's, which stands until the field is checked again.
  const [checked, setChecked] = useState<Partial<Record<CheckedField, string | undefined>>>({});
  const serverErrors = outcome?.kind === "invalid" ? outcome.fieldErrors : {};
  const errors: Partial<Record<CheckoutField, string>> = { ...serverErrors };
  for (const [field, message] of Object.entries(checked) as [CheckedField, string | undefined][]) {
    if (message) errors[field] = message;
    else delete errors[field];
  }

  // The stored cart and form are read after hydration, then the cart is checked once.
  useEffect(() => {
    void Promise.all([useCart.persist.rehydrate(), useCheckout.persist.rehydrate()]).then(() => {
      // The panel's Checkout button closes it; arriving any other way, it would cover the form.
      useCart.getState().toggleCart(false);
      const saved = useCheckout.getState();
      if (!saved.attemptKey) saved.newAttempt();
      if (user && !saved.email)
        saved.update({ email: user.email, name: saved.name || user.displayName });
      setHydrated(true);
      void check();
    });
    // Once per visit: the signed-in person is read from the first render's props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [check]);

  // The server's answer decides which step the person looks at next.
  const [seenOutcome, setSeenOutcome] = useState(outcome);
  if (outcome !== seenOutcome) {
    setSeenOutcome(outcome);
    setChecked({});
    if (outcome?.kind === "invalid") {
      const first = Object.keys(outcome.fieldErrors)[0] as CheckoutField | undefined;
      setStep(first ? FIELD_STEP[first] : 0);
    } else if (outcome?.kind === "declined") setStep(3);
  }
  useEffect(() => {
    if (outcome?.kind === "cart-changed") void check();
    else if (outcome?.kind === "expired") useCheckout.getState().newAttempt();
  }, [outcome, check]);

  // Moving between steps takes focus (and a screen reader) to the new step's heading.
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    const legend = formRef.current?.querySelector<HTMLElement>(
      `fieldset[data-step="${step}"] legend`,
    );
    legend?.focus();
    legend?.scrollIntoView({ block: "center" });
  }, [step]);

  // A refused order's error summary takes focus (after the effect above, so it wins over the
  // step's heading); its links go to the fields (issue 39).
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome?.kind !== "invalid") return;
    const box = summaryRef.current?.querySelector<HTMLElement>("[data-testid='error-summary']");
    if (box) box.focus();
    else focusFirstError(formRef.current);
  }, [outcome]);

  const lines = items.map((i) => ({
    productId: i.product.id,
    quantity: i.quantity,
    price: i.product.price,
  }));
  const linesJson = JSON.stringify(lines);
  const rural = checkout.address.rural;
  const method = checkout.shippingMethod;
  const submitQuote = quote.submit;
  useEffect(() => {
    if (!hydrated || lines.length === 0) return;
    void submitQuote(
      { intent: "quote", items: linesJson, shippingMethod: method, rural: String(rural) },
      { method: "post" },
    );
    // linesJson stands for the lines.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, linesJson, method, rural, submitQuote]);

  if (!hydrated) return <p className="mt-10">Loading...</p>;
  if (items.length === 0 && outcome?.kind !== "stripe") {
    return (
      <div className="mt-10 rounded-2xl bg-white p-6 text-center">
        <p className="text-lg font-semibold">Your cart is empty</p>
        <p className="text-ink/70">Add items to your cart to continue shopping</p>
        <Link to={paths.products} className="btn-primary mt-4 inline-block">
          Continue Shopping
        </Link>
      </div>
    );
  }

  const totals = quote.data?.totals;
  const money = (c: number) => formatMoney(c, currency);

  /** A checked field's id and error; leaving it checks it, and typing into one that shows a
   * problem checks it again. */
  const checkOn = (field: CheckedField, onValue?: (value: string) => void) => {
    const checkValue = (value: string) =>
      void loadChecks().then((checks) =>
        setChecked((c) => ({ ...c, [field]: checks[field](value) })),
      );
    return {
      id: field,
      error: errors[field],
      onBlur: (e: FocusEvent<HTMLInputElement>) => {
        // Tabbing through an empty field isn't yet a mistake.
        if (e.currentTarget.value.trim() || checked[field] !== undefined)
          checkValue(e.currentTarget.value);
      },
      // One handler for the input's every change: the caller's value and the check (React's
      // onChange is the input event).
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        onValue?.(e.currentTarget.value);
        if (errors[field]) checkValue(e.currentTarget.value);
      },
    };
  };

  const next = async () => {
    const checks = await loadChecks();
    // The step's own checks, each message beside its field (no browser bubbles: the form is
    // noValidate, and the server checks the same schema again).
    const own = payments === "demo" || step !== 3 ? (STEP_CHECKS[step] ?? []) : [];
    const inputOf = (f: CheckedField) => formRef.current?.querySelector<HTMLInputElement>(`#${f}`);
    const found = Object.fromEntries(own.map((f) => [f, checks[f](inputOf(f)?.value ?? "")]));
    setChecked((c) => ({ ...c, ...found }));
    const firstWrong = own.find((f) => found[f]);
    if (firstWrong) {
      const input = inputOf(firstWrong);
      input?.focus();
      input?.scrollIntoView({ block: "center" });
      return;
    }
    const fieldset = formRef.current?.querySelector<HTMLFieldSetElement>(
      `fieldset[data-step="${step}"]`,
    );
    const invalid = fieldset
      ? [...fieldset.elements].find(
          (el): el is HTMLInputElement =>
            "checkValidity" in el &&
            !(own as string[]).includes((el as HTMLInputElement).id) &&
            !(el as HTMLInputElement).checkValidity(),
        )
      : undefined;
    if (invalid) {
      // Anything the schema checks above don't cover: focus it, its own message beside it.
      invalid.focus();
      return;
    }
    setStep((s) => Math.min(s + 1, STEPS.length - 1));
  };

  if (outcome?.kind === "stripe" && publishableKey) {
    return (
      <StripePayment
        publishableKey={publishableKey}
        clientSecret={outcome.clientSecret}
        returnPath={paths.postCheckout(outcome.orderId)}
      />
    );
  }

  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
      <div>
        <ol className="flex flex-wrap gap-2 text-sm" aria-label="Checkout steps">
          {STEPS.map((name, i) => (
            <li key={name}>
              <button
                type="button"
                disabled={i > step}
                onClick={() => setStep(i)}
                aria-current={i === step ? "step" : undefined}
                className={`rounded-full px-3 py-1 ${i === step ? "bg-leaf text-white" : i < step ? "bg-sprout/30" : "bg-ink/5 text-ink/70"}`}
              >
                {i + 1}. {name}
              </button>
            </li>
          ))}
        </ol>

        {result.state === "changed" ? (
          <div className="mt-4 -mx-5">
            <CartChangesNotice changes={result.changes} currency={currency} onAccept={accept} />
          </div>
        ) : null}
        {outcome?.kind === "invalid" ? (
          <div className="mt-4" ref={summaryRef}>
            <ErrorSummary errors={outcome.fieldErrors} />
          </div>
        ) : outcome && outcome.kind !== "stripe" && outcome.kind !== "declined" ? (
          // Each message once: a declined card is said beside the card (issue 39).
          <p role="alert" className="mt-4 rounded-xl border-2 border-clay bg-clay/10 p-4">
            {outcome.message}
          </p>
        ) : null}

        <Form
          method="post"
          ref={formRef}
          className="mt-6"
          noValidate
          onFocus={() => void loadChecks()}
          onPointerDown={() => void loadChecks()}
        >
          <input type="hidden" name="idempotencyKey" value={checkout.attemptKey} />
          <input type="hidden" name="items" value={linesJson} />

          <fieldset data-step={0} hidden={step !== 0} className="space-y-4">
            <legend tabIndex={-1} className="scroll-mt-28 text-2xl font-bold">
              Contact
            </legend>
            <Field
              label="Full name"
              required
              autoComplete="name"
              {...checkOn("name", (value) => checkout.update({ name: value }))}
              value={checkout.name}
            />
            <Field
              label="Email"
              type="email"
              required
              autoComplete="email"
              {...checkOn("email", (value) => checkout.update({ email: value }))}
              value={checkout.email}
            >
              <p className="mt-1 text-sm text-ink/75">We send your receipt and tracking here.</p>
            </Field>
          </fieldset>

          <fieldset data-step={1} hidden={step !== 1} className="space-y-4">
            <legend tabIndex={-1} className="scroll-mt-28 text-2xl font-bold">
              Delivery address
            </legend>
            <p className="text-sm text-ink/70">We deliver anywhere in New Zealand.</p>
            <Field
              label="Street address"
              required
              autoComplete="address-line1"
              {...checkOn("street", (value) => checkout.updateAddress({ street: value }))}
              value={checkout.address.street}
            />
            <Field
              id="suburb"
              label={
                <>
                  Suburb <span className="font-normal text-ink/75">(optional)</span>
                </>
              }
              autoComplete="address-line2"
              value={checkout.address.suburb}
              onChange={(e) => checkout.updateAddress({ suburb: e.target.value })}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Town or city"
                required
                autoComplete="address-level2"
                {...checkOn("city", (value) => checkout.updateAddress({ city: value }))}
                value={checkout.address.city}
              />
              <Field
                label="Postcode"
                required
                {...NZ_POSTCODE_INPUT}
                {...checkOn("postcode", (value) => checkout.updateAddress({ zip: value }))}
                title="A 4-digit New Zealand postcode"
                value={checkout.address.zip}
              />
            </div>
            <div>
              <label htmlFor="region" className={LABEL}>
                Region
              </label>
              <select
                id="region"
                name="region"
                required
                value={checkout.address.state}
                onChange={(e) => checkout.updateAddress({ state: e.target.value })}
                className={INPUT}
                {...describedBy("region", errors.region)}
              >
                <RegionOptions />
              </select>
              <FieldError id="region" error={errors.region} />
            </div>
            <Field
              label={
                <>
                  Phone <span className="font-normal text-ink/75">(optional)</span>
                </>
              }
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              value={checkout.phone}
              {...checkOn("phone", (value) => checkout.update({ phone: value }))}
              hint="For the courier, if they need to reach you about the delivery. A New Zealand number like 021 555 0142, or your country code first."
            />
            <label className="flex items-start gap-3">
              <input
                type="checkbox"
                name="rural"
                checked={checkout.address.rural}
                onChange={(e) => checkout.updateAddress({ rural: e.target.checked })}
                className="mt-1 h-5 w-5"
              />
              <span>
                This is a rural delivery address (RD)
                <span className="block text-sm text-ink/75">
                  Couriers charge {money(RURAL_SURCHARGE)} more to reach rural addresses.
                </span>
              </span>
            </label>
          </fieldset>

          <fieldset data-step={2} hidden={step !== 2} className="space-y-3">
            <legend tabIndex={-1} className="scroll-mt-28 text-2xl font-bold">
              Shipping
            </legend>
            {(Object.keys(SHIPPING_METHODS) as (keyof typeof SHIPPING_METHODS)[]).map((m) => (
              <RadioCard
                key={m}
                className="flex items-center gap-3 rounded-xl border border-ink/15 bg-white p-4"
                inputClassName="h-5 w-5"
                name="shippingMethod"
                value={m}
                checked={checkout.shippingMethod === m}
                onChange={() => checkout.update({ shippingMethod: m })}
              >
                <span className="flex-1">{SHIPPING_METHODS[m].label}</span>
                <span className="font-semibold">{methodPrice(cartSubtotal(items), m, money)}</span>
              </RadioCard>
            ))}
            <p className="text-sm text-ink/70">
              Standard shipping is free on orders of {money(FREE_STANDARD_FROM)} or more.
              {checkout.address.rural
                ? ` A rural delivery surcharge of ${money(RURAL_SURCHARGE)} applies.`
                : ""}
            </p>
          </fieldset>

          <fieldset data-step={3} hidden={step !== 3} className="space-y-4">
            <legend tabIndex={-1} className="scroll-mt-28 text-2xl font-bold">
              Payment
            </legend>
            {payments === "demo" ? (
              <>
                <DemoCardFields
                  notice={demoNotice}
                  declined={outcome?.kind === "declined" ? outcome.message : undefined}
                  fieldProps={checkOn}
                  Field={Field}
                />
              </>
            ) : payments === "stripe" ? (
              <p>
                After you review your order you&apos;ll enter your card securely with Stripe. Your
                card details go straight to Stripe and never reach our server.
              </p>
            ) : (
              <p role="alert">Card payments aren&apos;t available right now.</p>
            )}
          </fieldset>

          <fieldset data-step={4} hidden={step !== 4} className="space-y-4">
            <legend tabIndex={-1} className="scroll-mt-28 text-2xl font-bold">
              Review
            </legend>
            <dl className="grid gap-3 rounded-xl bg-white p-4 sm:grid-cols-2">
              <div>
                <dt className="text-sm font-semibold text-ink/75">Contact</dt>
                <dd>
                  {checkout.name}
                  <br />
                  {checkout.email}
                  {checkout.phone.trim() ? (
                    <>
                      <br />
                      {checkout.phone}
                    </>
                  ) : null}
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-ink/75">Deliver to</dt>
                <dd>
                  {checkout.address.street}
                  {checkout.address.suburb ? `, ${checkout.address.suburb}` : ""}
                  <br />
                  {checkout.address.city} {checkout.address.zip}, {checkout.address.state}
                  {checkout.address.rural ? " (rural delivery)" : ""}
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-ink/75">Shipping</dt>
                <dd>{SHIPPING_METHODS[checkout.shippingMethod].label}</dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-ink/75">Payment</dt>
                <dd>{payments === "demo" ? "Test card (demo)" : "Card, with Stripe"}</dd>
              </div>
            </dl>
            <button
              type="submit"
              name="intent"
              value="place"
              className="btn-primary w-full"
              disabled={placing || payments === "none" || result.state === "changed"}
            >
              {placing
                ? "Placing order..."
                : totals
                  ? `Place order: ${money(totals.total)}`
                  : "Place order"}
            </button>
            {result.state === "changed" ? (
              <p className="text-sm text-clay-dark">
                Please accept the changes to your cart before placing the order.
              </p>
            ) : null}
            <Reassurance payments={payments} />
          </fieldset>

          {step < STEPS.length - 1 ? (
            <div className="mt-6 flex gap-3">
              {step > 0 ? (
                <button type="button" className="btn-secondary" onClick={() => setStep(step - 1)}>
                  Back
                </button>
              ) : null}
              <button type="button" className="btn-primary flex-1" onClick={() => void next()}>
                Continue to {STEPS[step + 1]?.toLowerCase()}
              </button>
            </div>
          ) : (
            <button type="button" className="btn-secondary mt-3" onClick={() => setStep(step - 1)}>
              Back
            </button>
          )}
        </Form>
      </div>

      <aside aria-labelledby="summary-title" className="h-fit rounded-2xl bg-white p-5 shadow-sm">
        <h2 id="summary-title" className="text-xl font-bold">
          Order summary
        </h2>
        <ul className="mt-3 space-y-2 text-sm">
          {items.map((i) => (
            <li key={i.product.id} className="flex justify-between gap-3">
              <span>
                {i.quantity} × {i.product.name}
              </span>
              <span>{money(i.product.price * i.quantity)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-4 space-y-1 border-t border-ink/10 pt-3" data-testid="totals">
          <TotalsRow
            term
            label="Subtotal"
            value={totals ? money(totals.subtotal) : money(cartSubtotal(items))}
          />
          <TotalsRow
            term
            label={totals?.ruralSurcharge ? "Shipping (incl. rural delivery)" : "Shipping"}
            value={totals ? money(totals.shipping) : "Calculating..."}
          />
          <TotalsRow
            term
            label="Total"
            value={totals ? money(totals.total) : "Calculating..."}
            strong
          />
        </dl>
        <p className="mt-1 text-right text-sm text-ink/75" data-testid="gst-included">
          {totals ? `Includes GST of ${money(totals.gst)}` : "Prices include GST"}
        </p>
      </aside>
    </div>
  );
}

/** Beside 'Place order': who charges the card, what we keep of it, and what we promise. */
function Reassurance({ payments }: { payments: CheckoutFormProps["payments"] }) {
  return (
    <div className="space-y-1 text-sm text-ink/80" data-testid="reassurance">
      <p>
        {payments === "stripe"
          ? "Your card is charged by Stripe. Your card number goes straight to Stripe: we never see or store it."
          : payments === "demo"
            ? "Demo payments — no card is charged. The test card number is checked and dropped: we never store it."
            : "We never store your card number."}
      </p>
      <p>
        Seedlings arrive healthy or we replace or refund them, and faulty goods are put right under
        the Consumer Guarantees Act.{" "}
        <Link to={paths.returns} className="font-semibold underline underline-offset-2">
          Returns and guarantee
        </Link>
      </p>
    </div>
  );
}

const INPUT = "mt-1 block h-11 w-full rounded-lg border border-ink/25 bg-white px-3";
const LABEL = "block text-sm font-semibold";

/** An invalid field points screen readers at its error text (and any hint). */
const describedBy = (id: string, error?: string, hint?: ReactNode) => {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return {
    ...(error ? { "aria-invalid": true } : {}),
    ...(ids ? { "aria-describedby": ids } : {}),
  };
};

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm text-clay-dark">
      {error}
    </p>
  ) : null;
}

/** One labelled checkout input (its name is its id), its error and any note below it. */
function Field({ id, label, error, hint, children, ...input }: FieldProps) {
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-ink/75">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={id}
        className={`${INPUT} scroll-mt-28`}
        {...describedBy(id, error, hint)}
        {...input}
      />
      <FieldError id={id} error={error} />
      {children}
    </div>
  );
}

/** What a delivery method costs this cart, by checkout's own rule (standard is free from the threshold). */
function methodPrice(
  subtotal: number,
  method: keyof typeof SHIPPING_METHODS,
  money: (cents: number) => string,
): string {
  const { shipping } = shippingCost(subtotal, method, false);
  return shipping === 0 ? "Free" : money(shipping);
}
