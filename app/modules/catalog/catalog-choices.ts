// The catalogue's categories and the listing's sorts: plain lists with no schema library, so the
// product filter's island (ADR 036) carries no zod into the page. catalog.schema.ts builds on them.
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

/** On sale with this many or fewer left: the page says "Only N left" and the admin home warns. */
export const LOW_STOCK = 5;
