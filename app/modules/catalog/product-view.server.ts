// One mapping from a product row to what pages and the cart see.
import type { products } from "../../../db/schema/index.ts";
import type { ProductView } from "./catalog.schema.ts";

export function toView(row: typeof products.$inferSelect): ProductView {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    summary: row.summary,
    description: row.description,
    contents: row.contents,
    price: row.price,
    category: row.category,
    images: row.images,
    stockQuantity: row.stockQuantity,
  };
}
