// One product page: the product (by id or slug) and a few related ones from its category.
import { and, asc, eq, ne, or } from "drizzle-orm";
import { products } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { productIdSchema, type ProductSummary, type ProductView } from "./catalog.schema.ts";
import { summaryColumns, toView } from "./product-view.server.ts";

const RELATED = 4;

export async function getProduct(
  idOrSlug: string,
): Promise<{ product: ProductView; related: ProductSummary[] } | null> {
  // A path that can't be a product id or slug is no product: no query needed to say so.
  if (!productIdSchema.safeParse(idOrSlug).success) return null;
  const [row] = await db()
    .select()
    .from(products)
    .where(
      and(eq(products.active, true), or(eq(products.id, idOrSlug), eq(products.slug, idOrSlug))),
    )
    .limit(1);
  if (!row) return null;
  const sameCategory = await db()
    .select(summaryColumns)
    .from(products)
    .where(
      and(eq(products.active, true), eq(products.category, row.category), ne(products.id, row.id)),
    )
    .orderBy(asc(products.position))
    .limit(RELATED);
  let related = sameCategory;
  if (related.length < RELATED) {
    // Fill up with beginner staples from other categories so the row is never empty.
    const others = await db()
      .select(summaryColumns)
      .from(products)
      .where(
        and(
          eq(products.active, true),
          ne(products.category, row.category),
          ne(products.id, row.id),
        ),
      )
      .orderBy(asc(products.position))
      .limit(RELATED - related.length);
    related = [...related, ...others];
  }
  return { product: toView(row), related };
}
