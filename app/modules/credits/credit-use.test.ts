import { expect, test } from "vitest";
import { creditToUse, SMALLEST_CARD_CHARGE } from "./credit-use.ts";

test("credit pays what it can, but never leaves the card less than the smallest charge", () => {
  expect(SMALLEST_CARD_CHARGE).toBe(50);
  // Credit covers the box: no card.
  expect(creditToUse(5000, 3499)).toBe(3499);
  expect(creditToUse(3499, 3499)).toBe(3499);
  // No credit, or a negative balance: the card pays all.
  expect(creditToUse(0, 3499)).toBe(0);
  expect(creditToUse(-200, 3499)).toBe(0);
  // The card's part is 50 cents or more: all the credit is used.
  expect(creditToUse(3449, 3499)).toBe(3449);
  expect(creditToUse(1000, 3499)).toBe(1000);
  // 1 to 49 cents would be left for the card: the card pays 50 cents, the rest stays as credit.
  expect(creditToUse(3450, 3499)).toBe(3449);
  expect(creditToUse(3498, 3499)).toBe(3449);
  // A charge under the smallest itself: credit pays it whole or not at all.
  expect(creditToUse(30, 40)).toBe(0);
  expect(creditToUse(40, 40)).toBe(40);
});
