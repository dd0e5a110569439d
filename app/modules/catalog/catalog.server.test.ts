// The catalogue on a real database, seeded exactly as `npm start` seeds it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { products } from "#db/schema/index.ts";
import { seedDemoData } from "#db/seed-data.ts";
import { buildProduct, catalogueProducts } from "#tests/factories/products.ts";
import { openTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";
import { db } from "#app/lib/db.server.ts";
import { CATEGORIES, parseListQuery } from "./catalog.schema.ts";
import { checkCart } from "./check-cart.server.ts";
import { getProduct } from "./get-product.server.ts";
import { listProductDetails, listProducts } from "./list-products.server.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
  await seedDemoData(db(), t.settings);
});
afterAll(async () => {
  await t.close();
});

test("the seeded catalogue: about 20 products in the five categories, three kits, seeding twice changes nothing", async () => {
  await db().update(products).set({ stockQuantity: 1 }).where(eq(products.id, "hand-trowel"));
  await seedDemoData(db(), t.settings);
  const all = await listProducts(parseListQuery(new URLSearchParams()));
  expect(all.length).toBe(catalogueProducts().length);
  expect(all.length).toBeGreaterThanOrEqual(18);
  expect(new Set(all.map((p) => p.category))).toEqual(new Set(CATEGORIES));
  expect(all.slice(0, 3).map((p) => p.name)).toEqual([
    "Starter Grow Box Kit (0.5 m²)",
    "Family Grow Box Kit (1 m²)",
    "Abundance Grow Box Kit (2 m²)",
  ]);
  expect(all.find((p) => p.id === "hand-trowel")?.stockQuantity).toBe(1);
  for (const p of all) {
    expect(p.summary.length).toBeGreaterThan(20);
    expect(p.images[0]).toBe(`/images/products/${p.slug}`);
    // A grid carries the card's fields only: the long texts stay on the product's own page.
    expect(p).not.toHaveProperty("description");
  }
  const details = await listProductDetails(parseListQuery(new URLSearchParams()));
  for (const p of details) expect(p.description.length).toBeGreaterThan(150);
});

test("category filter and sorts; unknown parameters fall back", async () => {
  const seeds = await listProducts(
    parseListQuery(new URLSearchParams("category=Seeds&sort=price-desc")),
  );
  expect(seeds.every((p) => p.category === "Seeds")).toBe(true);
  const prices = seeds.map((p) => p.price);
  expect(prices).toEqual([...prices].sort((a, b) => b - a));
  expect(parseListQuery(new URLSearchParams("category=Nope&sort=random"))).toEqual({
    category: undefined,
    sort: "featured",
  });
  const byName = await listProducts(parseListQuery(new URLSearchParams("sort=name")));
  const names = byName.map((p) => p.name);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
});

test("a product page has related products; unknown and inactive ids are not found", async () => {
  const found = await getProduct("cos-lettuce-seeds");
  expect(found?.product.name).toBe("Cos Lettuce Seeds");
  expect(found?.related).toHaveLength(4);
  expect(found?.related.every((p) => p.category === "Seeds")).toBe(true);
  expect(await getProduct("no-such-thing")).toBeNull();
  // A product of this test's own, taken off sale: the seeded catalogue stays whole for the others.
  const hidden = buildProduct({ active: false });
  await db().insert(products).values(hidden);
  expect(await getProduct(hidden.id!)).toBeNull();
  const check = await checkCart({ ids: [hidden.id!, "garden-gloves"] });
  expect(check).toMatchObject({ ok: true, missing: [hidden.id] });
  expect(await checkCart({ ids: ["DROP TABLE"] })).toMatchObject({ ok: false });
});

test("stock can never go below zero, whatever writes it", async () => {
  await expect(
    db().update(products).set({ stockQuantity: -1 }).where(eq(products.id, "garden-gloves")),
  ).rejects.toThrow();
});
