import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // The whole route manifest is one cached file the client imports, not a per-page slice that
  // the server works out (a route match) and writes into every client-navigation page (ADR 052).
  routeDiscovery: { mode: "lazy" },
} satisfies Config;
