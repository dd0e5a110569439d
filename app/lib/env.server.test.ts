import { expect, test } from "vitest";
import {
  parseSettings,
  parseTracingSettings,
  publicSettings,
  SettingsError,
} from "./env.server.ts";

test("defaults run as-is and use the spec's brand", () => {
  const s = parseSettings({ APP_ENV: "test" });
  expect(s.brandName).toBe("Patch");
  expect(s.databaseUrl).toBe("pglite://./.data/db");
  expect(s.adminEmails).toHaveLength(3);
  expect(s.shopUrl).toBe("http://localhost:3000/products");
  expect(s.surveyUrl).toBe("http://localhost:3000/define-garden");
  expect(s.stripe).toBeUndefined();
});

test("a wrong setting fails with one line naming it", () => {
  const attempt = () => parseSettings({ APP_ENV: "test", DATABASE_URL: "mysql://x" });
  expect(attempt).toThrow(SettingsError);
  expect(attempt).toThrow(/^Setting DATABASE_URL is invalid: must start with postgres:\/\//);
  expect(() => parseSettings({ APP_ENV: "test", PORT: "eighty" })).toThrow(
    /Setting PORT is invalid/,
  );
  expect(() => parseSettings({ APP_ENV: "test", ADMIN_EMAILS: "a@b.nz,c@d.nz" })).toThrow(
    /Setting ADMIN_EMAILS is invalid: must list exactly three/,
  );
});

test("production demands its secrets, https and the admin list", () => {
  const prod = {
    APP_ENV: "production",
    DATABASE_URL: "postgres://patch@db.internal/patch",
    SMTP_URL: "smtp://mail.patch.nz",
    SITE_URL: "https://patch.nz",
    ADMIN_EMAILS: "a@patch.nz,b@patch.nz,c@patch.nz",
    AUTH_SECRET: "x".repeat(40),
  };
  expect(parseSettings(prod).isProduction).toBe(true);
  expect(() => parseSettings({ ...prod, AUTH_SECRET: undefined })).toThrow(
    /Setting AUTH_SECRET is missing/,
  );
  expect(() => parseSettings({ ...prod, AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET is invalid/);
  expect(() => parseSettings({ ...prod, SITE_URL: "http://patch.nz" })).toThrow(/SITE_URL/);
  expect(() => parseSettings({ ...prod, ADMIN_EMAILS: undefined })).toThrow(
    /ADMIN_EMAILS is missing/,
  );
});

test("admin e-mails are normalised and the browser never sees secrets", () => {
  const s = parseSettings({
    APP_ENV: "test",
    ADMIN_EMAILS: " A@Patch.nz, b@patch.nz ,c@patch.nz",
    STRIPE_SECRET_KEY: "sk_test_1",
    STRIPE_PUBLISHABLE_KEY: "pk_test_1",
    STRIPE_WEBHOOK_SECRET: "whsec_1",
  });
  expect(s.adminEmails).toEqual(["a@patch.nz", "b@patch.nz", "c@patch.nz"]);
  expect(s.stripe?.secretKey).toBe("sk_test_1");
  const browser = JSON.stringify(publicSettings(s));
  expect(browser).not.toContain("sk_test_1");
  expect(browser).not.toContain(s.authSecret);
});

test("STRIPE_API_URL points the Stripe library elsewhere and must be an http(s) address", () => {
  const keys = {
    APP_ENV: "test",
    STRIPE_SECRET_KEY: "sk_test_1",
    STRIPE_PUBLISHABLE_KEY: "pk_test_1",
    STRIPE_WEBHOOK_SECRET: "whsec_1",
  };
  expect(parseSettings(keys).stripe?.apiUrl).toBeUndefined();
  expect(parseSettings({ ...keys, STRIPE_API_URL: "http://127.0.0.1:12111" }).stripe?.apiUrl).toBe(
    "http://127.0.0.1:12111",
  );
  expect(() => parseSettings({ ...keys, STRIPE_API_URL: "ftp://stripe.local" })).toThrow(
    /^Setting STRIPE_API_URL is invalid: must be an http\(s\) URL/,
  );
});

test("production stops rather than stand in for its database, its mail or half of Stripe", () => {
  const prod = {
    APP_ENV: "production",
    DATABASE_URL: "postgres://patch@db.internal/patch",
    SMTP_URL: "smtp://mail.patch.nz",
    SITE_URL: "https://patch.nz",
    ADMIN_EMAILS: "a@patch.nz,b@patch.nz,c@patch.nz",
    AUTH_SECRET: "x".repeat(40),
  };
  expect(parseSettings(prod).databaseUrl).toBe(prod.DATABASE_URL);
  expect(() => parseSettings({ ...prod, DATABASE_URL: undefined })).toThrow(
    /^Setting DATABASE_URL is missing: production needs its PostgreSQL database/,
  );
  // Said on purpose, the embedded database and the file outbox are allowed.
  expect(parseSettings({ ...prod, DATABASE_URL: "pglite://./.data/db" }).databaseUrl).toBe(
    "pglite://./.data/db",
  );
  expect(() => parseSettings({ ...prod, SMTP_URL: undefined })).toThrow(
    /^Setting SMTP_URL is missing: production sends its e-mail/,
  );
  expect(
    parseSettings({ ...prod, SMTP_URL: undefined, MAIL_OUTBOX_DIR: "/var/mail" }).smtpUrl,
  ).toBe(undefined);
  // Two of three Stripe keys would mean no payments at all: refused everywhere, production or not.
  for (const env of [prod, { APP_ENV: "test" }]) {
    expect(() =>
      parseSettings({ ...env, STRIPE_SECRET_KEY: "sk_1", STRIPE_PUBLISHABLE_KEY: "pk_1" }),
    ).toThrow(/^Setting STRIPE_WEBHOOK_SECRET is missing: the three Stripe keys go together/);
  }
  expect(parseSettings({ APP_ENV: "test" }).stripe).toBeUndefined();
});

test("links follow the port the server listens on when SITE_URL is unset", () => {
  const s = parseSettings({ APP_ENV: "test", PORT: "3999" });
  expect(s.siteUrl).toBe("http://localhost:3999");
  expect(s.shopUrl).toBe("http://localhost:3999/products");
  expect(s.surveyUrl).toBe("http://localhost:3999/define-garden");
  // An empty SITE_URL (as .env.example leaves others) is unset too; a set one wins.
  expect(parseSettings({ APP_ENV: "test", PORT: "4100", SITE_URL: "" }).siteUrl).toBe(
    "http://localhost:4100",
  );
  expect(
    parseSettings({ APP_ENV: "test", PORT: "3999", SITE_URL: "https://patch.nz/" }).siteUrl,
  ).toBe("https://patch.nz");
  // Production names its own address.
  expect(() =>
    parseSettings({
      APP_ENV: "production",
      AUTH_SECRET: "x".repeat(40),
      ADMIN_EMAILS: "a@patch.nz,b@patch.nz,c@patch.nz",
    }),
  ).toThrow(/^Setting SITE_URL is missing: production needs its public https:\/\/ address$/);
});

test("cookies are Secure wherever the browser keeps them: https and http://localhost", () => {
  const secure = (SITE_URL: string) => parseSettings({ APP_ENV: "test", SITE_URL }).secureCookies;
  expect(secure("https://patch.nz")).toBe(true);
  expect(secure("http://localhost:3999")).toBe(true);
  expect(secure("http://127.0.0.1:3000")).toBe(true);
  expect(secure("http://[::1]:3000")).toBe(true);
  expect(secure("http://192.168.1.20:3000")).toBe(false);
  expect(secure("http://patch.test")).toBe(false);
});

test("what stands in for a setting is known, to be said at start", () => {
  const defaults = parseSettings({ APP_ENV: "test" });
  expect(defaults.authSecretSource).toBe("test");
  expect(defaults.adminEmailsSet).toBe(false);
  const set = parseSettings({
    APP_ENV: "test",
    AUTH_SECRET: "y".repeat(40),
    ADMIN_EMAILS: "a@patch.nz,b@patch.nz,c@patch.nz",
  });
  expect(set.authSecretSource).toBe("setting");
  expect(set.adminEmailsSet).toBe(true);
});

test("the box cutoff is 5 days before packing unless BOX_CUTOFF_DAYS says otherwise", () => {
  expect(parseSettings({ APP_ENV: "test" }).boxCutoffDays).toBe(5);
  expect(parseSettings({ APP_ENV: "test", BOX_CUTOFF_DAYS: "7" }).boxCutoffDays).toBe(7);
  expect(() => parseSettings({ APP_ENV: "test", BOX_CUTOFF_DAYS: "0" })).toThrow(
    "Setting BOX_CUTOFF_DAYS is invalid: must be at least 1 day",
  );
  expect(() => parseSettings({ APP_ENV: "test", BOX_CUTOFF_DAYS: "five" })).toThrow(
    /BOX_CUTOFF_DAYS is invalid/,
  );
});

test("referral credit milestones are friends:cents pairs, more friends each time, or none", () => {
  const milestones = (value?: string) =>
    parseSettings({
      APP_ENV: "test",
      ...(value === undefined ? {} : { REFERRAL_CREDIT_MILESTONES: value }),
    }).referrals.creditMilestones;
  expect(milestones()).toEqual([
    { friends: 3, amount: 500 },
    { friends: 10, amount: 1500 },
  ]);
  expect(milestones(" 2:250 , 5:1000 ")).toEqual([
    { friends: 2, amount: 250 },
    { friends: 5, amount: 1000 },
  ]);
  expect(milestones("")).toEqual([]);
  for (const wrong of ["3", "3:0", "10:500,3:100", "3:500,3:600", "3:50001", "a:b", "3:5.00"])
    expect(() => milestones(wrong)).toThrow(
      /^Setting REFERRAL_CREDIT_MILESTONES is invalid: must be "friends:cents" pairs/,
    );
});

test("a trusted proxy is trusted by its hop count; TRUST_PROXY alone is refused", () => {
  expect(parseSettings({ APP_ENV: "test" }).trustProxyHops).toBe(0);
  expect(parseSettings({ APP_ENV: "test", TRUST_PROXY_HOPS: "2" }).trustProxyHops).toBe(2);
  expect(
    parseSettings({ APP_ENV: "test", TRUST_PROXY: "true", TRUST_PROXY_HOPS: "1" }).trustProxyHops,
  ).toBe(1);
  expect(parseSettings({ APP_ENV: "test", TRUST_PROXY: "false" }).trustProxyHops).toBe(0);
  // Without the count the app cannot tell the proxies' entries from the client's own.
  expect(() => parseSettings({ APP_ENV: "test", TRUST_PROXY: "true" })).toThrow(
    /^Setting TRUST_PROXY_HOPS is missing: TRUST_PROXY=true needs the number of proxies/,
  );
  expect(() =>
    parseSettings({ APP_ENV: "test", TRUST_PROXY: "false", TRUST_PROXY_HOPS: "1" }),
  ).toThrow(/^Setting TRUST_PROXY is invalid: /);
  for (const wrong of ["0", "-1", "one", "1.5", "21"]) {
    expect(() => parseSettings({ APP_ENV: "test", TRUST_PROXY_HOPS: wrong }), wrong).toThrow(
      /^Setting TRUST_PROXY_HOPS is invalid: /,
    );
  }
});

test("the example admin addresses are on an example domain, and never taken with real mail", () => {
  const s = parseSettings({ APP_ENV: "test" });
  expect(s.adminEmails.every((e) => e.endsWith("@example.com"))).toBe(true);
  // Whoever reads real mail at those addresses would become an admin: not in any environment.
  for (const APP_ENV of ["development", "test", undefined]) {
    expect(() => parseSettings({ APP_ENV, SMTP_URL: "smtp://mail.example.net:587" })).toThrow(
      /^Setting ADMIN_EMAILS is missing: with SMTP_URL set/,
    );
  }
  // Named outright (as .env.example has them), they are refused too, but for a mail server on
  // this machine (a development mail catcher, the tests' own), which delivers to no one else.
  const examples = "admin@example.com,ops@example.com,grow@example.com";
  expect(() =>
    parseSettings({ APP_ENV: "test", SMTP_URL: "smtp://mail.example.net", ADMIN_EMAILS: examples }),
  ).toThrow(/^Setting ADMIN_EMAILS is invalid: the example admin addresses are refused/);
  expect(
    parseSettings({ APP_ENV: "test", SMTP_URL: "smtp://127.0.0.1:2525", ADMIN_EMAILS: examples })
      .adminEmails,
  ).toHaveLength(3);
  const own = parseSettings({
    APP_ENV: "test",
    SMTP_URL: "smtp://mail.example.net:587",
    ADMIN_EMAILS: "a@patch.nz,b@patch.nz,c@patch.nz",
  });
  expect(own.adminEmails).toEqual(["a@patch.nz", "b@patch.nz", "c@patch.nz"]);
});

test("error reports and traces are off unless set, and a malformed address is named", () => {
  const off = parseSettings({ APP_ENV: "test", SENTRY_DSN: "", OTEL_EXPORTER_OTLP_ENDPOINT: "" });
  expect(off.sentry).toBeUndefined();
  expect(off.tracing).toBeUndefined();
  const on = parseSettings({
    APP_ENV: "test",
    SENTRY_DSN: "https://key@o1.ingest.sentry.io/2",
    SENTRY_RELEASE: "abc123",
    OTEL_EXPORTER_OTLP_ENDPOINT: "http://otel-collector:4318/",
    OTEL_SERVICE_NAME: "shop-web",
  });
  expect(on.sentry).toEqual({
    dsn: "https://key@o1.ingest.sentry.io/2",
    environment: "test",
    release: "abc123",
  });
  expect(on.tracing).toEqual({ endpoint: "http://otel-collector:4318", serviceName: "shop-web" });
  expect(() => parseSettings({ APP_ENV: "test", SENTRY_DSN: "not a dsn" })).toThrow(
    /^Setting SENTRY_DSN is invalid: must be an http\(s\) URL/,
  );
  expect(() =>
    parseTracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: "grpc://collector:4317" }),
  ).toThrow(/^Setting OTEL_EXPORTER_OTLP_ENDPOINT is invalid: must be an http\(s\) URL/);
});
