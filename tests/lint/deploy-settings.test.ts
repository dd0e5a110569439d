// The compose recipe passes every setting the settings module reads on to the web processes and
// the worker, so a contractor who sets one in .env sees it take effect: a setting added to
// app/lib/settings/ without its line in compose.yaml's x-settings fails here. The few left out
// say why below.
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { expect, test } from "vitest";
import { SETTING_NAMES } from "#app/lib/env.server.ts";

/** Settings compose sets itself, or that a deploy never passes on, and why. */
const NOT_PASSED: Record<string, string> = {
  NODE_ENV: "the image sets it (production)",
  APP_ENV: "compose sets it (production)",
  PORT: "the image's port, mapped by compose",
  HOST: "the image listens on every interface",
  TRUST_PROXY: "TRUST_PROXY_HOPS is the deploy's setting",
  RUN_WORKER: "compose sets it per service",
  OTEL_SERVICE_NAME: "each service names itself (patch-web, patch-worker)",
  STRIPE_API_URL: "tests only: the local Stripe",
  TWILIO_API_URL: "tests only: the local Twilio",
  GOOGLE_ISSUER: "tests only: the local OpenID provider",
  APPLE_ISSUER: "tests only: the local OpenID provider",
  SMS_OUTBOX_DIR: "development: texts kept in files",
};

function composeSettings(): string[] {
  const compose = parse(readFileSync("compose.yaml", "utf8"), { merge: true }) as {
    "x-settings": string[];
  };
  return compose["x-settings"].map((line) => line.split("=")[0]!);
}

test("compose.yaml passes on every setting the settings module reads", () => {
  const passed = new Set(composeSettings());
  const missing = SETTING_NAMES.filter((name) => !passed.has(name) && !(name in NOT_PASSED));
  expect(missing, "add these to compose.yaml's x-settings (or to NOT_PASSED, with why)").toEqual(
    [],
  );
});

test("compose.yaml names only settings that exist", () => {
  const known = new Set<string>(SETTING_NAMES);
  // The OpenTelemetry SDK reads its own OTEL_* variables (a vendor's headers).
  const unknown = composeSettings().filter(
    (name) => !known.has(name) && name !== "OTEL_EXPORTER_OTLP_HEADERS",
  );
  expect(unknown).toEqual([]);
});
