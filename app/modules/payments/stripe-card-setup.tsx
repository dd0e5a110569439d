// Stripe's Payment Element for saving a card (subscriptions, ADR 035): confirms a SetupIntent in
// the browser, so the card goes from the browser to Stripe and never to us. Stripe then sends the
// browser to `returnUrl` with ?setup_intent=…, where the server reads the outcome from Stripe.
import { useEffect, useRef, useState } from "react";
import { loadStripe, type StripeElements, type StripeJs } from "./stripe-payment.tsx";

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
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ js: StripeJs; elements: StripeElements }>();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let element: { destroy(): void } | undefined;
    loadStripe()
      .then((Stripe) => {
        const js = Stripe(publishableKey);
        const elements = js.elements({ clientSecret });
        const card = elements.create("payment");
        if (mountRef.current) card.mount(mountRef.current);
        element = card;
        setStripe({ js, elements });
      })
      .catch(() => setError("The secure card form couldn't load. Please reload the page."));
    return () => element?.destroy();
  }, [publishableKey, clientSecret]);

  return (
    <form
      className="mt-8 max-w-xl space-y-4"
      aria-labelledby="card-setup-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (!stripe) return;
        setSaving(true);
        void stripe.js
          .confirmSetup({
            elements: stripe.elements,
            confirmParams: { return_url: new URL(returnUrl, window.location.origin).href },
          })
          .then((r) => {
            // Only errors come back here; success leaves for the return URL.
            setError(r.error?.message ?? "Your card wasn't saved. Please try again.");
            setSaving(false);
          });
      }}
    >
      <h2 id="card-setup-title" className="text-2xl font-bold">
        Your card
      </h2>
      {children}
      <div ref={mountRef} />
      {error ? (
        <p role="alert" className="font-semibold text-clay-dark">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn-primary w-full" disabled={!stripe || saving}>
        {saving ? "Saving your card..." : submitLabel}
      </button>
    </form>
  );
}
