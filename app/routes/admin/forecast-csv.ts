// /admin/forecast.csv: the next three months' packing days and the items each needs, for the
// grower's order (admins only; 403 else).
import {
  forecastCsv,
  forecastWindow,
  getForecast,
} from "#app/modules/subscriptions/forecast.server.ts";
import { adminFileLoader, csvDownload } from "#app/modules/accounts/admin-query.server.ts";

export const loader = adminFileLoader(async () => {
  const window = forecastWindow();
  return csvDownload(
    forecastCsv(await getForecast(window)),
    `patch-forecast-${window.from}-to-${window.to}.csv`,
  );
});
