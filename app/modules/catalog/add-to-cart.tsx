// Add to cart: puts the product in the browser's cart and opens the panel. The cart lives in the
// browser's storage (SPEC §3 'cart-storage'), so adding needs JavaScript; the pages themselves,
// the filter and the sort work without it.
import { useEffect, useRef, useState } from "react";
import { formatMoney } from "#app/lib/money.ts";
import { toCartProduct, type CatalogProduct } from "#app/modules/cart/cart-product.ts";
import { useCart } from "#app/modules/cart/cart-store.ts";

/**
 * What Add to cart needs of a product, and no more: an island's props go into the page as JSON
 * (ADR 017), so a product list doesn't carry each product's summary twice.
 */
export function cartFields(p: CatalogProduct): CatalogProduct {
  const { id, name, price, category, images, stockQuantity } = p;
  return { id, name, price, category, images, stockQuantity };
}

export function AddToCartButton({
  product,
  quantity = 1,
  className = "btn-primary",
  label = "Add to cart",
}: {
  product: CatalogProduct;
  quantity?: number;
  className?: string;
  label?: string;
}) {
  const addItem = useCart((s) => s.addItem);
  const toggleCart = useCart((s) => s.toggleCart);
  const soldOut = product.stockQuantity <= 0;
  return (
    <button
      type="button"
      className={`${className} disabled:cursor-not-allowed disabled:opacity-50`}
      disabled={soldOut}
      aria-label={soldOut ? `${product.name} is sold out` : `${label}: ${product.name}`}
      onClick={() => {
        addItem(toCartProduct(product), quantity);
        toggleCart(true);
      }}
    >
      {soldOut ? "Sold out" : label}
    </button>
  );
}

/**
 * Quantity stepper plus Add to cart, for the product page. On a phone, while the stepper is out of
 * view, a bar at the foot of the window keeps the price and Add to cart (for the same quantity)
 * in reach; the page makes room for it (app.css: .sticky-buy) so it covers nothing at the end.
 */
export function QuantityAndAdd({
  product,
  currency,
}: {
  product: CatalogProduct;
  currency: string;
}) {
  const [quantity, setQuantity] = useState(1);
  const max = Math.max(1, product.stockQuantity);
  const soldOut = product.stockQuantity <= 0;
  const here = useRef<HTMLDivElement>(null);
  const [away, setAway] = useState(false);
  useEffect(() => {
    const el = here.current;
    if (!el || soldOut) return;
    const watch = new IntersectionObserver(([entry]) => setAway(!entry!.isIntersecting));
    watch.observe(el);
    return () => watch.disconnect();
  }, [soldOut]);
  return (
    <div ref={here} className="flex flex-wrap items-end gap-4">
      <div>
        <label htmlFor="quantity" className="block text-sm font-semibold">
          Quantity
        </label>
        <div className="mt-1 flex items-center gap-2">
          <button
            type="button"
            className="h-11 w-11 rounded-full border border-ink/20 disabled:opacity-40"
            aria-label="Decrease quantity"
            disabled={soldOut || quantity <= 1}
            onClick={() => setQuantity((q) => Math.max(1, q - 1))}
          >
            −
          </button>
          <input
            id="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            value={quantity}
            disabled={soldOut}
            onChange={(e) => {
              const n = Number(e.target.value);
              if (Number.isInteger(n) && n >= 1 && n <= max) setQuantity(n);
            }}
            className="h-11 w-16 rounded-lg border border-ink/20 bg-white text-center"
          />
          <button
            type="button"
            className="h-11 w-11 rounded-full border border-ink/20 disabled:opacity-40"
            aria-label="Increase quantity"
            disabled={soldOut || quantity >= max}
            onClick={() => setQuantity((q) => Math.min(max, q + 1))}
          >
            +
          </button>
        </div>
      </div>
      <AddToCartButton product={product} quantity={quantity} className="btn-primary flex-1" />
      {!soldOut && (
        <section
          aria-label="Add to cart"
          data-shown={away}
          className="sticky-buy fixed inset-x-0 bottom-0 z-30 border-t border-ink/10 bg-cream/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur data-[shown=false]:hidden md:hidden"
        >
          <div className="flex items-center gap-3">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold">{product.name}</p>
              <p className="text-sm text-ink/75">
                {quantity > 1 ? `${quantity} × ` : ""}
                {formatMoney(product.price, currency)}
              </p>
            </div>
            <AddToCartButton product={product} quantity={quantity} className="btn-primary" />
          </div>
        </section>
      )}
    </div>
  );
}
