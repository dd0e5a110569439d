// The NZ address fields (street, suburb, city, region, 4-digit postcode, country), shared by
// /profile and /address.
import { NZ_REGIONS } from "#app/lib/nz-regions.ts";
import { FormField } from "./form-field.tsx";

export interface AddressValues {
  street?: string;
  suburb?: string;
  city?: string;
  state?: string;
  region?: string;
  zip?: string;
  country?: string;
}

export function AddressFields({
  address,
  errors,
}: {
  address: AddressValues;
  errors?: Record<string, string>;
}) {
  const region = address.region ?? address.state ?? "";
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-1 font-semibold">Address</legend>
      <FormField
        id="street"
        name="street"
        label="Street address"
        autoComplete="address-line1"
        defaultValue={address.street ?? ""}
        error={errors?.street}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="suburb"
          name="suburb"
          label="Suburb"
          autoComplete="address-line2"
          defaultValue={address.suburb ?? ""}
          error={errors?.suburb}
        />
        <FormField
          id="city"
          name="city"
          label="Town or city"
          autoComplete="address-level2"
          defaultValue={address.city ?? ""}
          error={errors?.city}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="region" label="Region" error={errors?.region}>
          <select
            id="region"
            name="region"
            defaultValue={region}
            autoComplete="address-level1"
            aria-invalid={errors?.region ? true : undefined}
            aria-describedby={errors?.region ? "region-error" : undefined}
            className="min-h-11 rounded-xl border border-ink/20 bg-white px-4 py-2"
          >
            <option value="">Select your region</option>
            {NZ_REGIONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          id="zip"
          name="zip"
          label="Postcode"
          inputMode="numeric"
          autoComplete="postal-code"
          pattern="[0-9]{4}"
          maxLength={4}
          defaultValue={address.zip ?? ""}
          error={errors?.zip}
        />
      </div>
      <FormField
        id="country"
        name="country"
        label="Country"
        autoComplete="country-name"
        defaultValue={address.country ?? "New Zealand"}
        error={errors?.country}
      />
    </fieldset>
  );
}
