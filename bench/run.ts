// `npm run bench -- <name>`: runs bench/<name>.ts on loopback, bounded in requests and time, and
// prints its figures. Benchmarks are never part of `npm test`.
import { existsSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const name = process.argv[2];
const available = readdirSync("bench")
  .filter((f) => f.endsWith(".ts") && !["run.ts", "lib.ts", "press-controls.ts"].includes(f))
  .map((f) => f.replace(/\.ts$/, ""));
// Benches of the source rather than the running site.
const WITHOUT_BUILD = [
  "container",
  "credits",
  "forecast",
  "garden-schedule",
  "gst",
  "money-properties",
  "mutation",
  "renewal",
  "ship",
  "subscribe-race",
  "renewal-latency",
  "renewal-race",
];
if (!name || !available.includes(name)) {
  console.error(`Usage: npm run bench -- <name>\nAvailable: ${available.join(", ")}`);
  process.exit(2);
}
if (!WITHOUT_BUILD.includes(name) && !existsSync("build/server/index.js")) {
  console.error("Benchmarks run against the production build: run `npm run build` first.");
  process.exit(2);
}
await import(pathToFileURL(resolve("bench", `${name}.ts`)).href);
