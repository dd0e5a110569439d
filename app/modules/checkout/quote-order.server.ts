// The review step's totals, priced from the database: what the order would cost now. The browser
// shows these; it never sends totals of its own.
import { and, eq, inArray } from "drizzle-orm";
import { products } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { quoteSchema } from "./checkout.schema.ts";
import { computeTotals, type Totals } from "./pricing.ts";

export type Quote = { ok: true; totals: Totals } | { ok: false; error: string };

export async function quoteOrder(raw: unknown): Promise<Quote> {
  const parsed = quoteSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: "Your cart couldn't be read." };
  const { items, shippingMethod, rural } = parsed.data;
  const rows = await db()
    .select()
    .from(products)
    .where(
      and(
        inArray(
          products.id,
          items.map((i) => i.productId),
        ),
        eq(products.active, true),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const lines = items.flatMap((i) => {
    const p = byId.get(i.productId);
    return p ? [{ productId: p.id, name: p.name, unitPrice: p.price, quantity: i.quantity }] : [];
  });
  return { ok: true, totals: computeTotals(lines, shippingMethod, rural) };
}
