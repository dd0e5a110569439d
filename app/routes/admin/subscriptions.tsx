// /admin/subscriptions (admins only, issue 21): the subscriptions' figures (./subscriptions-
// dashboard.tsx), then every subscription found by the member's name or e-mail and filtered by
// status, plan and region (a GET form, so it works without JavaScript), 50 to a page, each row
// linking to its own page.
import { Link } from "react-router";
import { TwoLines } from "#app/components/ui/data-table.tsx";
import { FilterSelect } from "#app/components/ui/options.tsx";
import { formatMoney } from "#app/lib/money.ts";
import { NZ_REGIONS } from "#app/lib/nz-regions.ts";
import { paths } from "#app/lib/paths.ts";
import {
  readSubscriptionListQuery,
  SUBSCRIPTION_STATUS_LABELS,
} from "#app/modules/subscriptions/admin-subscriptions.schema.ts";
import { formatBoxDate } from "#app/modules/subscriptions/box-dates.ts";
import { getSubscriptionDashboard } from "#app/modules/subscriptions/get-subscription-dashboard.server.ts";
import { listSubscriptions } from "#app/modules/subscriptions/list-subscriptions.server.ts";
import { plans } from "#app/modules/subscriptions/plans.ts";
import { FoundList, ListSearch } from "#app/components/admin/list-parts.tsx";
import { adminPage } from "#app/components/admin/admin-page.ts";
import { requireAdminQuery } from "#app/modules/accounts/admin-query.server.ts";
import { SubscriptionsDashboard } from "#app/modules/subscriptions/subscriptions-dashboard.tsx";
import type { Route } from "./+types/subscriptions";

export const { meta, handle } = adminPage("Subscriptions");

export async function loader({ request }: Route.LoaderArgs) {
  const query = readSubscriptionListQuery(await requireAdminQuery(request));
  const [list, dashboard] = await Promise.all([
    listSubscriptions({ query }),
    getSubscriptionDashboard(),
  ]);
  return { query, list, dashboard };
}

export default function AdminSubscriptions({ loaderData }: Route.ComponentProps) {
  const { query, list, dashboard } = loaderData;
  const planSize = (id: string) => plans.find((p) => p.id === id)?.size ?? id;
  return (
    <>
      <h1 className="mt-2 text-4xl font-bold">Subscriptions</h1>
      <SubscriptionsDashboard dashboard={dashboard} />

      <h2 id="list-heading" className="mt-10 text-2xl font-bold">
        Find a subscription
      </h2>
      <ListSearch
        name="Find subscriptions"
        label="Member name or e-mail"
        placeholder="e.g. aroha@example.nz"
        defaultValue={query.q ?? ""}
        className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_auto_auto_auto_auto] lg:items-end"
      >
        <FilterSelect
          name="status"
          label="Status"
          defaultValue={query.status ?? ""}
          items={[["", "All"], ...Object.entries(SUBSCRIPTION_STATUS_LABELS)]}
        />
        <FilterSelect
          name="plan"
          label="Plan"
          defaultValue={query.plan ?? ""}
          items={[["", "All"], ...plans.map((p) => [p.id, p.size] as const)]}
        />
        <FilterSelect
          name="region"
          label="Region"
          defaultValue={query.region ?? ""}
          items={[["", "All"], ...NZ_REGIONS]}
        />
      </ListSearch>
      <FoundList
        list={list}
        words={["subscription", "subscriptions"]}
        query={query}
        keys={["q", "status", "plan", "region"]}
        allTo={paths.adminSubscriptions}
        none={{
          match: "No subscription matches. Try another name, e-mail or filter.",
          yet: "No subscriptions yet.",
        }}
        emptyTestId="no-subscriptions"
        caption="Subscriptions, newest first"
        columns={[
          {
            header: "Member",
            cell: (s) => (
              <TwoLines
                main={
                  <Link to={paths.adminSubscription(s.id)} className="font-semibold underline">
                    {s.name}
                  </Link>
                }
                sub={s.email}
              />
            ),
          },
          {
            header: "Plan",
            cell: (s) => (
              <TwoLines
                main={planSize(s.plan)}
                sub={`${formatMoney(s.price, s.currency)} a month`}
              />
            ),
          },
          { header: "Region", cell: (s) => s.region },
          { header: "Status", cell: (s) => SUBSCRIPTION_STATUS_LABELS[s.status] },
          { header: "Next box", cell: (s) => formatBoxDate(s.nextBoxOn) },
          {
            header: "Started",
            cell: (s) =>
              new Date(s.createdAt).toLocaleDateString("en-NZ", {
                timeZone: "Pacific/Auckland",
              }),
          },
        ]}
      />
    </>
  );
}
