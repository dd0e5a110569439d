// The fields a product's add and edit pages share: price, stock, summary and description, each
// labelled, with its error wired to it (FormField), and the pictures input. Not a route.
import { useRouteLoaderData } from "react-router";
import { controlProps, FormField } from "#app/components/ui/form-field.tsx";
import { PICTURE_ACCEPT } from "./catalog.schema.ts";
import type { PublicSettings } from "#app/lib/env.server.ts";

export interface ProductFieldValues {
  price?: string;
  stockQuantity?: string | number;
  summary?: string;
  description?: string;
}

const textarea =
  "min-h-40 rounded-xl border border-ink/20 bg-white px-4 py-2 text-base aria-invalid:border-clay-dark";

export function ProductFields({
  values,
  errors = {},
}: {
  values: ProductFieldValues;
  errors?: Record<string, string>;
}) {
  // Prices are entered as shown to buyers: GST-inclusive (ADR 028), in the shop's currency.
  // The root loader's data (a module can't import root.tsx's type, ADR 025).
  const root = useRouteLoaderData("root") as { settings: PublicSettings } | undefined;
  const currency = root?.settings.currency ?? "USD";
  const unit = currency === "USD" ? "US$" : currency;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="price"
          name="price"
          label={`Price (${unit}, incl. GST)`}
          inputMode="decimal"
          required
          hint="What buyers pay, GST included: dollars and cents, e.g. 24.90"
          defaultValue={values.price}
          error={errors.price}
        />
        <FormField
          id="stockQuantity"
          name="stockQuantity"
          label="Stock"
          type="number"
          min={0}
          max={100000}
          required
          defaultValue={values.stockQuantity}
          error={errors.stockQuantity}
        />
      </div>
      <FormField
        id="summary"
        name="summary"
        label="Summary"
        maxLength={300}
        required
        hint="One line for the product's card and the cart."
        defaultValue={values.summary}
        error={errors.summary}
      />
      <FormField id="description" label="Description" error={errors.description}>
        <textarea
          {...controlProps("description", errors.description)}
          rows={8}
          maxLength={5000}
          required
          defaultValue={values.description}
          className={textarea}
        />
      </FormField>
    </>
  );
}

/** The pictures file input of the add and edit pages, with its own label and rules (hint). */
export function PicturesField({
  label,
  hint,
  error,
  required,
}: {
  label: string;
  hint: string;
  error?: string;
  required?: boolean;
}) {
  return (
    <FormField id="pictures" label={label} error={error} hint={hint}>
      <input
        {...controlProps("pictures", error, hint)}
        type="file"
        multiple
        required={required}
        accept={PICTURE_ACCEPT}
        className="min-h-11 w-full max-w-full rounded-xl border border-dashed border-ink/30 bg-cream px-3 py-2 text-base"
      />
    </FormField>
  );
}
