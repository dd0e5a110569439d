// An admin edits a product: price (entered in dollars), stock, description, summary, active.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { products } from "../../../db/schema/index.ts";
import { db } from "../../lib/db.server.ts";

export const updateProductSchema = z.object({
  price: z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, { message: "Enter a price like 24.90" })
    .transform((v) => Math.round(Number(v) * 100)),
  stockQuantity: z.coerce
    .number({ message: "Enter the stock as a whole number" })
    .int({ message: "Enter the stock as a whole number" })
    .min(0, { message: "Stock can't be negative" })
    .max(100_000),
  summary: z.string().trim().min(1).max(300),
  description: z.string().trim().min(1).max(5000),
  active: z.boolean(),
});

export type UpdateProductResult = { ok: true } | { ok: false; message: string };

export async function updateProduct(id: string, raw: unknown): Promise<UpdateProductResult> {
  const parsed = updateProductSchema.safeParse(raw);
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? "Check the form" };
  const [row] = await db()
    .update(products)
    .set({ ...parsed.data, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  return row ? { ok: true } : { ok: false, message: "That product doesn't exist." };
}
