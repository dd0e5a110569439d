// The catalogue listing: active products, optionally one category, in the chosen order.
import { and, asc, desc, eq, type SQL } from "drizzle-orm";
import { products } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import type { ListQuery, ProductSummary, ProductView } from "./catalog.schema.ts";
import { summaryColumns, toView } from "./product-view.server.ts";

function listing(query: ListQuery) {
  const where: SQL[] = [eq(products.active, true)];
  if (query.category) where.push(eq(products.category, query.category));
  const order =
    query.sort === "price-asc"
      ? [asc(products.price), asc(products.name)]
      : query.sort === "price-desc"
        ? [desc(products.price), asc(products.name)]
        : query.sort === "name"
          ? [asc(products.name)]
          : [asc(products.position), asc(products.name)];
  return { where: and(...where), order };
}

/** A grid's products: the card's fields only, never the long texts. */
export async function listProducts(query: ListQuery): Promise<ProductSummary[]> {
  const { where, order } = listing(query);
  return db()
    .select(summaryColumns)
    .from(products)
    .where(where)
    .orderBy(...order);
}

/** Products with everything their pages show (the grow box kits side by side on /product). */
export async function listProductDetails(query: ListQuery): Promise<ProductView[]> {
  const { where, order } = listing(query);
  const rows = await db()
    .select()
    .from(products)
    .where(where)
    .orderBy(...order);
  return rows.map(toView);
}
