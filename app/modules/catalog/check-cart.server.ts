// The cart's check against the catalogue: current name, price and stock for the given ids. Ids
// no longer sold come back in `missing`, so the browser can tell the person rather than guess.
import { and, eq, inArray } from "drizzle-orm";
import { products } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { cartCheckSchema, type ProductSummary } from "./catalog.schema.ts";
import { summaryColumns } from "./product-view.server.ts";

export type CartCheck =
  { ok: true; products: ProductSummary[]; missing: string[] } | { ok: false; error: string };

export async function checkCart(raw: unknown): Promise<CartCheck> {
  const parsed = cartCheckSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: "Those product ids aren't valid." };
  const ids = [...new Set(parsed.data.ids)];
  if (ids.length === 0) return { ok: true, products: [], missing: [] };
  const rows = await db()
    .select(summaryColumns)
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.active, true)));
  const found = new Set(rows.map((r) => r.id));
  return { ok: true, products: rows, missing: ids.filter((id) => !found.has(id)) };
}
