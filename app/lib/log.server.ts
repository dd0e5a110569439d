// Structured JSON logs (pino). Request logs carry the request id set by the server middleware.
import { pino } from "pino";

export const log = pino({
  level: "info",
  base: undefined,
  redact: {
    paths: [
      "*.password",
      "*.token",
      "*.secret",
      "*.authorization",
      "*.cookie",
      "req.headers.cookie",
    ],
    censor: "[redacted]",
  },
});

export function setLogLevel(level: string): void {
  log.level = level;
}
