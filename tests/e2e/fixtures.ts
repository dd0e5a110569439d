// e2e fixtures: Debian's Chromium driven by playwright-core, a fresh page per test whose console
// errors and page errors fail the test, and the base URL of the running site.
import { randomInt } from "node:crypto";
import { chromiumPath } from "./chromium.ts";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, test as base, expect, inject } from "vitest";

let browser: Browser | undefined;
async function sharedBrowser(): Promise<Browser> {
  browser ??= await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  return browser;
}

afterAll(async () => {
  await browser?.close();
  browser = undefined;
});

// Each test is a different visitor (the e2e server sits "behind a proxy"), so per-address limits
// such as sign-ups per hour apply per test, as they would to real people, not to the suite: every
// file draws its own range of addresses, so files never share a budget either.
const fileRange = `10.${randomInt(256)}.${randomInt(256)}`;
let visitors = 0;
export function visitorAddress(): string {
  visitors++;
  if (visitors > 254) throw new Error("more than 254 visitors in one e2e file");
  return `${fileRange}.${visitors}`;
}

/**
 * Headers for a request a test makes itself (fetch, outside any browser): from this file's own
 * visitor address, so it spends this file's budget, not the one of whoever runs on 127.0.0.1.
 */
const fileVisitor = visitorAddress();
export const asVisitor = (headers: Record<string, string> = {}, address = fileVisitor) => ({
  ...headers,
  "x-forwarded-for": address,
});

export const baseUrl = () => inject("baseUrl");
export const dataDir = () => inject("dataDir");
/** The mailbox link with its key, as the server printed it at start. */
export const mailboxUrl = () => inject("mailboxUrl");

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

interface Fixtures {
  /** The test's visitor address, shared by its pages with and without JavaScript. */
  visitor: string;
  context: BrowserContext;
  page: Page;
  /** Messages the page logged as errors; some tests expect particular ones. */
  consoleErrors: string[];
  /** A page in its own context with JavaScript turned off: what works before scripts load. */
  noScriptPage: Page;
  /** A page of someone else's: its own context (cookies) and visitor address. */
  otherVisitorPage: Page;
}

export const test = base.extend<Fixtures>({
  consoleErrors: async ({}, use) => {
    await use([]);
  },
  visitor: async ({}, use) => {
    await use(visitorAddress());
  },
  context: async ({ visitor }, use) => {
    const b = await sharedBrowser();
    const context = await b.newContext({
      baseURL: baseUrl(),
      viewport: DESKTOP,
      extraHTTPHeaders: { "x-forwarded-for": visitor },
    });
    await use(context);
    await context.close();
  },
  page: async ({ context, consoleErrors }, use) => {
    const page = hydrating(await context.newPage());
    page.on("console", (msg) => {
      if (msg.type() === "error") consoleErrors.push(msg.text());
    });
    page.on("pageerror", (error) => consoleErrors.push(error.message));
    await use(page);
    // Expected failures (a 404 or 500 document, a refused form answering 400, 401 or 409: ADR 027;
    // a forged or expired signed link's page, 403 or 410: ADR 076) log a resource error: only
    // script errors count.
    const real = consoleErrors.filter(
      (m) =>
        !/Failed to load resource: the server responded with a status of (400|401|403|404|409|410|429|500|503)/.test(
          m,
        ),
    );
    expect(real, "the page logged errors").toEqual([]);
  },
  otherVisitorPage: async ({}, use) => {
    const b = await sharedBrowser();
    const context = await b.newContext({
      baseURL: baseUrl(),
      viewport: DESKTOP,
      extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
    });
    await use(hydrating(await context.newPage()));
    await context.close();
  },
  noScriptPage: async ({ visitor }, use) => {
    const b = await sharedBrowser();
    const context = await b.newContext({
      baseURL: baseUrl(),
      viewport: DESKTOP,
      extraHTTPHeaders: { "x-forwarded-for": visitor },
      javaScriptEnabled: false,
    });
    await use(await context.newPage());
    await context.close();
  },
});

/**
 * The app's scripts load after the first paint, so a loaded page may not have hydrated yet: goto
 * and reload wait for React as well, as a person's first tap after a page appears would.
 */
function hydrating(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => waitForHydration(page, await goto(...args));
  page.reload = async (...args) => waitForHydration(page, await reload(...args));
  return page;
}

/** Waits until React has hydrated a page of ours (not needed for other documents). */
export async function waitForHydration<T>(page: Page, result: T): Promise<T> {
  await page.waitForFunction(
    () =>
      document.getElementById("press-capture") === null ||
      document.documentElement.dataset.hydrated === "true",
  );
  return result;
}

export { expect };

/**
 * Resolves when the page's CSS animations and transitions have finished (looping ones aside), so
 * a check of what is painted (axe's contrast) waits for the motion itself, not a guessed time. Two
 * frames first, so a transition that a change has just asked for has started.
 */
/**
 * Waits for a toast with `text` to be on screen (sonner marks it mounted as it starts sliding in;
 * animationsDone then waits for the slide). Sonner loads on the first toast, so a toast can arrive
 * after the page itself looks settled.
 */
export async function toastShown(page: Page, text: string): Promise<void> {
  await page
    .locator("[data-sonner-toast][data-mounted='true']")
    .filter({ hasText: text })
    .first()
    .waitFor();
}

export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(r));
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    );
  });
}
