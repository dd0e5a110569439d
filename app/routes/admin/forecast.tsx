// /admin/forecast (admins only, issue 40, ADR 074): the boxes due on every packing day of the
// next three months (charged, or still to be charged at their cutoff), with skips, pauses and
// unpaid boxes already taken out; one day's boxes by plan and zone and its items (`?day=`); the
// items by month, for the grower's order; and the CSV of every day's items at
// /admin/forecast.csv. Each packing day's booked boxes against its capacity (ADR 077 addendum),
// and the chosen day's own capacity set by a form.
import { FormProblems } from "#app/components/ui/form-problems.tsx";
import { data, Form, Link, useNavigation } from "react-router";
import { CARD_TABLE, DataTable, FIGURE_COLUMN } from "#app/components/ui/data-table.tsx";
import { FilterSelect } from "#app/components/ui/options.tsx";
import { ScrollRegion } from "#app/components/ui/scroll-region.tsx";
import { CLIMATE_ZONES } from "#app/lib/climate-zones.ts";
import { formatBoxDate } from "#app/modules/subscriptions/box-dates.ts";
import {
  forecastByMonth,
  forecastWindow,
  getForecast,
} from "#app/modules/subscriptions/forecast.server.ts";
import { getStock } from "#app/modules/subscriptions/box-stock.server.ts";
import {
  packingDayLoads,
  setPackingDayCapacity,
} from "#app/modules/subscriptions/packing-capacity.server.ts";
import { plans } from "#app/modules/subscriptions/plans.ts";
import { adminPage } from "#app/components/admin/admin-page.ts";
import { requireAdminQuery } from "#app/modules/accounts/admin-query.server.ts";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import type { Route } from "./+types/forecast";

export const { meta, handle } = adminPage("Forecast");

export async function loader({ request }: Route.LoaderArgs) {
  const params = await requireAdminQuery(request);
  const window = forecastWindow();
  const days = await getForecast(window);
  // The box stock against these same days (ADR 077): which items run short on each.
  const [stock, loads] = await Promise.all([
    getStock(window, days),
    packingDayLoads(days.map((d) => d.day)),
  ]);
  const load = (day: string) => {
    const l = loads.get(day);
    return {
      booked: l?.booked ?? 0,
      capacity: l?.capacity ?? 0,
      left: l?.left ?? 0,
      own: !!l?.own,
    };
  };
  const shortOn = (day: string) =>
    stock.lines.flatMap((l) => {
      const d = l.days.find((x) => x.day === day);
      return d && d.shortBy > 0 ? [{ itemId: l.itemId, shortBy: d.shortBy, onHand: l.onHand }] : [];
    });
  const asked = params.get("day");
  const chosen = days.find((d) => d.day === asked) ?? days.find((d) => d.boxes > 0) ?? days[0];
  const chosenShort = chosen ? shortOn(chosen.day) : [];
  const onHand = new Map(stock.lines.map((l) => [l.itemId, l.onHand]));
  return {
    window,
    days: days.map(({ items: _items, byPlanZone: _byPlanZone, warnings, ...d }) => ({
      ...d,
      label: formatBoxDate(d.day),
      holiday: warnings.length > 0,
      short: shortOn(d.day).length,
      ...load(d.day),
    })),
    chosen: chosen
      ? {
          ...chosen,
          label: formatBoxDate(chosen.day),
          items: chosen.items.map((i) => ({
            ...i,
            onHand: onHand.get(i.itemId) ?? 0,
            shortBy: chosenShort.find((x) => x.itemId === i.itemId)?.shortBy ?? 0,
          })),
          short: chosenShort.length,
          ...load(chosen.day),
        }
      : null,
    months: forecastByMonth(days),
  };
}

/** An admin sets the chosen packing day's own capacity. */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const day = form.get("day");
  const result = await setPackingDayCapacity({ day, capacity: form.get("capacity") }, admin.email);
  // The form's one field: its message goes in the error summary and under it (issue 39).
  if (!result.ok)
    return data(
      { capacityError: result.message, fieldErrors: { capacity: result.message } },
      { status: 400 },
    );
  throw await redirectWithToast(request, `/admin/forecast?day=${result.day}`, {
    type: "success",
    message: result.message!,
  });
}

export default function AdminForecast({ loaderData, actionData }: Route.ComponentProps) {
  const { days, chosen, months, window } = loaderData;
  const busy = useNavigation().state === "submitting";
  const zoneName = (id: string) => CLIMATE_ZONES.find((z) => z.id === id)?.name ?? id;
  const planSize = (id: string) => plans.find((p) => p.id === id)?.size ?? id;
  return (
    <>
      <h1 className="mt-2 text-4xl font-bold">Forecast</h1>
      <p className="mt-2 max-w-prose text-ink/75">
        The boxes due on each packing day from {window.from} to {window.to}: those charged already
        and those to be charged at their cutoff. Skipped boxes, paused months and unpaid boxes are
        taken out; a box not made yet holds what this month&rsquo;s contents table gives its plan
        and climate zone.
      </p>
      <p className="mt-4">
        <a href="/admin/forecast.csv" className="btn-secondary" download>
          Download the grower&rsquo;s order (CSV)
        </a>
      </p>
      <h2 className="mt-8 text-2xl font-bold">Packing days</h2>
      <ScrollRegion label="Packing days" margin="mt-3">
        <DataTable
          caption="Boxes due on each packing day"
          testId="forecast-days"
          rows={days}
          rowKey={(d) => d.day}
          classes={CARD_TABLE}
          columns={[
            {
              header: "Packing day",
              rowHeader: true,
              cell: (d) => (
                <>
                  <Link to={`?day=${d.day}`} className="underline">
                    {d.label}
                  </Link>
                  {d.holiday ? (
                    <span className="block text-clay-dark">Holiday: see the day</span>
                  ) : null}
                </>
              ),
            },
            { header: "Boxes due", ...FIGURE_COLUMN, cell: (d) => d.boxes },
            {
              header: "Booked of capacity",
              ...FIGURE_COLUMN,
              cell: (d) => (
                <>
                  {d.booked} of {d.capacity}
                  {d.left === 0 ? (
                    <span className="block font-semibold text-clay-dark">Full</span>
                  ) : null}
                </>
              ),
            },
            { header: "Charged", ...FIGURE_COLUMN, cell: (d) => d.charged },
            { header: "To charge", ...FIGURE_COLUMN, cell: (d) => d.toCharge },
            { header: "Skipped", ...FIGURE_COLUMN, cell: (d) => d.skipped },
            { header: "Paused", ...FIGURE_COLUMN, cell: (d) => d.paused },
            {
              header: "Box stock",
              cell: (d) =>
                d.short > 0 ? (
                  <Link to="/admin/stock" className="font-semibold text-clay-dark underline">
                    {d.short} {d.short === 1 ? "item" : "items"} short
                  </Link>
                ) : (
                  "Enough"
                ),
            },
          ]}
        />
      </ScrollRegion>
      {chosen ? (
        <section aria-labelledby="day-heading" className="mt-8" data-testid="forecast-day">
          <h2 id="day-heading" className="text-2xl font-bold">
            {chosen.label}: {chosen.boxes} {chosen.boxes === 1 ? "box" : "boxes"}
          </h2>
          {chosen.warnings.length > 0 ? (
            <ul
              role="note"
              className="mt-3 space-y-1 rounded-2xl border-2 border-clay bg-white p-4"
            >
              {chosen.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          ) : null}
          {chosen.short > 0 ? (
            <p role="note" className="mt-3 rounded-2xl border-2 border-clay bg-white p-4">
              {chosen.short} {chosen.short === 1 ? "item runs" : "items run"} short by this day,
              counting the packing days before it.{" "}
              <Link to="/admin/stock" className="underline">
                Receive stock
              </Link>
            </p>
          ) : null}
          <p className="mt-3" data-testid="day-capacity">
            Booked {chosen.booked} of {chosen.capacity}{" "}
            {chosen.own ? "(this day's own capacity)" : "(the usual capacity)"}:{" "}
            {chosen.left === 0
              ? "full, so new subscriptions are offered another week."
              : `${chosen.left} ${chosen.left === 1 ? "place" : "places"} left.`}
          </p>
          <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
            <FormProblems fieldErrors={actionData?.fieldErrors} className="w-full" />
            <input type="hidden" name="day" value={chosen.day} />
            <div>
              <label htmlFor="capacity" className="block text-sm font-semibold">
                Capacity of {chosen.label}
              </label>
              <input
                id="capacity"
                name="capacity"
                type="number"
                inputMode="numeric"
                min={0}
                required
                defaultValue={chosen.capacity}
                aria-invalid={actionData?.capacityError ? true : undefined}
                aria-describedby={actionData?.capacityError ? "capacity-error" : undefined}
                className="mt-1 h-11 w-32 rounded-lg border border-ink/20 bg-white px-3"
              />
            </div>
            <button type="submit" className="btn-secondary" disabled={busy}>
              Set capacity
            </button>
            {actionData?.capacityError ? (
              <p id="capacity-error" className="w-full text-sm text-clay-dark">
                {actionData.capacityError}
              </p>
            ) : null}
          </Form>
          <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
            <FilterSelect
              name="day"
              label="Packing day"
              defaultValue={chosen.day}
              items={days.map((d) => [d.day, d.label] as const)}
            />
            <button type="submit" className="btn-secondary">
              Show the day
            </button>
          </Form>
          <div className="mt-4 grid gap-6 lg:grid-cols-2">
            <DataTable
              caption="Boxes by plan and climate zone"
              rows={chosen.byPlanZone}
              rowKey={(r) => `${r.plan}-${r.zone}`}
              empty="No boxes due."
              classes={{ ...CARD_TABLE, caption: "p-3 text-left font-semibold" }}
              columns={[
                { header: "Plan", cell: (r) => planSize(r.plan) },
                { header: "Climate zone", cell: (r) => zoneName(r.zone) },
                { header: "Boxes", ...FIGURE_COLUMN, cell: (r) => r.count },
              ]}
            />
            <DataTable
              caption="Items to have on hand"
              testId="forecast-items"
              rows={chosen.items}
              rowKey={(i) => i.itemId}
              empty="Nothing to pack."
              classes={{ ...CARD_TABLE, caption: "p-3 text-left font-semibold" }}
              columns={[
                { header: "Item", cell: (i) => i.name },
                { header: "Kind", cell: (i) => i.kind },
                { header: "Quantity", ...FIGURE_COLUMN, cell: (i) => i.quantity },
                { header: "On hand", ...FIGURE_COLUMN, cell: (i) => i.onHand },
                {
                  header: "Short by",
                  ...FIGURE_COLUMN,
                  cell: (i) =>
                    i.shortBy > 0 ? (
                      <span className="font-semibold text-clay-dark">{i.shortBy}</span>
                    ) : (
                      "–"
                    ),
                },
              ]}
            />
          </div>
        </section>
      ) : null}
      <h2 className="mt-10 text-2xl font-bold">By month</h2>
      <div className="mt-3 grid gap-6 lg:grid-cols-3">
        {months.map((m) => (
          <DataTable
            key={m.month}
            caption={`${m.month}: ${m.boxes} ${m.boxes === 1 ? "box" : "boxes"}`}
            rows={m.items}
            rowKey={(i) => i.itemId}
            empty="Nothing due."
            classes={{ ...CARD_TABLE, caption: "p-3 text-left font-semibold" }}
            columns={[
              { header: "Item", cell: (i) => i.name },
              { header: "Quantity", ...FIGURE_COLUMN, cell: (i) => i.quantity },
            ]}
          />
        ))}
      </div>
    </>
  );
}
