// /admin/waitlist (admins only): who is waiting where, the contacts, CSV export, erasure, and the
// launch notification for a region with its progress.
import { useEffect } from "react";
import { data, Form, Link, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { NZ_REGIONS } from "#app/lib/nz-regions.ts";
import { SendRunsTable, sendRunIsGoing } from "#app/components/send-runs-table.tsx";
import { paths } from "#app/lib/paths.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import {
  deleteContact,
  listContacts,
  readContactFilters,
  waitlistStats,
} from "#app/modules/waitlist/admin-waitlist.server.ts";
import {
  launchProgress,
  notifyRegionLaunch,
} from "#app/modules/waitlist/notify-region-launch.server.ts";
import type { Route } from "./+types/admin-waitlist";

export const meta = () => [
  { title: "Waitlist | Admin | Patch" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = readContactFilters(new URL(request.url).searchParams);
  const [stats, list, launches] = await Promise.all([
    waitlistStats(),
    listContacts(filters),
    launchProgress(),
  ]);
  return { filters, stats, list, launches };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const back = `/admin/waitlist${new URL(request.url).search}`;
  if (intent === "delete") {
    if (form.get("confirm") !== "yes")
      return data({ error: "Tick the box to confirm the deletion." }, { status: 400 });
    const ok = await deleteContact(String(form.get("id") ?? ""));
    throw await redirectWithToast(
      request,
      back,
      ok
        ? { type: "success", message: "Contact deleted, with their consent records and messages." }
        : { type: "error", message: "That contact was already gone." },
    );
  }
  if (intent === "launch") {
    if (form.get("confirm") !== "yes")
      return data({ error: "Tick the box to confirm the launch e-mails." }, { status: 400 });
    const region = String(form.get("region") ?? "");
    const result = await notifyRegionLaunch(region, admin.email);
    if (!result.ok) return data({ error: result.message }, { status: 400 });
    throw await redirectWithToast(request, `${paths.adminWaitlist}#launches`, {
      type: result.started ? "success" : "info",
      message: result.started
        ? `Launch e-mails for ${region} are on their way.`
        : `${region} was already notified: nothing more was sent.`,
    });
  }
  return data({ error: "Unknown action" }, { status: 400 });
}

const dateFormat = new Intl.DateTimeFormat("en-NZ", {
  dateStyle: "medium",
  timeZone: "Pacific/Auckland",
});

export default function AdminWaitlist({ loaderData, actionData }: Route.ComponentProps) {
  const { stats, list, launches, filters } = loaderData;
  const [params] = useSearchParams();
  const busy = useNavigation().state !== "idle";
  const revalidator = useRevalidator();
  // While a launch still has jobs to run, refresh its progress every few seconds. (Counting sent
  // messages alone never ends when someone unsubscribes or is deleted after the fan-out.)
  const sending = launches.some(sendRunIsGoing);
  useEffect(() => {
    if (!sending) return;
    const timer = window.setInterval(() => void revalidator.revalidate(), 4000);
    return () => window.clearInterval(timer);
  }, [sending, revalidator]);
  const maxRegion = Math.max(1, ...stats.regions.map((r) => r.total));
  const maxDay = Math.max(1, ...stats.days.map((d) => d.joined));
  const pageLink = (page: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(page));
    return `?${next}`;
  };
  const csvHref = `/admin/waitlist.csv?${new URLSearchParams([...params].filter(([k]) => k !== "page"))}`;

  return (
    <div className="container-page pt-28 pb-20 md:pt-36">
      <p className="text-sm">
        <Link to="/admin" className="underline">
          Admin
        </Link>{" "}
        / Waitlist
      </p>
      <h1 className="mt-2 text-4xl font-bold">Waitlist</h1>
      {actionData?.error && (
        <p role="alert" className="mt-4 rounded-xl bg-clay/10 px-4 py-3 font-medium text-clay-dark">
          {actionData.error}
        </p>
      )}
      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        {[
          ["People waiting", stats.total],
          ["Confirmed", stats.confirmed],
          ["Unsubscribed", stats.unsubscribed],
        ].map(([label, value]) => (
          <div key={label} className="rounded-2xl bg-white p-5 shadow-sm">
            <dt className="text-sm text-ink/75">{label}</dt>
            <dd className="font-serif text-3xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>

      <div className="mt-10 grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="by-region" className="rounded-2xl bg-white p-5 shadow-sm">
          <h2 id="by-region" className="text-xl font-bold">
            By region
          </h2>
          <table className="mt-4 w-full text-sm">
            <caption className="sr-only">Contacts by region, with how many confirmed</caption>
            <thead>
              <tr className="text-left text-ink/75">
                <th scope="col" className="py-1 font-medium">
                  Region
                </th>
                <th scope="col" className="w-1/2 py-1 font-medium">
                  Contacts
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Confirmed
                </th>
              </tr>
            </thead>
            <tbody>
              {stats.regions.map((r) => (
                <tr key={r.region}>
                  <th scope="row" className="py-1 pr-2 text-left font-normal">
                    {r.region}
                  </th>
                  <td className="py-1">
                    <div className="flex items-center gap-2">
                      <span
                        aria-hidden="true"
                        className="h-3 rounded-full bg-leaf"
                        style={{
                          width: `${(r.total / maxRegion) * 100}%`,
                          minWidth: r.total ? 4 : 0,
                        }}
                      />
                      <span>{r.total}</span>
                    </div>
                  </td>
                  <td className="py-1 text-right">{r.confirmed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section aria-labelledby="over-time" className="rounded-2xl bg-white p-5 shadow-sm">
          <h2 id="over-time" className="text-xl font-bold">
            Sign-ups, last 30 days
          </h2>
          <div className="mt-6 flex h-40 items-end gap-[2px]" aria-hidden="true">
            {stats.days.map((d) => (
              <div
                key={d.day}
                title={`${d.day}: ${d.joined}`}
                className="flex-1 rounded-t bg-sprout"
                style={{ height: `${(d.joined / maxDay) * 100}%`, minHeight: d.joined ? 3 : 1 }}
              />
            ))}
          </div>
          <p className="mt-2 flex justify-between text-xs text-ink/75" aria-hidden="true">
            <span>{stats.days[0]?.day}</span>
            <span>{stats.days[stats.days.length - 1]?.day}</span>
          </p>
          <table className="sr-only">
            <caption>Sign-ups per day</caption>
            <tbody>
              {stats.days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{d.day}</th>
                  <td>{d.joined}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>

      <section
        id="launches"
        aria-labelledby="launch-title"
        className="mt-10 rounded-2xl bg-white p-5 shadow-sm"
      >
        <h2 id="launch-title" className="text-xl font-bold">
          Launch notification
        </h2>
        <p className="mt-1 text-ink/80">
          One e-mail to every confirmed, still-subscribed contact in a region, once each.
        </p>
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="launch" />
          <label className="flex flex-col text-sm font-semibold">
            Region
            <select
              name="region"
              required
              defaultValue=""
              className="mt-1 min-h-11 rounded-xl border border-ink/20 px-3"
            >
              <option value="">Select your region</option>
              {NZ_REGIONS.map((r) => (
                <option key={r}>{r}</option>
              ))}
            </select>
          </label>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="confirm"
              value="yes"
              required
              className="h-5 w-5 accent-leaf"
            />
            I'm sure: this e-mails everyone waiting there
          </label>
          <button type="submit" disabled={busy} className="btn-primary">
            Send launch e-mails
          </button>
        </Form>
        {launches.length > 0 && (
          <SendRunsTable
            runs={launches.map((l) => ({ ...l, key: l.region, label: l.region }))}
            caption="Launches and their progress"
            firstColumn="Region"
            progressLabel={(l) => `${l.label} launch e-mails sent`}
          />
        )}
      </section>

      <section aria-labelledby="contacts-title" className="mt-10">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="contacts-title" className="text-xl font-bold">
            Contacts ({list.total})
          </h2>
          <a href={csvHref} className="btn-secondary" download>
            Export CSV
          </a>
        </div>
        <Form
          method="get"
          className="mt-4 grid gap-3 rounded-2xl bg-white p-4 shadow-sm sm:grid-cols-3 lg:grid-cols-6"
        >
          <label className="flex flex-col text-sm font-semibold lg:col-span-2">
            Search e-mail
            <input
              type="search"
              name="q"
              defaultValue={filters.q}
              className="mt-1 min-h-11 rounded-xl border border-ink/20 px-3"
            />
          </label>
          <FilterSelect
            label="Region"
            name="region"
            value={filters.region ?? ""}
            options={[["", "All"], ...NZ_REGIONS.map((r): [string, string] => [r, r])]}
          />
          <FilterSelect
            label="Source"
            name="source"
            value={filters.source ?? ""}
            options={[
              ["", "All"],
              ["waitlist_page", "waitlist_page"],
              ["waitlist_page_migrated", "waitlist_page_migrated"],
            ]}
          />
          <FilterSelect
            label="Confirmed"
            name="confirmed"
            value={filters.confirmed}
            options={YES_NO_ANY}
          />
          <FilterSelect
            label="Unsubscribed"
            name="unsubscribed"
            value={filters.unsubscribed}
            options={YES_NO_ANY}
          />
          <button type="submit" className="btn-primary sm:col-span-3 lg:col-span-6">
            Filter
          </button>
        </Form>
        {list.rows.length === 0 ? (
          <p className="mt-6">No contacts match.</p>
        ) : (
          <div className="mt-4 overflow-x-auto rounded-2xl bg-white shadow-sm">
            <table className="w-full min-w-[44rem] text-sm">
              <thead>
                <tr className="border-b border-ink/10 text-left text-ink/75">
                  <th scope="col" className="p-3 font-medium">
                    E-mail
                  </th>
                  <th scope="col" className="p-3 font-medium">
                    Region
                  </th>
                  <th scope="col" className="p-3 font-medium">
                    Plan
                  </th>
                  <th scope="col" className="p-3 font-medium">
                    Joined
                  </th>
                  <th scope="col" className="p-3 font-medium">
                    Status
                  </th>
                  <th scope="col" className="p-3 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.rows.map((c) => (
                  <tr key={c.id} className="border-b border-ink/5 align-top">
                    <td className="p-3 break-all">{c.email}</td>
                    <td className="p-3">{c.region}</td>
                    <td className="p-3">{c.plan ?? "–"}</td>
                    <td className="p-3">{dateFormat.format(new Date(c.timestamp))}</td>
                    <td className="p-3">
                      {c.unsubscribedAt
                        ? "Unsubscribed"
                        : c.confirmedAt
                          ? "Confirmed"
                          : "Not confirmed"}
                      {c.source === "waitlist_page_migrated" ? " · has account" : ""}
                      {c.surveyed ? " · surveyed" : ""}
                    </td>
                    <td className="p-3">
                      <details>
                        <summary className="cursor-pointer text-clay-dark underline">
                          Delete
                        </summary>
                        <Form method="post" className="mt-2 flex flex-col gap-2">
                          <input type="hidden" name="intent" value="delete" />
                          <input type="hidden" name="id" value={c.id} />
                          <label className="flex items-center gap-2">
                            <input
                              type="checkbox"
                              name="confirm"
                              value="yes"
                              required
                              className="h-5 w-5"
                            />
                            Delete {c.email} for good
                          </label>
                          <button type="submit" className="btn bg-clay-dark text-white">
                            Delete contact
                          </button>
                        </Form>
                      </details>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <nav aria-label="Pages" className="mt-4 flex items-center gap-3">
          {filters.page > 1 && (
            <Link to={pageLink(filters.page - 1)} className="btn-secondary">
              Previous
            </Link>
          )}
          <span>
            Page {filters.page} of {list.pages}
          </span>
          {filters.page < list.pages && (
            <Link to={pageLink(filters.page + 1)} className="btn-secondary">
              Next
            </Link>
          )}
        </nav>
      </section>
    </div>
  );
}

const YES_NO_ANY: [string, string][] = [
  ["any", "Any"],
  ["yes", "Yes"],
  ["no", "No"],
];

function FilterSelect({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value: string;
  options: [value: string, text: string][];
}) {
  return (
    <label className="flex flex-col text-sm font-semibold">
      {label}
      <select
        name={name}
        defaultValue={value}
        className="mt-1 min-h-11 rounded-xl border border-ink/20 px-2"
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
