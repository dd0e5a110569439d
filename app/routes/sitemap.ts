import { settings } from "#app/lib/env.server.ts";
import { parseListQuery } from "#app/modules/catalog/catalog.schema.ts";
import { listProducts } from "#app/modules/catalog/list-products.server.ts";
import { publicPaths } from "#app/modules/marketing/public-pages.ts";

export async function loader() {
  const site = settings().siteUrl;
  const products = await listProducts(parseListQuery(new URLSearchParams()));
  const urls = [...publicPaths(), ...products.map((p) => `/product/${p.id}`)]
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
