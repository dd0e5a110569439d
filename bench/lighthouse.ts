// Lighthouse 13 with its mobile defaults on Debian's Chromium, median of 5 runs per page.
// `npm run bench -- lighthouse` (pages: BENCH_PAGES="/,/education/slug-patrol"; default "/").
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromiumPath } from "#tests/e2e/chromium.ts";
import { printTable, startServer } from "./lib.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const pages = (process.env.BENCH_PAGES ?? "/").split(",");
const server = await startServer({ LOG_LEVEL: "warn" }, { quiet: true });
const dir = mkdtempSync(join(tmpdir(), "lighthouse-"));

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  si: number;
  tbt: number;
  cls: number;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

try {
  const rows = [];
  for (const page of pages) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const out = join(dir, `run-${i}.json`);
      const run = () =>
        execFileSync(
          "node_modules/.bin/lighthouse",
          [
            server.url + page,
            "--output=json",
            `--output-path=${out}`,
            "--quiet",
            "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run",
          ],
          { env: { ...process.env, CHROME_PATH: chromiumPath() }, stdio: "ignore" },
        );
      // Lighthouse now and then fails to record a trace (NO_NAVSTART): try that run again.
      for (let attempt = 1; ; attempt++) {
        try {
          run();
          break;
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
      const report = JSON.parse(readFileSync(out, "utf8"));
      const c = report.categories;
      runs.push({
        performance: Math.round(c.performance.score * 100),
        accessibility: Math.round(c.accessibility.score * 100),
        bestPractices: Math.round(c["best-practices"].score * 100),
        seo: Math.round(c.seo.score * 100),
        fcp: report.audits["first-contentful-paint"].numericValue,
        lcp: report.audits["largest-contentful-paint"].numericValue,
        si: report.audits["speed-index"].numericValue,
        tbt: report.audits["total-blocking-time"].numericValue,
        cls: report.audits["cumulative-layout-shift"].numericValue,
      });
    }
    rows.push({
      page,
      performance: median(runs.map((r) => r.performance)),
      "FCP s": (median(runs.map((r) => r.fcp)) / 1000).toFixed(2),
      "LCP s": (median(runs.map((r) => r.lcp)) / 1000).toFixed(2),
      "SI s": (median(runs.map((r) => r.si)) / 1000).toFixed(2),
      "TBT ms": Math.round(median(runs.map((r) => r.tbt))),
      CLS: median(runs.map((r) => r.cls)).toFixed(3),
      accessibility: median(runs.map((r) => r.accessibility)),
      "best practices": median(runs.map((r) => r.bestPractices)),
      SEO: median(runs.map((r) => r.seo)),
    });
  }
  printTable(`Lighthouse mobile, median of ${RUNS}`, rows);
} finally {
  await server.stop();
}
