import { settings } from "#app/lib/env.server.ts";
import { paths, PRIVATE_PREFIXES } from "#app/lib/paths.ts";

export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${settings().siteUrl}${paths.sitemap}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
