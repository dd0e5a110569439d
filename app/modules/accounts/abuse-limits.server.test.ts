// What one connection can make the site do to other people (ADR 062): reset e-mails are limited
// per connection as well as per address.
import { expect, test } from "vitest";
import { confirmedAccount } from "#tests/factories/accounts.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { sendsSettled } from "#app/lib/sends-in-flight.server.ts";
import { MESSAGES } from "./accounts.schema.ts";
import { LIMITS } from "./rate-limits.server.ts";
import { requestPasswordReset } from "./request-password-reset.server.ts";

const SITE = "https://patch.test";
const PASSWORD = "kereru over the ridge at dusk";
const services = testServices({ smtp: true, emptyBeforeEach: true });

const from = (clientIp: string) => ({ request: new Request(`${SITE}/auth/forgot`), clientIp });

test("one connection can't have the site e-mail every member a reset link", async () => {
  const { limit } = LIMITS.resetPerIp;
  const members = Array.from({ length: limit + 3 }, (_, i) => `member${i}@example.nz`);
  for (const email of members) await confirmedAccount(email, PASSWORD);
  await sendsSettled();
  services.smtp.messages.length = 0;
  const stranger = from("192.0.2.44");
  for (const email of members) {
    // Every request is answered the same, so the answer says nothing about the limit either.
    expect(await requestPasswordReset({ input: { email }, meta: stranger })).toMatchObject({
      ok: true,
      messages: [MESSAGES.resetSent],
    });
  }
  await sendsSettled();
  const resets = () => services.smtp.messages.filter((m) => /Reset/.test(m.subject));
  expect(resets()).toHaveLength(limit);
  // Another connection (the members themselves) still gets theirs.
  const last = members.at(-1)!;
  await requestPasswordReset({ input: { email: last }, meta: from("203.0.113.9") });
  await sendsSettled();
  expect(resets().filter((m) => m.to.includes(last))).toHaveLength(1);
});
