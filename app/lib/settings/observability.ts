// Settings: watching the site from outside (ADR 081). Error reports go to Sentry when SENTRY_DSN
// is set; traces go to an OpenTelemetry collector when OTEL_EXPORTER_OTLP_ENDPOINT is set (the
// standard OTel name). Unset, neither SDK is even loaded.
import { z } from "zod";
import { optionalString } from "./fields.ts";

const httpUrl = (example: string) =>
  optionalString.pipe(
    z.url({ protocol: /^https?$/, message: `must be an http(s) URL like ${example}` }).optional(),
  );

export const observabilityShape = {
  // The project's DSN from Sentry's settings (Client Keys); unset, no error reports are sent.
  SENTRY_DSN: httpUrl("https://<key>@o0.ingest.sentry.io/<project>"),
  // Unset: APP_ENV's value (production, development or test).
  SENTRY_ENVIRONMENT: optionalString,
  // The deployed version (a commit or a tag) each report carries; unset, none.
  SENTRY_RELEASE: optionalString,
  // The collector's base URL (traces are POSTed to <endpoint>/v1/traces as OTLP/HTTP JSON).
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl("http://otel-collector:4318"),
  // Unset: patch-web for a web process, patch-worker for the job worker.
  OTEL_SERVICE_NAME: optionalString,
};

/** The tracing settings alone, for the preload that starts before everything else. */
export const tracingSettingsSchema = z.object({
  OTEL_EXPORTER_OTLP_ENDPOINT: observabilityShape.OTEL_EXPORTER_OTLP_ENDPOINT,
  OTEL_SERVICE_NAME: observabilityShape.OTEL_SERVICE_NAME,
});
