// Lighthouse 13 with its mobile defaults on Debian's Chromium, median of BENCH_RUNS (5) runs per
// page, each page beside the same page with every script removed (the reference, issue 20), served
// in the same run by a proxy in front of the same server, so what our JavaScript costs is the
// difference between the two rows whatever the host. `npm run bench -- lighthouse`
// (BENCH_PAGES="/,/products"; default: the public pages issue 20 names, the education hub, About
// and the waitlist, checkout and a legal page,
// the garden planner (issue 23) as a visitor sees it, and issue 21's /subscribe and
// /profile/subscription, signed in: a new member for the first, one with a running subscription
// for the second, their session cookie sent with every request).
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gunzipSync, brotliDecompressSync, inflateSync } from "node:zlib";
import { chromiumPath } from "#tests/e2e/chromium.ts";
import { confirmedAccount, printTable, startServer, subscribedMember } from "./lib.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DEFAULT_PAGES = [
  "/",
  "/products",
  "/product/family-grow-box-kit",
  "/education",
  "/education/slug-patrol",
  "/education/monthly/june",
  "/about",
  "/waitlist",
  "/calendar",
  "/privacy",
  "/checkout",
  "/garden",
  "/subscribe",
  "/profile/subscription",
];
const pages = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(",") : DEFAULT_PAGES;
const server = await startServer({ LOG_LEVEL: "warn" }, { quiet: true });
const dir = mkdtempSync(join(tmpdir(), "lighthouse-"));

// The pages only a signed-in member sees, and whose session they are seen with.
const SIGNED_IN: Record<string, () => Promise<string>> = {
  "/subscribe": () => confirmedAccount(server, "bench.new@example.nz", "bench kowhai tui ruru"),
  "/profile/subscription": () => subscribedMember(server, "bench.subscriber@example.nz"),
};
const cookies = new Map<string, string>();
for (const page of pages) {
  const signIn = SIGNED_IN[page];
  if (signIn) cookies.set(page, await signIn());
}

/** The page's HTML with every <script> (inline or not) and module preload taken out. */
function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === "gzip") return gunzipSync(body);
  if (encoding === "br") return brotliDecompressSync(body);
  if (encoding === "deflate") return inflateSync(body);
  return body;
}

// The reference: the same server through a proxy that strips scripts from every HTML answer and
// passes everything else (stylesheet, pictures, fonts) as it is.
const reference = http.createServer((req, res) => {
  const upstream = http.request(
    server.url + (req.url ?? "/"),
    { method: req.method, headers: { ...req.headers, host: new URL(server.url).host } },
    (answer) => {
      const type = String(answer.headers["content-type"] ?? "");
      if (!type.includes("text/html")) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on("data", (c: Buffer) => chunks.push(c));
      answer.on("end", () => {
        const html = decoded(
          Buffer.concat(chunks),
          answer.headers["content-encoding"] as string | undefined,
        ).toString("utf8");
        const headers = { ...answer.headers };
        delete headers["content-encoding"];
        delete headers["content-length"];
        delete headers["transfer-encoding"];
        delete headers.etag;
        res.writeHead(answer.statusCode ?? 502, headers);
        res.end(withoutScripts(html));
      });
    },
  );
  upstream.on("error", () => res.writeHead(502).end());
  req.pipe(upstream);
});
await new Promise<void>((r) => reference.listen(0, "127.0.0.1", r));
const address = reference.address();
const referenceUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsBytes: number;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

async function lighthouse(url: string, out: string, cookie?: string): Promise<Run> {
  // Not execFileSync: the reference proxy answers from this process, which must stay free.
  const run = () =>
    promisify(execFile)(
      "node_modules/.bin/lighthouse",
      [
        url,
        "--output=json",
        `--output-path=${out}`,
        "--quiet",
        ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run",
      ],
      // A run that hangs (a busy host) is ended and tried again rather than waited on for ever.
      {
        env: { ...process.env, CHROME_PATH: chromiumPath() },
        timeout: 180_000,
        killSignal: "SIGKILL",
      },
    );
  // Lighthouse now and then fails to record a trace (NO_NAVSTART): try that run again.
  for (let attempt = 1; ; attempt++) {
    try {
      await run();
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  const report = JSON.parse(readFileSync(out, "utf8"));
  const c = report.categories;
  // Every script the page loaded while Lighthouse watched, as sent (Brotli or gzip, ADR 058) with
  // its headers.
  const requests = (report.audits["network-requests"]?.details?.items ?? []) as {
    resourceType?: string;
    transferSize?: number;
  }[];
  return {
    performance: Math.round(c.performance.score * 100),
    accessibility: Math.round(c.accessibility.score * 100),
    bestPractices: Math.round(c["best-practices"].score * 100),
    seo: Math.round(c.seo.score * 100),
    fcp: report.audits["first-contentful-paint"].numericValue,
    lcp: report.audits["largest-contentful-paint"].numericValue,
    tbt: report.audits["total-blocking-time"].numericValue,
    cls: report.audits["cumulative-layout-shift"].numericValue,
    jsBytes: requests
      .filter((r) => r.resourceType === "Script")
      .reduce((n, r) => n + (r.transferSize ?? 0), 0),
  };
}

function row(page: string, runs: Run[]) {
  return {
    page,
    performance: median(runs.map((r) => r.performance)),
    "FCP s": (median(runs.map((r) => r.fcp)) / 1000).toFixed(2),
    "LCP s": (median(runs.map((r) => r.lcp)) / 1000).toFixed(2),
    "TBT ms": Math.round(median(runs.map((r) => r.tbt))),
    CLS: median(runs.map((r) => r.cls)).toFixed(3),
    "JS KB sent": (median(runs.map((r) => r.jsBytes)) / 1024).toFixed(1),
    a11y: median(runs.map((r) => r.accessibility)),
    "best pr.": median(runs.map((r) => r.bestPractices)),
    SEO: median(runs.map((r) => r.seo)),
  };
}

try {
  const rows = [];
  const summary = [];
  for (const page of pages) {
    const measured: Run[] = [];
    const bare: Run[] = [];
    // Alternate the two so that a busy moment on the host falls on both.
    for (let i = 0; i < RUNS; i++) {
      const cookie = cookies.get(page);
      measured.push(await lighthouse(server.url + page, join(dir, `run-${i}.json`), cookie));
      bare.push(await lighthouse(referenceUrl + page, join(dir, `ref-${i}.json`), cookie));
    }
    const m = row(page, measured);
    const r = row(`  ${page} (scripts removed)`, bare);
    rows.push(m, r);
    summary.push({
      page,
      performance: m.performance,
      "TBT above reference ms": m["TBT ms"] - r["TBT ms"],
      "LCP s": m["LCP s"],
      "JS KB sent": m["JS KB sent"],
    });
  }
  printTable(`Lighthouse mobile, median of ${RUNS}, each page beside it without scripts`, rows);
  printTable(
    "Against issue 20 (floor: performance ≥ 95, TBT above reference ≤ 100 ms, LCP ≤ 1.8 s, JS ≤ 60 KB on /, ≤ 90 KB elsewhere)",
    summary,
  );
} finally {
  reference.close();
  await server.stop();
}
