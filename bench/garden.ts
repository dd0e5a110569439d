// The garden editor's figure (issue 23): placing a plant, from the key press to the next paint, on
// a phone (390 × 844) at 4× CPU slowdown, in the 2 m² box started from its spring layout (18
// squares, every rule checked on each change). Printed beside, from the same run, the press that
// only moves to the next square (the editor's cheapest change): the floor is 100 ms, the goal 50.
// `npm run bench -- garden` (BENCH_RUNS presses, default 30).
import { chromium, type Page } from "playwright-core";
import { chromiumPath } from "#tests/e2e/chromium.ts";
import { printTable, startServer } from "./lib.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 30);

/** Presses `key` on the focused square and answers the ms until the frame after it is painted. */
function pressToPaint(page: Page, key: string): Promise<number> {
  return page.evaluate(
    (key) =>
      new Promise<number>((resolve) => {
        const cell = document.activeElement!;
        const started = performance.now();
        cell.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0));
      }),
    key,
  );
}

const server = await startServer({ LOG_LEVEL: "warn" }, { quiet: true });
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const stats = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))]! * 10) / 10;
  return { p50_ms: at(0.5), p95_ms: at(0.95), max_ms: at(1) };
};

try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/garden`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page
    .getByLabel("Start from an example layout")
    .selectOption({ label: "2m² box, spring and summer (planted September to December)" });
  await page.getByLabel("Plant to place").selectOption({ label: "Spring onion (16 a square)" });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });

  const place: number[] = [];
  const moveOnly: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const square = i % 18;
    await page.locator(`[data-square="${square}"]`).focus();
    await pressToPaint(page, "Delete");
    place.push(await pressToPaint(page, "Enter"));
    moveOnly.push(await pressToPaint(page, square % 6 === 5 ? "ArrowLeft" : "ArrowRight"));
  }
  printTable(`Garden editor, 390 px, 4× CPU, 2 m² box, ${RUNS} presses each`, [
    { press: "Enter: place a plant (all rules re-run)", ...stats(place) },
    { press: "reference: arrow key, move to the next square", ...stats(moveOnly) },
  ]);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
