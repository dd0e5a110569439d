// Checkout step 1: who the order is for.
import type { CheckoutState } from "#app/modules/checkout/checkout-store.ts";
import { Field, StepFieldset } from "#app/modules/checkout/checkout-fields.tsx";
import type { CheckOn } from "#app/modules/checkout/use-checkout.ts";

export function ContactStep({
  current,
  checkout,
  checkOn,
}: {
  current: number;
  checkout: CheckoutState;
  checkOn: CheckOn;
}) {
  return (
    <StepFieldset step={0} current={current} title="Contact">
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
    </StepFieldset>
  );
}
