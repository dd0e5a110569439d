// One server for the e2e suite: on PostgreSQL when TEST_DATABASE_URL is set (a fresh database),
// otherwise on embedded PGlite in a temporary folder.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import pg from "pg";
import { printedMailboxUrl, startServer } from "./server-process.ts";

export default async function setup({
  provide,
}: {
  provide: (key: string, value: string) => void;
}) {
  if (!existsSync("build/server/index.js")) {
    throw new Error("The e2e suite runs against the production build: run `npm run build` first.");
  }
  const base = process.env.TEST_DATABASE_URL;
  let dbName: string | undefined;
  const env: Record<string, string> = {};
  if (base) {
    dbName = `patch_e2e_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${dbName}`;
    env.DATABASE_URL = u.toString();
  }
  const server = await startServer({ TRUST_PROXY_HOPS: "1", ...env });
  // Empty on PGlite, which the server process holds open: the suite then checks pages instead.
  provide("databaseUrl", env.DATABASE_URL ?? "");
  provide("baseUrl", server.url);
  provide("dataDir", server.dataDir);
  // The development pages open only with the key the server prints at start, as for a person.
  provide("mailboxUrl", await printedMailboxUrl(server.output));
  return async () => {
    await server.stop();
    // The server's errors, so a failed run in CI says what went wrong on the server's side too.
    const errors = server
      .output()
      .split("\n")
      .filter((line) => /"level":(50|60)/.test(line));
    if (errors.length > 0)
      console.error(
        `The e2e server logged ${errors.length} errors:\n${errors.slice(-20).join("\n")}`,
      );
    if (base && dbName) {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    baseUrl: string;
    dataDir: string;
    mailboxUrl: string;
  }
}
