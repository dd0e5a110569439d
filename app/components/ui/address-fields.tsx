// The NZ address fields (street, suburb, city, region, 4-digit postcode, country), shared by
// /profile and /address.
import type { ComponentProps, SelectHTMLAttributes } from "react";
import { FormField } from "./form-field.tsx";
import { RegionOptions } from "./region-options.tsx";

export interface AddressValues {
  street?: string;
  suburb?: string;
  city?: string;
  state?: string;
  region?: string;
  zip?: string;
  country?: string;
}

/** A New Zealand postcode's input: four digits, on the number keyboard, filled in from the address book. */
export const NZ_POSTCODE_INPUT = {
  inputMode: "numeric",
  pattern: "\\d{4}",
  maxLength: 4,
  autoComplete: "postal-code",
} as const;

/**
 * An address's text fields from its values and errors: `field(name, label, autoComplete, input?)`
 * is the field whose name and id are its key in the address.
 */
export function addressFieldOf<Name extends string>(
  address: Partial<Record<Name, string>>,
  errors?: Record<string, string>,
) {
  return (
    name: Name,
    label: string,
    autoComplete: string,
    input: Omit<ComponentProps<typeof FormField>, "id" | "label"> = {},
  ) => (
    <FormField
      id={name}
      name={name}
      label={label}
      autoComplete={autoComplete}
      defaultValue={address[name] ?? ""}
      error={errors?.[name]}
      {...input}
    />
  );
}

/**
 * An address's labelled Region <select>, its error said beside it. The form's own props (its
 * value or default, `required`, a further reason it is invalid) go to the <select>.
 */
export function RegionField({
  error,
  className,
  ...select
}: { error?: string; className: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FormField id="region" label="Region" error={error}>
      <select
        id="region"
        name="region"
        autoComplete="address-level1"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "region-error" : undefined}
        className={className}
        {...select}
      >
        <RegionOptions />
      </select>
    </FormField>
  );
}

export function AddressFields({
  address,
  errors,
}: {
  address: AddressValues;
  errors?: Record<string, string>;
}) {
  const region = address.region ?? address.state ?? "";
  const field = addressFieldOf<"street" | "suburb" | "city" | "zip" | "country">(address, errors);
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-1 font-semibold">Address</legend>
      {field("street", "Street address", "address-line1")}
      <div className="grid gap-4 sm:grid-cols-2">
        {field("suburb", "Suburb", "address-line2")}
        {field("city", "Town or city", "address-level2")}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <RegionField
          error={errors?.region}
          defaultValue={region}
          className="min-h-11 rounded-xl border border-ink/20 bg-white px-4 py-2"
        />
        {field("zip", "Postcode", "postal-code", NZ_POSTCODE_INPUT)}
      </div>
      {field("country", "Country", "country-name", {
        defaultValue: address.country ?? "New Zealand",
      })}
    </fieldset>
  );
}

/** "This is a rural delivery address (RD)": a delivery address form's checkbox (`rural`). */
export function RuralField({ defaultChecked }: { defaultChecked?: boolean }) {
  return (
    <label className="flex min-h-11 items-start gap-3">
      <input
        type="checkbox"
        name="rural"
        defaultChecked={defaultChecked}
        className="mt-1 h-5 w-5 accent-leaf"
      />
      <span>This is a rural delivery address (RD)</span>
    </label>
  );
}
