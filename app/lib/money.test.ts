import { expect, test } from "vitest";
import { formatMoney } from "./money";

test("cents are shown in en-US currency", () => {
  expect(formatMoney(3999)).toBe("$39.99");
  expect(formatMoney(6999)).toBe("$69.99");
  expect(formatMoney(123456)).toBe("$1,234.56");
  expect(formatMoney(500, "NZD")).toBe("NZ$5.00");
});
