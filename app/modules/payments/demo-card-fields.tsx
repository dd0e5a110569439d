// The demo provider's card fields (ADR 009), as a form that takes a card names them (cardNumber,
// cardExpiry, cardCvc): the labelled notice that no real card is charged, with the test cards to
// use, a refused card's words, and the three fields with their errors. /subscribe and /gift.
import { FormField } from "#app/components/ui/form-field.tsx";

export function DemoCardFields({
  demoNotice,
  errors,
  declined,
}: {
  demoNotice: string;
  errors: Record<string, string | undefined>;
  /** A refused card's message, said beside the card. */
  declined?: string;
}) {
  return (
    <>
      <p
        className="rounded-xl border-2 border-sun bg-sun/20 p-4 font-semibold"
        data-testid="demo-notice"
      >
        {demoNotice}
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
      <FormField
        id="cardNumber"
        name="cardNumber"
        label="Card number"
        required
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        error={errors.cardNumber}
      />
      <div className="grid grid-cols-2 gap-4">
        <FormField
          id="cardExpiry"
          name="cardExpiry"
          label="Expiry (MM/YY)"
          required
          autoComplete="cc-exp"
          placeholder="12/30"
          error={errors.cardExpiry}
        />
        <FormField
          id="cardCvc"
          name="cardCvc"
          label="Security code (CVC)"
          required
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          error={errors.cardCvc}
        />
      </div>
    </>
  );
}
