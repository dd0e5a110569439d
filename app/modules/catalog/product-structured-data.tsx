// schema.org Product data for a product page, so search engines can show its price and stock.
import { useRouteLoaderData } from "react-router";
import { JsonLd } from "#app/components/ui/json-ld.tsx";
import type { ProductView } from "./catalog.schema.ts";
import { imageSrc } from "#app/lib/product-images.ts";

interface RootData {
  settings: { siteUrl: string; brandName: string; currency: string };
}

export function ProductStructuredData({ product }: { product: ProductView }) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const siteUrl = root?.settings.siteUrl ?? "";
  const json = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.summary,
    sku: product.id,
    category: product.category,
    image: product.images.map((b) => `${siteUrl}${imageSrc(b, 800)}`),
    brand: { "@type": "Brand", name: root?.settings.brandName ?? "Patch" },
    offers: {
      "@type": "Offer",
      url: `${siteUrl}/product/${product.id}`,
      price: (product.price / 100).toFixed(2),
      priceCurrency: root?.settings.currency ?? "USD",
      availability:
        product.stockQuantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
  };
  return <JsonLd data={json} />;
}
