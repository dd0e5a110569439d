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

/**
 * Stripe's Payment Element mounted in `mountRef` once Stripe.js loads, and `confirm`, which hands
 * the card to Stripe (a payment or a SetupIntent) and shows what Stripe refused; on success Stripe
 * sends the browser to `returnUrl`.
 */
function useStripeElement(publishableKey: string, clientSecret: string) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ js: StripeJs; elements: StripeElements }>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

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

  const confirm = (how: "confirmPayment" | "confirmSetup", returnUrl: string, failed: string) => {
    if (!stripe) return;
    setBusy(true);
    void stripe.js[how]({
      elements: stripe.elements,
      confirmParams: { return_url: returnUrl },
    }).then((r) => {
      // Only errors come back here; success leaves for the return URL.
      setError(r.error?.message ?? failed);
      setBusy(false);
    });
  };
  return { mountRef, ready: stripe !== undefined, error, busy, confirm };
}

/** The card form's element, what Stripe refused, and its button (busy while Stripe answers). */
export function StripeElementForm({
  title,
  titleId,
  className,
  publishableKey,
  clientSecret,
  onSubmit,
  submitLabel,
  busyLabel,
  children,
}: {
  title: string;
  titleId?: string;
  className: string;
  publishableKey: string;
  clientSecret: string;
  onSubmit: (confirm: ReturnType<typeof useStripeElement>["confirm"]) => void;
  submitLabel: string;
  busyLabel: string;
  children?: React.ReactNode;
}) {
  const { mountRef, ready, error, busy, confirm } = useStripeElement(publishableKey, clientSecret);
  return (
    <form
      className={className}
      aria-labelledby={titleId}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(confirm);
      }}
    >
      <h2 id={titleId} className="text-2xl font-bold">
        {title}
      </h2>
      {children}
      <div ref={mountRef} />
      {error ? (
        <p role="alert" className="font-semibold text-clay-dark">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn-primary w-full" disabled={!ready || busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  );
}

export function StripePayment({
  publishableKey,
  clientSecret,
  orderId,
}: {
  publishableKey: string;
  clientSecret: string;
  orderId: string;
}) {
  return (
    <StripeElementForm
      title="Payment"
      className="mt-6 max-w-xl space-y-4"
      publishableKey={publishableKey}
      clientSecret={clientSecret}
      submitLabel="Pay now"
      busyLabel="Paying..."
      onSubmit={(confirm) =>
        confirm(
          "confirmPayment",
          `${window.location.origin}/post-checkout?order=${orderId}`,
          "Your payment didn't go through. Please try again.",
        )
      }
    />
  );
}
