// The catalogue listing: active products, optionally one category, in the chosen order.
import { and, asc, desc, eq, type SQL } from "drizzle-orm";
import { products } from "../../../db/schema/index.ts";
import { db } from "../../lib/db.server.ts";
import type { ListQuery, ProductView } from "./catalog.schema.ts";
import { toView } from "./product-view.server.ts";

export async function listProducts(query: ListQuery): Promise<ProductView[]> {
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
  const rows = await db()
    .select()
    .from(products)
    .where(and(...where))
    .orderBy(...order);
  return rows.map(toView);
}
