// The admin's catalogue (issue 19) on a real database: finding products by name, category and
// state; adding one with pictures made into the drawn ones' sizes and formats and served at
// /uploads/products/{file}; slugs that never collide; uploads refused with a reason; archiving
// (gone from the shop, refused at checkout, kept by orders) and restoring.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { expect, test } from "vitest";
import { orderItems, productPictures, products } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { placeOrder } from "#app/flows/place-order.server.ts";
import { addProduct } from "#app/modules/catalog/add-product.server.ts";
import { archiveProduct } from "#app/modules/catalog/archive-product.server.ts";
import {
  addProductPictures,
  removeProductPicture,
} from "#app/modules/catalog/product-pictures-change.server.ts";
import {
  LOW_STOCK,
  PICTURE_MAX_BYTES,
  PICTURES_PER_PRODUCT,
  parseAdminListQuery,
  parseListQuery,
  slugify,
} from "#app/modules/catalog/catalog.schema.ts";
import { checkCart } from "#app/modules/catalog/check-cart.server.ts";
import { getProduct } from "#app/modules/catalog/get-product.server.ts";
import { listAllProducts } from "#app/modules/catalog/list-all-products.server.ts";
import { listProducts } from "#app/modules/catalog/list-products.server.ts";
import { loader as pictureLoader } from "#app/routes/product-picture.ts";
import { testCard } from "#tests/factories/cards.ts";
import { buildProduct } from "#tests/factories/products.ts";
import { jobs } from "#server/jobs.ts";
import { testServices } from "#tests/setup/test-services.ts";

// Checkout queues its confirmation: the queues exist, nothing works them.
testServices({ queues: jobs });

/** A photo-like picture (a gradient with a shape), as an upload of the given type. */
async function photo(
  name = "kawakawa.jpg",
  { width = 1200, height = 900, type = "image/jpeg" } = {},
): Promise<File> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#2f6b3a"/><stop offset="1" stop-color="#d9c27a"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#7a3b2e"/></svg>`;
  const image = sharp(Buffer.from(svg));
  const bytes =
    type === "image/png"
      ? await image.png().toBuffer()
      : type === "image/webp"
        ? await image.webp().toBuffer()
        : await image.jpeg().toBuffer();
  return new File([new Uint8Array(bytes)], name, { type });
}

const fields = (name: string) => ({
  name,
  category: "Tools",
  price: "24.90",
  stockQuantity: "12",
  summary: "A hand-forged tool for New Zealand clay.",
  description: "Forged in Whanganui.\n\nSharpened by hand.",
});

const pictureRequest = (file: string) =>
  pictureLoader({
    params: { file },
    request: new Request(`https://patch.test/uploads/products/${file}`),
  } as never) as Promise<Response>;

test("slugs: macrons and symbols dropped, never empty", () => {
  expect(slugify("Kūmara Slips (Te Kaha) & Seed Potatoes")).toBe(
    "kumara-slips-te-kaha-and-seed-potatoes",
  );
  expect(slugify("   !!!  ")).toBe("product");
  expect(slugify("x".repeat(200))).toHaveLength(60);
});

test("adding a product with two pictures: stored with its own slug, pictures made into 400 and 800 px AVIF and WebP, shown in the shop", async () => {
  const added = await addProduct({
    ...fields("Pruning Saw"),
    pictures: [await photo("saw.jpg"), await photo("saw-detail.png", { type: "image/png" })],
  });
  expect(added).toMatchObject({ ok: true, id: "pruning-saw" });

  const [row] = await db().select().from(products).where(eq(products.id, "pruning-saw"));
  expect(row).toMatchObject({
    slug: "pruning-saw",
    name: "Pruning Saw",
    price: 2490,
    stockQuantity: 12,
    active: true,
    category: "Tools",
  });
  expect(row!.images).toHaveLength(2);
  for (const base of row!.images) {
    expect(base).toMatch(/^\/uploads\/products\/pruning-saw-[0-9a-f]{6}$/);
    for (const width of [400, 800])
      for (const [ext, format] of [
        ["avif", "heif"],
        ["webp", "webp"],
      ] as const) {
        const file = `${base.split("/").pop()}-${width}.${ext}`;
        const response = await pictureRequest(file);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe(`image/${ext}`);
        expect(response.headers.get("cache-control")).toContain("immutable");
        const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
        expect(meta).toMatchObject({ format, width, height: width });
      }
  }
  expect(
    await db().select().from(productPictures).where(eq(productPictures.productId, "pruning-saw")),
  ).toHaveLength(8);

  // The shop lists it and its page opens.
  const tools = await listProducts(parseListQuery(new URLSearchParams("category=Tools")));
  expect(tools.map((p) => p.id)).toContain("pruning-saw");
  expect((await getProduct("pruning-saw"))?.product.images).toEqual(row!.images);
});

test("slugs never collide: the same name again, or a name whose slug an existing product has", async () => {
  await db()
    .insert(products)
    .values(buildProduct({ id: "garden-twine", name: "Old twine" }));
  const first = await addProduct({ ...fields("Garden Twine"), pictures: [] });
  const second = await addProduct({ ...fields("Garden  twine!"), pictures: [] });
  const third = await addProduct({ ...fields("Garden Twine"), pictures: [] });
  expect([first, second, third].map((r) => (r.ok ? r.id : r.message))).toEqual([
    "garden-twine-2",
    "garden-twine-3",
    "garden-twine-4",
  ]);
  // At once, too: each gets its own.
  const together = await Promise.all(
    [1, 2, 3].map(() => addProduct({ ...fields("Seed Tray"), pictures: [] })),
  );
  expect(new Set(together.map((r) => (r.ok ? r.id : r.message)))).toEqual(
    new Set(["seed-tray", "seed-tray-2", "seed-tray-3"]),
  );
});

test("refused with a reason, nothing stored: bad fields, a file that isn't a picture, too small, too large, too many", async () => {
  const before = (await db().select().from(products)).length;
  const bad = await addProduct({
    ...fields("Broken"),
    price: "twelve",
    category: "Hats",
    pictures: [],
  });
  expect(bad).toMatchObject({ ok: false, code: "invalid" });
  expect(!bad.ok && bad.fieldErrors).toMatchObject({
    price: "Enter a price like 24.90",
    category: "Choose a category",
  });

  const notAPicture = new File(["%PDF-1.7 not really"], "invoice.png", { type: "image/png" });
  expect(await addProduct({ ...fields("Fake"), pictures: [notAPicture] })).toMatchObject({
    ok: false,
    message: "invoice.png isn't a picture we can read.",
    fieldErrors: { pictures: "invoice.png isn't a picture we can read." },
  });
  const pdf = new File(["%PDF"], "leaflet.pdf", { type: "application/pdf" });
  expect(await addProduct({ ...fields("Leaflet"), pictures: [pdf] })).toMatchObject({
    ok: false,
    fieldErrors: { pictures: "Pictures must be JPEG, PNG, WebP, AVIF." },
  });
  const tiny = await photo("thumb.jpg", { width: 300, height: 200 });
  expect(await addProduct({ ...fields("Tiny"), pictures: [tiny] })).toMatchObject({
    ok: false,
    message: "thumb.jpg is 300 × 200 px; use one at least 400 px on each side.",
  });
  const huge = new File([new Uint8Array(PICTURE_MAX_BYTES + 1)], "huge.jpg", {
    type: "image/jpeg",
  });
  expect(await addProduct({ ...fields("Huge"), pictures: [huge] })).toMatchObject({
    ok: false,
    fieldErrors: { pictures: "Each picture can be at most 5 MB." },
  });
  const five = await Promise.all([1, 2, 3, 4, 5].map((n) => photo(`p${n}.jpg`)));
  expect(await addProduct({ ...fields("Many"), pictures: five })).toMatchObject({
    ok: false,
    fieldErrors: { pictures: "Add at most 4 pictures." },
  });
  expect((await db().select().from(products)).length).toBe(before);
  expect(await pictureRequest("../../etc-400.webp")).toHaveProperty("status", 404);
  expect(await pictureRequest("no-such-picture-400.webp")).toHaveProperty("status", 404);
});

test("finding products: by part of the name (any case, % and _ are plain), category, on sale, low stock, archived", async () => {
  const tag = randomUUID().slice(0, 6);
  const make = (over: Parameters<typeof buildProduct>[0]) => {
    const p = buildProduct(over);
    return db()
      .insert(products)
      .values(p)
      .then(() => p.id!);
  };
  const spade = await make({ name: `Border Spade ${tag}`, category: "Tools", stockQuantity: 30 });
  const fork = await make({
    name: `Border Fork ${tag}`,
    category: "Tools",
    stockQuantity: LOW_STOCK,
  });
  const seeds = await make({
    name: `Border Marigold ${tag}`,
    category: "Seeds",
    stockQuantity: 2,
    active: false,
  });
  const percent = await make({ name: `100% Wool Pellets ${tag}`, category: "Soil & compost" });

  const find = async (query: string) =>
    (await listAllProducts(parseAdminListQuery(new URLSearchParams(query)))).map((p) => p.id);
  expect(await find(`q=border+${tag}`)).toEqual([]);
  expect(new Set(await find(`q=BORDER`))).toEqual(new Set([spade, fork, seeds]));
  expect(await find(`q=border&category=Tools`)).toEqual(expect.arrayContaining([spade, fork]));
  expect(await find(`q=border&category=Tools`)).not.toContain(seeds);
  expect(await find(`q=border&show=archived`)).toEqual([seeds]);
  expect(await find(`q=border&show=low-stock`)).toEqual([fork]);
  expect(new Set(await find(`q=border&show=on-sale`))).toEqual(new Set([spade, fork]));
  expect(await find(`q=100%25`)).toEqual([percent]);
  expect(await find(`q=100_`)).toEqual([]);
  // A made-up category or state, or a search PostgreSQL can't hold, is ignored rather than an error.
  expect((await find("q=%00")).length).toBeGreaterThanOrEqual(4);
  expect((await find("q=%ED%A0%80")).length).toBeGreaterThanOrEqual(4);
  expect(new Set(await find(`q=border&category=Hats&show=everything`))).toEqual(
    new Set([spade, fork, seeds]),
  );
});

test("archiving: gone from the shop and its page, refused by the cart check and checkout, kept by orders; restoring brings it back", async () => {
  const p = buildProduct({ name: "Hori hori", stockQuantity: 8, price: 3900 });
  await db().insert(products).values(p);
  const order = (key = randomUUID()) =>
    placeOrder(
      {
        idempotencyKey: key,
        name: "Aroha",
        email: "aroha@example.nz",
        address: { street: "12 Rata Street", city: "Nelson", region: "Nelson", postcode: "7010" },
        shippingMethod: "standard",
        items: [{ productId: p.id!, quantity: 1, price: 3900 }],
        card: testCard("success"),
      },
      { ip: "198.51.100.40" },
    );
  const paid = await order();
  expect(paid.ok).toBe(true);

  expect(await archiveProduct(p.id!, true)).toMatchObject({
    ok: true,
    message: "Hori hori archived: hidden from the shop",
  });
  expect(
    (await listProducts(parseListQuery(new URLSearchParams()))).map((x) => x.id),
  ).not.toContain(p.id);
  expect(await getProduct(p.id!)).toBeNull();
  const check = await checkCart({ ids: [p.id!] });
  expect(JSON.stringify(check)).not.toContain("Hori hori");
  const refused = await order();
  expect(refused).toMatchObject({ ok: false, code: "conflict" });
  expect(!refused.ok && "problems" in refused && refused.problems).toEqual([
    { kind: "removed", productId: p.id },
  ]);
  // The paid order keeps its line, and the product row is still there for it.
  expect(
    paid.ok && (await db().select().from(orderItems).where(eq(orderItems.orderId, paid.orderId))),
  ).toMatchObject([{ productId: p.id, name: "Hori hori", unitPrice: 3900 }]);

  expect(await archiveProduct(p.id!, false)).toMatchObject({
    ok: true,
    message: "Hori hori restored to the shop",
  });
  expect((await getProduct(p.id!))?.product.name).toBe("Hori hori");
  expect(await order()).toMatchObject({ ok: true });
  expect(await archiveProduct("no-such-product", true)).toMatchObject({
    ok: false,
    code: "not-found",
  });
  expect(await archiveProduct("../x", true)).toMatchObject({ ok: false, code: "not-found" });
});

test("pictures added to a product go after its drawn ones; removing an uploaded one deletes its files, a drawn one only leaves the list", async () => {
  const p = buildProduct({ name: "Kete", images: ["/images/products/kete"] });
  await db().insert(products).values(p);
  const pictures = async () =>
    (await db().select().from(products).where(eq(products.id, p.id!)))[0]!.images;

  expect(
    await addProductPictures(p.id!, [await photo("kete-side.webp", { type: "image/webp" })]),
  ).toMatchObject({
    ok: true,
    message: "Picture added",
  });
  const [drawn, uploaded] = await pictures();
  expect(drawn).toBe("/images/products/kete");
  expect(uploaded).toMatch(new RegExp(`^/uploads/products/${p.slug}-[0-9a-f]{6}$`));
  const file = `${uploaded!.split("/").pop()}-400.webp`;
  expect((await pictureRequest(file)).status).toBe(200);

  // Refused with a reason: nothing chosen, not a picture, more than a product holds.
  expect(await addProductPictures(p.id!, [])).toMatchObject({
    ok: false,
    fieldErrors: { pictures: "Choose a picture to add." },
  });
  expect(await addProductPictures(p.id!, ["not a file"])).toMatchObject({
    ok: false,
    code: "invalid",
  });
  await db()
    .update(products)
    .set({
      images: Array.from({ length: PICTURES_PER_PRODUCT }, (_, i) => `/images/products/kete-${i}`),
    })
    .where(eq(products.id, p.id!));
  expect(await addProductPictures(p.id!, [await photo()])).toMatchObject({
    ok: false,
    message: `A product can have at most ${PICTURES_PER_PRODUCT} pictures; it has ${PICTURES_PER_PRODUCT}.`,
  });
  await db()
    .update(products)
    .set({ images: [drawn!, uploaded!] })
    .where(eq(products.id, p.id!));
  expect(await addProductPictures("no-such-product", [await photo()])).toMatchObject({
    code: "not-found",
  });

  expect(await removeProductPicture(p.id!, "/uploads/products/someone-elses")).toMatchObject({
    code: "not-found",
  });
  expect(await removeProductPicture(p.id!, uploaded)).toMatchObject({
    ok: true,
    message: "Picture removed",
  });
  expect(await pictures()).toEqual([drawn]);
  expect((await pictureRequest(file)).status).toBe(404);
  expect(
    await db().select().from(productPictures).where(eq(productPictures.productId, p.id!)),
  ).toEqual([]);
  expect(await removeProductPicture(p.id!, drawn)).toMatchObject({ ok: true });
  expect(await pictures()).toEqual([]);
});
