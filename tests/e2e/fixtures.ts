// e2e fixtures: Debian's Chromium driven by playwright-core, a fresh page per test whose console
// errors and page errors fail the test, and the base URL of the running site.
import { chromiumPath } from "./chromium";
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

// Each test's browser is a different visitor (the e2e server sits "behind a proxy"), so per-address
// limits such as sign-ups per hour apply per test, as they would to real people, not to the suite.
let visitors = 0;
function visitorAddress(): string {
  visitors++;
  return `198.18.${(process.pid + visitors) % 250}.${visitors % 250}`;
}

export const baseUrl = () => inject("baseUrl");
export const dataDir = () => inject("dataDir");

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

interface Fixtures {
  context: BrowserContext;
  page: Page;
  /** Messages the page logged as errors; some tests expect particular ones. */
  consoleErrors: string[];
  /** A page in its own context with JavaScript turned off: what works before scripts load. */
  noScriptPage: Page;
}

export const test = base.extend<Fixtures>({
  consoleErrors: async ({}, use) => {
    await use([]);
  },
  context: async ({}, use) => {
    const b = await sharedBrowser();
    const context = await b.newContext({
      baseURL: baseUrl(),
      viewport: DESKTOP,
      extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
    });
    await use(context);
    await context.close();
  },
  page: async ({ context, consoleErrors }, use) => {
    const page = await context.newPage();
    // The app's scripts load after the first paint, so a loaded page may not have hydrated yet:
    // goto and reload wait for React as well, as a person's first tap after a page appears would.
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => waitForHydration(page, await goto(...args));
    page.reload = async (...args) => waitForHydration(page, await reload(...args));
    page.on("console", (msg) => {
      if (msg.type() === "error") consoleErrors.push(msg.text());
    });
    page.on("pageerror", (error) => consoleErrors.push(error.message));
    await use(page);
    // Expected failures (a 404 or 500 document) log a resource error: only script errors count.
    const real = consoleErrors.filter(
      (m) =>
        !/Failed to load resource: the server responded with a status of (400|404|429|500|503)/.test(
          m,
        ),
    );
    expect(real, "the page logged errors").toEqual([]);
  },
  noScriptPage: async ({}, use) => {
    const b = await sharedBrowser();
    const context = await b.newContext({
      baseURL: baseUrl(),
      viewport: DESKTOP,
      extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
      javaScriptEnabled: false,
    });
    await use(await context.newPage());
    await context.close();
  },
});

/** Waits until React has hydrated a page of ours, or its islands (not needed for other documents). */
export async function waitForHydration<T>(page: Page, result: T): Promise<T> {
  await page.waitForFunction(
    () =>
      (document.getElementById("rr-scripts") === null &&
        document.querySelector("[data-island]") === null) ||
      document.documentElement.dataset.hydrated === "true",
  );
  return result;
}

export { expect };
