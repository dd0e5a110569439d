// The cart's check against the catalogue: current name, price and stock for the given ids. Ids
// no longer sold come back in `missing`, so the browser can tell the person rather than guess.
import { and, eq, inArray } from "drizzle-orm";
import { products } from "../../../db/schema/index.ts";
import { db } from "../../lib/db.server.ts";
import { cartCheckSchema, type ProductView } from "./catalog.schema.ts";
import { toView } from "./product-view.server.ts";

export type CartCheck =
  { ok: true; products: ProductView[]; missing: string[] } | { ok: false; error: string };

export async function checkCart(raw: unknown): Promise<CartCheck> {
  const parsed = cartCheckSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: "Those product ids aren't valid." };
  const ids = [...new Set(parsed.data.ids)];
  if (ids.length === 0) return { ok: true, products: [], missing: [] };
  const rows = await db()
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.active, true)));
  const found = new Set(rows.map((r) => r.id));
  return { ok: true, products: rows.map(toView), missing: ids.filter((id) => !found.has(id)) };
}
