// An admin edits a product: price (entered in dollars), stock, description, summary, and (from the
// old one-form-per-product page) whether it is on sale.
import { failure, fieldErrors, type Outcome } from "#app/lib/outcome.ts";
import { eq } from "drizzle-orm";
import { products } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { freeText, z } from "#app/lib/zod.ts";
import { priceSchema, productIdSchema, stockSchema } from "./catalog.schema.ts";

export const updateProductSchema = z.object({
  price: priceSchema,
  stockQuantity: stockSchema,
  summary: freeText({ max: 300 }).min(1, { message: "Write a summary" }),
  description: freeText({ max: 5000, multiline: true }).min(1, {
    message: "Write a description",
  }),
  /** Left out by the edit page, where archiving is its own button (archive-product.server.ts). */
  active: z.boolean().optional(),
});

const NO_SUCH_PRODUCT = "That product doesn't exist.";

export async function updateProduct(id: string, raw: unknown): Promise<Outcome> {
  if (!productIdSchema.safeParse(id).success) return failure("not-found", NO_SUCH_PRODUCT);
  const parsed = updateProductSchema.safeParse(raw);
  if (!parsed.success)
    return failure("invalid", parsed.error.issues[0]?.message ?? "Check the form", {
      fieldErrors: fieldErrors(parsed.error),
    });
  const [row] = await db()
    .update(products)
    .set({ ...parsed.data, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  return row ? { ok: true } : failure("not-found", NO_SUCH_PRODUCT);
}
