import { expect, test } from "vitest";
import { formatMoney } from "./money.ts";

test("cents are shown in en-US currency", () => {
  expect(formatMoney(3999)).toBe("$39.99");
  expect(formatMoney(6999)).toBe("$69.99");
  expect(formatMoney(123456)).toBe("$1,234.56");
  expect(formatMoney(500, "NZD")).toBe("NZ$5.00");
});

test("US dollars written out directly match Intl's en-US formatting exactly", () => {
  const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
  const samples = [0, 1, 5, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 123456789, -1, -250];
  for (let i = 0; i < 2000; i++) samples.push(Math.floor(Math.random() * 10 ** (1 + (i % 11))));
  for (const cents of samples) {
    expect(formatMoney(cents), `${cents} cents`).toBe(intl.format(cents / 100));
  }
});
