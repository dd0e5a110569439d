// A form that buys boxes (/subscribe and the gift form): the form itself (its fields beside the
// summary on a wide screen, the page's key so a retried submit buys once), and the summary: what
// is bought, free shipping and the total with its GST, read out as it changes; what the form adds
// below it; the submit button (its words for the card step and while it posts); and a note on what
// is charged.
import type { ReactNode } from "react";
import { Form } from "react-router";
import { TitledSection } from "#app/components/ui/titled-section.tsx";
import { gstIncluded } from "#app/lib/gst.ts";

export function BoxOrderForm({
  idempotencyKey,
  children,
}: {
  idempotencyKey: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start"
      noValidate
    >
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {children}
    </Form>
  );
}

export function BoxOrderSummary({
  id,
  title,
  item,
  total,
  gstTestId,
  money,
  children,
  payments,
  submitting,
  submit,
  note,
}: {
  /** The heading's id, which names the summary. */
  id: string;
  title: string;
  /** What is bought, and its price as shown. */
  item: { label: string; price: string };
  /** The total's words, amount and test id. */
  total: { label: string; cents: number; testId: string };
  gstTestId?: string;
  money: (cents: number) => string;
  /** More of the summary, under the GST. */
  children?: ReactNode;
  payments: "demo" | "stripe" | "none";
  submitting: boolean;
  /** The button's words: at rest, and while the form posts. */
  submit: { label: string; busy: string };
  note: ReactNode;
}) {
  return (
    <TitledSection
      as="aside"
      id={id}
      title={title}
      className="rounded-2xl bg-white p-5 shadow-sm lg:sticky lg:top-28"
      titleClassName="text-xl font-bold"
    >
      <div aria-live="polite">
        <dl className="mt-3 flex flex-col gap-2">
          <div className="flex flex-wrap justify-between gap-x-4">
            <dt>{item.label}</dt>
            <dd className="ml-auto font-semibold">{item.price}</dd>
          </div>
          <div className="flex flex-wrap justify-between gap-x-4">
            <dt>Shipping</dt>
            <dd className="ml-auto font-semibold">Free</dd>
          </div>
          <div className="flex flex-wrap justify-between gap-x-4 border-t border-ink/10 pt-2 text-lg">
            <dt className="font-bold">{total.label}</dt>
            <dd className="ml-auto font-bold" data-testid={total.testId}>
              {money(total.cents)}
            </dd>
          </div>
        </dl>
        <p className="mt-1 text-sm text-ink/75" data-testid={gstTestId}>
          Includes GST of {money(gstIncluded(total.cents))}
        </p>
        {children}
      </div>
      <button
        type="submit"
        className="btn-primary mt-5 w-full"
        disabled={submitting || payments === "none"}
      >
        {submitting ? submit.busy : payments === "stripe" ? "Continue to card" : submit.label}
      </button>
      <p className="mt-3 text-sm text-ink/70">{note}</p>
    </TitledSection>
  );
}
