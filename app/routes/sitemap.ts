// sitemap.xml: the fixed public pages (app/lib/paths.ts), every education page the content makes
// and every product, all built from their one source, never listed here again.
import { settings } from "#app/lib/env.server.ts";
import { paths, PUBLIC_PAGES } from "#app/lib/paths.ts";
import { parseListQuery } from "#app/modules/catalog/catalog.schema.ts";
import { listProducts } from "#app/modules/catalog/list-products.server.ts";
import { listEducationPaths } from "#app/modules/guidance/list-education-paths.server.ts";

export async function loader() {
  const site = settings().siteUrl;
  const products = await listProducts(parseListQuery(new URLSearchParams()));
  const urls = [
    ...PUBLIC_PAGES.map((p) => p.path),
    ...listEducationPaths(),
    ...products.map((p) => paths.productDetail(p.id)),
  ]
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
