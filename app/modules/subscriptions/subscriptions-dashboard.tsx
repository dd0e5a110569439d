// The figures at the top of /admin/subscriptions (issue 21): counts by status, monthly recurring
// revenue, churn over the last 30 days, the same by region, and new against cancelled for each of
// the last 12 months as a small inline SVG bar chart with the same numbers as a table beside it.
import { ScrollRegion } from "#app/components/ui/scroll-region.tsx";
import { DataTable, LIST_TABLE } from "#app/components/ui/data-table.tsx";
import { Stat } from "#app/components/ui/stat.tsx";
import { formatMoney } from "#app/lib/money.ts";
import type { SubscriptionDashboard } from "./get-subscription-dashboard.server.ts";

/** "Nov 2026" from "2026-11" (short = "Nov"). */
function monthName(month: string, short = false): string {
  return new Intl.DateTimeFormat("en-NZ", {
    timeZone: "UTC",
    month: short ? "short" : "long",
    ...(short ? {} : { year: "numeric" }),
  }).format(new Date(`${month}-01T00:00:00Z`));
}

function money(mrr: SubscriptionDashboard["mrr"]): string {
  return mrr.length === 0
    ? formatMoney(0)
    : mrr.map((m) => formatMoney(m.amount, m.currency)).join(" + ");
}

function percent(rate: number | null): string {
  return rate === null ? "None" : `${(rate * 100).toFixed(1)}%`;
}

export function SubscriptionsDashboard({ dashboard: d }: { dashboard: SubscriptionDashboard }) {
  return (
    <section aria-labelledby="figures-heading" className="mt-6">
      <h2 id="figures-heading" className="text-2xl font-bold">
        Figures
      </h2>
      <dl
        className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        data-testid="subscription-figures"
      >
        <Stat title="Active" value={d.active} testId="active" />
        <Stat title="Paused" value={d.paused} testId="paused" />
        <Stat title="Past due" value={d.pastDue} testId="past-due" />
        <Stat
          title={`Cancelled, last ${d.windowDays} days`}
          value={d.cancelled30}
          testId="cancelled-30"
        />
        <Stat
          title="Monthly recurring revenue"
          value={money(d.mrr)}
          testId="mrr"
          note="The monthly prices of the active subscriptions, GST included."
        />
        <Stat
          title={`Churn, last ${d.windowDays} days`}
          value={percent(d.churn.rate)}
          testId="churn"
          note={`${d.churn.cancelled} cancelled of ${d.churn.runningAtStart} running (active, paused or past due) ${d.windowDays} days ago.`}
        />
      </dl>

      <h3 className="mt-8 text-xl font-bold">By region</h3>
      {d.regions.length === 0 ? (
        <p className="mt-2">No subscriptions in any region yet.</p>
      ) : (
        <ScrollRegion label="Subscriptions by region" margin="mt-3" card>
          <DataTable
            testId="by-region"
            caption="Subscriptions by region"
            rows={d.regions}
            rowKey={(r) => r.region}
            columns={[
              { header: "Region", cell: (r) => r.region, rowHeader: true, td: "p-3 font-normal" },
              { header: "Active", cell: (r) => r.active, ...FIGURE },
              { header: "Paused", cell: (r) => r.paused, ...FIGURE },
              { header: "Past due", cell: (r) => r.pastDue, ...FIGURE },
              { header: `Cancelled, ${d.windowDays} days`, cell: (r) => r.cancelled, ...FIGURE },
              {
                header: "Monthly revenue",
                cell: (r) => formatMoney(r.revenue, d.mrr[0]?.currency),
                ...FIGURE,
              },
            ]}
            classes={{ ...LIST_TABLE, caption: "sr-only", tbody: "tabular-nums" }}
          />
        </ScrollRegion>
      )}

      <h3 id="over-time-heading" className="mt-8 text-xl font-bold">
        New and cancelled, last 12 months
      </h3>
      <MonthsChart months={d.months} />
    </section>
  );
}

const CHART = { width: 640, height: 220, top: 16, bottom: 28, left: 32, right: 8 };

/** Two bars a month (new, cancelled); each bar names its month and count for screen readers. */
function MonthsChart({ months }: { months: SubscriptionDashboard["months"] }) {
  const most = Math.max(1, ...months.map((m) => Math.max(m.started, m.cancelled)));
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const slot = (CHART.width - CHART.left - CHART.right) / months.length;
  const bar = Math.min(18, slot / 2 - 4);
  const y = (n: number) => CHART.top + plotHeight - (n / most) * plotHeight;
  /** One bar up from the axis to its count, titled with its month and count. */
  const monthBar = (x: number, count: number, className: string, title: string) => (
    <rect x={x} y={y(count)} width={bar} height={y(0) - y(count)} className={className}>
      <title>{title}</title>
    </rect>
  );
  const summary = months
    .map((m) => `${monthName(m.month)}: ${m.started} new, ${m.cancelled} cancelled`)
    .join("; ");
  return (
    <figure className="mt-3 rounded-2xl bg-white p-4 shadow-sm">
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-labelledby="over-time-title over-time-desc"
        className="h-auto w-full"
        data-testid="months-chart"
      >
        <title id="over-time-title">New and cancelled subscriptions by month</title>
        <desc id="over-time-desc">{summary}</desc>
        <line
          x1={CHART.left}
          x2={CHART.width - CHART.right}
          y1={y(0)}
          y2={y(0)}
          className="stroke-ink/30"
        />
        <text x={CHART.left - 6} y={y(most) + 4} textAnchor="end" className="fill-ink text-[11px]">
          {most}
        </text>
        <text x={CHART.left - 6} y={y(0) + 4} textAnchor="end" className="fill-ink text-[11px]">
          0
        </text>
        {months.map((m, i) => {
          const x = CHART.left + i * slot + slot / 2;
          return (
            <g key={m.month}>
              {monthBar(
                x - bar - 1,
                m.started,
                "fill-leaf",
                `${monthName(m.month)}: ${m.started} new`,
              )}
              {monthBar(
                x + 1,
                m.cancelled,
                "fill-clay",
                `${monthName(m.month)}: ${m.cancelled} cancelled`,
              )}
              <text
                x={x}
                y={CHART.height - 10}
                textAnchor="middle"
                className="fill-ink text-[11px]"
              >
                {monthName(m.month, true)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm">
        <span>
          <span aria-hidden="true" className="mr-1 inline-block size-3 rounded-sm bg-leaf" />
          New (left bar)
        </span>
        <span>
          <span aria-hidden="true" className="mr-1 inline-block size-3 rounded-sm bg-clay" />
          Cancelled (right bar)
        </span>
      </figcaption>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-semibold">The same figures as a table</summary>
        <DataTable
          testId="months-table"
          caption="New and cancelled subscriptions by month"
          rows={months}
          rowKey={(m) => m.month}
          columns={[
            {
              header: "Month",
              cell: (m) => monthName(m.month),
              rowHeader: true,
              td: "p-2 font-normal",
            },
            { header: "New", cell: (m) => m.started, th: "p-2 text-right", td: "p-2 text-right" },
            {
              header: "Cancelled",
              cell: (m) => m.cancelled,
              th: "p-2 text-right",
              td: "p-2 text-right",
            },
          ]}
          classes={{
            table: "mt-2 w-full text-left",
            caption: "sr-only",
            headRow: "border-b border-ink/10",
            th: "p-2",
            tbody: "tabular-nums",
            row: "border-b border-ink/5",
          }}
        />
      </details>
    </figure>
  );
}

/** A figure's column: headed and set to the right. */
const FIGURE = { th: "p-3 text-right", td: "p-3 text-right" };
