// A member's photo on its way to a coach (issue 41): a phone photo with GPS in its EXIF and an
// orientation flag is stored re-encoded, upright and at most 1600 px, and what the photo's own
// address serves has no EXIF at all (read back with a TIFF/EXIF reader below and with sharp's).
// Non-photos, too many photos and too large ones are refused with their reasons, and only the
// thread's member, an admin or the thread's signed link open a photo.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { coachPhotos } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { requestInfo } from "#app/lib/request-context.ts";
import { loader as photoLoader } from "#app/routes/coach-photo.ts";
import { requestMetas, signedInAccount } from "#tests/factories/accounts.ts";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import { askCoach } from "./ask-coach.server.ts";
import { COACH_MESSAGES, PHOTO_MAX_BYTES } from "./coaching.schema.ts";
import { getMemberThread, coachThreadLink } from "./member-thread.server.ts";
import { encodeCoachPhotos } from "./photos.server.ts";

const SITE = "https://patch.test";
let t: TestDatabase;
const meta = requestMetas("203.0.113");

beforeAll(async () => {
  t = await openTestDatabase({
    SITE_URL: SITE,
    MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), "patch-mail-")),
  });
});
afterAll(async () => {
  await t.close();
});

/** Reads a TIFF structure (an EXIF block): every tag of IFD0 and of the IFDs it points to. */
function exifTags(exif: Buffer): Map<number, number> {
  const start = exif.indexOf("Exif\0\0") === 0 ? 6 : 0;
  const tiff = exif.subarray(start);
  const le = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  if (u16(2) !== 42) throw new Error("not a TIFF structure");
  const tags = new Map<number, number>();
  const walk = (offset: number, depth: number) => {
    if (depth > 3 || offset + 2 > tiff.length) return;
    const count = u16(offset);
    for (let i = 0; i < count; i++) {
      const entry = offset + 2 + i * 12;
      const tag = u16(entry);
      tags.set(tag, u32(entry + 8));
      // ExifIFD and GPSInfo point to IFDs of their own.
      if (tag === 0x8769 || tag === 0x8825) walk(u32(entry + 8), depth + 1);
    }
  };
  walk(u32(4), 0);
  return tags;
}

/** The APP1 Exif segment of a JPEG, if it has one. */
function jpegExif(jpeg: Buffer): Buffer | undefined {
  let o = 2;
  while (o + 4 < jpeg.length && jpeg[o] === 0xff) {
    const marker = jpeg[o + 1]!;
    const length = jpeg.readUInt16BE(o + 2);
    const body = jpeg.subarray(o + 4, o + 2 + length);
    if (marker === 0xe1 && body.toString("latin1", 0, 6) === "Exif\0\0") return body;
    if (marker === 0xda) return undefined;
    o += 2 + length;
  }
  return undefined;
}

/** A WebP's RIFF chunk names (an EXIF or XMP chunk would be where metadata lives). */
function webpChunks(webp: Buffer): string[] {
  expect(webp.toString("latin1", 0, 4)).toBe("RIFF");
  expect(webp.toString("latin1", 8, 12)).toBe("WEBP");
  const chunks: string[] = [];
  for (let o = 12; o + 8 <= webp.length;) {
    const size = webp.readUInt32LE(o + 4);
    chunks.push(webp.toString("latin1", o, o + 4));
    o += 8 + size + (size % 2);
  }
  return chunks;
}

/** A phone's photo: 2400 × 1800 landscape pixels, EXIF saying "turn right" and where it was. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1800, channels: 3, background: "#4a7a3a" } })
    .jpeg({ quality: 85 })
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: "PatchPhone", Model: "Garden 1" },
        IFD3: {
          GPSLatitudeRef: "S",
          GPSLatitude: "36/1 50/1 3000/100",
          GPSLongitudeRef: "E",
          GPSLongitude: "174/1 45/1 0/1",
        },
      },
    })
    .toBuffer();
}

const file = (bytes: Buffer, name = "IMG_0412.jpg", type = "image/jpeg") =>
  new File([new Uint8Array(bytes)], name, { type });

function args(url: string, cookie = "", id = "") {
  const context = new RouterContextProvider();
  context.set(requestInfo, {
    nonce: "",
    requestId: "test",
    clientIp: "203.0.113.9",
    sharedPage: false,
  });
  return {
    request: new Request(url, { headers: cookie ? { cookie } : {} }),
    context,
    params: { id },
  } as never;
}

async function askWithPhoto(email: string) {
  const member = await signedInAccount({ email, password: "harakeke by the gate", meta: meta() });
  const original = await phonePhoto();
  const encoded = await encodeCoachPhotos([file(original)]);
  if (!encoded.ok) throw new Error(encoded.message);
  const asked = await askCoach({
    userId: member.id,
    input: {
      requestKey: crypto.randomUUID(),
      topic: "pests",
      body: "Holes in my silverbeet leaves overnight. Slugs?",
    },
    photos: encoded.photos,
    source: "garden",
  });
  if (!asked.ok) throw new Error(asked.message);
  const thread = await getMemberThread(asked.threadId);
  const photoId = thread!.messages[0]!.photos[0]!.id;
  return { member, original, threadId: asked.threadId, photoId };
}

test("a photo's GPS is gone when it is read back from its address; it is upright and 1600 px at most", async () => {
  const { member, original, photoId } = await askWithPhoto("tui@example.nz");
  // The test's photo really carries GPS, so the reader below can find it.
  const before = exifTags(jpegExif(original)!);
  expect(before.has(0x8825)).toBe(true);
  expect(before.has(0x0002)).toBe(true); // GPSLatitude

  const response = await photoLoader(
    args(`${SITE}/coach/photos/${photoId}`, member.cookie, photoId),
  );
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/webp");
  expect(response.headers.get("cache-control")).toBe("private, max-age=86400");
  const served = Buffer.from(await response.arrayBuffer());
  expect(webpChunks(served).filter((c) => c === "EXIF" || c === "XMP " || c === "ICCP")).toEqual(
    [],
  );
  expect(served.includes(Buffer.from("Exif\0\0"))).toBe(false);
  expect(served.includes(Buffer.from("PatchPhone"))).toBe(false);
  const read = await sharp(served).metadata();
  expect(read.exif).toBeUndefined();
  expect(read.xmp).toBeUndefined();
  // Turned by its orientation (2400 × 1800 on its side), then fitted into 1600 px.
  expect({ width: read.width, height: read.height }).toEqual({ width: 1200, height: 1600 });
  const [stored] = await db().select().from(coachPhotos).where(eq(coachPhotos.id, photoId));
  expect(stored).toMatchObject({ width: 1200, height: 1600, position: 0 });
});

test("a photo opens for its member and by the thread's signed link, for nobody else", async () => {
  const { threadId, photoId } = await askWithPhoto("kereru@example.nz");
  const stranger = await signedInAccount({
    email: "weka@example.nz",
    password: "weka steals the spoons",
    meta: meta(),
  });
  const url = `${SITE}/coach/photos/${photoId}`;
  expect((await photoLoader(args(url, "", photoId))).status).toBe(404);
  expect((await photoLoader(args(url, stranger.cookie, photoId))).status).toBe(404);
  const key = new URL(coachThreadLink(threadId)).searchParams.get("key")!;
  expect(
    (await photoLoader(args(`${url}?key=${encodeURIComponent(key)}`, "", photoId))).status,
  ).toBe(200);
  // Another thread's key opens nothing here.
  const other = await askWithPhoto("ruru@example.nz");
  const otherKey = new URL(coachThreadLink(other.threadId)).searchParams.get("key")!;
  expect(
    (await photoLoader(args(`${url}?key=${encodeURIComponent(otherKey)}`, "", photoId))).status,
  ).toBe(404);
});

test("a file that isn't a photo is refused in words, naming it", async () => {
  const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF");
  const result = await encodeCoachPhotos([file(pdf, "invoice.jpg")]);
  expect(result).toEqual({
    ok: false,
    code: "invalid",
    message: COACH_MESSAGES.notAPhoto("invoice.jpg"),
  });
});

test("more than three photos, or one over the size limit, are refused before any is decoded", async () => {
  const small = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#fff" } })
    .jpeg()
    .toBuffer();
  const four = await encodeCoachPhotos([1, 2, 3, 4].map((i) => file(small, `p${i}.jpg`)));
  expect(four).toEqual({ ok: false, code: "invalid", message: COACH_MESSAGES.tooManyPhotos });
  const huge = new File([new Uint8Array(PHOTO_MAX_BYTES + 1)], "big.jpg", { type: "image/jpeg" });
  const tooLarge = await encodeCoachPhotos([file(small), huge]);
  expect(tooLarge).toEqual({
    ok: false,
    code: "invalid",
    message: COACH_MESSAGES.photoTooLarge("big.jpg"),
  });
});

test("a small photo is kept at its size, not enlarged", async () => {
  const small = await sharp({
    create: { width: 640, height: 480, channels: 3, background: "#c33" },
  })
    .png()
    .toBuffer();
  const result = await encodeCoachPhotos([file(small, "tomato.png", "image/png")]);
  expect(result.ok && result.photos.map((p) => [p.width, p.height, p.contentType])).toEqual([
    [640, 480, "image/webp"],
  ]);
});
