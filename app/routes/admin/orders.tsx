// /admin/orders (admins only): every order, newest first, filtered by status and by kind (shop
// orders and subscription boxes told apart).
import { Form, Link, useRouteLoaderData } from "react-router";
import { DataTable, LIST_TABLE, TwoLines } from "#app/components/ui/data-table.tsx";
import { FilterSelect } from "#app/components/ui/options.tsx";
import { formatMoney } from "#app/lib/money.ts";
import { nzDateTime } from "#app/lib/nz-time.ts";
import { listOrders } from "#app/modules/orders/list-orders.server.ts";
import { ORDER_KIND_LABELS, STATUS_LABELS } from "#app/modules/orders/order-status.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import { adminPage } from "#app/components/admin/admin-page.ts";
import { requireAdminQuery } from "#app/modules/accounts/admin-query.server.ts";
import type { Route } from "./+types/orders";

export const { meta, handle } = adminPage("Orders");

export async function loader({ request }: Route.LoaderArgs) {
  const params = await requireAdminQuery(request);
  const status = params.get("status");
  const kind = params.get("kind");
  return { status, kind, orders: await listOrders(status, kind) };
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const currency = useRouteLoaderData<typeof rootLoader>("root")?.settings.currency ?? "USD";
  const { orders, status, kind } = loaderData;
  return (
    <>
      <h1 className="mt-2 text-4xl font-bold">Orders</h1>
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        <FilterSelect
          name="status"
          label="Status"
          defaultValue={status ?? ""}
          items={[["", "All"], ...Object.entries(STATUS_LABELS)]}
        />
        <FilterSelect
          name="kind"
          label="Kind"
          defaultValue={kind ?? ""}
          items={[["", "All"], ...Object.entries(ORDER_KIND_LABELS)]}
        />
        <button type="submit" className="btn-secondary">
          Filter
        </button>
      </Form>
      {orders.length === 0 ? (
        <p className="mt-6">No orders yet.</p>
      ) : (
        <div className="relative mt-6 overflow-x-auto rounded-2xl bg-white shadow-sm">
          <DataTable
            rows={orders}
            rowKey={(o) => o.id}
            columns={[
              {
                header: "Order",
                cell: (o) => (
                  <Link to={`/admin/orders/${o.id}`} className="font-semibold underline">
                    #{o.number}
                  </Link>
                ),
              },
              { header: "Placed", cell: (o) => nzDateTime(o.createdAt) },
              {
                header: "Customer",
                cell: (o) => <TwoLines main={o.name} sub={o.email} />,
              },
              { header: "Kind", cell: (o) => ORDER_KIND_LABELS[o.kind] },
              { header: "Status", cell: (o) => STATUS_LABELS[o.status] },
              {
                header: "Total",
                cell: (o) => formatMoney(o.total, o.currency || currency),
                th: "p-3 text-right",
                td: "p-3 text-right",
              },
            ]}
            classes={LIST_TABLE}
          />
        </div>
      )}
    </>
  );
}
