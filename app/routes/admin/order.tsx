// /admin/orders/{id} (admins only): one order, the status changes open to it, and its notes (and
// its member's).
import { randomUUID } from "node:crypto";
import { data, Form, useNavigation } from "react-router";
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
  // Made for this page view: a note form sent twice adds one note.
  return { order: { ...order, label: orderNumber(order) }, notes, requestKey: randomUUID() };
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
      { noteError: added.ok ? null : added.message, error: null, trackingError: null },
      { redirectTo: `/admin/orders/${params.id}` },
    );
  }
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
  const next = nextStatuses(order.status);
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
      {next.length > 0 ? (
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
                className={s === "cancelled" || s === "refunded" ? "btn-secondary" : "btn-primary"}
              >
                Mark {STATUS_LABELS[s].toLowerCase()}
              </button>
            ))}
          </div>
          <p className="text-sm text-ink/75">
            Shipped, cancelled and refunded e-mail the customer. Cancelling (or refunding before it
            ships) puts the stock back.
          </p>
        </Form>
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
