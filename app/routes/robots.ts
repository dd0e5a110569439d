import { settings } from "#app/lib/env.server.ts";
import { PRIVATE_PREFIXES } from "#app/modules/marketing/public-pages.ts";

export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${settings().siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
