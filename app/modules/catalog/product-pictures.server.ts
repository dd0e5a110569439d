// Pictures an admin uploads for a product, made into what the drawn ones are
// (scripts/art/products.mjs): square, 400 and 800 px, AVIF and WebP. Checked twice: the browser's
// declared type and size first (cheap), then what sharp finds in the bytes (a renamed PDF or a
// 20,000 px bomb is refused before it is decoded whole). Stored in product_pictures, served by
// /uploads/products/{file} (getProductPicture).
import { randomBytes } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { eq } from "drizzle-orm";
import { productPictures } from "#db/schema/index.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";
import { db } from "#app/lib/db.server.ts";
import { paths } from "#app/lib/paths.ts";
import {
  PICTURE_MAX_BYTES,
  PICTURE_MIN_SIDE,
  PICTURE_TYPES,
  pictureFileSchema,
} from "./catalog.schema.ts";

sharp.cache(false);

/** Widths and formats, as the drawn pictures have them (ProductImage asks for these). */
const WIDTHS = [800, 400] as const;
const FORMATS = [
  { ext: "avif", type: "image/avif" },
  { ext: "webp", type: "image/webp" },
] as const;
/** The cream the drawings stand on, behind a transparent PNG. */
const BACKGROUND = "#f3ecdc";
/** Larger than any phone camera's photo, far smaller than a decompression bomb. */
const MAX_PIXELS = 50_000_000;

export interface EncodedPicture {
  /** The base path the product keeps in `images`, e.g. /uploads/products/kawakawa-balm-3f9a1c */
  base: string;
  files: { file: string; contentType: string; bytes: Buffer }[];
}

const SHARP_FORMATS = new Set(["jpeg", "png", "webp", "heif"]);

/** One upload made into its four files, or why it can't be. `slug` names the files. */
export async function encodeProductPicture(
  file: File,
  slug: string,
): Promise<Outcome<{ picture: EncodedPicture }>> {
  const declared = pictureFileSchema.safeParse(file);
  if (!declared.success)
    return failure("invalid", declared.error.issues[0]?.message ?? "Choose a picture");
  const input = Buffer.from(await file.arrayBuffer());
  if (input.length > PICTURE_MAX_BYTES)
    return failure("invalid", `${file.name} is larger than ${PICTURE_MAX_BYTES / 1048576} MB.`);
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    return failure("invalid", `${file.name} isn't a picture we can read.`);
  }
  if (!meta.format || !SHARP_FORMATS.has(meta.format))
    return failure("invalid", `${file.name} isn't a ${PICTURE_TYPES.join(", ")} picture.`);
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (width * height > MAX_PIXELS)
    return failure("invalid", `${file.name} has too many pixels; make it smaller first.`);
  if (Math.min(width, height) < PICTURE_MIN_SIDE)
    return failure(
      "invalid",
      `${file.name} is ${width} × ${height} px; use one at least ${PICTURE_MIN_SIDE} px on each side.`,
    );

  const name = `${slug.slice(0, 60)}-${randomBytes(3).toString("hex")}`;
  const files: EncodedPicture["files"] = [];
  try {
    for (const size of WIDTHS) {
      const square = await sharp(input, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize(size, size, { fit: "cover", position: "attention" })
        .flatten({ background: BACKGROUND })
        .png({ compressionLevel: 1 })
        .toBuffer();
      for (const { ext, type } of FORMATS) {
        const img = sharp(square);
        const bytes =
          ext === "webp"
            ? await img.webp({ quality: 80, effort: 4 }).toBuffer()
            : await img.avif({ quality: 55, effort: 3, chromaSubsampling: "4:2:0" }).toBuffer();
        files.push({ file: `${name}-${size}.${ext}`, contentType: type, bytes });
      }
    }
  } catch {
    return failure("invalid", `${file.name} couldn't be read to the end; is it damaged?`);
  }
  return { ok: true, picture: { base: paths.productPicture(name), files } };
}

/** A stored picture file, for /uploads/products/{file}. */
export async function getProductPicture(
  file: string,
): Promise<{ contentType: string; bytes: Buffer } | null> {
  if (!/^[a-z0-9-]{1,100}-(400|800)\.(avif|webp)$/.test(file)) return null;
  const [row] = await db()
    .select({ contentType: productPictures.contentType, bytes: productPictures.bytes })
    .from(productPictures)
    .where(eq(productPictures.file, file));
  return row ?? null;
}
