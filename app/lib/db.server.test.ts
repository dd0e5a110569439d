import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import { db, isDatabaseUnavailable } from "./db.server.ts";

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
