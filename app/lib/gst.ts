// New Zealand GST as the prices we show already include it (GST Act s 85; ADR 028). Shared by the
// shop's checkout and anything else that charges a GST-inclusive price (subscriptions).

/** New Zealand GST rate, in percent. */
export const GST_PERCENT = 15;

/**
 * The GST part of a GST-inclusive amount in cents: 15/115 (= 3/23) of it, to the nearest cent.
 * Computed in integers; an exact half cent cannot occur (23 is odd and 3 has no factor 23).
 */
export function gstIncluded(inclusiveCents: number): number {
  return Math.round((inclusiveCents * GST_PERCENT) / (100 + GST_PERCENT));
}
