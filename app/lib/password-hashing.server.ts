// Password hashing (argon2id) off the main thread, at low CPU priority. Hashing is deliberately
// slow; on a small machine a burst of sign-ins would otherwise take the cores from every other
// request. The hashing threads run with a raised nice value (on Linux, niceness is per thread), so
// the scheduler gives pages, the waitlist and the database first call on the CPU and hashing the
// rest; and fewer hashing threads than cores run, so one core always stays for the event loop.
import { createRequire } from "node:module";
import { availableParallelism, getPriority } from "node:os";
import { Worker } from "node:worker_threads";
import type { Options } from "@node-rs/argon2";

/**
 * Lower priority than requests, but not so low that sign-ins stall on a busy machine: this many
 * steps below the process's own, so a server started under `nice` still hashes below its pages.
 */
const HASHING_NICE = 10;
const hashingNice = () => Math.min(19, getPriority() + HASHING_NICE);

// The worker's code travels as a string, so it needs no file of its own beside the server bundle.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
try { require("node:os").setPriority(0, workerData.nice); } catch {}
const argon2 = require(workerData.argon2Path);
parentPort.on("message", (job) => {
  try {
    const result = job.op === "hash"
      ? argon2.hashSync(job.password, job.options)
      : argon2.verifySync(job.hash, job.password);
    parentPort.postMessage({ id: job.id, result });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: String((error && error.message) || error) });
  }
});
`;

type Job =
  | { op: "hash"; password: string; options: Options }
  | { op: "verify"; hash: string; password: string };

interface Pending {
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

class HashingThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  busy = false;

  private start(): Worker {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        nice: hashingNice(),
        argon2Path: createRequire(import.meta.url).resolve("@node-rs/argon2"),
      },
    });
    // Idle hashing threads don't keep the process alive (tests, shutdown).
    worker.unref();
    worker.on("message", (m: { id: number; result?: string | boolean; error?: string }) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.error !== undefined) p?.reject(new Error(m.error));
      else p?.resolve(m.result as string | boolean);
    });
    const fail = (error: Error) => {
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
      this.worker = undefined;
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`hashing thread exited (${code})`)));
    return worker;
  }

  run(id: number, job: Job): Promise<string | boolean> {
    this.worker ??= this.start();
    const worker = this.worker;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...job });
    });
  }
}

const threads = Array.from(
  { length: Math.max(1, availableParallelism() - 1) },
  () => new HashingThread(),
);
const waiting: (() => void)[] = [];
let nextId = 0;

async function onThread(job: Job): Promise<string | boolean> {
  let thread = threads.find((t) => !t.busy);
  while (!thread) {
    await new Promise<void>((resolve) => waiting.push(resolve));
    thread = threads.find((t) => !t.busy);
  }
  thread.busy = true;
  try {
    return await thread.run(++nextId, job);
  } finally {
    thread.busy = false;
    waiting.shift()?.();
  }
}

export async function hashOffThread(password: string, options: Options): Promise<string> {
  return (await onThread({ op: "hash", password, options })) as string;
}

export async function verifyOffThread(hash: string, password: string): Promise<boolean> {
  return (await onThread({ op: "verify", hash, password })) as boolean;
}
