// The two steps of an admin's refund on /admin/orders/{id} (ADR 078): the chooser (a GET form:
// the whole order, units of some lines, or an amount) works out the confirmation, which names the
// exact amount, its GST, the order's state after, the stock that comes back and who is e-mailed,
// and takes the reason. Only the confirmation's post refunds.
import { Form, Link } from "react-router";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { formatMoney } from "#app/lib/money.ts";
import type { OrderWithItems } from "./get-order.server.ts";
import type { RefundChoice, RefundPreview } from "./refund-order.server.ts";

/** The question a refund asks first: how much (exactly), what else happens, and why. */
export function RefundConfirmation({
  refund,
  label,
  requestKey,
  error,
  fieldErrors,
  busy,
}: {
  refund: RefundPreview;
  label: string;
  requestKey: string;
  error?: string | null;
  /** The refusal's fields (the reason): the summary at the form's top lists them (issue 39). */
  fieldErrors?: Record<string, string> | null;
  busy: boolean;
}) {
  // A choice that can't be refunded is told by the chooser, beside what to change.
  if (!refund.ok && refund.mode) return null;
  if (!refund.ok)
    return (
      <section
        className="mt-6 rounded-2xl border-2 border-clay bg-white p-5 shadow-sm"
        aria-labelledby="refund-heading"
      >
        <h2 id="refund-heading" className="text-xl font-bold">
          Refund order {label}
        </h2>
        <p className="mt-2" role="alert">
          {refund.message}
        </p>
      </section>
    );
  const money = (c: number) => formatMoney(c, refund.currency);
  const amount = money(refund.amount);
  const reasonError = fieldErrors?.reason;
  const lines = refund.lines.map((l) => `${l.quantity} × ${l.name}`).join(", ");
  const what =
    refund.mode === "lines"
      ? `${amount} for ${lines}`
      : refund.mode === "amount"
        ? `${amount} of the ${money(refund.total)} paid`
        : refund.refunded > 0
          ? `${amount}, the rest of the order (${money(refund.refunded)} was refunded before)`
          : `${amount}, the whole order`;
  return (
    <Form
      method="post"
      className="mt-6 space-y-3 rounded-2xl border-2 border-clay bg-white p-5 shadow-sm"
      aria-labelledby="refund-heading"
      data-testid="refund-confirmation"
    >
      <ErrorSummary errors={fieldErrors} fieldIds={{ reason: "refund-reason" }} />
      <h2 id="refund-heading" className="text-xl font-bold">
        Refund {amount} for order {label}?
      </h2>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          {what}, goes back{" "}
          {refund.card ? "to the card it was paid with" : "through the payment it was paid with"}.{" "}
          {refund.gst > 0
            ? `It includes GST of ${money(refund.gst)}.`
            : "It includes no GST (an export is zero-rated)."}
        </li>
        <li>
          {refund.whole
            ? "The order becomes refunded."
            : `The order stays as it is, part refunded ${money(refund.refunded + refund.amount)} of ${money(refund.total)}.`}
        </li>
        <li>
          {refund.stockBack > 0
            ? `${refund.stockBack} ${refund.stockBack === 1 ? "item goes" : "items go"} back on the shelf (the order never left us).`
            : refund.mode === "amount" && !refund.whole
              ? "No stock comes back: an amount is money only."
              : "No stock comes back: the goods have left us."}
        </li>
        <li>
          {refund.email} gets an e-mail saying{" "}
          {refund.whole && refund.refunded === 0
            ? "the order is refunded"
            : `${amount} is refunded${refund.lines.length && refund.mode === "lines" ? ` for ${lines}` : ""}`}
          .
        </li>
        <li>Your name, the amount and the reason are kept in the order&rsquo;s notes.</li>
      </ul>
      {error && !reasonError ? (
        <p role="alert" id="refund-error" className="font-semibold text-clay-dark">
          {error}
        </p>
      ) : null}
      <div>
        <label htmlFor="refund-reason" className="block text-sm font-semibold">
          Reason for the refund
        </label>
        <textarea
          id="refund-reason"
          name="reason"
          required
          maxLength={500}
          rows={2}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={error ? "refund-error" : undefined}
          className="mt-1 w-full rounded-lg border border-ink/20 px-3 py-2"
        />
        {reasonError ? (
          <p id="refund-error" className="mt-1 text-sm font-semibold text-clay-dark">
            {reasonError}
          </p>
        ) : null}
      </div>
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="mode" value={refund.mode} />
      {refund.mode === "amount" ? (
        <input type="hidden" name="dollars" value={(refund.amount / 100).toFixed(2)} />
      ) : null}
      {refund.mode === "lines"
        ? refund.lines.map((l) => (
            <input key={l.itemId} type="hidden" name={`qty-${l.itemId}`} value={l.quantity} />
          ))
        : null}
      <input type="hidden" name="amount" value={refund.amount} />
      <input type="hidden" name="requestKey" value={requestKey} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          Refund {amount}
        </button>
        <Link to="." className="btn-secondary">
          Keep the order
        </Link>
      </div>
    </Form>
  );
}

/**
 * What to refund: the whole order (what is left of it), units of some lines, or an amount in
 * dollars and cents. A GET form: it only works out the confirmation above, it refunds nothing.
 */
export function RefundChooser({
  choice,
  items,
  currency,
  error,
}: {
  choice: RefundChoice;
  items: OrderWithItems["items"];
  currency: string;
  error: string | null;
}) {
  const money = (c: number) => formatMoney(c, currency);
  const radio = (mode: "whole" | "lines" | "amount", text: string) => (
    <label className="flex min-h-11 items-center gap-2">
      <input
        type="radio"
        name="mode"
        value={mode}
        defaultChecked={(choice.mode ?? "whole") === mode}
        className="size-5"
      />
      {text}
    </label>
  );
  const refundable = items.filter((i) => i.quantity > i.refundedQuantity);
  return (
    <Form
      method="get"
      className="mt-6 space-y-3 rounded-2xl bg-white p-5 shadow-sm"
      aria-labelledby="refund-choose-heading"
      data-testid="refund-chooser"
    >
      <h2 id="refund-choose-heading" className="text-xl font-bold">
        What to refund
      </h2>
      {error ? (
        <p role="alert" id="refund-choice-error" className="font-semibold text-clay-dark">
          {error}
        </p>
      ) : null}
      <input type="hidden" name="refund" value="confirm" />
      <fieldset className="space-y-2">
        <legend className="sr-only">Refund</legend>
        {radio("whole", "The whole order (what is left of it)")}
        {refundable.length > 0 ? radio("lines", "Some lines") : null}
        {refundable.length > 0 ? (
          <ul className="ml-7 space-y-2">
            {refundable.map((i) => (
              <li key={i.id} className="flex items-center gap-2">
                <input
                  id={`qty-${i.id}`}
                  name={`qty-${i.id}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={i.quantity - i.refundedQuantity}
                  defaultValue={String(choice.lines?.[i.id] ?? "")}
                  className="h-11 w-20 rounded-lg border border-ink/20 px-3"
                />
                <label htmlFor={`qty-${i.id}`}>
                  of {i.quantity - i.refundedQuantity} × {i.name} at {money(i.unitPrice)} each
                </label>
              </li>
            ))}
          </ul>
        ) : null}
        {radio("amount", "An amount")}
        <div className="ml-7">
          <label htmlFor="refund-dollars" className="block text-sm font-semibold">
            Amount to refund, in dollars and cents (like 12.50)
          </label>
          <input
            id="refund-dollars"
            name="dollars"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={choice.dollars ?? ""}
            aria-describedby={error ? "refund-choice-error" : undefined}
            className="mt-1 h-11 w-40 rounded-lg border border-ink/20 px-3"
          />
        </div>
      </fieldset>
      <button type="submit" className="btn-secondary" data-testid="refund-work-out">
        Work out the refund
      </button>
    </Form>
  );
}
