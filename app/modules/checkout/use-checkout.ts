// The checkout form's state and effects: the stored cart and form read after hydration, the
// server's answer choosing the step, focus moving with the steps, the quote kept up to date, and
// each step's fields checked before moving on (the server checks everything again).
import { useEffect, useRef, useState, type ChangeEvent, type FocusEvent } from "react";
import { useFetcher, useNavigation } from "react-router";
import { useCart } from "#app/modules/cart/cart-store.ts";
import { useCartCheck } from "#app/modules/cart/use-cart-check.ts";
import { focusFirstError } from "#app/components/ui/focus-first-error.ts";
import type { CheckoutField } from "./checkout.schema.ts";
import type { CheckedField, FIELD_CHECKS } from "./checkout-checks.ts";
import { useCheckout } from "./checkout-store.ts";
import type { Totals } from "./pricing.ts";

export const STEPS = ["Contact", "Delivery address", "Shipping", "Payment", "Review"] as const;
const FIELD_STEP: Record<CheckoutField, number> = {
  name: 0,
  email: 0,
  phone: 1,
  street: 1,
  city: 1,
  region: 1,
  postcode: 1,
  items: 4,
  cardNumber: 3,
  cardExpiry: 3,
  cardCvc: 3,
};

// The fields' checks (the server's own schemas, so zod) load when the form is first touched (a
// field focused, a button pressed): zod is a sixth of the checkout's script and costs a phone
// ~60 ms to start, and nothing needs it before someone leaves a field or presses Continue (which
// waits for it). Loading it as the page settled put that work in the page's first seconds.
let checksLoading: Promise<Checks> | undefined;
type Checks = typeof FIELD_CHECKS;
export function loadChecks(): Promise<Checks> {
  checksLoading ??= import("./checkout-checks.ts").then(
    (m) => m.FIELD_CHECKS,
    (): Checks => {
      // Not loaded (offline, a new deploy): the server's answer says what to fix instead.
      checksLoading = undefined;
      return new Proxy({} as Checks, { get: () => () => undefined });
    },
  );
  return checksLoading;
}
/** Each step's fields, checked on its Continue button, every message beside its field. */
const STEP_CHECKS: Partial<Record<number, CheckedField[]>> = {
  0: ["name", "email"],
  1: ["street", "city", "postcode", "region", "phone"],
  3: ["cardNumber", "cardExpiry", "cardCvc"],
};

export type CheckoutOutcome =
  | { kind: "invalid"; message: string; fieldErrors: Partial<Record<CheckoutField, string>> }
  | { kind: "cart-changed"; message: string }
  | { kind: "declined"; message: string }
  | { kind: "expired" | "unavailable" | "limited"; message: string }
  | { kind: "stripe"; orderId: string; clientSecret: string };

export interface CheckoutFormProps {
  currency: string;
  payments: "demo" | "stripe" | "none";
  publishableKey?: string;
  demoNotice: string;
  outcome?: CheckoutOutcome;
  /** The signed-in person, whose name and e-mail fill the contact step. */
  user?: { displayName: string; email: string } | null;
}

export type CheckOn = ReturnType<typeof useCheckoutForm>["checkOn"];
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

export function useCheckoutForm({
  payments,
  outcome,
  user,
}: Pick<CheckoutFormProps, "payments" | "outcome" | "user">) {
  const items = useCart((s) => s.items);
  const checkout = useCheckout();
  const [step, setStep] = useState(0);
  const [hydrated, setHydrated] = useState(false);
  const cartCheck = useCartCheck();
  const { check } = cartCheck;
  const quote = useFetcher<{ totals?: Totals }>();
  const navigation = useNavigation();
  const placing = navigation.state !== "idle" && navigation.formData?.get("intent") === "place";
  const formRef = useRef<HTMLFormElement>(null);
  // The browser's own checks: a field it has looked at shows its answer (or none) instead of the
  // server's, which stands until the field is checked again.
  const [checked, setChecked] = useState<Partial<Record<CheckedField, string | undefined>>>({});
  const serverErrors = outcome?.kind === "invalid" ? outcome.fieldErrors : {};
  const errors: CheckoutErrors = { ...serverErrors };
  for (const [field, message] of Object.entries(checked) as [CheckedField, string | undefined][]) {
    if (message) errors[field] = message;
    else delete errors[field];
  }

  // The stored cart and form are read after hydration, then the cart is checked once.
  useEffect(() => {
    void Promise.all([useCart.persist.rehydrate(), useCheckout.persist.rehydrate()]).then(() => {
      // The panel's Checkout button closes it; arriving any other way, it would cover the form.
      useCart.getState().toggleCart(false);
      const saved = useCheckout.getState();
      if (!saved.attemptKey) saved.newAttempt();
      if (user && !saved.email)
        saved.update({ email: user.email, name: saved.name || user.displayName });
      setHydrated(true);
      void check();
    });
    // Once per visit: the signed-in person is read from the first render's props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [check]);

  // The server's answer decides which step the person looks at next.
  const [seenOutcome, setSeenOutcome] = useState(outcome);
  if (outcome !== seenOutcome) {
    setSeenOutcome(outcome);
    setChecked({});
    if (outcome?.kind === "invalid") {
      const first = Object.keys(outcome.fieldErrors)[0] as CheckoutField | undefined;
      setStep(first ? FIELD_STEP[first] : 0);
    } else if (outcome?.kind === "declined") setStep(3);
  }
  useEffect(() => {
    if (outcome?.kind === "cart-changed") void check();
    else if (outcome?.kind === "expired") useCheckout.getState().newAttempt();
  }, [outcome, check]);

  // Moving between steps takes focus (and a screen reader) to the new step's heading.
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    const legend = formRef.current?.querySelector<HTMLElement>(
      `fieldset[data-step="${step}"] legend`,
    );
    legend?.focus();
    legend?.scrollIntoView({ block: "center" });
  }, [step]);

  // A refused order's error summary takes focus (after the effect above, so it wins over the
  // step's heading); its links go to the fields (issue 39).
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome?.kind !== "invalid") return;
    const box = summaryRef.current?.querySelector<HTMLElement>("[data-testid='error-summary']");
    if (box) box.focus();
    else focusFirstError(formRef.current);
  }, [outcome]);

  const lines = items.map((i) => ({
    productId: i.product.id,
    quantity: i.quantity,
    price: i.product.price,
  }));
  const linesJson = JSON.stringify(lines);
  const rural = checkout.address.rural;
  const method = checkout.shippingMethod;
  const submitQuote = quote.submit;
  useEffect(() => {
    if (!hydrated || lines.length === 0) return;
    void submitQuote(
      { intent: "quote", items: linesJson, shippingMethod: method, rural: String(rural) },
      { method: "post" },
    );
    // linesJson stands for the lines.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, linesJson, method, rural, submitQuote]);

  /** A checked field's id and error; leaving it checks it, and typing into one that shows a
   * problem checks it again. */
  const checkOn = (field: CheckedField, onValue?: (value: string) => void) => {
    const checkValue = (value: string) =>
      void loadChecks().then((checks) =>
        setChecked((c) => ({ ...c, [field]: checks[field](value) })),
      );
    return {
      id: field,
      error: errors[field],
      onBlur: (e: FocusEvent<HTMLInputElement>) => {
        // Tabbing through an empty field isn't yet a mistake.
        if (e.currentTarget.value.trim() || checked[field] !== undefined)
          checkValue(e.currentTarget.value);
      },
      // One handler for the input's every change: the caller's value and the check (React's
      // onChange is the input event).
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        onValue?.(e.currentTarget.value);
        if (errors[field]) checkValue(e.currentTarget.value);
      },
    };
  };

  const next = async () => {
    const checks = await loadChecks();
    // The step's own checks, each message beside its field (no browser bubbles: the form is
    // noValidate, and the server checks the same schema again).
    const own = payments === "demo" || step !== 3 ? (STEP_CHECKS[step] ?? []) : [];
    const inputOf = (f: CheckedField) => formRef.current?.querySelector<HTMLInputElement>(`#${f}`);
    const found = Object.fromEntries(own.map((f) => [f, checks[f](inputOf(f)?.value ?? "")]));
    setChecked((c) => ({ ...c, ...found }));
    const firstWrong = own.find((f) => found[f]);
    if (firstWrong) {
      const input = inputOf(firstWrong);
      input?.focus();
      input?.scrollIntoView({ block: "center" });
      return;
    }
    const fieldset = formRef.current?.querySelector<HTMLFieldSetElement>(
      `fieldset[data-step="${step}"]`,
    );
    const invalid = fieldset
      ? [...fieldset.elements].find(
          (el): el is HTMLInputElement =>
            "checkValidity" in el &&
            !(own as string[]).includes((el as HTMLInputElement).id) &&
            !(el as HTMLInputElement).checkValidity(),
        )
      : undefined;
    if (invalid) {
      // Anything the schema checks above don't cover: focus it, its own message beside it.
      invalid.focus();
      return;
    }
    setStep((s) => Math.min(s + 1, STEPS.length - 1));
  };

  return {
    items,
    checkout,
    step,
    setStep,
    hydrated,
    cartCheck,
    totals: quote.data?.totals,
    placing,
    formRef,
    summaryRef,
    errors,
    linesJson,
    checkOn,
    next,
  };
}
