// The shop's charges, computed the same way for the review step and the order itself. Only the
// server's result counts: it prices lines from the database, never from the browser.
// Catalogue prices and shipping include GST (ADR 028): the total is subtotal + shipping, and the
// GST figure is the part of that total that is GST, never an amount added on top.
import { gstIncluded } from "#app/lib/gst.ts";

export const SHIPPING_METHODS = {
  standard: { label: "Standard (3 to 5 working days)", price: 900 },
  express: { label: "Express (1 to 2 working days)", price: 1800 },
} as const;
export type ShippingMethod = keyof typeof SHIPPING_METHODS;

/** Standard shipping is free from this subtotal (cents). */
export const FREE_STANDARD_FROM = 15000;
/** Couriers charge extra to reach a rural delivery (RD) address. */
export const RURAL_SURCHARGE = 600;
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
  /** The GST included in the total (not added to it). */
  gst: number;
  total: number;
}

/**
 * How much more the cart needs for free standard shipping (0 once it has reached it). The one rule
 * the product page, the cart panel and checkout's charge all use.
 */
export function toFreeShipping(subtotal: number): number {
  return Math.max(0, FREE_STANDARD_FROM - subtotal);
}

export function shippingCost(
  subtotal: number,
  method: ShippingMethod,
  rural: boolean,
): { shipping: number; ruralSurcharge: number } {
  const base =
    method === "standard" && toFreeShipping(subtotal) === 0 ? 0 : SHIPPING_METHODS[method].price;
  const ruralSurcharge = rural ? RURAL_SURCHARGE : 0;
  return { shipping: base + ruralSurcharge, ruralSurcharge };
}

/** Line totals, subtotal, shipping (with any rural surcharge), total, and the GST it includes. */
export function computeTotals(lines: PricedLine[], method: ShippingMethod, rural: boolean): Totals {
  const priced = lines.map((l) => ({ ...l, lineTotal: l.unitPrice * l.quantity }));
  const subtotal = priced.reduce((sum, l) => sum + l.lineTotal, 0);
  const { shipping, ruralSurcharge } = shippingCost(subtotal, method, rural);
  const total = subtotal + shipping;
  return {
    lines: priced,
    subtotal,
    shipping,
    ruralSurcharge,
    // Worked out once, on the whole GST-inclusive total, to the nearest cent.
    gst: gstIncluded(total),
    total,
  };
}
