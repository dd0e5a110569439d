// The couriers an order can ship with (issue 40, ADR 077 addendum): each one's id (kept on the
// order), name and public tracking page for a tracking number. The shipped e-mail links to it.
// The courier adapters in app/flows/ship-packing-run.server.ts (booking and tracking files) are
// built on these, so another courier is one more entry here and one adapter there.

export interface CourierTracking {
  id: string;
  name: string;
  /** The courier's public tracking page for a tracking number. */
  trackingUrl: (trackingNumber: string) => string;
}

export const COURIER_TRACKING = [
  {
    id: "nz-post",
    name: "NZ Post",
    trackingUrl: (n: string) =>
      `https://www.nzpost.co.nz/tools/tracking/item/${encodeURIComponent(n)}`,
  },
  {
    id: "nz-couriers",
    name: "NZ Couriers",
    trackingUrl: (n: string) =>
      `https://www.nzcouriers.co.nz/tools/track?track=${encodeURIComponent(n)}`,
  },
] as const satisfies readonly CourierTracking[];

export type CourierId = (typeof COURIER_TRACKING)[number]["id"];

export const COURIER_IDS = COURIER_TRACKING.map((c) => c.id) as [CourierId, ...CourierId[]];

export function courierTracking(id: CourierId): CourierTracking;
export function courierTracking(id: string | null | undefined): CourierTracking | undefined;
export function courierTracking(id: string | null | undefined): CourierTracking | undefined {
  return COURIER_TRACKING.find((c) => c.id === id);
}

/** The tracking link for a shipped order, when its courier is known. */
export function trackingLink(order: {
  courier: string | null;
  trackingNumber: string | null;
}): string | null {
  const courier = courierTracking(order.courier);
  return courier && order.trackingNumber ? courier.trackingUrl(order.trackingNumber) : null;
}
