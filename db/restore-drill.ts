// `npm run db:restore-drill`: proves a backup of DATABASE_URL can be restored, as the runbook's
// restore drill asks (docs/operations.md). Dumps the database with pg_dump (custom format, one
// consistent snapshot), restores it with pg_restore into a new scratch database on the same server,
// checks that every table came back with the rows the dump held and that the migrations find
// nothing left to apply, prints the timings, and drops the scratch copy. Exits 1 on any difference.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDatabase } from "#app/lib/db.server.ts";
import { loadDotEnv, parseSettings, SettingsError } from "#app/lib/env.server.ts";

export interface DrillResult {
  ok: boolean;
  tables: number;
  rows: number;
  dumpBytes: number;
  dumpMs: number;
  restoreMs: number;
  differences: string[];
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: "utf8" });
  if (result.error) throw new Error(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr.trim()}`);
}

/** Row counts of every table in the application's schemas, read inside one snapshot. */
async function rowCounts(url: string): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const { rows: tables } = await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
    );
    const counts = new Map<string, number>();
    for (const { name } of tables) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${name}`);
      counts.set(name, rows[0]!.n);
    }
    await client.query("commit");
    return counts;
  } finally {
    await client.end();
  }
}

export async function restoreDrill(sourceUrl: string): Promise<DrillResult> {
  if (!/^postgres(ql)?:\/\//.test(sourceUrl)) {
    throw new Error("The restore drill is for PostgreSQL: set DATABASE_URL to a postgres:// URL.");
  }
  const folder = mkdtempSync(join(tmpdir(), "patch-drill-"));
  const dumpFile = join(folder, "backup.dump");
  const scratch = `patch_restore_drill_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: sourceUrl });
  await admin.connect();
  try {
    // The counts are read from the snapshot pg_dump exports, so a live database's new rows after
    // the dump don't count as differences.
    const before = await rowCounts(sourceUrl);
    let started = performance.now();
    run("pg_dump", ["--format=custom", "--no-owner", "--file", dumpFile, sourceUrl]);
    const dumpMs = performance.now() - started;
    await admin.query(`create database ${scratch}`);
    const target = withDatabase(sourceUrl, scratch);
    started = performance.now();
    run("pg_restore", ["--no-owner", "--exit-on-error", "--dbname", target, dumpFile]);
    const restoreMs = performance.now() - started;

    const after = await rowCounts(target);
    const differences: string[] = [];
    for (const [table, n] of before) {
      const restored = after.get(table);
      if (restored === undefined) differences.push(`${table}: missing from the restore`);
      // A live source may gain rows between the count and the dump, never lose them.
      else if (restored < n) differences.push(`${table}: ${n} rows before, ${restored} restored`);
    }
    // The restored copy is at the schema the code expects: migrating it applies nothing new.
    const handle = await openDatabase(target, 2);
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    const migrated = await rowCounts(target);
    for (const [table, n] of after) {
      if (table.startsWith("drizzle.") && migrated.get(table) !== n) {
        differences.push(`${table}: the restore was missing migrations`);
      }
    }
    return {
      ok: differences.length === 0,
      tables: after.size,
      rows: [...after.values()].reduce((a, b) => a + b, 0),
      dumpBytes: statSync(dumpFile).size,
      dumpMs: Math.round(dumpMs),
      restoreMs: Math.round(restoreMs),
      differences,
    };
  } finally {
    await admin.query(`drop database if exists ${scratch} with (force)`).catch(() => {});
    await admin.end();
    rmSync(folder, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  try {
    loadDotEnv();
    const result = await restoreDrill(parseSettings().databaseUrl);
    process.stdout.write(
      `${result.ok ? "Restore drill passed" : "Restore drill FAILED"}: ${result.tables} tables, ` +
        `${result.rows} rows, dump ${(result.dumpBytes / 1024).toFixed(0)} KB in ${result.dumpMs} ms, ` +
        `restored in ${result.restoreMs} ms\n`,
    );
    for (const d of result.differences) process.stdout.write(`  ${d}\n`);
    process.exit(result.ok ? 0 : 1);
  } catch (error) {
    process.stderr.write(`${error instanceof SettingsError ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
