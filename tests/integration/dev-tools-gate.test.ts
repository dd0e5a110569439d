// The development pages (/_dev/mail, /_dev/crash, /_dev/jobs) through their route loaders: only the key the
// server prints at start opens them (once, into a cookie); a stranger, production, or a server
// sending by SMTP gets the 404 page.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { devToolsKey, mailboxUrl } from "#app/lib/dev-tools-gate.server.ts";
import { setSettings, type Settings } from "#app/lib/env.server.ts";
import { sendMail } from "#app/lib/mail.server.ts";
import { loader as crashLoader } from "#app/routes/dev-crash.tsx";
import { action as jobsAction, loader as jobsLoader } from "#app/routes/dev-jobs.tsx";
import { loader as mailLoader } from "#app/routes/dev-mail.tsx";
import { testSettings } from "#tests/setup/test-database.ts";
import { testServices } from "#tests/setup/test-services.ts";

const SITE = "http://localhost:3999";
// A database: every send asks the suppression list first (ADR 066).
testServices();
let dev: Settings;
beforeAll(async () => {
  dev = testSettings({
    APP_ENV: "development",
    AUTH_SECRET: "a-secret-the-key-is-derived-from-0123456789",
    SITE_URL: SITE,
    MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), "patch-dev-mail-")),
  });
  setSettings(dev);
  await sendMail({
    to: "admin@example.com",
    subject: "Confirm your e-mail",
    text: "Open https://patch.test/api/auth/verify-email?token=secret-token",
    html: "<p>Open the link</p>",
  });
});
afterAll(() => setSettings(testSettings()));

type Loader = (args: never) => unknown;
/** What a loader answers: its data (200), a thrown Response or 404, or a crash. */
async function ask(loader: Loader, path: string, cookie?: string) {
  const request = new Request(SITE + path, { headers: cookie ? { cookie } : {} });
  try {
    return { status: 200, body: await loader({ request } as never), response: undefined };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, response: thrown };
    // data(null, { status: 404 }): React Router renders the site's 404 page for it.
    if (thrown && typeof thrown === "object" && "init" in thrown)
      return { status: (thrown as { init?: { status?: number } }).init?.status ?? 200 };
    return { status: 500, error: thrown };
  }
}

test("a stranger gets 404 from the mailbox, the crash page and the jobs page, with or without a guessed key", async () => {
  for (const loader of [mailLoader, crashLoader, jobsLoader, jobsAction] as Loader[]) {
    expect((await ask(loader, "/_dev/mail")).status).toBe(404);
    expect((await ask(loader, "/_dev/mail?key=guess")).status).toBe(404);
    expect((await ask(loader, "/_dev/mail", "patch.dev-tools=guess")).status).toBe(404);
    expect((await ask(loader, "/_dev/mail?key=")).status).toBe(404);
  }
});

test("the printed link opens the mailbox once into a cookie, which then opens both pages", async () => {
  const link = mailboxUrl(dev);
  expect(link).toBe(`${SITE}/_dev/mail?key=${devToolsKey(dev)}`);
  const opened = await ask(mailLoader as Loader, link!.slice(SITE.length));
  // The key leaves the address bar: a redirect to the page without it, setting the cookie.
  expect(opened.status).toBe(303);
  expect(opened.response?.headers.get("location")).toBe("/_dev/mail");
  const setCookie = opened.response?.headers.get("set-cookie") ?? "";
  expect(setCookie).toMatch(/^patch\.dev-tools=[\w-]{43}; Path=\/_dev; HttpOnly; SameSite=Strict;/);
  // http://localhost keeps Secure cookies, so this one is Secure.
  expect(setCookie).toMatch(/; Secure$/);
  const cookie = setCookie.split(";")[0]!;

  const mailbox = await ask(mailLoader as Loader, "/_dev/mail", `other=1; ${cookie}`);
  expect(mailbox.status).toBe(200);
  expect(JSON.stringify(mailbox.body)).toContain("verify-email?token=secret-token");
  const crash = await ask(crashLoader as Loader, "/_dev/crash", cookie);
  expect(crash.status).toBe(500);
});

test("production and SMTP have no development pages, whatever key comes", async () => {
  const key = devToolsKey(dev)!;
  const production: Settings = { ...dev, isProduction: true, appEnv: "production" };
  const smtp: Settings = { ...dev, smtpUrl: "smtp://127.0.0.1:2525" };
  for (const s of [production, smtp]) {
    setSettings(s);
    expect(devToolsKey(s)).toBeUndefined();
    expect(mailboxUrl(s)).toBeUndefined();
    for (const loader of [mailLoader, crashLoader, jobsLoader, jobsAction] as Loader[]) {
      expect((await ask(loader, `/_dev/mail?key=${key}`)).status).toBe(404);
      expect((await ask(loader, "/_dev/mail", `patch.dev-tools=${key}`)).status).toBe(404);
    }
  }
  setSettings(dev);
});

test("the key follows AUTH_SECRET, so every process and restart agrees on it", () => {
  const again = testSettings({ APP_ENV: "development", AUTH_SECRET: dev.authSecret });
  expect(devToolsKey(again)).toBe(devToolsKey(dev));
  const other = testSettings({ APP_ENV: "development", AUTH_SECRET: "z".repeat(40) });
  expect(devToolsKey(other)).not.toBe(devToolsKey(dev));
  expect(devToolsKey(dev)).not.toContain(dev.authSecret);
});
