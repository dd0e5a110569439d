// The shop's charges, computed the same way for the review step and the order itself. Only the
// server's result counts: it prices lines from the database, never from the browser.

export const SHIPPING_METHODS = {
  standard: { label: "Standard (3 to 5 working days)", price: 900 },
  express: { label: "Express (1 to 2 working days)", price: 1800 },
} as const;
export type ShippingMethod = keyof typeof SHIPPING_METHODS;

/** Standard shipping is free from this subtotal (cents). */
export const FREE_STANDARD_FROM = 15000;
/** Couriers charge extra to reach a rural delivery (RD) address. */
export const RURAL_SURCHARGE = 600;
/** New Zealand GST, charged on goods and shipping. */
export const GST_RATE = 0.15;
/** How long placed-but-unpaid orders hold their stock. */
export const ORDER_HOLD_MINUTES = 30;

export interface PricedLine {
  productId: string;
  name: string;
  unitPrice: number;
  quantity: number;
}

export interface Totals {
  lines: (PricedLine & { lineTotal: number })[];
  subtotal: number;
  shipping: number;
  ruralSurcharge: number;
  gst: number;
  total: number;
}

export function shippingCost(
  subtotal: number,
  method: ShippingMethod,
  rural: boolean,
): { shipping: number; ruralSurcharge: number } {
  const base =
    method === "standard" && subtotal >= FREE_STANDARD_FROM ? 0 : SHIPPING_METHODS[method].price;
  const ruralSurcharge = rural ? RURAL_SURCHARGE : 0;
  return { shipping: base + ruralSurcharge, ruralSurcharge };
}

/** Line totals, subtotal, shipping (with any rural surcharge), 15 % GST on top, total. */
export function computeTotals(lines: PricedLine[], method: ShippingMethod, rural: boolean): Totals {
  const priced = lines.map((l) => ({ ...l, lineTotal: l.unitPrice * l.quantity }));
  const subtotal = priced.reduce((sum, l) => sum + l.lineTotal, 0);
  const { shipping, ruralSurcharge } = shippingCost(subtotal, method, rural);
  // Rounded to the nearest cent once, on the whole taxable amount.
  const gst = Math.round((subtotal + shipping) * GST_RATE);
  return {
    lines: priced,
    subtotal,
    shipping,
    ruralSurcharge,
    gst,
    total: subtotal + shipping + gst,
  };
}
