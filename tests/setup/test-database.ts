// A fresh, migrated database for the calling test file, on the engine of the running project
// (PGlite, or PostgreSQL copied from the migrated template), with settings and queue wired up.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { inject } from "vitest";
import { db, openDatabase, setDatabase, type DatabaseHandle } from "#app/lib/db.server.ts";
import {
  EXAMPLE_ADMIN_EMAILS,
  parseSettings,
  setSettings,
  type Settings,
} from "#app/lib/env.server.ts";
import { setLogLevel } from "#app/lib/log.server.ts";
import { withDatabase } from "./postgres-template.ts";

export interface TestDatabase {
  handle: DatabaseHandle;
  settings: Settings;
  url: string;
  close(): Promise<void>;
}

export function testSettings(overrides: Record<string, string> = {}): Settings {
  return parseSettings({
    APP_ENV: "test",
    LOG_LEVEL: "silent",
    RUN_WORKER: "false",
    // Mail to an in-process SMTP server: the example admins are named, as real mail needs.
    ...(overrides.SMTP_URL ? { ADMIN_EMAILS: EXAMPLE_ADMIN_EMAILS.join(",") } : {}),
    ...overrides,
  });
}

export async function openTestDatabase(
  overrides: Record<string, string> = {},
): Promise<TestDatabase> {
  setLogLevel("silent");
  const base = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB === "postgres" && base) {
    const name = `patch_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("templateDb")}`);
    const url = withDatabase(base, name);
    const handle = await openDatabase(url, 5);
    const settings = testSettings({ DATABASE_URL: url, ...overrides });
    setSettings(settings);
    setDatabase(handle);
    return {
      handle,
      settings,
      url,
      async close() {
        setDatabase(undefined);
        await handle.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  // A copy of the migrated template (tests/setup/pglite-template.ts); migrating it again is a no-op.
  const template = new Blob([readFileSync(inject("pgliteTemplate"))]);
  const handle = await openDatabase("memory://", undefined, template);
  await handle.migrate();
  const settings = testSettings({ DATABASE_URL: "memory://", ...overrides });
  setSettings(settings);
  setDatabase(handle);
  return {
    handle,
    settings,
    url: "memory://",
    async close() {
      setDatabase(undefined);
      await handle.close();
    },
  };
}

/**
 * Empties every table of ours, and the queue's jobs (its queues and schedules stay), so the next
 * test starts from a database as good as new at a fraction of a new one's cost: for files whose
 * tests each need to be alone (a run that goes to everyone, counts of everything).
 */
export async function emptyDatabase(): Promise<void> {
  const found = (await db().execute(sql`
    select format('%I.%I', schemaname, tablename) as name from pg_tables
    where schemaname = 'public' or (schemaname = 'pgboss' and tablename = 'job')`)) as unknown as {
    rows: { name: string }[];
  };
  if (found.rows.length === 0) return;
  await db().execute(sql.raw(`truncate ${found.rows.map((r) => r.name).join(", ")} cascade`));
}

/**
 * emptyDatabase for a loop that empties the database thousands of times (the money property
 * suite): one statement that deletes the rows of only the tables that have any, with foreign keys'
 * triggers off for the transaction (every table is emptied, so none can be left dangling).
 * TRUNCATE makes each table new files on PostgreSQL, ~60 of them every time; deleting a few rows
 * from the dozen tables a sequence wrote to costs a fraction of it.
 */
export async function emptyDatabaseQuickly(): Promise<void> {
  await db().transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`do $$
      declare t text;
      begin
        for t in select format('%I.%I', schemaname, tablename) from pg_tables
                 where schemaname = 'public' or (schemaname = 'pgboss' and tablename = 'job')
        loop
          execute format('delete from %s where exists (select 1 from %s limit 1)', t, t);
        end loop;
      end $$`);
  });
}
