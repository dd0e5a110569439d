// /admin/gst.csv?from=…&to=…: the GST report's orders and refunds as CSV (admins only; 403 else).
import { gstCsv, gstPeriodSchema } from "#app/modules/payments/gst-report.server.ts";
import { adminFileLoader, csvDownload } from "#app/modules/accounts/admin-query.server.ts";

export const loader = adminFileLoader(async (query) => {
  const parsed = gstPeriodSchema.safeParse({ from: query.get("from"), to: query.get("to") });
  if (!parsed.success)
    return new Response(parsed.error.issues[0]?.message ?? "Choose a period.", { status: 400 });
  const { from, to } = parsed.data;
  return csvDownload(await gstCsv(parsed.data), `patch-gst-${from}-to-${to}.csv`);
});
