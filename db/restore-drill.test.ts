import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "#app/lib/db.server.ts";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import { restoreDrill } from "./restore-drill.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

test("the restore drill dumps, restores and finds every row back", async ({ skip }) => {
  // pg_dump and pg_restore are PostgreSQL's; the embedded database is a folder to copy.
  if (t.handle.kind !== "postgres") skip();
  await db().execute(
    sql`insert into contacts (id, email, source) values (gen_random_uuid(), 'drill@example.com', 'waitlist_page')`,
  );
  const result = await restoreDrill(t.url);
  expect(result.differences).toEqual([]);
  expect(result.ok).toBe(true);
  expect(result.tables).toBeGreaterThan(20);
  expect(result.rows).toBeGreaterThan(0);
  expect(result.dumpBytes).toBeGreaterThan(0);
});

test("the drill refuses a database it can't dump", async () => {
  await expect(restoreDrill("memory://")).rejects.toThrow(/PostgreSQL/);
});
