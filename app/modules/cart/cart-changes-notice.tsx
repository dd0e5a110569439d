// Tells the person what changed in the catalogue since they filled their cart, and lets them
// accept the updated cart with one button.
import { formatMoney } from "#app/lib/money.ts";
import type { CartChange } from "./cart-changes.ts";

export function describeChange(change: CartChange, currency: string): string {
  switch (change.kind) {
    case "price":
      return `${change.name}: the price ${change.to > change.from ? "went up" : "came down"} from ${formatMoney(change.from, currency)} to ${formatMoney(change.to, currency)}.`;
    case "quantity":
      return `${change.name}: only ${change.to} left, so your quantity drops from ${change.from} to ${change.to}.`;
    case "sold-out":
      return `${change.name} has sold out and will be taken out of your cart.`;
    case "removed":
      return `${change.name} is no longer sold and will be taken out of your cart.`;
  }
}

export function CartChangesNotice({
  changes,
  currency,
  onAccept,
}: {
  changes: CartChange[];
  currency: string;
  onAccept: () => void;
}) {
  return (
    <div
      role="status"
      data-testid="cart-changes"
      className="mx-5 mt-4 rounded-xl border-2 border-sun bg-sun/15 p-4 text-sm"
    >
      <p className="font-semibold">Some things in your cart have changed</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {changes.map((c) => (
          <li key={`${c.kind}:${c.id}`}>{describeChange(c, currency)}</li>
        ))}
      </ul>
      <button type="button" className="btn-primary mt-3 w-full" onClick={onAccept}>
        Update my cart
      </button>
    </div>
  );
}
