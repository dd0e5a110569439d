// The embedded database on its own thread (ADR 052) keeps PGlite's semantics: the caller's
// parsers, PostgreSQL's error fields, one connection whose transaction holds it, a dump that
// starts another, and a clear refusal once closed. Every other PGlite test runs through it too.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { types } from "@electric-sql/pglite";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { PgliteThread } from "./pglite-thread.server.ts";

/** The tests' migrated template (starting from it is quicker than an empty database's initdb). */
const template = () => new Blob([readFileSync(inject("pgliteTemplate"))]);

let pglite: PgliteThread;
beforeAll(async () => {
  pglite = await PgliteThread.open({ loadDataDir: template() });
  await pglite.exec(`
    create table notes (id int primary key, body text not null, at timestamptz not null);
    insert into notes values (1, 'kūmara', '2026-11-27 10:00:00+13');`);
});
afterAll(() => pglite.close());

test("rows come back in either shape, PostgreSQL's own types parsed as PGlite parses them", async () => {
  const objects = await pglite.query<{ id: number; body: string; at: Date }>(
    "select id, body, at from notes where id = $1",
    [1],
  );
  expect(objects.rows).toEqual([
    { id: 1, body: "kūmara", at: new Date("2026-11-26T21:00:00.000Z") },
  ]);
  expect(objects.fields.map((f) => f.name)).toEqual(["id", "body", "at"]);
  const arrays = await pglite.query("select id, body from notes where id = 1", [], {
    rowMode: "array",
  });
  expect(arrays.rows).toEqual([[1, "kūmara"]]);
});

test("the caller's parsers see PostgreSQL's text for their types and nothing else", async () => {
  const seen: string[] = [];
  const { rows } = await pglite.query<[number, string]>(
    "select id, at from notes where id = 1",
    [],
    {
      rowMode: "array",
      parsers: {
        [types.TIMESTAMPTZ]: (text: string) => {
          seen.push(text);
          return `parsed ${text}`;
        },
      },
    },
  );
  expect(seen).toEqual(["2026-11-26 21:00:00+00"]);
  expect(rows).toEqual([[1, "parsed 2026-11-26 21:00:00+00"]]);
});

test("a refused statement keeps PostgreSQL's error fields", async () => {
  const error = await pglite.query("insert into notes values ($1, $2, now())", [1, "again"]).then(
    () => null,
    (e: unknown) => e as Error & { code?: string; constraint?: string; table?: string },
  );
  expect(error).toBeInstanceOf(Error);
  expect(error?.code).toBe("23505");
  expect(error?.constraint).toBe("notes_pkey");
  expect(error?.message).toMatch(/duplicate key/);
});

test("a transaction commits when its work returns and rolls back when it throws", async () => {
  const written = await pglite.transaction(async (tx) => {
    await tx.query("insert into notes values (20, 'silverbeet', now())");
    return (
      await tx.query<{ n: number }>(
        "select count(*)::int as n from notes where id between 20 and 29",
      )
    ).rows[0]?.n;
  });
  expect(written).toBe(1);
  const failure = new Error("changed my mind");
  await expect(
    pglite.transaction(async (tx) => {
      await tx.query("insert into notes values (21, 'yams', now())");
      throw failure;
    }),
  ).rejects.toBe(failure);
  const { rows } = await pglite.query<{ id: number }>(
    "select id from notes where id between 20 and 29 order by id",
  );
  expect(rows.map((r) => r.id)).toEqual([20]);
});

test("a transaction that rolls itself back keeps nothing and can't be used after", async () => {
  let used: Awaited<Parameters<Parameters<PgliteThread["transaction"]>[0]>[0]> | undefined;
  await pglite.transaction(async (tx) => {
    used = tx;
    await tx.query("insert into notes values (4, 'garlic', now())");
    await tx.rollback();
    expect(tx.closed).toBe(true);
  });
  await expect(used!.query("select 1")).rejects.toThrow(/closed/);
  const { rows } = await pglite.query("select id from notes where id = 4");
  expect(rows).toEqual([]);
});

test("a statement from outside waits while a transaction holds the one connection", async () => {
  await pglite.query("insert into notes values (30, 'kale', now())");
  const order: string[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const transaction = pglite.transaction(async (tx) => {
    await tx.query("update notes set body = 'courgette' where id = 30");
    order.push("transaction wrote");
    await held;
    order.push("transaction ends");
  });
  // Give the transaction its start; the read below must not see its row half-done.
  await new Promise((r) => setTimeout(r, 50));
  const read = pglite.query<{ body: string }>("select body from notes where id = 30").then((r) => {
    order.push(`outside read ${r.rows[0]?.body}`);
  });
  await new Promise((r) => setTimeout(r, 100));
  release();
  await Promise.all([transaction, read]);
  expect(order).toEqual(["transaction wrote", "transaction ends", "outside read courgette"]);
});

test("a dump starts another database with the same rows", async () => {
  const dump = await pglite.dumpDataDir();
  const copy = await PgliteThread.open({ loadDataDir: dump });
  try {
    const { rows } = await copy.query<{ body: string }>("select body from notes where id = 1");
    expect(rows).toEqual([{ body: "kūmara" }]);
  } finally {
    await copy.close();
  }
});

test("once closed, every call is refused at once", async () => {
  const short = await PgliteThread.open({ loadDataDir: template() });
  await short.close();
  expect(short.closed).toBe(true);
  await expect(short.query("select 1")).rejects.toThrow("PGlite is closed");
  await expect(short.transaction(async () => 1)).rejects.toThrow("PGlite is closed");
  await short.close();
});

const scriptDirs: string[] = [];
afterAll(() => scriptDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A stand-in worker file: `body` runs in the thread. */
function workerScript(body: string): string {
  const dir = mkdtempSync(join(tmpdir(), "pglite-thread-"));
  scriptDirs.push(dir);
  const file = join(dir, "worker.mjs");
  writeFileSync(file, `import { parentPort } from "node:worker_threads";\n${body}\n`);
  return file;
}

test("a thread that stops before it is ready makes the start fail, not wait", async () => {
  await expect(PgliteThread.open({ script: workerScript("process.exit(3);") })).rejects.toThrow(
    "The embedded database's thread stopped before it was ready (exit 3)",
  );
});

test("a thread that stops while a statement waits refuses it, and every call after", async () => {
  const dying = await PgliteThread.open({
    script: workerScript(
      `parentPort.postMessage({ ready: true });\nparentPort.on("message", () => process.exit(1));`,
    ),
  });
  await expect(dying.query("select 1")).rejects.toThrow(
    "The embedded database's thread has stopped",
  );
  expect(dying.closed).toBe(true);
  await expect(dying.query("select 1")).rejects.toThrow("PGlite is closed");
});
