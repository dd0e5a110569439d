// Prometheus metrics (prom-client, ADR 068): requests by route pattern (never the raw URL, so a
// scraper sees a bounded set of series), the database pool, the job queues, renewals and e-mail.
// One registry per process. Under WEB_PROCESSES>1 (server/cluster.ts) a scrape reaches one web
// process, which asks the primary for everyone's figures (collectClusterMetrics below): the
// primary gathers each process's registry as JSON and prom-client's AggregatorRegistry adds them
// up, so one scrape answers for the whole site. The queue figures come from the database and are
// read by one process only (the primary, or the lone process), so they are not counted N times.
import cluster from "node:cluster";
import {
  AggregatorRegistry,
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type MetricObjectWithValues,
  type MetricValue,
} from "prom-client";

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const httpRequests = new Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status.",
  labelNames: ["method", "route", "status"] as const,
  registers: [registry],
});

const httpErrors = new Counter({
  name: "http_request_errors_total",
  help: "HTTP requests answered with a 5xx status, by method and route pattern.",
  labelNames: ["method", "route"] as const,
  registers: [registry],
});

const httpDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time to answer an HTTP request (headers ready), by method and route pattern.",
  labelNames: ["method", "route"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** Methods outside these are counted as "OTHER", so a client can't make new series. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function observeRequest(method: string, route: string, status: number, seconds: number) {
  const m = METHODS.has(method) ? method : "OTHER";
  httpRequests.inc({ method: m, route, status: String(status) });
  httpDuration.observe({ method: m, route }, seconds);
  if (status >= 500) httpErrors.inc({ method: m, route });
}

const renewals = new Counter({
  name: "subscription_renewals_total",
  help: "Subscription box charges tried by the renewal runs (first tries and retries), by outcome.",
  labelNames: ["outcome"] as const,
  registers: [registry],
});
renewals.inc({ outcome: "charged" }, 0);
renewals.inc({ outcome: "failed" }, 0);

export function countRenewals(charged: number, failed: number): void {
  if (charged > 0) renewals.inc({ outcome: "charged" }, charged);
  if (failed > 0) renewals.inc({ outcome: "failed" }, failed);
}

const emailsSent = new Counter({
  name: "emails_sent_total",
  help: "E-mails handed to the SMTP server (or written to the file outbox), by transport.",
  labelNames: ["transport"] as const,
  registers: [registry],
});
const emailsFailed = new Counter({
  name: "emails_failed_total",
  help: "E-mails the SMTP server refused or that could not be handed over.",
  registers: [registry],
});
const emailsBounced = new Counter({
  name: "emails_bounced_total",
  help: "Bounces and complaints the mail provider reported back, by kind.",
  labelNames: ["kind"] as const,
  registers: [registry],
});
emailsBounced.inc({ kind: "bounce" }, 0);
emailsBounced.inc({ kind: "complaint" }, 0);

export function countEmailSent(transport: "smtp" | "outbox"): void {
  emailsSent.inc({ transport });
}
export function countEmailFailed(): void {
  emailsFailed.inc();
}
/** For the provider's bounce and complaint webhook: one call per reported address. */
export function countEmailBounce(kind: "bounce" | "complaint"): void {
  emailsBounced.inc({ kind });
}

const jobRuns = new Counter({
  name: "job_runs_total",
  help: "Jobs run by this site's workers, by queue and outcome (completed, failed and to be retried, exhausted: failed for the last time).",
  labelNames: ["queue", "outcome"] as const,
  registers: [registry],
});

export function countJobRun(queue: string, outcome: "completed" | "failed" | "exhausted"): void {
  jobRuns.inc({ queue, outcome });
}

/** The pg pool to report on (PostgreSQL only; the embedded database has no pool). */
let poolSource:
  | (() =>
      | { totalCount: number; idleCount: number; waitingCount: number; options: { max?: number } }
      | undefined)
  | undefined;

new Gauge({
  name: "db_pool_connections",
  help: "Connections of this site's PostgreSQL pools: open (total), idle, and requests waiting for one.",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    const pool = poolSource?.();
    this.reset();
    if (!pool) return;
    this.set({ state: "total" }, pool.totalCount);
    this.set({ state: "idle" }, pool.idleCount);
    this.set({ state: "in_use" }, pool.totalCount - pool.idleCount);
    this.set({ state: "waiting" }, pool.waitingCount);
    this.set({ state: "max" }, pool.options.max ?? 10);
  },
});

export function reportPool(source: typeof poolSource): void {
  poolSource = source;
}

export interface QueueStat {
  queue: string;
  /** Jobs due and waiting for a worker (new or to be retried). */
  waiting: number;
  active: number;
  /** Seconds the longest-waiting due job has waited since it was due; 0 with none waiting. */
  oldestSeconds: number;
}

let queueStats: (() => Promise<QueueStat[]>) | undefined;
/** One read of the queues serves the three gauges of a scrape (collected at the same moment). */
let queueRead: Promise<QueueStat[]> | undefined;

function readQueues(): Promise<QueueStat[]> {
  const source = queueStats;
  if (!source) return Promise.resolve([]);
  // The database away: the queue figures are missing from this scrape, not wrong.
  queueRead ??= source()
    .catch(() => [])
    .finally(() => (queueRead = undefined));
  return queueRead;
}

function queueGauge(name: string, help: string, pick: (s: QueueStat) => number) {
  return new Gauge({
    name,
    help,
    labelNames: ["queue"] as const,
    aggregator: "max",
    registers: [],
    async collect() {
      const stats = await readQueues();
      this.reset();
      for (const s of stats) this.set({ queue: s.queue }, pick(s));
    },
  });
}

const queueGauges = [
  queueGauge(
    "job_queue_depth",
    "Jobs due and not yet taken by a worker, per queue.",
    (s) => s.waiting,
  ),
  queueGauge("job_queue_active", "Jobs being worked on now, per queue.", (s) => s.active),
  queueGauge(
    "job_queue_oldest_job_age_seconds",
    "How long the longest-waiting due job of each queue has waited since it was due.",
    (s) => s.oldestSeconds,
  ),
];

/** This process reports the queues (once per site: the primary, or the only process). */
export function reportQueues(source: () => Promise<QueueStat[]>): void {
  queueStats = source;
  queueRead = undefined;
  if (!registry.getSingleMetric("job_queue_depth"))
    for (const gauge of queueGauges) registry.registerMetric(gauge);
}

// ---------------------------------------------------------------------------------------------
// Across the processes of server/cluster.ts

const ASK = "patch:metrics-ask"; // web process → primary: the site's metrics, please
const ANSWER = "patch:metrics-answer"; // primary → web process: here they are (text)
const GATHER = "patch:metrics-gather"; // primary → each web process: your registry as JSON
const GATHERED = "patch:metrics-gathered"; // each web process → primary

type Message =
  | { type: typeof ASK; id: number }
  | { type: typeof ANSWER; id: number; text?: string; error?: string }
  | { type: typeof GATHER; id: number }
  | { type: typeof GATHERED; id: number; metrics: MetricObjectWithValues<MetricValue<string>>[] };

const isMessage = (m: unknown): m is Message =>
  typeof m === "object" &&
  m !== null &&
  String((m as { type?: unknown }).type).startsWith("patch:metrics-");

let nextId = 0;
const asked = new Map<number, (answer: { text?: string; error?: string }) => void>();

/** In a web process of a cluster: answer the primary's gathering, and hear its answers. */
function listenAsWebProcess(): void {
  process.on("message", (message: unknown) => {
    if (!isMessage(message)) return;
    if (message.type === GATHER) {
      void registry
        .getMetricsAsJSON()
        .then((metrics) =>
          process.send?.({ type: GATHERED, id: message.id, metrics } satisfies Message),
        );
    } else if (message.type === ANSWER) {
      asked.get(message.id)?.(message);
      asked.delete(message.id);
    }
  });
}

/** In the primary of a cluster: gather every process's figures when a web process asks. */
export function serveClusterMetrics(): void {
  const gathering = new Map<
    number,
    { pending: number; parts: MetricObjectWithValues<MetricValue<string>>[][]; done: () => void }
  >();
  cluster.on("message", (worker, message: unknown) => {
    if (!isMessage(message)) return;
    if (message.type === GATHERED) {
      const g = gathering.get(message.id);
      if (!g) return;
      g.parts.push(message.metrics);
      if (--g.pending === 0) g.done();
      return;
    }
    if (message.type !== ASK) return;
    const id = nextId++;
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w?.isConnected());
    const answer = (reply: { text?: string; error?: string }) => {
      if (worker.isConnected())
        worker.send({ type: ANSWER, id: message.id, ...reply } satisfies Message);
    };
    void (async () => {
      const own = await registry.getMetricsAsJSON();
      const parts: MetricObjectWithValues<MetricValue<string>>[][] = [own];
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 3_000); // a process that doesn't answer is left out
        const g = { pending: workers.length, parts, done: () => (clearTimeout(timer), resolve()) };
        if (g.pending === 0) return g.done();
        gathering.set(id, g);
        for (const w of workers) w!.send({ type: GATHER, id } satisfies Message);
      });
      gathering.delete(id);
      try {
        answer({ text: await AggregatorRegistry.aggregate(parts).metrics() });
      } catch (error) {
        answer({ error: error instanceof Error ? error.message : String(error) });
      }
    })();
  });
}

if (cluster.isWorker) listenAsWebProcess();

/** The site's metrics in Prometheus' text format: this process's, or the whole cluster's. */
export async function collectMetrics(): Promise<string> {
  if (!cluster.isWorker || !process.send) return registry.metrics();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      asked.delete(id);
      reject(new Error("the primary process did not answer with the metrics"));
    }, 5_000);
    asked.set(id, (answer) => {
      clearTimeout(timer);
      if (answer.text !== undefined) resolve(answer.text);
      else reject(new Error(answer.error ?? "no metrics"));
    });
    process.send!({ type: ASK, id } satisfies Message);
  });
}

export const METRICS_CONTENT_TYPE = registry.contentType;
