// Checkout step 2: where the order goes, and whether it is a rural delivery.
import { NZ_POSTCODE_INPUT } from "#app/components/ui/address-fields.tsx";
import { RegionOptions } from "#app/components/ui/region-options.tsx";
import type { CheckoutState } from "#app/modules/checkout/checkout-store.ts";
import {
  describedBy,
  Field,
  FieldError,
  INPUT,
  LABEL,
  StepFieldset,
} from "#app/modules/checkout/checkout-fields.tsx";
import { RURAL_SURCHARGE } from "#app/modules/checkout/pricing.ts";
import type { CheckOn, CheckoutErrors } from "#app/modules/checkout/use-checkout.ts";

export function AddressStep({
  current,
  checkout,
  checkOn,
  errors,
  money,
}: {
  current: number;
  checkout: CheckoutState;
  checkOn: CheckOn;
  errors: CheckoutErrors;
  money: (cents: number) => string;
}) {
  return (
    <StepFieldset step={1} current={current} title="Delivery address">
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
    </StepFieldset>
  );
}
