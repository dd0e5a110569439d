// Checkout step 3: the delivery method, each priced for this cart by checkout's own rule.
import { RadioCard } from "#app/components/ui/radio-card.tsx";
import type { CheckoutState } from "#app/modules/checkout/checkout-store.ts";
import { StepFieldset } from "#app/modules/checkout/checkout-fields.tsx";
import {
  FREE_STANDARD_FROM,
  RURAL_SURCHARGE,
  SHIPPING_METHODS,
  shippingCost,
} from "#app/modules/checkout/pricing.ts";

export function ShippingStep({
  current,
  checkout,
  subtotal,
  money,
}: {
  current: number;
  checkout: CheckoutState;
  subtotal: number;
  money: (cents: number) => string;
}) {
  return (
    <StepFieldset step={2} current={current} title="Shipping" className="space-y-3">
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
          <span className="font-semibold">{methodPrice(subtotal, m, money)}</span>
        </RadioCard>
      ))}
      <p className="text-sm text-ink/70">
        Standard shipping is free on orders of {money(FREE_STANDARD_FROM)} or more.
        {checkout.address.rural
          ? ` A rural delivery surcharge of ${money(RURAL_SURCHARGE)} applies.`
          : ""}
      </p>
    </StepFieldset>
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
