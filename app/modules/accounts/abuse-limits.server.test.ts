// What strangers can make the site do to other people (ADR 062): reset e-mails are limited per
// connection as well as per address, and failures run up against an account can't lock its owner
// out of a browser that signed in to it before (OWASP's device cookies).
import { expect, test } from "vitest";
import { confirmedAccount, cookieHeader } from "#tests/factories/accounts.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { sendsSettled } from "#app/lib/sends-in-flight.server.ts";
import { MESSAGES } from "./accounts.schema.ts";
import { LIMITS, recordSignInFailure } from "./rate-limits.server.ts";
import { requestPasswordReset } from "./request-password-reset.server.ts";
import { signIn } from "./sign-in.server.ts";

const SITE = "https://patch.test";
const PASSWORD = "kereru over the ridge at dusk";
const services = testServices({ smtp: true, emptyBeforeEach: true });

const from = (clientIp: string, cookie = "") => ({
  request: new Request(`${SITE}/auth`, { headers: cookie ? { cookie } : {} }),
  clientIp,
});

/**
 * The limits count in fixed hourly windows: a test that began in an hour's last 90 seconds would
 * split its counts between two windows, so it waits for the next hour first.
 */
async function awayFromHourEnd() {
  const now = new Date();
  const left = (59 - now.getUTCMinutes()) * 60 + (60 - now.getUTCSeconds());
  if (left < 90) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 500));
}

/** The device cookie among an answer's Set-Cookie lines. */
const deviceLine = (cookies: string[]) => cookies.find((c) => /^patch\.device=/.test(c));

test("one connection can't have the site e-mail every member a reset link", async () => {
  await awayFromHourEnd();
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

test("strangers' failures lock an account for unknown browsers, never for the owner's own", async () => {
  await awayFromHourEnd();
  await confirmedAccount("tui@example.nz", PASSWORD);
  const home = from("203.0.113.50");
  const first = await signIn({
    input: { email: "tui@example.nz", password: PASSWORD },
    meta: home,
  });
  expect(first.ok).toBe(true);
  const device = deviceLine(first.ok ? first.cookies : []);
  // Long-lived, unreadable by scripts, Secure on this https site, and signed.
  expect(device).toMatch(/; HttpOnly/);
  expect(device).toMatch(/; Secure/);
  expect(device).toMatch(/; SameSite=Lax/);
  expect(Number(/Max-Age=(\d+)/.exec(device ?? "")?.[1])).toBeGreaterThanOrEqual(300 * 86400);
  const trusted = cookieHeader([device!]);

  // 100 wrong passwords from 20 addresses: the account is locked from everywhere unknown.
  await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      recordSignInFailure(`198.18.0.${i % 20}`, "tui@example.nz"),
    ),
  );
  const elsewhere = await signIn({
    input: { email: "tui@example.nz", password: PASSWORD },
    meta: from("192.0.2.60"),
  });
  expect(elsewhere).toMatchObject({ ok: false, code: "limited" });
  // The owner's browser signs in with the right password, from any address.
  expect(
    await signIn({
      input: { email: "tui@example.nz", password: PASSWORD },
      meta: from("192.0.2.61", trusted),
    }),
  ).toMatchObject({ ok: true });

  // A forged or altered cookie, or another account's own device cookie, is no device of this one.
  await confirmedAccount("stranger@example.nz", PASSWORD);
  const theirs = await signIn({
    input: { email: "stranger@example.nz", password: PASSWORD },
    meta: from("192.0.2.62"),
  });
  const strangerDevice = cookieHeader([deviceLine(theirs.ok ? theirs.cookies : [])!]);
  const forged = `patch.device=${Buffer.from(JSON.stringify({ userId: "x", device: "y" })).toString("base64")}`;
  for (const cookie of [strangerDevice, forged, `${trusted.slice(0, -3)}abc`]) {
    expect(
      await signIn({
        input: { email: "tui@example.nz", password: PASSWORD },
        meta: from("192.0.2.63", cookie),
      }),
      cookie,
    ).toMatchObject({ ok: false, code: "limited" });
  }
});

test("a device's own wrong passwords are limited per device, and past that it is a stranger", async () => {
  await awayFromHourEnd();
  await confirmedAccount("ruru@example.nz", PASSWORD);
  const first = await signIn({
    input: { email: "ruru@example.nz", password: PASSWORD },
    meta: from("203.0.113.70"),
  });
  const trusted = cookieHeader([deviceLine(first.ok ? first.cookies : [])!]);
  await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      recordSignInFailure(`198.18.1.${i % 20}`, "ruru@example.nz"),
    ),
  );
  const { limit } = LIMITS.signInPerDevice;
  // From a new address each time, so only the device's own counter can stop them.
  for (let i = 0; i < limit; i++) {
    expect(
      await signIn({
        input: { email: "ruru@example.nz", password: `a wrong guess ${i}` },
        meta: from(`192.0.2.${100 + i}`, trusted),
      }),
    ).toMatchObject({ ok: false, code: "unauthorized" });
  }
  expect(
    await signIn({
      input: { email: "ruru@example.nz", password: PASSWORD },
      meta: from("192.0.2.200", trusted),
    }),
  ).toMatchObject({ ok: false, code: "limited" });
});
