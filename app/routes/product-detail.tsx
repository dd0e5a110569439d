// /product/{id}: gallery, description, price, stock, quantity and add to cart, related products.
import { data, Link, useRouteLoaderData } from "react-router";
import { formatMoney } from "#app/lib/money.ts";
import { paths } from "#app/lib/paths.ts";
import { pageMeta, rootSettings } from "#app/lib/seo.ts";
import { imageSrc } from "#app/lib/product-images.ts";
import { cartFields, QuantityAndAdd } from "#app/modules/catalog/add-to-cart.tsx";
import { getProduct } from "#app/modules/catalog/get-product.server.ts";
import { ProductCard } from "#app/modules/catalog/product-card.tsx";
import { ProductGallery } from "#app/modules/catalog/product-gallery.tsx";
import { ProductStructuredData } from "#app/modules/catalog/product-structured-data.tsx";
import { StockNote } from "#app/modules/catalog/stock-note.tsx";
import { DeliveryNote } from "#app/modules/checkout/delivery-note.tsx";
import type { loader as rootLoader } from "#app/root.tsx";
import type { Route } from "./+types/product-detail";
import { TextList } from "#app/components/ui/text-list.tsx";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Product not found | Patch" }];
  const { product } = loaderData;
  return pageMeta({
    title: `${product.name} | Patch`,
    description: product.summary,
    path: `/product/${product.id}`,
    siteUrl: rootSettings(matches)?.siteUrl ?? "",
    image: product.images[0] ? imageSrc(product.images[0], 800) : undefined,
  });
}

export async function loader({ params }: Route.LoaderArgs) {
  const found = await getProduct(params.id);
  if (!found) throw data(null, { status: 404 });
  return found;
}

export default function ProductDetail({ loaderData }: Route.ComponentProps) {
  const currency = useRouteLoaderData<typeof rootLoader>("root")?.settings.currency ?? "USD";
  const { product, related } = loaderData;
  const paragraphs = product.description.split(/\n\s*\n/);
  return (
    <div className="container-page pt-28 pb-20 md:pt-36">
      <ProductStructuredData product={product} />
      <nav aria-label="Breadcrumb" className="text-sm text-ink/70">
        <Link to={paths.products} className="underline-offset-2 hover:underline">
          All products
        </Link>{" "}
        /{" "}
        <Link
          to={`/products?category=${encodeURIComponent(product.category)}`}
          className="underline-offset-2 hover:underline"
        >
          {product.category}
        </Link>
      </nav>
      <div className="mt-4 grid gap-10 md:grid-cols-2">
        <ProductGallery images={product.images} name={product.name} />
        <div className="flex flex-col gap-4">
          <p className="text-sm font-semibold tracking-widest text-leaf uppercase">
            {product.category}
          </p>
          <h1 className="text-3xl font-bold sm:text-4xl">{product.name}</h1>
          <p className="text-3xl font-bold">{formatMoney(product.price, currency)}</p>
          <StockNote stock={product.stockQuantity} />
          <QuantityAndAdd product={cartFields(product)} currency={currency} />
          <DeliveryNote currency={currency} />
          <div className="mt-4 space-y-4 text-ink/85">
            {paragraphs.map((p) => (
              <p key={p.slice(0, 40)}>{p}</p>
            ))}
          </div>
          {product.contents.length > 0 ? (
            <>
              <h2 className="mt-2 text-xl font-bold">
                {product.category === "Grow box kits" ? "In the box" : "Details"}
              </h2>
              <TextList className="list-disc space-y-1 pl-5" items={product.contents} />
            </>
          ) : null}
        </div>
      </div>
      {related.length > 0 ? (
        <section aria-labelledby="related-title" className="mt-16">
          <h2 id="related-title" className="text-2xl font-bold">
            You might also need
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {related.map((p) => (
              <ProductCard key={p.id} product={p} currency={currency} heading="h3" />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
