// One mapping from a product row to what pages and the cart see.
import { products } from "#db/schema/index.ts";
import type { ProductSummary, ProductView } from "./catalog.schema.ts";

/** The columns a product card needs: grids and related rows never carry the long texts. */
export const summaryColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  summary: products.summary,
  price: products.price,
  category: products.category,
  images: products.images,
  stockQuantity: products.stockQuantity,
};

export function toSummary(row: ProductSummary): ProductSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    summary: row.summary,
    price: row.price,
    category: row.category,
    images: row.images,
    stockQuantity: row.stockQuantity,
  };
}

export function toView(row: typeof products.$inferSelect): ProductView {
  return { ...toSummary(row), description: row.description, contents: row.contents };
}
