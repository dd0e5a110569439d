// /admin/waitlist's contacts: the filters, the CSV export of what they select, the table with a
// confirmed delete per contact, and the pages.
import { Form, Link, useSearchParams } from "react-router";
import { NZ_REGIONS } from "#app/lib/nz-regions.ts";
import type { ContactFilters, listContacts } from "./admin-waitlist.server.ts";

const dateFormat = new Intl.DateTimeFormat("en-NZ", {
  dateStyle: "medium",
  timeZone: "Pacific/Auckland",
});

export function WaitlistContacts({
  list,
  filters,
}: {
  list: Awaited<ReturnType<typeof listContacts>>;
  filters: ContactFilters;
}) {
  const [params] = useSearchParams();
  const pageLink = (page: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(page));
    return `?${next}`;
  };
  const csvHref = `/admin/waitlist.csv?${new URLSearchParams([...params].filter(([k]) => k !== "page"))}`;
  return (
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
        <div className="relative mt-4 overflow-x-auto rounded-2xl bg-white shadow-sm">
          <table className="w-full min-w-[44rem] text-sm">
            <thead>
              <tr className="border-b border-ink/10 text-left text-ink/75">
                {["E-mail", "Region", "Plan", "Joined", "Status"].map((heading) => (
                  <th key={heading} scope="col" className="p-3 font-medium">
                    {heading}
                  </th>
                ))}
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
                      <summary className="cursor-pointer text-clay-dark underline">Delete</summary>
                      <Form method="post" noValidate className="mt-2 flex flex-col gap-2">
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
