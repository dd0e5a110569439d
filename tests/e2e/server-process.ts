// Starts the built site as its own process (as `npm start` would), on a free port.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { EXAMPLE_ADMIN_EMAILS } from "#app/lib/env.server.ts";

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? res(address.port) : rej()));
    });
  });
}

/** Signs the e2e posts to the text-message webhook (texts themselves go to <dataDir>/sms). */
export const E2E_SMS_WEBHOOK_TOKEN = "e2e-sms-webhook-token-0123456789";

export interface ServerProcess {
  url: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<number | null>;
}

export async function startServer(
  env: Record<string, string> = {},
  options: { quiet?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "patch-e2e-"));
  const url = `http://localhost:${port}`;
  let out = "";
  const child = spawn(resolve("node_modules/.bin/node"), ["server/index.ts"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      APP_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: url,
      DATABASE_URL: `pglite://${join(dataDir, "db")}`,
      MAIL_OUTBOX_DIR: join(dataDir, "mail"),
      SMS_OUTBOX_DIR: join(dataDir, "sms"),
      SMS_WEBHOOK_AUTH_TOKEN: E2E_SMS_WEBHOOK_TOKEN,
      LOG_LEVEL: "warn",
      // Profiling a benchmark's server: SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof".
      ...(process.env.SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS } : {}),
      // Mail to a local SMTP server (a benchmark's): the example admins are named, as real mail needs.
      ...(env.SMTP_URL ? { ADMIN_EMAILS: EXAMPLE_ADMIN_EMAILS.join(",") } : {}),
      ...env,
    },
    // Benchmarks send the logs nowhere, so collecting them costs the load generator nothing.
    stdio: ["ignore", options.quiet ? "ignore" : "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (out += d));
  child.stderr?.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${out}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not start in time:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    child,
    output: () => out,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** The `Mailbox: <url>` line of the server's start-up notice (server/startup-notice.ts). */
export async function printedMailboxUrl(output: () => string): Promise<string> {
  const until = Date.now() + 10_000;
  for (;;) {
    const line = /^Mailbox: (\S+)$/m.exec(output());
    if (line) return line[1]!;
    if (Date.now() > until) throw new Error(`The server printed no mailbox link:\n${output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
