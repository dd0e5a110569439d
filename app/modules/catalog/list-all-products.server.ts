// Every product, on sale or not, for the admin's product page.
import { asc } from "drizzle-orm";
import { products } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";

export async function listAllProducts() {
  return db().select().from(products).orderBy(asc(products.position), asc(products.name));
}
