// The shop's way in to gift boxes (issue 22, ADR 043): a card on /products and /product that
// leads to /gift. A plain link, drawn on the server: nothing to hydrate.
import { Link } from "react-router";
import { formatMoney } from "#app/lib/money.ts";
import { paths } from "#app/lib/paths.ts";
import { plans } from "#app/modules/subscriptions/plans.ts";
import { GIFT_MONTHS, giftPrice } from "./gift-terms.ts";

export function GiftBoxCard({
  currency,
  className = "",
}: {
  currency: string;
  className?: string;
}) {
  const from = giftPrice(Math.min(...plans.map((p) => p.price)), Math.min(...GIFT_MONTHS));
  return (
    <section
      aria-labelledby="gift-box-title"
      className={`flex flex-col gap-4 rounded-2xl bg-leaf-dark p-6 text-cream sm:flex-row sm:items-center ${className}`}
    >
      <div className="flex-1">
        <h2 id="gift-box-title" className="text-2xl font-bold">
          Gift a box
        </h2>
        <p className="mt-1">
          3, 6 or 12 months of monthly garden boxes for someone else, from{" "}
          {formatMoney(from, currency)}. Prepaid, free shipping, and it never renews onto their
          card.
        </p>
      </div>
      <Link to={paths.gift} className="btn-light self-start sm:self-center">
        Choose a gift
      </Link>
    </section>
  );
}
