import { expect, test } from "vitest";
import { computeTotals, FREE_STANDARD_FROM, RURAL_SURCHARGE, SHIPPING_METHODS } from "./pricing.ts";

const line = (unitPrice: number, quantity: number) => ({
  productId: `p${unitPrice}`,
  name: "x",
  unitPrice,
  quantity,
});

test("line totals, subtotal, shipping, GST at 15% on goods and shipping, total", () => {
  const t = computeTotals([line(14900, 1), line(450, 3)], "standard", false);
  expect(t.lines.map((l) => l.lineTotal)).toEqual([14900, 1350]);
  expect(t.subtotal).toBe(16250);
  expect(t.shipping).toBe(0); // free standard shipping from $150
  expect(t.gst).toBe(2438); // 15% of 162.50 = 24.375 → 24.38
  expect(t.total).toBe(16250 + 2438);
});

test("standard below the free threshold, express always charged, rural surcharge on both", () => {
  const small = [line(1990, 1)];
  expect(computeTotals(small, "standard", false).shipping).toBe(SHIPPING_METHODS.standard.price);
  expect(computeTotals(small, "express", false).shipping).toBe(SHIPPING_METHODS.express.price);
  const rural = computeTotals(small, "express", true);
  expect(rural.shipping).toBe(SHIPPING_METHODS.express.price + RURAL_SURCHARGE);
  expect(rural.ruralSurcharge).toBe(RURAL_SURCHARGE);
  expect(rural.gst).toBe(Math.round((1990 + rural.shipping) * 0.15));
  const big = [line(FREE_STANDARD_FROM, 1)];
  expect(computeTotals(big, "standard", true).shipping).toBe(RURAL_SURCHARGE);
  expect(computeTotals(big, "express", false).shipping).toBe(SHIPPING_METHODS.express.price);
});
