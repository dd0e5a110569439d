// /admin/orders/{id} (admins only): one order, the status changes open to it, and its notes (and
// its member's). A refund asks first (issue 40): "Refund…" opens `?refund=confirm`, which names
// the amount, the stock that comes back and who is e-mailed, and takes a reason. What is refunded
// is chosen there (ADR 078): the whole order, units of some lines, or an amount; the chooser is a
// GET form on the same page, so the confirmation always names the exact amount before it is made.
import { randomUUID } from "node:crypto";
import { data, Form, Link, useNavigation } from "react-router";
import { FormProblems } from "#app/components/ui/form-problems.tsx";
import { FilterSelect } from "#app/components/ui/options.tsx";
import { respond } from "#app/lib/respond.server.ts";
import { NotesPanel } from "#app/modules/notes/notes-panel.tsx";
import { noteInput } from "#app/modules/notes/notes.schema.ts";
import { addNote, listNotes } from "#app/modules/notes/notes.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import { changeOrderStatus } from "#app/modules/orders/change-order-status.server.ts";
import { COURIER_TRACKING, trackingLink } from "#app/modules/orders/couriers.ts";
import { getOrder, orderNumber } from "#app/modules/orders/get-order.server.ts";
import { nextStatuses, STATUS_LABELS } from "#app/modules/orders/order-status.ts";
import {
  REFUND_MESSAGES,
  refundChoiceFrom,
  refundOrder,
  refundPreview,
} from "#app/modules/orders/refund-order.server.ts";
import { adminMeta, underList } from "#app/components/admin/admin-page.ts";
import { RefundChooser, RefundConfirmation } from "#app/modules/orders/admin-refund-forms.tsx";
import type { Route } from "./+types/order";

export const meta = () => adminMeta("Order");

export const handle = underList(
  "orders",
  (data: { order: { label: string } }) => data.order.label,
  {
    narrow: true,
  },
);

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const order = await getOrder(params.id);
  if (!order) throw data(null, { status: 404 });
  const notes = await listNotes([
    { type: "order", id: order.id },
    { type: "member", id: order.userId },
  ]);
  const query = new URL(request.url).searchParams;
  const asked = query.get("refund") === "confirm";
  const choice = refundChoiceFrom(query);
  const refund = asked ? await refundPreview(order.id, choice) : null;
  // Made for this page view: a note form or a refund sent twice acts once.
  return {
    order: { ...order, label: orderNumber(order), trackingUrl: trackingLink(order) },
    couriers: COURIER_TRACKING.map((c) => [c.id, c.name] as const),
    notes,
    refund,
    choice,
    requestKey: randomUUID(),
  };
}

/** The page's answer to one of its forms: the status change's (`error`), the refund's or the
 * note's refusal, and the fields it names (said in that form's error summary, issue 39). */
const answer = (
  said: { error?: string; refundError?: string; noteError?: string | null } & {
    fieldErrors?: Record<string, string>;
  },
) => ({
  error: said.error ?? null,
  refundError: said.refundError ?? null,
  noteError: said.noteError ?? null,
  fieldErrors: said.fieldErrors ?? null,
});

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  if (form.get("intent") === "note") {
    const order = await getOrder(params.id);
    if (!order) throw data(null, { status: 404 });
    const allowed = [`order:${order.id}`, ...(order.userId ? [`member:${order.userId}`] : [])];
    const added = await addNote(noteInput(form), admin.email, allowed);
    return respond(
      request,
      added,
      answer({
        noteError: added.ok ? null : added.message,
        fieldErrors: added.ok ? undefined : added.fieldErrors,
      }),
      { redirectTo: `/admin/orders/${params.id}` },
    );
  }
  if (form.get("intent") === "refund") {
    const refunded = await refundOrder(
      params.id,
      {
        ...refundChoiceFrom(form),
        amount: form.get("amount"),
        reason: form.get("reason") ?? "",
        requestKey: form.get("requestKey"),
      },
      admin.email,
    );
    if (!refunded.ok && refunded.code === "not-found") throw data(null, { status: 404 });
    if (!refunded.ok)
      return data(answer({ refundError: refunded.message, fieldErrors: refunded.fieldErrors }), {
        status: refunded.code === "invalid" ? 400 : 409,
      });
    throw await redirectWithToast(request, `/admin/orders/${params.id}`, {
      type: "success",
      message: refunded.message ?? REFUND_MESSAGES.done,
    });
  }
  // A refund is only made through its confirmation, which names the amount and asks why.
  if (form.get("status") === "refunded")
    return data(
      answer({ error: "Refunds ask first: press Refund… to see the amount and give a reason." }),
      { status: 400 },
    );
  const result = await changeOrderStatus(params.id, {
    status: form.get("status"),
    trackingNumber: form.get("trackingNumber") ?? "",
    courier: form.get("courier") ?? "",
  });
  if (!result.ok && result.code === "not-found") throw data(null, { status: 404 });
  if (!result.ok)
    return data(answer({ error: result.message, fieldErrors: result.fieldErrors }), {
      status: 200,
    });
  throw await redirectWithToast(request, `/admin/orders/${params.id}`, {
    type: "success",
    message: "Order updated",
  });
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  const money = (c: number) => formatMoney(c, order.currency);
  const next = nextStatuses(order.status).filter((s) => s !== "refunded");
  const refundable = nextStatuses(order.status).includes("refunded");
  const refund = loaderData.refund;
  const busy = useNavigation().state === "submitting";
  const a = order.address;
  const trackingError = actionData?.error ? actionData.fieldErrors?.trackingNumber : undefined;
  return (
    <>
      <h1 className="mt-2 text-4xl font-bold">Order {order.label}</h1>
      <p className="mt-2 text-lg" data-testid="order-status">
        {STATUS_LABELS[order.status]}
        {order.trackingNumber ? (
          <>
            {" · tracking "}
            {order.trackingUrl ? (
              <a href={order.trackingUrl} className="underline" rel="noreferrer" target="_blank">
                {order.trackingNumber}
              </a>
            ) : (
              order.trackingNumber
            )}
          </>
        ) : null}
        {order.refunded > 0 && order.status !== "refunded" ? (
          <span data-testid="order-part-refunded">
            {` · part refunded ${money(order.refunded)} of ${money(order.total)}`}
          </span>
        ) : null}
      </p>
      {order.paymentError ? <p className="mt-2 text-clay-dark">{order.paymentError}</p> : null}
      <section className="mt-6 rounded-2xl bg-white p-5 shadow-sm">
        <h2 className="text-xl font-bold">Items</h2>
        <ul className="mt-2 space-y-1">
          {order.items.map((i) => (
            <li key={i.id} className="flex justify-between">
              <span>
                {i.quantity} × {i.name}
                {i.refundedQuantity > 0 ? ` (${i.refundedQuantity} refunded)` : ""}
              </span>
              <span>{money(i.lineTotal)}</span>
            </li>
          ))}
        </ul>
        <p className="mt-3 border-t border-ink/10 pt-2 text-sm">
          Subtotal {money(order.subtotal)} · Shipping {money(order.shipping)} ·{" "}
          <strong>Total {money(order.total)}</strong> · Includes GST of {money(order.gst)}
        </p>
      </section>
      <section className="mt-6 rounded-2xl bg-white p-5 shadow-sm">
        <h2 className="text-xl font-bold">Customer</h2>
        <p className="mt-2">
          {order.name} · {order.email}
          {order.phone ? (
            <>
              {" · "}
              <a href={`tel:${order.phone}`} className="underline" data-testid="order-phone">
                {order.phone}
              </a>
            </>
          ) : null}
          <br />
          {[a.street, a.suburb, a.city, `${a.state} ${a.zip}`].filter(Boolean).join(", ")}
          {a.rural ? " (RD)" : ""} · {order.shippingMethod}
        </p>
      </section>
      {next.length > 0 || refundable ? (
        <Form method="post" className="mt-6 space-y-3 rounded-2xl bg-white p-5 shadow-sm">
          <h2 className="text-xl font-bold">Change status</h2>
          {actionData?.error ? (
            <FormProblems error={actionData.error} fieldErrors={actionData.fieldErrors} />
          ) : null}
          {next.includes("shipped") ? (
            <div>
              <label htmlFor="trackingNumber" className="block text-sm font-semibold">
                Tracking number (for Shipped)
              </label>
              <input
                id="trackingNumber"
                name="trackingNumber"
                aria-invalid={trackingError ? true : undefined}
                aria-describedby={trackingError ? "trackingNumber-error" : undefined}
                className="mt-1 h-11 w-full rounded-lg border border-ink/20 px-3"
              />
              {trackingError ? (
                <p id="trackingNumber-error" className="mt-1 text-sm text-clay-dark">
                  {trackingError}
                </p>
              ) : null}
              <div className="mt-3">
                <FilterSelect
                  name="courier"
                  label="Courier (its tracking link goes in the e-mail)"
                  defaultValue={loaderData.couriers[0]![0]}
                  items={[...loaderData.couriers, ["", "Another courier (no link)"] as const]}
                />
              </div>
            </div>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {next.map((s) => (
              <button
                key={s}
                type="submit"
                name="status"
                value={s}
                disabled={busy}
                className={s === "cancelled" ? "btn-secondary" : "btn-primary"}
              >
                Mark {STATUS_LABELS[s].toLowerCase()}
              </button>
            ))}
            {refundable ? (
              <Link to="?refund=confirm" className="btn-secondary" data-testid="refund-start">
                Refund…
              </Link>
            ) : null}
          </div>
          <p className="text-sm text-ink/75">
            Shipped, cancelled and refunded e-mail the customer. Cancelling (or refunding before it
            ships) puts the stock back.
          </p>
        </Form>
      ) : null}
      {refund ? (
        <RefundConfirmation
          refund={refund}
          label={order.label}
          requestKey={loaderData.requestKey}
          error={actionData?.refundError}
          fieldErrors={actionData?.refundError ? actionData.fieldErrors : null}
          busy={busy}
        />
      ) : null}
      {refund && (refund.ok || refund.mode) ? (
        <RefundChooser
          choice={loaderData.choice}
          items={order.items}
          currency={order.currency}
          error={refund.ok ? null : refund.message}
        />
      ) : null}
      <NotesPanel
        notes={loaderData.notes}
        record={{ type: "order", id: order.id }}
        memberId={order.userId}
        requestKey={loaderData.requestKey}
        error={actionData?.noteError}
        fieldErrors={actionData?.noteError ? actionData.fieldErrors : null}
      />
    </>
  );
}
