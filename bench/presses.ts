// Presses made before hydration that are lost (issue 20, ADR 030): each control is pressed once,
// as soon as it is painted, on a phone (390 × 844) at 4× CPU slowdown and slow 4G (150 ms round
// trips, 1.6 Mbps down, 750 kbps up, Chromium's CDP), in a fresh browser profile each run; a press
// is lost when its effect has not happened 5 s after the page hydrated. Printed beside when the
// press was made and when the page hydrated (ms after navigation start), and beside the same page
// with the capturing script taken out of the document (what a press costs without it).
// `npm run bench -- presses` (BENCH_RUNS, default 3; BENCH_CONTROLS to pick controls by name).
import { chromium, type Browser, type Page } from "playwright-core";
import { chromiumPath } from "#tests/e2e/chromium.ts";
import { PRESS_CONTROLS as controls, type Control } from "./press-controls.ts";
import { printTable, startServer } from "./lib.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Only the controls whose name contains this (BENCH_CONTROLS="Add to cart"). */
const only = process.env.BENCH_CONTROLS ?? "";
// The capture script as the root layout renders it (app/components/press-replay.tsx).
const CAPTURE_SCRIPT = /<script id="press-capture"[^>]*>[\s\S]*?<\/script>/;

interface Run {
  lost: boolean;
  beforeHydration: boolean;
  pressedAt: number;
  hydratedAt: number;
  twice: boolean;
}

// Set in the page before any of its own scripts: when the press was made and whether the page had
// hydrated then, and when it hydrated. A press that loads the next document (a form's submit, as
// the education search before hydration) carries its figures over in sessionStorage, and times
// stay counted from the first document's start.
const WATCH = `(() => {
  const kept = JSON.parse(sessionStorage.getItem("__bench") || "null");
  const shift = kept ? performance.timeOrigin - kept.origin : 0;
  window.__bench = kept || { origin: performance.timeOrigin };
  addEventListener("click", (e) => {
    if (e.isTrusted && !window.__bench.pressedAt) {
      window.__bench.pressedAt = performance.now() + shift;
      window.__bench.beforeHydration = document.documentElement.dataset.hydrated !== "true";
      sessionStorage.setItem("__bench", JSON.stringify(window.__bench));
    }
  }, true);
  new MutationObserver(() => {
    if (!window.__bench.hydratedAt && document.documentElement?.dataset.hydrated === "true")
      window.__bench.hydratedAt = performance.now() + shift;
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
})()`;

async function pressOnce(browser: Browser, url: string, c: Control, capture: boolean) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(WATCH);
  if (process.env.BENCH_DEBUG) {
    page.on("pageerror", (e) => console.log("pageerror", e.message));
    page.on("console", (m) => console.log("console", m.text()));
    page.on("requestfailed", (r) => console.log("failed", r.url(), r.failure()?.errorText));
    page.on("requestfinished", (r) => console.log("loaded", r.url().slice(-50)));
  }
  if (!capture) {
    await page.route(url + c.path, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(CAPTURE_SCRIPT, "");
      await route.fulfill({ response, body: html });
    });
  }
  try {
    await page.goto(url + c.path, { waitUntil: "commit" });
    if (c.fill) await page.locator(c.fill.target).fill(c.fill.value, { timeout: 30_000 });
    await page.locator(c.target).first().click({ position: c.position, timeout: 30_000 });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, {
      timeout: 60_000,
      polling: 50,
    });
    // Looked at from here every 100 ms: the page's own polling (waitForFunction) kept the
    // throttled page from loading the cart panel's module at all.
    let lost = true;
    for (let end = Date.now() + 5_000; lost && Date.now() < end;) {
      await new Promise((r) => setTimeout(r, 100));
      lost = !(await page.evaluate(c.done));
    }
    if (lost && process.env.BENCH_DEBUG)
      console.log(
        c.name,
        await page.evaluate(() => [
          localStorage.getItem("cart-storage"),
          document.querySelector('[data-island="cart-panel"]')?.innerHTML.length,
          document.querySelector("dialog")?.outerHTML.slice(0, 200),
          document.querySelector('header [data-replay="cart"]')?.outerHTML.slice(0, 200),
        ]),
      );
    const twice = c.once ? Number(await page.evaluate(c.once)) > 1 : false;
    const w = (await page.evaluate("window.__bench")) as {
      pressedAt: number;
      hydratedAt: number;
      beforeHydration: boolean;
    };
    return { lost, twice, ...w } satisfies Run;
  } finally {
    await context.close();
  }
}

const server = await startServer({ LOG_LEVEL: "warn" }, { quiet: true });
const captureBytes = new TextEncoder().encode(
  CAPTURE_SCRIPT.exec(await (await fetch(server.url)).text())?.[0] ?? "",
).length;
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return Math.round(s[Math.floor(s.length / 2)] ?? 0);
};

try {
  const rows = [];
  for (const c of controls.filter((c) => c.name.includes(only))) {
    for (const capture of [true, false]) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await pressOnce(browser, server.url, c, capture));
      const early = runs.filter((r) => r.beforeHydration);
      rows.push({
        control: c.name,
        page: capture ? "as sent" : "capture script removed",
        "presses before hydration": `${early.length}/${runs.length}`,
        lost: early.filter((r) => r.lost).length,
        "done twice": runs.filter((r) => r.twice).length,
        "pressed at (ms, median)": median(runs.map((r) => r.pressedAt)),
        "hydrated at (ms, median)": median(runs.map((r) => r.hydratedAt)),
      });
    }
  }
  printTable(
    `Presses made before hydration that are lost, 390 px, 4× CPU, slow 4G, ${RUNS} runs each ` +
      `(capture script: ${captureBytes} bytes, ` +
      `inline in <head>)`,
    rows,
  );
  console.log(
    "Checkout's steps (Continue to …) are not pressable before hydration: the form renders " +
      "'Loading...' until then (tests/e2e/press-replay.e2e.ts).",
  );
} finally {
  await browser.close();
  await server.stop();
}
