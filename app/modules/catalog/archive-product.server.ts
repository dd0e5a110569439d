// An admin archives a product or restores it. Archived is `active = false`, the flag the shop,
// the cart check and checkout already read: hidden from the listing and its page, refused at
// checkout, while placed orders keep their lines (order_items holds the name and price as sold).
import { eq } from "drizzle-orm";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { products } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { productIdSchema } from "./catalog.schema.ts";

const NO_SUCH_PRODUCT = "That product doesn't exist.";

export async function archiveProduct(id: string, archived: boolean): Promise<Outcome> {
  if (!productIdSchema.safeParse(id).success) return failure("not-found", NO_SUCH_PRODUCT);
  const [row] = await db()
    .update(products)
    .set({ active: !archived, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning({ name: products.name });
  if (!row) return failure("not-found", NO_SUCH_PRODUCT);
  return {
    ok: true,
    message: archived
      ? `${row.name} archived: hidden from the shop`
      : `${row.name} restored to the shop`,
  };
}
