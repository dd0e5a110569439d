// /admin/orders/{id} (admins only): one order, the status changes open to it, and its notes (and
// its member's). A refund asks first (issue 40): "Refund…" opens `?refund=confirm`, which names
// the amount, the stock that comes back and who is e-mailed, and takes a reason.
import { randomUUID } from "node:crypto";
import { data, Form, Link, useNavigation } from "react-router";
import { respond } from "#app/lib/respond.server.ts";
import { NotesPanel } from "#app/modules/notes/notes-panel.tsx";
import { noteInput } from "#app/modules/notes/notes.schema.ts";
import { addNote, listNotes } from "#app/modules/notes/notes.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import { changeOrderStatus } from "#app/modules/orders/change-order-status.server.ts";
import { getOrder, orderNumber } from "#app/modules/orders/get-order.server.ts";
import { nextStatuses, STATUS_LABELS } from "#app/modules/orders/order-status.ts";
import {
  REFUND_MESSAGES,
  refundOrder,
  refundPreview,
} from "#app/modules/orders/refund-order.server.ts";
import { adminMeta, underList } from "./admin-page.ts";
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
  const asked = new URL(request.url).searchParams.get("refund") === "confirm";
  const refund = asked ? await refundPreview(order.id) : null;
  // Made for this page view: a note form or a refund sent twice acts once.
  return {
    order: { ...order, label: orderNumber(order) },
    notes,
    refund,
    requestKey: randomUUID(),
  };
}

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
      {
        noteError: added.ok ? null : added.message,
        error: null,
        trackingError: null,
        refundError: null,
      },
      { redirectTo: `/admin/orders/${params.id}` },
    );
  }
  if (form.get("intent") === "refund") {
    const refunded = await refundOrder(
      params.id,
      {
        amount: form.get("amount"),
        reason: form.get("reason") ?? "",
        requestKey: form.get("requestKey"),
      },
      admin.email,
    );
    if (!refunded.ok && refunded.code === "not-found") throw data(null, { status: 404 });
    if (!refunded.ok)
      return data(
        { refundError: refunded.message, error: null, trackingError: null, noteError: null },
        { status: refunded.code === "invalid" ? 400 : 409 },
      );
    throw await redirectWithToast(request, `/admin/orders/${params.id}`, {
      type: "success",
      message: REFUND_MESSAGES.done,
    });
  }
  // A refund is only made through its confirmation, which names the amount and asks why.
  if (form.get("status") === "refunded")
    return data(
      {
        error: "Refunds ask first: press Refund… to see the amount and give a reason.",
        trackingError: null,
        noteError: null,
        refundError: null,
      },
      { status: 400 },
    );
  const result = await changeOrderStatus(params.id, {
    status: form.get("status"),
    trackingNumber: form.get("trackingNumber") ?? "",
  });
  if (!result.ok && result.code === "not-found") throw data(null, { status: 404 });
  if (!result.ok)
    return data(
      {
        error: result.message,
        trackingError: result.fieldErrors?.trackingNumber ?? null,
        noteError: null,
        refundError: null,
      },
      { status: 200 },
    );
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
  return (
    <>
      <h1 className="mt-2 text-4xl font-bold">Order {order.label}</h1>
      <p className="mt-2 text-lg" data-testid="order-status">
        {STATUS_LABELS[order.status]}
        {order.trackingNumber ? ` · tracking ${order.trackingNumber}` : ""}
      </p>
      {order.paymentError ? <p className="mt-2 text-clay-dark">{order.paymentError}</p> : null}
      <section className="mt-6 rounded-2xl bg-white p-5 shadow-sm">
        <h2 className="text-xl font-bold">Items</h2>
        <ul className="mt-2 space-y-1">
          {order.items.map((i) => (
            <li key={i.id} className="flex justify-between">
              <span>
                {i.quantity} × {i.name}
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
          {actionData?.error && !actionData.trackingError ? (
            <p role="alert" className="text-clay-dark">
              {actionData.error}
            </p>
          ) : null}
          {next.includes("shipped") ? (
            <div>
              <label htmlFor="trackingNumber" className="block text-sm font-semibold">
                Tracking number (for Shipped)
              </label>
              <input
                id="trackingNumber"
                name="trackingNumber"
                aria-invalid={actionData?.trackingError ? true : undefined}
                aria-describedby={actionData?.trackingError ? "trackingNumber-error" : undefined}
                className="mt-1 h-11 w-full rounded-lg border border-ink/20 px-3"
              />
              {actionData?.trackingError ? (
                <p id="trackingNumber-error" role="alert" className="mt-1 text-sm text-clay-dark">
                  {actionData.trackingError}
                </p>
              ) : null}
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
          busy={busy}
        />
      ) : null}
      <NotesPanel
        notes={loaderData.notes}
        record={{ type: "order", id: order.id }}
        memberId={order.userId}
        requestKey={loaderData.requestKey}
        error={actionData?.noteError}
      />
    </>
  );
}

/** The question a refund asks first: how much, what else happens, and why. */
function RefundConfirmation({
  refund,
  label,
  requestKey,
  error,
  busy,
}: {
  refund: NonNullable<Route.ComponentProps["loaderData"]["refund"]>;
  label: string;
  requestKey: string;
  error?: string | null;
  busy: boolean;
}) {
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
  const amount = formatMoney(refund.amount, refund.currency);
  return (
    <Form
      method="post"
      className="mt-6 space-y-3 rounded-2xl border-2 border-clay bg-white p-5 shadow-sm"
      aria-labelledby="refund-heading"
      data-testid="refund-confirmation"
    >
      <h2 id="refund-heading" className="text-xl font-bold">
        Refund {amount} for order {label}?
      </h2>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          {amount}, the whole order, goes back{" "}
          {refund.card ? "to the card it was paid with" : "through the payment it was paid with"}.
        </li>
        <li>
          {refund.stockBack > 0
            ? `${refund.stockBack} ${refund.stockBack === 1 ? "item goes" : "items go"} back on the shelf (the order never left us).`
            : "No stock comes back: the goods have left us."}
        </li>
        <li>{refund.email} gets an e-mail saying the order is refunded.</li>
        <li>Your name, the amount and the reason are kept in the order&rsquo;s notes.</li>
      </ul>
      {error ? (
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
          aria-describedby={error ? "refund-error" : undefined}
          className="mt-1 w-full rounded-lg border border-ink/20 px-3 py-2"
        />
      </div>
      <input type="hidden" name="intent" value="refund" />
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
