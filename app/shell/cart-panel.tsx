// The cart side panel (SPEC §2 "Cart side panel"): a modal dialog, so focus stays inside, Escape
// closes it and focus returns to the cart button; page scroll is locked while it is open.
// Each time it opens, the cart is checked against current prices and stock; any change is listed
// for the person to accept, never applied quietly.
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { formatMoney } from "#app/lib/money.ts";
import { paths } from "#app/lib/paths.ts";
import { CartChangesNotice } from "#app/modules/cart/cart-changes-notice.tsx";
import { cartSubtotal, useCart } from "#app/modules/cart/cart-store.ts";
import { useCartCheck } from "#app/modules/cart/use-cart-check.ts";
import { CloseButton } from "#app/components/ui/close-button.tsx";
import { TotalsRow } from "#app/components/ui/totals-row.tsx";

/** How long a removed line takes to slide out (matches .cart-line-leave in app.css). */
const LEAVE_MS = 200;

export function CartPanel({ currency }: { currency: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { items, isOpen, toggleCart, removeItem, updateQuantity, clearCart } = useCart();
  const navigate = useNavigate();
  const subtotal = cartSubtotal(items);
  const { result, check, accept } = useCartCheck();
  const [leaving, setLeaving] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (isOpen && !d.open) {
      d.showModal();
      void check();
    }
    if (!isOpen && d.open) d.close();
  }, [isOpen, check]);

  const remove = (id: string) => {
    setLeaving((s) => new Set(s).add(id));
    window.setTimeout(() => {
      removeItem(id);
      setLeaving((s) => {
        const next = new Set(s);
        next.delete(id);
        return next;
      });
    }, LEAVE_MS);
  };

  const close = () => toggleCart(false);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="cart-title"
      // Escape closes it at once ('cancel' comes with the key press; 'close' follows a task later,
      // by when a quick next step, such as following a link, may have left the page with the
      // panel's open flag still saved).
      onCancel={close}
      onClose={close}
      onClick={(e) => {
        if (e.target === e.currentTarget) close();
      }}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-full max-w-md bg-cream p-0 text-ink shadow-2xl backdrop:bg-ink/40"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-ink/10 px-5 py-4">
          <h2 id="cart-title" className="text-xl font-semibold">
            {/* SPEC §2: 'Your Cart (count of line items)', the count itself in the brackets. */}
            Your Cart ({items.length})
          </h2>
          <CloseButton label="Close cart" onClick={close} iconSize={22} />
        </div>

        {items.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
            <p className="text-lg font-semibold">Your cart is empty</p>
            <p className="text-ink/70">Add items to your cart to continue shopping</p>
            <button type="button" className="btn-primary mt-3" onClick={close}>
              Continue Shopping
            </button>
          </div>
        ) : (
          <>
            {result.state === "changed" ? (
              <CartChangesNotice changes={result.changes} currency={currency} onAccept={accept} />
            ) : null}
            <ul className="flex-1 space-y-4 overflow-y-auto px-5 py-4">
              {items.map(({ product, quantity }) => (
                <li
                  key={product.id}
                  data-cart-line={product.id}
                  className={`cart-line flex gap-4 rounded-xl bg-white p-3 shadow-sm ${leaving.has(product.id) ? "cart-line-leave" : ""}`}
                >
                  {product.images[0] ? (
                    <img
                      src={product.images[0]}
                      alt=""
                      width={80}
                      height={80}
                      className="h-20 w-20 rounded-lg bg-cream-deep object-cover"
                    />
                  ) : (
                    <div className="h-20 w-20 rounded-lg bg-cream-deep" aria-hidden="true" />
                  )}
                  <div className="flex flex-1 flex-col gap-1">
                    <Link
                      to={paths.productDetail(product.id)}
                      onClick={close}
                      className="font-semibold hover:underline"
                    >
                      {product.name}
                    </Link>
                    <span className="text-sm text-ink/75">{product.category}</span>
                    <span className="text-sm">{formatMoney(product.price, currency)}</span>
                    <div className="mt-1 flex items-center gap-2">
                      <button
                        type="button"
                        className="h-9 w-9 rounded-full border border-ink/20 disabled:opacity-40"
                        aria-label={`Decrease quantity of ${product.name}`}
                        disabled={quantity <= 1}
                        onClick={() => updateQuantity(product.id, quantity - 1)}
                      >
                        −
                      </button>
                      <span aria-live="polite" className="w-6 text-center">
                        {quantity}
                      </span>
                      <button
                        type="button"
                        className="h-9 w-9 rounded-full border border-ink/20 disabled:opacity-40"
                        aria-label={`Increase quantity of ${product.name}`}
                        disabled={quantity >= product.stockQuantity}
                        onClick={() => updateQuantity(product.id, quantity + 1)}
                      >
                        +
                      </button>
                      <button
                        type="button"
                        className="ml-auto text-sm text-clay-dark underline-offset-2 hover:underline"
                        onClick={() => remove(product.id)}
                      >
                        Remove
                      </button>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
            <div className="space-y-2 border-t border-ink/10 px-5 py-4">
              <TotalsRow label="Subtotal" value={formatMoney(subtotal, currency)} />
              <TotalsRow label="Shipping" value="Calculated at checkout" />
              <TotalsRow label="Taxes" value="Calculated at checkout" />
              <TotalsRow label="Total" value={formatMoney(subtotal, currency)} strong />
              <div className="flex flex-col gap-2 pt-2">
                <button
                  type="button"
                  className="btn-primary"
                  onClick={() => {
                    close();
                    navigate("/checkout");
                  }}
                >
                  Checkout
                </button>
                <button type="button" className="btn-secondary" onClick={close}>
                  Continue Shopping
                </button>
                <button type="button" className="btn text-clay-dark" onClick={clearCart}>
                  Clear Cart
                </button>
              </div>
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}
