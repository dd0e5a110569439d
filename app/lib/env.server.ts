// The settings module: the only reader of process.env. Parsed once at boot; a wrong or missing
// setting stops the process with one line naming it.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";

const flag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

/**
 * A setting that counts something: "must be a whole number of days, like 5" when it isn't (the
 * example is its default), and its bounds' own words when it is out of them.
 */
function wholeNumber(
  unit: string,
  fallback: number,
  [least, tooFew]: [number, string],
  [most, tooMany]: [number?, string?] = [],
) {
  const message = `must be a whole number of ${unit}, like ${fallback}`;
  const counted = z.coerce.number({ message }).int({ message }).min(least, { message: tooFew });
  return (most === undefined ? counted : counted.max(most, { message: tooMany })).default(fallback);
}

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const emailList = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.email({ message: "each entry must be an e-mail address" }))
      .length(3, { message: "must list exactly three e-mail addresses, comma-separated" }),
  );

/** Any number of addresses, comma-separated (none when unset or empty). */
const optionalEmailList = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ message: "each entry must be an e-mail address" })))
  .default([]);

/** The admins when ADMIN_EMAILS is unset (development and tests only). */
export const EXAMPLE_ADMIN_EMAILS = [
  "admin@example.com",
  "ops@example.com",
  "grow@example.com",
] as const;

const MILESTONES_MESSAGE =
  'must be "friends:cents" pairs with more friends each time, like "3:500,10:1500" (1 to 50000 cents each)';

/** "3:500,10:1500" → [{ friends: 3, amount: 500 }, { friends: 10, amount: 1500 }]. */
const creditMilestones = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === "") return [];
    const pairs = v.split(",").map((pair) => /^\s*(\d{1,4})\s*:\s*(\d{1,5})\s*$/.exec(pair));
    const milestones = pairs.map((m) =>
      m ? { friends: Number(m[1]), amount: Number(m[2]) } : null,
    );
    const ok = milestones.every(
      (m, i) =>
        m !== null &&
        m.friends >= 1 &&
        m.amount >= 1 &&
        m.amount <= 50_000 &&
        (i === 0 || m.friends > milestones[i - 1]!.friends),
    );
    if (!ok) {
      ctx.addIssue({ code: "custom", message: MILESTONES_MESSAGE });
      return z.NEVER;
    }
    return milestones as { friends: number; amount: number }[];
  });

const schema = z.object({
  // APP_ENV decides how strict we are (secrets required, https, HSTS, no demo payments).
  // NODE_ENV only tells libraries to run their optimised builds; `npm start` sets it to production.
  APP_ENV: z.enum(["development", "production", "test"]).optional(),
  NODE_ENV: z.string().optional(),
  PORT: z.coerce
    .number({ message: "must be a port number between 1 and 65535" })
    .int()
    .min(1)
    .max(65535)
    .default(3000),
  HOST: z.string().default("0.0.0.0"),
  // Unset: http://localhost:<PORT>, so links follow the address the server listens on.
  SITE_URL: optionalString.pipe(
    z.url({ message: "must be an absolute URL like https://patch.nz" }).optional(),
  ),
  BRAND_NAME: z.string().trim().min(1).default("Patch"),
  CONTACT_EMAIL: z.email().default("hello@patch.nz"),
  CONTACT_PHONE: z
    .string()
    .regex(/^\+?[0-9 ()-]{6,20}$/, { message: "must be a phone number like +64 9 555 0142" })
    .default("+64 9 555 0142"),
  SOCIAL_URL: z.url().default("https://www.instagram.com/patch.nz"),
  SHOP_URL: optionalString.pipe(z.url().optional()),
  SURVEY_URL: optionalString.pipe(z.url().optional()),
  // The example admins sit on a domain nobody receives mail at (RFC 2606): refused whenever real
  // mail goes out, since whoever read mail at them would become an admin.
  ADMIN_EMAILS: emailList.default([...EXAMPLE_ADMIN_EMAILS]),
  // Gardening coaches besides the three admins (issue 41, ADR 071): they see the coach inbox and
  // nothing else of the admin, once their address is confirmed.
  COACH_EMAILS: optionalEmailList,
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|pglite:\/\/|memory:\/\/)/, {
      message: "must start with postgres://, pglite:// or memory://",
    })
    .default("pglite://./.data/db"),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  SMTP_URL: optionalString.pipe(z.url().optional()),
  MAIL_FROM: z.string().optional(),
  // Kept-open connections to the SMTP server: a provider answering in 200 ms takes about five
  // messages a second on each, so a launch spike's confirmations need several (ADR 066).
  SMTP_POOL_SIZE: wholeNumber(
    "connections",
    10,
    [1, "must be at least 1"],
    [100, "must be at most 100"],
  ),
  // Bounce and complaint webhooks (ADR 066), each off unless its secret is set: the password of
  // the webhook URL's basic auth (https://patch:<secret>@host/api/webhooks/email/<provider>).
  POSTMARK_WEBHOOK_SECRET: optionalString.pipe(
    z.string().min(16, { message: "must be at least 16 characters" }).optional(),
  ),
  SES_WEBHOOK_SECRET: optionalString.pipe(
    z.string().min(16, { message: "must be at least 16 characters" }).optional(),
  ),
  // The SNS topic(s) SES publishes bounces and complaints to (comma-separated ARNs); a message
  // from any other topic is refused. Unset: any topic that knows the secret.
  SES_SNS_TOPIC_ARNS: optionalString,
  MAIL_OUTBOX_DIR: z.string().default("./.data/mail"),
  SMS_OUTBOX_DIR: z.string().default("./.data/sms"),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString,
  TWILIO_API_URL: z.url().default("https://api.twilio.com"),
  // Texted codes (sign-in, proving a number) a day from everyone together: caps what SMS pumping
  // can cost. Reminders are not counted.
  SMS_CODES_PER_DAY: wholeNumber("texts", 500, [1, "must be at least 1"]),
  // Verifies inbound text webhooks when Twilio itself is not configured (texts go to the outbox).
  SMS_WEBHOOK_AUTH_TOKEN: optionalString.pipe(
    z.string().min(16, { message: "must be at least 16 characters" }).optional(),
  ),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  // Where the Stripe library sends API calls; unset means Stripe itself (api.stripe.com). Tests
  // point it at a local fake.
  STRIPE_API_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, message: "must be an http(s) URL like http://127.0.0.1:12111" })
      .optional(),
  ),
  CRM_WEBHOOK_URL: optionalString.pipe(z.url().optional()),
  CRM_WEBHOOK_SECRET: optionalString.pipe(
    z.string().min(16, { message: "must be at least 16 characters" }).optional(),
  ),
  // Subscription boxes (issue 21): how many days before a box is packed it locks and is charged;
  // until then the member can skip it or swap items.
  BOX_CUTOFF_DAYS: wholeNumber(
    "days",
    5,
    [1, "must be at least 1 day"],
    [20, "must be at most 20 days"],
  ),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default("USD"),
  AUTH_SECRET: optionalString.pipe(
    z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  ),
  // Social sign-in (accounts): each is shown on /auth only when configured.
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
  APPLE_CLIENT_ID: optionalString,
  APPLE_CLIENT_SECRET: optionalString,
  APPLE_ISSUER: z.url().default("https://appleid.apple.com"),
  // Apple's client secret is a JWT that expires within 6 months: with the Sign in with Apple key
  // (the .p8 file's PEM text, "\n" allowed for line breaks), its id and the team id, the app signs
  // it itself and renews it (app/lib/apple-client-secret.server.ts); APPLE_CLIENT_SECRET is then unset.
  APPLE_TEAM_ID: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Z0-9]{10}$/, { message: "must be Apple's 10-character team id" })
      .optional(),
  ),
  APPLE_KEY_ID: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Z0-9]{10}$/, { message: "must be the 10-character id of the .p8 key" })
      .optional(),
  ),
  APPLE_PRIVATE_KEY: optionalString.transform((v) => v?.replace(/\\n/g, "\n")),
  // Referrals (issue 22, ADR 037): places a counted friend moves the referrer up their region's
  // queue; a farm is more than REFERRAL_FARM_MAX joins through one link from one connection within
  // REFERRAL_FARM_MINUTES; a region's progress toward opening is its confirmed contacts out of
  // REGION_OPEN_TARGET.
  REFERRAL_PLACES: wholeNumber("places", 10, [0, "must be 0 or more"]),
  REFERRAL_FARM_MAX: wholeNumber("sign-ups", 5, [1, "must be at least 1"]),
  REFERRAL_FARM_MINUTES: wholeNumber("minutes", 60, [1, "must be at least 1"]),
  // Credit a referrer earns (issue 22, ADR 040): "friends:cents" pairs, "3:500,10:1500" meaning 3
  // counted friends earn 500 cents and 10 earn 1500 more; empty for none.
  REFERRAL_CREDIT_MILESTONES: creditMilestones.default([
    { friends: 3, amount: 500 },
    { friends: 10, amount: 1500 },
  ]),
  REGION_OPEN_TARGET: wholeNumber("people", 200, [1, "must be at least 1"]),
  // Launch waves (ADR 041): hours a wave's claim link holds a spot before it passes to the next.
  WAVE_CLAIM_HOURS: wholeNumber(
    "hours",
    72,
    [1, "must be at least 1 hour"],
    [720, "must be at most 720 hours (30 days)"],
  ),
  RUN_WORKER: flag.default(true),
  // Web processes sharing the port (server/cluster.ts, ADR 051): one per core on PostgreSQL.
  WEB_PROCESSES: wholeNumber("processes", 1, [1, "must be at least 1"], [16, "must be at most 16"]),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // How many proxies stand in front of the app (Express's `trust proxy` number, ADR 062): the
  // client is the address the furthest of them saw. TRUST_PROXY=true alone is refused, since
  // without the count the client's own X-Forwarded-For entries can't be told from the proxies'.
  TRUST_PROXY_HOPS: optionalString.pipe(
    z
      .string()
      .regex(/^-?[0-9]+$/, { message: "must be the number of proxies in front of the app, like 1" })
      .transform(Number)
      .pipe(
        z
          .number()
          .min(1, { message: "must be at least 1 (leave it unset when no proxy is in front)" })
          .max(20, { message: "must be at most 20" }),
      )
      .optional(),
  ),
  TRUST_PROXY: flag.optional(),
  // Prometheus scrapes /metrics with this bearer token; unset, /metrics answers 404.
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(16, { message: "must be at least 16 characters" }).optional(),
  ),
  // Reminder texts a second from one sender (a Twilio long code sends about 1 a second; a
  // Messaging Service with more numbers sends more): the Friday texts are spread to this pace.
  SMS_REMINDERS_PER_SECOND: wholeNumber(
    "texts a second",
    1,
    [1, "must be at least 1"],
    [100, "must be at most 100"],
  ),
});

export type Settings = ReturnType<typeof buildSettings>;

export class SettingsError extends Error {
  override name = "SettingsError";
}

/** Where the auth secret came from: a setting, or made up outside production. */
export type AuthSecretSource = "setting" | "generated" | "test";

/** Hosts a browser treats as secure over plain http, so it keeps Secure cookies there. */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** A sign-in provider (OpenID Connect) is on when both its client id and secret are set. */
function oidcClient(
  clientId: string | undefined,
  clientSecret: string | undefined,
  issuer: string,
) {
  return clientId && clientSecret
    ? { clientId, clientSecret, issuer: issuer.replace(/\/+$/, "") }
    : undefined;
}

/**
 * Apple: a fixed client secret (APPLE_CLIENT_SECRET), or the .p8 key the app signs a fresh one
 * with (APPLE_TEAM_ID, APPLE_KEY_ID, APPLE_PRIVATE_KEY).
 */
function appleClient(env: z.infer<typeof schema>) {
  if (!env.APPLE_CLIENT_ID) return undefined;
  const issuer = env.APPLE_ISSUER.replace(/\/+$/, "");
  if (env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY)
    return {
      clientId: env.APPLE_CLIENT_ID,
      issuer,
      signingKey: {
        teamId: env.APPLE_TEAM_ID,
        keyId: env.APPLE_KEY_ID,
        privateKey: env.APPLE_PRIVATE_KEY,
      },
    };
  return oidcClient(env.APPLE_CLIENT_ID, env.APPLE_CLIENT_SECRET, env.APPLE_ISSUER);
}

function buildSettings(
  env: z.infer<typeof schema>,
  authSecret: string,
  sources: { authSecret: AuthSecretSource; adminEmailsSet: boolean },
) {
  const siteUrl = (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  const site = new URL(siteUrl);
  const appEnv = env.APP_ENV ?? (env.NODE_ENV === "test" ? "test" : "development");
  const production = appEnv === "production";
  return {
    appEnv,
    isProduction: production,
    port: env.PORT,
    host: env.HOST,
    siteUrl,
    /**
     * Cookies carry Secure wherever the browser keeps them: over https, and on http://localhost,
     * which browsers treat as secure. Only an http SITE_URL on another host goes without.
     */
    secureCookies: site.protocol === "https:" || LOOPBACK_HOSTS.has(site.hostname),
    brandName: env.BRAND_NAME,
    contactEmail: env.CONTACT_EMAIL,
    contactPhone: env.CONTACT_PHONE,
    socialUrl: env.SOCIAL_URL,
    shopUrl: env.SHOP_URL ?? `${siteUrl}/products`,
    surveyUrl: env.SURVEY_URL ?? `${siteUrl}/define-garden`,
    adminEmails: env.ADMIN_EMAILS,
    coachEmails: env.COACH_EMAILS,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `${env.BRAND_NAME} <${env.CONTACT_EMAIL}>`,
    mailOutboxDir: env.MAIL_OUTBOX_DIR,
    smtpPoolSize: env.SMTP_POOL_SIZE,
    /** Bounce and complaint webhooks by provider: each on when its secret is set (ADR 066). */
    bounceWebhooks: {
      postmark: env.POSTMARK_WEBHOOK_SECRET ? { secret: env.POSTMARK_WEBHOOK_SECRET } : undefined,
      ses: env.SES_WEBHOOK_SECRET
        ? {
            secret: env.SES_WEBHOOK_SECRET,
            topicArns: (env.SES_SNS_TOPIC_ARNS ?? "")
              .split(",")
              .map((t) => t.trim())
              .filter(Boolean),
          }
        : undefined,
    },
    smsOutboxDir: env.SMS_OUTBOX_DIR,
    smsCodesPerDay: env.SMS_CODES_PER_DAY,
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? {
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
            apiUrl: env.TWILIO_API_URL,
          }
        : undefined,
    /** Signs inbound text webhooks when Twilio is not configured (its auth token does otherwise). */
    smsWebhookAuthToken: env.SMS_WEBHOOK_AUTH_TOKEN,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            /** Unset: the library's default, Stripe itself. */
            apiUrl: env.STRIPE_API_URL,
          }
        : undefined,
    crmWebhook:
      env.CRM_WEBHOOK_URL && env.CRM_WEBHOOK_SECRET
        ? { url: env.CRM_WEBHOOK_URL, secret: env.CRM_WEBHOOK_SECRET }
        : undefined,
    currency: env.CURRENCY,
    /** Days before packing when a subscription box locks and is charged. */
    boxCutoffDays: env.BOX_CUTOFF_DAYS,
    google: oidcClient(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, env.GOOGLE_ISSUER),
    apple: appleClient(env),
    authSecret,
    /** Printed at start (server/startup-notice.ts) when a convenience stands in for a setting. */
    authSecretSource: sources.authSecret,
    adminEmailsSet: sources.adminEmailsSet,
    referrals: {
      places: env.REFERRAL_PLACES,
      farmMax: env.REFERRAL_FARM_MAX,
      farmMinutes: env.REFERRAL_FARM_MINUTES,
      /** Credit earned at so many counted friends, fewest friends first (ADR 040). */
      creditMilestones: env.REFERRAL_CREDIT_MILESTONES,
    },
    regionOpenTarget: env.REGION_OPEN_TARGET,
    /** Hours a launch wave's invitation holds its spot (ADR 041). */
    waveClaimHours: env.WAVE_CLAIM_HOURS,
    runWorker: env.RUN_WORKER,
    webProcesses: env.WEB_PROCESSES,
    logLevel: env.LOG_LEVEL,
    /** Proxies in front of the app whose X-Forwarded-For entries we believe; 0 for none. */
    trustProxyHops: env.TRUST_PROXY_HOPS ?? 0,
    /** The bearer token /metrics asks for; unset, there is no /metrics. */
    metricsToken: env.METRICS_TOKEN,
    smsRemindersPerSecond: env.SMS_REMINDERS_PER_SECOND,
  };
}

/** What the browser may see: passed down by the root loader, never the secrets. */
export function publicSettings(s: Settings) {
  return {
    siteUrl: s.siteUrl,
    brandName: s.brandName,
    contactEmail: s.contactEmail,
    contactPhone: s.contactPhone,
    socialUrl: s.socialUrl,
    shopUrl: s.shopUrl,
    surveyUrl: s.surveyUrl,
    currency: s.currency,
  };
}
export type PublicSettings = ReturnType<typeof publicSettings>;

const DEV_SECRET_FILE = "./.data/dev-auth-secret";

function devAuthSecret(): string {
  if (existsSync(DEV_SECRET_FILE)) return readFileSync(DEV_SECRET_FILE, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  mkdirSync(dirname(DEV_SECRET_FILE), { recursive: true });
  writeFileSync(DEV_SECRET_FILE, secret, { mode: 0o600 });
  return secret;
}

/** Reads ./.env into process.env when present; variables already set win. */
export function loadDotEnv(path = ".env"): void {
  if (existsSync(path)) process.loadEnvFile(path);
}

/** Parses a settings source (process.env by default). Throws SettingsError with one line. */
export function parseSettings(source: Record<string, string | undefined> = process.env): Settings {
  const result = schema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join(".") ?? "settings";
    throw new SettingsError(`Setting ${name} is invalid: ${issue?.message ?? "unknown problem"}`);
  }
  const env = result.data;
  let authSecret = env.AUTH_SECRET;
  let authSecretSource: AuthSecretSource = "setting";
  if (!authSecret) {
    if (env.APP_ENV === "production") {
      throw new SettingsError(
        "Setting AUTH_SECRET is missing: production needs a random secret of at least 32 characters",
      );
    }
    const testing = env.APP_ENV === "test" || env.NODE_ENV === "test";
    authSecret = testing ? "test-secret-not-for-production-0123456789" : devAuthSecret();
    authSecretSource = testing ? "test" : "generated";
  }
  if (env.APP_ENV === "production" && !source.ADMIN_EMAILS) {
    throw new SettingsError(
      "Setting ADMIN_EMAILS is missing: production needs the three admin e-mails",
    );
  }
  if (env.APP_ENV === "production" && !env.SITE_URL) {
    throw new SettingsError(
      "Setting SITE_URL is missing: production needs its public https:// address",
    );
  }
  if (env.APP_ENV === "production" && !env.SITE_URL?.startsWith("https://")) {
    throw new SettingsError("Setting SITE_URL is invalid: production must be served over https://");
  }
  if (env.SMTP_URL && !source.ADMIN_EMAILS?.trim()) {
    throw new SettingsError(
      "Setting ADMIN_EMAILS is missing: with SMTP_URL set, real mail goes out, so name the three admin e-mails",
    );
  }
  if (
    env.SMTP_URL &&
    !LOOPBACK_HOSTS.has(new URL(env.SMTP_URL).hostname) &&
    env.ADMIN_EMAILS.some((e) => (EXAMPLE_ADMIN_EMAILS as readonly string[]).includes(e))
  ) {
    // A mail server on this machine (a development mail catcher, the tests' own) delivers to no
    // stranger's inbox; any other could.
    throw new SettingsError(
      "Setting ADMIN_EMAILS is invalid: the example admin addresses are refused while SMTP_URL sends real mail",
    );
  }
  if (env.TRUST_PROXY === true && env.TRUST_PROXY_HOPS === undefined) {
    throw new SettingsError(
      "Setting TRUST_PROXY_HOPS is missing: TRUST_PROXY=true needs the number of proxies in front of the app (1 for one load balancer)",
    );
  }
  if (env.TRUST_PROXY === false && env.TRUST_PROXY_HOPS !== undefined) {
    throw new SettingsError(
      "Setting TRUST_PROXY is invalid: it is false while TRUST_PROXY_HOPS is set; remove TRUST_PROXY",
    );
  }
  // Production fails loudly rather than quietly standing something in: a missing setting there
  // is a mistake, and the stand-in (a database on the container's disk, no payments, mail in
  // files) would look like it works. Where someone really wants the stand-in they set it.
  if (env.APP_ENV === "production" && !source.DATABASE_URL?.trim()) {
    throw new SettingsError(
      "Setting DATABASE_URL is missing: production needs its PostgreSQL database (postgres://…); set DATABASE_URL=pglite://<folder> to keep the embedded one on purpose",
    );
  }
  if (env.APP_ENV === "production" && !env.SMTP_URL && !source.MAIL_OUTBOX_DIR?.trim()) {
    throw new SettingsError(
      "Setting SMTP_URL is missing: production sends its e-mail; set MAIL_OUTBOX_DIR to keep it in files on purpose",
    );
  }
  const stripeKeys = {
    STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: env.STRIPE_PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET,
  };
  const missingStripe = Object.entries(stripeKeys).filter(([, v]) => !v);
  if (missingStripe.length > 0 && missingStripe.length < 3) {
    throw new SettingsError(
      `Setting ${missingStripe[0]![0]} is missing: the three Stripe keys go together (with only some of them the site would run without payments)`,
    );
  }
  const appleKeys = {
    APPLE_TEAM_ID: env.APPLE_TEAM_ID,
    APPLE_KEY_ID: env.APPLE_KEY_ID,
    APPLE_PRIVATE_KEY: env.APPLE_PRIVATE_KEY,
  };
  const missingApple = Object.entries(appleKeys).filter(([, v]) => !v);
  if (missingApple.length > 0 && missingApple.length < 3) {
    throw new SettingsError(
      `Setting ${missingApple[0]![0]} is missing: APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY go together (the app signs Apple's client secret with them)`,
    );
  }
  if (
    env.APPLE_PRIVATE_KEY &&
    !/-----BEGIN PRIVATE KEY-----[\s\S]+-----END PRIVATE KEY-----/.test(env.APPLE_PRIVATE_KEY)
  ) {
    throw new SettingsError(
      "Setting APPLE_PRIVATE_KEY is invalid: it must be the .p8 file's text, from -----BEGIN PRIVATE KEY----- to -----END PRIVATE KEY-----",
    );
  }
  if (env.WEB_PROCESSES > 1 && !/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) {
    throw new SettingsError(
      "Setting WEB_PROCESSES is invalid: more than one web process needs DATABASE_URL to be a PostgreSQL database (the embedded one belongs to one process)",
    );
  }
  return buildSettings(env, authSecret, {
    authSecret: authSecretSource,
    adminEmailsSet: Boolean(source.ADMIN_EMAILS?.trim()),
  });
}

let current: Settings | undefined;

/** The settings of this process, parsed on first use. */
export function settings(): Settings {
  current ??= parseSettings();
  return current;
}

/** Tests and benchmarks replace settings before the app starts. */
export function setSettings(next: Settings): void {
  current = next;
}
