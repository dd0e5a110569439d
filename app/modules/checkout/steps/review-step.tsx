// Checkout step 5: everything entered, read back, and the 'Place order' button with the server's
// total and what we promise beside it.
import { Link } from "react-router";
import { paths } from "#app/lib/paths.ts";
import type { CheckoutState } from "#app/modules/checkout/checkout-store.ts";
import { StepFieldset } from "#app/modules/checkout/checkout-fields.tsx";
import { SHIPPING_METHODS, type Totals } from "#app/modules/checkout/pricing.ts";
import type { CheckoutFormProps } from "#app/modules/checkout/use-checkout.ts";

export function ReviewStep({
  current,
  checkout,
  payments,
  placing,
  cartChanged,
  totals,
  money,
}: {
  current: number;
  checkout: CheckoutState;
  payments: CheckoutFormProps["payments"];
  placing: boolean;
  /** The cart changed since it was checked: the order waits for the person to accept it. */
  cartChanged: boolean;
  totals?: Totals;
  money: (cents: number) => string;
}) {
  return (
    <StepFieldset step={4} current={current} title="Review">
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
        disabled={placing || payments === "none" || cartChanged}
      >
        {placing
          ? "Placing order..."
          : totals
            ? `Place order: ${money(totals.total)}`
            : "Place order"}
      </button>
      {cartChanged ? (
        <p className="text-sm text-clay-dark">
          Please accept the changes to your cart before placing the order.
        </p>
      ) : null}
      <Reassurance payments={payments} />
    </StepFieldset>
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
