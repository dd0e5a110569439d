// The cart side panel (SPEC §2 "Cart side panel"): a modal dialog, so focus stays inside, Escape
// closes it and focus returns to the cart button; page scroll is locked while it is open.
// Each time it opens, the cart is checked against current prices and stock; any change is listed
// for the person to accept, never applied quietly.
// The panel scrolls as a whole (WCAG 1.4.10): at 200 % zoom or on a short screen the lines are never
// squeezed into a strip above the totals. 'Clear Cart' can be undone for a few seconds.
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { formatMoney } from "#app/lib/money.ts";
import { paths } from "#app/lib/paths.ts";
import { CartChangesNotice } from "#app/modules/cart/cart-changes-notice.tsx";
import { cartSubtotal, useCart, type CartItem } from "#app/modules/cart/cart-store.ts";
import { useCartCheck } from "#app/modules/cart/use-cart-check.ts";
import { CartDeliveryNote } from "#app/modules/checkout/delivery-note.tsx";
import { CloseButton } from "#app/components/ui/close-button.tsx";
import { TotalsRow } from "#app/components/ui/totals-row.tsx";

/** How long a removed line takes to slide out (matches .cart-line-leave in app.css). */
const LEAVE_MS = 200;
/** How long 'Undo' stays after 'Clear Cart'. */
export const UNDO_CLEAR_MS = 10_000;

export function CartPanel({ currency }: { currency: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { items, isOpen, toggleCart, removeItem, updateQuantity, clearCart, replaceItems } =
    useCart();
  const navigate = useNavigate();
  const subtotal = cartSubtotal(items);
  const { result, check, accept } = useCartCheck();
  const [leaving, setLeaving] = useState<ReadonlySet<string>>(new Set());
  // The lines 'Clear Cart' took away, while they can still be put back.
  const [cleared, setCleared] = useState<CartItem[] | null>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!cleared) return;
    // Focus was on 'Clear Cart', which has gone: it moves to 'Undo' (announced with the status).
    undoButton.current?.focus();
    const timer = window.setTimeout(() => setCleared(null), UNDO_CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, [cleared]);
  // Something added meanwhile is a new cart: the old one can't come back over it.
  if (cleared && items.length > 0) setCleared(null);

  const clear = () => {
    setCleared(items);
    clearCart();
  };
  const undoClear = () => {
    if (cleared) replaceItems(cleared);
    setCleared(null);
  };

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

  const close = () => {
    setCleared(null);
    toggleCart(false);
  };

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
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-full max-w-md overflow-y-auto overscroll-contain bg-cream p-0 text-ink shadow-2xl backdrop:bg-ink/40"
    >
      <div className="flex min-h-full flex-col">
        {/* Always there, so what it says is announced when it changes. */}
        <p role="status" className="sr-only">
          {cleared
            ? `Cart cleared. Press Undo within ${UNDO_CLEAR_MS / 1000} seconds to bring it back.`
            : ""}
        </p>
        <div className="flex items-center justify-between border-b border-ink/10 px-5 py-4">
          <h2 id="cart-title" className="text-xl font-semibold">
            {/* SPEC §2: 'Your Cart (count of line items)', the count itself in the brackets. */}
            Your Cart ({items.length})
          </h2>
          <CloseButton label="Close cart" onClick={close} iconSize={22} />
        </div>

        {items.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
            {cleared ? (
              <p className="mb-4 flex flex-wrap items-center justify-center gap-x-3 gap-y-2 rounded-xl bg-white px-4 py-3 shadow-sm">
                <span id="cart-cleared">Cart cleared.</span>
                <button
                  ref={undoButton}
                  type="button"
                  aria-describedby="cart-cleared"
                  className="btn-secondary px-4 py-1.5"
                  onClick={undoClear}
                >
                  Undo
                </button>
              </p>
            ) : null}
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
            <ul className="flex-1 space-y-4 px-5 py-4">
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
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <div className="flex items-start justify-between gap-3">
                      <Link
                        to={paths.productDetail(product.id)}
                        onClick={close}
                        className="font-semibold hover:underline"
                      >
                        {product.name}
                      </Link>
                      <span className="shrink-0 font-semibold" data-line-total>
                        <span className="sr-only">Line total </span>
                        {formatMoney(product.price * quantity, currency)}
                      </span>
                    </div>
                    <span className="text-sm text-ink/75">{product.category}</span>
                    <span className="text-sm" data-unit-price>
                      {formatMoney(product.price, currency)}
                      {quantity > 1 ? " each" : ""}
                    </span>
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
            {/* Kept in view while the lines scroll on a tall screen; on a short one (200 % zoom)
                it scrolls with them, so it never leaves the lines a strip to be read through. */}
            <div className="bottom-0 space-y-2 border-t border-ink/10 bg-cream px-5 py-4 [@media(min-height:40rem)]:sticky">
              <TotalsRow label="Subtotal" value={formatMoney(subtotal, currency)} />
              <TotalsRow label="Shipping" value="Calculated at checkout" />
              {/* Prices include GST (ADR 028): the spec's 'Calculated at checkout' would mislead. */}
              <TotalsRow label="Taxes" value="GST included in prices" />
              <TotalsRow label="Total" value={formatMoney(subtotal, currency)} strong />
              <CartDeliveryNote currency={currency} />
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
                <button type="button" className="btn text-clay-dark" onClick={clear}>
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
