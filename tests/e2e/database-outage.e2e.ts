// While the database is away (PostgreSQL behind a TCP relay this test cuts: connections refused,
// open ones reset, as in a restart), a member's pages answer 503 with Retry-After and the "back in
// a moment" page, never the crash screen's 500; public pages keep coming from the page cache and
// readiness stays up; when the database returns the member's pages come back by themselves. The
// same site runs two web processes, whose /metrics answer is every process's figures together.
import { randomBytes } from "node:crypto";
import http from "node:http";
import { createServer, connect, type Server, type Socket } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { confirmedAccount } from "#bench/lib.ts";
import { withDatabase } from "#tests/setup/postgres-template.ts";
import { freePort, startServer, type ServerProcess } from "./server-process.ts";

const base = process.env.TEST_DATABASE_URL;
const TOKEN = "e2e-metrics-token-0123456789";

/** A TCP relay to PostgreSQL that can be cut (refusing and resetting) and restored. */
class Relay {
  private server: Server | undefined;
  private sockets = new Set<Socket>();
  readonly port: number;
  private target: { host: string; port: number };
  constructor(port: number, target: { host: string; port: number }) {
    this.port = port;
    this.target = target;
  }
  async open(): Promise<void> {
    this.server = createServer((inbound) => {
      const outbound = connect(this.target.port, this.target.host);
      this.sockets.add(inbound).add(outbound);
      const drop = () => {
        inbound.destroy();
        outbound.destroy();
        this.sockets.delete(inbound);
        this.sockets.delete(outbound);
      };
      inbound.on("error", drop).on("close", drop);
      outbound.on("error", drop).on("close", drop);
      inbound.pipe(outbound).pipe(inbound);
    });
    await new Promise<void>((r) => this.server!.listen(this.port, "127.0.0.1", r));
  }
  async cut(): Promise<void> {
    const closed = new Promise<void>((r) => this.server?.close(() => r()));
    for (const s of this.sockets) s.resetAndDestroy();
    this.sockets.clear();
    await closed;
  }
}

let admin: pg.Client;
let name: string;
let relay: Relay;
let app: ServerProcess;
let cookie: string;

beforeAll(async () => {
  if (!base) return;
  name = `patch_outage_${randomBytes(4).toString("hex")}`;
  admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(base);
  relay = new Relay(await freePort(), {
    host: target.hostname,
    port: Number(target.port || 5432),
  });
  await relay.open();
  const viaRelay = new URL(withDatabase(base, name));
  viaRelay.host = `127.0.0.1:${relay.port}`;
  app = await startServer({
    DATABASE_URL: viaRelay.toString(),
    WEB_PROCESSES: "2",
    METRICS_TOKEN: TOKEN,
    // Connections give up quickly while the database is away.
    DATABASE_POOL_SIZE: "4",
    LOG_LEVEL: "info",
  });
  cookie = await confirmedAccount(app, `outage.${Date.now()}@example.nz`, "kowhai on the ridge");
}, 120_000);

afterAll(async () => {
  if (!base) return;
  await app?.stop();
  await relay?.cut().catch(() => {});
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

/** A GET over a connection of its own, so each may reach either web process. */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      http
        .get(url, { agent: false, headers, timeout: 15_000 }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (d) => (body += d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        })
        .on("timeout", function (this: http.ClientRequest) {
          this.destroy(new Error(`no answer from ${url}`));
        })
        .on("error", reject);
    },
  );
}

function series(text: string, name: string): number {
  const line = text.split("\n").find((l) => l.startsWith(name + " "));
  return line ? Number(line.slice(name.length + 1)) : 0;
}

test.skipIf(!base)(
  "/metrics over two web processes counts every process's requests",
  async () => {
    const live = 'http_requests_total{method="GET",route="/api/health/live",status="200"}';
    const scrape = async () => {
      const res = await get(`${app.url}/metrics`, { authorization: `Bearer ${TOKEN}` });
      expect(res.status).toBe(200);
      return res.body;
    };
    const before = series(await scrape(), live);
    for (let i = 0; i < 40; i++) await get(`${app.url}/api/health/live`);
    // Whichever process takes the scrape, the 40 are there: both processes' counts added up.
    for (let i = 0; i < 4; i++) expect(series(await scrape(), live)).toBe(before + 40);
    const text = await scrape();
    // The queues are reported once (by the primary), the pools of all three processes together.
    expect(text).toContain('job_queue_depth{queue="subscriptions.renew"}');
    expect(series(text, 'db_pool_connections{state="max"}')).toBe(12);
  },
  60_000,
);

test.skipIf(!base)(
  "while the database is away: member pages 503 + Retry-After, public pages from the cache, readiness up",
  async () => {
    const asMember = { cookie, accept: "text/html" };
    expect((await get(`${app.url}/profile`, asMember)).status).toBe(200);
    // The home page kept by each process's page cache.
    for (let i = 0; i < 6; i++) expect((await get(`${app.url}/`)).status).toBe(200);

    await relay.cut();
    const cutAt = Date.now();
    for (const path of ["/profile", "/garden", "/profile/orders"]) {
      const res = await get(`${app.url}${path}`, asMember);
      expect(res.status, path).toBe(503);
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.headers["cache-control"]).toMatch(/no-store/);
      expect(res.body).toContain("We&#39;ll be back in a moment".replace("&#39;", "'"));
      expect(res.body).not.toContain("Something went wrong");
    }
    for (let i = 0; i < 4; i++) {
      const home = await get(`${app.url}/`);
      expect(home.status).toBe(200);
      expect(home.body).toContain("Patch");
    }
    // Each process keeps its database probe for a second (PROBE_TTL_MS), so a probe taken just
    // before the cut may still answer; within a few seconds every process reports the database down.
    let ready = await get(`${app.url}/api/health/ready`);
    for (let i = 0; i < 20 && JSON.parse(ready.body).database?.ok !== false; i++) {
      expect(ready.status).toBe(200);
      await new Promise((r) => setTimeout(r, 250));
      ready = await get(`${app.url}/api/health/ready`);
    }
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toMatchObject({ status: "ok", database: { ok: false } });
    expect(Date.now() - cutAt).toBeLessThan(25_000);

    await relay.open();
    const until = Date.now() + 20_000;
    let status = 0;
    while (Date.now() < until) {
      status = (await get(`${app.url}/profile`, asMember)).status;
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
    expect(app.output()).not.toMatch(/"level":50[^\n]*route error/);
  },
  90_000,
);
