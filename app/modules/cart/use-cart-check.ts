// Checks the cart against the catalogue (GET /api/cart/check) when asked: when the panel opens
// and on the checkout page. Changes wait for the person to accept them.
import { useCallback, useState } from "react";
import { toCartProduct, type CatalogProduct } from "./cart-product.ts";
import { diffCart, type CartChange } from "./cart-changes.ts";
import { useCart, type CartItem } from "./cart-store.ts";

export type CartCheckState =
  | { state: "idle" | "checking" | "current" }
  | { state: "changed"; changes: CartChange[]; next: CartItem[] }
  | { state: "failed" };

export function useCartCheck() {
  const [result, setResult] = useState<CartCheckState>({ state: "idle" });
  const check = useCallback(async () => {
    const items = useCart.getState().items;
    if (items.length === 0) {
      setResult({ state: "current" });
      return;
    }
    setResult({ state: "checking" });
    try {
      const ids = items.map((i) => i.product.id).join(",");
      const res = await fetch(`/api/cart/check?ids=${encodeURIComponent(ids)}`, {
        headers: { Accept: "application/json" },
      });
      if (!res.ok) throw new Error(`cart check answered ${res.status}`);
      const body = (await res.json()) as { products: CatalogProduct[]; missing: string[] };
      // Compare with the cart as it is now: the person may have changed it while we waited.
      const diff = diffCart(
        useCart.getState().items,
        body.products.map(toCartProduct),
        body.missing,
      );
      if (diff.changes.length > 0) {
        setResult({ state: "changed", changes: diff.changes, next: diff.next });
        return;
      }
      // Nothing the person would notice: refresh the stock limits so + stops at the real stock.
      if (diff.quietUpdate) useCart.getState().replaceItems(diff.next);
      setResult({ state: "current" });
    } catch {
      // Checkout re-checks on the server, so an unreachable check only costs the early warning.
      setResult({ state: "failed" });
    }
  }, []);
  const accept = useCallback(() => {
    if (result.state !== "changed") return;
    useCart.getState().replaceItems(result.next);
    setResult({ state: "current" });
  }, [result]);
  return { result, check, accept };
}
