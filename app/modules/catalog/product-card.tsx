// A product in a grid: picture, name, category, price and stock, linking to its page.
import { Link } from "react-router";
import { formatMoney } from "#app/lib/money.ts";
import { paths } from "#app/lib/paths.ts";
import { AddToCartButton, cartFields } from "./add-to-cart.tsx";
import type { ProductSummary } from "./catalog.schema.ts";
import { ProductImage } from "./product-image.tsx";
import { StockNote } from "./stock-note.tsx";

export const KIT_CATEGORY = "Grow box kits";
/** Says which is which beside the monthly plans (subscriptions/plan-picker.tsx has the other). */
export const KIT_LINE = "A kit: the raised bed and supplies, bought once.";

export function ProductCard({
  product,
  currency,
  heading: Heading = "h2",
}: {
  product: ProductSummary;
  currency: string;
  /** h2 in a page's main grid, h3 under a section heading. */
  heading?: "h2" | "h3";
}) {
  return (
    <li
      className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm"
      data-product={product.id}
    >
      <Link to={paths.productDetail(product.id)} className="group flex flex-1 flex-col">
        <ProductImage
          base={product.images[0]}
          alt=""
          sizes="(min-width: 1024px) 22vw, 45vw"
          className="transition-transform group-hover:scale-[1.02]"
        />
        <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
          <p className="text-sm text-ink/75">{product.category}</p>
          <Heading className="font-semibold group-hover:underline">{product.name}</Heading>
          <p className="text-sm text-ink/75">{product.summary}</p>
          {product.category === KIT_CATEGORY && (
            <p className="text-sm font-medium text-leaf-dark">{KIT_LINE}</p>
          )}
          <div className="mt-auto flex flex-wrap items-baseline justify-between gap-x-2 pt-2">
            <span className="text-lg font-bold" data-testid="product-price">
              {formatMoney(product.price, currency)}
            </span>
            <StockNote stock={product.stockQuantity} className="text-sm" />
          </div>
        </div>
      </Link>
      <div className="px-3 pb-3 sm:px-4 sm:pb-4">
        <AddToCartButton
          product={cartFields(product)}
          className="btn-secondary w-full px-3 sm:px-6"
        />
      </div>
    </li>
  );
}
