import { settings } from "~/lib/env.server";
import { PRIVATE_PREFIXES } from "~/modules/marketing/public-pages";

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
