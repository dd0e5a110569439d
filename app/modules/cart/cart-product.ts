// The cart's product, made from what the catalogue sends (a product card, a product page, the
// cart check): the cart keeps the picture's path, not its base. The shape is the cart's own, so
// the cart never imports the catalogue; the catalogue's ProductSummary has these fields and more.
import { imageSrc } from "#app/lib/product-images.ts";
import type { CartProduct } from "./cart-store.ts";

/**
 * What the cart needs of a catalogue product: the cart product's fields, with its images as the
 * catalogue sends them (base paths), which toCartProduct turns into picture paths.
 */
export type CatalogProduct = CartProduct;

export function toCartProduct(p: CatalogProduct): CartProduct {
  return {
    id: p.id,
    name: p.name,
    price: p.price,
    category: p.category,
    images: p.images.map((b) => imageSrc(b)),
    stockQuantity: p.stockQuantity,
  };
}
