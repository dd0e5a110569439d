// The database: one DATABASE_URL switch between PostgreSQL (pg Pool), PGlite on disk and in memory.
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { PgliteThread } from "./pglite-thread.server.ts";
import * as schema from "#db/schema/index.ts";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "postgres" | "pglite";
  /** The embedded PGlite, on its own thread (the queue shares its single connection). */
  pglite?: PgliteThread;
  /** The pg pool when on PostgreSQL. */
  pool?: pg.Pool;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS = resolve(process.cwd(), "db/migrations");

/** `template`: an embedded database starts as this data-directory dump (tests' migrated copy). */
export async function openDatabase(
  url: string,
  poolSize = 10,
  template?: Blob,
): Promise<DatabaseHandle> {
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) {
    const pool = new pg.Pool({
      connectionString: url,
      max: poolSize,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // A client that loses its server (a restart) must not crash the process: the pool hears it
    // while the client is idle, and each client itself while it is checked out (inside a
    // transaction between two statements), where pg would otherwise throw an unhandled 'error'.
    // The query it was running, or the next one, fails and answers 503 (isDatabaseUnavailable).
    pool.on("error", () => {});
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      pool,
      migrate: () => migrateUnderLock(pool, db),
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (url.startsWith("pglite://")) {
    dataDir = resolve(process.cwd(), url.slice("pglite://".length));
    mkdirSync(dataDir, { recursive: true });
  }
  const pglite = await PgliteThread.open(
    dataDir ? { dataDir } : template ? { loadDataDir: template } : {},
  );
  const db = drizzlePglite(pglite as never, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    pglite,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS }),
    close: () => pglite.close(),
  };
}

/** Any number of processes may start at once on a fresh database (web ×N, a worker, the release
 * step): each applies the migrations while holding one session-level advisory lock, so the
 * second waits for the first and then finds nothing left to apply, instead of racing it to
 * create the same tables. The lock is on a client of its own, held across the migrator's
 * statements (which run on other pooled connections), and always released. */
export const MIGRATION_LOCK_KEY = 7_202_611;

async function migrateUnderLock(pool: pg.Pool, db: Database): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(db as never, { migrationsFolder: MIGRATIONS });
    } finally {
      await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    lock.release();
  }
}

let handle: DatabaseHandle | undefined;

/** Set once at boot (server, worker, tests); every use-case reads the database through here. */
export function setDatabase(next: DatabaseHandle | undefined): void {
  handle = next;
}

export function database(): DatabaseHandle {
  if (!handle) throw new Error("The database is not open: call setDatabase() at boot");
  return handle;
}

export function db(): Database {
  return database().db;
}

export async function pingDatabase(): Promise<{ ok: boolean; latencyMs: number; error?: string }> {
  const started = performance.now();
  try {
    await db().execute(sql`select 1`);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return {
      ok: false,
      latencyMs: Math.round(performance.now() - started),
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
]);

/** Is this the database being down or restarting (answer 503 and retry), not a bug (500)? */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const err = e as { code?: string; message?: string; cause?: unknown };
    if (err.code && (UNAVAILABLE_CODES.has(err.code) || err.code.startsWith("08"))) return true;
    if (
      typeof err.message === "string" &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i.test(
        err.message,
      )
    ) {
      return true;
    }
    e = err.cause;
  }
  return false;
}
