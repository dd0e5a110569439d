// The settings module: the only reader of process.env. Parsed once at boot; a wrong or missing
// setting stops the process with one line naming it. The schema is made of one part per concern
// (app/lib/settings/*.ts), composed here in a fixed order: the first wrong setting is the one named.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";
import { databaseShape } from "./settings/database.ts";
import { mailShape, smsReminderPaceShape, smsShape } from "./settings/messaging.ts";
import { observabilityShape, tracingSettingsSchema } from "./settings/observability.ts";
import { paymentsShape } from "./settings/payments.ts";
import { EXAMPLE_ADMIN_EMAILS, peopleShape } from "./settings/people.ts";
import { runtimeShape } from "./settings/runtime.ts";
import { appleClient, oidcClient, signInShape } from "./settings/sign-in.ts";
import { LOOPBACK_HOSTS, siteShape } from "./settings/site.ts";
import { waitlistShape } from "./settings/waitlist.ts";

export { EXAMPLE_ADMIN_EMAILS } from "./settings/people.ts";

const schema = z.object({
  ...siteShape,
  ...peopleShape,
  ...databaseShape,
  ...mailShape,
  ...smsShape,
  ...paymentsShape,
  ...signInShape,
  ...waitlistShape,
  ...runtimeShape,
  ...smsReminderPaceShape,
  ...observabilityShape,
});

/** Every setting's name, as the environment spells it (the deploy recipes pass each one on). */
export const SETTING_NAMES = Object.keys(schema.shape) as ReadonlyArray<keyof typeof schema.shape>;

export type Settings = ReturnType<typeof buildSettings>;

export class SettingsError extends Error {
  override name = "SettingsError";
}

/** Where the auth secret came from: a setting, or made up outside production. */
export type AuthSecretSource = "setting" | "generated" | "test";

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
    /** Boxes a packing day can pack unless the day has its own capacity. */
    packingDayCapacity: env.PACKING_DAY_CAPACITY,
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
    /** Error reports to Sentry (app/lib/error-reporting.server.ts); unset, the SDK is never loaded. */
    sentry: env.SENTRY_DSN
      ? {
          dsn: env.SENTRY_DSN,
          environment: env.SENTRY_ENVIRONMENT ?? appEnv,
          release: env.SENTRY_RELEASE,
        }
      : undefined,
    /** Traces over OTLP/HTTP (server/telemetry.ts), started before the server bundle loads. */
    tracing: tracingSettings(env),
  };
}

/** The collector and the service name, or undefined when OTEL_EXPORTER_OTLP_ENDPOINT is unset. */
function tracingSettings(env: z.infer<typeof tracingSettingsSchema>) {
  return env.OTEL_EXPORTER_OTLP_ENDPOINT
    ? {
        endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, ""),
        serviceName: env.OTEL_SERVICE_NAME,
      }
    : undefined;
}
export type TracingSettings = NonNullable<ReturnType<typeof tracingSettings>>;

/**
 * The tracing settings alone, read before anything else of the process loads (server/telemetry.ts
 * must start before the HTTP server and pg are imported). The rest is checked by parseSettings
 * afterwards, so a wrong setting elsewhere is still named by the boot.
 */
export function parseTracingSettings(
  source: Record<string, string | undefined> = process.env,
): TracingSettings | undefined {
  const result = tracingSettingsSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new SettingsError(
      `Setting ${issue?.path.join(".") ?? "settings"} is invalid: ${issue?.message ?? "unknown problem"}`,
    );
  }
  return tracingSettings(result.data);
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
