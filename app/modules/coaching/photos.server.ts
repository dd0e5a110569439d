// A member's photos for a coach (issue 41, ADR 070): each re-encoded by sharp into a WebP at most
// PHOTO_LONG_SIDE px on its long side, turned upright by its EXIF orientation, with every piece of
// metadata (EXIF with GPS above all, XMP, IPTC, ICC) left behind: sharp writes none unless asked.
// Checked twice: the declared size first (cheap), then what sharp finds in the bytes (a renamed
// PDF or a 20,000 px bomb is refused before it is decoded whole), as product pictures are.
import sharp, { type Metadata } from "sharp";
import {
  COACH_MESSAGES,
  PHOTO_LONG_SIDE,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_COUNT,
} from "./coaching.schema.ts";
import { failure, type Outcome } from "#app/lib/outcome.ts";

sharp.cache(false);

/** Larger than any phone camera's photo (a 200 MP sensor), far smaller than a bomb. */
const MAX_PIXELS = 200_000_000;
const READABLE = new Set(["jpeg", "png", "webp", "heif", "gif", "tiff"]);

export interface EncodedPhoto {
  contentType: "image/webp";
  width: number;
  height: number;
  bytes: Buffer;
}

const displayName = (file: File, index: number) =>
  file.name && file.name.length <= 80 ? file.name : `Photo ${index + 1}`;

async function encodeOne(file: File, index: number): Promise<EncodedPhoto | string> {
  const name = displayName(file, index);
  if (file.size === 0) return COACH_MESSAGES.photoEmpty(name);
  if (file.size > PHOTO_MAX_BYTES) return COACH_MESSAGES.photoTooLarge(name);
  const input = Buffer.from(await file.arrayBuffer());
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    return COACH_MESSAGES.notAPhoto(name);
  }
  if (!meta.format || !READABLE.has(meta.format)) return COACH_MESSAGES.notAPhoto(name);
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS)
    return COACH_MESSAGES.photoTooManyPixels(name);
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_PIXELS, pages: 1 })
      .rotate()
      .resize(PHOTO_LONG_SIDE, PHOTO_LONG_SIDE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 78, effort: 2 })
      .toBuffer({ resolveWithObject: true });
    return { contentType: "image/webp", width: info.width, height: info.height, bytes: data };
  } catch {
    return COACH_MESSAGES.photoDamaged(name);
  }
}

/** The chosen files made into stored photos, or the first reason one can't be (nothing half). */
export async function encodeCoachPhotos(
  files: File[],
): Promise<Outcome<{ photos: EncodedPhoto[] }>> {
  if (files.length > PHOTO_MAX_COUNT) return failure("invalid", COACH_MESSAGES.tooManyPhotos);
  // Sizes first, so a 30 MB file is refused before any photo is decoded.
  for (const [i, file] of files.entries()) {
    if (file.size > PHOTO_MAX_BYTES)
      return failure("invalid", COACH_MESSAGES.photoTooLarge(displayName(file, i)));
  }
  // Side by side: libvips works on its own threads, so three photos take little longer than one.
  const results = await Promise.all(files.map((file, i) => encodeOne(file, i)));
  const refused = results.find((r) => typeof r === "string");
  if (refused) return failure("invalid", refused);
  return { ok: true, photos: results as EncodedPhoto[] };
}
