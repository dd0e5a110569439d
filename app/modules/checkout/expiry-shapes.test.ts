// The expiry shapes people type at checkout (issue 39): `1229`, `12/29`, `12 / 2029` all pass the
// same schema the server uses, as 12/29; shapes that are not a month and year are still refused.
import { expect, test } from "vitest";
import { demoCardSchema, MESSAGES, normalizeExpiry } from "./checkout.schema.ts";

const card = (expiry: string) =>
  demoCardSchema.safeParse({ number: "4242 4242 4242 4242", expiry, cvc: "123" });

test.each(["1229", "12/29", "12 / 2029", "12/2029", " 12/29 "])(
  "expiry %j is accepted as 12/29",
  (typed) => {
    expect(normalizeExpiry(typed)).toBe("12/29");
    const parsed = card(typed);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.expiry).toBe("12/29");
  },
);

test.each(["13/29", "1329", "12-29x", "122", ""])("expiry %j is refused in words", (typed) => {
  const parsed = card(typed);
  expect(parsed.success).toBe(false);
  expect(parsed.error?.issues.map((i) => i.message)).toContain(MESSAGES.cardExpiry);
});
