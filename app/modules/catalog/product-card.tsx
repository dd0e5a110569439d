// A product in a grid: picture, name, category, price and stock, linking to its page.
import { Link } from "react-router";
import { formatMoney } from "#app/lib/money.ts";
import { paths } from "#app/lib/paths.ts";
import { AddToCartButton } from "./add-to-cart.tsx";
import type { ProductSummary } from "./catalog.schema.ts";
import { ProductImage } from "./product-image.tsx";
import { StockNote } from "./stock-note.tsx";

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
          sizes="(min-width: 1024px) 22vw, (min-width: 640px) 45vw, 90vw"
          className="transition-transform group-hover:scale-[1.02]"
        />
        <div className="flex flex-1 flex-col gap-1 p-4">
          <p className="text-sm text-ink/75">{product.category}</p>
          <Heading className="font-semibold group-hover:underline">{product.name}</Heading>
          <p className="text-sm text-ink/75">{product.summary}</p>
          <div className="mt-auto flex items-baseline justify-between pt-2">
            <span className="text-lg font-bold">{formatMoney(product.price, currency)}</span>
            <StockNote stock={product.stockQuantity} className="text-sm" />
          </div>
        </div>
      </Link>
      <div className="px-4 pb-4">
        <AddToCartButton product={product} className="btn-secondary w-full" />
      </div>
    </li>
  );
}
