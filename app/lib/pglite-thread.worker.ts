// The embedded database's own thread (ADR 052): one PGlite, answering the messages of
// pglite-thread.server.ts. PostgreSQL's work (parsing, planning, executing, the wire protocol)
// runs here, on another core than the pages that asked for it. Plain TypeScript that Node runs as
// it is (type stripping): it is started by path, outside the server bundle.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction } from "@electric-sql/pglite";

interface Start {
  dataDir?: string;
  loadDataDir?: ArrayBuffer;
}

interface Call {
  id: number;
  op: "query" | "exec" | "begin" | "end" | "rollback" | "dump" | "close";
  tx?: number;
  sql?: string;
  params?: unknown[];
  rowMode?: "array" | "object";
  /** Type OIDs to return as PostgreSQL's text (the caller applies its own parsers to them). */
  raw?: number[];
  commit?: boolean;
}

interface Open {
  tx?: Transaction;
  end: (commit: boolean) => void;
  done: Promise<void>;
}

const port = parentPort;
if (!port) throw new Error("pglite-thread.worker.ts runs as a worker thread");
const start = workerData as Start;
const keepText = (value: string) => value;
const ROLLBACK = Symbol("rollback");
const open = new Map<number, Open>();
let nextTx = 1;

/** An error as plain data: its message, name and every primitive field (code, detail, ...). */
function plain(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error), name: "Error" };
  const out: Record<string, unknown> = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) out[key] = value;
  }
  return out;
}

function transactionOf(call: Call): Transaction {
  const found = call.tx === undefined ? undefined : open.get(call.tx)?.tx;
  if (!found) throw new Error("This transaction has already ended");
  return found;
}

async function begin(pglite: PGlite): Promise<number> {
  const id = nextTx++;
  let end!: (commit: boolean) => void;
  const ended = new Promise<boolean>((resolve) => (end = resolve));
  let began!: () => void;
  const started = new Promise<void>((resolve) => (began = resolve));
  const entry: Open = { end, done: Promise.resolve() };
  open.set(id, entry);
  entry.done = pglite
    .transaction(async (tx) => {
      entry.tx = tx;
      began();
      if (!(await ended)) throw ROLLBACK;
    })
    .then(
      () => undefined,
      (error: unknown) => {
        if (error !== ROLLBACK) throw error;
      },
    )
    .finally(() => open.delete(id));
  // PGlite may refuse to begin at all (closed): that refusal is the answer.
  await Promise.race([started, entry.done]);
  if (!entry.tx) throw new Error("The transaction could not begin");
  return id;
}

async function answer(pglite: PGlite, call: Call): Promise<unknown> {
  switch (call.op) {
    case "query": {
      const target = call.tx === undefined ? pglite : transactionOf(call);
      const parsers = call.raw?.length
        ? Object.fromEntries(call.raw.map((oid) => [oid, keepText]))
        : undefined;
      return target.query(call.sql ?? "", call.params, {
        ...(call.rowMode ? { rowMode: call.rowMode } : {}),
        ...(parsers ? { parsers } : {}),
      });
    }
    case "exec":
      return (call.tx === undefined ? pglite : transactionOf(call)).exec(call.sql ?? "");
    case "begin":
      return begin(pglite);
    case "rollback":
      return transactionOf(call).rollback();
    case "end": {
      const entry = call.tx === undefined ? undefined : open.get(call.tx);
      if (!entry) return undefined;
      entry.end(call.commit === true);
      return entry.done;
    }
    case "dump": {
      const file = await pglite.dumpDataDir("none");
      return file.arrayBuffer();
    }
    case "close":
      return pglite.close();
  }
}

try {
  const pglite = await PGlite.create(
    start.dataDir
      ? { dataDir: start.dataDir }
      : start.loadDataDir
        ? { loadDataDir: new Blob([start.loadDataDir]) }
        : {},
  );
  port.on("message", (call: Call) => {
    answer(pglite, call).then(
      (result) =>
        port.postMessage({ id: call.id, result }, result instanceof ArrayBuffer ? [result] : []),
      (error: unknown) => port.postMessage({ id: call.id, error: plain(error) }),
    );
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: plain(error) });
}
