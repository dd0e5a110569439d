// Signing in by text message: a number proved from the profile, 6-digit codes from the SMS outbox,
// 10 minutes, 5 tries, no texts to unknown numbers, and the limits on texts (3 per 15 minutes per
// number, 5 an hour per account, 10 an hour per IP, SMS_CODES_PER_DAY).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { rateLimits, users } from "#db/schema/index.ts";
import { expectSignedIn, signedInAccount } from "#tests/factories/accounts.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { db } from "#app/lib/db.server.ts";
import { setSettings, settings } from "#app/lib/env.server.ts";
import { readSmsOutbox } from "#app/lib/sms.server.ts";
import { MESSAGES } from "./accounts.schema.ts";
import { getCurrentUser } from "./get-current-user.server.ts";
import { sendLinkPhoneCode, sendSignInCode, verifySignInCode } from "./phone-sign-in.server.ts";
import { verifyLinkPhoneCode } from "#app/flows/verify-link-phone-code.server.ts";
import { signIn } from "./sign-in.server.ts";
import { sendsSettled } from "#app/lib/sends-in-flight.server.ts";

const SITE = "https://patch.test";
const PASSWORD = "takahe in the tussock";
let ip = 0;
const meta = (cookie = "") => ({
  request: new Request(`${SITE}/auth`, { headers: cookie ? { cookie } : {} }),
  clientIp: `198.51.100.${++ip % 250}`,
});

testServices({
  settings: {
    SMS_OUTBOX_DIR: mkdtempSync(join(tmpdir(), "patch-sms-")),
    MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), "patch-mail-")),
  },
});

async function latestCode(to: string): Promise<string> {
  const until = Date.now() + 5_000;
  for (;;) {
    const text = readSmsOutbox().find((m) => m.to === to);
    const code = text?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    if (Date.now() > until) throw new Error(`no text to ${to}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const textsTo = (to: string) => readSmsOutbox().filter((m) => m.to === to).length;
/** Every text those requests started has been sent (codes aren't awaited by the sign-in). */
const settle = () => sendsSettled();

async function accountWithPhone(email: string, phone: string) {
  const { id, cookie } = await signedInAccount({ email, password: PASSWORD, meta: meta() });
  expect(
    await sendLinkPhoneCode({ user: { id }, input: { phone }, meta: meta(cookie) }),
  ).toMatchObject({ ok: true });
  const e164 = phone.replace(/\s/g, "").replace(/^0/, "+64");
  const code = await latestCode(e164);
  expect(await verifyLinkPhoneCode({ input: { phone, code }, meta: meta(cookie) })).toMatchObject({
    ok: true,
    messages: [MESSAGES.phoneLinked],
  });
  return e164;
}

beforeEach(() => {
  ip += 7;
});

test("a proved number signs in with the texted code, once", async () => {
  const phone = await accountWithPhone("kaka@example.nz", "021 555 0101");
  expect(phone).toBe("+64215550101");
  const [user] = await db().select().from(users).where(eq(users.email, "kaka@example.nz"));
  expect(user).toMatchObject({ phoneNumber: phone, phoneNumberVerified: true });

  expect(await sendSignInCode({ input: { phone: "021 555 0101" }, meta: meta() })).toEqual({
    ok: true,
    messages: [MESSAGES.phoneCodeSent],
    cookies: [],
  });
  const code = await latestCode(phone);
  expect(code).toMatch(/^\d{6}$/);
  const outcome = await verifySignInCode({
    input: { phone: "021 555 0101", code },
    meta: meta(),
    redirectTo: "/profile",
  });
  const cookie = expectSignedIn(outcome, { message: MESSAGES.signedIn, redirectTo: "/profile" });
  expect((await getCurrentUser(meta(cookie).request)).user?.email).toBe("kaka@example.nz");
  // The code is used up.
  expect(
    await verifySignInCode({ input: { phone: "021 555 0101", code }, meta: meta() }),
  ).toMatchObject({
    ok: false,
    message: MESSAGES.phoneCodeWrong,
  });
});

test("unknown numbers get the same answer and no text", async () => {
  expect(await sendSignInCode({ input: { phone: "027 000 0000" }, meta: meta() })).toEqual({
    ok: true,
    messages: [MESSAGES.phoneCodeSent],
    cookies: [],
  });
  await settle();
  expect(textsTo("+64270000000")).toBe(0);
  expect(await sendSignInCode({ input: { phone: "12" }, meta: meta() })).toMatchObject({
    ok: false,
  });
});

test("5 tries per code, 3 texts per 15 minutes per number", async () => {
  const phone = await accountWithPhone("kokako@example.nz", "021 555 0102");
  await sendSignInCode({ input: { phone }, meta: meta() });
  const code = await latestCode(phone);
  const wrong = code === "000000" ? "111111" : "000000";
  for (let i = 0; i < 5; i++) {
    const outcome = await verifySignInCode({ input: { phone, code: wrong }, meta: meta() });
    expect(outcome.ok).toBe(false);
  }
  expect(await verifySignInCode({ input: { phone, code }, meta: meta() })).toMatchObject({
    ok: false,
    message: MESSAGES.phoneCodeLocked,
  });
  // Linking sent 1, sign-in 1: one more is allowed, then none for 15 minutes.
  const before = textsTo(phone);
  await sendSignInCode({ input: { phone }, meta: meta() });
  await sendSignInCode({ input: { phone }, meta: meta() });
  await settle();
  expect(textsTo(phone)).toBe(before + 1);
});

test("one account can't text many numbers: 5 an hour per account, 10 an hour per IP", async () => {
  const email = "piopio@example.nz";
  const { id, cookie } = await signedInAccount({ email, password: PASSWORD, meta: meta() });
  const account = { id };
  // Each from a new address, each to a new number.
  for (let i = 0; i < 5; i++) {
    expect(
      await sendLinkPhoneCode({
        user: account!,
        input: { phone: `021 555 03${i}0` },
        meta: meta(cookie),
      }),
      `number ${i}`,
    ).toMatchObject({ ok: true });
  }
  const sixth = await sendLinkPhoneCode({
    user: account!,
    input: { phone: "021 555 0390" },
    meta: meta(cookie),
  });
  expect(sixth).toMatchObject({ ok: false, code: "limited" });
  expect(sixth.ok ? "" : sixth.message).toMatch(
    /^Too many attempts\. Please try again in \d+ (minutes?|seconds?)\.$/,
  );
  await settle();
  expect(textsTo("+64215550390")).toBe(0);

  // Sign-in codes from one address: 10 requests an hour, whatever the numbers.
  const fixed = { request: new Request(`${SITE}/auth`), clientIp: "192.0.2.200" };
  for (let i = 0; i < 10; i++) {
    expect(
      await sendSignInCode({ input: { phone: `027 555 04${i}0` }, meta: fixed }),
    ).toMatchObject({ ok: true });
  }
  expect(await sendSignInCode({ input: { phone: "027 555 0499" }, meta: fixed })).toMatchObject({
    ok: false,
    code: "limited",
  });
});

test("the day's budget of texted codes (SMS_CODES_PER_DAY) stops every code text", async () => {
  const phone = await accountWithPhone("titipounamu@example.nz", "021 555 0501");
  const before = settings();
  // A new day with a budget of 2 texts: linking a second number spends it.
  await db().delete(rateLimits).where(eq(rateLimits.bucket, "sms-send-day"));
  setSettings({ ...before, smsCodesPerDay: 2 });
  try {
    const signedIn = await signIn({
      input: { email: "titipounamu@example.nz", password: PASSWORD },
      meta: meta(),
    });
    const cookie = signedIn.ok ? signedIn.cookies.map((c) => c.split(";")[0]).join("; ") : "";
    const [account] = await db()
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "titipounamu@example.nz"));
    expect(await sendSignInCode({ input: { phone }, meta: meta() })).toMatchObject({ ok: true });
    expect(
      await sendLinkPhoneCode({
        user: account!,
        input: { phone: "021 555 0502" },
        meta: meta(cookie),
      }),
    ).toMatchObject({ ok: true });
    await settle();
    const sent = textsTo(phone);
    const paused =
      /^We can't send text messages right now\. Please try again in \d+ (seconds?|minutes?|hours?), or use your email and password\.$/;
    const linkThird = await sendLinkPhoneCode({
      user: account!,
      input: { phone: "021 555 0503" },
      meta: meta(cookie),
    });
    expect(linkThird).toMatchObject({ ok: false, code: "limited" });
    expect(linkThird.ok ? "" : linkThird.message).toMatch(paused);
    // Sign-in codes: the same answer for a proved number and an unknown one, and no text.
    for (const to of [phone, "+64275550777"]) {
      const outcome = await sendSignInCode({ input: { phone: to }, meta: meta() });
      expect(outcome.ok ? "" : outcome.message, to).toMatch(paused);
    }
    await settle();
    expect(textsTo(phone)).toBe(sent);
    expect(textsTo("+64215550503")).toBe(0);
  } finally {
    setSettings(before);
  }
});
