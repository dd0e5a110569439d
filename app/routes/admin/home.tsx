// /admin (admins only): the work queue first (issue 40: what must be done today and this week,
// each a count linking to the list that shows it, under the coming packing day's boxes against
// its capacity), then this week's figures against last week's (orders, revenue, waitlist
// sign-ups by region, low stock), the running totals, and a link to each admin area. Above them,
// when there are any, the jobs that used up their retries this week, each to retry or dismiss.
import { Form, Link } from "react-router";
import {
  actOnExhaustedJob,
  exhaustedJobs,
  EXHAUSTED_JOB_DAYS,
} from "#app/flows/exhausted-jobs.server.ts";
import { respond } from "#app/lib/respond.server.ts";
import { getWeeklyFigures } from "#app/flows/get-weekly-figures.server.ts";
import {
  getWorkQueue,
  type CapacityLine,
  type WorkItem,
} from "#app/flows/get-work-queue.server.ts";
import { formatMoney } from "#app/lib/money.ts";
import { paths } from "#app/lib/paths.ts";
import { getAdminOverview } from "#app/modules/accounts/get-admin-overview.server.ts";
import { formatDate } from "#app/modules/guidance/new-zealand-date.ts";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import { adminMeta } from "#app/components/admin/admin-page.ts";
import { ADMIN_AREAS as areas } from "#app/components/admin/admin-areas.ts";
import { Stat } from "#app/components/ui/stat.tsx";
import type { Route } from "./+types/home";

export const meta = () => adminMeta();

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const [overview, week, failedJobs, work] = await Promise.all([
    getAdminOverview(),
    getWeeklyFigures(),
    exhaustedJobs(),
    getWorkQueue(),
  ]);
  return {
    email: user.email,
    ...overview,
    week,
    work,
    failedJobs,
    failedJobDays: EXHAUSTED_JOB_DAYS,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const input = Object.fromEntries(await request.formData());
  const outcome = await actOnExhaustedJob(input, admin);
  return respond(
    request,
    outcome,
    { error: outcome.ok ? null : outcome.message },
    { redirectTo: paths.admin },
  );
}

/** When a job failed, on New Zealand's clock. */
function failedWhen(at: Date | string): string {
  return new Date(at).toLocaleString("en-NZ", {
    timeZone: "Pacific/Auckland",
    dateStyle: "medium",
    timeStyle: "short",
  });
}

/** "3 more than last week", "the same as last week", in words (no arrow or colour alone). */
function againstLastWeek(now: number, before: number, show: (n: number) => string = String) {
  if (now === before) return "The same as last week";
  const more = now > before;
  return `${show(Math.abs(now - before))} ${more ? "more" : "less"} than last week (${show(before)})`;
}

export default function AdminHome({ loaderData, actionData }: Route.ComponentProps) {
  const { week, failedJobs } = loaderData;
  return (
    <>
      <h1 className="text-4xl font-bold">Admin</h1>
      <p className="mt-2 text-ink/70">Signed in as {loaderData.email}</p>
      {actionData?.error ? (
        <p role="alert" className="mt-3 font-semibold text-clay-dark">
          {actionData.error}
        </p>
      ) : null}
      <WorkQueue items={loaderData.work.items} capacity={loaderData.work.capacity} />
      {failedJobs.length > 0 ? (
        <section
          className="mt-6 rounded-3xl border-2 border-clay bg-white p-6"
          aria-labelledby="failed-jobs"
          data-testid="failed-jobs"
        >
          <h2 id="failed-jobs" className="text-2xl font-bold">
            {failedJobs.length === 1
              ? "1 job failed and won't be tried again"
              : `${failedJobs.length} jobs failed and won't be tried again`}
          </h2>
          <p className="mt-1 text-sm text-ink/70">
            In the last {loaderData.failedJobDays} days, after every retry. Retry one once its cause
            is fixed, or dismiss it.
          </p>
          <ul className="mt-4 space-y-3">
            {failedJobs.map((j) => (
              <li key={j.id} className="flex flex-wrap items-center justify-between gap-3">
                <div className="[overflow-wrap:anywhere]">
                  <p className="font-semibold">{j.queue}</p>
                  <p className="text-sm text-ink/70">
                    Failed {failedWhen(j.failedAt)} after {j.attempts}{" "}
                    {j.attempts === 1 ? "try" : "tries"}. Job {j.id}
                    {j.error ? `: ${j.error}` : ""}
                  </p>
                </div>
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="queue" value={j.queue} />
                  <input type="hidden" name="jobId" value={j.id} />
                  <button type="submit" name="intent" value="retry-job" className="btn-secondary">
                    Retry
                  </button>
                  <button type="submit" name="intent" value="dismiss-job" className="btn-secondary">
                    Dismiss
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <h2 className="mt-8 text-2xl font-bold">This week</h2>
      <p className="mt-1 text-sm text-ink/70">
        Since Monday {formatDate(week.weekOf)}, New Zealand time. Orders and revenue count paid
        orders, less any cancelled or refunded. Gift sales count gifts paid, less any refunded; a
        redeemed gift&rsquo;s boxes are counted in revenue as they go.
      </p>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="weekly-figures">
        <Stat
          title="Orders"
          value={week.orders.thisWeek}
          testId="orders-this-week"
          note={againstLastWeek(week.orders.thisWeek, week.orders.lastWeek)}
        />
        <Stat
          title="Revenue"
          value={formatMoney(week.revenue.thisWeek)}
          testId="revenue-this-week"
          note={againstLastWeek(week.revenue.thisWeek, week.revenue.lastWeek, (c) =>
            formatMoney(c),
          )}
        />
        <Stat
          title="Gift sales"
          value={formatMoney(week.gifts.thisWeek)}
          testId="gift-sales-this-week"
          note={`${week.gifts.countThisWeek === 1 ? "1 gift" : `${week.gifts.countThisWeek} gifts`}. ${againstLastWeek(
            week.gifts.thisWeek,
            week.gifts.lastWeek,
            (c) => formatMoney(c),
          )}`}
        />
        <Stat
          title="Waitlist sign-ups"
          value={week.waitlist.thisWeek}
          testId="waitlist-this-week"
          note={againstLastWeek(week.waitlist.thisWeek, week.waitlist.lastWeek)}
        >
          {week.waitlist.topRegions.length ? (
            <dd className="mt-3">
              <p className="text-sm font-semibold">Top regions</p>
              <ol className="mt-1 text-sm" data-testid="top-regions">
                {week.waitlist.topRegions.map((r) => (
                  <li key={r.region} className="flex justify-between gap-2">
                    <span>{r.region}</span>
                    <span className="tabular-nums">{r.signUps}</span>
                  </li>
                ))}
              </ol>
            </dd>
          ) : null}
        </Stat>
        <Stat
          title="Low stock"
          value={week.lowStock}
          testId="low-stock"
          note={
            week.lowStock === 0 ? (
              "Every product on sale has more than a few left."
            ) : (
              <Link to={`${paths.adminProducts}?show=low-stock`} className="underline">
                {week.lowStock === 1 ? "See the product" : `See the ${week.lowStock} products`}
              </Link>
            )
          }
        />
      </dl>
      <h2 className="mt-10 text-2xl font-bold">So far</h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <Stat title="Waitlist size" value={loaderData.waitlistSize} testId="waitlist-size" />
        <Stat title="Accounts" value={loaderData.accounts} />
      </dl>
      <h2 className="mt-10 text-2xl font-bold">Admin areas</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {areas.map((a) => (
          <li key={a.to} className="rounded-3xl bg-white p-6 shadow-sm">
            <h3 className="text-xl font-bold">
              <Link to={a.to} className="underline-offset-4 hover:underline">
                {a.title}
              </Link>
            </h3>
            <p className="mt-1 text-sm text-ink/70">{a.text}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Today's work: the lines with something waiting as cards, the rest named in one sentence. */
function WorkQueue({ items, capacity }: { items: WorkItem[]; capacity: CapacityLine }) {
  const waiting = items.filter((i) => i.count > 0);
  const clear = items.filter((i) => i.count === 0);
  return (
    <section className="mt-6" aria-labelledby="work-queue" data-testid="work-queue">
      <h2 id="work-queue" className="text-2xl font-bold">
        To do today and this week
      </h2>
      <CapacityNote line={capacity} />
      {waiting.length === 0 ? (
        <p className="mt-2 text-ink/75">Nothing is waiting: every queue below is clear.</p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {waiting.map((i) => (
            <li key={i.id} data-testid={`work-${i.id}`}>
              <Link
                to={i.to}
                className="block h-full rounded-2xl border-2 border-leaf/30 bg-white p-4 shadow-sm hover:border-leaf focus-visible:border-leaf"
              >
                <span className="block text-lg font-bold">
                  <span className="tabular-nums">{i.count}</span> {i.title}
                </span>
                <span className="mt-1 block text-sm text-ink/75">{i.detail}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {clear.length > 0 && waiting.length > 0 ? (
        <p className="mt-3 text-sm text-ink/75" data-testid="work-clear">
          Nothing waiting:{" "}
          {clear.map((i, n) => (
            <span key={i.id}>
              {n > 0 ? ", " : ""}
              <Link to={i.to} className="underline">
                {i.title.replace(/^(a |an )/, "")}
              </Link>
            </span>
          ))}
          .
        </p>
      ) : null}
    </section>
  );
}

/** The coming packing day's boxes against its capacity: a warning when nearly full or over. */
function CapacityNote({ line }: { line: CapacityLine }) {
  const warn = line.level !== "room";
  return (
    <p
      data-testid="work-capacity"
      data-level={line.level}
      className={
        warn
          ? "mt-3 rounded-2xl border-2 border-clay bg-white p-4 font-semibold"
          : "mt-3 text-ink/75"
      }
    >
      {warn ? <span className="text-clay-dark">Warning: </span> : null}
      {line.text}{" "}
      <Link to={line.to} className="font-semibold text-leaf-dark underline">
        See the forecast and capacity
      </Link>
    </p>
  );
}

/** One figure on the dashboard: what it counts, the number, and a note or more below it. */
