// No press is lost before hydration (issue 20, ADR 030): the page's scripts are held back so that
// it is painted and pressable long before it hydrates; each control is pressed in that window, and
// once the scripts are let through, its effect happens exactly once. Links and forms that work
// without JavaScript are left alone. At 390 and 1280 px, on the public pages and the checkout.
import type { BrowserContext, Page } from "playwright-core";
import { DESKTOP, expect, PHONE, test } from "./fixtures.ts";

/**
 * A page whose JavaScript modules wait until `release()`: everything else (the document, its
 * inline scripts, the stylesheet, pictures) arrives at once, so the page is painted but not
 * hydrated. Not the fixture's page, whose goto waits for hydration.
 */
async function lateScripts(context: BrowserContext, viewport: { width: number; height: number }) {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js(\?.*)?$/, async (route) => {
    await gate;
    await route.continue();
  });
  return {
    page,
    errors,
    async open(path: string) {
      await page.goto(path, { waitUntil: "domcontentloaded" });
    },
    /** Lets the scripts through and waits until the page has hydrated. */
    async hydrate() {
      release();
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    },
  };
}

const notHydrated = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.hydrated === undefined);

for (const viewport of [PHONE, DESKTOP]) {
  test(`the cart button pressed before hydration opens the cart once it has, at ${viewport.width} px`, async ({
    context,
  }) => {
    const { page, errors, open, hydrate } = await lateScripts(context, viewport);
    await open("/");
    const cart = page.getByRole("button", { name: "Cart", exact: true });
    await cart.click();
    expect(await notHydrated(page)).toBe(true);
    // It shows that it has been heard.
    expect(await cart.getAttribute("aria-busy")).toBe("true");
    expect(await page.getByRole("dialog", { name: "Your Cart (0)" }).count()).toBe(0);
    await hydrate();
    await page.getByRole("dialog", { name: "Your Cart (0)" }).waitFor();
    expect(await cart.getAttribute("aria-busy")).toBeNull();
    expect(errors).toEqual([]);
  });

  test(`a plan card pressed before hydration flips once, at ${viewport.width} px`, async ({
    context,
  }) => {
    const { page, errors, open, hydrate } = await lateScripts(context, viewport);
    await open("/");
    const card = page.locator('[data-plan="0.5m2"]');
    await card.scrollIntoViewIfNeeded();
    // Twice: the card waits for the first press, the second is not counted (or it would flip back).
    await card.click({ position: { x: 40, y: 40 } });
    await card.click({ position: { x: 40, y: 40 } });
    expect(await card.getAttribute("aria-busy")).toBe("true");
    expect(await card.getAttribute("data-flipped")).toBe("false");
    // "See what's included" on another card: a button inside a pressable card is its own press.
    const other = page
      .locator('[data-plan="2m2"]')
      .getByRole("button", { name: /^See what's included/ });
    await other.click();
    await hydrate();
    // Replayed in order: the 0.5m2 card flipped, then the 2m2 card's button flipped that one
    // instead (one card is flipped at a time).
    await expect
      .poll(() => page.locator('[data-plan="2m2"]').getAttribute("data-flipped"))
      .toBe("true");
    expect(await card.getAttribute("data-flipped")).toBe("false");
    expect(await card.getAttribute("data-selected")).toBe("false");
    expect(await card.getAttribute("aria-busy")).toBeNull();
    expect(errors).toEqual([]);
  });

  test(`Add to cart pressed twice before hydration adds once, after the stepper's +, at ${viewport.width} px`, async ({
    context,
  }) => {
    const { page, errors, open, hydrate } = await lateScripts(context, viewport);
    await open("/product/family-grow-box-kit");
    const add = page.getByRole("button", { name: /^Add to cart: / }).first();
    const name = (await add.getAttribute("aria-label"))!.replace("Add to cart: ", "");
    // The stepper too: + pressed before hydration makes the quantity 2 before Add to cart runs.
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await add.click();
    await add.click();
    expect(await notHydrated(page)).toBe(true);
    expect(await add.getAttribute("aria-busy")).toBe("true");
    await hydrate();
    const dialog = page.getByRole("dialog", { name: "Your Cart (1)" });
    await dialog.waitFor();
    expect(await dialog.getByText(name).count()).toBeGreaterThan(0);
    expect(await page.getByLabel("Quantity", { exact: true }).inputValue()).toBe("2");
    await expect.poll(() => page.getByTestId("cart-badge").textContent()).toBe("2");
    expect(errors).toEqual([]);
  });

  test(`Add to cart on the product list, before hydration, adds one, at ${viewport.width} px`, async ({
    context,
  }) => {
    const { page, errors, open, hydrate } = await lateScripts(context, viewport);
    await open("/products");
    const add = page.getByRole("button", { name: /^Add to cart: / }).first();
    await add.click();
    await hydrate();
    await page.getByRole("dialog", { name: "Your Cart (1)" }).waitFor();
    await expect.poll(() => page.getByTestId("cart-badge").textContent()).toBe("1");
    expect(errors).toEqual([]);
  });
}

test("the menu button pressed before hydration opens the menu once it has, at 390 px", async ({
  context,
}) => {
  const { page, errors, open, hydrate } = await lateScripts(context, PHONE);
  await open("/products");
  const menu = page.getByRole("button", { name: "Open menu" });
  await menu.click();
  expect(await notHydrated(page)).toBe(true);
  expect(await menu.getAttribute("aria-busy")).toBe("true");
  await hydrate();
  await page.getByRole("dialog", { name: "Menu" }).waitFor();
  expect(await menu.getAttribute("aria-expanded")).toBe("true");
  await page.getByRole("navigation", { name: "Mobile" }).waitFor();
  expect(errors).toEqual([]);
});

test("a link pressed before hydration is followed at once, not held", async ({ context }) => {
  const { page, open } = await lateScripts(context, DESKTOP);
  await open("/products");
  const link = page.locator("[data-product] a").first();
  const href = (await link.getAttribute("href"))!;
  await link.click();
  await page.waitForURL((url) => url.pathname === href, { waitUntil: "commit" });
  expect(await notHydrated(page)).toBe(true);
});

test("a form that posts works before hydration as it did (the product filter's Apply)", async ({
  context,
}) => {
  const { page, open } = await lateScripts(context, DESKTOP);
  await open("/products");
  await page.getByLabel("Category").selectOption("Seedlings");
  await page.locator("button.until-hydrated").click();
  await page.waitForURL((url) => url.searchParams.get("category") === "Seedlings", {
    waitUntil: "commit",
  });
});

test("a select changed on /products before hydration is applied at once (the filter)", async ({
  context,
}) => {
  const { page, open } = await lateScripts(context, PHONE);
  await open("/products");
  await page.getByLabel("Category").selectOption("Seedlings");
  // No Apply pressed: the change itself submits the filter, as it does once hydrated.
  await page.waitForURL((url) => url.searchParams.get("category") === "Seedlings", {
    waitUntil: "commit",
  });
  await page.getByText(/ in Seedlings$/).waitFor();
  expect(await page.getByLabel("Category").inputValue()).toBe("Seedlings");
});

test("checkout has no step to press before hydration: its steps appear with it", async ({
  context,
}) => {
  const { page, open, hydrate } = await lateScripts(context, PHONE);
  await open("/checkout");
  await page.getByText("Loading...").waitFor();
  expect(await page.getByRole("button", { name: /^Continue to / }).count()).toBe(0);
  await hydrate();
  await page.getByRole("heading", { name: "Checkout" }).waitFor();
});

test("a pressed control whose node was replaced before hydration is found again by its key", async ({
  context,
}) => {
  const { page, errors, open, hydrate } = await lateScripts(context, PHONE);
  await open("/product/family-grow-box-kit");
  const add = page.getByRole("button", { name: /^Add to cart: / }).first();
  await add.click();
  // As React does when hydration fails and it draws the part again: a new node in the old one's
  // place (without the waiting mark), which is what gets hydrated.
  await add.evaluate((el) => {
    const fresh = el.cloneNode(true) as HTMLElement;
    fresh.removeAttribute("aria-busy");
    el.replaceWith(fresh);
  });
  await hydrate();
  await page.getByRole("dialog", { name: "Your Cart (1)" }).waitFor();
  await expect.poll(() => page.getByTestId("cart-badge").textContent()).toBe("1");
  expect(errors).toEqual([]);
});
