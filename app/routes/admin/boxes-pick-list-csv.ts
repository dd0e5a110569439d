// /admin/boxes/pick-list.csv?day=YYYY-MM-DD: a packing day's pick list as CSV (admins only).
import {
  ADMIN_BOX_MESSAGES,
  nextPackingDay,
  packingDaySchema,
  packingPickListCsv,
} from "#app/modules/subscriptions/admin-boxes.server.ts";
import { adminFileLoader, csvDownload } from "#app/modules/accounts/admin-query.server.ts";

export const loader = adminFileLoader(async (query) => {
  const asked = query.get("day");
  const day =
    asked === null
      ? { success: true as const, data: nextPackingDay() }
      : packingDaySchema.safeParse(asked);
  if (!day.success) return new Response(ADMIN_BOX_MESSAGES.day, { status: 400 });
  return csvDownload(await packingPickListCsv(day.data), `patch-pick-list-${day.data}.csv`);
});
