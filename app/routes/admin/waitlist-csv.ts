// /admin/waitlist.csv: the filtered contacts as a spreadsheet-friendly CSV (admins only; 403 else).
import { adminOrStatus } from "#app/modules/accounts/require-user.server.ts";
import {
  exportContactsCsv,
  readContactFilters,
} from "#app/modules/waitlist/admin-waitlist.server.ts";
import type { Route } from "./+types/waitlist-csv";

export async function loader({ request }: Route.LoaderArgs) {
  const access = await adminOrStatus(request);
  if (access.status)
    return new Response(access.status === 401 ? "Sign in first." : "Admins only.", {
      status: access.status,
    });
  const csv = await exportContactsCsv(readContactFilters(new URL(request.url).searchParams));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="patch-waitlist-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
