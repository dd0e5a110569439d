// Debian's Chromium for e2e tests and benchmarks: no browser downloads here.
import { existsSync } from "node:fs";

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((p): p is string => Boolean(p && existsSync(p)));
  if (!found) {
    throw new Error(
      "No Chromium found for the e2e tests. Install Debian's package (`apt-get install -y chromium`) or set CHROMIUM_PATH.",
    );
  }
  return found;
}
