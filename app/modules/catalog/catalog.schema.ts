// The catalogue's shared shapes: what a product looks like to pages and the cart, and the
// listing's filter and sort (GET parameters, so the page works before JavaScript loads).
import { readListQuery } from "#app/lib/list-query.ts";
import { freeText, z } from "#app/lib/zod.ts";
import { CATEGORIES, SORTS, type Sort } from "./catalog-choices.ts";

export { CATEGORIES, LOW_STOCK, SORTS, type Sort } from "./catalog-choices.ts";

export const listQuerySchema = z.object({
  category: z.enum(CATEGORIES).optional().catch(undefined),
  sort: z
    .enum(Object.keys(SORTS) as [Sort, ...Sort[]])
    .default("featured")
    .catch("featured"),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export function parseListQuery(params: URLSearchParams): ListQuery {
  return readListQuery(listQuerySchema, params);
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

/** At or below this many units a product page says 'Only N left' and the admin list flags it. */

export { imageSrc } from "#app/lib/product-images.ts";

/** Product ids (and slugs) are lower-case words joined by hyphens. */
export const productIdSchema = z.string().regex(/^[a-z0-9-]{1,80}$/);

/** Ids the cart asks about. */
export const cartCheckSchema = z.object({
  ids: z.array(productIdSchema).max(50),
});

// The admin's product list (/admin/products): a search by name, a category, and which products.
export const ADMIN_SHOWS = {
  all: "All products",
  "on-sale": "On sale",
  "low-stock": "Low stock",
  archived: "Archived",
} as const;
export type AdminShow = keyof typeof ADMIN_SHOWS;

export const adminListQuerySchema = z.object({
  // Text the database can't hold (NUL, a lone surrogate) searches for nothing in particular.
  q: freeText({ max: 100 }).catch(""),
  category: z.enum(CATEGORIES).optional().catch(undefined),
  show: z
    .enum(Object.keys(ADMIN_SHOWS) as [AdminShow, ...AdminShow[]])
    .default("all")
    .catch("all"),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

export function parseAdminListQuery(params: URLSearchParams): AdminListQuery {
  return readListQuery(adminListQuerySchema, params);
}

/** A price typed in dollars and cents ("24.90"), kept in integer cents. */
export const priceSchema = z
  .string({ message: "Enter a price like 24.90" })
  .trim()
  .regex(/^\d{1,6}(\.\d{1,2})?$/, { message: "Enter a price like 24.90" })
  .transform((v) => Math.round(Number(v) * 100));

export const stockSchema = z.coerce
  .number({ message: "Enter the stock as a whole number" })
  .int({ message: "Enter the stock as a whole number" })
  .min(0, { message: "Stock can't be negative" })
  .max(100_000, { message: "Stock can be at most 100,000" });

/** Uploaded pictures: how many, how large, which kinds (checked again on the bytes). */
export const PICTURE_MAX_FILES = 4;
/** All of a product's pictures, drawn and uploaded. */
export const PICTURES_PER_PRODUCT = 8;
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PICTURE_MIN_SIDE = 400;
export const PICTURE_TYPES = ["JPEG", "PNG", "WebP", "AVIF"] as const;
export const PICTURE_ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

/** The files a form's file input sent: one left empty still sends a part with no name or bytes. */
export function chosenFiles(values: FormDataEntryValue[]): FormDataEntryValue[] {
  return values.filter((f) => !(f instanceof File && f.name === "" && f.size === 0));
}

/** One uploaded picture as the browser declared it. */
export const pictureFileSchema = z
  .custom<File>((v) => typeof File !== "undefined" && v instanceof File, {
    message: "Choose a picture file",
  })
  .refine((f) => f.size > 0, { message: "That picture file is empty." })
  .refine((f) => f.size <= PICTURE_MAX_BYTES, {
    message: `Each picture can be at most ${PICTURE_MAX_BYTES / 1048576} MB.`,
  })
  .refine((f) => PICTURE_ACCEPT.split(",").includes(f.type), {
    message: `Pictures must be ${PICTURE_TYPES.join(", ")}.`,
  });

/** A new product's fields (its pictures are checked by pictureFileSchema, one by one). */
export const newProductSchema = z.object({
  name: freeText({ max: 120 }).min(2, { message: "Give the product a name" }),
  category: z.enum(CATEGORIES, { message: "Choose a category" }),
  price: priceSchema,
  stockQuantity: stockSchema,
  summary: freeText({ max: 300 }).min(1, { message: "Write a summary" }),
  description: freeText({ max: 5000, multiline: true }).min(1, {
    message: "Write a description",
  }),
  pictures: z
    .array(pictureFileSchema)
    .max(PICTURE_MAX_FILES, { message: `Add at most ${PICTURE_MAX_FILES} pictures.` }),
});
export type NewProductInput = z.input<typeof newProductSchema>;

/**
 * The slug a name gives: lower case, macrons and accents dropped (Kūmara → kumara), anything else
 * a hyphen. "product" when nothing is left.
 */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "product";
}
