// Global setup: one migrated PGlite kept as a data-directory dump, which every PGlite test file
// loads instead of starting an empty one and migrating it. Starting an empty PGlite runs initdb,
// most of a test file's time on a busy machine (12-20 s against 3 s to load the dump). The dump is
// kept under node_modules/.cache, named by the PGlite version and the migrations' content, so a
// new or changed migration makes a new one.
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { openDatabase } from "#app/lib/db.server.ts";

function templatePath(): string {
  const hash = createHash("sha256");
  const { version } = JSON.parse(
    readFileSync(resolve("node_modules/@electric-sql/pglite/package.json"), "utf8"),
  ) as { version: string };
  hash.update(version);
  const files = readdirSync("db/migrations", { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
  for (const file of files) hash.update(`${file}\n`).update(readFileSync(file));
  return resolve(`node_modules/.cache/pglite-template/${hash.digest("hex").slice(0, 16)}.tar`);
}

export default async function setup({
  provide,
}: {
  provide: (key: string, value: string) => void;
}) {
  const path = templatePath();
  if (!existsSync(path)) {
    const handle = await openDatabase("memory://");
    await handle.migrate();
    const dump = await handle.pglite!.dumpDataDir();
    await handle.close();
    mkdirSync(resolve(path, ".."), { recursive: true });
    // Written aside and renamed, so a run starting meanwhile never reads half a file.
    const partial = `${path}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
  }
  provide("pgliteTemplate", path);
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
