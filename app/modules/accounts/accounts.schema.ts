// The accounts forms' shared rules (SPEC §5) and the messages of SPEC §8, used by the pages and
// the server alike.
import { freeText, opaqueId, z } from "#app/lib/zod.ts";
import { NZ_REGIONS } from "#app/lib/nz-regions.ts";
import { E164, normalisePhone } from "#app/lib/phone.ts";
import { MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from "./accounts-messages.ts";

// The words live in their own module, free of zod, so a page that only shows them (the profile
// pages' answers) doesn't ship the schema library to the browser.
export { MESSAGES, PASSWORD_MAX, PASSWORD_MIN };

function waitInWords(seconds: number): string {
  const [n, unit] =
    seconds < 60
      ? [Math.max(1, Math.ceil(seconds)), "second"]
      : seconds < 3600
        ? [Math.ceil(seconds / 60), "minute"]
        : [Math.ceil(seconds / 3600), "hour"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

/** A refused attempt says how long the wait really is (the Retry-After it is answered with). */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return `Too many attempts. Please try again in ${waitInWords(retryAfterSeconds)}.`;
}

/** The account itself is held back (guessing from elsewhere): a reset link lets its owner in. */
export function accountLockedMessage(retryAfterSeconds: number): string {
  return `Too many wrong attempts on this account. Please try again in ${waitInWords(retryAfterSeconds)}, or reset your password to sign in now.`;
}

/** The day's budget of texted codes (SMS_CODES_PER_DAY) is spent. */
export function textsPausedMessage(retryAfterSeconds: number): string {
  return `We can't send text messages right now. Please try again in ${waitInWords(retryAfterSeconds)}, or use your email and password.`;
}

const email = z
  .string({ message: "Please enter a valid email address" })
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: "Please enter a valid email address" }));

/** Length only here: the list of common passwords is checked on the server (password-policy). */
export const newPassword = z
  .string({ message: `Use at least ${PASSWORD_MIN} characters.` })
  .min(PASSWORD_MIN, { message: `Use at least ${PASSWORD_MIN} characters.` })
  .max(PASSWORD_MAX, { message: `Use at most ${PASSWORD_MAX} characters.` });

const anyPassword = z
  .string({ message: "Please enter your password." })
  .min(1, { message: "Please enter your password." })
  .max(PASSWORD_MAX, { message: `Use at most ${PASSWORD_MAX} characters.` });

const optionalText = (max: number) =>
  freeText({ max })
    .optional()
    .transform((v) => (v ? v : undefined));

/** New Zealand numbers as people write them (021 555 0142), or any number in +E.164 form. */
export const phoneNumberField = z
  .string({ message: "Enter a mobile number like 021 555 0142." })
  .transform(normalisePhone)
  .pipe(z.string().regex(E164, { message: "Enter a mobile number like 021 555 0142." }));

export const phoneSendSchema = z.object({ phone: phoneNumberField });
export const phoneVerifySchema = z.object({
  phone: phoneNumberField,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: "The code has 6 digits." }),
});

export const signInSchema = z.object({ email, password: anyPassword });
export const changeEmailSchema = z.object({ newEmail: email });
export const signUpSchema = z.object({
  email,
  password: newPassword,
  fullName: optionalText(120),
});
export const forgotPasswordSchema = z.object({ email });
export const resetPasswordSchema = z.object({
  // better-auth's reset tokens are letters and digits: anything else is no token of ours.
  token: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, { message: MESSAGES.resetLinkInvalid }),
  password: newPassword,
});
export const convertWaitlistSchema = signUpSchema;
export const confirmEmailSchema = z.object({
  token: z
    .string({ message: MESSAGES.confirmLinkInvalid })
    .min(1, { message: MESSAGES.confirmLinkInvalid })
    .max(4000, { message: MESSAGES.confirmLinkInvalid }),
  password: newPassword,
});
/** What happens to a paid box not yet packed when its account is deleted (ADR 059). */
export const PAID_BOX_CHOICES = ["refund", "keep"] as const;
export type PaidBoxChoice = (typeof PAID_BOX_CHOICES)[number];

export const DELETE_MESSAGES = {
  form: "Tick the box and enter your password to delete your account.",
  confirm: "Please tick the box to confirm.",
  password: "Please enter your password.",
  paidBox: "Choose whether we refund your paid box or still deliver it.",
} as const;

/** The delete form: the tick, the password, and the choice for a paid box not yet packed. */
export const deleteAccountSchema = z.object({
  confirm: z.literal("yes", { message: DELETE_MESSAGES.confirm }),
  deletePassword: z
    .string({ message: DELETE_MESSAGES.password })
    .min(1, { message: DELETE_MESSAGES.password })
    .max(PASSWORD_MAX, { message: DELETE_MESSAGES.password }),
  paidBox: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.enum(PAID_BOX_CHOICES, { message: DELETE_MESSAGES.paidBox }).optional(),
  ),
});

export const changePasswordSchema = z.object({
  currentPassword: anyPassword,
  newPassword,
});

export const GROWING_SPACES = [
  "balcony",
  "courtyard",
  "backyard",
  "raised-beds",
  "indoors",
] as const;
export const INTERESTS = [
  "vegetables",
  "herbs",
  "fruit",
  "flowers",
  "native-plants",
  "composting",
] as const;

const blankToUndefined = (v: unknown) => (v === "" ? undefined : v);

export const addressSchema = z.object({
  street: optionalText(200),
  suburb: optionalText(100),
  city: optionalText(100),
  region: z.preprocess(
    blankToUndefined,
    z.enum(NZ_REGIONS, { message: "Please select your region in New Zealand" }).optional(),
  ),
  zip: z
    .string()
    .trim()
    .regex(/^(\d{4})?$/, { message: "A New Zealand postcode has 4 digits." })
    .optional()
    .transform((v) => (v ? v : undefined)),
  country: optionalText(60).transform((v) => v ?? "New Zealand"),
});
export type AddressInput = z.infer<typeof addressSchema>;

export const profileSchema = addressSchema.extend({
  fullName: optionalText(120),
  phone: z
    .string()
    .trim()
    .regex(/^(\+?[0-9 ()-]{6,20})?$/, { message: "Enter a phone number like 021 555 0142." })
    .optional()
    .transform((v) => (v ? v : undefined)),
  interests: z.array(z.enum(INTERESTS)).default([]),
  growingSpace: z.preprocess(
    blankToUndefined,
    z.enum(GROWING_SPACES, { message: "Please choose one of the growing spaces." }).optional(),
  ),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** /admin/users: the account an admin acts on, and a suspension's reason (shown to admins). */
export const adminUserActionSchema = z.object({
  userId: opaqueId,
  reason: freeText({ max: 200 })
    .optional()
    .transform((v) => v || null),
});

/** /admin/users?q=: what to look for in e-mails and names; unusable text searches for nothing. */
export const userSearchSchema = freeText({ max: 100 }).catch("");

/** Reads a form into plain values; multi-valued fields become arrays. */
export function formValues(form: FormData, multi: string[] = []): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    values[key] = multi.includes(key) ? form.getAll(key).map(String) : String(form.get(key) ?? "");
  }
  for (const key of multi) values[key] ??= [];
  return values;
}

/** The first message per field, for aria-describedby error text (one rule: app/lib/outcome.ts). */
export { fieldErrors } from "#app/lib/outcome.ts";

/** The visitor as the header shows them (root loader). */
export interface HeaderUser {
  displayName: string;
  email: string;
  isAdmin: boolean;
  /** A coach who is not an admin: the menu links the coach inbox (ADR 071). */
  isCoach?: boolean;
}

/** SPEC §2: full_name, else the part of the e-mail before @, else 'User'. */
export function displayName(fullName: string | null | undefined, email: string | null | undefined) {
  const name = fullName?.trim();
  if (name) return name;
  const local = email?.split("@")[0]?.trim();
  return local || "User";
}

// Targets are parsed against a placeholder origin: only a path the parser reads back unchanged is
// kept, and a relative path resolves to whatever origin it is parsed against, so the real SITE_URL
// would accept exactly the same targets (and this file is shared with the browser, which has no
// settings).
const REDIRECT_BASE = "https://patch.invalid";

/**
 * Only our own paths may be returned to after sign-in (no open redirects). A target is kept only
 * if it is a path on our origin that the URL parser reads back unchanged. Refused, for the
 * fallback: absolute and protocol-relative URLs (`//host`); control characters, spaces and
 * anything beyond printable ASCII (browsers drop TAB, CR and LF, so `/<TAB>/evil.example` becomes
 * `//evil.example`, and a Location header can't carry the rest: the answer would fail after the
 * sign-in); backslashes and encoded slashes, backslashes or control characters in the path, which
 * another reader could turn into a second slash; dot segments; and /api.
 */
export function safeRedirect(to: string | null | undefined, fallback = "/"): string {
  if (!to || to.length > 2000) return fallback;
  // A backslash in the query survives the round trip below; everywhere else the parser turns it
  // into a slash. Anything that isn't a single leading slash, a control character, a space or a
  // letter beyond ASCII is changed by the parser (resolved, dropped or percent-encoded), so the
  // round trip refuses them without a check of its own (each is in safe-redirect.test.ts).
  if (to.includes("\\")) return fallback;
  let url: URL;
  try {
    url = new URL(to, REDIRECT_BASE);
  } catch {
    return fallback;
  }
  // `kept` is a path, so a target on another origin (`//host`, `https://…`) never reads back.
  const kept = url.pathname + url.search + url.hash;
  if (kept !== to) return fallback;
  if (/%(2f|5c|[01][0-9a-f]|7f)/i.test(url.pathname)) return fallback;
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return fallback;
  return kept;
}
