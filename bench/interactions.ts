// Press to next paint (INP, issue 20) for opening the cart, adding to cart, flipping a plan card and
// placing a plant in a garden square,
// on a phone (390 × 844) at 4× CPU slowdown once the page has hydrated, measured by the browser's
// own Event Timing API (the longest event of the press, input to the next frame painted, as
// Lighthouse and the Chrome UX Report count INP), and the time until the press's effect is on
// screen (the cart panel is fetched the first time it opens). Beside them, from the same run, a
// press on the page's text, which runs none of our code: what any press costs on this host.
// `npm run bench -- interactions` (BENCH_RUNS per control, default 10). Floor 200 ms, goal 100.
import { chromium, type Browser } from "playwright-core";
import { chromiumPath } from "#tests/e2e/chromium.ts";
import { PRESS_CONTROLS, type Control } from "./press-controls.ts";
import { printTable, startServer } from "./lib.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 10);

const byName = (name: string) => PRESS_CONTROLS.find((c) => c.name === name)!;
const controls: Control[] = [
  { ...byName("cart button (/)"), name: "open the cart (/)" },
  { ...byName("plan card flip (/)"), name: "flip a plan card (/)" },
  byName("Add to cart (/product/{id})"),
  byName("Add to cart (/products)"),
  {
    name: "place a plant in a garden square (/garden)",
    path: "/garden",
    target: '[role="gridcell"][data-square="4"]',
    done: `/^Placed /.test(document.querySelector('[data-testid="garden-announcement"]')?.textContent ?? "")`,
  },
  {
    name: "reference: a press on the page's text (/products)",
    path: "/products",
    target: "main h1",
    done: "true",
  },
];

// Before the page's scripts: every event of an interaction, as the Event Timing API reports it.
const WATCH = `(() => {
  window.__events = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.interactionId) window.__events.push(e.duration);
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
  addEventListener("pointerdown", () => (window.__pressedAt = performance.now()), true);
})()`;

async function pressOnce(browser: Browser, url: string, c: Control) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    bypassCSP: true,
  });
  const page = await context.newPage();
  await page.addInitScript(WATCH);
  await page.goto(url + c.path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.locator(c.target).first().scrollIntoViewIfNeeded();
  // Every island is hydrated and the browser has settled before the press.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 300))));
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.locator(c.target).first().click({ position: c.position });
  await page.waitForFunction(c.done);
  const effect = await page.evaluate(() => performance.now() - (window as never)["__pressedAt"]);
  // Event Timing entries are reported after the frame they end in.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 200))));
  const events = (await page.evaluate(() => (window as never)["__events"])) as number[];
  await context.close();
  // Durations under 16 ms are not reported: such a press counts as 16.
  return { inp: Math.max(16, ...events), effect };
}

const server = await startServer({ LOG_LEVEL: "warn" }, { quiet: true });
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))]!);
};
try {
  const rows = [];
  for (const c of controls) {
    const inp: number[] = [];
    const effect: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await pressOnce(browser, server.url, c);
      inp.push(r.inp);
      effect.push(r.effect);
    }
    rows.push({
      press: c.name,
      "INP p50 (ms)": pct(inp, 0.5),
      "INP p75 (ms)": pct(inp, 0.75),
      "INP max (ms)": pct(inp, 1),
      "to effect on screen p50 (ms)": pct(effect, 0.5),
    });
  }
  printTable(`Press to next paint, 390 px, 4× CPU, after hydration, ${RUNS} presses each`, rows);
  console.log(
    "Floor: INP ≤ 150 ms; goal ≤ 100 ms (issue 37). INP is counted at p75, as the CrUX does.",
  );
} finally {
  await browser.close();
  await server.stop();
}
