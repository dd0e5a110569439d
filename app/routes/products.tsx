// /products: the whole catalogue with a category filter and a sort, both GET parameters so the
// form works before (or without) JavaScript (app/modules/catalog/product-filter.tsx).
import { Link, useRouteLoaderData } from "react-router";
import { paths } from "#app/lib/paths.ts";
import { staticPageMeta } from "#app/lib/seo.ts";
import { parseListQuery } from "#app/modules/catalog/catalog.schema.ts";
import { listProducts } from "#app/modules/catalog/list-products.server.ts";
import { ProductCard } from "#app/modules/catalog/product-card.tsx";
import { ProductFilter } from "#app/modules/catalog/product-filter.tsx";
import { GiftBoxCard } from "#app/modules/gifts/gift-box-card.tsx";
import type { loader as rootLoader } from "#app/root.tsx";
import type { Route } from "./+types/products";

export const meta = staticPageMeta("/products");

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseListQuery(new URL(request.url).searchParams);
  return { query, products: await listProducts(query) };
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const currency = useRouteLoaderData<typeof rootLoader>("root")?.settings.currency ?? "USD";
  const { query, products } = loaderData;
  return (
    <div className="container-page pt-28 pb-20 md:pt-36">
      <h1 className="text-4xl font-bold sm:text-5xl">All products</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink/80">
        Everything for a first vegetable garden, chosen for New Zealand conditions.
      </p>
      <GiftBoxCard currency={currency} className="mt-8" />
      <ProductFilter category={query.category ?? ""} sort={query.sort} />
      <p className="mt-6 text-sm text-ink/70" aria-live="polite">
        {products.length} {products.length === 1 ? "product" : "products"}
        {query.category ? ` in ${query.category}` : ""}
      </p>
      {products.length === 0 ? (
        <p className="mt-6">
          Nothing here right now. <Link to={paths.products}>See everything</Link>.
        </p>
      ) : (
        <ul
          className="mt-4 grid grid-cols-1 gap-3 min-[300px]:grid-cols-2 sm:gap-6 lg:grid-cols-4"
          aria-label="Products"
        >
          {products.map((p) => (
            <ProductCard key={p.id} product={p} currency={currency} />
          ))}
        </ul>
      )}
    </div>
  );
}
