// Settings: the processes (worker, web processes), logs, the proxies in front, and /metrics.
import { z } from "zod";
import { flag, optionalString, wholeNumber } from "./fields.ts";

export const runtimeShape = {
  RUN_WORKER: flag.default(true),
  // Web processes sharing the port (server/cluster.ts, ADR 051): one per core on PostgreSQL.
  WEB_PROCESSES: wholeNumber("processes", 1, [1, "must be at least 1"], [16, "must be at most 16"]),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // How many proxies stand in front of the app (Express's `trust proxy` number, ADR 062): the
  // client is the address the furthest of them saw. TRUST_PROXY=true alone is refused, since
  // without the count the client's own X-Forwarded-For entries can't be told from the proxies'.
  TRUST_PROXY_HOPS: optionalString.pipe(
    z
      .string()
      .regex(/^-?[0-9]+$/, { message: "must be the number of proxies in front of the app, like 1" })
      .transform(Number)
      .pipe(
        z
          .number()
          .min(1, { message: "must be at least 1 (leave it unset when no proxy is in front)" })
          .max(20, { message: "must be at most 20" }),
      )
      .optional(),
  ),
  TRUST_PROXY: flag.optional(),
  // Prometheus scrapes /metrics with this bearer token; unset, /metrics answers 404.
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(16, { message: "must be at least 16 characters" }).optional(),
  ),
};
