import { settings } from "~/lib/env.server";
import { publicPaths } from "~/modules/marketing/public-pages";

export function loader() {
  const site = settings().siteUrl;
  const urls = publicPaths()
    .map((p) => `  <url><loc>${site}${p}</loc></url>`)
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
