// Compares the cart in the browser with the catalogue's current products. What the person would
// notice (a new price, fewer units than they chose, a product gone) is listed as a change for them
// to accept; the cart is never updated behind their back.
import type { CartItem, CartProduct } from "./cart-store.ts";

export type CartChange =
  | { kind: "price"; id: string; name: string; from: number; to: number }
  | { kind: "quantity"; id: string; name: string; from: number; to: number }
  | { kind: "sold-out"; id: string; name: string }
  | { kind: "removed"; id: string; name: string };

export interface CartDiff {
  changes: CartChange[];
  /** The cart as it would be after accepting the changes. */
  next: CartItem[];
  /** True when only details the person can't see (such as the stock limit) differ. */
  quietUpdate: boolean;
}

export function diffCart(
  items: CartItem[],
  current: CartProduct[],
  missing: string[] = [],
): CartDiff {
  const byId = new Map(current.map((p) => [p.id, p]));
  const gone = new Set(missing);
  const changes: CartChange[] = [];
  const next: CartItem[] = [];
  let quiet = false;
  for (const item of items) {
    const now = byId.get(item.product.id);
    if (!now) {
      if (gone.has(item.product.id))
        changes.push({ kind: "removed", id: item.product.id, name: item.product.name });
      else next.push(item);
      continue;
    }
    if (now.stockQuantity <= 0) {
      changes.push({ kind: "sold-out", id: now.id, name: now.name });
      continue;
    }
    if (now.price !== item.product.price)
      changes.push({
        kind: "price",
        id: now.id,
        name: now.name,
        from: item.product.price,
        to: now.price,
      });
    const quantity = Math.min(item.quantity, now.stockQuantity);
    if (quantity !== item.quantity)
      changes.push({
        kind: "quantity",
        id: now.id,
        name: now.name,
        from: item.quantity,
        to: quantity,
      });
    if (
      now.stockQuantity !== item.product.stockQuantity ||
      now.name !== item.product.name ||
      now.category !== item.product.category ||
      now.images.join() !== item.product.images.join()
    )
      quiet = true;
    next.push({ product: now, quantity });
  }
  return { changes, next, quietUpdate: changes.length === 0 && quiet };
}
