// The server as a process: a wrong setting stops it with one line; SIGTERM finishes in-flight
// requests and exits 0 within 10 s; `npm start` with nothing set says what stands in for its
// settings, keeps its mailbox from strangers and links to the port it listens on.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { resolve } from "node:path";
import pg from "pg";
import { expect, test } from "vitest";
import { withDatabase } from "#tests/setup/postgres-template.ts";
import { printedMailboxUrl, startServer } from "./server-process.ts";

test("a wrong setting stops the process with one clear line naming it", () => {
  const run = spawnSync(resolve("node_modules/.bin/node"), ["server/index.ts"], {
    env: { PATH: process.env.PATH, NODE_ENV: "production", PORT: "eighty", LOG_LEVEL: "silent" },
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(run.status).toBe(1);
  expect(run.stderr.trim().split("\n")).toEqual([
    "Setting PORT is invalid: must be a port number between 1 and 65535",
  ]);
});

test("SIGTERM finishes in-flight requests, closes the database and exits 0 within 10 s", async () => {
  const server = await startServer();
  // A request that is surely in flight when the signal comes: its headers are sent at once, and the
  // rest of its body only after SIGTERM.
  const encoder = new TextEncoder();
  let sendTheRest!: () => void;
  const rest = new Promise<void>((resolve) => (sendTheRest = resolve));
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode('{"email":"sigterm@example.nz",'));
      await rest;
      controller.enqueue(encoder.encode('"region":"Otago"}'));
      controller.close();
    },
  });
  const inFlight = fetch(`${server.url}/api/waitlist`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body,
    duplex: "half",
  } as RequestInit).then(async (r) => ({ status: r.status, body: await r.text() }));
  await new Promise((r) => setTimeout(r, 300));
  const started = Date.now();
  const stopped = server.stop();
  await new Promise((r) => setTimeout(r, 200));
  sendTheRest();
  const code = await stopped;
  const elapsed = Date.now() - started;
  expect(code).toBe(0);
  expect(elapsed).toBeLessThan(10_000);
  const answered = await inFlight;
  expect(answered.status).toBe(201);
  expect(JSON.parse(answered.body)).toMatchObject({ ok: true });
  await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  // Starting a server of its own takes most of a minute on a busy two-core machine.
}, 120_000);

test("`npm start` with no APP_ENV or SITE_URL: links follow PORT, the mailbox is the console's alone", async () => {
  // As on a fresh clone (the secret given, so nothing is written into the project's .data).
  const server = await startServer({
    APP_ENV: "development",
    SITE_URL: "",
    AUTH_SECRET: "a-secret-for-this-test-only-0123456789",
  });
  try {
    const port = new URL(server.url).port;
    const home = await (await fetch(`${server.url}/`)).text();
    // The hero's Shop button and the survey link go where the site is.
    expect(home).toContain(`href="http://localhost:${port}/products"`);
    expect(home).not.toContain("localhost:3000");

    const notice = server.output();
    expect(notice).toContain(
      "Running with development conveniences (APP_ENV=development; APP_ENV=production allows none):",
    );
    expect(notice).toContain("  - Payments: the demo provider");
    expect(notice).toContain("  - Admins: the example addresses admin@example.com");
    const mailbox = await printedMailboxUrl(server.output);
    expect(mailbox).toMatch(new RegExp(`^http://localhost:${port}/_dev/mail\\?key=[\\w-]{43}$`));

    expect((await fetch(`${server.url}/_dev/mail`)).status).toBe(404);
    expect((await fetch(`${server.url}/_dev/crash`)).status).toBe(404);
    const opened = await fetch(mailbox, { redirect: "manual" });
    expect(opened.status).toBe(303);
    const cookie = (opened.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect((await fetch(`${server.url}/_dev/mail`, { headers: { cookie } })).status).toBe(200);
  } finally {
    await server.stop();
  }
});

test("WEB_PROCESSES above 1 with the embedded database stops the process with one line", () => {
  const run = spawnSync(resolve("node_modules/.bin/node"), ["server/index.ts"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      WEB_PROCESSES: "2",
      LOG_LEVEL: "silent",
    },
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(run.status).toBe(1);
  expect(run.stderr.trim().split("\n")).toEqual([
    "Setting WEB_PROCESSES is invalid: more than one web process needs DATABASE_URL to be a PostgreSQL database (the embedded one belongs to one process)",
  ]);
});

/** The processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A GET's status over a connection of its own (no keep-alive pool). */
function statusOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, timeout: 10_000 }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on("timeout", function (this: http.ClientRequest) {
        this.destroy(new Error(`no answer from ${url} in 10 s`));
      })
      .on("error", reject);
  });
}

const base = process.env.TEST_DATABASE_URL;
test.skipIf(!base)(
  "WEB_PROCESSES=2 on PostgreSQL: two web processes share the port, a dead one is replaced, SIGTERM stops all",
  async () => {
    const name = `patch_cluster_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const server = await startServer({
        DATABASE_URL: withDatabase(base!, name),
        WEB_PROCESSES: "2",
      });
      const primary = server.child.pid!;
      try {
        const first = childrenOf(primary);
        expect(first).toHaveLength(2);
        // The primary migrated and seeded once: the shop has its products.
        expect(await (await fetch(`${server.url}/products`)).text()).toContain("Grow Box");
        // The start-up notice is said once, when both listen, not once per process.
        await printedMailboxUrl(server.output);
        expect(server.output().match(/Running with development conveniences/g)).toHaveLength(1);

        process.kill(first[0]!, "SIGKILL");
        // Once the primary has seen it go, the other answers (on a new connection: the dead
        // one's are gone) while the primary starts a new one.
        const seen = Date.now() + 10_000;
        while (!server.output().includes("a web process stopped") && Date.now() < seen)
          await new Promise((r) => setTimeout(r, 50));
        expect(await statusOnNewConnection(`${server.url}/api/health`)).toBe(200);
        const until = Date.now() + 30_000;
        let now = childrenOf(primary);
        while ((now.length < 2 || now.includes(first[0]!)) && Date.now() < until) {
          await new Promise((r) => setTimeout(r, 200));
          now = childrenOf(primary);
        }
        expect(now).toHaveLength(2);
        expect(now).not.toContain(first[0]);
        expect(await statusOnNewConnection(`${server.url}/`)).toBe(200);
      } finally {
        const code = await server.stop();
        expect(code).toBe(0);
      }
      expect(childrenOf(primary)).toEqual([]);
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  },
  120_000,
);
