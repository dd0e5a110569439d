// The checkout's steps: contact, delivery address, shipping, payment, review. One <Form>; each
// step's fields are checked before moving on, and the server checks everything again. Totals on
// the review come from the server (the quote), never from the browser's arithmetic. This is the
// shell: the state and effects are in use-checkout.ts, each step in steps/.
import { Form, Link } from "react-router";
import { formatMoney } from "#app/lib/money.ts";
import { paths } from "#app/lib/paths.ts";
import { CartChangesNotice } from "#app/modules/cart/cart-changes-notice.tsx";
import { cartSubtotal } from "#app/modules/cart/cart-store.ts";
import { StripePayment } from "#app/modules/payments/stripe-payment.tsx";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { OrderSummary } from "./order-summary.tsx";
import { AddressStep } from "./steps/address-step.tsx";
import { ContactStep } from "./steps/contact-step.tsx";
import { PaymentStep } from "./steps/payment-step.tsx";
import { ReviewStep } from "./steps/review-step.tsx";
import { ShippingStep } from "./steps/shipping-step.tsx";
import { loadChecks, STEPS, useCheckoutForm, type CheckoutFormProps } from "./use-checkout.ts";

export { STEPS, type CheckoutFormProps, type CheckoutOutcome } from "./use-checkout.ts";

export function CheckoutForm({
  currency,
  payments,
  publishableKey,
  demoNotice,
  outcome,
  user,
}: CheckoutFormProps) {
  const {
    items,
    checkout,
    step,
    setStep,
    hydrated,
    cartCheck,
    totals,
    placing,
    formRef,
    summaryRef,
    errors,
    linesJson,
    checkOn,
    next,
  } = useCheckoutForm({ payments, outcome, user });
  const cartChanged = cartCheck.result.state === "changed";

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

  const money = (c: number) => formatMoney(c, currency);

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

        {cartCheck.result.state === "changed" ? (
          <div className="mt-4 -mx-5">
            <CartChangesNotice
              changes={cartCheck.result.changes}
              currency={currency}
              onAccept={cartCheck.accept}
            />
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

          <ContactStep current={step} checkout={checkout} checkOn={checkOn} />
          <AddressStep
            current={step}
            checkout={checkout}
            checkOn={checkOn}
            errors={errors}
            money={money}
          />
          <ShippingStep
            current={step}
            checkout={checkout}
            subtotal={cartSubtotal(items)}
            money={money}
          />
          <PaymentStep
            current={step}
            payments={payments}
            demoNotice={demoNotice}
            declined={outcome?.kind === "declined" ? outcome.message : undefined}
            checkOn={checkOn}
          />
          <ReviewStep
            current={step}
            checkout={checkout}
            payments={payments}
            placing={placing}
            cartChanged={cartChanged}
            totals={totals}
            money={money}
          />

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

      <OrderSummary items={items} totals={totals} money={money} />
    </div>
  );
}
