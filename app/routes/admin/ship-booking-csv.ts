// /admin/ship/booking.csv?day=…&courier=…: a packing day's courier booking file (admins only).
import { bookingCsv, findCourier } from "#app/flows/ship-packing-run.server.ts";
import { packingDaySchema } from "#app/modules/subscriptions/admin-boxes.server.ts";
import { adminFileLoader, csvDownload } from "#app/modules/accounts/admin-query.server.ts";

export const loader = adminFileLoader(async (query) => {
  const day = packingDaySchema.safeParse(query.get("day"));
  const courier = findCourier(query.get("courier"));
  if (!day.success) return new Response("Choose a packing day.", { status: 400 });
  if (!courier) return new Response("Choose the courier.", { status: 400 });
  return csvDownload(await bookingCsv(day.data, courier), `patch-${courier.id}-${day.data}.csv`);
});
