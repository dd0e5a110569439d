// Stripe's Payment Element, loaded from js.stripe.com only when Stripe is configured (the CSP
// allows it then). Card data goes from the browser to Stripe; we only see the outcome, through the
// webhook, and the confirmation page waits for it.
import { useEffect, useRef, useState } from "react";

export interface StripeElements {
  create(type: "payment"): { mount(el: HTMLElement): void; destroy(): void };
}
export interface StripeJs {
  elements(options: { clientSecret: string }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
  }): Promise<{ error?: { message?: string } }>;
  /** A SetupIntent's card, saved for later payments (subscriptions, ADR 035). */
  confirmSetup(options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
  }): Promise<{ error?: { message?: string } }>;
}
declare global {
  interface Window {
    Stripe?: (key: string) => StripeJs;
  }
}

export function loadStripe(): Promise<NonNullable<Window["Stripe"]>> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = "https://js.stripe.com/v3/";
    script.async = true;
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error("no Stripe")));
    script.onerror = () => reject(new Error("Stripe.js failed to load"));
    document.head.appendChild(script);
  });
}

export function StripePayment({
  publishableKey,
  clientSecret,
  returnPath,
  submitLabel = "Pay now",
}: {
  publishableKey: string;
  clientSecret: string;
  /** Where Stripe sends the browser back to once paid: the order's or the gift's page. */
  returnPath: string;
  submitLabel?: string;
}) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ js: StripeJs; elements: StripeElements }>();
  const [error, setError] = useState<string>();
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    let element: { destroy(): void } | undefined;
    loadStripe()
      .then((Stripe) => {
        const js = Stripe(publishableKey);
        const elements = js.elements({ clientSecret });
        const payment = elements.create("payment");
        if (mountRef.current) payment.mount(mountRef.current);
        element = payment;
        setStripe({ js, elements });
      })
      .catch(() => setError("The secure card form couldn't load. Please reload the page."));
    return () => element?.destroy();
  }, [publishableKey, clientSecret]);

  return (
    <form
      className="mt-6 max-w-xl space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!stripe) return;
        setPaying(true);
        void stripe.js
          .confirmPayment({
            elements: stripe.elements,
            confirmParams: {
              return_url: `${window.location.origin}${returnPath}`,
            },
          })
          .then((r) => {
            // Only errors come back here; success leaves for the return URL.
            setError(r.error?.message ?? "Your payment didn't go through. Please try again.");
            setPaying(false);
          });
      }}
    >
      <h2 className="text-2xl font-bold">Payment</h2>
      <div ref={mountRef} />
      {error ? (
        <p role="alert" className="font-semibold text-clay-dark">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn-primary w-full" disabled={!stripe || paying}>
        {paying ? "Paying..." : submitLabel}
      </button>
    </form>
  );
}
