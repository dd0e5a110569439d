import { expect, test } from "vitest";
import { formatMoney } from "./money.ts";

test("US dollars say US$, so no one in New Zealand reads them as NZ$ (issue 19)", () => {
  expect(formatMoney(14900)).toBe("US$149.00");
  expect(formatMoney(2999)).toBe("US$29.99");
  expect(formatMoney(123456)).toBe("US$1,234.56");
  expect(formatMoney(0)).toBe("US$0.00");
  expect(formatMoney(5)).toBe("US$0.05");
  expect(formatMoney(-250)).toBe("-US$2.50");
  expect(formatMoney(14900, "USD")).toBe("US$149.00");
});

test("other currencies keep Intl's en-US symbol", () => {
  expect(formatMoney(500, "NZD")).toBe("NZ$5.00");
  expect(formatMoney(500, "EUR")).toBe("€5.00");
});

test("US dollars written out directly match Intl's en-NZ formatting of USD exactly", () => {
  const intl = new Intl.NumberFormat("en-NZ", { style: "currency", currency: "USD" });
  const samples = [0, 1, 5, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 123456789, -1, -250];
  for (let i = 0; i < 2000; i++) samples.push(Math.floor(Math.random() * 10 ** (1 + (i % 11))));
  for (const cents of samples) {
    expect(formatMoney(cents), `${cents} cents`).toBe(intl.format(cents / 100));
  }
});

test("amounts beyond the fast path still say US$", () => {
  expect(formatMoney(2 ** 60)).toMatch(/^US\$[\d,]+\.\d\d$/);
});
