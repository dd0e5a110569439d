// /admin/boxes/pick-list.csv?day=YYYY-MM-DD: a packing day's pick list as CSV (admins only).
import { adminOrStatus } from "#app/modules/accounts/require-user.server.ts";
import {
  ADMIN_BOX_MESSAGES,
  nextPackingDay,
  packingDaySchema,
  packingPickListCsv,
} from "#app/modules/subscriptions/admin-boxes.server.ts";
import type { Route } from "./+types/boxes-pick-list-csv";

export async function loader({ request }: Route.LoaderArgs) {
  const access = await adminOrStatus(request);
  if (access.status)
    return new Response(access.status === 401 ? "Sign in first." : "Admins only.", {
      status: access.status,
    });
  const asked = new URL(request.url).searchParams.get("day");
  const day =
    asked === null
      ? { success: true as const, data: nextPackingDay() }
      : packingDaySchema.safeParse(asked);
  if (!day.success) return new Response(ADMIN_BOX_MESSAGES.day, { status: 400 });
  return new Response(await packingPickListCsv(day.data), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="patch-pick-list-${day.data}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
