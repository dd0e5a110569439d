// The admin's product list: every product, on sale or archived, found by name and category, with
// the few columns the list shows; and one product, archived or not, for its edit page.
import { and, asc, eq, ilike, lte, type SQL } from "drizzle-orm";
import { products } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { LOW_STOCK, productIdSchema, type AdminListQuery } from "./catalog.schema.ts";

export async function listAllProducts(query: Partial<AdminListQuery> = {}) {
  const where: SQL[] = [];
  if (query.q) where.push(ilike(products.name, `%${query.q.replace(/[\\%_]/g, "\\$&")}%`));
  if (query.category) where.push(eq(products.category, query.category));
  if (query.show === "on-sale") where.push(eq(products.active, true));
  if (query.show === "archived") where.push(eq(products.active, false));
  if (query.show === "low-stock")
    where.push(eq(products.active, true), lte(products.stockQuantity, LOW_STOCK));
  return db()
    .select({
      id: products.id,
      name: products.name,
      category: products.category,
      price: products.price,
      stockQuantity: products.stockQuantity,
      active: products.active,
    })
    .from(products)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(products.category), asc(products.position), asc(products.name));
}

/** One product for the admin, archived or not. */
export async function getProductForAdmin(id: string) {
  if (!productIdSchema.safeParse(id).success) return null;
  const [row] = await db().select().from(products).where(eq(products.id, id));
  return row ?? null;
}
