// Checkout step 4: the card, by the payment provider in use (demo fields, Stripe after review,
// or none available).
import { DemoCardFields } from "#app/modules/payments/demo-card-fields.tsx";
import { Field, StepFieldset } from "#app/modules/checkout/checkout-fields.tsx";
import type { CheckOn, CheckoutFormProps } from "#app/modules/checkout/use-checkout.ts";

export function PaymentStep({
  current,
  payments,
  demoNotice,
  declined,
  checkOn,
}: {
  current: number;
  payments: CheckoutFormProps["payments"];
  demoNotice: string;
  declined?: string;
  checkOn: CheckOn;
}) {
  return (
    <StepFieldset step={3} current={current} title="Payment">
      {payments === "demo" ? (
        <>
          <DemoCardFields
            notice={demoNotice}
            declined={declined}
            fieldProps={checkOn}
            Field={Field}
          />
        </>
      ) : payments === "stripe" ? (
        <p>
          After you review your order you&apos;ll enter your card securely with Stripe. Your card
          details go straight to Stripe and never reach our server.
        </p>
      ) : (
        <p role="alert">Card payments aren&apos;t available right now.</p>
      )}
    </StepFieldset>
  );
}
