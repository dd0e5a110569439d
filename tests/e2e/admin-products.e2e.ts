// The shop's admin side (issue 19) in Chromium: an admin adds a product with a photo at 1280 px and
// finds it in the shop with its picture; archives it (gone from the shop) and restores it; finds
// products by name, category and low stock on a 390 px phone with nothing running off the side;
// and sees this week's figures on the admin home. Axe checks the new pages at both widths.
import type { Page } from "playwright-core";
import sharp from "sharp";
import { formatMoney } from "#app/lib/money.ts";
import { axeViolations } from "./axe.ts";
import { DESKTOP, expect, PHONE, test, toastShown } from "./fixtures.ts";
import { signedInAdmin } from "./members.ts";

// One of the three admin addresses; this file only looks and acts as admin@, as shop does.
const ADMIN = "admin@example.com";

/** A photo-like JPEG: a landscape frame with a shape off-centre. */
async function photo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <defs><linearGradient id="g" x2="0" y2="1"><stop offset="0" stop-color="#b9d3a5"/><stop offset="1" stop-color="#4c7a3d"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <ellipse cx="980" cy="640" rx="330" ry="260" fill="#8a4b2d"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test("an admin adds a product with a photo at 1280 px, sees it in the shop, archives and restores it", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  const stamp = Date.now();
  const name = `Kānuka Smoker Chips ${stamp}`;
  const slug = `kanuka-smoker-chips-${stamp}`;
  await signedInAdmin(page, ADMIN);

  await page.goto("/admin/products");
  await page.getByRole("link", { name: "Add a product" }).click();
  await page.getByRole("heading", { name: "Add a product", level: 1 }).waitFor();
  expect(await axeViolations(page), "/admin/products/new").toEqual([]);

  // A mistake first: the form keeps what was typed and says what is wrong.
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Category").selectOption("Tools");
  await page.getByLabel("Price (US$, incl. GST)").fill("12.5O");
  await page.getByLabel("Stock").fill("3");
  await page.getByLabel("Summary").fill("Kānuka wood chips for a smoker or a hāngī-style pit.");
  await page
    .getByLabel("Description")
    .fill("Dried kānuka from the Wairarapa.\n\nA 2 kg bag fills a home smoker about ten times.");
  await page.getByLabel("Pictures").setInputFiles({
    name: "chips.jpg",
    mimeType: "image/jpeg",
    buffer: await photo(),
  });
  await page.getByRole("button", { name: "Add product" }).click();
  // Said in the error summary at the form's top and at the field (issue 39).
  await page.getByTestId("error-summary").getByText("Enter a price like 24.90").waitFor();
  await page.locator("#price-error").getByText("Enter a price like 24.90").waitFor();
  expect(await page.getByLabel("Name").inputValue()).toBe(name);
  expect(await page.getByLabel("Price (US$, incl. GST)").getAttribute("aria-invalid")).toBe("true");

  await page.getByLabel("Price (US$, incl. GST)").fill("12.50");
  // Put right, the field's message goes at once: no stale error under a filled-in field (issue 39).
  // The summary says what the last answer refused until the form is sent again (as GOV.UK's does).
  await expect.poll(() => page.locator("#price-error").count()).toBe(0);
  expect(await page.getByLabel("Price (US$, incl. GST)").getAttribute("aria-invalid")).toBeNull();
  await page.getByLabel("Pictures").setInputFiles({
    name: "chips.jpg",
    mimeType: "image/jpeg",
    buffer: await photo(),
  });
  await page.getByRole("button", { name: "Add product" }).click();
  await page.waitForURL(`**/admin/products/${slug}`);
  await toastShown(page, `${name} added`);
  expect(await page.getByTestId("product-status").innerText()).toContain("3 in stock (low)");
  expect(await axeViolations(page), "/admin/products/{id}").toEqual([]);

  // In the shop: its own page with its price and picture (AVIF or WebP, square, loaded).
  await page.getByRole("link", { name: "See it in the shop" }).click();
  await page.getByRole("heading", { name, level: 1 }).waitFor();
  await page.getByText(formatMoney(1250)).first().waitFor();
  const picture = page.locator(`img[src^="/uploads/products/${slug}-"]`).first();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThanOrEqual(400);
  expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
    new RegExp(`/uploads/products/${slug}-[0-9a-f]{6}-(400|800)\\.(avif|webp)$`),
  );
  // And in its category's listing (the page cache keeps a listing for a few seconds).
  await expect
    .poll(
      async () => {
        await page.goto("/products?category=Tools");
        return page.getByRole("link", { name }).count();
      },
      { timeout: 20_000, interval: 1_000 },
    )
    .toBeGreaterThan(0);

  // Archived: hidden from the shop; restored: back.
  await page.goto(`/admin/products/${slug}`);
  await page.getByRole("button", { name: "Archive this product" }).click();
  await page.getByText("Archived: hidden from the shop").first().waitFor();
  expect((await page.request.get(`/product/${slug}`)).status()).toBe(404);
  await page.getByRole("button", { name: "Restore to the shop" }).click();
  await page.getByRole("link", { name: "See it in the shop" }).waitFor();
  expect((await page.request.get(`/product/${slug}`)).status()).toBe(200);

  // A second picture on the product's own page, then taken away again.
  const pictures = page.getByRole("region", { name: "Pictures" }).getByRole("img");
  expect(await pictures.count()).toBe(1);
  await page.getByLabel("New pictures").setInputFiles({
    name: "chips-bag.jpg",
    mimeType: "image/jpeg",
    buffer: await photo(),
  });
  await page.getByRole("button", { name: "Add pictures" }).click();
  await toastShown(page, "Picture added");
  await expect.poll(() => pictures.count()).toBe(2);
  await page.getByRole("button", { name: "Remove picture 2" }).click();
  await expect.poll(() => pictures.count()).toBe(1);
});

test("on a 390 px phone the product list finds by name, category and low stock, nothing runs off the side", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signedInAdmin(page, ADMIN);
  await page.goto("/admin/products");
  await page.getByRole("heading", { name: "Products", level: 1 }).waitFor();
  expect(await noSidewaysScroll(page)).toBe(true);
  expect(await axeViolations(page), "/admin/products at 390 px").toEqual([]);

  const rows = page.getByTestId("admin-products").getByRole("row");
  /** Every row listed, once the list shows the new search. */
  const everyRow = (match: (text: string) => boolean) =>
    expect
      .poll(async () => {
        const texts = await rows.allInnerTexts();
        return texts.length > 0 && texts.every(match);
      })
      .toBe(true);

  await page.getByLabel("Name").fill("trowel");
  await page.getByRole("button", { name: "Find" }).click();
  await page.waitForURL(/q=trowel/);
  await everyRow((t) => t.toLowerCase().includes("trowel"));
  expect(await noSidewaysScroll(page)).toBe(true);

  await page.getByLabel("Name").fill("");
  await page.getByLabel("Category").selectOption("Seeds");
  await page.getByRole("button", { name: "Find" }).click();
  await page.waitForURL(/category=Seeds/);
  await everyRow((t) => t.includes("Seeds"));
  expect(await noSidewaysScroll(page)).toBe(true);

  // Low stock, flagged in words: every product on sale with at most LOW_STOCK left.
  await page.getByLabel("Category").selectOption("");
  await page.getByLabel("Show").selectOption("low-stock");
  await page.getByRole("button", { name: "Find" }).click();
  await page.waitForURL(/show=low-stock/);
  await expect
    .poll(async () => {
      const texts = await rows.allInnerTexts();
      return texts.every((t) => /· low/.test(t) && t.includes("On sale"));
    })
    .toBe(true);

  await page.goto("/admin/products?category=Seeds");
  // Each row opens its own edit page.
  const first = rows.first().getByRole("link");
  const productName = await first.innerText();
  await first.click();
  await page.getByRole("heading", { name: productName, level: 1 }).waitFor();
  expect(await noSidewaysScroll(page)).toBe(true);
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`the admin home shows this week's figures at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signedInAdmin(page, ADMIN);
    await page.goto("/admin");
    await page.getByRole("heading", { name: "This week", exact: true }).waitFor();
    for (const id of ["orders-this-week", "revenue-this-week", "waitlist-this-week", "low-stock"])
      await page.getByTestId(id).waitFor();
    expect(await page.getByTestId("revenue-this-week").innerText()).toMatch(/\d\.\d\d$/);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await axeViolations(page), `/admin at ${viewport.width} px`).toEqual([]);
  });
}
