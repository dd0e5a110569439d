// /profile/orders: the member's orders, newest first, with their status, total and tracking number,
// and the refunds on each (issue 40, ADR 078): each refund's amount, date and what it covered, and
// "Refunded US$x of US$y" in all.
import { Link } from "react-router";
import { formatMoney } from "#app/lib/money.ts";
import { requireUser } from "#app/modules/accounts/require-user.server.ts";
import { listCustomerOrders } from "#app/modules/orders/list-customer-orders.server.ts";
import type { Route } from "./+types/orders";
import { Section } from "#app/modules/accounts/profile/profile-ui.tsx";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { orders: await listCustomerOrders(user.email) };
}

const orderDate = new Intl.DateTimeFormat("en-NZ", {
  dateStyle: "medium",
  timeZone: "Pacific/Auckland",
});

export default function ProfileOrders({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <Section id="orders" title="Your orders">
      {orders.length === 0 ? (
        <p>
          No orders yet.{" "}
          <Link to="/products" className="text-leaf underline">
            Browse the shop
          </Link>
          .
        </p>
      ) : (
        <ul className="divide-y divide-ink/10" data-testid="profile-orders">
          {orders.map((o) => (
            <li key={o.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
              <span className="font-semibold">
                #{o.number}
                {o.kind === "subscription box" && (
                  <span className="font-normal text-ink/75"> · Subscription box</span>
                )}
              </span>
              <span className="text-ink/75">{orderDate.format(new Date(o.createdAt))}</span>
              <span className="capitalize">{o.status}</span>
              <span>{formatMoney(o.total, o.currency)}</span>
              {o.trackingNumber && (
                <span className="w-full text-sm text-ink/75">Tracking: {o.trackingNumber}</span>
              )}
              {o.refunded > 0 || o.refunds.length > 0 ? (
                <div className="w-full text-sm" data-testid={`order-refunds-${o.number}`}>
                  <p className="font-semibold">
                    Refunded {formatMoney(o.refunded, o.currency)} of{" "}
                    {formatMoney(o.total, o.currency)}
                  </p>
                  {o.refunds.length > 0 ? (
                    <ul className="mt-1 flex flex-col gap-1 text-ink/75">
                      {o.refunds.map((r) => (
                        <li key={r.id}>
                          {formatMoney(r.amount, o.currency)} on{" "}
                          {orderDate.format(new Date(r.createdAt))}: {r.covered}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
