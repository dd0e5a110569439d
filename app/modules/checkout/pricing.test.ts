import { expect, test } from "vitest";
import { gstIncluded } from "#app/lib/gst.ts";
import {
  computeTotals,
  FREE_STANDARD_FROM,
  RURAL_SURCHARGE,
  SHIPPING_METHODS,
  toFreeShipping,
} from "./pricing.ts";

const line = (unitPrice: number, quantity: number) => ({
  productId: `p${unitPrice}`,
  name: "x",
  unitPrice,
  quantity,
});

test("prices include GST: the total is subtotal + shipping, GST is the 3/23 part of it", () => {
  const t = computeTotals([line(14900, 1), line(450, 3)], "standard", false);
  expect(t.lines.map((l) => l.lineTotal)).toEqual([14900, 1350]);
  expect(t.subtotal).toBe(16250);
  expect(t.shipping).toBe(0); // free standard shipping from US$150
  expect(t.total).toBe(16250); // nothing added on top of the prices shown
  expect(t.gst).toBe(2120); // 162.50 × 15/115 = 21.1956… → 21.20
});

test("the US$149 kit costs US$149 plus shipping, not US$181.70 (issue 19)", () => {
  const t = computeTotals([line(14900, 1)], "standard", false);
  expect(t.shipping).toBe(SHIPPING_METHODS.standard.price);
  expect(t.total).toBe(14900 + 900);
  expect(t.gst).toBe(2061); // 158.00 × 3/23 = 20.6086… → 20.61
});

test("GST on a GST-inclusive amount rounds to the nearest cent", () => {
  expect(gstIncluded(0)).toBe(0);
  expect(gstIncluded(1)).toBe(0); // 0.13 c
  expect(gstIncluded(4)).toBe(1); // 0.52 c rounds up
  expect(gstIncluded(3)).toBe(0); // 0.39 c rounds down
  expect(gstIncluded(11500)).toBe(1500); // exact: US$115 includes US$15
  expect(gstIncluded(2999)).toBe(391); // 391.17 c
  expect(gstIncluded(3999)).toBe(522); // 521.6 c
  expect(gstIncluded(6999)).toBe(913); // 912.9 c
  // Always whole cents, never more than half a cent from the exact 3/23, and no half-cent ties.
  for (let cents = 0; cents < 50000; cents += 7) {
    const gst = gstIncluded(cents);
    expect(Number.isInteger(gst)).toBe(true);
    expect(Math.abs(gst - (cents * 3) / 23), `${cents}`).toBeLessThan(0.5);
  }
});

test("standard below the free threshold, express always charged, rural surcharge on both", () => {
  const small = [line(1990, 1)];
  expect(computeTotals(small, "standard", false).shipping).toBe(SHIPPING_METHODS.standard.price);
  expect(computeTotals(small, "express", false).shipping).toBe(SHIPPING_METHODS.express.price);
  const rural = computeTotals(small, "express", true);
  expect(rural.shipping).toBe(SHIPPING_METHODS.express.price + RURAL_SURCHARGE);
  expect(rural.ruralSurcharge).toBe(RURAL_SURCHARGE);
  expect(rural.total).toBe(1990 + rural.shipping);
  expect(rural.gst).toBe(gstIncluded(rural.total));
  const big = [line(FREE_STANDARD_FROM, 1)];
  expect(computeTotals(big, "standard", true).shipping).toBe(RURAL_SURCHARGE);
  expect(computeTotals(big, "express", false).shipping).toBe(SHIPPING_METHODS.express.price);
});

test("how far from free shipping is the same rule checkout charges by", () => {
  expect(toFreeShipping(0)).toBe(FREE_STANDARD_FROM);
  expect(toFreeShipping(FREE_STANDARD_FROM - 100)).toBe(100);
  expect(toFreeShipping(FREE_STANDARD_FROM)).toBe(0);
  expect(toFreeShipping(FREE_STANDARD_FROM + 1)).toBe(0);
  for (const subtotal of [FREE_STANDARD_FROM - 1, FREE_STANDARD_FROM]) {
    const free = computeTotals([line(subtotal, 1)], "standard", false).shipping === 0;
    expect(free).toBe(toFreeShipping(subtotal) === 0);
  }
});
