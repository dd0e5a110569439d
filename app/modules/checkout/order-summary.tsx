// The checkout's order summary beside the steps: the lines from the cart, the totals from the
// server's quote (never the browser's arithmetic), the subtotal shown until the quote arrives.
import { TotalsRow } from "#app/components/ui/totals-row.tsx";
import { cartSubtotal, type CartItem } from "#app/modules/cart/cart-store.ts";
import type { Totals } from "./pricing.ts";

export function OrderSummary({
  items,
  totals,
  money,
}: {
  items: CartItem[];
  totals?: Totals;
  money: (cents: number) => string;
}) {
  return (
    <aside aria-labelledby="summary-title" className="h-fit rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="summary-title" className="text-xl font-bold">
        Order summary
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {items.map((i) => (
          <li key={i.product.id} className="flex justify-between gap-3">
            <span>
              {i.quantity} × {i.product.name}
            </span>
            <span>{money(i.product.price * i.quantity)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-1 border-t border-ink/10 pt-3" data-testid="totals">
        <TotalsRow
          term
          label="Subtotal"
          value={totals ? money(totals.subtotal) : money(cartSubtotal(items))}
        />
        <TotalsRow
          term
          label={totals?.ruralSurcharge ? "Shipping (incl. rural delivery)" : "Shipping"}
          value={totals ? money(totals.shipping) : "Calculating..."}
        />
        <TotalsRow
          term
          label="Total"
          value={totals ? money(totals.total) : "Calculating..."}
          strong
        />
      </dl>
      <p className="mt-1 text-right text-sm text-ink/75" data-testid="gst-included">
        {totals ? `Includes GST of ${money(totals.gst)}` : "Prices include GST"}
      </p>
    </aside>
  );
}
