// GET /admin/stats: the admin home's numbers as JSON (the totals and this week's figures). A data
// endpoint answers 401 or 403 instead of redirecting like the pages do.
import { data } from "react-router";
import { getWeeklyFigures } from "#app/flows/get-weekly-figures.server.ts";
import { getAdminOverview } from "#app/modules/accounts/get-admin-overview.server.ts";
import { adminOrStatus } from "#app/modules/accounts/require-user.server.ts";
import type { Route } from "./+types/stats";

export async function loader({ request }: Route.LoaderArgs) {
  const access = await adminOrStatus(request);
  const headers = { "Cache-Control": "no-store" };
  if (access.status === 401) {
    return data({ error: "Please sign in." }, { status: 401, headers });
  }
  if (access.status === 403) {
    return data(
      { error: "You don't have permission to access this page" },
      { status: 403, headers },
    );
  }
  const [overview, week] = await Promise.all([getAdminOverview(), getWeeklyFigures()]);
  return data({ ...overview, week }, { headers });
}
