// The accounts limits at their edges (issue 5 "Security", issue 17, ADR 020): sign-in failures 5 a
// minute per IP (IPv6 by /64), 10 an hour per account from one IP, 100 an hour per account (two-factor
// codes 10), password reset 3 an hour per address, sign-up 10 an hour per IP. Each test uses its own addresses; the clock is fixed so no window ends mid-test.
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from "vitest";
import { setSettings } from "#app/lib/env.server.ts";
import { openTestDatabase, testSettings, type TestDatabase } from "#tests/setup/test-database.ts";
import {
  LIMITS,
  liftSignInLock,
  limitPasswordReset,
  limitSignIn,
  limitSignUp,
  limitTextRequests,
  recordSignInFailure,
  takeTextToNumber,
  textBudgetLeft,
} from "./rate-limits.server.ts";

// 20 seconds into a minute, 20 seconds into an hour.
const NOW = Date.UTC(2026, 10, 24, 10, 0, 20);
let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

async function fail(times: number, ip: string | ((i: number) => string), account: string) {
  for (let i = 0; i < times; i++)
    await recordSignInFailure(typeof ip === "string" ? ip : ip(i), account);
}

test("the limits are the ones ADR 020 set", () => {
  expect(LIMITS.signInPerIp).toEqual({ limit: 5, windowSeconds: 60 });
  expect(LIMITS.signInPerAccountAndIp).toEqual({ limit: 10, windowSeconds: 3600 });
  expect(LIMITS.signInPerAccount).toEqual({ limit: 100, windowSeconds: 3600 });
  expect(LIMITS.twoFactorPerAccount).toEqual({ limit: 10, windowSeconds: 3600 });
  expect(LIMITS.resetPerAddress).toEqual({ limit: 3, windowSeconds: 3600 });
  expect(LIMITS.signUpPerIp).toEqual({ limit: 10, windowSeconds: 3600 });
});

const open = { allowed: true, retryAfter: 0, accountLocked: false };

test("sign-in: the fifth failure from one address stops it until the minute ends", async () => {
  const ip = "198.51.100.1";
  expect(await limitSignIn(ip, "a1@example.nz")).toEqual(open);
  await fail(4, ip, "a1@example.nz");
  expect(await limitSignIn(ip, "a1@example.nz")).toEqual(open);
  await fail(1, ip, "a2@example.nz");
  // Any account from that address, for the 40 seconds left of the minute; no account is locked.
  expect(await limitSignIn(ip, "a3@example.nz")).toEqual({
    allowed: false,
    retryAfter: 40,
    accountLocked: false,
  });
  // Another address signing in to the same account is not held up.
  expect((await limitSignIn("198.51.100.2", "a1@example.nz")).allowed).toBe(true);
  // The next minute starts afresh.
  expect(await limitSignIn(ip, "a1@example.nz", "password", NOW + 40_000)).toEqual(open);
});

test("sign-in: an IPv6 /64 counts as one address", async () => {
  await fail(5, (i) => `2001:db8:5:6::${i + 1}`, "b1@example.nz");
  expect((await limitSignIn("2001:db8:5:6:ffff::9", "b2@example.nz")).allowed).toBe(false);
  expect((await limitSignIn("2001:db8:5:7::1", "b2@example.nz")).allowed).toBe(true);
});

test("sign-in: ten failures on one account from one address hold that address only", async () => {
  const account = "c1@example.nz";
  const ip = "203.0.113.9";
  // Two a minute, so the per-address minute never fills.
  for (let i = 0; i < 10; i++) {
    vi.setSystemTime(NOW + i * 30_000);
    await recordSignInFailure(ip, i === 9 ? "C1@Example.NZ" : account);
  }
  const later = NOW + 9 * 30_000;
  const held = await limitSignIn(ip, "c1@EXAMPLE.nz", "password", later);
  expect(held).toMatchObject({ allowed: false, accountLocked: true });
  expect(held.retryAfter).toBe(3600 - 20 - 270);
  // The owner, from anywhere else, is not held up; nor are other accounts from that address.
  expect(await limitSignIn("203.0.113.200", account, "password", later)).toEqual(open);
  expect(await limitSignIn(ip, "c2@example.nz", "password", later)).toEqual(open);
});

test("sign-in: a hundred failures on one account from everywhere lock it for the hour", async () => {
  const account = "d1@example.nz";
  await fail(99, (i) => `192.0.${Math.floor(i / 50) + 10}.${(i % 50) + 1}`, account);
  expect(await limitSignIn("192.0.99.1", account)).toEqual(open);
  await fail(1, "192.0.20.1", account);
  expect(await limitSignIn("192.0.99.1", account)).toEqual({
    allowed: false,
    retryAfter: 3580,
    accountLocked: true,
  });
});

test("two-factor: ten wrong codes on one account from everywhere stop its codes, not its passwords", async () => {
  const account = "e9@example.nz";
  for (let i = 0; i < 9; i++) await recordSignInFailure(`192.0.2.${i + 1}`, account, "two-factor");
  expect(await limitSignIn("192.0.2.200", account, "two-factor")).toEqual(open);
  await recordSignInFailure("192.0.2.10", account, "two-factor");
  expect(await limitSignIn("192.0.2.200", account, "two-factor")).toEqual({
    allowed: false,
    retryAfter: 3580,
    accountLocked: true,
  });
  expect(await limitSignIn("192.0.2.200", account, "password")).toEqual(open);
});

test("password reset: three an hour per address, however it is capitalised", async () => {
  for (let i = 0; i < 3; i++)
    expect(await limitPasswordReset("e1@example.nz")).toEqual({ allowed: true, retryAfter: 0 });
  expect(await limitPasswordReset("E1@example.nz")).toEqual({ allowed: false, retryAfter: 3580 });
  expect((await limitPasswordReset("e2@example.nz")).allowed).toBe(true);
});

test("sign-up: ten an hour per address, an IPv6 /64 as one", async () => {
  for (let i = 0; i < 10; i++)
    expect(await limitSignUp(`2001:db8:9:9::${i + 1}`)).toEqual({ allowed: true, retryAfter: 0 });
  expect(await limitSignUp("2001:db8:9:9::ff")).toEqual({ allowed: false, retryAfter: 3580 });
  expect((await limitSignUp("2001:db8:9:a::1")).allowed).toBe(true);
  // Signing up is counted apart from failed sign-ins.
  expect((await limitSignIn("2001:db8:9:9::1", "f1@example.nz")).allowed).toBe(true);
});

test("two-factor: ten wrong passwords on an account from everywhere don't stop its codes", async () => {
  const account = "e8@example.nz";
  for (let i = 0; i < 10; i++) await recordSignInFailure(`192.0.4.${i + 1}`, account);
  expect(await limitSignIn("192.0.4.200", account, "two-factor")).toEqual(open);
});

test("a password reset lifts the account's locks, whatever the case, and no one else's", async () => {
  const account = "lift@example.nz";
  const lookalike = "lift@example.nz.au";
  for (const who of [account, lookalike]) {
    for (let i = 0; i < 10; i++) {
      vi.setSystemTime(NOW + i * 30_000);
      await recordSignInFailure("203.0.113.50", who);
      await recordSignInFailure(`198.18.0.${i + 1}`, who, "two-factor");
    }
  }
  const later = NOW + 9 * 30_000;
  expect((await limitSignIn("203.0.113.50", account, "password", later)).accountLocked).toBe(true);
  expect((await limitSignIn("198.18.1.1", account, "two-factor", later)).allowed).toBe(false);
  await liftSignInLock(" Lift@Example.NZ ");
  expect(await limitSignIn("203.0.113.50", account, "password", later)).toEqual(open);
  expect(await limitSignIn("198.18.1.1", account, "two-factor", later)).toEqual(open);
  // An address that merely starts the same is still locked.
  expect((await limitSignIn("203.0.113.50", lookalike, "password", later)).accountLocked).toBe(
    true,
  );
});

test("sign-in counts an account however it is written", async () => {
  const ip = "203.0.113.77";
  for (let i = 0; i < 10; i++) {
    vi.setSystemTime(NOW + i * 30_000);
    await recordSignInFailure(ip, i % 2 ? " G1@Example.NZ" : "g1@example.nz");
  }
  const later = NOW + 9 * 30_000;
  expect((await limitSignIn(ip, "g1@example.nz", "password", later)).accountLocked).toBe(true);
  expect((await limitSignIn(ip, "G1@EXAMPLE.NZ ", "password", later)).accountLocked).toBe(true);
});

test("texted codes: ten requests an hour per address, five per signed-in account", async () => {
  for (let i = 0; i < 10; i++)
    expect(await limitTextRequests("198.51.100.70")).toEqual({ allowed: true, retryAfter: 0 });
  expect(await limitTextRequests("198.51.100.70")).toEqual({ allowed: false, retryAfter: 3580 });
  expect((await limitTextRequests("198.51.100.71")).allowed).toBe(true);
  for (let i = 0; i < 5; i++)
    expect((await limitTextRequests(`198.51.100.${80 + i}`, "user-t1")).allowed).toBe(true);
  expect(await limitTextRequests("198.51.100.90", "user-t1")).toEqual({
    allowed: false,
    retryAfter: 3580,
  });
  // Another member from a fresh address is not held up.
  expect((await limitTextRequests("198.51.100.91", "user-t2")).allowed).toBe(true);
});

test("texted codes: three to a number every 15 minutes, then the day's budget for everyone", async () => {
  setSettings(testSettings({ DATABASE_URL: t.settings.databaseUrl, SMS_CODES_PER_DAY: "5" }));
  try {
    expect(await textBudgetLeft()).toEqual({ allowed: true, retryAfter: 0 });
    for (let i = 0; i < 3; i++)
      expect(await takeTextToNumber("+64211110001")).toMatchObject({ allowed: true });
    // 15-minute window: 20 seconds in, 14 minutes 40 seconds left.
    expect(await takeTextToNumber("+64211110001")).toMatchObject({
      allowed: false,
      retryAfter: 880,
    });
    // A text refused for its number spends none of the day's budget: two are left.
    expect(await textBudgetLeft()).toEqual({ allowed: true, retryAfter: 0 });
    expect((await takeTextToNumber("+64211110002")).allowed).toBe(true);
    expect(await textBudgetLeft()).toEqual({ allowed: true, retryAfter: 0 });
    expect((await takeTextToNumber("+64211110003")).allowed).toBe(true);
    // The budget of five is spent: until the day's window ends (10:00:20 UTC, 14 h less 20 s).
    const dayLeft = 24 * 3600 - (10 * 3600 + 20);
    expect(await textBudgetLeft()).toEqual({ allowed: false, retryAfter: dayLeft });
    expect(await takeTextToNumber("+64211110004")).toEqual({ allowed: false, retryAfter: dayLeft });
    // Asking what is left never spends it.
    expect(await textBudgetLeft()).toEqual({ allowed: false, retryAfter: dayLeft });
  } finally {
    setSettings(t.settings);
  }
});
