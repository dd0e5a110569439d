// /admin/waitlist.csv: the filtered contacts as a spreadsheet-friendly CSV (admins only; 403 else).
import {
  exportContactsCsv,
  readContactFilters,
} from "#app/modules/waitlist/admin-waitlist.server.ts";
import { adminFileLoader, csvDownload } from "#app/modules/accounts/admin-query.server.ts";

export const loader = adminFileLoader(async (query) => {
  const day = new Date().toISOString().slice(0, 10);
  return csvDownload(
    await exportContactsCsv(readContactFilters(query)),
    `patch-waitlist-${day}.csv`,
  );
});
