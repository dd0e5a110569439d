// An admin adds a product: the fields checked by newProductSchema, its pictures made into the
// drawn ones' sizes and formats (product-pictures.server.ts), and an id and slug from its name
// that no other product has ("hand-trowel", then "hand-trowel-2"…). The pictures are encoded
// before the transaction; the product and its pictures are stored together or not at all.
import { eq, like, max, or } from "drizzle-orm";
import { failure, fieldErrors, type Outcome } from "#app/lib/outcome.ts";
import { productPictures, products } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { newProductSchema, slugify } from "./catalog.schema.ts";
import { encodeProductPicture, type EncodedPicture } from "./product-pictures.server.ts";

/** The first of base, base-2, base-3… that is neither a product's id nor its slug. */
async function freeSlug(base: string): Promise<string> {
  const pattern = `${base.replace(/[\\%_]/g, "\\$&")}%`;
  const taken = new Set(
    (
      await db()
        .select({ id: products.id, slug: products.slug })
        .from(products)
        .where(or(like(products.id, pattern), like(products.slug, pattern)))
    ).flatMap((r) => [r.id, r.slug]),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: string }).code === "23505") return true;
  return false;
};

export async function addProduct(raw: unknown): Promise<Outcome<{ id: string }>> {
  const parsed = newProductSchema.safeParse(raw);
  if (!parsed.success)
    return failure("invalid", parsed.error.issues[0]?.message ?? "Check the form", {
      fieldErrors: fieldErrors(parsed.error),
    });
  const { pictures: files, ...fields } = parsed.data;
  const base = slugify(fields.name);

  const pictures: EncodedPicture[] = [];
  for (const file of files) {
    const made = await encodeProductPicture(file, base);
    if (!made.ok)
      return failure("invalid", made.message, { fieldErrors: { pictures: made.message } });
    pictures.push(made.picture);
  }

  // Two admins adding the same name at once: the loser of the unique index tries the next slug.
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = await freeSlug(base);
    try {
      await db().transaction(async (tx) => {
        const [last] = await tx
          .select({ position: max(products.position) })
          .from(products)
          .where(eq(products.category, fields.category));
        await tx.insert(products).values({
          ...fields,
          id: slug,
          slug,
          images: pictures.map((p) => p.base),
          position: (last?.position ?? 0) + 1,
        });
        const rows = pictures.flatMap((p) => p.files.map((f) => ({ ...f, productId: slug })));
        if (rows.length) await tx.insert(productPictures).values(rows);
      });
      return { ok: true, id: slug, message: `${fields.name} added` };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return failure("conflict", "Another product was being added with that name. Please try again.");
}
