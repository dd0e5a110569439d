import { expect, test } from "vitest";
import { parseSettings, publicSettings, SettingsError } from "./env.server";

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
