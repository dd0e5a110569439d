import { expect, test } from "vitest";
import { freeShippingText } from "./delivery-note.tsx";
import { computeTotals, FREE_STANDARD_FROM } from "./pricing.ts";

test("the cart is told how far free standard shipping is, by the rule checkout charges by", () => {
  expect(freeShippingText(14900, "USD")).toBe("US$1.00 more for free standard shipping");
  expect(freeShippingText(0, "USD")).toBe("US$150.00 more for free standard shipping");
  expect(freeShippingText(FREE_STANDARD_FROM - 1, "USD")).toBe(
    "US$0.01 more for free standard shipping",
  );
  expect(freeShippingText(FREE_STANDARD_FROM, "USD")).toBe("Free standard shipping on this order");
  expect(freeShippingText(20000, "NZD")).toBe("Free standard shipping on this order");
  for (const subtotal of [FREE_STANDARD_FROM - 1, FREE_STANDARD_FROM]) {
    const line = { productId: "p", name: "x", unitPrice: subtotal, quantity: 1 };
    const charged = computeTotals([line], "standard", false).shipping;
    expect(freeShippingText(subtotal, "USD").startsWith("Free")).toBe(charged === 0);
  }
});
