// /admin/waitlist.csv: the filtered contacts as a spreadsheet-friendly CSV (admins only; 403 else).
import {
  exportContactsCsv,
  readContactFilters,
} from "#app/modules/waitlist/admin-waitlist.server.ts";
import { adminFileQuery, csvDownload } from "./admin-query.server.ts";
import type { Route } from "./+types/waitlist-csv";

export async function loader({ request }: Route.LoaderArgs) {
  const query = await adminFileQuery(request);
  if (query instanceof Response) return query;
  const day = new Date().toISOString().slice(0, 10);
  return csvDownload(
    await exportContactsCsv(readContactFilters(query)),
    `patch-waitlist-${day}.csv`,
  );
}
