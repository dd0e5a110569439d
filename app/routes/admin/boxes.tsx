// /admin/boxes (admins only, issue 21): edit what each month's box holds by climate zone and plan,
// and pack the next packing day (warned of New Zealand's holidays on it and in its delivery week):
// counts by plan and zone, the pick list (printable, and as CSV at
// /admin/boxes/pick-list.csv) and every box's label. Printing the page prints the packing part.
import { data, Form, Link } from "react-router";
import { PackingDayForm } from "#app/components/admin/packing-day-form.tsx";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { FilterSelect } from "#app/components/ui/options.tsx";
import { CLIMATE_ZONES } from "#app/lib/climate-zones.ts";
import { MONTH_NAMES } from "#app/lib/month-names.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import {
  getBoxContents,
  getPackingList,
  nextPackingDay,
  packingDaySchema,
  readBoxSelection,
  saveBoxContents,
} from "#app/modules/subscriptions/admin-boxes.server.ts";
import { formatBoxDate } from "#app/modules/subscriptions/box-dates.ts";
import { plans } from "#app/modules/subscriptions/plans.ts";
import { adminPage } from "#app/components/admin/admin-page.ts";
import { requireAdminQuery } from "#app/modules/accounts/admin-query.server.ts";
import type { Route } from "./+types/boxes";

export const { meta, handle } = adminPage("Boxes");

/** Blank rows under the contents, for adding items. */
const NEW_ROWS = 3;

/** The packing day's tables (boxes by plan and zone, the pick list); counts stand on the right. */
const PACKING_TABLE = {
  table: "mt-2 text-left text-sm",
  th: "p-2",
  row: "border-t border-ink/5",
  td: "p-2",
};
const RIGHT = { th: "p-2 text-right", td: "p-2 text-right" };

export async function loader({ request }: Route.LoaderArgs) {
  const params = await requireAdminQuery(request);
  const day = packingDaySchema.safeParse(params.get("day"));
  const packingDay = day.success ? day.data : nextPackingDay();
  const [contents, packing] = await Promise.all([
    getBoxContents(readBoxSelection(params)),
    getPackingList(packingDay),
  ]);
  return { contents, packing, packingDayLabel: formatBoxDate(packingDay) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const ids = form.getAll("itemId").map(String);
  const quantities = form.getAll("quantity").map(String);
  const items = ids
    .map((itemId, i) => ({ itemId, quantity: quantities[i] ?? "1" }))
    .filter((row) => row.itemId !== "");
  const input = {
    month: form.get("month"),
    zone: form.get("zone"),
    plan: form.get("plan"),
    items,
  };
  const result = await saveBoxContents(input);
  if (!result.ok) return data({ error: result.message }, { status: 400 });
  const back = new URLSearchParams({
    month: String(input.month),
    zone: String(input.zone),
    plan: String(input.plan),
  });
  throw await redirectWithToast(request, `/admin/boxes?${back}`, {
    type: "success",
    message: result.message!,
  });
}

export default function AdminBoxes({ loaderData, actionData }: Route.ComponentProps) {
  const { contents, packing, packingDayLabel } = loaderData;
  const { selection, lines, items } = contents;
  const zoneName = (id: string) => CLIMATE_ZONES.find((z) => z.id === id)?.name ?? id;
  const planSize = (id: string) => plans.find((p) => p.id === id)?.size ?? id;
  const itemOptions = (
    <>
      <option value="">No item</option>
      {items.map((i) => (
        <option key={i.id} value={i.id}>
          {i.name} ({i.sizeClass.replace("-", " ")})
        </option>
      ))}
    </>
  );
  return (
    <>
      <h1 className="mt-2 text-4xl font-bold">Boxes</h1>

      <section aria-labelledby="contents-heading" className="mt-8 print:hidden">
        <h2 id="contents-heading" className="text-2xl font-bold">
          What goes in each box
        </h2>
        <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
          <FilterSelect
            name="month"
            label="Month"
            defaultValue={String(selection.month)}
            items={MONTH_NAMES.map((m, i) => [String(i + 1), m] as const)}
          />
          <FilterSelect
            name="zone"
            label="Climate zone"
            defaultValue={selection.zone}
            items={CLIMATE_ZONES.map((z) => [z.id, z.name] as const)}
          />
          <FilterSelect
            name="plan"
            label="Plan"
            defaultValue={selection.plan}
            items={plans.map((p) => [p.id, p.size] as const)}
          />
          <button type="submit" className="btn-secondary">
            Show
          </button>
        </Form>

        <Form
          method="post"
          className="mt-6 rounded-2xl bg-white p-4 shadow-sm"
          key={`${selection.month}-${selection.zone}-${selection.plan}`}
        >
          <input type="hidden" name="month" value={selection.month} />
          <input type="hidden" name="zone" value={selection.zone} />
          <input type="hidden" name="plan" value={selection.plan} />
          <h3 className="text-lg font-semibold">
            {MONTH_NAMES[selection.month - 1]}, {zoneName(selection.zone)},{" "}
            {planSize(selection.plan)}
          </h3>
          {actionData?.error ? (
            <p role="alert" className="mt-2 font-semibold text-red-800">
              {actionData.error}
            </p>
          ) : null}
          {lines.length === 0 ? <p className="mt-2">Nothing in this box yet.</p> : null}
          <table className="mt-3 w-full text-left text-sm">
            <thead>
              <tr>
                <th className="p-2">Item</th>
                <th className="w-28 p-2">Quantity</th>
              </tr>
            </thead>
            <tbody>
              {[...lines, ...Array.from({ length: NEW_ROWS }, () => null)].map((line, i) => (
                <tr key={line?.itemId ?? `new-${i}`} className="border-t border-ink/5">
                  <td className="p-2">
                    <label className="sr-only" htmlFor={`item-${i}`}>
                      Item {i + 1}
                    </label>
                    <select
                      id={`item-${i}`}
                      name="itemId"
                      defaultValue={line?.itemId ?? ""}
                      className="h-11 w-full rounded-lg border border-ink/20 bg-white px-2"
                    >
                      {itemOptions}
                    </select>
                  </td>
                  <td className="p-2">
                    <label className="sr-only" htmlFor={`quantity-${i}`}>
                      Quantity of item {i + 1}
                    </label>
                    <input
                      id={`quantity-${i}`}
                      name="quantity"
                      type="number"
                      min={1}
                      max={20}
                      defaultValue={line?.quantity ?? 1}
                      className="h-11 w-20 rounded-lg border border-ink/20 px-2"
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-sm text-ink/75">
            Choose “No item” to take an item out. Boxes already made keep what they had.
          </p>
          <button type="submit" className="btn-primary mt-4">
            Save contents
          </button>
        </Form>
      </section>

      <section aria-labelledby="packing-heading" className="mt-10">
        <h2 id="packing-heading" className="text-2xl font-bold">
          Packing for {packingDayLabel}
        </h2>
        <PackingDayForm day={packing.day} className="mt-4 print:hidden">
          <Link
            className="btn-secondary"
            to={`/admin/boxes/pick-list.csv?day=${packing.day}`}
            reloadDocument
          >
            Pick list as CSV
          </Link>
        </PackingDayForm>
        {packing.warnings.length > 0 ? (
          <div
            role="note"
            aria-label="Holidays"
            className="mt-4 rounded-xl border-2 border-amber-600 bg-amber-50 p-4"
          >
            <h3 className="font-semibold">New Zealand holidays for this run</h3>
            <ul className="mt-1 list-disc pl-5">
              {packing.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="mt-4">
          {packing.total === 0
            ? "No paid boxes to pack on this day."
            : `${packing.total} ${packing.total === 1 ? "box" : "boxes"} to pack.`}
        </p>
        {packing.total > 0 ? (
          <>
            <h3 className="mt-6 text-lg font-semibold">By plan and zone</h3>
            <DataTable
              rows={packing.counts}
              rowKey={(c) => `${c.plan}-${c.zone}`}
              columns={[
                { header: "Plan", cell: (c) => planSize(c.plan) },
                { header: "Climate zone", cell: (c) => zoneName(c.zone) },
                { header: "Boxes", cell: (c) => c.count, ...RIGHT },
              ]}
              classes={PACKING_TABLE}
            />
            <h3 className="mt-6 text-lg font-semibold">Pick list</h3>
            <DataTable
              rows={packing.pickList}
              rowKey={(i) => i.itemId}
              columns={[
                { header: "Item", cell: (i) => i.name },
                { header: "Quantity", cell: (i) => i.quantity, ...RIGHT },
              ]}
              classes={PACKING_TABLE}
            />
            <h3 className="mt-6 text-lg font-semibold">Labels</h3>
            <ul className="mt-2 grid gap-3 sm:grid-cols-2">
              {packing.labels.map((l) => (
                <li
                  key={l.boxId}
                  className="break-inside-avoid rounded-xl border border-ink/20 bg-white p-3"
                >
                  <p className="font-bold">{l.name}</p>
                  <address className="not-italic">
                    {l.address.map((line) => (
                      <span key={line} className="block">
                        {line}
                      </span>
                    ))}
                  </address>
                  <p className="mt-2 text-sm font-semibold">
                    {planSize(l.plan)} · {zoneName(l.zone)}
                  </p>
                  <p className="text-sm">{l.contents.join(", ")}</p>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </>
  );
}
