// The catalogue's shared shapes: what a product looks like to pages and the cart, and the
// listing's filter and sort (GET parameters, so the page works before JavaScript loads).
import { z } from "#app/lib/zod.ts";

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

/** A product in a grid or the cart (SPEC §3 cart item's product, plus the card's fields). */
export interface ProductSummary {
  id: string;
  slug: string;
  name: string;
  summary: string;
  /** Integer cents. */
  price: number;
  category: string;
  /** Image base paths; <base>-{400,800}.{avif,webp} exist for each. */
  images: string[];
  stockQuantity: number;
}

/** A product as its own page sees it: the summary plus the long description and what it holds. */
export interface ProductView extends ProductSummary {
  description: string;
  contents: string[];
}

/** Below this many units a product page says 'Only N left'. */
export const LOW_STOCK = 5;

export { imageSrc } from "#app/lib/product-images.ts";

/** Product ids (and slugs) are lower-case words joined by hyphens. */
export const productIdSchema = z.string().regex(/^[a-z0-9-]{1,80}$/);

/** Ids the cart asks about. */
export const cartCheckSchema = z.object({
  ids: z.array(productIdSchema).max(50),
});
