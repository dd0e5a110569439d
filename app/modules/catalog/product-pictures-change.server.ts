// An admin adds pictures to a product that has some already (or none), or takes one away. Added
// ones are made as a new product's are (product-pictures.server.ts) and go after the others; a
// picture taken away leaves the product's list, and an uploaded one's files are deleted with it
// (the drawn ones are files of the site and stay).
import { and, eq, like } from "drizzle-orm";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { productPictures, products } from "#db/schema/index.ts";
import { db, type Database } from "#app/lib/db.server.ts";
import { paths } from "#app/lib/paths.ts";
import {
  PICTURE_MAX_FILES,
  PICTURES_PER_PRODUCT,
  pictureFileSchema,
  productIdSchema,
} from "./catalog.schema.ts";
import { z } from "#app/lib/zod.ts";
import { encodeProductPicture, type EncodedPicture } from "./product-pictures.server.ts";

const NO_SUCH_PRODUCT = "That product doesn't exist.";

const uploadSchema = z
  .array(pictureFileSchema)
  .min(1, { message: "Choose a picture to add." })
  .max(PICTURE_MAX_FILES, { message: `Add at most ${PICTURE_MAX_FILES} pictures at a time.` });

export async function addProductPictures(id: string, files: unknown): Promise<Outcome> {
  if (!productIdSchema.safeParse(id).success) return failure("not-found", NO_SUCH_PRODUCT);
  const [product] = await db()
    .select({ slug: products.slug, images: products.images })
    .from(products)
    .where(eq(products.id, id));
  if (!product) return failure("not-found", NO_SUCH_PRODUCT);
  const parsed = uploadSchema.safeParse(files);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Choose a picture to add.";
    return failure("invalid", message, { fieldErrors: { pictures: message } });
  }
  if (product.images.length + parsed.data.length > PICTURES_PER_PRODUCT) {
    const message = `A product can have at most ${PICTURES_PER_PRODUCT} pictures; it has ${product.images.length}.`;
    return failure("invalid", message, { fieldErrors: { pictures: message } });
  }
  const pictures: EncodedPicture[] = [];
  for (const file of parsed.data) {
    const made = await encodeProductPicture(file, product.slug);
    if (!made.ok)
      return failure("invalid", made.message, { fieldErrors: { pictures: made.message } });
    pictures.push(made.picture);
  }
  await changeImages(
    id,
    (images) => [...images, ...pictures.map((p) => p.base)],
    (tx) =>
      tx
        .insert(productPictures)
        .values(pictures.flatMap((p) => p.files.map((f) => ({ ...f, productId: id })))),
  );
  return {
    ok: true,
    message: pictures.length === 1 ? "Picture added" : `${pictures.length} pictures added`,
  };
}

export async function removeProductPicture(id: string, base: unknown): Promise<Outcome> {
  if (!productIdSchema.safeParse(id).success) return failure("not-found", NO_SUCH_PRODUCT);
  if (typeof base !== "string") return failure("not-found", "That picture isn't the product's.");
  const [product] = await db()
    .select({ images: products.images })
    .from(products)
    .where(eq(products.id, id));
  if (!product) return failure("not-found", NO_SUCH_PRODUCT);
  if (!product.images.includes(base))
    return failure("not-found", "That picture isn't the product's.");
  await changeImages(
    id,
    (images) => images.filter((b) => b !== base),
    async (tx) => {
      const uploaded = paths.productPicture("");
      if (base.startsWith(uploaded)) {
        const name = base.slice(uploaded.length).replace(/[\\%_]/g, "\\$&");
        await tx
          .delete(productPictures)
          .where(and(eq(productPictures.productId, id), like(productPictures.file, `${name}-%`)));
      }
    },
  );
  return { ok: true, message: "Picture removed" };
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Sets a product's picture list from the one read again under a row lock, so pictures another
 * admin added or took away meanwhile are kept, with `alongside` in the same transaction. */
async function changeImages(
  id: string,
  change: (images: string[]) => string[],
  alongside: (tx: Transaction) => Promise<unknown>,
) {
  await db().transaction(async (tx) => {
    const [now] = await tx
      .select({ images: products.images })
      .from(products)
      .where(eq(products.id, id))
      .for("update");
    await alongside(tx);
    await tx
      .update(products)
      .set({ images: change(now?.images ?? []), updatedAt: new Date() })
      .where(eq(products.id, id));
  });
}
