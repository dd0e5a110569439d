// Global setup: when TEST_DATABASE_URL is set, build one migrated template database that every
// test file copies (CREATE DATABASE ... TEMPLATE), so each file starts from a fresh, migrated one.
import pg from "pg";
import { openDatabase } from "#app/lib/db.server.ts";

export const TEMPLATE_DB = `patch_template_${process.pid}`;

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup({
  provide,
}: {
  provide: (key: string, value: string) => void;
}) {
  const url = process.env.TEST_DATABASE_URL;
  provide("templateDb", TEMPLATE_DB);
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  const handle = await openDatabase(withDatabase(url, TEMPLATE_DB), 2);
  await handle.migrate();
  await handle.close();
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.end();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    templateDb: string;
  }
}
