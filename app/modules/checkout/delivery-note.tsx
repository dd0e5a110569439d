// What delivery costs, said before checkout (issue 19): the product page and the cart panel show
// checkout's own shipping methods and prices, and how far the cart is from free standard shipping,
// by the same rule checkout charges by (`toFreeShipping` in pricing.ts).
import { formatMoney } from "#app/lib/money.ts";
import { cartSubtotal, useCart } from "#app/modules/cart/cart-store.ts";
import {
  FREE_STANDARD_FROM,
  RURAL_SURCHARGE,
  SHIPPING_METHODS,
  toFreeShipping,
} from "./pricing.ts";

/** "US$1.00 more for free standard shipping" or "Free standard shipping on this order". */
export function freeShippingText(subtotal: number, currency: string): string {
  const more = toFreeShipping(subtotal);
  return more > 0
    ? `${formatMoney(more, currency)} more for free standard shipping`
    : "Free standard shipping on this order";
}

/**
 * The cart's distance from free shipping, announced politely as it changes. Empty until the cart
 * has lines (it is read from the browser after the first render, so the server draws nothing).
 */
export function FreeShippingProgress({
  currency,
  lead = "",
  className = "",
}: {
  currency: string;
  /** Words before it, such as "Your cart: " where the page is about one product. */
  lead?: string;
  className?: string;
}) {
  const items = useCart((s) => s.items);
  const subtotal = cartSubtotal(items);
  const reached = toFreeShipping(subtotal) === 0;
  return (
    <p
      aria-live="polite"
      data-testid="free-shipping"
      className={`text-sm ${reached ? "font-semibold text-leaf" : "text-ink/80"} ${className}`}
    >
      {items.length > 0 ? lead + freeShippingText(subtotal, currency) : null}
    </p>
  );
}

/** The product page's delivery box: methods and prices, the free-shipping rule, rural delivery. */
export function DeliveryNote({ currency }: { currency: string }) {
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <section
      aria-labelledby="delivery-title"
      className="rounded-xl border border-ink/10 bg-white p-4 text-sm"
    >
      <h2 id="delivery-title" className="font-semibold">
        Delivery across New Zealand
      </h2>
      <ul className="mt-2 space-y-1">
        {(Object.keys(SHIPPING_METHODS) as (keyof typeof SHIPPING_METHODS)[]).map((m) => (
          <li key={m} className="flex justify-between gap-3">
            <span>{SHIPPING_METHODS[m].label}</span>
            <span className="font-semibold">{money(SHIPPING_METHODS[m].price)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-ink/80">
        Standard shipping is free on orders of {money(FREE_STANDARD_FROM)} or more. Rural delivery
        (RD) addresses add {money(RURAL_SURCHARGE)}. Prices include GST.
      </p>
      <FreeShippingProgress currency={currency} lead="Your cart: " className="mt-1" />
    </section>
  );
}

/** The cart panel's line under its spec rows: what delivery costs, and how far free shipping is. */
export function CartDeliveryNote({ currency }: { currency: string }) {
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <div className="text-sm">
      <p className="text-ink/75">
        Standard delivery {money(SHIPPING_METHODS.standard.price)} (free from{" "}
        {money(FREE_STANDARD_FROM)}), express {money(SHIPPING_METHODS.express.price)}.
      </p>
      <FreeShippingProgress currency={currency} />
    </div>
  );
}
