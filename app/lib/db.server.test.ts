import { readdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import { db, isDatabaseUnavailable, openDatabase } from "./db.server.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

test("a connection lost inside a transaction fails that transaction, not the process", async ({
  skip,
}) => {
  // PGlite is in-process: it has no connection to lose.
  if (t.handle.kind !== "postgres") skip();
  const admin = new pg.Client({ connectionString: t.url });
  await admin.connect();
  try {
    const failed = await db()
      .transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        };
        // The server ends this connection (as a restart does) while the transaction holds it
        // between two statements: the client hears it with no query running.
        await admin.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
        await new Promise((r) => setTimeout(r, 200));
        await tx.execute(sql`select 1`);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failed).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failed)).toBe(true);
    // The pool goes on with other connections.
    const { rows } = (await db().execute(sql`select 1 as one`)) as unknown as {
      rows: { one: number }[];
    };
    expect(rows).toEqual([{ one: 1 }]);
  } finally {
    await admin.end();
  }
});

test("processes starting together on a fresh database each migrate it without failing", async ({
  skip,
}) => {
  // Only PostgreSQL has several processes on one database; PGlite is one process's own.
  if (t.handle.kind !== "postgres") skip();
  const name = `patch_fresh_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: t.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(t.url);
  url.pathname = `/${name}`;
  // Two web processes and a worker, as a deploy starts them: each its own pool.
  const handles = await Promise.all([1, 2, 3].map(() => openDatabase(url.toString(), 2)));
  try {
    const results = await Promise.allSettled(handles.map((h) => h.migrate()));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    // Each migration applied once.
    const applied = (await handles[0]!.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { n: number }[] };
    const files = readdirSync("db/migrations").filter((f) => f.endsWith(".sql"));
    expect(applied.rows[0]!.n).toBe(files.length);
  } finally {
    await Promise.all(handles.map((h) => h.close()));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});
