// Signing in with a 6-digit code by text message (SPEC §7: the default OTP channel is SMS), and
// proving a number from the profile so it can be used for that. Codes last 10 minutes and allow 5
// tries (better-auth's phone-number plugin). Texts cost money and can be pumped to premium
// numbers, so ours limit them per number, per account, per IP and per day (rate-limits.server.ts).
// Sign-in texts only go to numbers already proved by an account, so nobody can make us text
// strangers, and the answer is the same either way.
import { and, eq } from "drizzle-orm";
import { users } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { log } from "#app/lib/log.server.ts";
import {
  MESSAGES,
  phoneSendSchema,
  phoneVerifySchema,
  textsPausedMessage,
} from "./accounts.schema.ts";
import { accountsAuth, authErrorCode, authHeaders, setCookies } from "./accounts-auth.server.ts";
import { done, invalidForm, refusedByLimit, signedIn, wrongField } from "./outcome.ts";
import type { AccountsOutcome, SignInCall } from "./outcome.ts";
import {
  limitSignIn,
  limitTextRequests,
  recordSignInFailure,
  takeTextToNumber,
  textBudgetLeft,
} from "./rate-limits.server.ts";
import type { FormCall, RequestMeta } from "#app/lib/request-meta.ts";

async function sendCode(phone: string, meta: RequestMeta): Promise<void> {
  await accountsAuth().api.sendPhoneNumberOTP({
    body: { phoneNumber: phone },
    headers: authHeaders(meta),
  });
}

/** The day's budget is spent: said to everyone alike, and loudly to whoever runs the site. */
function textsPaused(retryAfter: number): AccountsOutcome {
  log.error({ retryAfter }, "SMS_CODES_PER_DAY reached: no more codes are texted today");
  return { ok: false, code: "limited", message: textsPausedMessage(retryAfter), retryAfter };
}

export async function sendSignInCode({ input, meta }: FormCall): Promise<AccountsOutcome> {
  const parsed = phoneSendSchema.safeParse(input);
  if (!parsed.success) return invalidForm(parsed.error);
  const { phone } = parsed.data;
  // Before the number is looked up, so no answer below tells whether it has an account.
  const requests = await limitTextRequests(meta.clientIp);
  if (!requests.allowed) return refusedByLimit(requests);
  const budget = await textBudgetLeft();
  if (!budget.allowed) return textsPaused(budget.retryAfter);
  const [owner] = await db()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phoneNumber, phone), eq(users.phoneNumberVerified, true)))
    .limit(1);
  if (owner && (await takeTextToNumber(phone)).allowed) await sendCode(phone, meta);
  return done(MESSAGES.phoneCodeSent);
}

function codeFailure(error: unknown): AccountsOutcome {
  const code = authErrorCode(error);
  if (code === undefined) throw error;
  if (code === "TOO_MANY_ATTEMPTS") {
    return { ok: false, code: "forbidden", message: MESSAGES.phoneCodeLocked };
  }
  return wrongField("code", MESSAGES.phoneCodeWrong);
}

export async function verifySignInCode({
  input,
  meta,
  redirectTo,
}: SignInCall): Promise<AccountsOutcome> {
  const parsed = phoneVerifySchema.safeParse(input);
  if (!parsed.success) return invalidForm(parsed.error);
  const { phone, code } = parsed.data;
  const limit = await limitSignIn(meta.clientIp, phone);
  if (!limit.allowed) return refusedByLimit(limit);
  try {
    const { headers } = await accountsAuth().api.verifyPhoneNumber({
      body: { phoneNumber: phone, code },
      headers: authHeaders(meta),
      returnHeaders: true,
    });
    const cookies = setCookies(headers);
    if (cookies.length === 0)
      return { ok: false, code: "invalid", message: MESSAGES.phoneCodeWrong };
    return signedIn(cookies, redirectTo);
  } catch (error) {
    const failure = codeFailure(error);
    await recordSignInFailure(meta.clientIp, phone);
    return failure;
  }
}

/** Profile: text a code to a new number for the signed-in person. */
export async function sendLinkPhoneCode({
  user,
  input,
  meta,
}: FormCall & { user: { id: string } }): Promise<AccountsOutcome> {
  const parsed = phoneSendSchema.safeParse(input);
  if (!parsed.success) return invalidForm(parsed.error);
  const requests = await limitTextRequests(meta.clientIp, user.id);
  if (!requests.allowed) return refusedByLimit(requests);
  const text = await takeTextToNumber(parsed.data.phone);
  if (!text.allowed) {
    const budget = await textBudgetLeft();
    return budget.allowed ? refusedByLimit(text) : textsPaused(budget.retryAfter);
  }
  await sendCode(parsed.data.phone, meta);
  return done(MESSAGES.phoneCodeSentToYou);
}

/**
 * Profile: the code proves the number, which is then the person's sign-in number. Other areas
 * answer a changed number in `afterPhoneChange` (text reminders end: the flow in
 * app/flows/verify-link-phone-code.server.ts passes it), inside the same try as the change.
 */
export async function verifyLinkPhoneCode({
  input,
  meta,
  afterPhoneChange,
}: FormCall & {
  afterPhoneChange: (userId: string, phone: string) => Promise<void>;
}): Promise<AccountsOutcome> {
  const parsed = phoneVerifySchema.safeParse(input);
  if (!parsed.success) return invalidForm(parsed.error);
  try {
    await accountsAuth().api.verifyPhoneNumber({
      body: { phoneNumber: parsed.data.phone, code: parsed.data.code, updatePhoneNumber: true },
      headers: authHeaders(meta),
    });
    // Text reminders were agreed to for the old number: a new one ends them (issue 7).
    const [owner] = await db()
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phoneNumber, parsed.data.phone))
      .limit(1);
    if (owner) await afterPhoneChange(owner.id, parsed.data.phone);
    return done(MESSAGES.phoneLinked);
  } catch (error) {
    if (authErrorCode(error) === "PHONE_NUMBER_EXIST") {
      const taken = "That number is already linked to another account.";
      return { ...wrongField("phone", taken), code: "conflict" };
    }
    return codeFailure(error);
  }
}
