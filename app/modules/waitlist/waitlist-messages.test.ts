import { expect, test } from "vitest";
import { checkJoinFields } from "./waitlist-messages.ts";
import { joinWaitlistSchema } from "./waitlist.schema.ts";

// The browser's first check must agree with the server's zod schema.
test.each([
  ["kiri@example.nz", "Otago"],
  ["A.B+tag@sub.example.co.nz", "Hawke's Bay"],
  ["not-an-email", "Otago"],
  ["x@y", "Otago"],
  ["a..b@example.nz", "Otago"],
  ["kiri@example.nz", ""],
  ["kiri@example.nz", "Atlantis"],
])("%s in %s", (email, region) => {
  const browser = checkJoinFields({ email, region });
  const server = joinWaitlistSchema.safeParse({ email, region });
  expect(Object.keys(browser).length === 0).toBe(server.success);
});
