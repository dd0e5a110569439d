// Stripe's Payment Element for saving a card (subscriptions, ADR 035): confirms a SetupIntent in
// the browser, so the card goes from the browser to Stripe and never to us. Stripe then sends the
// browser to `returnUrl` with ?setup_intent=…, where the server reads the outcome from Stripe.
import { StripeElementForm } from "./stripe-payment.tsx";

export function StripeCardSetup({
  publishableKey,
  clientSecret,
  returnUrl,
  submitLabel,
  children,
}: {
  publishableKey: string;
  clientSecret: string;
  /** Where Stripe sends the browser back; a path is made absolute on this site. */
  returnUrl: string;
  submitLabel: string;
  /** Said above the card form (what will be charged, and when). */
  children?: React.ReactNode;
}) {
  return (
    <StripeElementForm
      title="Your card"
      titleId="card-setup-title"
      className="mt-8 max-w-xl space-y-4"
      publishableKey={publishableKey}
      clientSecret={clientSecret}
      submitLabel={submitLabel}
      busyLabel="Saving your card..."
      onSubmit={(confirm) =>
        confirm(
          "confirmSetup",
          new URL(returnUrl, window.location.origin).href,
          "Your card wasn't saved. Please try again.",
        )
      }
    >
      {children}
    </StripeElementForm>
  );
}
