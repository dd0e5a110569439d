// The catalogue's shared shapes: what a product looks like to pages and the cart, and the
// listing's filter and sort (GET parameters, so the page works before JavaScript loads).
import { z } from "../../lib/zod.ts";

export const CATEGORIES = [
  "Grow box kits",
  "Seeds",
  "Seedlings",
  "Soil & compost",
  "Tools",
] as const;

export const SORTS = {
  featured: "Featured",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  name: "Name: A to Z",
} as const;
export type Sort = keyof typeof SORTS;

export const listQuerySchema = z.object({
  category: z.enum(CATEGORIES).optional().catch(undefined),
  sort: z
    .enum(Object.keys(SORTS) as [Sort, ...Sort[]])
    .default("featured")
    .catch("featured"),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export function parseListQuery(params: URLSearchParams): ListQuery {
  return listQuerySchema.parse({
    category: params.get("category") || undefined,
    sort: params.get("sort") || undefined,
  });
}

/** A product as pages and the cart see it (SPEC §3 cart item's product, plus the page's fields). */
export interface ProductView {
  id: string;
  slug: string;
  name: string;
  summary: string;
  description: string;
  contents: string[];
  /** Integer cents. */
  price: number;
  category: string;
  /** Image base paths; <base>-{400,800}.{avif,webp} exist for each. */
  images: string[];
  stockQuantity: number;
}

/** Below this many units a product page says 'Only N left'. */
export const LOW_STOCK = 5;

export { imageSrc } from "./product-images.ts";

/** Ids the cart asks about: product ids are slug-like. */
export const cartCheckSchema = z.object({
  ids: z.array(z.string().regex(/^[a-z0-9-]{1,80}$/)).max(50),
});
