// The embedded database on a thread of its own (ADR 052). PGlite is PostgreSQL compiled to
// WebAssembly: in the web process's main thread every query's parsing, planning and executing
// competed with rendering pages (a quarter to a third of a member page's CPU). Here one worker
// thread owns the PGlite and this object speaks for it with the part of PGlite's interface that
// drizzle (query, transaction), pg-boss (query, exec), the tests' template (dumpDataDir) and
// close use. Semantics stay PGlite's own: one connection, a transaction holding it until it ends,
// other statements waiting meanwhile (the worker's PGlite does that queueing).
import { resolve } from "node:path";
import { Worker } from "node:worker_threads";
import type { QueryOptions, Results, Transaction } from "@electric-sql/pglite";

const WORKER = resolve(process.cwd(), "app/lib/pglite-thread.worker.ts");

interface Reply {
  id?: number;
  ready?: boolean;
  result?: unknown;
  error?: Record<string, unknown>;
}

/** The worker's error as an Error again, with PostgreSQL's fields (code, detail, constraint...). */
function revive(data: Record<string, unknown>): Error {
  const error = new Error(String(data.message));
  Object.assign(error, data);
  return error;
}

/** Applies the caller's parsers to the columns the worker returned as text. */
function parse<T>(results: Results<T>, options?: QueryOptions): Results<T> {
  const parsers = options?.parsers;
  if (!parsers) return results;
  const columns = results.fields
    .map((field, index) => ({ index, name: field.name, parser: parsers[field.dataTypeID] }))
    .filter((column) => column.parser);
  if (columns.length === 0) return results;
  const arrays = options.rowMode === "array";
  for (const row of results.rows as Record<string | number, unknown>[]) {
    for (const { index, name, parser } of columns) {
      const key = arrays ? index : name;
      const value = row[key];
      if (typeof value === "string") row[key] = parser?.(value);
    }
  }
  return results;
}

export class PgliteThread {
  readonly #worker: Worker;
  readonly #calls = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  #next = 1;
  #closed = false;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (reply: Reply) => {
      const call = reply.id === undefined ? undefined : this.#calls.get(reply.id);
      if (!call) return;
      this.#calls.delete(reply.id as number);
      // Nothing in flight: the thread must not keep the process alive on its own.
      if (this.#calls.size === 0) worker.unref();
      if (reply.error) call.reject(revive(reply.error));
      else call.resolve(reply.result);
    });
    const fail = (error: Error) => {
      for (const call of this.#calls.values()) call.reject(error);
      this.#calls.clear();
      this.#closed = true;
    };
    worker.on("error", fail);
    worker.on("exit", () => fail(new Error("The embedded database's thread has stopped")));
  }

  /** A data directory on disk, a dump to start from (`loadDataDir`), or an empty one in memory. */
  static async open(
    options: {
      dataDir?: string;
      loadDataDir?: Blob;
      /** Another worker file, for the tests of a thread that fails. */
      script?: string;
    } = {},
  ): Promise<PgliteThread> {
    const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const worker = new Worker(options.script ?? WORKER, {
      workerData: { dataDir: options.dataDir, loadDataDir },
      transferList: loadDataDir ? [loadDataDir] : [],
    });
    await new Promise<void>((ready, failed) => {
      // A thread that ends before saying it is ready (killed, out of memory) must not leave the
      // start waiting for ever.
      const onExit = (code: number) =>
        failed(
          new Error(`The embedded database's thread stopped before it was ready (exit ${code})`),
        );
      const onMessage = (reply: Reply) => {
        if (reply.ready === undefined) return;
        worker.off("message", onMessage);
        worker.off("error", failed);
        worker.off("exit", onExit);
        if (reply.ready) ready();
        else failed(revive(reply.error ?? { message: "The embedded database did not start" }));
      };
      worker.on("message", onMessage);
      worker.once("error", failed);
      worker.once("exit", onExit);
    });
    worker.unref();
    return new PgliteThread(worker);
  }

  get closed(): boolean {
    return this.#closed;
  }

  #call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.#closed) return Promise.reject(new Error("PGlite is closed"));
    const id = this.#next++;
    if (this.#calls.size === 0) this.#worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.#calls.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  #query<T>(tx: number | undefined, sql: string, params?: unknown[], options?: QueryOptions) {
    const raw = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return this.#call<Results<T>>({
      op: "query",
      tx,
      sql,
      params,
      rowMode: options?.rowMode,
      raw,
    }).then((results) => parse(results, options));
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#call<Results[]>({ op: "exec", sql });
  }

  /** Runs `callback` in one transaction: committed when it returns, rolled back when it throws. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.#call<number>({ op: "begin" });
    let ended = false;
    const check = () => {
      if (ended) throw new Error("Transaction is closed");
    };
    const tx = {
      query: async <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        check();
        return this.#query<R>(id, sql, params, options);
      },
      sql: () => Promise.reject(new Error("tx.sql is not offered by the embedded database thread")),
      exec: async (sql: string) => {
        check();
        return this.#call<Results[]>({ op: "exec", tx: id, sql });
      },
      rollback: async () => {
        check();
        await this.#call({ op: "rollback", tx: id });
        ended = true;
      },
      listen: () => Promise.reject(new Error("LISTEN is not offered by the embedded database")),
      get closed() {
        return ended;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      ended = true;
      await this.#call({ op: "end", tx: id, commit: false }).catch(() => {});
      throw error;
    }
    ended = true;
    await this.#call({ op: "end", tx: id, commit: true });
    return result;
  }

  async dumpDataDir(): Promise<File> {
    const bytes = await this.#call<ArrayBuffer>({ op: "dump" });
    return new File([bytes], "pgdata.tar", { type: "application/x-tar" });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#call({ op: "close" }).catch(() => {});
    this.#closed = true;
    await this.#worker.terminate();
  }
}
