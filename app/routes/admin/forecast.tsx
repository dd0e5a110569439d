// /admin/forecast (admins only, issue 40, ADR 074): the boxes due on every packing day of the
// next three months (charged, or still to be charged at their cutoff), with skips, pauses and
// unpaid boxes already taken out; one day's boxes by plan and zone and its items (`?day=`); the
// items by month, for the grower's order; and the CSV of every day's items at
// /admin/forecast.csv.
import { Form, Link } from "react-router";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { FilterSelect } from "#app/components/ui/options.tsx";
import { ScrollRegion } from "#app/components/ui/scroll-region.tsx";
import { CLIMATE_ZONES } from "#app/lib/climate-zones.ts";
import { formatBoxDate } from "#app/modules/subscriptions/box-dates.ts";
import {
  forecastByMonth,
  forecastWindow,
  getForecast,
} from "#app/modules/subscriptions/forecast.server.ts";
import { plans } from "#app/modules/subscriptions/plans.ts";
import { adminPage } from "./admin-page.ts";
import { requireAdminQuery } from "./admin-query.server.ts";
import type { Route } from "./+types/forecast";

export const { meta, handle } = adminPage("Forecast");

export async function loader({ request }: Route.LoaderArgs) {
  const params = await requireAdminQuery(request);
  const window = forecastWindow();
  const days = await getForecast(window);
  const asked = params.get("day");
  const chosen = days.find((d) => d.day === asked) ?? days.find((d) => d.boxes > 0) ?? days[0];
  return {
    window,
    days: days.map(({ items: _items, byPlanZone: _byPlanZone, warnings, ...d }) => ({
      ...d,
      label: formatBoxDate(d.day),
      holiday: warnings.length > 0,
    })),
    chosen: chosen ? { ...chosen, label: formatBoxDate(chosen.day) } : null,
    months: forecastByMonth(days),
  };
}

const TABLE = {
  table: "w-full rounded-2xl bg-white text-left text-sm shadow-sm",
  caption: "sr-only",
  headRow: "border-b border-ink/15 text-ink/70",
  th: "p-3",
  row: "border-b border-ink/10 last:border-0",
  td: "p-3",
  empty: "p-3 text-ink/70",
};
const NUMBER = { th: "p-3 text-right", td: "p-3 text-right tabular-nums" };

export default function AdminForecast({ loaderData }: Route.ComponentProps) {
  const { days, chosen, months, window } = loaderData;
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
          classes={TABLE}
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
            { header: "Boxes due", ...NUMBER, cell: (d) => d.boxes },
            { header: "Charged", ...NUMBER, cell: (d) => d.charged },
            { header: "To charge", ...NUMBER, cell: (d) => d.toCharge },
            { header: "Skipped", ...NUMBER, cell: (d) => d.skipped },
            { header: "Paused", ...NUMBER, cell: (d) => d.paused },
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
              classes={{ ...TABLE, caption: "p-3 text-left font-semibold" }}
              columns={[
                { header: "Plan", cell: (r) => planSize(r.plan) },
                { header: "Climate zone", cell: (r) => zoneName(r.zone) },
                { header: "Boxes", ...NUMBER, cell: (r) => r.count },
              ]}
            />
            <DataTable
              caption="Items to have on hand"
              testId="forecast-items"
              rows={chosen.items}
              rowKey={(i) => i.itemId}
              empty="Nothing to pack."
              classes={{ ...TABLE, caption: "p-3 text-left font-semibold" }}
              columns={[
                { header: "Item", cell: (i) => i.name },
                { header: "Kind", cell: (i) => i.kind },
                { header: "Quantity", ...NUMBER, cell: (i) => i.quantity },
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
            classes={{ ...TABLE, caption: "p-3 text-left font-semibold" }}
            columns={[
              { header: "Item", cell: (i) => i.name },
              { header: "Quantity", ...NUMBER, cell: (i) => i.quantity },
            ]}
          />
        ))}
      </div>
    </>
  );
}
