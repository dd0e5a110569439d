// Two-factor sign-in with an authenticator app: set up from the profile (password + a code),
// then sign-in asks for a code or a recovery code; turning it on needs a recent sign-in.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { expect, test } from "vitest";
import { users } from "#db/schema/index.ts";
import { requestMetas, signedInAccount } from "#tests/factories/accounts.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { db } from "#app/lib/db.server.ts";
import { MESSAGES } from "./accounts.schema.ts";
import { getCurrentUser } from "./get-current-user.server.ts";
import { signIn } from "./sign-in.server.ts";
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  startTwoFactorSetup,
  verifyTwoFactorSignIn,
} from "./two-factor.server.ts";

const PASSWORD = "karearea over the ranges";
const meta = requestMetas("192.0.2");
const jar = (cookies: string[], base = "") => {
  const map = new Map(
    base
      .split("; ")
      .filter(Boolean)
      .map((c) => c.split("=") as [string, string]),
  );
  for (const c of cookies) {
    const [pair] = c.split(";");
    const [name, ...value] = pair!.split("=");
    if (/Max-Age=0/i.test(c)) map.delete(name!);
    else map.set(name!, value.join("="));
  }
  return [...map].map(([k, v]) => `${k}=${v}`).join("; ");
};

testServices({ settings: { MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), "patch-mail-")) } });

test("set up TOTP, sign in with a code and with a recovery code once, turn it off", async () => {
  const email = "hoiho@example.nz";
  const first = await signedInAccount({ email, password: PASSWORD, meta: meta() });
  let cookie = jar(first.cookies);
  let { user } = await getCurrentUser(meta(cookie).request);

  const old = { signedInAt: new Date(Date.now() - 11 * 60_000).toISOString() };
  expect(
    await startTwoFactorSetup({ user: old, password: PASSWORD, meta: meta(cookie) }),
  ).toMatchObject({ reauth: true });
  expect(
    await startTwoFactorSetup({ user: user!, password: "wrong password", meta: meta(cookie) }),
  ).toMatchObject({
    ok: false,
    field: "password",
  });
  const setup = await startTwoFactorSetup({ user: user!, password: PASSWORD, meta: meta(cookie) });
  if (!setup.ok) throw new Error(setup.message);
  expect(setup.backupCodes).toHaveLength(10);
  const totp = OTPAuth.URI.parse(setup.totpUri) as OTPAuth.TOTP;
  expect(totp.issuer).toBe("Patch");

  expect(
    await confirmTwoFactorSetup({ user: user!, code: "000000", meta: meta(cookie) }),
  ).toMatchObject({ ok: false });
  const confirmed = await confirmTwoFactorSetup({
    user: user!,
    code: totp.generate(),
    meta: meta(cookie),
  });
  expect(confirmed).toMatchObject({ ok: true, messages: [MESSAGES.twoFactorEnabled] });
  const [row] = await db().select().from(users).where(eq(users.email, email));
  expect(row?.twoFactorEnabled).toBe(true);

  // Sign-in now stops after the password…
  const step1 = await signIn({
    input: { email, password: PASSWORD },
    meta: meta(),
    redirectTo: "/profile",
  });
  expect(step1).toMatchObject({ ok: true, twoFactor: true, messages: [] });
  const pending = jar(step1.ok ? step1.cookies : []);
  expect((await getCurrentUser(meta(pending).request)).user).toBeNull();
  expect(
    await verifyTwoFactorSignIn({ input: { code: "123456" }, meta: meta(pending) }),
  ).toMatchObject({
    ok: false,
    message: MESSAGES.twoFactorCodeWrong,
  });
  // …and a code from the app finishes it.
  const step2 = await verifyTwoFactorSignIn({
    input: { code: totp.generate() },
    meta: meta(pending),
    redirectTo: "/profile",
  });
  expect(step2).toMatchObject({ ok: true, messages: [MESSAGES.signedIn], redirectTo: "/profile" });
  expect((await getCurrentUser(meta(jar(step2.ok ? step2.cookies : [])).request)).user?.email).toBe(
    email,
  );

  // A recovery code works once.
  const recovery = setup.backupCodes[0]!;
  const withRecoveryCode = async () => {
    const password = await signIn({ input: { email, password: PASSWORD }, meta: meta() });
    const pending = jar(password.ok ? password.cookies : []);
    return verifyTwoFactorSignIn({ input: { code: recovery }, meta: meta(pending) });
  };
  expect(await withRecoveryCode()).toMatchObject({ ok: true });
  expect(await withRecoveryCode()).toMatchObject({ ok: false });

  // Turning it off needs the password.
  cookie = jar(step2.ok ? step2.cookies : []);
  ({ user } = await getCurrentUser(meta(cookie).request));
  expect(
    await disableTwoFactor({ user: user!, password: "wrong password", meta: meta(cookie) }),
  ).toMatchObject({
    ok: false,
  });
  expect(
    await disableTwoFactor({ user: user!, password: PASSWORD, meta: meta(cookie) }),
  ).toMatchObject({
    ok: true,
    messages: [MESSAGES.twoFactorDisabled],
  });
  expect(await signIn({ input: { email, password: PASSWORD }, meta: meta() })).toMatchObject({
    ok: true,
    messages: [MESSAGES.signedIn],
  });
});

test("wrong two-factor codes count per account: from many addresses, 10 an hour, then none", async () => {
  const email = "kaki@example.nz";
  const first = await signedInAccount({ email, password: PASSWORD, meta: meta() });
  const cookie = jar(first.cookies);
  const { user } = await getCurrentUser(meta(cookie).request);
  const setup = await startTwoFactorSetup({ user: user!, password: PASSWORD, meta: meta(cookie) });
  if (!setup.ok) throw new Error(setup.message);
  const totp = OTPAuth.URI.parse(setup.totpUri) as OTPAuth.TOTP;
  expect(
    await confirmTwoFactorSetup({ user: user!, code: totp.generate(), meta: meta(cookie) }),
  ).toMatchObject({
    ok: true,
  });
  const wrong = () => (totp.generate() === "000000" ? "111111" : "000000");

  // Someone with the password guesses codes, each from a new address, a new challenge every 4.
  let pending = "";
  for (let i = 0; i < 10; i++) {
    if (i % 4 === 0) {
      const step1 = await signIn({ input: { email, password: PASSWORD }, meta: meta() });
      pending = jar(step1.ok ? step1.cookies : []);
    }
    expect(
      await verifyTwoFactorSignIn({ input: { code: wrong() }, meta: meta(pending) }),
      `guess ${i}`,
    ).toMatchObject({ ok: false, message: MESSAGES.twoFactorCodeWrong });
  }
  // From yet another address, even the right code waits, and the answer says how long.
  const step1 = await signIn({ input: { email, password: PASSWORD }, meta: meta() });
  const refused = await verifyTwoFactorSignIn({
    input: { code: totp.generate() },
    meta: meta(jar(step1.ok ? step1.cookies : [])),
  });
  expect(refused).toMatchObject({ ok: false, code: "limited" });
  expect(refused.ok ? "" : refused.message).toMatch(
    /^Too many wrong attempts on this account\. Please try again in \d+ (minutes?|seconds?), or reset your password to sign in now\.$/,
  );
  // Without the note of which account it is for, a code isn't taken at all.
  const bare = jar(
    (step1.ok ? step1.cookies : []).filter((c) => !c.includes("two_factor_account")),
  );
  expect(
    await verifyTwoFactorSignIn({ input: { code: totp.generate() }, meta: meta(bare) }),
  ).toMatchObject({
    ok: false,
    message: MESSAGES.twoFactorExpired,
  });
});
