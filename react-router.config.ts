import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // Each client-navigation page carries its own slice of the route manifest (React Router's
  // default): with the whole manifest ("initial", ADR 052) the browser built and ranked all of the
  // site's routes in one unsliceable task at hydration (ADR 054).
  routeDiscovery: { mode: "lazy" },
} satisfies Config;
