// The demo provider's card fields (ADR 009, 035): the notice that no money moves and which test
// cards to use, what a declined card said, and the card number, expiry and security code. The
// checkout and the subscription form draw them with their own field component and checks.
import type { ComponentType } from "react";
import { FormField, type FieldProps } from "#app/components/ui/form-field.tsx";

export type CardField = "cardNumber" | "cardExpiry" | "cardCvc";

export function DemoCardFields({
  notice,
  declined,
  fieldProps,
  Field = FormField,
}: {
  notice: string;
  /** The provider's words for a declined card, said above the fields. */
  declined?: string;
  /** Each field's id, name, error and checks, as the form keeps them. */
  fieldProps: (name: CardField) => Omit<FieldProps, "label">;
  Field?: ComponentType<FieldProps>;
}) {
  return (
    <>
      <p
        className="rounded-xl border-2 border-sun bg-sun/20 p-4 font-semibold"
        data-testid="demo-notice"
      >
        {notice}
        <span className="mt-1 block text-sm font-normal">
          Use Stripe&apos;s test card 4242 4242 4242 4242 with any future expiry and any CVC. 4000
          0000 0000 0002 shows a declined card.
        </span>
      </p>
      {declined ? (
        <p role="alert" className="font-semibold text-clay-dark">
          {declined}
        </p>
      ) : null}
      <Field
        label="Card number"
        required
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        {...fieldProps("cardNumber")}
      />
      <div className="grid grid-cols-2 gap-4">
        <Field
          label="Expiry (MM/YY)"
          required
          autoComplete="cc-exp"
          placeholder="12/30"
          {...fieldProps("cardExpiry")}
        />
        <Field
          label="Security code (CVC)"
          required
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          {...fieldProps("cardCvc")}
        />
      </div>
    </>
  );
}
